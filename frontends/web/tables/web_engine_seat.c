/* An operator's engine at a person's table (docs/web.md, "Engines"): a seat whose kind
 * is "engine" and whose spec ("NAME MS": the operator's engine and the time per move)
 * was set by the tournament driver or named by the request that created the table (an
 * engine the operator lists; a browser never gives a command). The table sees a human
 * seat (its clock applies); the agent workers move for it: the `new` and `play` lines the
 * engine has not seen are collected under the table's lock, sent with `genmove` outside
 * it (bones_tourney_engine_genmove, as `bones tourney` plays), and the answer is played
 * when the game has not moved meanwhile. The process belongs to the table: started at
 * the seat's first move (after a restart it is told the game so far), stopped when the
 * game ends or the table is freed. A crash, a timeout, nonsense or an illegal move
 * forfeits the game, the reason in the log and on the tournament's page. A table
 * idle for WEB_IDLE_MS (no move) stops its engines' processes; the next move of the
 * seat starts and tells it anew. */
#include "web_tourney_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/tourney_engine.h"
#include "web_table_internal.h"

struct web_engine_seat {
	bones_tourney_engine *proc; /* NULL: started at the seat's next move */
	size_t sent;                /* history entries the process has seen */
	bool told;                  /* it has had its `new` */
	bool busy;                  /* a worker uses proc outside the table's lock */
};

/* "NAME MS" into name and the time per move. */
static int64_t spec_of(const char *spec, char *name, size_t cap)
{
	const char *sp = strrchr(spec, ' ');
	size_t n = sp ? (size_t)(sp - spec) : strlen(spec);
	snprintf(name, cap, "%.*s", (int)n, spec);
	long long ms = sp ? atoll(sp + 1) : 0;
	return ms > 0 ? ms : 10000;
}

void web_engine_seat_name(const web_seat_row *s, char *name, size_t cap)
{
	spec_of(s->agent, name, cap);
}

bool web_table_engine_seat(const web_table *t, int seat)
{
	return seat >= 0 && seat < t->row.seat_count &&
	       !strcmp(web_table_seat_row(t, seat)->kind, "engine");
}

static struct web_engine_seat *seat_of(web_table *t, int seat)
{
	int p = bones_table_participant(t->table, seat);
	if (!t->engines[p])
		t->engines[p] = calloc(1, sizeof *t->engines[p]);
	return t->engines[p];
}

void web_table_engines_stop(web_table *t, bool free_them)
{
	for (int p = 0; p < WEB_MAX_SEATS; p++) {
		struct web_engine_seat *e = t->engines[p];
		if (!e || (e->busy && !free_them))
			continue;
		bones_tourney_engine_stop(e->proc);
		e->proc = NULL, e->told = false, e->sent = 0;
		if (free_them)
			free(e), t->engines[p] = NULL;
	}
}

void web_engine_seat_spec(const char *name, int64_t ms, char *spec, size_t cap)
{
	snprintf(spec, cap, "%.180s %lld", name, (long long)ms);
}

bool web_table_set_engine(web_tables *ts, web_table *t, int seat, const char *name,
			  int64_t ms, char *err, size_t errcap)
{
	char spec[sizeof t->row.seats[0].agent];
	web_engine_seat_spec(name, ms, spec, sizeof spec);
	pthread_mutex_lock(&t->lock);
	bool ok = seat >= 0 && seat < t->row.seat_count &&
		  !web_store_set_engine(ts->store, t->row.id, seat, spec, err, errcap);
	if (ok) {
		web_seat_row *s = &t->row.seats[seat];
		snprintf(s->kind, sizeof s->kind, "engine");
		snprintf(s->agent, sizeof s->agent, "%s", spec);
		s->token[0] = '\0';
		web_log("table %s: seat %d is the engine %s", t->row.id, seat + 1, name);
		web_table_bump(t);
		web_tables_enqueue(ts, t);
	}
	pthread_mutex_unlock(&t->lock);
	return ok;
}

