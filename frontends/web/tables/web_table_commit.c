/* After a move: the history committed to the store, the clock advanced (penalties and
 * a forfeit stored), and a game over handled: rated once (the site's hook), its
 * engines stopped and, in a match, the next game stored and started. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "web_table_internal.h"

bool web_table_commit(web_tables *ts, web_table *t, web_result *r)
{
	size_t len = bones_session_length(t->s), n = len - t->stored;
	web_stored_game g = {0};
	char err[512];
	int rc = 0;
	bool ok = !n || (web_table_texts(t, t->stored, &g, err, sizeof err) &&
			 !(rc = web_store_add_moves(ts->store, t->row.id, t->stored,
						    (const char *const *)g.moves, n, err,
						    sizeof err)));
	web_stored_game_release(&g);
	if (rc == WEB_STORE_LEASE_LOST) { /* another process took the table over */
		atomic_store(&t->lost, true);
		while (bones_session_length(t->s) > t->stored)
			bones_session_undo(t->s);
		*r = web_result_of(503, NULL, "%s", err);
		web_log("table %s: %s", t->row.id, err);
		web_table_bump(t);
		return false;
	}
	if (ok) {
		t->stored = len;
		if (n)
			t->active_at = web_clock_now(ts);
	} else {
		while (bones_session_length(t->s) > t->stored)
			bones_session_undo(t->s);
		*r = web_result_of(500, NULL, _("not saved, so not played: %s"), err);
		web_log("table %s: %s", t->row.id, r->error);
	}
	bool ticked = web_table_commit_tick(ts, t, web_clock_now(ts)); /* the clock starts */
	if (n || ticked)
		web_table_bump(t);
	if (ok && n)
		web_table_commit_advance(ts, t);
	return ok;
}

bool web_table_commit_tick(web_tables *ts, web_table *t, int64_t now)
{
	char err[512];
	bones_table_tick_result r;
	if (t->deleted)
		return false;
	if (web_table_start_overdue(t, now) &&
	    web_table_start_abort(ts, t, "the server: nobody started the game", err, sizeof err))
		return true;
	bones_table_hold_clock(t->table, web_table_start_waits(t));
	bones_table_tick(t->table, now, &r);
	if (r.penalised >= 0) {
		int seat = r.penalised;
		double total = bones_table_penalty(t->table, seat);
		if (web_store_set_penalty(ts->store, t->row.id, seat, total, err, sizeof err))
			web_log("table %s: the penalty of seat %d is not saved: %s", t->row.id,
				seat + 1, err);
		web_log("table %s: seat %d out of time: penalty %g", t->row.id, seat + 1,
			bones_table_time(t->table)->penalty);
	}
	if (r.forfeited >= 0) {
		if (web_store_set_resigned(ts->store, t->row.id, r.forfeited, true, err, sizeof err))
			web_log("table %s: the forfeit is not saved: %s", t->row.id, err);
		web_log("table %s: seat %d forfeits on time", t->row.id, r.forfeited + 1);
		t->undo_by = -1;
	}
	return r.penalised >= 0 || r.forfeited >= 0;
}

void web_table_commit_bank(web_tables *ts, web_table *t, int seat)
{
	char err[512];
	if (bones_table_time(t->table)->per_game_ms <= 0)
		return;
	int64_t bank = bones_table_bank(t->table, seat, web_clock_now(ts));
	if (web_store_set_bank(ts->store, t->row.id, seat, bank, err, sizeof err))
		web_log("table %s: the time left of seat %d is not saved: %s", t->row.id, seat + 1,
			err);
}

void web_table_commit_advance(web_tables *ts, web_table *t)
{
	const bones_match *m = bones_table_match(t->table);
	if (bones_table_over(t->table)) {
		if (ts->hooks.game_over) /* rated once per game: the store remembers */
			ts->hooks.game_over(ts->hooks.site, ts, t);
		web_engine_seat_stop_all(t, false); /* a match's next game starts them anew */
	}
	if (!m || !bones_table_over(t->table)) {
		web_table_mark_ended(ts, t);
		return;
	}
	web_match_count(t);
	if (t->queued || t->hinting || bones_match_over(m) || !bones_table_counted(t->table)) {
		web_table_mark_ended(ts, t);
		return; /* the thinker finishes first; it advances the match then */
	}
	web_stored_game g = {.resigned = bones_table_resigned(t->table)};
	char err[512];
	int game = bones_table_game_index(t->table);
	if (bones_table_forfeit(t->table) >= 0)
		g.resigned = bones_table_forfeit(t->table), g.forfeited = 1;
	for (int i = 0; i < t->row.seat_count; i++)
		g.penalties[i] = bones_table_penalty(t->table, i);
	if (!web_table_texts(t, 0, &g, err, sizeof err) ||
	    web_store_next_game(ts->store, t->row.id, game, &g, err, sizeof err))
		web_log("table %s: game %d is not saved, the match waits: %s", t->row.id, game + 1,
			err);
	else if (bones_table_next_game(t->table, err, sizeof err))
		web_log("table %s: the next game cannot start: %s", t->row.id, err);
	else {
		web_table_limit_agents(t);
		t->stored = 0, t->undo_by = -1, t->row.match_game = game + 1;
		t->engine_forfeit[0] = '\0'; /* the store's was cleared with the game */
		web_log("table %s: game %d of %d starts", t->row.id, game + 2, m->games);
		web_result r;
		bones_table_resolve_chance(t->table);
		web_table_commit(ts, t, &r);
		web_table_queue_add(ts, t);
	}
	web_stored_game_release(&g);
}
