/* Geominos' sample_move (ABI 1.1): every draw is a move legal_moves lists, each of them
 * equally often (deck draws too), also where few placements fit and the draw falls back
 * on counting them, and playouts by draws score like playouts by lists. */
#include "bones_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../plugins/geominos/geominos.h"

extern const bones_plugin bones_plugin_entry;

static const bones_plugin *P = &bones_plugin_entry;

/* Draw 200 x n times in s: each draw is listed, and the counts pass a chi-square test
 * at a generous bound (the seeds are fixed: a pass is a pass for good). */
static void check_draws(const bones_test_game *g, const void *s, bones_rng *rng)
{
	size_t cap = g->info.max_moves;
	bones_move *moves = malloc(cap * sizeof *moves);
	double *probs = malloc(cap * sizeof *probs);
	unsigned *count = calloc(cap, sizeof *count);
	size_t n = P->legal_moves(g->game, s, moves, probs, cap);
	CU_ASSERT_FATAL(n > 0);
	if (P->to_move(g->game, s) != BONES_CHANCE)
		for (size_t i = 0; i < n; i++)
			probs[i] = 1.0 / (double)n;
	unsigned draws = 200 * (unsigned)n;
	for (unsigned d = 0; d < draws; d++) {
		bones_move m;
		CU_ASSERT_EQUAL_FATAL(P->sample_move(g->game, s, bones_rng_next_void, rng, &m),
				      BONES_OK);
		size_t i = 0;
		while (i < n && moves[i] != m)
			i++;
		CU_ASSERT_FATAL(i < n);
		count[i]++;
	}
	double chi = 0;
	for (size_t i = 0; i < n; i++) {
		double e = probs[i] * draws;
		chi += (count[i] - e) * (count[i] - e) / e;
	}
	double df = (double)n - 1;
	CU_ASSERT(chi <= df + 6 * sqrt(2 * df) + 10);
	free(count);
	free(probs);
	free(moves);
}

static void draws_follow_the_list(const char *settings, uint64_t seed, int every)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, settings), BONES_OK);
	void *s = bones_test_new_state(&g);
	bones_rng rng;
	bones_rng_seed(&rng, seed);
	for (int game = 0; game < 2; game++) {
		P->init_state(g.game, s);
		for (int step = 0; P->to_move(g.game, s) != BONES_TERMINAL; step++) {
			if (step % every == every / 2)
				check_draws(&g, s, &rng);
			bones_test_random_playout(&g, s, &rng, 1);
		}
		bones_move m;
		CU_ASSERT_EQUAL(P->sample_move(g.game, s, bones_rng_next_void, &rng, &m),
				BONES_EILLEGAL);
	}
	free(s);
	bones_test_release(&g);
}

static void test_geominos_sample__draws_are_listed_moves_drawn_uniformly(void)
{
	draws_follow_the_list("players=2 deal=all", 1, 9);
	draws_follow_the_list("players=3 deal=five", 2, 9);
	draws_follow_the_list("players=2 deal=one", 3, 9);
	/* Small tiles where players get stuck: few placements fit, often none. */
	draws_follow_the_list("players=2 deal=all tiles=" BONES_TEST_FIXTURES
			      "/geominos/rules-tiles.ini", 4, 1);
}

/* The mean total score of random games played by draws or by lists. */
static double mean_score(const bones_test_game *g, bool draw, int games, uint64_t seed)
{
	size_t cap = g->info.max_moves;
	bones_move *moves = malloc(cap * sizeof *moves);
	double *probs = malloc(cap * sizeof *probs), sc[GEO_MAX_PLAYERS], total = 0;
	void *s = bones_test_new_state(g);
	bones_rng rng;
	bones_rng_seed(&rng, seed);
	for (int i = 0; i < games; i++) {
		P->init_state(g->game, s);
		for (int who; (who = P->to_move(g->game, s)) != BONES_TERMINAL;) {
			bones_move m;
			if (draw) {
				bones_status st = P->sample_move(g->game, s, bones_rng_next_void,
								 &rng, &m);
				CU_ASSERT_EQUAL_FATAL(st, BONES_OK);
			} else {
				size_t n = P->legal_moves(g->game, s, moves, probs, cap);
				m = moves[who == BONES_CHANCE ? bones_rng_pick(&rng, probs, n)
							      : bones_rng_below(&rng, (uint32_t)n)];
			}
			CU_ASSERT_EQUAL_FATAL(P->apply(g->game, s, m), BONES_OK);
		}
		P->scores(g->game, s, sc);
		for (int p = 0; p < g->info.players; p++)
			total += sc[p];
	}
	free(s);
	free(probs);
	free(moves);
	return total / games;
}

static void test_geominos_sample__playouts_by_draws_score_like_playouts_by_lists(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, ""), BONES_OK);
	double a = mean_score(&g, true, 4000, 7), b = mean_score(&g, false, 4000, 8);
	fprintf(stderr, " [mean scores %.2f by draws, %.2f by lists] ", a, b);
	CU_ASSERT(fabs(a - b) < 0.015 * b);
	bones_test_release(&g);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"draws are listed moves drawn uniformly",
		 test_geominos_sample__draws_are_listed_moves_drawn_uniformly},
		{"playouts by draws score like playouts by lists",
		 test_geominos_sample__playouts_by_draws_score_like_playouts_by_lists},
		{NULL, NULL},
	};
	return bones_test_main("geominos_sample", cases);
}
