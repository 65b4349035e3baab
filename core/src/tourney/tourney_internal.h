/* Internals of the tournament runner shared by its files: external engine processes
 * (tourney_engine.c) and playing one game of the schedule (tourney_play.c). Not a
 * public header. */
#ifndef BONES_TOURNEY_IMPL_H
#define BONES_TOURNEY_IMPL_H

#include <stdatomic.h>

#include "bones/session.h"
#include "bones/tourney.h"
#include "bones/tourney_db.h"

/* ---- External engines: a child process speaking the engine protocol -------------- */

typedef struct bones_tourney_engine bones_tourney_engine;

/* Start `sh -c CMD` with its stdin and stdout on a socket (stderr to /dev/null) and
 * agree the protocol's version (`protocol 1.1`; any other answer is 1.0). */
bones_status bones_tourney_engine_start(const char *cmd, bones_tourney_engine **out,
					char *why, size_t cap);
/* The `play` line of history entry index as seat may see it ("deal:?" for what it may
 * not), in protocol 1.1 with its mover ("play player 2 6-6", "play chance deal:?"). */
void bones_tourney_engine_play_line(const bones_tourney_engine *e, const bones_session *s,
				    size_t index, int seat, char *line, size_t cap);
/* Kill the process group and reap it. NULL is a no-op. */
void bones_tourney_engine_stop(bones_tourney_engine *e);
/* Send one line and read one reply line within ms milliseconds (stop, when not NULL,
 * is polled so a stopping run never waits long). Lines "info ..." before the reply
 * are no reply: they are skipped (see bones_tourney_engine_info). On failure why says
 * what happened: "crashed (signal 11)", "timed out after N ms", "exited with status 1". */
bones_status bones_tourney_engine_ask(bones_tourney_engine *e, const char *line,
				      int64_t ms, const atomic_bool *stop, char *reply,
				      size_t cap, char *why, size_t whycap);

/* The last "info ..." line the last ask skipped ("" for none) and how many it skipped. */
const char *bones_tourney_engine_info(const bones_tourney_engine *e, int *count);

/* ---- Playing one game ------------------------------------------------------------- */

/* What a worker thread owns: its engine processes (kept across games, restarted after a
 * failure), a session per game of the tournament (configured once, restarted for each
 * game) and the run's stop flag. */
typedef struct bones_tourney_worker {
	const bones_tourney *t;
	const atomic_bool *stop;
	const char *live;          /* bones_tourney_run_opts.live */
	bones_tourney_engine *engines[BONES_TOURNEY_MAX_PLAYERS];
	bones_session *sessions[BONES_TOURNEY_MAX_GAMES];
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
void bones_tourney_worker_release(bones_tourney_worker *w);

/* ---- The SPRT of a run (tourney_sprt.c) ---------------------------------------------- */

typedef struct bones_tourney_sprt_run bones_tourney_sprt_run;

/* Running totals of t's SPRT; NULL when out of memory. Add every stored game once. */
bones_tourney_sprt_run *bones_tourney_sprt_begin(const bones_tourney *t);
void bones_tourney_sprt_add(bones_tourney_sprt_run *k, const bones_tourney_game_row *row);
void bones_tourney_sprt_state(const bones_tourney_sprt_run *k, bones_sprt_state *out);
void bones_tourney_sprt_end(bones_tourney_sprt_run *k);


#endif /* BONES_TOURNEY_IMPL_H */
