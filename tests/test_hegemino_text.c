/* Hegemino's terminal view (render_text): rounds counted from 1, no second score line,
 * the market without what is already placed, dominoes that read as dominoes, and a grid
 * that shows every cell a placement can name, within 78 columns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones_test.h"
#include "hegemino_fixture.h"

static char text[1 << 16];

static const char *render(const bones_test_game *tg, const hg_state *s)
{
	P->render_text(tg->game, s, -1, text, sizeof text);
	return text;
}

/* Rounds count from 1 for people: the first round (picks only) is round 1. */
static void test_hegemino_text__the_first_round_is_round_1(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	CU_ASSERT(strstr(render(&tg, s), "round 1:") != NULL);
	CU_ASSERT(strstr(text, "round 0") == NULL);
	bones_test_play(&tg, s, "order:1221 draw:2-5 draw:2-6 draw:3-6 draw:0-2");
	bones_test_play(&tg, s, "pick:2 pick:3 pick:1 pick:4");
	bones_test_play(&tg, s, "draw:2-4 draw:0-0 draw:1-5 draw:0-1");
	CU_ASSERT(strstr(render(&tg, s), "round 2:") != NULL);
	finish(&tg, s);
}

/* The host prints every player's score under the view: the view prints none of its
 * own, only each tableau's total. */
static void test_hegemino_text__scores_are_not_printed_twice(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	put_tab(tg.game, s, 0, "#6655/11660/22330/22334/11444");
	CU_ASSERT(strstr(render(&tg, s), "scores") == NULL);
	CU_ASSERT(strstr(text, "total 91") != NULL);
	finish(&tg, s);
}

static int count(const char *hay, const char *needle)
{
	int n = 0;
	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* A token that has picked shows in the right column only; a domino once placed leaves
 * the market with its token. */
static void test_hegemino_text__the_market_shows_only_what_is_still_there(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	bones_test_play(&tg, s, "order:1221 draw:2-5 draw:2-6 draw:3-6 draw:0-2");
	CU_ASSERT_EQUAL(count(render(&tg, s), "<P1"), 2);
	bones_test_play(&tg, s, "pick:2"); /* the top token moves right */
	CU_ASSERT_EQUAL(count(render(&tg, s), "<P1"), 2);
	bones_test_play(&tg, s, "pick:3 pick:1 pick:4 draw:2-4 draw:0-0 draw:1-5 draw:0-1");
	CU_ASSERT_EQUAL(count(render(&tg, s), "[2-5]"), 1);
	bones_test_play(&tg, s, "pick:2 2-5@-1,1/E");
	CU_ASSERT_EQUAL(count(render(&tg, s), "[2-5]"), 0);
	CU_ASSERT_EQUAL(count(text, "<P2"), 2); /* left row 3 and right row 2 */
	bones_test_play(&tg, s, "pick:1"); /* player 1 holds 2-6, her token is on 2-4 */
	CU_ASSERT_EQUAL(count(render(&tg, s), "[2-6]"), 1);
	CU_ASSERT_EQUAL(count(text, "<P1"), 2); /* left row 4 and right row 1 */
	finish(&tg, s);
}

/* The seed 4 game of the terminal: player 2 puts 2-5 across, player 1 2-6 down. */
static void play_seed_4(const bones_test_game *tg, hg_state *s)
{
	bones_test_play(tg, s, "order:1221 draw:2-5 draw:2-6 draw:3-6 draw:0-2");
	bones_test_play(tg, s, "pick:2 pick:3 pick:1 pick:4 draw:2-4 draw:0-0 draw:1-5 draw:0-1");
	bones_test_play(tg, s, "pick:2 2-5@-1,1/E pick:1 2-6@0,-2/S");
}

/* A domino across reads 2==5, never "2 -5" (minus five); one down has a | between its
 * halves. */
static void test_hegemino_text__dominoes_read_as_dominoes(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	play_seed_4(&tg, s);
	CU_ASSERT(strstr(render(&tg, s), "2==5") != NULL);
	CU_ASSERT(strstr(text, " -5") == NULL);
	CU_ASSERT(strstr(text, "2==5 a domino across") != NULL); /* the legend */
	finish(&tg, s);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"the first round is round 1", test_hegemino_text__the_first_round_is_round_1},
		{"scores are not printed twice", test_hegemino_text__scores_are_not_printed_twice},
		{"the market shows only what is still there",
		 test_hegemino_text__the_market_shows_only_what_is_still_there},
		{"dominoes read as dominoes", test_hegemino_text__dominoes_read_as_dominoes},
		{NULL, NULL}};
	return bones_test_main("hegemino_text", cases);
}
