/* One game of `bones bot` (bot.h): a thread that, each time it is woken, reads the
 * table, and on the bot's turn tells the engine the game (GET /api/tables/ID/engine),
 * asks it for a move within the clock and posts it. An engine that fails or answers an
 * illegal move forfeits the game: the reason goes to the table's chat, then it resigns. */
#ifndef BONES_CLI_BOT_GAME_H
#define BONES_CLI_BOT_GAME_H

#include "bot.h"

/* Start g's thread (g->bot, id, token and seat set): false when it cannot start. */
bool bot_game_start(bot_game *g);
/* Wait for g's ended thread and free its slot. */
void bot_game_join(bot_game *g);

#endif /* BONES_CLI_BOT_GAME_H */
