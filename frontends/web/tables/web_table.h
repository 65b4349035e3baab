/* One table of the server, as the tables' files and the site's modules read it under
 * its lock: the core table (game, seats' agents, clock, match), its stored row, version
 * and lock, its agent-queue state and engine seats. The collection of tables and what
 * only the tables' files use are web_table_internal.h's; the collection's API is
 * web_tables.h. */
#ifndef BONES_WEB_TABLE_H
#define BONES_WEB_TABLE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "bones/agent.h"
#include "bones/session.h"
#include "bones/table.h"
#include "web_json.h"
#include "web_store.h"
#include "web_tables.h"

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
	int record_count;
	web_table *next_queued;
	struct web_chat *chat;     /* the site's: its chat (site/web_chat.c), freed by the
				   * site's hook (web_table_hooks.freed) */
	struct web_rematch *rematch; /* the site's: its rematch (site/web_rematch.c), likewise */
	bool human_seat;          /* a person plays here: its agents go first */
	bool parked;              /* agents only, nobody watching: out of the queue */
	int64_t watched_until;    /* web_clock_now() until which someone watches */
	int64_t active_at;        /* web_clock_now() when it was made, loaded or last moved */
	char creator[48];         /* the address that created it ("" after a restart) */
	bool unmark;              /* was set aside at an earlier start, replays now */
	uint64_t added;           /* ts->added when it came into memory (ts->lock) */
	atomic_bool lost;         /* its lease is another process's now: found no more, its
				   * clock not ticked, freed when nobody holds it */
	bool deleted;             /* deleted by its creator: found no more, freed at the end
				   * (a thread may still hold it); set under both locks */
	struct web_engine_seat *engines[WEB_MAX_SEATS]; /* by participant: an engine seat's
				   * process (web_engine_seat.c), NULL none */
	char engine_forfeit[300]; /* why an engine forfeited this game ("" none; stored as
				   * row.forfeit_why, so a restart or a read-back keeps it) */
	int refs;                 /* holders (web_tables_find, an event stream, an analysis):
				   * never let go while > 0; ts->lock guards it and touched */
	int64_t touched;          /* web_clock_now() of the last hold or put */
};

/* Whether the game has ended (the rules' end, a resignation or a forfeit). Lock held. */
bool web_table_over(const web_table *t);
/* Whether it is over for good: the game, and a match's last game (or an aborted game).
 * Lock held. */
bool web_table_finished(const web_table *t);
/* Whether the store knows t is over for good (any lock, or none). */
bool web_table_ended(const web_table *t);
/* The seat of this game where participant (a row seat, a token's) sits; -1 stays -1. */
int web_table_seat_now(const web_table *t, int participant);
/* The stored row of whoever sits in seat of this game. */
const web_seat_row *web_table_seat_row(const web_table *t, int seat);
/* Version + 1, waiters woken. Lock held. */
void web_table_bump(web_table *t);
/* The history entries from `from` on as notation (malloc'd) into g; false (err says
 * why) when one cannot be written. */
bool web_table_texts(const web_table *t, size_t from, web_stored_game *g, char *err,
		     size_t errcap);
void web_stored_game_release(web_stored_game *g);
/* The record of the game now at t, as the terminal writes it; NULL when it cannot be
 * written. Lock held. */
char *web_table_record_text(const web_table *t);
/* A table's "id", "game", "preset" and "created" members. Lock held. */
void web_table_head_json(const web_table *t, web_buf *out, bool *first);
/* The engine's name of an engine seat's row into name (web_engine_seat.c). */
void web_engine_seat_name(const web_seat_row *s, char *name, size_t cap);
/* Whether seat of this game is an operator's engine. Lock held. */
bool web_engine_seat_is(const web_table *t, int seat);
/* Stop the table's engine processes (free_them: and their seats' state, t being freed;
 * otherwise one a worker is using is left to it). Lock held. */
void web_engine_seat_stop_all(web_table *t, bool free_them);
/* The picture (SVG) seat sees before history entry index with move (notation) drawn as
 * a ghost, into out; r gets 422 with the format illegal (one %s: the move) when it does
 * not parse there, 500 when the picture fails (web_view.c). t->lock held. */
void web_view_ghost_encode(web_table *t, int seat, size_t index, const char *move, int width,
			   int height, const char *illegal, web_buf *out, web_result *r);

#endif /* BONES_WEB_TABLE_H */
