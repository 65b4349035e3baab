/* Head-to-head matches (`bones match`): the win/draw/loss bookkeeping by rank, the
 * score and its 95% interval on hand-computed values, seats swapped on the same deals,
 * and results that do not depend on the number of worker threads. */
#include "bones_test.h"

#include "bones/headtohead.h"
#include "bones/registry.h"
#include "bones/session.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bones_headtohead_tally tally(int w, int d, int l)
{
	return (bones_headtohead_tally){w, d, l};
}

/* W 6, D 2, L 2: p = (6 + 1) / 10 = 0.7; v = (6 * 0.3^2 + 2 * 0.2^2 + 2 * 0.7^2) / 10
 * = (0.54 + 0.08 + 0.98) / 10 = 0.16; E = 1.96 * sqrt(0.16 / 10) = 0.247923.
 * W 3, L 1: p = 0.75; v = (3 * 0.0625 + 0.5625) / 4 = 0.1875;
 * E = 1.96 * sqrt(0.1875 / 4) = 0.424352. All wins: p = 1, E = 0. */
static void test_headtohead__score_and_interval_match_the_hand_computed_values(void)
{
	bones_headtohead_tally t = tally(6, 2, 2);
	CU_ASSERT_DOUBLE_EQUAL(bones_headtohead_score(&t), 0.7, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(bones_headtohead_interval(&t), 0.247923, 1e-6);
	t = tally(3, 0, 1);
	CU_ASSERT_DOUBLE_EQUAL(bones_headtohead_score(&t), 0.75, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(bones_headtohead_interval(&t), 0.424352, 1e-6);
	t = tally(10, 0, 0);
	CU_ASSERT_DOUBLE_EQUAL(bones_headtohead_score(&t), 1.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(bones_headtohead_interval(&t), 0.0, 1e-12);
	t = tally(0, 4, 0); /* all draws: 50%, no spread */
	CU_ASSERT_DOUBLE_EQUAL(bones_headtohead_score(&t), 0.5, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(bones_headtohead_interval(&t), 0.0, 1e-12);
	t = tally(0, 0, 0);
	CU_ASSERT_DOUBLE_EQUAL(bones_headtohead_score(&t), 0.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(bones_headtohead_interval(&t), 0.0, 1e-12);
}

/* Two players: ranks by seat decide A's result and B's is the mirror. Three players
 * (B in two seats): A wins alone in first place, draws sharing it, loses otherwise. */
static void test_headtohead__ranks_become_wins_draws_and_losses_for_both_agents(void)
{
	bones_headtohead_tally a = tally(0, 0, 0), b = tally(0, 0, 0);
	bones_headtohead_add(&a, &b, 2, (const int[]){1, 2}, 0); /* A win */
	bones_headtohead_add(&a, &b, 2, (const int[]){1, 2}, 1); /* A loss */
	bones_headtohead_add(&a, &b, 2, (const int[]){1, 1}, 1); /* draw */
	bones_headtohead_add(&a, &b, 2, (const int[]){2, 1}, 1); /* A win */
	CU_ASSERT(a.wins == 2 && a.draws == 1 && a.losses == 1);
	CU_ASSERT(b.wins == 1 && b.draws == 1 && b.losses == 2);
	a = b = tally(0, 0, 0);
	bones_headtohead_add(&a, &b, 3, (const int[]){2, 1, 3}, 1); /* A first alone */
	bones_headtohead_add(&a, &b, 3, (const int[]){1, 1, 3}, 0); /* A shares first */
	bones_headtohead_add(&a, &b, 3, (const int[]){1, 2, 2}, 2); /* A behind */
	bones_headtohead_add(&a, &b, 3, (const int[]){3, 1, 1}, 0); /* A last */
	CU_ASSERT(a.wins == 1 && a.draws == 1 && a.losses == 2);
	CU_ASSERT(b.wins == 2 && b.draws == 1 && b.losses == 1);
}

/* A game of a two-player match: A in seat seat_a with rank a_rank, B the other way. */
static bones_headtohead_game game_of(int seat_a, int a_rank, int b_rank)
{
	bones_headtohead_game g = {.seat_a = seat_a};
	g.ranks[seat_a] = a_rank, g.ranks[1 - seat_a] = b_rank;
	return g;
}

/* Deals: won when A scores more than one point over its two games (win and win, win
 * and draw), drawn at one (win and loss, draw and draw), lost below; an odd last game
 * is no whole deal; more than two players give no deals. */
static void test_headtohead__deals_count_both_seatings_as_one(void)
{
	const bones_headtohead_game g[] = {
		game_of(0, 1, 2), game_of(1, 1, 2), /* won both: a deal won */
		game_of(0, 1, 2), game_of(1, 1, 1), /* won, drawn: won */
		game_of(0, 1, 2), game_of(1, 2, 1), /* won from one seat only: drawn */
		game_of(0, 1, 1), game_of(1, 1, 1), /* drawn twice: drawn */
		game_of(0, 2, 1), game_of(1, 1, 1), /* lost, drawn: lost */
		game_of(0, 1, 2),                   /* alone: no deal */
	};
	bones_headtohead_tally d = bones_headtohead_deals(g, 11, 2);
	CU_ASSERT(d.wins == 2 && d.draws == 2 && d.losses == 1);
	CU_ASSERT_DOUBLE_EQUAL(bones_headtohead_score(&d), 0.6, 1e-12);
	d = bones_headtohead_deals(g, 1, 2);
	CU_ASSERT(d.wins + d.draws + d.losses == 0);
	d = bones_headtohead_deals(g, 10, 3);
	CU_ASSERT(d.wins + d.draws + d.losses == 0);
}

/* Games come in groups of `players` on one deal, A in seat 0, 1, ... of the group. */
static void test_headtohead__swaps_seats_on_the_same_deal(void)
{
	for (int g = 0; g < 12; g++) {
		CU_ASSERT_EQUAL(bones_headtohead_seat_a(g, 2), g % 2);
		CU_ASSERT_EQUAL(bones_headtohead_seat_a(g, 3), g % 3);
		CU_ASSERT_EQUAL(bones_headtohead_seed(7, g, 2), bones_headtohead_seed(7, g - g % 2, 2));
		CU_ASSERT_EQUAL(bones_headtohead_seed(7, g, 3), bones_headtohead_seed(7, g - g % 3, 3));
	}
	CU_ASSERT_NOT_EQUAL(bones_headtohead_seed(7, 0, 2), bones_headtohead_seed(7, 2, 2));
	CU_ASSERT_NOT_EQUAL(bones_headtohead_seed(7, 0, 2), bones_headtohead_seed(8, 0, 2));
}

static bones_registry *load_testgame(const bones_plugin **plugin, bones_options *opts,
				     const char *settings)
{
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", plugin);
	char err[256];
	CU_ASSERT_EQUAL_FATAL(bones_options_init(opts, *plugin, err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(bones_options_apply(opts, settings, err, sizeof err), BONES_OK);
	return reg;
}

/* Count to 10 with a chance start (0 or 1): the two games of a deal start from the same
 * drawn total, since the session draws chance from (seed, move number). */
static void test_headtohead__games_of_a_deal_draw_the_same_chance(void)
{
	const bones_plugin *pl;
	bones_options opts;
	bones_registry *reg = load_testgame(&pl, &opts, "opening=chance");
	int starts[2] = {0, 0};
	for (int deal = 0; deal < 16; deal++) {
		int32_t first[2];
		for (int k = 0; k < 2; k++) {
			bones_session *s = NULL;
			char err[256];
			uint64_t seed = bones_headtohead_seed(3, 2 * deal + k, 2);
			CU_ASSERT_EQUAL_FATAL(bones_session_create(pl, &opts, seed, &s, err, sizeof err),
					      BONES_OK);
			CU_ASSERT_EQUAL(bones_session_resolve_chance(s), BONES_OK);
			first[k] = ((const int32_t *)bones_session_state(s))[0];
			bones_session_destroy(s);
		}
		CU_ASSERT_EQUAL(first[0], first[1]);
		starts[first[0] != 0]++;
	}
	CU_ASSERT(starts[0] > 0 && starts[1] > 0); /* the deals do differ */
	bones_options_release(&opts);
	bones_registry_destroy(reg);
}

/* Greedy against random at count to 10, one thread and three: the same games in the
 * same order, every game finished, seats alternating; greedy takes the 10 whenever it
 * can, so it wins most. */
static void test_headtohead__results_do_not_depend_on_the_thread_count(void)
{
	const bones_plugin *pl;
	bones_options opts;
	bones_registry *reg = load_testgame(&pl, &opts, "opening=chance");
	enum { GAMES = 40 };
	bones_headtohead_game *one = calloc(GAMES, sizeof *one), *three = calloc(GAMES, sizeof *three);
	CU_ASSERT_FATAL(one && three);
	CU_ASSERT_EQUAL(bones_headtohead_run(pl, &opts, "greedy", "random", GAMES, 1, 5, one),
			BONES_OK);
	CU_ASSERT_EQUAL(bones_headtohead_run(pl, &opts, "greedy", "random", GAMES, 3, 5, three),
			BONES_OK);
	bones_headtohead_tally a = tally(0, 0, 0), b = tally(0, 0, 0);
	for (int g = 0; g < GAMES; g++) {
		CU_ASSERT_EQUAL(one[g].status, BONES_OK);
		CU_ASSERT_EQUAL(one[g].seat_a, g % 2);
		CU_ASSERT_EQUAL(one[g].seed, three[g].seed);
		CU_ASSERT_EQUAL(one[g].moves, three[g].moves);
		CU_ASSERT(!memcmp(one[g].ranks, three[g].ranks, sizeof one[g].ranks));
		bones_headtohead_add(&a, &b, 2, one[g].ranks, one[g].seat_a);
	}
	CU_ASSERT_EQUAL(a.wins + a.draws + a.losses, GAMES);
	CU_ASSERT_EQUAL(a.wins, b.losses);
	CU_ASSERT(a.wins > GAMES / 2);
	free(one);
	free(three);
	bones_options_release(&opts);
	bones_registry_destroy(reg);
}

static void test_headtohead__a_bad_agent_spec_fails_with_its_reason(void)
{
	const bones_plugin *pl;
	bones_options opts;
	bones_registry *reg = load_testgame(&pl, &opts, "");
	bones_headtohead_game g[2];
	CU_ASSERT_EQUAL(bones_headtohead_run(pl, &opts, "greedy", "clever", 2, 1, 1, g),
			BONES_ENOTFOUND);
	CU_ASSERT(strstr(g[0].err, "unknown agent 'clever'") != NULL);
	bones_options_release(&opts);
	bones_registry_destroy(reg);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"score and interval match the hand-computed values",
		 test_headtohead__score_and_interval_match_the_hand_computed_values},
		{"ranks become wins, draws and losses for both agents",
		 test_headtohead__ranks_become_wins_draws_and_losses_for_both_agents},
		{"swaps seats on the same deal", test_headtohead__swaps_seats_on_the_same_deal},
		{"deals count both seatings as one", test_headtohead__deals_count_both_seatings_as_one},
		{"games of a deal draw the same chance",
		 test_headtohead__games_of_a_deal_draw_the_same_chance},
		{"results do not depend on the thread count",
		 test_headtohead__results_do_not_depend_on_the_thread_count},
		{"a bad agent spec fails with its reason",
		 test_headtohead__a_bad_agent_spec_fails_with_its_reason},
		{NULL, NULL},
	};
	return bones_test_main("headtohead", cases);
}
