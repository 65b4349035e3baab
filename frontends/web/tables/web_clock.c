/* The tables' time: the wall clock, or, in tests, a file holding the time in
 * milliseconds (BONES_WEB_TEST_CLOCK), which the tests advance instead of waiting. Each
 * table's bones_table keeps its clock (the preset's [time] rule): web_ticker.c advances
 * them and web_table_commit.c stores what they gave. */
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

int64_t web_clock_wall(const web_tables *ts)
{
	if (ts->clock_file[0])
		return web_clock_now(ts);
	struct timespec now;
	clock_gettime(CLOCK_REALTIME, &now);
	return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

bool web_clock_idle(const web_table *t, int64_t now)
{
	return now - t->active_at >= WEB_IDLE_MS;
}
