/* Holomino's sample_move (ABI 1.1): every draw is a move legal_moves lists, each of
 * them equally often (chance outcomes by their probabilities), and playouts by draws
 * score like playouts by lists. */
#include "bones_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../plugins/holomino/holomino.h"

extern const bones_plugin bones_plugin_entry;

static const bones_plugin *P = &bones_plugin_entry;

/* Draw 300 x n times in s: each draw is listed, and the counts pass a chi-square test
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
	unsigned draws = 300 * (unsigned)n;
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

static void draws_follow_the_list(const char *settings, uint64_t seed)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, settings), BONES_OK);
	void *s = bones_test_new_state(&g);
	bones_rng rng;
	bones_rng_seed(&rng, seed);
	for (int game = 0; game < 4; game++) {
		P->init_state(g.game, s);
		for (int step = 0; P->to_move(g.game, s) != BONES_TERMINAL; step++) {
			if (step % 7 == 3)
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

static void test_holomino_sample__draws_are_listed_moves_drawn_uniformly(void)
{
	draws_follow_the_list("", 1);
	draws_follow_the_list("players=4 scoring=product", 2);
	draws_follow_the_list("unique_digits=false", 3);
	draws_follow_the_list("max_extent=4", 4);
	draws_follow_the_list("digits=9 players=3", 5);
}

/* The mean total score of random games played by draws or by lists. */
static double mean_score(const bones_test_game *g, bool draw, int games, uint64_t seed)
{
	size_t cap = g->info.max_moves;
	bones_move *moves = malloc(cap * sizeof *moves);
	double *probs = malloc(cap * sizeof *probs), sc[HM_MAX_PLAYERS], total = 0;
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

static void test_holomino_sample__playouts_by_draws_score_like_playouts_by_lists(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, ""), BONES_OK);
	double a = mean_score(&g, true, 20000, 7), b = mean_score(&g, false, 20000, 8);
	CU_ASSERT(fabs(a - b) < 0.8);
	CU_ASSERT(a > 32 && a < 37); /* the default game: about 34 points a game */
	bones_test_release(&g);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"draws are listed moves drawn uniformly",
		 test_holomino_sample__draws_are_listed_moves_drawn_uniformly},
		{"playouts by draws score like playouts by lists",
		 test_holomino_sample__playouts_by_draws_score_like_playouts_by_lists},
		{NULL, NULL},
	};
	return bones_test_main("holomino_sample", cases);
}
