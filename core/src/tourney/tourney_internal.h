/* Internals of the tournament runner shared by its files: external engine processes
 * (tourney_engine.c, declared in bones/tourney_engine.h) and playing one game of the
 * schedule (tourney_play.c). Not a public header. */
#ifndef BONES_TOURNEY_IMPL_H
#define BONES_TOURNEY_IMPL_H

#include <stdatomic.h>

#include "bones/session.h"
#include "bones/tourney.h"
#include "bones/tourney_db.h"
#include "bones/tourney_engine.h"

/* ---- Playing one game ------------------------------------------------------------- */

/* What a worker thread owns: its engine processes (kept across games, restarted after a
 * failure), a session per game of the tournament (configured once, restarted for each
 * game) and the run's stop flag. */
typedef struct bones_tourney_worker {
	const bones_tourney *t;
	const atomic_bool *stop;
	const char *live;          /* bones_tourney_run_opts.live */
	const char *engine_logs;   /* bones_tourney_run_opts.engine_logs */
	bones_tourney_engine *engines[BONES_TOURNEY_MAX_PLAYERS];
	bones_session *sessions[BONES_TOURNEY_MAX_GAMES];
	volatile size_t *beat;     /* in a game process: the moves of the game in progress,
				      published after each for the watching worker; else NULL */
	struct bones_tourney_cell *cell; /* the worker's game process (tourney_cell.c) */
	char error[256];           /* a failure of the host's (no process, no descriptor) */
} bones_tourney_worker;

/* A finished game ready to store: the row plus the texts it borrows (owned here). */
typedef struct bones_tourney_done {
	bones_tourney_game_row row;
	int player[BONES_TOURNEY_MAX_SEATS]; /* participant indices */
	char *chance;                        /* malloc'ed */
	char *record;                        /* malloc'ed */
	int64_t queued_ms;                   /* when it was queued for storing */
	struct bones_tourney_done *next;     /* queue link */
} bones_tourney_done;

/* Play slot; chance_in (may be NULL) holds the outcomes to replay while they are legal
 * (the first game of a duplicate set). Returns BONES_ERANGE when the run was stopped,
 * BONES_ENOMEM, or BONES_OK with *out filled (a forfeit is a finished game). */
bones_status bones_tourney_play(bones_tourney_worker *w, const bones_tourney_slot *slot,
				const char *chance_in, bones_tourney_done **out);
void bones_tourney_done_free(bones_tourney_done *d);
/* Remove the live record of slot's game (bones_tourney_run_opts.live), if any. */
void bones_tourney_live_drop(const bones_tourney_worker *w, const bones_tourney_slot *slot);
/* A game that a fault of its plugin ended (a crash, a hang, an exit): stored as a draw
 * for every seat, the forfeit column "plugin fault: WHY", no record. */
bones_status bones_tourney_fault(const bones_tourney *t, const bones_tourney_slot *slot,
				 size_t moves, const char *why, bones_tourney_done **out);
void bones_tourney_worker_release(bones_tourney_worker *w);

/* send() all of buf to fd, never raising SIGPIPE; false when the peer is gone. */
bool bones_tourney_send_all(int fd, const void *buf, size_t len);

/* ---- Games in a process of their own (tourney_cell.c) -------------------------------- */

/* bones_tourney_play in the worker's game process, started when needed and kept
 * for its next games: a crash, an exit or a game that makes no move for t->hang_ms
 * (time_per_move more with an engine seat) ends that game as its plugin's fault
 * (bones_tourney_fault) and the next game gets a new process; a stop kills the
 * process (BONES_ERANGE). BONES_EIO with w->error when the host cannot start one
 * (no process, no descriptor left): the host's failure, nothing stored. */
bones_status bones_tourney_cell_play(bones_tourney_worker *w, const bones_tourney_slot *slot,
				     const char *chance_in, bones_tourney_done **out);
/* End the worker's game process (its engines stop with it). */
void bones_tourney_cell_release(bones_tourney_worker *w);

/* ---- The SPRT of a run (tourney_sprt.c) ---------------------------------------------- */

typedef struct bones_tourney_sprt_run bones_tourney_sprt_run;

/* Running totals of t's SPRT; NULL when out of memory. Add every stored game once. */
bones_tourney_sprt_run *bones_tourney_sprt_begin(const bones_tourney *t);
void bones_tourney_sprt_add(bones_tourney_sprt_run *k, const bones_tourney_game_row *row);
void bones_tourney_sprt_state(const bones_tourney_sprt_run *k, bones_sprt_state *out);
void bones_tourney_sprt_end(bones_tourney_sprt_run *k);


#endif /* BONES_TOURNEY_IMPL_H */
