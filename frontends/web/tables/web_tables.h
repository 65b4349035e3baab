/* The server's tables: creating them from a JSON request, moves and resignations by
 * seat, agents thinking in worker threads, and restoring every table from the store
 * at start. Thread-safe: HTTP threads and agent workers call in at once. */
#ifndef BONES_WEB_TABLES_H
#define BONES_WEB_TABLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "web_json.h"
#include "web_log.h"
#include "web_result.h"
#include "bones/registry.h"
#include "web_store.h" /* web_seat_ref */

typedef struct web_tables web_tables;
typedef struct web_table web_table;

/* Running tables with a person's seat that one address may create (0: no cap;
 * WEB_PERSON_TABLES until set). */
void web_tables_set_person_cap(web_tables *ts, int per_address);

/* What the site (frontends/web/site) adds to the tables, called by the tables' files
 * (calls go down: the tables know the site's modules only through these). Each may be
 * NULL. */
typedef struct web_table_hooks {
	void *site;
	/* t was restored at the start or read back from the store, and nobody else sees it
	 * yet: the site reads what it keeps on it (its chat). */
	void (*loaded)(void *site, web_tables *ts, web_table *t);
	/* The game at t is over (the rules' end, a resignation, a forfeit): rate it once.
	 * t->lock held. */
	void (*game_over)(void *site, web_tables *ts, web_table *t);
	/* The site's members of t's view for participant (-1: a spectator): chat, rematch.
	 * t->lock held. */
	void (*view)(void *site, const web_table *t, int participant, web_buf *out,
		     bool *first);
	/* t leaves memory: free what the site keeps on it (t->chat, t->rematch). */
	void (*freed)(void *site, web_table *t);
	/* The command of the operator's engine name (bones serve --engines), or NULL. */
	const char *(*engine_command)(void *site, const char *name);
	/* Whether a person's seat named name is a bot account's (the lobby marks it). */
	bool (*is_bot)(void *site, const char *name);
} web_table_hooks;

/* Open DIR's store (or PostgreSQL's at store_url, not NULL: web_store_open), load the
 * plugins, restore every table, start `workers` agent threads; hooks (copied) are the
 * site's. err names the file or table at fault. */
int web_tables_create(const char *dir, const char *store_url, int workers,
		      const web_table_hooks *hooks, web_tables **out, char *err,
		      size_t errcap);
/* The tables' store: the site's modules keep their rows there too. */
web_store *web_tables_store(web_tables *ts);
/* The plugins, under the collection's lock until web_tables_unlock_registry. */
bones_registry *web_tables_lock_registry(web_tables *ts);
void web_tables_unlock_registry(web_tables *ts);
/* Now for the clocks and every expiry (ms): the wall clock, or the test clock's file
 * (BONES_WEB_TEST_CLOCK). */
int64_t web_clock_now(const web_tables *ts);
/* The time of day (ms since 1970) for expiries kept across restarts: the wall clock,
 * or the test clock's file. */
int64_t web_clock_wall(const web_tables *ts);
/* Stops the workers and frees everything. NULL is a no-op. */
void web_tables_destroy(web_tables *ts);
/* Wake every waiter (SSE streams) so they can notice the shutdown. */
void web_tables_stop(web_tables *ts);
/* Stop, and wait for the agent workers and the clocks' thread to end: no table moves
 * and no hook but `freed` is called after it (the site's modules may go). */
void web_tables_halt(web_tables *ts);
bool web_tables_stopping(const web_tables *ts);

/* Create a table from a request body {"game", "options", "seats"} sent from address
 * client (its agents-only tables are counted: 429 past WEB_AGENT_ONLY_PER_ADDRESS), its
 * chance drawn from *seed (a tournament's deal) or, with NULL, from a fresh random one;
 * on success the reply (ids and invitation links) goes to out. account (NULL: none) is
 * the logged-in creator's name: the first person's seat that is not open takes it. */
web_result web_table_create(web_tables *ts, const web_json *req, const char *client,
			    const char *account, const uint64_t *seed, web_buf *out);
/* The row a create request would make (game, preset, options, time, the seats it
 * names or the preset's), nothing created: 200, else the 400 web_table_create would
 * answer. */
web_result web_table_check(web_tables *ts, const web_json *req, web_table_row *row);
/* Whether id names a table set aside at start (its history does not replay). */
bool web_tables_damaged(web_tables *ts, const char *id);
/* Something the lobby shows changed (a seek, a challenge): its waiters wake. */
void web_tables_notify(web_tables *ts);
/* How many changes so far (any table's, the lobby's): grows with each. */
uint64_t web_tables_change_count(web_tables *ts);
/* Wait until some table changed since `seen` (a count), at most ms; returns the count. */
uint64_t web_tables_changes(web_tables *ts, uint64_t seen, int ms);

/* Delete t (web_owner.c) for the holder of its owner token (the create reply's
 * "owner"; else 403) while no player has moved (else 409): gone from the store, the
 * lobby and every route. */
web_result web_owner_delete(web_tables *ts, web_table *t, const char *token);
/* "My games" (web_owner.c): for {"tables": [{"id", "token", "owner"}, ...]} (at most
 * WEB_MINE_MAX; a seat token, an owner token or both) the tables whose token matches,
 * {"tables": [{"id", "game", "preset", "created", "seat", "over", "my_turn", "moves",
 * "deletable", "names"}]}, those where it is the seat's turn first, then the running,
 * then the finished ones, newest first in each. Unknown ids and tokens are left out. */
#define WEB_MINE_MAX 100
/* A seat of an account's (web_accounts.c): "my games" adds them to the request's. */
web_result web_owner_mine_json(web_tables *ts, const web_json *req, const web_seat_ref *extra,
			       size_t extra_count, web_buf *out);

