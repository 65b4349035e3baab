/* Moves on a table: a seat's move or resignation, committed to the store before it is
 * acknowledged; agents choosing in worker threads outside every lock; waiting for the
 * next change (Server-Sent Events). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bones/i18n.h"
#include "web_table_internal.h"


web_result web_play_move(web_tables *ts, web_table *t, int participant, const char *text)
{
	web_result r = web_result_of(200, NULL, "played");
	char err[512];
	pthread_mutex_lock(&t->lock);
	int seat = web_table_seat_now(t, participant);
	int to_move = bones_session_to_move(t->s);
	size_t number = bones_session_length(t->s) + 1;
	if (web_table_over(t)) {
		r = web_result_of(409, NULL, _("move '%.60s': the game is over"), text);
	} else if (to_move != seat) {
		r = web_result_of(409, NULL, _("move '%.60s': not your turn (seat %d is to move)"), text,
			  to_move + 1);
	} else if (bones_table_play_turn_text(t->table, text, err, sizeof err)) {
		r = web_result_of(422, NULL, "%s", err);
	} else {
		t->undo_by = -1;
		if (web_table_commit(ts, t, &r)) {
			web_table_commit_bank(ts, t, seat); /* the commit's tick charged it */
			web_log("table %s: move %zu by seat %d", t->row.id, number, seat + 1);
			web_table_queue_add(ts, t);
		}
	}
	pthread_mutex_unlock(&t->lock);
	return r;
}

web_result web_play_abort(web_tables *ts, web_table *t, int participant)
{
	char err[512], who[32];
	web_result r = web_result_of(200, NULL, "aborted");
	pthread_mutex_lock(&t->lock);
	snprintf(who, sizeof who, "seat %d", web_table_seat_now(t, participant) + 1);
	if (!web_table_start_abortable(t))
		r = web_result_of(409, NULL, "%s", web_table_over(t)
				? _("abort: the game is over")
				: _("abort: every player has moved: resign instead"));
	else if (!web_table_start_abort(ts, t, who, err, sizeof err))
		r = web_result_of(500, NULL, "%s", err);
	else
		web_table_commit_advance(ts, t);
	pthread_mutex_unlock(&t->lock);
	return r;
}

web_result web_play_resign(web_tables *ts, web_table *t, int participant)
{
	web_result r = web_result_of(200, NULL, "resigned");
	char err[512];
	pthread_mutex_lock(&t->lock);
	int seat = web_table_seat_now(t, participant);
	if (web_table_over(t))
		r = web_result_of(409, NULL, _("resign: the game is over"));
	else if (web_store_set_resigned(ts->store, t->row.id, seat, false, err, sizeof err))
		r = web_result_of(500, NULL, _("resign: not saved: %s"), err);
	else {
		bones_table_resign(t->table, seat);
		t->undo_by = -1;
		web_log("table %s: seat %d resigned", t->row.id, seat + 1);
		web_table_bump(t);
		web_table_commit_advance(ts, t);
	}
	pthread_mutex_unlock(&t->lock);
	return r;
}

/* The history index of seat's last move, or false when it has made none. */
static bool last_move_of(const web_table *t, int seat, size_t *index)
{
	for (size_t i = bones_session_length(t->s); i-- > 0;)
		if (bones_session_mover_at(t->s, i) == seat) {
			*index = i;
			return true;
		}
	return false;
}

static bool only_agents_besides(const web_table *t, int seat)
{
	for (int i = 0; i < t->row.seat_count; i++)
		if (i != seat && bones_table_human(t->table, i))
			return false;
	return true;
}

/* Take back seat's last move and everything after it, store first. */
static web_result take_back(web_tables *ts, web_table *t, int seat)
{
	char err[512];
	size_t index;
	if (!last_move_of(t, seat, &index))
		return web_result_of(409, NULL, _("undo: nothing to take back"));
	if (web_store_truncate(ts->store, t->row.id, index, err, sizeof err))
		return web_result_of(500, NULL, _("undo: not saved: %.400s"), err);
	bones_table_take_back(t->table, seat);
	t->stored = bones_session_length(t->s);
	t->undo_by = -1;
	web_table_commit_tick(ts, t, web_clock_now(ts));
	web_log("table %s: moves from %zu taken back", t->row.id, index + 1);
	web_table_bump(t);
	return web_result_of(200, NULL, "taken back");
}

