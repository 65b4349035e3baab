/* An agent's speed on one fixed position, behind `bones bench GAME --agent SPEC`:
 * choices, search iterations and simulated moves per second; see bones/bench.h. */
#include "bones/agent.h"
#include "bones/bench.h"
#include "bones/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One random step from state: a chance outcome by its probabilities or a uniform move.
 * Returns the mover (BONES_CHANCE or a player) or BONES_TERMINAL. */
static int random_step(const bones_plugin *p, const void *game, void *state,
		       bones_move *moves, double *probs, size_t cap, bones_rng *rng)
{
	int who = p->to_move(game, state);
	if (who == BONES_TERMINAL)
		return who;
	size_t n = p->legal_moves(game, state, moves, probs, cap);
	if (!n)
		return BONES_TERMINAL;
	bones_move m = moves[who == BONES_CHANCE ? bones_rng_pick(rng, probs, n)
						 : bones_rng_below(rng, (uint32_t)n)];
	return p->apply(game, state, m) == BONES_OK ? who : BONES_TERMINAL;
}

/* Player moves in one random game from the initial state. */
static unsigned game_length(const bones_plugin *p, const void *game, void *state,
			    bones_move *moves, double *probs, size_t cap, bones_rng *rng)
{
	unsigned n = 0;
	p->init_state(game, state);
	for (int who; (who = random_step(p, game, state, moves, probs, cap, rng)) !=
		      BONES_TERMINAL;)
		n += who != BONES_CHANCE;
	return n;
}

static int cmp_unsigned(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
	return (x > y) - (x < y);
}

bones_status bones_bench_position(const bones_plugin *p, const void *game,
				  const bones_game_info *info, long moves_in, uint64_t seed,
				  void *state, unsigned *made)
{
	size_t cap = info->max_moves ? info->max_moves : 1;
	bones_move *moves = malloc(cap * sizeof *moves);
	double *probs = malloc(cap * sizeof *probs);
	bones_status st = BONES_ENOMEM;
	if (!moves || !probs)
		goto out_free;
	bones_rng rng;
	bones_rng_seed(&rng, seed);
	unsigned target = (unsigned)moves_in;
	if (moves_in < 0) { /* half the median length of 21 random games */
		unsigned len[21];
		for (int i = 0; i < 21; i++)
			len[i] = game_length(p, game, state, moves, probs, cap, &rng);
		qsort(len, 21, sizeof *len, cmp_unsigned);
		target = len[10] / 2;
		bones_rng_seed(&rng, seed);
	}
	p->init_state(game, state);
	unsigned n = 0;
	st = BONES_ERANGE;
	for (;;) {
		int who = p->to_move(game, state);
		if (who == BONES_TERMINAL)
			goto out_free;
		if (who != BONES_CHANCE && n >= target &&
		    p->legal_moves(game, state, moves, probs, cap) >= 2)
			break; /* a choice to search (one legal move is played at once) */
		int mover = random_step(p, game, state, moves, probs, cap, &rng);
		if (mover == BONES_TERMINAL)
			goto out_free;
		n += mover != BONES_CHANCE;
	}
	*made = n;
	st = BONES_OK;
out_free:
	free(moves);
	free(probs);
	return st;
}

bones_status bones_bench_agent(const bones_plugin *p, const void *game,
			       const bones_game_info *info, const void *state, const char *spec,
			       double seconds, uint64_t seed, bones_bench_agent_result *out,
			       char *err, size_t errcap)
{
	memset(out, 0, sizeof *out);
	out->searched = true;
	double start = bones_bench_now(), now = start, busy = 0;
	do {
		bones_agent *a;
		bones_status st = bones_agent_create(spec, p, game, info, seed + out->choices, &a,
						     err, errcap);
		if (st)
			return st;
		bones_move m;
		double t0 = bones_bench_now();
		st = bones_agent_choose(a, state, &m);
		now = bones_bench_now();
		busy += now - t0;
		bones_search_stats ss;
		if (!st && !bones_agent_search_stats(a, &ss)) {
			out->iterations += ss.iterations;
			out->sim_moves += ss.sim_moves;
			out->cpu_seconds += ss.cpu_seconds;
		} else {
			out->searched = false;
		}
		bones_agent_destroy(a);
		if (st) {
			snprintf(err, errcap, _("agent '%s' failed to choose (status %d)"), spec,
				 (int)st);
			return st;
		}
		out->choices++;
	} while (now - start < seconds);
	out->seconds = busy;
	if (busy > 0) {
		out->choices_per_s = (double)out->choices / busy;
		out->iterations_per_s = (double)out->iterations / busy;
		out->sim_moves_per_s = (double)out->sim_moves / busy;
	}
	return BONES_OK;
}