/* The game stops with seat's engine forfeiting for why. Lock held. */
static void forfeit(web_tables *ts, web_table *t, int seat, const char *why)
{
	char err[256];
	struct web_engine_seat *e = seat_of(t, seat);
	if (e) {
		bones_tourney_engine_stop(e->proc);
		e->proc = NULL, e->told = false, e->sent = 0;
	}
	if (web_table_over(t))
		return;
	if (web_store_set_resigned(ts->store, t->row.id, seat, true, err, sizeof err) ||
	    web_store_set_forfeit_why(ts->store, t->row.id, why, err, sizeof err))
		web_log("table %s: the forfeit is not saved: %s", t->row.id, err);
	bones_table_restore(t->table, NULL, seat, -1);
	t->row.resigned = seat, t->row.forfeited = 1;
	snprintf(t->engine_forfeit, sizeof t->engine_forfeit, "%s", why);
	web_log("table %s: the engine of seat %d forfeits: %s", t->row.id, seat + 1, why);
	t->undo_by = -1;
	web_table_bump(t);
}

/* The command of the operator's engine NAME (the list is read-only once the server
 * runs), or NULL with why saying it lists none. */
static const char *command_of(web_tables *ts, const char *name, char *why, size_t cap)
{
	const web_tourneys *w = ts->tourneys;
	for (int i = 0; w && i < w->engine_count; i++)
		if (!strcmp(w->engines[i].name, name))
			return w->engines[i].command;
	snprintf(why, cap, _("'%s' is not one of the server's engines"), name);
	return NULL;
}

bool web_tables_engine_listed(web_tables *ts, const char *name, char *why, size_t cap)
{
	return command_of(ts, name, why, cap) != NULL;
}

/* Start seat's engine outside the lock (taken again before return). */
static bool start(web_tables *ts, web_table *t, int seat, struct web_engine_seat *e,
		  char *why, size_t cap)
{
	char name[200];
	spec_of(web_table_seat_row(t, seat)->agent, name, sizeof name);
	const char *cmd = command_of(ts, name, why, cap);
	if (!cmd)
		return false;
	e->busy = true;
	pthread_mutex_unlock(&t->lock);
	bones_tourney_engine *proc = NULL;
	bones_status st = bones_tourney_engine_start(cmd, &proc, why, cap);
	pthread_mutex_lock(&t->lock);
	e->busy = false;
	e->proc = proc, e->sent = 0, e->told = false;
	return !st;
}

/* What seat's engine has not been told, one line each (malloc'ed; NULL: no memory). */
static char *lines_for(web_table *t, struct web_engine_seat *e, int seat)
{
	char new[2400];
	/* seed=: as `bones tourney`, 32 bits that tell nothing of the deal */
	snprintf(new, sizeof new, "new %s %.2000s seat=%d seed=%llu", t->plugin->id,
		 bones_session_options_text(t->s), seat + 1,
		 (unsigned long long)((t->row.seed * 0x9e3779b97f4a7c15ull ^ (uint64_t)(seat + 1)) >>
				      32));
	return bones_tourney_engine_play_lines(e->proc, t->s, e->sent, seat, e->told ? NULL : new);
}

/* The engine's answer text played at seat, as a person's move is. Lock held. */
static void play(web_tables *ts, web_table *t, int seat, const char *text)
{
	char err[512], why[300];
	size_t number = bones_session_length(t->s) + 1;
	if (bones_table_play_turn_text(t->table, text, err, sizeof err)) {
		snprintf(why, sizeof why, "illegal move '%.100s'", text);
		forfeit(ts, t, seat, why);
		return;
	}
	t->undo_by = -1;
	web_result r;
	if (web_table_commit(ts, t, &r)) {
		web_table_save_bank(ts, t, seat);
		web_log("table %s: move %zu by the engine of seat %d", t->row.id, number, seat + 1);
	}
}

/* Tell seat's engine what it has not seen and ask for its move outside the lock; play
 * it when the game has not moved meanwhile, or forfeit. Lock held (let go meanwhile);
 * false when out of memory (the host's failure, not the engine's: tried at a restart). */
