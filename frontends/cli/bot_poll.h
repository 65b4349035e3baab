/* What `bones bot` does on each wake-up (bot.h): the open challenges to it accepted or
 * declined as --accept and --games say, and its games read from "my games" (POST
 * /api/mine with the session): a game not yet followed gets a thread (bot_game.h, after
 * a restart too), a game where it is the bot's turn is woken, ended threads are joined;
 * with --seek an open seek kept for each game while it has room, with --take-seeks
 * others' open seeks of its --accept taken. */
#ifndef BONES_CLI_BOT_POLL_H
#define BONES_CLI_BOT_POLL_H

#include "bot.h"

/* One look at the server; false when it could not be reached. Lock not held. */
bool bot_poll(bot *b);
/* Wake the thread of table id when the bot follows it; false when it does not (then
 * a look finds it). Lock not held. */
bool bot_poll_wake(bot *b, const char *id);
/* Join the tournaments of --tourney (each once per log-in; one joined already, or
 * started, is said and left). */
void bot_poll_join(bot *b);

#endif /* BONES_CLI_BOT_POLL_H */
