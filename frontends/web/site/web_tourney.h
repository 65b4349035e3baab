/* Tournaments on `bones serve` (docs/web.md, "Tournaments"): a tournament file (the
 * format `bones tourney` reads) posted by an account, people joining with their
 * accounts before the start, every game an ordinary table of the server, pairings,
 * standings, tiebreaks and the report from the tournament library (bones/tourney.h),
 * results in a results file per tournament next to the store. */
#ifndef BONES_WEB_TOURNEY_H
#define BONES_WEB_TOURNEY_H

#include <stdbool.h>

#include "web_json.h"
#include "web_tables.h"

typedef struct web_tourneys web_tourneys;

struct web_accounts;
/* ts gives the store, the clock and the tables; accounts get the seats of tournament
 * games. NULL: out of memory. */
web_tourneys *web_tourneys_create(web_tables *ts, struct web_accounts *accounts);
/* The command of the operator's engine name, or NULL when it lists none (w NULL: no
 * engines yet). */
const char *web_tourneys_engine_command(const web_tourneys *w, const char *name);
/* Read the operator's engines (engines: an INI file of [engine.NAME] command = ...,
 * NULL: none), watch the `bones tourney --live` output folder watch (NULL: none) and
 * start the thread that pairs rounds and collects results (resuming
 * running tournaments). False when the file is bad: err names its line. */
bool web_tourneys_start(web_tourneys *w, const char *engines, const char *watch, char *err,
			size_t errcap);
/* The operator's engines as a JSON array [{"name"}] (the server's players). */
void web_tourneys_engines_json(const web_tourneys *w, web_buf *out);
void web_tourneys_destroy(web_tourneys *w);
struct web_table;
/* The view's member "tournament": {"id", "round" (from 1), "link"} when t is a game of
 * a tournament of ts's store (true), else nothing (false). t->lock held. */
bool web_tourneys_view_json(web_tables *ts, const struct web_table *t, web_buf *out,
			    bool *first);

/* One tournament request: path under /api/tournaments, the session cookie's token. */
typedef struct web_tourney_call {
	const char *method, *path, *session;
	const char *client;   /* the client's address ("" unknown) */
	const char *type;     /* out: the reply's Content-Type (JSON unless a download) */
} web_tourney_call;

/* Whether path (under /api/) is a tournament route. */
bool web_tourneys_route(const char *path);
/* Answer a tournament route; body is the parsed JSON object or NULL. */
web_result web_tourneys_handle(web_tourneys *w, web_tourney_call *call, const web_json *body,
			       web_buf *out);

#endif /* BONES_WEB_TOURNEY_H */
