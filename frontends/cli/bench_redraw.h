/* `bones bench GAME --redraw`: full redraws per second of a late position (bench_redraw.c). */
#ifndef BONES_CLI_BENCH_REDRAW_H
#define BONES_CLI_BENCH_REDRAW_H

#include <stdint.h>

#include "bones/session.h"

/* Plays s to its last player move with random moves from seed, then redraws that
 * position at w x h for about `seconds`; prints redraws_per_s (median). Exit status. */
int bench_redraw(bones_session *s, double seconds, int w, int h, uint64_t seed);

#endif /* BONES_CLI_BENCH_REDRAW_H */
