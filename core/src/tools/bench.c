/* Random playouts per second on one core; see bones/bench.h. */
#include "bones/bench.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

double bones_bench_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bones_status bones_bench_run(const bones_plugin *plugin, const void *game,
			     const bones_game_info *info, double seconds, uint64_t seed,
			     bones_bench_result *out)
{
	size_t cap = info->max_moves ? info->max_moves : 1;
	void *state = calloc(1, info->state_size ? info->state_size : 1);
	bones_move *moves = malloc(cap * sizeof *moves);
	double *probs = malloc(cap * sizeof *probs);
	bones_status st = BONES_ENOMEM;
	memset(out, 0, sizeof *out);
	out->state_size = info->state_size;
	if (!state || !moves || !probs)
		goto out_free;
	bones_rng rng;
	bones_rng_seed(&rng, seed);
	double start = bones_bench_now(), now = start;
	do {
		out->moves += bones_bench_playout(plugin, game, state, moves, probs, cap, &rng,
						  UINT64_MAX);
		out->playouts++;
		now = bones_bench_now();
	} while (now - start < seconds);
	out->seconds = now - start;
	if (out->seconds > 0) {
		out->playouts_per_s = (double)out->playouts / out->seconds;
		out->moves_per_s = (double)out->moves / out->seconds;
	}
	st = BONES_OK;
out_free:
	free(state);
	free(moves);
	free(probs);
	return st;
}
