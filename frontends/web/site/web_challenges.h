/* Challenges (docs/web.md, "Finding a game"): a logged-in person asks another by name
 * for a game of two (game or preset, options, time control); the other accepts, and a
 * table seats them by their accounts' names, the challenger first, or declines; the
 * challenger may cancel while it is open. Kept in memory: a restart forgets them. */
#ifndef BONES_WEB_CHALLENGES_H
#define BONES_WEB_CHALLENGES_H

#include <stdbool.h>

#include "web_accounts.h"
#include "web_tables.h"

#define WEB_CHALLENGES_MAX 256            /* kept at once */
#define WEB_CHALLENGES_PER_ACCOUNT 5      /* open ones one account may have sent */
#define WEB_CHALLENGE_MS (15 * 60 * 1000) /* an open challenge lasts this long */

typedef struct web_challenges web_challenges;

web_challenges *web_challenges_create(web_tables *ts, web_accounts *a);
void web_challenges_destroy(web_challenges *c);

/* Whether path (under /api/) is a challenge route. */
bool web_challenges_route(const char *path);
/* A challenge route for the account name (NULL: 401):
 * - POST /api/challenges {"to", "game", "options", "time"}: 201 {"id", ...};
 * - GET /api/challenges: {"incoming": [...], "outgoing": [...]}, each {"id", "from",
 *   "to", "game", "options", "time", "state" (open, accepted, declined, cancelled), and
 *   once accepted "table" and the account's own "link"};
 * - POST /api/challenges/ID/accept (its "to"): {"table", "link"}; decline (its "to"),
 *   cancel (its "from"). */
web_result web_challenges_handle(web_challenges *c, const char *method, const char *path,
				 const char *name, const web_json *body, web_buf *out);

#endif /* BONES_WEB_CHALLENGES_H */
