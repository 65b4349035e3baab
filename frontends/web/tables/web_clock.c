/* Time per move and per game at the web tables: each table's bones_table keeps its
 * clock (the preset's [time] rule), the seats' banks, penalties and forfeit; one thread advances every clock four
 * times a second with bones_table_tick and stores what it gave. Penalties and forfeits
 * are stored like moves. After a restart, the running move's clock starts again from
 * the restart. Tests set BONES_WEB_TEST_CLOCK to a file holding the time in
 * milliseconds, which they advance instead of waiting. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "web_table_internal.h"

int64_t web_clock_now(const web_tables *ts)
{
	if (!ts->clock_file[0])
		return bones_clock_now_ms();
	long long ms = 0;
	FILE *f = fopen(ts->clock_file, "r");
	if (!f || fscanf(f, "%lld", &ms) != 1)
		ms = 0; /* a file being rewritten: the clock stands still */
	if (f)
		fclose(f);
	return ms;
}

bool web_table_tick(web_tables *ts, web_table *t, int64_t now)
{
	char err[512];
	bones_table_tick_result r;
	if (t->deleted)
		return false;
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

void web_table_save_bank(web_tables *ts, web_table *t, int seat)
{
	char err[512];
	if (bones_table_time(t->table)->per_game_ms <= 0)
		return;
	int64_t bank = bones_table_bank(t->table, seat, web_clock_now(ts));
	if (web_store_set_bank(ts->store, t->row.id, seat, bank, err, sizeof err))
		web_log("table %s: the time left of seat %d is not saved: %s", t->row.id, seat + 1,
			err);
}

/* The tables in play with a clock, held: copied under the collection's lock, which is
 * not held while each table is ticked. */
static size_t clocked(web_tables *ts, web_table ***list, size_t *cap)
{
	size_t n = 0;
	pthread_mutex_lock(&ts->lock);
	if (*cap < ts->count) {
		web_table **l = realloc(*list, ts->count * sizeof *l);
		if (l)
			*list = l, *cap = ts->count;
	}
	for (size_t i = 0; i < ts->count && n < *cap; i++) {
		web_table *t = ts->tables[i];
		if (bones_time_control_on(&t->row.time) && !web_table_ended(t))
			(*list)[n++] = t, t->refs++;
	}
	pthread_mutex_unlock(&ts->lock);
	return n;
}

bool web_table_idle(const web_table *t, int64_t now)
{
	return now - t->active_at >= WEB_IDLE_MS;
}

void *web_clock_ticker(void *arg)
{
	web_tables *ts = arg;
	web_table **list = NULL;
	size_t cap = 0;
	int64_t swept = web_clock_now(ts);
	for (unsigned tick = 1; !web_tables_stopping(ts); tick++) {
		struct timespec pause = {0, 250000000L};
		nanosleep(&pause, NULL);
		size_t n = clocked(ts, &list, &cap);
		int64_t now = web_clock_now(ts);
		if (now - swept >= 60000 || now < swept) { /* a test's clock may go back */
			web_tables_stop_idle_engines(ts, now);
			swept = now;
		}
		for (size_t i = 0; i < n; i++) {
			web_table *t = list[i];
			pthread_mutex_lock(&t->lock);
			if (web_table_tick(ts, t, now)) {
				web_table_bump(t);
				web_match_advance(ts, t);
			}
			pthread_mutex_unlock(&t->lock);
		}
		web_tables_put_each(ts, list, n);
		if (tick % 4 == 0) /* each second: tables nobody holds leave memory */
			web_tables_let_go(ts, now, WEB_KEEP_MS);
	}
	free(list);
	return NULL;
}
