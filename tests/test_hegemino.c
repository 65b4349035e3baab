/* Hegemino rules: the market sort on the rule sheet's examples, the flow of tokens and
 * columns, placement legality, notation, clones, and each variant's own rule. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones_test.h"
#include "bones/agents_ext.h"
#include "bones/render.h"
#include "hegemino_fixture.h"

static void dominoes_text(const uint8_t *ids, int n, char *buf)
{
	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		char d[8];
		hg_format_domino(ids[i], d, sizeof d);
		strcat(buf, i ? " " : "");
		strcat(buf, d);
	}
}

static int pool_total(const hg_game *g)
{
	int n = 0;
	for (int i = 0; i < HG_DOMINOES; i++)
		n += g->pool[i];
	return n;
}

/* ---- Market ------------------------------------------------------------------- */

/* The rule sheet's examples: average tiles 1/3, 2/6, 4/4, 0/3; valuable tiles 3/3,
 * 0/1, 0/2, 0/0 (given here shuffled). */
static void test_hegemino__market_sorts_the_rule_sheets_examples(void)
{
	uint8_t avg[4] = {(uint8_t)hg_dom_id(0, 3), (uint8_t)hg_dom_id(4, 4),
			  (uint8_t)hg_dom_id(6, 2), (uint8_t)hg_dom_id(3, 1)};
	uint8_t val[4] = {(uint8_t)hg_dom_id(0, 0), (uint8_t)hg_dom_id(0, 2),
			  (uint8_t)hg_dom_id(3, 3), (uint8_t)hg_dom_id(1, 0)};
	char text[128];
	hg_market_sort(avg, 4);
	dominoes_text(avg, 4, text);
	CU_ASSERT_STRING_EQUAL(text, "1-3 2-6 4-4 0-3");
	hg_market_sort(val, 4);
	dominoes_text(val, 4, text);
	CU_ASSERT_STRING_EQUAL(text, "3-3 0-1 0-2 0-0");
}

static void test_hegemino__market_order_is_plain_then_doubles_then_zeros(void)
{
	uint8_t all[HG_DOMINOES];
	char text[256];
	for (int i = 0; i < HG_DOMINOES; i++)
		all[i] = (uint8_t)(HG_DOMINOES - 1 - i);
	hg_market_sort(all, HG_DOMINOES);
	dominoes_text(all, HG_DOMINOES, text);
	CU_ASSERT_STRING_EQUAL(text, "1-2 1-3 2-3 1-4 2-4 3-4 1-5 2-5 3-5 4-5 1-6 2-6 3-6 4-6 5-6 "
				     "1-1 2-2 3-3 4-4 5-5 6-6 0-1 0-2 0-3 0-4 0-5 0-6 0-0");
}

static void test_hegemino__a_drawn_column_is_sorted_when_full(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	char text[128];
	bones_test_play(&tg, s, "order:1221 draw:0-0 draw:2-6 draw:4-4");
	CU_ASSERT_EQUAL(s->phase, HG_PH_DRAW);
	bones_test_play(&tg, s, "draw:1-3");
	dominoes_text(s->right_dom, s->right_n, text);
	CU_ASSERT_STRING_EQUAL(text, "1-3 2-6 4-4 0-0");
	finish(&tg, s);
}

/* ---- Setup and flow ------------------------------------------------------------ */

