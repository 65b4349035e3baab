/* Time per move; see bones/clock.h. */
#include "bones/clock.h"

#include <errno.h>
#include <math.h>
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
	else if (*end && strcmp(end, "s"))
		return false;
	if (v * scale > (double)BONES_CLOCK_MAX_MS) /* checked before the cast: no overflow */
		return false;
	*ms = (int64_t)(v * scale + 0.5);
	return true;
}

void bones_clock_init(bones_clock *clock, const bones_time_control *control)
{
	memset(clock, 0, sizeof *clock);
	clock->control = *control;
	clock->phase = control->per_move_ms > 0 ? BONES_CLOCK_RUNNING : BONES_CLOCK_OFF;
}

void bones_clock_start(bones_clock *clock, int64_t now_ms)
{
	clock->started_ms = now_ms;
	if (clock->phase != BONES_CLOCK_OFF)
		clock->phase = BONES_CLOCK_RUNNING;
}

bones_clock_phase bones_clock_update(bones_clock *clock, int64_t now_ms, bool *penalised)
{
	const bones_time_control *tc = &clock->control;
	int64_t used = now_ms - clock->started_ms;
	*penalised = false;
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
	int64_t used = now_ms - clock->started_ms, end;
	switch (clock->phase) {
	case BONES_CLOCK_RUNNING:
		end = clock->control.per_move_ms;
		break;
	case BONES_CLOCK_GRACE:
		end = clock->control.per_move_ms + clock->control.grace_ms;
		break;
	default:
		return 0;
	}
	return used < end ? end - used : 0;
}

int64_t bones_clock_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}
