/* The All Fives plugin: the rule sheet's examples (scoring the open ends, doubles and the
 * spinner, the hand's end rounded to 5, partners), notation, and invariants over random
 * games. Positions are set up through the plugin's own header. */
#include "bones_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../plugins/allfives/allfives.h"
#include "bones/rng.h"

extern const bones_plugin bones_plugin_entry;
#define P (&bones_plugin_entry)

static int tile(const game *g, int a, int b)
{
	for (int t = 0; t < TILES; t++)
		if ((g->lo[t] == a && g->hi[t] == b) || (g->lo[t] == b && g->hi[t] == a))
			return t;
	return -1;
}

/* A dealt position: seat 0 holds `hand0`, seat 1 `hand1` (tiles as "a-b ..."), the rest
 * in the boneyard, seat 0 to lead. */
static void deal(const game *g, state *s, const char *hand0, const char *hand1)
{
	const char *hands[2] = {hand0, hand1};
	af_init_state(g, s);
	for (int p = 0; p < 2; p++)
		for (const char *c = hands[p]; *c; c++)
			if (c[0] >= '0' && c[0] <= '6' && c[1] == '-') {
				uint32_t bit = 1u << tile(g, c[0] - '0', c[2] - '0');
				s->hand[p] |= bit, s->boneyard &= ~bit;
				c += 2;
			}
	s->dealt = (uint8_t)(g->players * g->hand_size);
}

static void test_allfives__rounding_goes_to_the_nearest_five(void)
{
	CU_ASSERT_EQUAL(af_round5(0), 0);
	CU_ASSERT_EQUAL(af_round5(2), 0);
	CU_ASSERT_EQUAL(af_round5(3), 5);
	CU_ASSERT_EQUAL(af_round5(7), 5);
	CU_ASSERT_EQUAL(af_round5(8), 10);
	CU_ASSERT_EQUAL(af_round5(12), 10);
	CU_ASSERT_EQUAL(af_round5(13), 15);
	CU_ASSERT_EQUAL(af_round5(25), 25);
}

/* Leads: 5-0 counts 5, 6-4 counts 10, 5-5 counts 10 (a double both halves), 6-5 counts 11
 * and scores nothing. */
static void test_allfives__a_lead_scores_its_pips_in_fives(void)
{
	bones_test_game tg;
	state *s = bones_test_start(&tg, P, "");
	const game *g = tg.game;
	static const struct { const char *lead; int points; } leads[] = {
		{"0-5", 5}, {"4-6", 10}, {"5-5", 10}, {"5-6", 0}, {"2-3", 5}};
	for (size_t i = 0; i < sizeof leads / sizeof leads[0]; i++) {
		deal(g, s, leads[i].lead, "1-1");
		CU_ASSERT_TRUE(bones_test_play(&tg, s, leads[i].lead));
		CU_ASSERT_EQUAL(s->points[0], leads[i].points);
	}
	bones_test_finish(&tg, s);
}

/* The rule sheet's spinner: 5-5 leads (10); 5-0 on the left: the ends count 0 and 10
 * for the spinner's free side (10); 5-3 on the right: 0 + 3 (nothing); now up and down
 * are open: 5-2 up counts 0 + 3 + 2 = 5. */
static void test_allfives__the_spinner_opens_up_and_down_once_both_sides_are_played(void)
{
	bones_test_game tg;
	state *s = bones_test_start(&tg, P, "");
	const game *g = tg.game;
	deal(g, s, "5-5 3-5 0-1", "0-5 2-5 6-6");
	CU_ASSERT_TRUE(bones_test_play(&tg, s, "5-5"));
	CU_ASSERT_EQUAL(s->points[0], 10);
	bones_move m;
	CU_ASSERT_EQUAL(P->parse_move(g, s, "0-5:U", &m), BONES_EILLEGAL); /* not open yet */
	CU_ASSERT_TRUE(bones_test_play(&tg, s, "0-5:L"));
	CU_ASSERT_EQUAL(af_count_ends(g, s), 10);
	CU_ASSERT_EQUAL(s->points[1], 10);
	CU_ASSERT_TRUE(bones_test_play(&tg, s, "3-5:R"));
	CU_ASSERT_EQUAL(af_count_ends(g, s), 3);
	CU_ASSERT_EQUAL(s->points[0], 10);
	CU_ASSERT_TRUE(af_spinner_open(s));
	CU_ASSERT_TRUE(bones_test_play(&tg, s, "2-5:U"));
	CU_ASSERT_EQUAL(af_count_ends(g, s), 5);
	CU_ASSERT_EQUAL(s->points[1], 15);
	bones_test_finish(&tg, s);
}

