/* `bones bench GAME --redraw [--size WxH] [--seconds S]`: full redraws per second of a
 * late position (a random game played to its last player move), board, hands, targets
 * and last move, with the Cairo canvas on an image surface, as the window draws a frame
 * (without the upload to the screen). Prints the median over every redraw timed. */
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_redraw.h"
#include "bones/i18n.h"
#include "bones/picture.h"
#include "bones/rng.h"

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* Play random moves to the end; returns the history index of the last player move. */
static size_t play_out(bones_session *s, uint64_t seed, size_t *player_moves)
{
	const bones_plugin *p = bones_session_plugin(s);
	size_t cap = bones_session_info(s)->max_moves, last = 0;
	bones_move *moves = malloc(cap * sizeof *moves);
	bones_rng rng;
	bones_rng_seed(&rng, seed);
	*player_moves = 0;
	while (moves && bones_session_resolve_chance(s) == BONES_OK) {
		if (bones_session_to_move(s) < 0)
			break;
		size_t n = p->legal_moves(bones_session_game(s), bones_session_state(s), moves,
					  NULL, cap);
		if (n == 0)
			break;
		last = bones_session_length(s);
		if (bones_session_play(s, moves[bones_rng_below(&rng, (uint32_t)n)]) != BONES_OK)
			break;
		(*player_moves)++;
	}
	free(moves);
	return last;
}

int bench_redraw(bones_session *s, double seconds, int w, int h, uint64_t seed)
{
	size_t player_moves;
	size_t index = play_out(s, seed, &player_moves);
	bones_picture_game pos = bones_picture_game_of(s, index);
	bones_picture_request req = bones_picture_defaults();
	req.width = w, req.height = h;
	req.flags |= BONES_PICTURE_TARGETS | BONES_PICTURE_OPEN;
	cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
	cairo_t *cr = cairo_create(surf);
	bones_picture_canvas c;
	char err[256];
	size_t cap = 1 << 16, n = 0;
	double *times = malloc(cap * sizeof *times);
	bones_status st = bones_picture_canvas_init(&c, cr, err, sizeof err);
	double start = now_s();
	while (st == BONES_OK && times && n < cap && (n < 10 || now_s() - start < seconds)) {
		double t0 = now_s();
		st = bones_picture_draw(&c, &pos, &req, NULL, err, sizeof err);
		cairo_surface_flush(surf);
		times[n++] = now_s() - t0;
	}
	int rc = 0;
	if (st != BONES_OK || !times) {
		fprintf(stderr, "bones bench: %s\n", times ? err : _("out of memory"));
		rc = 1;
	} else {
		double total = 0;
		for (size_t i = 0; i < n; i++)
			total += times[i];
		qsort(times, n, sizeof *times, by_value);
		double median = times[n / 2];
		printf("redraws_per_s: %.0f\nsize: %dx%d\nredraws: %zu\nmedian_ms: %.3f\n"
		       "mean_ms: %.3f\nposition: after %zu player moves (history index %zu)\n",
		       median > 0 ? 1.0 / median : 0.0, w, h, n, median * 1e3, total / (double)n * 1e3,
		       player_moves - 1, index);
	}
	bones_picture_canvas_release(&c);
	cairo_destroy(cr);
	cairo_surface_destroy(surf);
	free(times);
	return rc;
}