static void test_hegemino__sets_and_first_orders_follow_the_player_count(void)
{
	static const struct { const char *settings; int pool, orders; } cases[] = {
		{"players=2", 24, 2}, {"players=3", 48, 6}, {"players=4", 48, 24}};
	for (int i = 0; i < 3; i++) {
		bones_test_game tg;
		hg_state *s = start(&tg, cases[i].settings);
		CU_ASSERT_EQUAL(pool_total(tg.game), cases[i].pool);
		CU_ASSERT_EQUAL(legal_count(&tg, s), (size_t)cases[i].orders);
		finish(&tg, s);
	}
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	const hg_game *g = tg.game;
	/* one set minus 0/6, 0/5, 5/6, 4/5 */
	CU_ASSERT_EQUAL(g->pool[hg_dom_id(0, 6)] + g->pool[hg_dom_id(0, 5)] +
				g->pool[hg_dom_id(5, 6)] + g->pool[hg_dom_id(4, 5)], 0);
	CU_ASSERT_EQUAL(try_move(&tg, s, "order:1221"), BONES_OK);
	CU_ASSERT_EQUAL(try_move(&tg, s, "order:2112"), BONES_OK);
	CU_ASSERT_EQUAL(try_move(&tg, s, "order:1212"), BONES_EILLEGAL);
	finish(&tg, s);
	s = start(&tg, "players=3");
	g = tg.game;
	/* two sets minus eight from one: 0/6 and 5/5 are left once, 1/2 twice */
	CU_ASSERT_EQUAL(g->pool[hg_dom_id(0, 6)], 1);
	CU_ASSERT_EQUAL(g->pool[hg_dom_id(5, 5)], 1);
	CU_ASSERT_EQUAL(g->pool[hg_dom_id(1, 2)], 2);
	finish(&tg, s);
}

/* First round: tokens 1221 pick rows 2, 3, 1, 4; the next round runs in the order of
 * the rows they took: row 1 (player 2) picks, then places 1-3. */
static void test_hegemino__token_order_carries_from_column_to_column(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	bones_test_play(&tg, s, "order:1221 draw:1-3 draw:2-6 draw:4-4 draw:0-3");
	CU_ASSERT_EQUAL(P->to_move(tg.game, s), 0);
	CU_ASSERT_EQUAL(try_move(&tg, s, "1-3@1,0/E"), BONES_EILLEGAL); /* nothing to place */
	bones_test_play(&tg, s, "pick:2 pick:3 pick:1");
	CU_ASSERT_EQUAL(try_move(&tg, s, "pick:1"), BONES_EILLEGAL); /* taken */
	bones_test_play(&tg, s, "pick:4 draw:1-2 draw:3-4 draw:5-5 draw:0-1");
	CU_ASSERT_EQUAL(P->to_move(tg.game, s), 1);
	CU_ASSERT_EQUAL(legal_count(&tg, s), 4); /* pick first */
	bones_test_play(&tg, s, "pick:4");
	CU_ASSERT_EQUAL(try_move(&tg, s, "2-6@1,0/E"), BONES_EILLEGAL); /* not hers */
	bones_test_play(&tg, s, "3-1@1,0/E");
	CU_ASSERT_EQUAL(P->to_move(tg.game, s), 0); /* row 2: player 1 with 2-6 */
	bones_test_play(&tg, s, "pick:1 6-2@0,1/S");
	CU_ASSERT_EQUAL(P->to_move(tg.game, s), 1);
	finish(&tg, s);
}

/* Games played with the first legal move: every player places or discards 12 times,
 * every bone is dealt, the three-player market discards one bone per column. */
static void test_hegemino__every_player_handles_twelve_dominoes(void)
{
	const char *settings[] = {"players=2", "players=3", "players=4"};
	for (int i = 0; i < 3; i++) {
		bones_test_game tg;
		hg_state *s = start(&tg, settings[i]);
		bones_move *moves = malloc(tg.info.max_moves * sizeof *moves);
		int handled[4] = {0}, draws = 0;
		while (P->to_move(tg.game, s) != BONES_TERMINAL) {
			int who = P->to_move(tg.game, s);
			P->legal_moves(tg.game, s, moves, NULL, tg.info.max_moves);
			int kind = HG_KIND(moves[0]);
			if (who >= 0 && kind != HG_MV_PICK)
				handled[who]++;
			draws += kind == HG_MV_DRAW;
			CU_ASSERT_FATAL(P->apply(tg.game, s, moves[0]) == BONES_OK);
		}
		for (int p = 0; p < i + 2; p++)
			CU_ASSERT_EQUAL(handled[p], 12);
		CU_ASSERT_EQUAL(draws, pool_total(tg.game));
		CU_ASSERT_EQUAL(s->bone_n, 0);
		free(moves);
		finish(&tg, s);
	}
}

