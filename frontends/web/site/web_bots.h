/* Bot accounts (docs/web.md, "Bots"): the names of the accounts created with "bot":
 * true, kept in memory from the store, so that a view, a ladder and a player's page
 * mark bots without asking the store about every name. */
#ifndef BONES_WEB_BOTS_H
#define BONES_WEB_BOTS_H

#include <stdbool.h>

#include "web_json.h"
#include "web_result.h"
#include "web_tables.h"

#define WEB_BOT_GAMES 8 /* games a bot account plays at once (bones serve --bot-games) */

typedef struct web_bots web_bots;

/* The bot accounts of st's database. NULL: out of memory. */
web_bots *web_bots_create(web_store *st);
void web_bots_destroy(web_bots *b);
/* Whether name (any case) is a bot account. */
bool web_bots_is(web_bots *b, const char *name);
/* Whether the server has any bot account. */
bool web_bots_any(web_bots *b);
/* A new bot account (stored already); false when out of memory. */
bool web_bots_add(web_bots *b, const char *name);
/* The games a bot account may play at once from now on (at least 1). */
void web_bots_set_games(web_bots *b, int games);
/* The running games whose seat account name holds (of its newest WEB_MINE_MAX). */
int web_bots_playing(web_bots *b, web_tables *ts, const char *name);
/* Whether a seek or challenge request (method path body) of account (NULL: none) would
 * give a bot account a game over its cap: a challenge to a bot, a bot's challenge, its
 * acceptance of one, a bot's seek or its taking of one. 200 when it would not, else
 * 409 naming the bot and the cap. Tournaments are not capped: their organiser seats
 * the bot. */
web_result web_bots_may_find(web_bots *b, web_tables *ts, const char *method,
			     const char *path, const char *account, const web_json *body);
/* The view's member "bots": [seat, ...] (from 1), the seats of t's game that a bot
 * account holds under its name; nothing when none does. t->lock held. */
void web_bots_view_json(web_bots *b, const web_table *t, web_buf *out, bool *first);

#endif /* BONES_WEB_BOTS_H */