/* A double at an end counts both halves: 3-6 leads (nothing: 9); 3-3 on the left makes
 * the ends 6 + 6 = 12 (nothing); 6-4 on the right: 6 + 4 = 10. The 3-3 is the spinner
 * but opens only once a tile lies beyond it. */
static void test_allfives__a_double_at_an_end_counts_both_halves(void)
{
	bones_test_game tg;
	state *s = bones_test_start(&tg, P, "");
	const game *g = tg.game;
	deal(g, s, "3-6 4-6 2-3", "3-3 0-0 1-1");
	CU_ASSERT_TRUE(bones_test_play(&tg, s, "3-6 3-3:L"));
	CU_ASSERT_EQUAL(af_count_ends(g, s), 12);
	CU_ASSERT_FALSE(af_spinner_open(s));
	CU_ASSERT_TRUE(bones_test_play(&tg, s, "4-6:R"));
	CU_ASSERT_EQUAL(s->points[0], 10);
	CU_ASSERT_TRUE(bones_test_play(&tg, s, "draw"));
	bones_test_finish(&tg, s);
}

/* The hand's end: seat 0 plays out (domino) while seat 1 holds 6-6 and 0-1 (13 pips):
 * seat 0 scores 15 on top of what it scored on the ends. */
static void test_allfives__a_domino_scores_the_others_pips_rounded_to_five(void)
{
	bones_test_game tg;
	state *s = bones_test_start(&tg, P, "");
	const game *g = tg.game;
	deal(g, s, "0-5", "6-6 0-1");
	CU_ASSERT_TRUE(bones_test_play(&tg, s, "0-5"));
	CU_ASSERT_EQUAL(P->to_move(g, s), BONES_TERMINAL);
	int winner;
	CU_ASSERT_EQUAL(af_hand_bonus(g, s, &winner), 15);
	CU_ASSERT_EQUAL(winner, 0);
	double sc[2];
	P->scores(g, s, sc);
	CU_ASSERT_DOUBLE_EQUAL(sc[0], 5 + 15, 0);
	CU_ASSERT_DOUBLE_EQUAL(sc[1], 0, 0);
	char buf[128];
	P->breakdown(g, s, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "the ends count 5: 5 points; player 1 wins the hand: 15 points");
	bones_test_finish(&tg, s);
}

/* A block: 5-5 was led, nobody holds a 5 and the boneyard keeps its last two tiles:
 * both pass, and the fewest pips (7 against 12) win 12 -> 10. */
static void test_allfives__a_block_goes_to_the_fewest_pips(void)
{
	bones_test_game tg;
	state *s = bones_test_start(&tg, P, "");
	const game *g = tg.game;
	deal(g, s, "0-0 1-6", "2-4 3-3");
	s->boneyard = 1u << tile(g, 5, 6) | 1u << tile(g, 0, 5);
	s->center = s->spinner = (uint8_t)tile(g, 5, 5);
	s->spin_arm = LEAD;
	s->seq[0] = (uint8_t)(s->center | LEAD << 5), s->length = 1;
	memset(s->end, 5, sizeof s->end);
	CU_ASSERT_TRUE(bones_test_play(&tg, s, "pass pass"));
	CU_ASSERT_EQUAL(P->to_move(g, s), BONES_TERMINAL);
	int winner;
	CU_ASSERT_EQUAL(af_hand_bonus(g, s, &winner), 10);
	CU_ASSERT_EQUAL(winner, 0);
	bones_test_finish(&tg, s);
}