static web_result undo_locked(web_tables *ts, web_table *t, int seat, const char *action)
{
	size_t index;
	if (web_table_over(t))
		return web_result_of(409, NULL, _("undo: the game is over"));
	if (!strcmp(action, "request")) {
		if (t->undo_by >= 0)
			return web_result_of(409, NULL, _("undo: seat %d has asked already"), t->undo_by + 1);
		if (!last_move_of(t, seat, &index))
			return web_result_of(409, NULL, _("undo: you have made no move yet"));
		if (only_agents_besides(t, seat))
			return take_back(ts, t, seat);
		t->undo_by = seat;
		web_table_bump(t);
		return web_result_of(200, NULL, "asked");
	}
	if (t->undo_by < 0)
		return web_result_of(409, NULL, _("undo: nobody asked"));
	if (!strcmp(action, "cancel") || !strcmp(action, "decline")) {
		if ((t->undo_by == seat) != !strcmp(action, "cancel"))
			return web_result_of(409, NULL, _("undo: only the asker cancels, only another seat declines"));
		t->undo_by = -1;
		web_table_bump(t);
		return web_result_of(200, NULL, "dropped");
	}
	if (strcmp(action, "accept"))
		return web_result_of(400, NULL, _("undo: action: expected request, accept, decline or cancel"));
	if (t->undo_by == seat)
		return web_result_of(409, NULL, _("undo: another seat must accept your request"));
	return take_back(ts, t, t->undo_by);
}

web_result web_play_undo(web_tables *ts, web_table *t, int participant, const char *action)
{
	pthread_mutex_lock(&t->lock);
	web_result r = undo_locked(ts, t, web_table_seat_now(t, participant), action);
	if (r.code == 200)
		web_table_queue_add(ts, t);
	pthread_mutex_unlock(&t->lock);
	return r;
}

/* ---- agents ------------------------------------------------------------------------ */

/* One agent move on t: the state copied under the lock, the choice made outside it,
 * played only if nothing changed meanwhile. */
static void agent_move(web_tables *ts, web_table *t)
{
	if (web_engine_move(ts, t))
		return;
	pthread_mutex_lock(&t->lock);
	if (!t->human_seat && web_clock_now(ts) > t->watched_until) {
		t->queued = false, t->parked = true; /* nobody watches: wait for a look */
		web_log("table %s: nobody watches, its agents pause", t->row.id);
		pthread_mutex_unlock(&t->lock);
		return;
	}
	size_t size = bones_session_info(t->s)->state_size;
	void *state = malloc(size);
	bool go = state && web_table_queue_wanted(t);
	int seat = bones_session_to_move(t->s);
	uint64_t version = t->version;
	/* the table's agent: not freed while queued (the next game of a match waits) */
	bones_agent *agent = bones_table_agent(t->table, seat);
	if (go)
		memcpy(state, bones_session_state(t->s), size);
	pthread_mutex_unlock(&t->lock);
	bones_move move = 0;
	bool chosen = go && bones_agent_choose(agent, state, &move) == BONES_OK;
	free(state);
	pthread_mutex_lock(&t->lock);
	t->queued = false;
	if (chosen && t->version == version && !web_table_over(t)) {
		web_result r;
		if (bones_table_play_turn(t->table, move))
			web_log("table %s: agent of seat %d chose an illegal move", t->row.id,
				seat + 1);
		else
			web_table_commit(ts, t, &r);
	} else if (go && !chosen) {
		web_log("table %s: the agent of seat %d found no move", t->row.id, seat + 1);
	}
	if (!go || chosen)
		web_table_queue_add(ts, t);
	web_table_commit_advance(ts, t); /* a game that ended while the agent thought */
	pthread_mutex_unlock(&t->lock);
}

void *web_play_worker(void *arg)
{
	web_tables *ts = arg;
	web_table *t;
	bool low;
	while ((t = web_table_queue_next(ts, &low))) {
		agent_move(ts, t);
		web_table_queue_done(ts, low);
	}
	return NULL;
}

/* ---- free seats and hints ------------------------------------------------------------ */

