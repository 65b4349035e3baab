/* What web_tables.c and web_view.c share about a table: not for the HTTP layer. */
#ifndef BONES_WEB_TABLE_INTERNAL_H
#define BONES_WEB_TABLE_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include "bones/agent.h"
#include "bones/registry.h"
#include "bones/session.h"
#include "bones/table.h"
#include "web_store.h"
#include "web_tables.h"

#define WEB_CHAT_BURST 5        /* lines one sender may write ... */
#define WEB_CHAT_WINDOW_MS 10000 /* ... in this long */
#define WEB_CHAT_TABLE_BURST 30 /* lines everyone together may write in that time */
#define WEB_CHAT_RECENT 32      /* the last lines' senders kept (> the table's burst) */
#define WEB_CHAT_CHARS 300      /* characters of a line */
#define WEB_CHAT_MAX 2000       /* lines a table keeps (the oldest go) */
#define WEB_CHAT_SHOWN 200      /* the last lines a view holds */

/* One table: a bones_table (the game, its seats' agents, clock, penalties, forfeit,
 * resignation, result, hints, undo and match) with its stored row and its lock. */
struct web_table {
	web_table_row row;        /* id, game, options, seats by participant, tokens as stored */
	const bones_plugin *plugin;
	web_tables *owner;        /* the collection: its store and clock */
	bones_table *table;       /* owned */
	bones_session *s;         /* the table's session */
	size_t stored;            /* history entries committed to the store */
	uint64_t version;
	pthread_mutex_t lock;     /* guards everything below row */
	pthread_cond_t changed;   /* broadcast when version grows */
	bool queued;              /* in the agent queue or being thought about */
	bool hinting;             /* the table's hint agent is thinking */
	int undo_by;              /* seat asking to take back its last move, -1 none */
	char **records;           /* a match's finished games' records, by game */
	char rematch[40];         /* the rematch's table id, "" none (web_rematch.c; kept in
				   * memory only: a restart forgets the offer, not the table) */
	char rematch_token[WEB_MAX_SEATS][64]; /* by participant: their seat's token there */
	int rematch_seat[WEB_MAX_SEATS];       /* by participant: their seat there, from 1 */
	bool rematching;          /* a rematch is being created */
	int record_count;
	web_table *next_queued;
	bool human_seat;          /* a person plays here: its agents go first */
	bool parked;              /* agents only, nobody watching: out of the queue */
	int64_t watched_until;    /* web_clock_now() until which someone watches */
	int64_t active_at;        /* web_clock_now() when it was made, loaded or last moved */
	char creator[48];         /* the address that created it ("" after a restart) */
	bool unmark;              /* was set aside at an earlier start, replays now */
	bool deleted;             /* deleted by its creator: found no more, freed at the end
				   * (a thread may still hold it); set under both locks */
	web_chat_row *chat;       /* owned; the chat's lines in order (web_chat.c) */
	int chat_count, chat_cap, chat_next;
	struct { char who[64]; int64_t at; } chat_recent[WEB_CHAT_RECENT]; /* last senders */
	struct web_engine_seat *engines[WEB_MAX_SEATS]; /* by participant: an engine seat's
				   * process (web_engine_seat.c), NULL none */
	char engine_forfeit[300]; /* why an engine forfeited this game ("" none; stored as
				   * row.forfeit_why, so a restart or a read-back keeps it) */
	int refs;                 /* holders (web_tables_find, an event stream, an analysis):
				   * never let go while > 0; ts->lock guards it and touched */
	int64_t touched;          /* web_clock_now() of the last hold or put */
};

/* A table set aside at start: its stored history does not replay or read. */
typedef struct web_damaged {
	char id[40], game[64], preset[64], why[200];
	int64_t created;
	bool unlisted;            /* a private table: not in the lobby even so */
	bool to_mark;             /* set aside at this start: marked in the store once */
} web_damaged;

struct web_tables {
	bones_registry *reg;      /* owned; plugins by id (lock for lookups) */
	web_store *store;         /* owned */
	struct web_accounts *accounts; /* owned (web_accounts.c) */
	struct web_tourneys *tourneys; /* owned (web_tourney.c) */
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
	pthread_t ticker;         /* the clocks' thread (web_clock.c) */
	bool ticking;
	char clock_file[1024];    /* BONES_WEB_TEST_CLOCK: the time (ms) read from here */
	int chat_max;             /* WEB_CHAT_MAX; tests: BONES_WEB_TEST_CHAT_MAX */
	uint64_t epoch;           /* versions start at epoch << 32 (web_store_epoch) */
	pthread_mutex_t elock;    /* guards changes */
	pthread_cond_t echanged;  /* broadcast when changes grows */
	uint64_t changes;         /* any table's version bumped */
	web_damaged *damaged;     /* owned; tables set aside at start */
	size_t damaged_count;
	struct web_analyses *analyses; /* owned; finished games analysed (web_analysis.c) */
	int person_cap;           /* web_tables_set_person_cap; fixed after the start */
};

