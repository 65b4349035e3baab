/* Analysis of finished tables on the server (web_analysis.c): `bones analyse` of the
 * table's record in a worker thread of its own, one per table and at most
 * WEB_ANALYSES_RUNNING at once, each move searched within the agents' budget; the
 * result kept in the store (table analyses), so a restart keeps it (docs/web.md). */
#ifndef BONES_WEB_ANALYSIS_H
#define BONES_WEB_ANALYSIS_H

#include "web_tables.h"

#define WEB_ANALYSES_RUNNING 2 /* analyses at once: the other tables' agents go on */
#define WEB_ANALYSIS_AGENT "mcts iterations=1000" /* each search, also bounded by
						   * WEB_AGENT_SECONDS */

typedef struct web_analyses web_analyses;

/* The analyses of ts, their store table created when missing; NULL when out of memory
 * or the store fails (err says why). BONES_WEB_ANALYSIS_AGENT replaces the agent's spec
 * (tests, a small server). */
web_analyses *web_analyses_create(web_tables *ts, char *err, size_t errcap);
/* Stops the running analyses (web_tables_stopping is already true) and waits for
 * them. NULL is a no-op. */
void web_analyses_destroy(web_analyses *a);

/* Start analysing t's game, which must be over (409 before), by anyone who may see the
 * table: 202 {"state": "running"}; 200 with the state when one runs or is done; 429
 * (field "busy") when WEB_ANALYSES_RUNNING run already. */
web_result web_analysis_start(web_analyses *a, web_table *t, web_buf *out);
/* {"state": "none" | "running" | "done" | "failed", "done", "total" (while running),
 * "agent", "moves": [{"n", "seat", "played", "preferred", "win_before", "win_after",
 * "margin_before", "margin_after", "forced", "verdict"}], "error" (failed)}. */
web_result web_analysis_json(web_analyses *a, web_table *t, web_buf *out);
/* The picture (SVG) seat sees of the finished game before history entry `at` (from 0)
 * with move (its notation there) drawn as a ghost: the analysis' preferred move. 409
 * while the game runs, 422 for no such position or move. */
web_result web_analysis_ghost_svg(web_table *t, int seat, long at, const char *move,
				   int width, int height, web_buf *out);

#endif /* BONES_WEB_ANALYSIS_H */