/* Partners: seats 1 and 3 share their points and win the opponents' pips together. */
static void test_allfives__partners_share_their_points(void)
{
	bones_test_game tg;
	CU_ASSERT_NOT_EQUAL(bones_test_configure(&tg, P, "players=3 partners=true"), BONES_OK);
	CU_ASSERT_STRING_EQUAL(tg.error, "partners: teams need 4 players, not 3");
	state *s = bones_test_start(&tg, P, "players=4 partners=true");
	const game *g = tg.game;
	af_init_state(g, s);
	s->dealt = 20;
	s->hand[0] = 1u << tile(g, 0, 5);
	s->hand[1] = 1u << tile(g, 6, 6);                          /* 12 */
	s->hand[2] = 1u << tile(g, 1, 2);                          /* partner's 3: no count */
	s->hand[3] = 1u << tile(g, 0, 1) | 1u << tile(g, 0, 2);    /* 3 */
	CU_ASSERT_TRUE(bones_test_play(&tg, s, "0-5"));
	double sc[4];
	P->scores(g, s, sc);
	CU_ASSERT_DOUBLE_EQUAL(sc[0], 5 + 15, 0);
	CU_ASSERT_DOUBLE_EQUAL(sc[2], 5 + 15, 0);
	CU_ASSERT_DOUBLE_EQUAL(sc[1], 0, 0);
	CU_ASSERT_DOUBLE_EQUAL(sc[3], 0, 0);
	bones_test_finish(&tg, s);
}

/* Random games with 2, 3 and 4 players: every score a multiple of 5, every move's
 * notation parses back to it, the game ends. */
static void test_allfives__random_games_score_in_fives_and_notation_round_trips(void)
{
	static const char *const settings[] = {"players=2", "players=3", "players=4 partners=true"};
	bones_rng rng;
	bones_rng_seed(&rng, 45);
	for (int k = 0; k < 3; k++) {
		bones_test_game tg;
		state *s = bones_test_start(&tg, P, settings[k]);
		for (int game_no = 0; game_no < 200; game_no++) {
			P->init_state(tg.game, s);
			int steps = 0;
			while (P->to_move(tg.game, s) != BONES_TERMINAL && steps++ < 500) {
				bones_move moves[MAX_MOVES], back;
				double probs[MAX_MOVES];
				size_t n = P->legal_moves(tg.game, s, moves, probs, MAX_MOVES);
				bones_move m = moves[bones_rng_next(&rng) % n];
				char text[BONES_MOVE_TEXT_MAX];
				CU_ASSERT_FATAL(P->format_move(tg.game, s, m, text, sizeof text) > 0);
				CU_ASSERT_EQUAL(P->parse_move(tg.game, s, text, &back), BONES_OK);
				CU_ASSERT_EQUAL(back, m);
				CU_ASSERT_EQUAL_FATAL(P->apply(tg.game, s, m), BONES_OK);
			}
			CU_ASSERT_EQUAL(P->to_move(tg.game, s), BONES_TERMINAL);
			double sc[4];
			P->scores(tg.game, s, sc);
			for (int p = 0; p < tg.info.players; p++)
				CU_ASSERT_EQUAL((int)sc[p] % 5, 0);
		}
		bones_test_finish(&tg, s);
	}
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"rounding goes to the nearest five", test_allfives__rounding_goes_to_the_nearest_five},
		{"a lead scores its pips in fives", test_allfives__a_lead_scores_its_pips_in_fives},
		{"the spinner opens up and down once both sides are played", test_allfives__the_spinner_opens_up_and_down_once_both_sides_are_played},
		{"a double at an end counts both halves", test_allfives__a_double_at_an_end_counts_both_halves},
		{"a domino scores the others' pips rounded to five", test_allfives__a_domino_scores_the_others_pips_rounded_to_five},
		{"a block goes to the fewest pips", test_allfives__a_block_goes_to_the_fewest_pips},
		{"partners share their points", test_allfives__partners_share_their_points},
		{"random games score in fives and notation round-trips", test_allfives__random_games_score_in_fives_and_notation_round_trips},
		{NULL, NULL}};
	return bones_test_main("allfives", cases);
}