#define WEB_MAX_TABLES 100000 /* in memory at once (live, and ended ones read back) */
#define WEB_KEEP_MS (5 * 60 * 1000) /* an ended table unheld this long leaves memory (and
				     * one idle past WEB_IDLE_MS without a clock) */
#define WEB_ENDED_KEPT 64     /* ended tables kept in memory at most: the least recently
			       * read back go first */
#define WEB_PERSON_TABLES 16  /* running tables with a person's seat one address may
			       * create, unless `bones serve --tables-per-address` says */
#define WEB_AGENT_SECONDS 2.0 /* bound on an agent's thinking per move */
#define WEB_WATCH_MS 60000    /* agents-only tables play this long after the last look */
#define WEB_AGENT_ONLY_PER_ADDRESS 4 /* running agents-only tables one address may create */
#define WEB_ENGINE_TABLES_PER_ADDRESS 2 /* running engine tables one address may create */
#define WEB_ENGINE_TABLES 16  /* running tables with an engine seat in all (processes) */
#define WEB_ENGINE_TABLE_MS 10000 /* an engine's time per move at a table without one */
#define WEB_IDLE_MS (30 * 60 * 1000) /* a table this long without a move counts against no
				      * cap, and its engines' processes stop (restarted, told
				      * the game so far, at their next move) */

/* Whether the game has ended (the rules' end, a resignation or a forfeit). Lock held. */
bool web_table_over(const web_table *t);
/* Whether it is over for good: the game, and a match's last game. Lock held. */
bool web_table_finished(const web_table *t);
/* The seat of this game where participant (a row seat, a token's) sits; -1 stays -1. */
int web_table_seat_now(const web_table *t, int participant);
/* The stored row of whoever sits in seat of this game. */
const web_seat_row *web_table_seat_row(const web_table *t, int seat);

/* A table for row: its bones_table (game, agents, clock, match) not yet played; NULL
 * with err saying why. Freed by web_table_free (NULL is fine) until web_tables_add
 * takes it (false: too many tables). */
web_table *web_table_new(web_tables *ts, const web_table_row *row, char *err, size_t errcap);
void web_table_free(web_table *t);
bool web_tables_add(web_tables *ts, web_table *t);
/* The table a stored row and its history make (the start's and web_tables_find's
 * path), not yet added; NULL with why when it does not replay. */
web_table *web_table_rebuild(web_tables *ts, const web_table_row *row, char **moves,
			     size_t count, const web_stored_game *done, size_t done_count,
			     char *why, size_t cap);
/* After a rebuild: a crash between a move and its chance resolved and committed, a
 * match goes on, agents to move queued. Lock not held. */
void web_table_resume(web_tables *ts, web_table *t);
/* ---- tables in memory (web_table_cache.c) ---- */
/* One more holder of t, which the caller already holds (web_tables_find's). */
void web_table_hold(web_tables *ts, web_table *t);
/* web_tables_put for each of n tables, under one lock. */
void web_tables_put_each(web_tables *ts, web_table *const *list, size_t n);
/* Tables that nobody holds leave memory (web_table_free): ended ones unheld for
 * WEB_KEEP_MS (or any, keep_ms 0) and past WEB_ENDED_KEPT the least recently read,
 * deleted ones, and running ones idle past WEB_IDLE_MS without a clock or a thinker.
 * They are read back from the store when asked for. Any thread may call it: whoever
 * keeps a table pointer outside ts->lock holds it (the agent queue: t->queued). */
void web_tables_let_go(web_tables *ts, int64_t now, int64_t keep_ms);
/* Whether the store knows t is over for good (any lock, or none). */
bool web_table_ended(const web_table *t);
/* The game is over for good: the store says so once (the next start leaves it there,
 * the lobby lists it from there). Lock held. */
void web_table_mark_ended(web_tables *ts, web_table *t);

/* Put t in the agent queue when an agent seat is to move. t->lock held. */
void web_tables_enqueue(web_tables *ts, web_table *t);
/* Commit the history entries past t->stored; on failure take them back and say so in
 * r (500). Then the clock and the match go on (web_table_tick, web_match_advance).
 * t->lock held. Bumps the version and wakes waiters either way. */
bool web_table_commit(web_tables *ts, web_table *t, web_result *r);
/* The agent workers (web_play.c). */
void *web_agent_worker(void *arg);
/* Now for the clocks: the wall clock, or the test clock's file (web_clock.c). */
int64_t web_clock_now(const web_tables *ts);
/* Advance t's clock to now (bones_table_tick): penalties and a forfeit are stored and
 * logged; true when something changed. t->lock held. */
