/* What only the tables' files share (frontends/web/tables): the collection of tables
 * (its lock, the agent queue and its workers, the clocks' thread, the site's hooks) and
 * the functions the files call one another by, file by file, each file calling only
 * those listed above its own section:
 *   web_clock.c, web_table.c (web_table.h), web_engine_seat.c, web_table_queue.c,
 *   web_match.c, web_table_start.c, web_table_make.c, web_table_commit.c, web_engine_move.c, web_play.c,
 *   web_table_cache.c, web_ticker.c, web_table_lease.c, web_table_create.c, web_owner.c, web_lobby.c,
 *   web_view.c, web_tables.c. */
#ifndef BONES_WEB_TABLE_INTERNAL_H
#define BONES_WEB_TABLE_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include "bones/registry.h"
#include "bones/tourney_engine.h"
#include "web_table.h"

/* A table set aside at start: its stored history does not replay or read. */
typedef struct web_damaged {
	char id[40], game[64], preset[64], why[200];
	int64_t created;
	bool unlisted;            /* a private table: not in the lobby even so */
	bool to_mark;             /* set aside at this start: marked in the store once */
} web_damaged;

#define WEB_SERVED_MAX 4 /* web_tables_serves's names */

struct web_tables {
	bones_registry *reg;      /* owned; plugins by id (lock for lookups) */
	web_store *store;         /* owned */
	web_table_hooks hooks;    /* the site's, fixed at the start */
	pthread_mutex_t lock;     /* guards tables[], count and reg */
	web_table **tables;       /* owned, creation order */
	size_t count, cap;
	pthread_mutex_t qlock;    /* guards the agent queue and stopping */
	pthread_cond_t qcond;
	web_table *qhead, *qtail;  /* tables with a human seat: first */
	web_table *lohead, *lotail; /* agents only: when no other table waits */
	int low_running;          /* agent-only tables being thought about */
	bool stopping;
	atomic_bool halt;         /* set with stopping: engines' replies are not awaited */
	atomic_bool engines_ready; /* the operator's engines are read (tourneys set) */
	pthread_t workers[8];
	int worker_count;
	int hints_running;        /* hints being computed (atomic) */
	pthread_t ticker;         /* the clocks' thread (web_ticker.c) */
	bool ticking;
	char clock_file[1024];    /* BONES_WEB_TEST_CLOCK: the time (ms) read from here */
	uint64_t epoch;           /* versions start at epoch << 32 (web_store_epoch) */
	pthread_mutex_t elock;    /* guards changes */
	pthread_cond_t echanged;  /* broadcast when changes grows */
	uint64_t changes;         /* any table's version bumped */
	web_damaged *damaged;     /* owned; tables set aside at start */
	size_t damaged_count;
	int person_cap;           /* web_tables_set_person_cap; fixed after the start */
	int64_t lease_ms;         /* a table's lease lasts this long unless renewed */
	char address[512];        /* where this process is reached (web_tables_advertise;
				   * ts->lock) */
	pthread_t leaser;         /* the lease thread (web_table_lease.c), PostgreSQL only */
	pthread_t listener;       /* hears the other processes' changes (LISTEN) */
	bool leasing;
	uint64_t heard;           /* of changes, those another process made (elock) */
	uint64_t added;           /* tables that came into memory so far (lock) */
	struct web_elsewhere *elsewhere; /* owned: tables other processes serve, each known
				   * a third of a lease (web_table_cache.c; lock) */
	struct {                  /* web_tables_serves's answers, each kept a while (lock) */
		char what[24];
		char address[512];
		bool mine;
		int64_t at;
	} served[WEB_SERVED_MAX];
};

#define WEB_MAX_TABLES 100000 /* in memory at once (live, and ended ones read back) */
#define WEB_KEEP_MS (5 * 60 * 1000) /* an ended table unheld this long leaves memory (and
				     * one idle past WEB_IDLE_MS without a clock) */
#define WEB_ENDED_KEPT 64     /* ended tables kept in memory at most: the least recently
			       * read back go first */
#define WEB_PERSON_TABLES 16  /* running tables with a person's seat one address may
			       * create, unless `bones serve --tables-per-address` says */
