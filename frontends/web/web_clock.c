/* Time per move at the web tables (the preset's [time] rule through bones/clock.h): a
 * clock runs for the human seat to move; one thread checks every clock four times a
 * second, gives the penalty when the limit runs out and ends the game as a forfeit
 * when the grace runs out too. Penalties and forfeits are stored like moves. After a
 * restart, the running move's clock starts again from the restart. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bones/result.h"
#include "bones/record.h"
#include "web_table_internal.h"

void web_table_clock_sync(web_table *t)
{
	int p = bones_session_to_move(t->s);
	size_t len = bones_session_length(t->s);
	bool runs = t->row.time.per_move_ms > 0 && !web_table_over(t) && p >= 0 &&
		    p < t->row.seat_count && !t->agents[p];
	if (!runs) {
		t->clock_seat = -1;
		return;
	}
	if (t->clock_seat == p && t->clock_len == len)
		return;
	bones_clock_init(&t->clock, &t->row.time);
	bones_clock_start(&t->clock, bones_clock_now_ms());
	t->clock_seat = p, t->clock_len = len;
}

/* One table's clock, t->lock held; true when something changed. */
static bool tick(web_tables *ts, web_table *t, int64_t now)
{
	char err[512];
	web_table_clock_sync(t);
	int seat = t->clock_seat;
	if (seat < 0)
		return false;
	bool penalised = false, changed = false;
	bones_clock_phase phase = bones_clock_update(&t->clock, now, &penalised);
	if (penalised) {
		double total = t->row.seats[seat].penalty + t->row.time.penalty;
		if (web_store_set_penalty(ts->store, t->row.id, seat, total, err, sizeof err))
			web_log("table %s: the penalty of seat %d is not saved: %s", t->row.id,
				seat + 1, err);
		t->row.seats[seat].penalty = total;
		web_log("table %s: seat %d out of time: penalty %g", t->row.id, seat + 1,
			t->row.time.penalty);
		changed = true;
	}
	if (phase == BONES_CLOCK_FORFEIT) {
		if (web_store_set_resigned(ts->store, t->row.id, seat, true, err, sizeof err))
			web_log("table %s: the forfeit is not saved: %s", t->row.id, err);
		t->row.resigned = seat, t->row.forfeited = 1, t->clock_seat = -1;
		web_log("table %s: seat %d forfeits on time", t->row.id, seat + 1);
		changed = true;
	}
	return changed;
}

/* The tables with a clock: copied under the collection's lock, which is not held
 * while each table is ticked (a table lives as long as the collection). */
static size_t clocked(web_tables *ts, web_table ***list, size_t *cap)
{
	size_t n = 0;
	pthread_mutex_lock(&ts->lock);
	if (*cap < ts->count) {
		web_table **l = realloc(*list, ts->count * sizeof *l);
		if (l)
			*list = l, *cap = ts->count;
	}
	for (size_t i = 0; i < ts->count && n < *cap; i++)
		if (ts->tables[i]->row.time.per_move_ms > 0)
			(*list)[n++] = ts->tables[i];
	pthread_mutex_unlock(&ts->lock);
	return n;
}

void *web_clock_ticker(void *arg)
{
	web_tables *ts = arg;
	web_table **list = NULL;
	size_t cap = 0;
	while (!web_tables_stopping(ts)) {
		struct timespec pause = {0, 250000000L};
		nanosleep(&pause, NULL);
		size_t n = clocked(ts, &list, &cap);
		int64_t now = bones_clock_now_ms();
		for (size_t i = 0; i < n; i++) {
			web_table *t = list[i];
			pthread_mutex_lock(&t->lock);
			if (tick(ts, t, now)) {
				t->version++;
				pthread_cond_broadcast(&t->changed);
			}
			pthread_mutex_unlock(&t->lock);
		}
	}
	free(list);
	return NULL;
}

void web_table_final(const web_table *t, const void *state, double *scores, int *ranks,
		     bool *ranked)
{
	const bones_plugin *p = t->plugin;
	const void *game = bones_session_game(t->s);
	int n = t->row.seat_count, plugin_ranks[WEB_MAX_SEATS] = {0};
	double raw[WEB_MAX_SEATS] = {0}, pen[WEB_MAX_SEATS] = {0};
	bool ended = p->to_move(game, state) == BONES_TERMINAL;
	p->scores(game, state, raw);
	for (int i = 0; i < n; i++)
		pen[i] = t->row.seats[i].penalty;
	if (ended)
		bones_record_ranks(p, game, state, n, plugin_ranks);
	*ranked = ended || t->row.resigned >= 0;
	bones_preset_final_result((p->flags & BONES_LOW_SCORE_WINS) != 0, n, raw,
				  ended ? plugin_ranks : NULL, pen, t->row.resigned, scores, ranks);
}