static bool ask_move(web_tables *ts, web_table *t, int seat, struct web_engine_seat *e)
{
	char why[400] = "", text[512], name[200];
	size_t len = bones_session_length(t->s);
	char *lines = lines_for(t, e, seat);
	if (!lines) {
		web_log("table %s: seat %d: out of memory", t->row.id, seat + 1);
		return false;
	}
	int64_t ms = spec_of(web_table_seat_row(t, seat)->agent, name, sizeof name);
	e->busy = true;
	pthread_mutex_unlock(&t->lock);
	bones_status st = bones_tourney_engine_genmove(e->proc, lines, ms, &ts->halt, text,
						       sizeof text, why, sizeof why);
	free(lines);
	pthread_mutex_lock(&t->lock);
	e->busy = false;
	bool same = !web_table_over(t) && bones_session_length(t->s) == len &&
		    bones_session_to_move(t->s) == seat;
	if (atomic_load(&ts->halt) || !same) /* stopping, or moved on: restarted when needed */
		web_table_engines_stop(t, false);
	else if (st)
		forfeit(ts, t, seat, why);
	else {
		e->told = true, e->sent = len;
		play(ts, t, seat, text);
	}
	return true;
}

bool web_engine_move(web_tables *ts, web_table *t)
{
	char why[400] = "";
	pthread_mutex_lock(&t->lock);
	int seat = bones_session_to_move(t->s);
	if (web_table_over(t) || !web_table_engine_seat(t, seat)) {
		pthread_mutex_unlock(&t->lock);
		return false;
	}
	struct web_engine_seat *e = seat_of(t, seat);
	bool again = e != NULL;
	if (!e || (!e->proc && !atomic_load(&ts->engines_ready))) {
		again = false; /* at start: queued when the engines are read */
	} else if (e->proc && e->sent <= bones_session_length(t->s)) {
		again = ask_move(ts, t, seat, e);
	} else { /* not started, or the game went back: (re)started, told it all */
		bones_tourney_engine_stop(e->proc);
		e->proc = NULL;
		if (!start(ts, t, seat, e, why, sizeof why) && !atomic_load(&ts->halt) &&
		    bones_session_to_move(t->s) == seat)
			forfeit(ts, t, seat, why);
	}
	if (web_table_over(t))
		web_table_engines_stop(t, false);
	t->queued = false;
	if (again && !atomic_load(&ts->halt))
		web_tables_enqueue(ts, t);
	web_match_advance(ts, t);
	pthread_mutex_unlock(&t->lock);
	return true;
}

void web_tables_stop_idle_engines(web_tables *ts, int64_t now)
{
	pthread_mutex_lock(&ts->lock);
	for (size_t i = 0; i < ts->count; i++) {
		web_table *t = ts->tables[i];
		pthread_mutex_lock(&t->lock);
		bool running = false;
		for (int p = 0; p < WEB_MAX_SEATS; p++)
			running |= t->engines[p] && t->engines[p]->proc && !t->engines[p]->busy;
		if (running && web_table_idle(t, now)) {
			web_table_engines_stop(t, false);
			web_log("table %s: no move for %d minutes: its engines stop until their "
				"next move", t->row.id, WEB_IDLE_MS / 60000);
		}
		pthread_mutex_unlock(&t->lock);
	}
	pthread_mutex_unlock(&ts->lock);
}

void web_tables_engines_ready(web_tables *ts)
{
	atomic_store(&ts->engines_ready, true);
	pthread_mutex_lock(&ts->lock);
	for (size_t i = 0; i < ts->count; i++) {
		web_table *t = ts->tables[i];
		pthread_mutex_lock(&t->lock);
		if (web_table_engine_seat(t, bones_session_to_move(t->s)))
			web_tables_enqueue(ts, t);
		pthread_mutex_unlock(&t->lock);
	}
	pthread_mutex_unlock(&ts->lock);
}