/* The lobby: every table, newest first, with public facts only. */
void web_lobby_json(web_tables *ts, web_buf *out);

/* A table by id, held for the caller (read back from the store when it is not in
 * memory: an ended table, or one let go while idle), or NULL when there is none or it
 * does not replay (logged). Every table found is given back with web_tables_put. */
web_table *web_tables_find(web_tables *ts, const char *id);
/* web_tables_find, and when another process on the same PostgreSQL serves the table
 * (holds its lease): NULL with *elsewhere true and that process's address (its
 * --advertise URL; "" while it has none yet) into address (cap bytes; NULL: none). */
web_table *web_tables_find_at(web_tables *ts, const char *id, bool *elsewhere,
			      char *address, size_t cap);
/* Where this process is reached (bones serve --advertise, else its listen address):
 * other processes send its tables' requests there. */
void web_tables_advertise(web_tables *ts, const char *address);
/* Whether this process serves what (a name starting with '~': WEB_SERVES_FINDING, the
 * seeks and challenges; WEB_SERVES_TOURNEYS, the tournaments' driver), one process at a
 * time under a lease like a table's; when another does, its address into address (""
 * while it has none yet; address may be NULL). Always true on SQLite. The answer is
 * kept for a third of a lease. */
#define WEB_SERVES_FINDING "~finding"
#define WEB_SERVES_TOURNEYS "~tourneys"
bool web_tables_serves(web_tables *ts, const char *what, char *address, size_t cap);
/* The caller holds t no more (NULL is fine): it may leave memory later. */
void web_tables_put(web_tables *ts, web_table *t);
/* One more holder of t, which the caller already holds (web_tables_find's). */
void web_table_hold(web_tables *ts, web_table *t);

/* Make seat an engine seat of the operator's engine name with ms per move (stored; the
 * tournament driver's: a request names an engine when it creates a table). Lock not
 * held. */
bool web_table_set_engine(web_tables *ts, web_table *t, int seat, const char *name,
			  int64_t ms, char *err, size_t errcap);
/* The operator's engines are read: the engine seats to move are queued. */
void web_tables_engines_ready(web_tables *ts);

/* The seat (0-based) whose token this is, or -1 (spectator). Constant time in the
 * token's contents. token may be NULL. */
int web_table_seat_of(web_table *t, const char *token);

/* seat below: the participant a token names (web_table_seat_of); in a match it sits
 * in another seat each game. */
/* Play move notation for seat (which must be to move); committed to the store before
 * it returns 200. */
web_result web_play_move(web_tables *ts, web_table *t, int seat, const char *text);
web_result web_play_resign(web_tables *ts, web_table *t, int seat);
/* End the game unplayed (never rated) while a seat has not made its first move; 409
 * once every seat has moved (resign then) or the game is over. */
web_result web_play_abort(web_tables *ts, web_table *t, int seat);
/* Undo requests: seat asks to take back its last move (with everything after it); the
 * other seat's "accept" takes it back (at once when every other seat is an agent), its
 * "decline" or the asker's "cancel" drops the request. action is one of "request",
 * "accept", "decline", "cancel". */
web_result web_play_undo(web_tables *ts, web_table *t, int seat, const char *action);

/* Take a free seat (seat from 0, or -1: the first free one) as name (a logged-in
 * person's account: as the account; no name: "Player N"): its token and invitation
 * link go to out. 409 when no such seat is free. */
web_result web_play_take_seat(web_tables *ts, web_table *t, int seat, const char *name,
			      const char *account, web_buf *out);
/* A hint for seat, which must be to move at a table created with hints: the move the
 * hint agent (BONES_HINT_AGENT, about a second) chooses from what the seat may see.
 * Runs in the caller's thread, outside the table's lock; at most two at once. */
web_result web_play_hint(web_tables *ts, web_table *t, int seat, web_buf *out);

/* Someone looks at t (a view, an event stream): a table of agents only plays while
 * someone has looked in the last minute, and pauses otherwise. */
void web_table_queue_watch(web_tables *ts, web_table *t);

/* Changes so far: grows with every move, resignation and undo. */
uint64_t web_table_version(web_table *t);

/* The engine protocol's lines (docs/formats.md, version 1.1) that tell seat's engine
 * the game so far, as that seat may see it: `new GAME OPTIONS seat=N seed=S`, then one
 * `play player N MOVE` or `play chance OUTCOME` per history entry, "\n" after each
 * (text for `bones bot`, GET /api/tables/ID/engine). 403 on token for a spectator. */
web_result web_engine_lines(web_table *t, int participant, web_buf *out);

/* The table as `seat` (-1 spectator) may see it, with a picture of width x height
 * (width 0: no picture, and legal moves without their places: for scripted clients),
 * at history index `at` (the position before entry at; -1 or past the end: now). A
 * past position (the replay) has no legal moves. */
web_result web_view_json(web_table *t, int seat, int width, int height, long at,
			 web_buf *out);
/* The picture (SVG) seat sees with its legal move (notation) drawn as a ghost; 409
 * when seat is not to move, 422 when the move is not legal. */
web_result web_view_ghost_svg(web_table *t, int seat, const char *move, int width,
			      int height, web_buf *out);
/* The record (text) of game K (from 1) of a match, or with K 0 of the game now at the
 * table when it is over, else of a match's last finished game; 409 while it runs, 404
 * for no game K. The same tags and result as the terminal's record of that game. */
web_result web_view_record(web_table *t, int game, web_buf *out);

#endif /* BONES_WEB_TABLES_H */
