/* The clocks' thread: every table's clock four times a second (web_table_commit.c's
 * tick), the engines of idle tables stopped once a minute, and the tables nobody holds
 * let go of once a second. */
#include <stdlib.h>
#include <time.h>

#include "web_table_internal.h"

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
		if (bones_time_control_on(&t->row.time) && !web_table_ended(t) &&
		    !atomic_load(&t->lost))
			(*list)[n++] = t, t->refs++;
	}
	pthread_mutex_unlock(&ts->lock);
	return n;
}

void *web_ticker_run(void *arg)
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
			web_engine_seat_stop_idle(ts, now);
			swept = now;
		}
		for (size_t i = 0; i < n; i++) {
			web_table *t = list[i];
			pthread_mutex_lock(&t->lock);
			if (web_table_commit_tick(ts, t, now)) {
				web_table_bump(t);
				web_table_commit_advance(ts, t);
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