#define WEB_WATCH_MS 60000    /* agents-only tables play this long after the last look */
#define WEB_AGENT_ONLY_PER_ADDRESS 4 /* running agents-only tables one address may create */
#define WEB_ENGINE_TABLES_PER_ADDRESS 2 /* running engine tables one address may create */
#define WEB_ENGINE_TABLES 16  /* running tables with an engine seat in all (processes) */
#define WEB_ENGINE_TABLE_MS 10000 /* an engine's time per move at a table without one */
#define WEB_ABORT_MS (2 * 60 * 1000) /* a timed game nobody starts is aborted after */
#define WEB_LEASE_MS 6000     /* a table's lease (several processes on PostgreSQL),
			       * renewed every third of it; BONES_WEB_LEASE_MS for tests */
#define WEB_IDLE_MS (30 * 60 * 1000) /* a table this long without a move counts against no
				      * cap, and its engines' processes stop (restarted, told
				      * the game so far, at their next move) */

/* ---- web_clock.c ---- */
/* Whether t has not moved for WEB_IDLE_MS by now. t->lock held. */
bool web_clock_idle(const web_table *t, int64_t now);

/* ---- web_table.c (and web_table.h) ---- */
/* The agents of this game think at most WEB_AGENT_SECONDS a move. */
void web_table_limit_agents(web_table *t);
/* The game is over for good: the store says so once (the next start leaves it there,
 * the lobby lists it from there). Lock held. */
void web_table_mark_ended(web_tables *ts, web_table *t);

/* ---- web_engine_seat.c ---- */
/* An engine seat's process and what it has been told. */
struct web_engine_seat {
	bones_tourney_engine *proc; /* NULL: started at the seat's next move */
	size_t sent;                /* history entries the process has seen */
	bool told;                  /* it has had its `new` */
	bool busy;                  /* a worker uses proc outside the table's lock */
};
/* seat's engine seat (made when first asked for; NULL: out of memory). Lock held. */
struct web_engine_seat *web_engine_seat_of(web_table *t, int seat);
/* A spec "NAME MS": NAME into name, the time per move returned. */
int64_t web_engine_seat_ms(const char *spec, char *name, size_t cap);
/* The command of the operator's engine name (the site's hook), or NULL with why. */
const char *web_engine_seat_command(web_tables *ts, const char *name, char *why, size_t cap);
/* Whether name is one of the operator's engines (bones serve --engines); when not, why
 * says so. */
bool web_engine_seat_listed(web_tables *ts, const char *name, char *why, size_t cap);
/* A table seat of kind "engine": its stored spec for the operator's engine name with
 * ms per move, into spec. */
void web_engine_seat_spec(const char *name, int64_t ms, char *spec, size_t cap);
/* Stop the engine processes of every table idle by now. */
void web_engine_seat_stop_idle(web_tables *ts, int64_t now);

/* ---- web_table_queue.c ---- */
/* Whether an agent or an engine seat is to move (the game not over). Lock held. */
bool web_table_queue_wanted(const web_table *t);
/* Put t in the agent queue when an agent seat is to move. t->lock held. */
void web_table_queue_add(web_tables *ts, web_table *t);
/* The next table to think about, waiting for one (low: an agents-only one, counted
 * until web_table_queue_done); NULL when the server stops. */
web_table *web_table_queue_next(web_tables *ts, bool *low);
void web_table_queue_done(web_tables *ts, bool low);

/* ---- web_match.c ---- */
/* Count a match's game over and keep its record, once. Lock held. */
void web_match_count(web_table *t);
/* The match's totals by participant as the view's "match" member. */
void web_match_json(const web_table *t, web_buf *out, bool *first);

/* ---- web_table_start.c ---- */
/* Whether the clock waits: a seat is open, or no player has moved in this game. */
bool web_table_start_waits(const web_table *t);
/* Whether the game may be aborted: not over, and a seat has not made a first move. */
bool web_table_start_abortable(const web_table *t);
/* Abort the game (stored first) for who (the log's words); false with err saying why
 * (not abortable, not saved). The caller then calls web_table_commit_advance. Lock
 * held. */
bool web_table_start_abort(web_tables *ts, web_table *t, const char *who, char *err,
			   size_t errcap);
/* Whether the server aborts it now: timed, every seat taken, a person to move who has
 * not made a first move, nothing played for WEB_ABORT_MS. Lock held. */
