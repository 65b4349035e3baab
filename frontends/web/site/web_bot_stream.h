/* A bot's own event stream, GET /api/bot/stream (docs/web.md, "Bots"): what changed for
 * one bot account since the stream last looked, as Server-Sent Events. The HTTP layer's
 * event streams (web_conn.c) wake it on any change of the server and send what it
 * writes; only the account's session opens it, so only the account hears it. */
#ifndef BONES_WEB_BOT_STREAM_H
#define BONES_WEB_BOT_STREAM_H

#include "web_json.h"
#include "web_result.h"
#include "web_site.h"

typedef struct web_bot_watch web_bot_watch;

/* A watch for the bot account of session into *out (freed with
 * web_bot_watch_destroy): 200, or 401 without a session, 403 when its account is not
 * a bot, 500 out of memory; the result says why. */
web_result web_bot_watch_create(web_site *site, const char *session, web_bot_watch **out);
void web_bot_watch_destroy(web_bot_watch *w);
/* The events since the last call, appended to out ("event: NAME\ndata: {...}\n\n"
 * each; nothing when nothing changed for the account); the first call tells what is
 * open now. Events: "challenge" {"id", "from", "game"} (an open challenge to the
 * bot), "challenge_gone" {"id", "state"} (accepted, declined, cancelled, expired),
 * "game_start" {"table", "seat"}, "turn" {"table", "seat"}, "game_over" {"table",
 * "seat"}, and "seeks" {"open": N} when the server's open seeks changed. One caller at
 * a time. */
void web_bot_watch_events(web_bot_watch *w, web_buf *out);

/* Whether session (NULL: none) is a bot account's; its name into name (cap bytes)
 * then. The HTTP layer limits a bot's requests by its name as well as by its address,
 * and refuses its session in a browser. */
bool web_bot_session(web_site *site, const char *session, char *name, size_t cap);

#endif /* BONES_WEB_BOT_STREAM_H */
