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

static void test_geominos_sample__draws_are_listed_moves_drawn_uniformly(void)
{
	bones_test_draws_follow_the_list(P, "players=2 deal=all", 1, 2, 9, 200);
	bones_test_draws_follow_the_list(P, "players=3 deal=five", 2, 2, 9, 200);
	bones_test_draws_follow_the_list(P, "players=2 deal=one", 3, 2, 9, 200);
	/* Small tiles where players get stuck: few placements fit, often none. */
	bones_test_draws_follow_the_list(P, "players=2 deal=all tiles=" BONES_TEST_FIXTURES
					 "/geominos/rules-tiles.ini", 4, 2, 1, 200);
}

static void test_geominos_sample__playouts_by_draws_score_like_playouts_by_lists(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, ""), BONES_OK);
	double a = bones_test_mean_score(&g, true, 4000, 7),
	       b = bones_test_mean_score(&g, false, 4000, 8);
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
