/* `bones bot`'s calls to the server with the bot account's session (bot.h): the log-in,
 * and any route, logging in again once when the session has gone (a 401). */
#ifndef BONES_CLI_BOT_API_H
#define BONES_CLI_BOT_API_H

#include "bot.h"

/* POST /api/login: the session cookie into b->cookie. The reply's status (200), 0 when
 * the server could not be reached; why says what went wrong. */
int bot_api_login(bot *b, char *why, size_t cap);
/* method path with the session, a seat's token (NULL: none) and a JSON body (NULL:
 * none) into reply (released by the caller). */
void bot_api_call(bot *b, const char *method, const char *path, const char *token,
		  const char *body, bot_http_reply *reply);
/* POST path {"key": value} with the session and a seat's token into reply (released by
 * the caller). */
void bot_api_post(bot *b, const char *path, const char *token, const char *key,
		  const char *value, bot_http_reply *reply);
/* reply's body parsed into doc (released by the caller when true). */
bool bot_api_json(const bot_http_reply *reply, web_json_doc *doc);
/* The session's headers ("Cookie: ...\r\n"), for a stream. */
void bot_api_headers(bot *b, const char *token, char *out, size_t cap);
/* A member's number, or fallback when absent or no number. */
double bot_api_number(const web_json *obj, const char *key, double fallback);

#endif /* BONES_CLI_BOT_API_H */
