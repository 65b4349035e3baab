/* Random playouts per second on one core, behind `bones bench`: a plugin's speed as
 * search agents and tournaments see it. The playout loop is inline here so a program
 * that compiles a plugin's source in can measure the same loop with direct calls and
 * price the plugin boundary (tests/test_boundary.c). */
#ifndef BONES_BENCH_H
#define BONES_BENCH_H

#include <stdbool.h>

#include "bones/plugin.h"
#include "bones/rng.h"

/* What a run measured. */
typedef struct bones_bench_result {
	double seconds;        /* wall-clock time spent playing */
	uint64_t playouts;     /* games played from init_state to the end */
	uint64_t moves;        /* moves and chance outcomes applied */
	double playouts_per_s, moves_per_s;
	size_t state_size;     /* bytes of one state */
} bones_bench_result;

/* One random playout from the initial state to the end (or max_steps moves): player
 * moves uniformly, chance outcomes by their probabilities (drawn by sample_move where
 * the plugin has it, which also tells the end: no to_move call). Returns the moves made.
 * moves and probs hold cap >= max_moves entries; state holds state_size bytes. */
static inline uint64_t bones_bench_playout(const bones_plugin *p, const void *game,
					   void *state, bones_move *moves, double *probs,
					   size_t cap, bones_rng *rng, uint64_t max_steps)
{
	uint64_t steps = 0;
	p->init_state(game, state);
	if (p->sample_move) { /* ABI 1.1: one draw, no list; BONES_EILLEGAL at the end */
		bones_move m;
		for (; steps < max_steps; steps++)
			if (p->sample_move(game, state, bones_rng_next_void, rng, &m) != BONES_OK ||
			    p->apply(game, state, m) != BONES_OK)
				break;
		return steps;
	}
	while (steps < max_steps) {
		int who = p->to_move(game, state);
		if (who == BONES_TERMINAL)
			break;
		size_t n = p->legal_moves(game, state, moves, probs, cap);
		if (n == 0)
			break;
		bones_move m = moves[who == BONES_CHANCE ? bones_rng_pick(rng, probs, n)
							 : bones_rng_below(rng, (uint32_t)n)];
		if (p->apply(game, state, m) != BONES_OK)
			break;
		steps++;
	}
	return steps;
}

/* Play random playouts of a configured game for about `seconds` (at least one) from
 * seed and measure them. BONES_ENOMEM, else BONES_OK. */
bones_status bones_bench_run(const bones_plugin *plugin, const void *game,
			     const bones_game_info *info, double seconds, uint64_t seed,
			     bones_bench_result *out);

/* A fixed position for timing an agent: the state after `moves` random player moves
 * (chance outcomes by their probabilities, as they come) from seed's game, at the next
 * player's turn with at least two legal moves (more random moves until there is one);
 * moves < 0 for the middle of the game (half the median length of 21 random games from
 * the same seed). state holds state_size bytes; *made gets the player moves made.
 * BONES_ERANGE when the game ends first, BONES_ENOMEM. */
bones_status bones_bench_position(const bones_plugin *plugin, const void *game,
				  const bones_game_info *info, long moves, uint64_t seed,
				  void *state, unsigned *made);

/* What an agent did on one position, its choices made one after another. */
typedef struct bones_bench_agent_result {
	uint64_t choices;      /* choices made, each by a fresh agent (seed, seed + 1, ...) */
	uint64_t iterations;   /* search iterations of all choices, all threads */
	uint64_t sim_moves;    /* moves applied while searching */
	double seconds;        /* wall time spent choosing (agent creation excluded) */
	double cpu_seconds;    /* CPU time of the search threads, summed */
	double choices_per_s, iterations_per_s, sim_moves_per_s; /* per wall second */
	bool searched;         /* the agent reports search statistics (mcts) */
} bones_bench_agent_result;

/* Let the agent of spec choose a move in state again and again for about `seconds`
 * (at least once). A bad spec or a failed choice returns its status with a message in
 * err. */
bones_status bones_bench_agent(const bones_plugin *plugin, const void *game,
			       const bones_game_info *info, const void *state, const char *spec,
			       double seconds, uint64_t seed, bones_bench_agent_result *out,
			       char *err, size_t errcap);

/* Seconds on the monotonic clock, for timing loops. */
double bones_bench_now(void);

#endif /* BONES_BENCH_H */
