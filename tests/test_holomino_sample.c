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

static void test_holomino_sample__draws_are_listed_moves_drawn_uniformly(void)
{
	bones_test_draws_follow_the_list(P, "", 1, 4, 7, 300);
	bones_test_draws_follow_the_list(P, "players=4 scoring=product", 2, 4, 7, 300);
	bones_test_draws_follow_the_list(P, "unique_digits=false", 3, 4, 7, 300);
	bones_test_draws_follow_the_list(P, "max_extent=4", 4, 4, 7, 300);
	bones_test_draws_follow_the_list(P, "digits=9 players=3", 5, 4, 7, 300);
}

static void test_holomino_sample__playouts_by_draws_score_like_playouts_by_lists(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, ""), BONES_OK);
	double a = bones_test_mean_score(&g, true, 20000, 7),
	       b = bones_test_mean_score(&g, false, 20000, 8);
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