bool web_table_tick(web_tables *ts, web_table *t, int64_t now);
/* After seat's move has been committed and ticked, with a per-game bank: store the
 * seat's time left, so that a restart keeps it (a failure is logged; the move stands). */
void web_table_save_bank(web_tables *ts, web_table *t, int seat);
/* The clocks' thread: every table's clock four times a second, and once a minute the
 * engines of idle tables stopped (web_clock.c). */
void *web_clock_ticker(void *arg);
/* Whether t has not moved for WEB_IDLE_MS by now. t->lock held. */
bool web_table_idle(const web_table *t, int64_t now);
/* Stop the engine processes of every table idle by now (web_engine_seat.c). */
void web_tables_stop_idle_engines(web_tables *ts, int64_t now);
/* A game over: rate it (once) and stop its engines; in a match count it and keep its
 * record and, unless an agent or a hint is thinking, store it and start the next game
 * (web_match.c). t->lock held. */
void web_match_advance(web_tables *ts, web_table *t);
/* Count a match's game over and keep its record, once (web_match.c). Lock held. */
void web_match_count(web_table *t);
/* The history entries from `from` on as notation (malloc'd) into g; false (err says
 * why) when one cannot be written. */
bool web_table_texts(const web_table *t, size_t from, web_stored_game *g, char *err,
		     size_t errcap);
void web_stored_game_release(web_stored_game *g);
/* The record of the game now at t, as the terminal writes it (web_match.c); NULL when
 * it cannot be written. Lock held. */
char *web_table_record_text(const web_table *t);
/* The match's totals by participant as the view's "match" member (web_match.c). */
void web_match_json(const web_table *t, web_buf *out, bool *first);
/* Version + 1, waiters woken. Lock held. */
void web_table_bump(web_table *t);
/* The agents of this game think at most WEB_AGENT_SECONDS a move. */
void web_table_limit_agents(web_table *t);
/* The view's "rematch" member for participant seat when one was created. Lock held. */
void web_rematch_json(const web_table *t, int seat, web_buf *out, bool *first);
/* A table's "id", "game", "preset" and "created" members (web_lobby.c). Lock held. */
void web_table_head_json(const web_table *t, web_buf *out, bool *first);
/* The view's "chat" member: the last WEB_CHAT_SHOWN lines. Lock held. */
void web_chat_json(const web_table *t, web_buf *out, bool *first);
/* The table's chat from the store, once it is restored or loaded (not yet seen by
 * anyone else: no lock needed). */
void web_chat_load(web_tables *ts, web_table *t);
void web_chat_free(web_table *t);
/* The picture (SVG) seat sees before history entry index with move (notation) drawn as
 * a ghost, into out; r gets 422 with the format illegal (one %s: the move) when it does
 * not parse there, 500 when the picture fails. t->lock held. */
void web_table_ghost_encode(web_table *t, int seat, size_t index, const char *move, int width,
			    int height, const char *illegal, web_buf *out, web_result *r);
/* ---- engine seats (web_engine_seat.c) ---- */
/* Whether seat of this game is an operator's engine. Lock held. */
bool web_table_engine_seat(const web_table *t, int seat);
/* The engine's name of an engine seat's row into name. */
void web_engine_seat_name(const web_seat_row *s, char *name, size_t cap);
/* Whether name is one of the operator's engines (bones serve --engines); when not, why
 * says so. */
bool web_tables_engine_listed(web_tables *ts, const char *name, char *why, size_t cap);
/* A table seat of kind "engine": its stored spec for the operator's engine name with
 * ms per move, into spec. */
void web_engine_seat_spec(const char *name, int64_t ms, char *spec, size_t cap);
/* Make seat an engine seat of the operator's engine name with ms per move (stored; the
 * tournament driver's: a request names an engine when it creates a table). Lock not
 * held. */
bool web_table_set_engine(web_tables *ts, web_table *t, int seat, const char *name,
			  int64_t ms, char *err, size_t errcap);
/* When an engine seat is to move: its move (or forfeit), true; false otherwise. Lock
 * not held; t is queued. */
bool web_engine_move(web_tables *ts, web_table *t);
/* The operator's engines are read: the engine seats to move are queued. */
void web_tables_engines_ready(web_tables *ts);
/* Stop the table's engine processes (free_them: and their seats' state, t being freed;
 * otherwise one a worker is using is left to it). Lock held. */
void web_table_engines_stop(web_table *t, bool free_them);
/* Log one line to stderr with the time: never a token. */
void web_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* BONES_WEB_TABLE_INTERNAL_H */
