/* An engine seat's moves (docs/web.md, "Engines"; the seats themselves are
 * web_engine_seat.c's): the `new` and `play` lines the engine has not seen are collected
 * under the table's lock, sent with `genmove` outside it (bones_tourney_engine_genmove, as
 * `bones tourney` plays), and the answer is played when the game has not moved meanwhile;
 * a crash, a timeout, nonsense or an illegal move forfeits the game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/tourney_engine.h"
#include "web_table_internal.h"

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
		web_table_queue_add(ts, t);
	}
	pthread_mutex_unlock(&t->lock);
	return ok;
}

/* The game stops with seat's engine forfeiting for why. Lock held. */
static void forfeit(web_tables *ts, web_table *t, int seat, const char *why)
{
	char err[256];
	struct web_engine_seat *e = web_engine_seat_of(t, seat);
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

/* Start seat's engine outside the lock (taken again before return). */
static bool start(web_tables *ts, web_table *t, int seat, struct web_engine_seat *e,
		  char *why, size_t cap)
{
	char name[200];
	web_engine_seat_ms(web_table_seat_row(t, seat)->agent, name, sizeof name);
	const char *cmd = web_engine_seat_command(ts, name, why, cap);
	if (!cmd)
		return false;
	e->busy = true;
	pthread_mutex_unlock(&t->lock);
	bones_tourney_engine *proc = NULL;
	bones_status st = bones_tourney_engine_start(cmd, NULL, &proc, why, cap);
	pthread_mutex_lock(&t->lock);
	e->busy = false;
	e->proc = proc, e->sent = 0, e->told = false;
	return !st;
}

/* The `new` line of seat's engine. seed=: as `bones tourney`, 32 bits that tell
 * nothing of the deal. */
static void new_line(const web_table *t, int seat, char *line, size_t cap)
{
	snprintf(line, cap, "new %s %.2000s seat=%d seed=%llu", t->plugin->id,
		 bones_session_options_text(t->s), seat + 1,
		 (unsigned long long)((t->row.seed * 0x9e3779b97f4a7c15ull ^ (uint64_t)(seat + 1)) >>
				      32));
}

/* What seat's engine has not been told, one line each (malloc'ed; NULL: no memory). */
static char *lines_for(web_table *t, struct web_engine_seat *e, int seat)
{
	char new[2400];
	new_line(t, seat, new, sizeof new);
	return bones_tourney_engine_play_lines(e->proc, t->s, e->sent, seat, e->told ? NULL : new);
}

web_result web_engine_lines(web_table *t, int participant, web_buf *out)
{
	char new[2400];
	pthread_mutex_lock(&t->lock);
	int seat = web_table_seat_now(t, participant);
	if (seat < 0) {
		pthread_mutex_unlock(&t->lock);
		return web_result_of(403, "token", "%s", _("token: a seat's token is needed"));
	}
	new_line(t, seat, new, sizeof new);
	char *lines = bones_tourney_engine_play_lines(NULL, t->s, 0, seat, new);
	pthread_mutex_unlock(&t->lock);
	if (!lines)
		return web_result_of(500, NULL, "%s", _("out of memory"));
	web_buf_puts(out, lines);
	free(lines);
	return web_result_of(200, NULL, "ok");
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
		web_table_commit_bank(ts, t, seat);
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
	int64_t ms = web_engine_seat_ms(web_table_seat_row(t, seat)->agent, name, sizeof name);
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
		web_engine_seat_stop_all(t, false);
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
	if (web_table_over(t) || !web_engine_seat_is(t, seat)) {
		pthread_mutex_unlock(&t->lock);
		return false;
	}
	struct web_engine_seat *e = web_engine_seat_of(t, seat);
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
		web_engine_seat_stop_all(t, false);
	t->queued = false;
	if (again && !atomic_load(&ts->halt))
		web_table_queue_add(ts, t);
	web_table_commit_advance(ts, t);
	pthread_mutex_unlock(&t->lock);
	return true;
}

void web_tables_engines_ready(web_tables *ts)
{
	atomic_store(&ts->engines_ready, true);
	pthread_mutex_lock(&ts->lock);
	for (size_t i = 0; i < ts->count; i++) {
		web_table *t = ts->tables[i];
		pthread_mutex_lock(&t->lock);
		if (web_engine_seat_is(t, bones_session_to_move(t->s)))
			web_table_queue_add(ts, t);
		pthread_mutex_unlock(&t->lock);
	}
	pthread_mutex_unlock(&ts->lock);
}
