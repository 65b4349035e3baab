/* Bot accounts (docs/web.md, "Bots"): the names of the accounts created with "bot":
 * true, kept in memory from the store, so that a view, a ladder and a player's page
 * mark bots without asking the store about every name. */
#ifndef BONES_WEB_BOTS_H
#define BONES_WEB_BOTS_H

#include <stdbool.h>

#include "web_json.h"
#include "web_tables.h"

typedef struct web_bots web_bots;

/* The bot accounts of st's database. NULL: out of memory. */
web_bots *web_bots_create(web_store *st);
void web_bots_destroy(web_bots *b);
/* Whether name (any case) is a bot account. */
bool web_bots_is(web_bots *b, const char *name);
/* A new bot account (stored already); false when out of memory. */
bool web_bots_add(web_bots *b, const char *name);
/* The view's member "bots": [seat, ...] (from 1), the seats of t's game that a bot
 * account holds under its name; nothing when none does. t->lock held. */
void web_bots_view_json(web_bots *b, const web_table *t, web_buf *out, bool *first);

#endif /* BONES_WEB_BOTS_H */
