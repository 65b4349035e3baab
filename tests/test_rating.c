/* Ratings: the Bradley-Terry fit against hand-computed values, the likelihood equations
 * on random results, rank decomposition and regularisation of perfect scores. */
#include "bones_test.h"

#include "bones/rating.h"

#include <math.h>

static void test_rating__three_wins_in_four_give_190_elo_apart(void)
{
	/* p = 3/4, so the strengths differ by ln 3 nats = 400 log10(3) = 190.85 Elo, split
	 * +-95.42 around 0. Information of the difference: n p (1-p) = 4 * 3/16 = 0.75; with
	 * the mean fixed at 0 each rating is half the difference, variance 1/(4 * 0.75) =
	 * 1/3, so the 95% half-interval is 1.96 * sqrt(1/3) * 400 / ln 10 = 196.58 Elo. */
	bones_rating *r = bones_rating_create(2);
	bool reg = true;
	for (int i = 0; i < 3; i++)
		bones_rating_add_pair(r, 0, 1, 1);
	bones_rating_add_pair(r, 0, 1, 0);
	CU_ASSERT_EQUAL(bones_rating_fit(r, 1, &reg), BONES_OK);
	CU_ASSERT_FALSE(reg);
	CU_ASSERT_DOUBLE_EQUAL(bones_rating_elo(r, 0), 95.424, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(bones_rating_elo(r, 1), -95.424, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(bones_rating_error(r, 0), 196.58, 0.05);
	CU_ASSERT_DOUBLE_EQUAL(bones_rating_games(r, 1), 4, 1e-12);
	bones_rating_destroy(r);
}

static void test_rating__draws_count_half_and_equal_players_rate_zero(void)
{
	/* a beats b, b beats c, c beats a, and every pair drew once: all equal */
	bones_rating *r = bones_rating_create(3);
	bool reg;
	bones_rating_add_pair(r, 0, 1, 1);
	bones_rating_add_pair(r, 1, 2, 1);
	bones_rating_add_pair(r, 2, 0, 1);
	bones_rating_add_pair(r, 0, 1, 0.5);
	bones_rating_add_pair(r, 1, 2, 0.5);
	bones_rating_add_pair(r, 0, 2, 0.5);
	bones_rating_fit(r, 1, &reg);
	for (int i = 0; i < 3; i++)
		CU_ASSERT_DOUBLE_EQUAL(bones_rating_elo(r, i), 0, 1e-6);
	bones_rating_destroy(r);
}

static void test_rating__the_fit_solves_the_likelihood_equations(void)
{
	/* At the maximum, each player's expected score equals the actual score. */
	enum { N = 6 };
	bones_rng rng;
	bones_rng_seed(&rng, 42);
	bones_rating *r = bones_rating_create(N);
	double wins[N] = {0}, games[N][N] = {{0}};
	for (int k = 0; k < 600; k++) {
		int a = (int)bones_rng_below(&rng, N), b = (int)bones_rng_below(&rng, N);
		if (a == b)
			continue;
		double s = bones_rng_double(&rng) < 0.3 + 0.1 * (a - b) / N ? 1 : 0;
		bones_rating_add_pair(r, a, b, s);
		wins[a] += s;
		wins[b] += 1 - s;
		games[a][b] += 1;
		games[b][a] += 1;
	}
	bool reg;
	bones_rating_fit(r, 1, &reg);
	CU_ASSERT_FALSE(reg);
	double sum = 0;
	for (int i = 0; i < N; i++) {
		double expect = 0;
		for (int j = 0; j < N; j++) {
			double d = (bones_rating_elo(r, j) - bones_rating_elo(r, i)) / 400;
			expect += games[i][j] / (1 + pow(10, d));
		}
		CU_ASSERT_DOUBLE_EQUAL(expect, wins[i], 1e-6);
		CU_ASSERT(bones_rating_error(r, i) > 0);
		sum += bones_rating_elo(r, i);
	}
	CU_ASSERT_DOUBLE_EQUAL(sum, 0, 1e-6);
	bones_rating_destroy(r);
}

static void test_rating__a_game_of_four_is_six_pairs_by_rank(void)
{
	/* ranks 1, 2, 2, 4: seat 0 beats all, seats 1 and 2 draw and beat seat 3 */
	bones_rating *r = bones_rating_create(4);
	int players[4] = {0, 1, 2, 3}, ranks[4] = {1, 2, 2, 4};
	bones_rating_add_game(r, 4, players, ranks);
	for (int i = 0; i < 4; i++)
		CU_ASSERT_DOUBLE_EQUAL(bones_rating_games(r, i), 3, 1e-12);
	bool reg = false;
	bones_rating_fit(r, 1, &reg);
	CU_ASSERT_TRUE(reg); /* seat 0 never lost */
	CU_ASSERT(bones_rating_elo(r, 0) > bones_rating_elo(r, 1));
	CU_ASSERT_DOUBLE_EQUAL(bones_rating_elo(r, 1), bones_rating_elo(r, 2), 1e-6);
	CU_ASSERT(bones_rating_elo(r, 2) > bones_rating_elo(r, 3));
	CU_ASSERT(isfinite(bones_rating_elo(r, 0)) && isfinite(bones_rating_error(r, 0)));
	bones_rating_destroy(r);
}

static void test_rating__a_perfect_score_stays_finite_with_one_virtual_draw(void)
{
	/* 2-0 plus one virtual draw: 2.5 of 3, p = 5/6, difference 400 log10(5) = 279.6 */
	bones_rating *r = bones_rating_create(2);
	bool reg = false;
	bones_rating_add_pair(r, 0, 1, 1);
	bones_rating_add_pair(r, 0, 1, 1);
	bones_rating_fit(r, 1, &reg);
	CU_ASSERT_TRUE(reg);
	CU_ASSERT_DOUBLE_EQUAL(bones_rating_elo(r, 0) - bones_rating_elo(r, 1), 279.59, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(bones_rating_games(r, 0), 2, 1e-12);
	bones_rating_destroy(r);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"three wins in four give 190 Elo apart",
		 test_rating__three_wins_in_four_give_190_elo_apart},
		{"draws count half and equal players rate zero",
		 test_rating__draws_count_half_and_equal_players_rate_zero},
		{"the fit solves the likelihood equations",
		 test_rating__the_fit_solves_the_likelihood_equations},
		{"a game of four is six pairs by rank", test_rating__a_game_of_four_is_six_pairs_by_rank},
		{"a perfect score stays finite with one virtual draw",
		 test_rating__a_perfect_score_stays_finite_with_one_virtual_draw},
		{NULL, NULL},
	};
	return bones_test_main("rating", cases);
}
