/* The SPRT (bones/sprt.h): the log-likelihood ratio and bounds against values worked
 * out by hand from the formula, the verdicts, and the parser's errors. */
#include "bones_test.h"

#include "bones/sprt.h"

#include <math.h>
#include <string.h>

static bones_sprt parse_ok(const char *text)
{
	bones_sprt s;
	char why[256];
	CU_ASSERT_EQUAL_FATAL(bones_sprt_parse(text, &s, why, sizeof why), BONES_OK);
	return s;
}

/* 1000 games, 450 won, 200 drawn, 350 lost: mean m = 0.55, E[x^2] = 0.5, variance
 * v = 0.5 - 0.3025 = 0.1975. elo0 = 0 and elo1 = 10 give s0 = 0.5 and
 * s1 = 1 / (1 + 10^(-1/40)) = 0.5143868, so LLR = 1000 (s1 - s0)(2m - s0 - s1) / (2v)
 * = 1000 * 0.0143868 * 0.0856132 / 0.395 = 3.11830: above log(0.95 / 0.05) = 2.94444. */
static void test_sprt__a_trinomial_count_gives_the_hand_computed_llr(void)
{
	bones_sprt s = parse_ok("elo0=0 elo1=10");
	CU_ASSERT_DOUBLE_EQUAL(s.alpha, 0.05, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(s.beta, 0.05, 1e-12);
	bones_sprt_totals t = {0};
	for (int i = 0; i < 1000; i++)
		bones_sprt_add(&t, i < 450 ? 1 : i < 650 ? 0.5 : 0);
	bones_sprt_state st;
	bones_sprt_evaluate(&s, &t, &st);
	CU_ASSERT_DOUBLE_EQUAL(st.llr, 3.11830, 1e-4);
	CU_ASSERT_DOUBLE_EQUAL(st.lower, -2.94444, 1e-4);
	CU_ASSERT_DOUBLE_EQUAL(st.upper, 2.94444, 1e-4);
	CU_ASSERT_DOUBLE_EQUAL(st.score, 0.55, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(st.results, 1000, 1e-12);
	CU_ASSERT_EQUAL(st.verdict, BONES_SPRT_H1);
	/* the mirror image, 350 won and 450 lost: m = 0.45, LLR = 1000 * 0.0143868 *
	 * (0.9 - 1.0143868) / 0.395 = -4.1661, below the lower bound: H0 */
	bones_sprt_totals u = {0};
	for (int i = 0; i < 1000; i++)
		bones_sprt_add(&u, i < 350 ? 1 : i < 550 ? 0.5 : 0);
	bones_sprt_evaluate(&s, &u, &st);
	CU_ASSERT_DOUBLE_EQUAL(st.llr, -4.1661, 1e-3);
	CU_ASSERT_EQUAL(st.verdict, BONES_SPRT_H0);
}

/* 100 pairs of games on one deal: 30 pairs won twice (1), 40 won and drawn (0.75), 20
 * split (0.5), 10 drawn and lost (0.25): m = 0.725, v = 0.585625 - 0.525625 = 0.055625;
 * elo1 = 50: s1 = 1 / (1 + 10^(-0.125)) = 0.5714631, LLR = 100 * 0.0714631 * 0.3785369
 * / 0.11125 = 24.3159. alpha = beta = 0.1: bounds -+log(0.9 / 0.1) = -+2.19722. */
static void test_sprt__pairs_give_the_hand_computed_llr(void)
{
	bones_sprt s = parse_ok("elo0=0 elo1=50 alpha=0.1 beta=0.1");
	bones_sprt_totals t = {0};
	for (int i = 0; i < 100; i++)
		bones_sprt_add(&t, i < 30 ? 1 : i < 70 ? 0.75 : i < 90 ? 0.5 : 0.25);
	bones_sprt_state st;
	bones_sprt_evaluate(&s, &t, &st);
	CU_ASSERT_DOUBLE_EQUAL(st.llr, 24.3159, 1e-3);
	CU_ASSERT_DOUBLE_EQUAL(st.upper, log(9), 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(st.lower, -log(9), 1e-9);
	CU_ASSERT_EQUAL(st.verdict, BONES_SPRT_H1);
}

/* No results, or results without variance, decide nothing. */
static void test_sprt__no_variance_decides_nothing(void)
{
	bones_sprt s = parse_ok("elo0=-5 elo1=5");
	bones_sprt_totals t = {0};
	bones_sprt_state st;
	bones_sprt_evaluate(&s, &t, &st);
	CU_ASSERT_EQUAL(st.verdict, BONES_SPRT_RUNNING);
	for (int i = 0; i < 50; i++)
		bones_sprt_add(&t, 0.5);
	bones_sprt_evaluate(&s, &t, &st);
	CU_ASSERT_EQUAL(st.llr, 0);
	CU_ASSERT_EQUAL(st.verdict, BONES_SPRT_RUNNING);
}

static void test_sprt__each_bad_text_names_its_word(void)
{
	static const char *const bad[][2] = {
		{"elo0=0", "needs elo0 < elo1 (e.g. elo0=0 elo1=5)"},
		{"elo0=5 elo1=5", "needs elo0 < elo1 (e.g. elo0=0 elo1=5)"},
		{"elo0=0 elo1=x", "elo1: 'x' is not a number"},
		{"elo0=0 elo1=5 gamma=1", "'gamma': expected elo0=E elo1=E [alpha=P] [beta=P]"},
		{"elo0=0 elo1=5 fast", "'fast': expected elo0=E elo1=E [alpha=P] [beta=P]"},
		{"elo0=0 elo1=5 alpha=0.5", "alpha and beta must lie between 0 and 0.5"},
		{"elo0=0 elo1=5 beta=0", "alpha and beta must lie between 0 and 0.5"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		bones_sprt s;
		char why[256] = "";
		CU_ASSERT_EQUAL(bones_sprt_parse(bad[i][0], &s, why, sizeof why), BONES_EINVAL);
		CU_ASSERT_STRING_EQUAL(why, bad[i][1]);
	}
	char line[256];
	bones_sprt s = parse_ok("elo0=0 elo1=5 alpha=0.05 beta=0.1");
	bones_sprt_state st = {.llr = 1.5, .lower = -2.25, .upper = 2.89, .score = 0.52,
			       .results = 400, .verdict = BONES_SPRT_RUNNING};
	bones_sprt_format(&s, &st, "games", line, sizeof line);
	CU_ASSERT_STRING_EQUAL(line, "SPRT elo0=0 elo1=5 alpha=0.05 beta=0.1: running: LLR 1.50 "
				     "in (-2.25, 2.89), A scored 0.520 over 400 games");
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"a trinomial count gives the hand-computed LLR",
		 test_sprt__a_trinomial_count_gives_the_hand_computed_llr},
		{"pairs give the hand-computed LLR", test_sprt__pairs_give_the_hand_computed_llr},
		{"no variance decides nothing", test_sprt__no_variance_decides_nothing},
		{"each bad text names its word", test_sprt__each_bad_text_names_its_word},
		{NULL, NULL}};
	return bones_test_main("sprt", cases);
}
