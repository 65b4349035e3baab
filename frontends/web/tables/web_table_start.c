/* The start of a game at a web table: the clock waits until every seat is taken and the
 * first player has moved (as on lichess), and a game in which a player has not made a
 * first move may be aborted, by a seated person or, at a timed table whose seats are
 * all taken, by the server after WEB_ABORT_MS: it ends unplayed and is never rated. */
#include <stdio.h>

#include "bones/i18n.h"
#include "web_table_internal.h"

/* Whether every seat of this game has made a move (not chance). Lock held. */
static bool every_seat_moved(const web_table *t)
{
	bool moved[WEB_MAX_SEATS] = {false};
	int left = t->row.seat_count;
	size_t len = bones_session_length(t->s);
	for (size_t i = 0; i < len && left > 0; i++) {
		int seat = bones_session_mover_at(t->s, i);
		if (seat >= 0 && seat < WEB_MAX_SEATS && !moved[seat])
			moved[seat] = true, left--;
	}
	return left <= 0;
}

static bool seat_open(const web_table *t)
{
	for (int i = 0; i < t->row.seat_count; i++)
		if (t->row.seats[i].open)
			return true;
	return false;
}

bool web_table_start_waits(const web_table *t)
{
	return seat_open(t) || bones_table_player_moves(t->table, bones_session_length(t->s)) == 0;
}

bool web_table_start_abortable(const web_table *t)
{
	return !web_table_over(t) && !every_seat_moved(t);
}

bool web_table_start_abort(web_tables *ts, web_table *t, const char *who, char *err,
			   size_t errcap)
{
	if (!web_table_start_abortable(t)) {
		snprintf(err, errcap, "%s", web_table_over(t) ? _("abort: the game is over")
							      : _("abort: every player has moved: "
								  "resign instead"));
		return false;
	}
	char why[400];
	if (web_store_set_aborted(ts->store, t->row.id, why, sizeof why)) {
		snprintf(err, errcap, _("abort: not saved: %.300s"), why);
		return false;
	}
	bones_table_abort(t->table);
	t->row.aborted = 1, t->undo_by = -1;
	web_log("table %s: aborted by %s", t->row.id, who);
	web_table_bump(t);
	return true;
}

bool web_table_start_overdue(const web_table *t, int64_t now)
{
	int who = bones_session_to_move(t->s);
	return bones_time_control_on(&t->row.time) && !seat_open(t) && who >= 0 &&
	       bones_table_human(t->table, who) && web_table_start_abortable(t) &&
	       now - t->active_at >= WEB_ABORT_MS;
}
