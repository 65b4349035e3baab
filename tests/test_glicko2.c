/* Glicko-2 against the worked example of Glickman's paper ("Example of the Glicko-2
 * system", 2012) and the direction of a single game's change. */
#include "bones_test.h"

#include "bones/glicko2.h"

/* The paper: a player of 1500 (RD 200, volatility 0.06, tau 0.5) beats 1400 (RD 30),
 * loses to 1550 (RD 100) and to 1700 (RD 300) in one period: 1464.06, RD 151.52,
 * volatility 0.05999. */
static void test_glicko2__the_papers_example_gives_its_numbers(void)
{
	bones_glicko2 p = {1500, 200, 0.06};
	const bones_glicko2_game games[3] = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
	bones_glicko2_update(&p, games, 3, 0.5);
	CU_ASSERT_DOUBLE_EQUAL(p.rating, 1464.06, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(p.deviation, 151.52, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(p.volatility, 0.05999, 0.00001);
}

/* One game of two newcomers: the winner goes up, the loser down by as much, both
 * deviations shrink; a period without games widens the deviation, at most to 350. */
static void test_glicko2__a_win_raises_a_loss_lowers_and_both_grow_surer(void)
{
	bones_glicko2 a, b;
	bones_glicko2_init(&a);
	bones_glicko2_init(&b);
	const bones_glicko2_game vs_b = {b.rating, b.deviation, 1}, vs_a = {a.rating, a.deviation, 0};
	bones_glicko2_update(&a, &vs_b, 1, BONES_GLICKO2_TAU);
	bones_glicko2_update(&b, &vs_a, 1, BONES_GLICKO2_TAU);
	CU_ASSERT(a.rating > 1500);
	CU_ASSERT(b.rating < 1500);
	CU_ASSERT_DOUBLE_EQUAL(a.rating - 1500, 1500 - b.rating, 1e-9);
	CU_ASSERT(a.deviation < 350 && b.deviation < 350);
	double before = a.deviation;
	bones_glicko2_update(&a, NULL, 0, BONES_GLICKO2_TAU);
	CU_ASSERT(a.deviation > before);
	bones_glicko2 n;
	bones_glicko2_init(&n);
	bones_glicko2_update(&n, NULL, 0, BONES_GLICKO2_TAU);
	CU_ASSERT_DOUBLE_EQUAL(n.deviation, 350, 1e-12);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"the paper's example gives its numbers",
		 test_glicko2__the_papers_example_gives_its_numbers},
		{"a win raises, a loss lowers and both grow surer",
		 test_glicko2__a_win_raises_a_loss_lowers_and_both_grow_surer},
		{NULL, NULL}};
	return bones_test_main("glicko2", cases);
}
