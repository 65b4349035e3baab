/* Swiss tiebreaks against a small event worked out by hand, and the standings order. */
#include "bones_test.h"

#include "bones/tiebreak.h"

/* Four players, three rounds: A-B 1-0, C-D 1-0; A-C 1-0, B-D 1-0; A-D draw, B-C 1-0.
 * Points A 2.5, B 2, C 1, D 0.5. Buchholz A = 2+1+0.5 = 3.5, B = 2.5+0.5+1 = 4,
 * C = 0.5+2.5+2 = 5, D = 1+2+2.5 = 5.5; median Buchholz drops the best and worst
 * opponent: A 1, B 1, C 2, D 2; Sonneborn-Berger A = 2+1+0.5x0.5 = 3.25, B = 0.5+1 = 1.5,
 * C = 0.5, D = 0.5x2.5 = 1.25. */
static void test_tiebreak__a_small_swiss_matches_the_hand_count(void)
{
	static const int who[6][2] = {{0, 1}, {2, 3}, {0, 2}, {1, 3}, {0, 3}, {1, 2}};
	static const double st[6][2] = {{1, 0}, {1, 0}, {1, 0}, {1, 0}, {0, 0}, {1, 0}};
	bones_tiebreak_game games[6];
	for (int g = 0; g < 6; g++)
		games[g] = (bones_tiebreak_game){2, who[g], st[g]};
	const double points[4] = {2.5, 2, 1, 0.5};
	bones_tiebreaks tb[4];
	CU_ASSERT_EQUAL_FATAL(bones_tiebreaks_compute(4, points, games, 6, tb), BONES_OK);
	const double buch[4] = {3.5, 4, 5, 5.5}, med[4] = {1, 1, 2, 2},
		     sb[4] = {3.25, 1.5, 0.5, 1.25};
	for (int i = 0; i < 4; i++) {
		CU_ASSERT_DOUBLE_EQUAL(tb[i].buchholz, buch[i], 1e-12);
		CU_ASSERT_DOUBLE_EQUAL(tb[i].median_buchholz, med[i], 1e-12);
		CU_ASSERT_DOUBLE_EQUAL(tb[i].sonneborn_berger, sb[i], 1e-12);
	}
}

/* Points first; among equal points the higher Buchholz, then Sonneborn-Berger. A game
 * of three seats weighs each opponent 1/2. */
static void test_tiebreak__ties_are_broken_in_order_and_big_tables_weigh_a_game_once(void)
{
	bones_tiebreaks x = {5, 2, 1}, y = {4, 3, 9}, z = {5, 2, 2};
	CU_ASSERT(bones_tiebreaks_compare(2, &y, 1, &x) < 0);
	CU_ASSERT(bones_tiebreaks_compare(1, &x, 1, &y) < 0);
	CU_ASSERT(bones_tiebreaks_compare(1, &z, 1, &x) < 0);
	CU_ASSERT_EQUAL(bones_tiebreaks_compare(1, &x, 1, &x), 0);
	static const int who[3] = {0, 1, 2};
	static const double st[3] = {3, 2, 1};
	bones_tiebreak_game g = {3, who, st};
	const double points[3] = {1, 0.5, 0};
	bones_tiebreaks tb[3];
	CU_ASSERT_EQUAL_FATAL(bones_tiebreaks_compute(3, points, &g, 1, tb), BONES_OK);
	CU_ASSERT_DOUBLE_EQUAL(tb[0].buchholz, 0.25, 1e-12);        /* (0.5 + 0) / 2 */
	CU_ASSERT_DOUBLE_EQUAL(tb[2].buchholz, 0.75, 1e-12);        /* (1 + 0.5) / 2 */
	CU_ASSERT_DOUBLE_EQUAL(tb[0].sonneborn_berger, 0.25, 1e-12); /* beat both */
	CU_ASSERT_DOUBLE_EQUAL(tb[2].sonneborn_berger, 0, 1e-12);    /* beat nobody */
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"a small swiss matches the hand count",
		 test_tiebreak__a_small_swiss_matches_the_hand_count},
		{"ties are broken in order and big tables weigh a game once",
		 test_tiebreak__ties_are_broken_in_order_and_big_tables_weigh_a_game_once},
		{NULL, NULL}};
	return bones_test_main("tiebreak", cases);
}
