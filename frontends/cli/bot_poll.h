/* What `bones bot` does on each wake-up (bot.h): the open challenges to it accepted or
 * declined as --accept and --games say, and its games read from "my games" (POST
 * /api/mine with the session): a game not yet followed gets a thread (bot_game.h, after
 * a restart too), a game where it is the bot's turn is woken, ended threads are joined. */
#ifndef BONES_CLI_BOT_POLL_H
#define BONES_CLI_BOT_POLL_H

#include "bot.h"

/* One look at the server; false when it could not be reached. Lock not held. */
bool bot_poll(bot *b);

#endif /* BONES_CLI_BOT_POLL_H */
