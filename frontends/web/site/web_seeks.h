/* Seeks (docs/web.md, "Finding a game"): a logged-in person asks for a game (game or
 * preset, options, time control); as soon as enough people have asked for the same one,
 * a table seats them all by their accounts' names. Open seeks are listed for everyone,
 * and one click takes one. Kept in memory: a restart forgets the open ones. */
#ifndef BONES_WEB_SEEKS_H
#define BONES_WEB_SEEKS_H

#include <stdbool.h>

#include "web_accounts.h"
#include "web_tables.h"

#define WEB_SEEKS_MAX 256          /* open and recently paired seeks kept */
#define WEB_SEEKS_PER_ACCOUNT 3    /* open seeks one account may have */
#define WEB_SEEK_MS (15 * 60 * 1000) /* an open seek lasts this long; a paired one is
				      * kept as long for its owner to find its table */

typedef struct web_seeks web_seeks;

web_seeks *web_seeks_create(web_tables *ts, web_accounts *a);
void web_seeks_destroy(web_seeks *s);

/* Whether path (under /api/) is a seek route: /api/seeks[/ID[/accept|/cancel]]. */
bool web_seeks_route(const char *path);
/* A seek route for the account name (NULL: not logged in: 401 but for GET /api/seeks)
 * with the request body body (NULL: none):
 * - POST /api/seeks {"game", "options", "time"}: 201 {"id", "state": "open"} or, when
 *   it completes a table, 201 {"id", "state": "paired", "table", "link"};
 * - GET /api/seeks: {"seeks": [open seeks: {"id", "name", "game", "preset", "options",
 *   "time", "players", "waiting"}], "mine": [the account's, with "state", "table",
 *   "link"]};
 * - GET /api/seeks/ID: that seek (its owner sees "table" and "link");
 * - POST /api/seeks/ID/accept: the account asks for the same game as that open seek;
 * - POST /api/seeks/ID/cancel: its owner withdraws it. */
web_result web_seeks_handle(web_seeks *s, const char *method, const char *path,
			    const char *name, const web_json *body, web_buf *out);

#endif /* BONES_WEB_SEEKS_H */