web_result web_play_take_seat(web_tables *ts, web_table *t, int seat, const char *name,
			      const char *account, web_buf *out)
{
	web_result r = web_result_of(200, NULL, "taken");
	char err[512], player[32];
	if (account) /* a logged-in person sits as their account */
		name = account;
	pthread_mutex_lock(&t->lock);
	int k = seat;
	for (int i = 0; k < 0 && i < t->row.seat_count; i++)
		if (t->row.seats[i].open)
			k = i;
	web_seat_row *s = k >= 0 && k < t->row.seat_count ? &t->row.seats[k] : NULL;
	char taken[64];
	snprintf(player, sizeof player, _("Player %d"), k + 1); /* for "open seat" */
	web_utf8_copy(taken, sizeof taken, name && name[0] ? name : player);
	const char *why = name ? web_name_refused(name) : NULL;
	if (why) {
		r = web_result_of(400, NULL, "name: %s", why);
		snprintf(r.field, sizeof r.field, "name");
	} else if (k == -1 && seat == -1)
		r = web_result_of(409, NULL, _("join: the table has no free seat"));
	else if (!s) {
		r = web_result_of(400, NULL, _("join: seat %d: no such seat (the table has %d)"), k + 1,
			  t->row.seat_count);
		snprintf(r.field, sizeof r.field, "seat");
	} else if (!s->open || web_table_over(t))
		r = web_result_of(409, NULL, _("join: seat %d is not free"), k + 1);
	else if (web_store_take_seat(ts->store, t->row.id, k, taken, err, sizeof err))
		r = web_result_of(500, NULL, _("join: not saved: %.400s"), err);
	else {
		s->open = 0;
		web_utf8_copy(s->name, sizeof s->name, taken);
		bones_table_name_participant(t->table, k, s->name); /* the record's name too */
		t->active_at = web_clock_now(ts); /* a timed game's start waits from here */
		web_buf_printf(out, "{\"seat\":%d,\"token\":\"%s\",\"link\":\"/t/%s#seat=%d&token=%s\"}",
			       k + 1, s->token, t->row.id, k + 1, s->token);
		web_log("table %s: seat %d taken", t->row.id, k + 1);
		web_table_bump(t);
	}
	pthread_mutex_unlock(&t->lock);
	return r;
}

/* The table's hint agent for seat's position: state copied, the agent marked busy
 * (one hint per table at a time; the next game of a match waits for it). */
static web_result hint_start(web_table *t, int seat, void **state, bones_agent **agent)
{
	char err[256];
	*state = NULL, *agent = NULL;
	if (!t->row.hints)
		return web_result_of(409, NULL, "%s", _("hint: this table was created without hints"));
	if (web_table_over(t) || bones_session_to_move(t->s) != seat)
		return web_result_of(409, NULL, "%s", _("hint: only the seat to move gets a hint"));
	if (t->hinting)
		return web_result_of(503, NULL, "%s", _("hint: the server is busy with other hints; try again"));
	size_t size = bones_session_info(t->s)->state_size;
	if (!(*state = malloc(size)))
		return web_result_of(500, NULL, _("out of memory"));
	memcpy(*state, bones_session_state(t->s), size);
	if (!(*agent = bones_table_hint_agent(t->table, err, sizeof err))) {
		free(*state), *state = NULL;
		return web_result_of(500, NULL, _("hint: the agent found no move"));
	}
	t->hinting = true;
	return web_result_of(200, NULL, "hint");
}

web_result web_play_hint(web_tables *ts, web_table *t, int participant, web_buf *out)
{
	void *state;
	bones_agent *agent;
	pthread_mutex_lock(&t->lock);
	web_result r = hint_start(t, web_table_seat_now(t, participant), &state, &agent);
	pthread_mutex_unlock(&t->lock);
	if (r.code != 200)
		return r;
	if (__atomic_add_fetch(&ts->hints_running, 1, __ATOMIC_ACQ_REL) > 2)
		r = web_result_of(503, NULL, _("hint: the server is busy with other hints; try again"));
	const void *game = bones_session_game(t->s); /* immutable while the table lives */
	bones_move move;
	char text[BONES_MOVE_TEXT_MAX];
	bool was_plain = bones_i18n_set_plain(true); /* notation, as in legal */
	if (r.code == 200 &&
	    (bones_agent_choose(agent, state, &move) ||
	     !t->plugin->format_move(game, state, move, text, sizeof text)))
		r = web_result_of(500, NULL, _("hint: the agent found no move"));
	bones_i18n_set_plain(was_plain);
	if (r.code == 200) {
		web_buf_puts(out, "{\"move\":");
		web_buf_json_string(out, text);
		web_buf_puts(out, "}");
	}
	__atomic_sub_fetch(&ts->hints_running, 1, __ATOMIC_ACQ_REL);
	free(state);
	pthread_mutex_lock(&t->lock);
	t->hinting = false;
	web_table_commit_advance(ts, t);
	pthread_mutex_unlock(&t->lock);
	return r;
}