/* ---- Placement ----------------------------------------------------------------- */

/* Next to the start token only: 4 cells, 3 domino positions each, 2 orientations. */
static void test_hegemino__the_start_token_is_wild_on_an_empty_tableau(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	give(s, 0, 1, "2-5");
	CU_ASSERT_EQUAL(legal_count(&tg, s), 24);
	CU_ASSERT_EQUAL(try_move(&tg, s, "2-5@0,1/S"), BONES_OK);
	CU_ASSERT_EQUAL(try_move(&tg, s, "2-5@1,1/S"), BONES_EILLEGAL); /* diagonal only */
	CU_ASSERT_EQUAL(try_move(&tg, s, "2-5@-1,0/E"), BONES_EILLEGAL); /* on the gap */
	give(s, 0, 1, "3-3");
	CU_ASSERT_EQUAL(legal_count(&tg, s), 12);
	finish(&tg, s);
}

/* Tableau: gap, 1, 3 in a row. 1-4 under the 1 matches; 4-1 there does not (4 beside
 * the 1, the 1 beside nothing that matches); overlapping is never legal. */
static void test_hegemino__one_half_must_match_an_equal_half(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	put_tab(tg.game, s, 0, "#13");
	give(s, 0, 1, "1-4");
	CU_ASSERT_EQUAL(try_move(&tg, s, "1-4@1,1/E"), BONES_OK);
	CU_ASSERT_EQUAL(try_move(&tg, s, "4-1@1,1/E"), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(try_move(&tg, s, "4-1@3,0/E"), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(try_move(&tg, s, "1-4@1,-1/S"), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(try_move(&tg, s, "4-1@0,1/S"), BONES_OK); /* the 4 by the gap */
	finish(&tg, s);
}

/* Zeros are wild on either side: a new zero matches the 3; a 5 matches a zero on the
 * board even though that zero already matched the 1. */
static void test_hegemino__zeros_match_anything_on_either_side(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	put_tab(tg.game, s, 0, "#13");
	give(s, 0, 1, "0-6");
	CU_ASSERT_EQUAL(try_move(&tg, s, "0-6@3,0/E"), BONES_OK);
	CU_ASSERT_EQUAL(try_move(&tg, s, "6-0@3,0/E"), BONES_EILLEGAL);
	put_tab(tg.game, s, 0, "#10");
	give(s, 0, 1, "5-5");
	CU_ASSERT_EQUAL(try_move(&tg, s, "5-5@3,0/E"), BONES_OK);
	CU_ASSERT_EQUAL(try_move(&tg, s, "5-5@2,1/S"), BONES_OK);
	CU_ASSERT_EQUAL(try_move(&tg, s, "5-5@1,1/E"), BONES_OK); /* the 5 at (2,1) */
	CU_ASSERT_EQUAL(try_move(&tg, s, "5-5@1,2/E"), BONES_EILLEGAL);
	finish(&tg, s);
}

/* The gap counts for the 5x5 bound: "#1122" spans x = 0..4, so a half at x = 5 would
 * make it 6 wide (5 without the gap). Vertically the same. */
static void test_hegemino__the_five_by_five_bound_includes_the_gap(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	put_tab(tg.game, s, 0, "#1122");
	give(s, 0, 1, "2-3");
	CU_ASSERT_EQUAL(try_move(&tg, s, "2-3@5,0/S"), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(try_move(&tg, s, "2-3@4,1/S"), BONES_OK);
	put_tab(tg.game, s, 0, "11#22"); /* x = -2..2: x = 3 would make it 6 wide */
	CU_ASSERT_EQUAL(try_move(&tg, s, "2-3@3,0/S"), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(try_move(&tg, s, "2-3@2,1/S"), BONES_OK);
	/* 1-3 above the row: three horizontal spots x 2 orientations (the 1 on a 1, or
	 * either half by the gap) and vertical ones ending at x = -2, -1 (3-1 only) and
	 * 0 (both): 6 + 4; the same below: 20. None at x = 3 or beyond. */
	give(s, 0, 1, "1-3");
	CU_ASSERT_EQUAL(legal_count(&tg, s), 20);
	give(s, 0, 1, "2-3");
	put_tab(tg.game, s, 0, "#/1/1/2/2");
	CU_ASSERT_EQUAL(try_move(&tg, s, "2-3@0,5/E"), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(try_move(&tg, s, "2-3@1,4/E"), BONES_OK);
	finish(&tg, s);
}

/* A full 5x5 box with one hole: nothing fits, discard is the one legal move. */
static void test_hegemino__a_domino_that_fits_nowhere_is_discarded(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	put_tab(tg.game, s, 0, "#1122/33445/5666./11223/34455");
	give(s, 0, 1, "6-6");
	bones_move m;
	CU_ASSERT_EQUAL(legal_count(&tg, s), 1);
	P->legal_moves(tg.game, s, &m, NULL, 1);
	char text[BONES_MOVE_TEXT_MAX];
	P->format_move(tg.game, s, m, text, sizeof text);
	CU_ASSERT_STRING_EQUAL(text, "discard");
	put_tab(tg.game, s, 0, "#13");
	CU_ASSERT_EQUAL(try_move(&tg, s, "discard"), BONES_EILLEGAL);
	finish(&tg, s);
}

/* ---- Notation and clones ------------------------------------------------------- */

static void test_hegemino__bad_text_is_a_parse_error_and_odd_moves_illegal(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	give(s, 0, 1, "2-5");
	const char *bad[] = {"hello", "2-5@0,1/X", "2-5@0,1", "pick:x", "draw:7-1", "2-9@0,1/E",
			     "2-5@0,1/Ex", "order:15"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		CU_ASSERT_EQUAL(try_move(&tg, s, bad[i]), BONES_EPARSE);
	CU_ASSERT_EQUAL(try_move(&tg, s, "pick:9"), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(try_move(&tg, s, "draw:1-2"), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(try_move(&tg, s, "3-4@0,1/E"), BONES_EILLEGAL); /* not the domino */
	/* board order names the placement: 5 left of 2 */
	bones_move m;
	CU_ASSERT_EQUAL(P->parse_move(tg.game, s, "5-2@0,1/E", &m), BONES_OK);
	P->apply(tg.game, s, m);
	int c = ((hg_game *)tg.game)->grid / 2, G = ((hg_game *)tg.game)->grid;
	CU_ASSERT_EQUAL(HG_CODE(hg_cells(tg.game, s, 0)[(c + 1) * G + c]), 5 + 1);
	finish(&tg, s);
}

static void test_hegemino__a_memcpy_clone_has_the_same_future(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=3 stacking=on");
	hg_state *t = malloc(tg.info.state_size);
	bones_rng r1, r2;
	bones_rng_seed(&r1, 99);
	bones_test_random_playout(&tg, s, &r1, 40);
	memcpy(t, s, tg.info.state_size);
	r2 = r1;
	bones_test_random_playout(&tg, s, &r1, 10000);
	bones_test_random_playout(&tg, t, &r2, 10000);
	CU_ASSERT_EQUAL(memcmp(s, t, tg.info.state_size), 0);
	double a[3], b[3];
	P->scores(tg.game, s, a);
	P->scores(tg.game, t, b);
	CU_ASSERT_EQUAL(memcmp(a, b, sizeof a), 0);
	free(t);
	finish(&tg, s);
}

/* The breakdown and the text rendering explain the worked example of the scoring
 * suite (91 points). */
static void test_hegemino__breakdown_and_text_explain_the_score(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	char buf[8192];
	put_tab(tg.game, s, 0, "#6655/11660/22330/22334/11444");
	s->phase = HG_PH_END; /* at the end the breakdown is every tableau's final scoring */
	P->breakdown(tg.game, s, buf, sizeof buf);
	CU_ASSERT(strstr(buf, "tableau 1: 3s: 6 squares, 2 wilds, x2 = 12;") != NULL);
	CU_ASSERT(strstr(buf, "6s: 6 squares, 2 wilds, x5 = 30;") != NULL);
	CU_ASSERT(strstr(buf, "complete +5; corner gap +10; total 91 | tableau 2: total 0") != NULL);
	P->render_text(tg.game, s, -1, buf, sizeof buf);
	CU_ASSERT(strstr(buf, "\n   0  #  6  6  5  5") != NULL);
	CU_ASSERT(strstr(buf, "tableau 1: 3s: 6 squares") != NULL);
	CU_ASSERT_EQUAL(P->breakdown(tg.game, s, buf, 10), 9); /* truncated, terminated */
	CU_ASSERT_EQUAL(strlen(buf), 9);
	finish(&tg, s);
}

/* The breakdown explains the last move: nothing after picks and draws; after a
 * placement, the mover's tableau only. Player 2 places 3-1 right of her start token:
 * the 1 and 3 touch no wild but the token, so no region has a wild: total 0. */
static void test_hegemino__breakdown_explains_only_the_last_move(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	char buf[1024];
	bones_test_play(&tg, s, "order:1221 draw:1-3 draw:2-6 draw:4-4 draw:0-3");
	bones_test_play(&tg, s, "pick:2 pick:3 pick:1 pick:4");
	CU_ASSERT_EQUAL(P->breakdown(tg.game, s, buf, sizeof buf), 0);
	bones_test_play(&tg, s, "draw:1-2 draw:3-4 draw:5-5 draw:0-1 pick:4");
	CU_ASSERT_EQUAL(P->breakdown(tg.game, s, buf, sizeof buf), 0);
	bones_test_play(&tg, s, "3-1@1,0/E");
	P->breakdown(tg.game, s, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "tableau 2: total 0");
	bones_test_play(&tg, s, "pick:1");
	CU_ASSERT_EQUAL(P->breakdown(tg.game, s, buf, sizeof buf), 0);
	finish(&tg, s);
}

/* What a move says in words (render.h move_words), state being the state before it. */
static void words_of(const bones_test_game *tg, const hg_state *s, const char *move,
		     char *buf, size_t cap)
{
	const bones_render *r = P->get_extension(tg->game, BONES_RENDER_ID);
	bones_move m;
	CU_ASSERT_FATAL(r != NULL && BONES_RENDER_HAS(r, move_words));
	CU_ASSERT_EQUAL_FATAL(P->parse_move(tg->game, s, move, &m), BONES_OK);
	buf[0] = '\0';
	CU_ASSERT(r->move_words(tg->game, s, m, buf, cap));
}

/* A placement's words name what the domino lies beside, as the picture shows it (the
 * start token or a domino of the tableau), and how it lies, never a cell: player 2's
 * 3-1 right of her token, player 1's 6-2 under his, her 4-4 under her token (the 3
 * beside it is no equal half) and his 0-3 beside the 6 of his 2-6. */
static void test_hegemino__move_words_name_what_a_domino_lies_beside(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	char words[128];
	bones_test_play(&tg, s, "order:1221 draw:1-3 draw:2-6 draw:4-4 draw:0-3");
	bones_test_play(&tg, s, "pick:2 pick:3 pick:1 pick:4");
	bones_test_play(&tg, s, "draw:1-2 draw:3-4 draw:5-5 draw:0-1 pick:4");
	words_of(&tg, s, "3-1@1,0/E", words, sizeof words);
	CU_ASSERT_STRING_EQUAL(words, "places 3-1 to the right of the start token, across");
	bones_test_play(&tg, s, "3-1@1,0/E pick:1");
	words_of(&tg, s, "6-2@0,1/S", words, sizeof words);
	CU_ASSERT_STRING_EQUAL(words, "places 6-2 below the start token, upright");
	bones_test_play(&tg, s, "6-2@0,1/S");
	words_of(&tg, s, "pick:2", words, sizeof words);
	CU_ASSERT_STRING_EQUAL(words, "picks 3-4 from row 2");
	bones_test_play(&tg, s, "pick:2");
	words_of(&tg, s, "4-4@0,1/E", words, sizeof words);
	CU_ASSERT_STRING_EQUAL(words, "places 4-4 below the start token, across");
	bones_test_play(&tg, s, "4-4@0,1/E pick:3");
	words_of(&tg, s, "0-3@1,1/E", words, sizeof words);
	CU_ASSERT_STRING_EQUAL(words, "places 0-3 to the right of 2-6, across");
	finish(&tg, s);
}

/* ---- Chaos ---------------------------------------------------------------------- */

static void test_hegemino__chaos_hides_the_removed_dominoes(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "chaos=hidden");
	hg_state *t = malloc(tg.info.state_size);
	CU_ASSERT_EQUAL(pool_total(tg.game), 28);
	bones_test_play(&tg, s, "order:2112 remove:0-6 remove:1-1 remove:3-4 remove:6-6");
	bones_move m;
	P->parse_move(tg.game, s, "draw:1-2", &m);
	CU_ASSERT(P->move_visible(tg.game, s, m, 0));
	CU_ASSERT_EQUAL(s->bone_n, 24);
	char before[4096], after[4096];
	P->observation(tg.game, s, 0, before, sizeof before);
	bones_rng rng;
	bones_rng_seed(&rng, 5);
	int differ = 0;
	for (int i = 0; i < 50; i++) {
		memcpy(t, s, tg.info.state_size);
		P->resample(tg.game, t, 0, bones_rng_next_void, &rng);
		P->observation(tg.game, t, 0, after, sizeof after);
		CU_ASSERT_STRING_EQUAL(before, after);
		differ += memcmp(t->removed, s->removed, sizeof s->removed) != 0;
		int k = 0;
		for (int d = 0; d < HG_DOMINOES; d++)
			k += t->removed[d];
		CU_ASSERT_EQUAL(k, 4);
		CU_ASSERT_EQUAL(t->bone_n, 24);
	}
	CU_ASSERT(differ > 40);
	hg_state *u = bones_test_new_state(&tg);
	bones_test_play(&tg, u, "order:2112");
	P->parse_move(tg.game, u, "remove:0-6", &m);
	CU_ASSERT(!P->move_visible(tg.game, u, m, 0));
	CU_ASSERT(!P->move_visible(tg.game, u, m, 1));
	CU_ASSERT(!P->move_visible(tg.game, u, m, -1));
	free(u);
	free(t);
	finish(&tg, s);
}

static void test_hegemino__open_chaos_shows_them(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "chaos=open");
	hg_state *t = bones_test_new_state(&tg);
	bones_test_play(&tg, s, "order:2112 remove:0-6 remove:1-1 remove:3-4 remove:6-6");
	bones_test_play(&tg, t, "order:2112 remove:0-5 remove:1-1 remove:3-4 remove:6-6");
	char a[4096], b[4096];
	P->observation(tg.game, s, 0, a, sizeof a);
	P->observation(tg.game, t, 0, b, sizeof b);
	CU_ASSERT(strcmp(a, b) != 0);
	bones_move m;
	hg_state *u = bones_test_new_state(&tg);
	bones_test_play(&tg, u, "order:2112");
	P->parse_move(tg.game, u, "remove:0-6", &m);
	CU_ASSERT(P->move_visible(tg.game, u, m, 0));
	P->render_text(tg.game, s, -1, a, sizeof a);
	CU_ASSERT(strstr(a, "removed: 0-6 1-1 3-4 6-6") != NULL);
	free(u);
	free(t);
	finish(&tg, s);
}

/* Fills drawn by a canvas: the last few polygons' colours. */
typedef struct fills {
	bones_color fill[8];
	int n;
} fills;

static void fill_polygon(void *user, const float *xy, int points, bones_color fill,
			 bones_color stroke, float width)
{
	fills *f = user;
	(void)xy, (void)points, (void)stroke, (void)width;
	if (f->n < 8)
		f->fill[f->n++] = fill;
}

static void no_circle(void *user, float x, float y, float r, bones_color fill, bones_color stroke,
		      float width)
{
	(void)user, (void)x, (void)y, (void)r, (void)fill, (void)stroke, (void)width;
}

static void no_line(void *user, float x0, float y0, float x1, float y1, bones_color color,
		    float width)
{
	(void)user, (void)x0, (void)y0, (void)x1, (void)y1, (void)color, (void)width;
}

static void no_pips(void *user, float x, float y, float side, int count, bones_color color)
{
	(void)user, (void)x, (void)y, (void)side, (void)count, (void)color;
}

/* The fills of the domino in hand, token 0 holding it in round 1. */
static fills hand_fills(const char *domino)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	give(s, 0, 1, domino);
	fills f = {{0}, 0};
	bones_canvas cv = {.size = sizeof cv, .user = &f, .polygon = fill_polygon,
			   .circle = no_circle, .line = no_line, .pips = no_pips};
	const bones_render *r = P->get_extension(tg.game, BONES_RENDER_ID);
	CU_ASSERT_FATAL(r != NULL && r->hand_size(tg.game, s, 0, 0) == 1);
	r->draw_piece(tg.game, s, 0, 0, 0, &cv);
	finish(&tg, s);
	return f;
}

static void test_hegemino__a_blank_half_is_wild_coloured_in_the_hand_too(void)
{
	const bones_color wild = BONES_RGBA(250, 225, 150, 255); /* render.c: a blank half */
	fills f = hand_fills("0-4");
	CU_ASSERT_EQUAL_FATAL(f.n, 2);
	CU_ASSERT_EQUAL(f.fill[0], wild);
	CU_ASSERT_NOT_EQUAL(f.fill[1], wild);
	f = hand_fills("3-4");
	CU_ASSERT_EQUAL_FATAL(f.n, 2);
	CU_ASSERT(f.fill[0] != wild && f.fill[1] != wild);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"market sorts the rule sheet's examples",
		 test_hegemino__market_sorts_the_rule_sheets_examples},
		{"market order is plain, then doubles, then zeros",
		 test_hegemino__market_order_is_plain_then_doubles_then_zeros},
		{"a drawn column is sorted when full", test_hegemino__a_drawn_column_is_sorted_when_full},
		{"sets and first orders follow the player count",
		 test_hegemino__sets_and_first_orders_follow_the_player_count},
		{"token order carries from column to column",
		 test_hegemino__token_order_carries_from_column_to_column},
		{"every player handles twelve dominoes",
		 test_hegemino__every_player_handles_twelve_dominoes},
		{"the start token is wild on an empty tableau",
		 test_hegemino__the_start_token_is_wild_on_an_empty_tableau},
		{"one half must match an equal half", test_hegemino__one_half_must_match_an_equal_half},
		{"zeros match anything on either side",
		 test_hegemino__zeros_match_anything_on_either_side},
		{"the five by five bound includes the gap",
		 test_hegemino__the_five_by_five_bound_includes_the_gap},
		{"a domino that fits nowhere is discarded",
		 test_hegemino__a_domino_that_fits_nowhere_is_discarded},
		{"bad text is a parse error and odd moves illegal",
		 test_hegemino__bad_text_is_a_parse_error_and_odd_moves_illegal},
		{"a memcpy clone has the same future", test_hegemino__a_memcpy_clone_has_the_same_future},
		{"breakdown explains only the last move",
		 test_hegemino__breakdown_explains_only_the_last_move},
		{"breakdown and text explain the score",
		 test_hegemino__breakdown_and_text_explain_the_score},
		{"chaos hides the removed dominoes", test_hegemino__chaos_hides_the_removed_dominoes},
		{"open chaos shows them", test_hegemino__open_chaos_shows_them},
		{"a blank half is wild coloured in the hand too",
		 test_hegemino__a_blank_half_is_wild_coloured_in_the_hand_too},
		{"move words name what a domino lies beside",
		 test_hegemino__move_words_name_what_a_domino_lies_beside},
		{NULL, NULL}};
	return bones_test_main("hegemino", cases);
}