bool web_table_start_overdue(const web_table *t, int64_t now);

/* ---- web_table_make.c ---- */
/* A table for row: its bones_table (game, agents, clock, match) not yet played; NULL
 * with err saying why. Freed by web_table_free (NULL is fine) until web_tables_add
 * takes it (false: too many tables). */
web_table *web_table_new(web_tables *ts, const web_table_row *row, char *err, size_t errcap);
void web_table_free(web_table *t);
/* The table a stored row and its history make (the start's and web_tables_find's
 * path), not yet added; NULL with why when it does not replay. */
web_table *web_table_rebuild(web_tables *ts, const web_table_row *row, char **moves,
			     size_t count, const web_stored_game *done, size_t done_count,
			     char *why, size_t cap);

/* ---- web_table_commit.c ---- */
/* Commit the history entries past t->stored; on failure take them back and say so in
 * r (500). Then the clock and the match go on (web_table_commit_tick,
 * web_table_commit_advance). t->lock held. Bumps the version and wakes waiters either
 * way. */
bool web_table_commit(web_tables *ts, web_table *t, web_result *r);
/* Advance t's clock to now (bones_table_tick): penalties and a forfeit are stored and
 * logged; true when something changed. t->lock held. */
bool web_table_commit_tick(web_tables *ts, web_table *t, int64_t now);
/* After seat's move has been committed and ticked, with a per-game bank: store the
 * seat's time left, so that a restart keeps it (a failure is logged; the move stands). */
void web_table_commit_bank(web_tables *ts, web_table *t, int seat);
/* A game over: rated once (the site's hook) and its engines stopped; in a match it is
 * counted, its record kept and, unless an agent or a hint is thinking, stored and the
 * next game started. t->lock held. */
void web_table_commit_advance(web_tables *ts, web_table *t);

/* ---- web_engine_move.c ---- */
/* When an engine seat is to move: its move (or forfeit), true; false otherwise. Lock
 * not held; t is queued. */
bool web_engine_move(web_tables *ts, web_table *t);

/* ---- web_play.c ---- */
/* The agent workers. */
void *web_play_worker(void *arg);

/* ---- web_table_cache.c ---- */
bool web_tables_add(web_tables *ts, web_table *t);
/* After a rebuild: a crash between a move and its chance resolved and committed, a
 * match goes on, agents to move queued. Lock not held. */
void web_table_resume(web_tables *ts, web_table *t);
/* Table id read back from the store, held, when this process takes its lease (the
 * lease thread's take-over: what web_tables_find_at remembers of other processes is
 * not asked); NULL otherwise. */
web_table *web_tables_take_over(web_tables *ts, const char *id);
/* web_tables_put for each of n tables, under one lock. */
void web_tables_put_each(web_tables *ts, web_table *const *list, size_t n);
/* Tables that nobody holds leave memory (web_table_free): ended ones unheld for
 * WEB_KEEP_MS (or any, keep_ms 0) and past WEB_ENDED_KEPT the least recently read,
 * deleted ones, and running ones idle past WEB_IDLE_MS without a clock or a thinker.
 * They are read back from the store when asked for. Any thread may call it: whoever
 * keeps a table pointer outside ts->lock holds it (the agent queue: t->queued). */
void web_tables_let_go(web_tables *ts, int64_t now, int64_t keep_ms);

/* ---- web_ticker.c ---- */
/* The clocks' thread: every table's clock four times a second, once a minute the
 * engines of idle tables stopped, once a second the tables nobody holds let go. */
void *web_ticker_run(void *arg);

/* ---- web_table_lease.c ---- */
/* Leases on a PostgreSQL store (web_store_leases_start; nothing on SQLite): the lease
 * time read, the free tables' leases taken for the restore; 0, or 1 (err). */
int web_table_lease_start(web_tables *ts, char *err, size_t errcap);
/* The lease thread: renews, takes over the tables whose holder died (every half
 * second), and tells the
 * other processes of this one's changes (NOTIFY). */
void *web_table_lease_run(void *arg);
/* The listening thread: another process's change wakes the lobby's waiters here. */
void *web_table_lease_listen(void *arg);

#endif /* BONES_WEB_TABLE_INTERNAL_H */
