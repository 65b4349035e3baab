/* Time per move and per game; see bones/clock.h. */
#include "bones/clock.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

bool bones_clock_parse_duration(const char *text, int64_t *ms)
{
	char *end;
	errno = 0;
	double v = strtod(text, &end);
	if (errno || end == text || !isfinite(v) || v < 0)
		return false;
	double scale = 1000;
	if (!strcmp(end, "ms"))
		scale = 1;
	else if (!strcmp(end, "m") || !strcmp(end, "min"))
		scale = 60000;
	else if (!strcmp(end, "h"))
		scale = 3600000;
	else if (!strcmp(end, "d"))
		scale = 86400000;
	else if (*end && strcmp(end, "s"))
		return false;
	if (v * scale > (double)BONES_CLOCK_MAX_MS) /* checked before the cast: no overflow */
		return false;
	*ms = (int64_t)(v * scale + 0.5);
	return true;
}

bool bones_time_control_on(const bones_time_control *control)
{
	return control->per_move_ms > 0 || control->per_game_ms > 0;
}

void bones_clock_init(bones_clock *clock, const bones_time_control *control)
{
	memset(clock, 0, sizeof *clock);
	clock->control = *control;
	clock->bank_ms = control->per_game_ms;
	clock->phase = bones_time_control_on(control) ? BONES_CLOCK_RUNNING : BONES_CLOCK_OFF;
}

void bones_clock_start(bones_clock *clock, int64_t now_ms)
{
	clock->started_ms = now_ms;
	if (clock->phase != BONES_CLOCK_OFF)
		clock->phase = BONES_CLOCK_RUNNING;
}

void bones_clock_start_bank(bones_clock *clock, int64_t now_ms, int64_t bank_ms)
{
	bones_clock_start(clock, now_ms);
	clock->bank_ms = bank_ms > 0 ? bank_ms : 0;
}

int64_t bones_clock_bank_after(const bones_clock *clock, int64_t now_ms)
{
	const bones_time_control *tc = &clock->control;
	if (tc->per_game_ms <= 0)
		return clock->bank_ms;
	int64_t used = now_ms > clock->started_ms ? now_ms - clock->started_ms : 0;
	if (used >= clock->bank_ms)
		return 0;
	return clock->bank_ms - used + tc->increment_ms; /* each at most 30 days: no overflow */
}

bones_clock_phase bones_clock_update(bones_clock *clock, int64_t now_ms, bool *penalised)
{
	const bones_time_control *tc = &clock->control;
	int64_t used = now_ms - clock->started_ms;
	bool running = clock->phase != BONES_CLOCK_OFF && clock->phase != BONES_CLOCK_FORFEIT;
	*penalised = false;
	if (running && tc->per_game_ms > 0 && used >= clock->bank_ms) {
		clock->phase = BONES_CLOCK_FORFEIT; /* the bank is empty */
		return clock->phase;
	}
	if (tc->per_move_ms <= 0)
		return clock->phase;
	if (clock->phase == BONES_CLOCK_RUNNING && used >= tc->per_move_ms) {
		clock->phase = BONES_CLOCK_GRACE;
		*penalised = true;
	}
	if (clock->phase == BONES_CLOCK_GRACE && used >= tc->per_move_ms + tc->grace_ms)
		clock->phase = tc->forfeit ? BONES_CLOCK_FORFEIT : BONES_CLOCK_OVERTIME;
	return clock->phase;
}

int64_t bones_clock_remaining(const bones_clock *clock, int64_t now_ms)
{
	const bones_time_control *tc = &clock->control;
	int64_t used = now_ms - clock->started_ms, end = INT64_MAX;
	if (clock->phase == BONES_CLOCK_OFF || clock->phase == BONES_CLOCK_FORFEIT)
		return 0;
	if (tc->per_move_ms > 0 && clock->phase != BONES_CLOCK_OVERTIME)
		end = tc->per_move_ms + (clock->phase == BONES_CLOCK_GRACE ? tc->grace_ms : 0);
	else if (tc->per_game_ms <= 0)
		return 0; /* overtime without a bank: no limit */
	if (tc->per_game_ms > 0 && clock->bank_ms < end)
		end = clock->bank_ms;
	return used < end ? end - used : 0;
}

/* The injected clock's file (BONES_TEST_CLOCK), or NULL. */
static const char *test_clock(void)
{
	const char *path = getenv("BONES_TEST_CLOCK");
	return path && *path ? path : NULL;
}

/* The milliseconds in the test clock's file; 0 when it is missing or holds no number. */
static int64_t test_clock_read(const char *path)
{
	FILE *f = fopen(path, "r");
	long long ms = 0;
	if (f) {
		if (fscanf(f, "%lld", &ms) != 1)
			ms = 0;
		fclose(f);
	}
	return ms;
}

bool bones_clock_injected(void)
{
	return test_clock() != NULL;
}

bool bones_clock_advance_injected(int64_t ms)
{
	const char *path = test_clock();
	char tmp[4096];
	if (!path || snprintf(tmp, sizeof tmp, "%s.new", path) >= (int)sizeof tmp)
		return false;
	FILE *f = fopen(tmp, "w");
	if (!f)
		return false;
	bool ok = fprintf(f, "%lld\n", (long long)(test_clock_read(path) + ms)) > 0;
	ok = !fclose(f) && ok && !rename(tmp, path); /* readers see the old or the new time */
	return ok;
}

int64_t bones_clock_now_ms(void)
{
	const char *path = test_clock();
	if (path)
		return test_clock_read(path);
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

const char *bones_clock_text(int64_t ms, char *buf, size_t cap)
{
	int64_t s = ms > 0 ? (ms + 999) / 1000 : 0;
	if (s >= 86400)
		snprintf(buf, cap, "%lldd %d:%02d", (long long)(s / 86400), (int)(s % 86400 / 3600),
			 (int)(s % 3600 / 60));
	else if (s >= 3600)
		snprintf(buf, cap, "%d:%02d:%02d", (int)(s / 3600), (int)(s % 3600 / 60),
			 (int)(s % 60));
	else
		snprintf(buf, cap, "%lld:%02d", (long long)(s / 60), (int)(s % 60));
	return buf;
}
