/* Holomino rules: the tile set and its tables, the rule sheets' worked examples played
 * as notation, blocking, passing, the end of the game, max_extent and the options. */
#include "bones_test.h"

#include <stdlib.h>
#include <string.h>

#include "../plugins/holomino/holomino.h"

extern const bones_plugin bones_plugin_entry;

static const bones_plugin *P = &bones_plugin_entry;

/* Configure with settings (CUnit failure if refused) and a fresh state. */
static void *start(bones_test_game *g, const char *settings)
{
	return bones_test_start(g, P, settings);
}


static int popcount_fit(const hm_game *hg, int d1, int d3, int d5)
{
	int b = hg->digits + 1, n = 0;
	const uint64_t *f = hg->fit + (size_t)((d1 * b + d3) * b + d5) * HM_WORDS;
	for (int w = 0; w < HM_WORDS; w++)
		n += __builtin_popcountll(f[w]);
	return n;
}

static const char *breakdown(const bones_test_game *g, const void *s)
{
	static char buf[128];
	P->breakdown(g->game, s, buf, sizeof buf);
	return buf;
}

/* "There are hence two unique tiles for each triplet ... a total of 40"; docs/games/holomino.md:
 * 2 x C(D,3) tiles, and 76 when digits may repeat. */
static void test_holomino__tile_sets_have_40_20_and_76_tiles(void)
{
	static const struct { const char *set; int tiles; } cases[] = {
		{"", 40}, {"digits=5", 20}, {"unique_digits=false", 76},
		{"digits=9", 168}, {"digits=9 unique_digits=false", 249},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		bones_test_game g;
		CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, cases[i].set), BONES_OK);
		CU_ASSERT_EQUAL(((hm_game *)g.game)->ntiles, cases[i].tiles);
		bones_test_release(&g);
	}
}

/* docs/games/holomino.md: one fixed corner 20 tiles, two different digits 4, three 1, two equal 0. */
static void test_holomino__fitting_counts_are_20_4_1_and_0_for_equal_digits(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, ""), BONES_OK);
	const hm_game *hg = g.game;
	for (int d = 1; d <= 6; d++) {
		CU_ASSERT_EQUAL(popcount_fit(hg, d, 0, 0), 20);
		CU_ASSERT_EQUAL(popcount_fit(hg, 0, 0, d), 20);
	}
	CU_ASSERT_EQUAL(popcount_fit(hg, 3, 5, 0), 4);
	CU_ASSERT_EQUAL(popcount_fit(hg, 0, 2, 6), 4);
	CU_ASSERT_EQUAL(popcount_fit(hg, 1, 2, 3), 1);
	CU_ASSERT_EQUAL(popcount_fit(hg, 6, 4, 1), 1);
	CU_ASSERT_EQUAL(popcount_fit(hg, 3, 3, 0), 0);
	CU_ASSERT_EQUAL(popcount_fit(hg, 1, 1, 1), 0);
	bones_test_release(&g);
}

/* Tile names: smallest rotation; 135 and 153 are mirror tiles; 112 with repeats. */
static void test_holomino__tile_names_read_from_the_smallest_digit(void)
{
	bones_test_game g;
	void *s = start(&g, "");
	bones_move m;
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "draw:135", &m), BONES_OK);
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "draw:153", &m), BONES_OK);
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "draw:351", &m), BONES_EPARSE);
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "draw:113", &m), BONES_EPARSE);
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "draw:137", &m), BONES_EPARSE);
	bones_test_finish(&g, s);
	s = start(&g, "unique_digits=false");
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "draw:112", &m), BONES_OK);
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "draw:121", &m), BONES_EPARSE);
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "draw:444", &m), BONES_OK);
	bones_test_finish(&g, s);
}

/* The deal: player 1's pool, player 2's, then the start tile at (0,0) with its first
 * digit at c1; then every turn begins with a draw for the player to move. */
static void test_holomino__deal_fills_pools_in_order_then_the_start_tile(void)
{
	bones_test_game g;
	void *s = start(&g, "");
	const hm_state *st = s;
	CU_ASSERT_EQUAL(P->to_move(g.game, s), BONES_CHANCE);
	bones_move moves[64];
	double probs[64], sum = 0;
	size_t n = P->legal_moves(g.game, s, moves, probs, 64);
	CU_ASSERT_EQUAL(n, 40);
	for (size_t i = 0; i < n; i++)
		sum += probs[i];
	CU_ASSERT_DOUBLE_EQUAL(sum, 1.0, 1e-9);
	bones_test_play(&g, s, "draw:135 draw:123 draw:146 draw:245 draw:256 draw:346");
	CU_ASSERT_EQUAL(st->pool_n[0], 3);
	CU_ASSERT_EQUAL(st->pool_n[1], 3);
	CU_ASSERT_EQUAL(P->to_move(g.game, s), BONES_CHANCE);
	bones_test_play(&g, s, "draw:235");
	const hm_game *hg = g.game;
	int c = hm_find(hg, st, 0, 0);
	CU_ASSERT_FATAL(c >= 0);
	const hm_cell *x = &hm_ccells(hg, st)[c];
	CU_ASSERT(x->placed && x->d[0] == 2 && x->d[1] == 3 && x->d[2] == 5);
	CU_ASSERT_EQUAL(P->to_move(g.game, s), BONES_CHANCE);
	n = P->legal_moves(g.game, s, moves, probs, 64);
	CU_ASSERT_EQUAL(n, 33);
	CU_ASSERT_DOUBLE_EQUAL(probs[0], 1.0 / 33, 1e-12);
	bones_test_play(&g, s, "draw:456");
	CU_ASSERT_EQUAL(P->to_move(g.game, s), 0);
	CU_ASSERT_EQUAL(st->pool_n[0], 4);
	bones_test_finish(&g, s);
}

/* Rule sheet example 1: "this hole is worth (3 + 2 + 5) = 10". Start 235 has 2 at c1
 * and 5 at c5; 135@1,0 puts 3 at c1 of (1,0); 123@1,-1 closes the hole at c0 of (0,0):
 * 5 + 2 + 3 = 10 (listed from the new tile: its c3 = 2, c5 = 3, and c5 of (0,0) = 5). */
static void test_holomino__hole_of_3_2_5_scores_10(void)
{
	bones_test_game g;
	void *s = start(&g, "");
	bones_test_play(&g, s, "draw:135 draw:123 draw:146 draw:245 draw:256 draw:346 draw:235"
			       " draw:456 135@1,0 draw:156 346@-1,0 draw:124");
	uint8_t hole[3];
	int c = hm_find(g.game, s, 1, -1);
	CU_ASSERT_EQUAL(hm_holes_at(g.game, s, c, hole, NULL), 1);
	CU_ASSERT_EQUAL(hole[0], 10);
	bones_test_play(&g, s, "123@1,-1");
	double sc[2];
	P->scores(g.game, s, sc);
	CU_ASSERT_DOUBLE_EQUAL(sc[0], 10, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(sc[1], 0, 1e-9);
	CU_ASSERT_STRING_EQUAL(breakdown(&g, s), "hole: 2 + 3 + 5 = 10");
	bones_test_finish(&g, s);
}

/* Example 2 and 3: the minimum (1 + 2 + 3) = 6 and maximum (4 + 5 + 6) = 15. */
static void test_holomino__holes_score_at_least_6_and_at_most_15(void)
{
	bones_test_game g;
	double sc[2];
	/* start 132: c1 = 1, c5 = 2; 243@1,0 puts 3 at c1 of (1,0): 2 + 1 + 3 = 6 */
	void *s = start(&g, "");
	bones_test_play(&g, s, "draw:243 draw:134 draw:125 draw:145 draw:146 draw:156 draw:132"
			       " draw:126 243@1,0 draw:136 136@-1,0 draw:235 134@1,-1");
	P->scores(g.game, s, sc);
	CU_ASSERT_DOUBLE_EQUAL(sc[0], 6, 1e-9);
	bones_test_finish(&g, s);
	/* start 465: c1 = 4, c5 = 5; 165@1,0 puts 6 at c1 of (1,0): 5 + 4 + 6 = 15 */
	s = start(&g, "");
	bones_test_play(&g, s, "draw:165 draw:146 draw:123 draw:124 draw:125 draw:126 draw:465"
			       " draw:134 165@1,0 draw:135 126@-1,0 draw:136 146@1,-1");
	P->scores(g.game, s, sc);
	CU_ASSERT_DOUBLE_EQUAL(sc[0], 15, 1e-9);
	bones_test_finish(&g, s);
}

/* The triple hole: 456 at (2,0) with all six neighbours placed closes three holes of
 * 4 + 5 + 6: ((6+5+4) + (5+4+6) + (4+6+5)) x 3 = 135; under product 15^3 = 3375. */
static const char *const triple_setup =
	"draw:256 draw:145 draw:264 draw:164 draw:156 draw:245 draw:132"
	" draw:456 256@1,0 draw:123 164@2,-1 draw:124 145@3,-1 draw:125 156@3,0"
	" draw:126 264@2,1 draw:134 245@1,1 draw:135";

static void test_holomino__triple_hole_of_4_5_6_scores_135(void)
{
	bones_test_game g;
	double sc[2];
	void *s = start(&g, "");
	bones_test_play(&g, s, triple_setup);
	uint8_t hole[3];
	int c = hm_find(g.game, s, 2, 0);
	CU_ASSERT_EQUAL(hm_holes_at(g.game, s, c, hole, NULL), 3);
	P->scores(g.game, s, sc);
	CU_ASSERT_DOUBLE_EQUAL(sc[0], 0, 1e-9);
	bones_test_play(&g, s, "456@2,0");
	P->scores(g.game, s, sc);
	CU_ASSERT_DOUBLE_EQUAL(sc[0], 135, 1e-9);
	CU_ASSERT_STRING_EQUAL(breakdown(&g, s), "triple hole: 3 x (15 + 15 + 15) = 135");
	bones_test_finish(&g, s);
}

static void test_holomino__triple_hole_scores_3375_under_product_scoring(void)
{
	bones_test_game g;
	double sc[2];
	void *s = start(&g, "scoring=product");
	bones_test_play(&g, s, triple_setup);
	bones_test_play(&g, s, "456@2,0");
	P->scores(g.game, s, sc);
	CU_ASSERT_DOUBLE_EQUAL(sc[0], 3375, 1e-9);
	CU_ASSERT_STRING_EQUAL(breakdown(&g, s), "triple hole: 15 x 15 x 15 = 3375");
	bones_test_finish(&g, s);
}

/* The blocking figure: a cell with two fixed 3s can never be filled. Start 123 puts
 * 3 at c5 (so c3 of (1,0) is 3); 134@1,-1 puts 3 at its c5, which is c1 of (1,0). */
static const char *const blocked_setup =
	"draw:134 draw:125 draw:126 draw:145 draw:146 draw:156 draw:123 draw:236";

static void test_holomino__cell_with_two_fixed_3s_is_blocked_and_never_offered(void)
{
	bones_test_game g;
	void *s = start(&g, "");
	bones_test_play(&g, s, blocked_setup);
	bones_test_play(&g, s, "134@1,-1 draw:135");
	int c = hm_find(g.game, s, 1, 0);
	CU_ASSERT_FATAL(c >= 0);
	const hm_cell *x = &hm_ccells(g.game, s)[c];
	CU_ASSERT(x->d[0] == 3 && x->d[1] == 3);
	CU_ASSERT(hm_blocked(g.game, s, c));
	bones_move moves[512];
	size_t n = P->legal_moves(g.game, s, moves, NULL, 512);
	CU_ASSERT(n > 0);
	for (size_t i = 0; i < n; i++)
		CU_ASSERT(!(hm_kind(moves[i]) == HM_PLACE && hm_q(moves[i]) == 1 &&
			    hm_r(moves[i]) == 0));
	bones_move m;
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "135@1,0", &m), BONES_EILLEGAL);
	char text[4096];
	P->render_text(g.game, s, -1, text, sizeof text);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "blocked cells: 1,0"));
	bones_test_finish(&g, s);
}

/* With repeated digits the same cell takes 33x tiles, in every fitting turn. */
static void test_holomino__repeated_digits_unblock_equal_corners(void)
{
	bones_test_game g;
	void *s = start(&g, "unique_digits=false");
	bones_test_play(&g, s, blocked_setup);
	bones_test_play(&g, s, "134@1,-1 draw:133");
	int c = hm_find(g.game, s, 1, 0);
	CU_ASSERT(!hm_blocked(g.game, s, c));
	bones_move m;
	/* 133 with 3s at c1 and c3: c1 = name[2] = 3, c3 = name[0] = 1? no: turn 1 gives
	 * c1 = 3, c3 = 3, c5 = 1; only that turn fits, so no /K is written */
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "133@1,0", &m), BONES_OK);
	CU_ASSERT_EQUAL(hm_turn(m), 1);
	char text[64];
	P->format_move(g.game, s, m, text, sizeof text);
	CU_ASSERT_STRING_EQUAL(text, "133@1,0");
	bones_test_finish(&g, s);
}

/* max_extent=1 keeps the layout to the start tile: nothing fits, so everyone passes;
 * the game ends when every player has passed in succession. */
static void test_holomino__all_players_passing_in_succession_ends_the_game(void)
{
	bones_test_game g;
	void *s = start(&g, "max_extent=1 players=3");
	const hm_state *st = s;
	/* three pools of three, the start tile 156, player 1 draws 234 */
	bones_test_play(&g, s, "draw:123 draw:124 draw:125 draw:126 draw:134 draw:135"
			       " draw:136 draw:145 draw:146 draw:156 draw:234");
	bones_move moves[16], m;
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "123@1,0", &m), BONES_EILLEGAL);
	size_t n = P->legal_moves(g.game, s, moves, NULL, 16);
	CU_ASSERT_EQUAL(n, 4); /* pass:TILE for each of the four pool tiles */
	for (size_t i = 0; i < n; i++)
		CU_ASSERT_EQUAL(hm_kind(moves[i]), HM_PASS);
	int supply = st->supply_n;
	bones_test_play(&g, s, "pass:234");
	CU_ASSERT_EQUAL(st->supply_n, supply + 1);
	CU_ASSERT(hm_has(st->supply, ((hm_game *)g.game)->name_index[234]));
	CU_ASSERT_EQUAL(st->pool_n[0], 3);
	bones_test_play(&g, s, "draw:234 pass:134 draw:235");
	CU_ASSERT_EQUAL(P->to_move(g.game, s), 2);
	bones_test_play(&g, s, "pass:145");
	CU_ASSERT_EQUAL(P->to_move(g.game, s), BONES_TERMINAL);
	CU_ASSERT_EQUAL(P->legal_moves(g.game, s, moves, NULL, 16), 0);
	bones_test_finish(&g, s);
}

/* Passing is refused while a placement is legal; a placement resets the pass count. */
static void test_holomino__passing_is_refused_while_a_placement_is_legal(void)
{
	bones_test_game g;
	void *s = start(&g, "");
	bones_test_play(&g, s, "draw:135 draw:123 draw:146 draw:245 draw:256 draw:346 draw:235"
			       " draw:456");
	bones_move m;
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "pass:135", &m), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(P->apply(g.game, s, hm_pack(HM_PASS, 0, 0, 0, 0)), BONES_EILLEGAL);
	bones_test_finish(&g, s);
}

/* max_extent=2: the layout may span 2 rows and 2 tiles; a third tile in a row is
 * refused by parse and apply, and the cell is shown blocked. Start 123: c3 = 2, so
 * (-1,0) needs c5 = 2 and (1,0) needs c3 = 3. */
static void test_holomino__max_extent_refuses_placements_beyond_it(void)
{
	bones_test_game g;
	void *s = start(&g, "max_extent=2");
	bones_test_play(&g, s, "draw:134 draw:135 draw:136 draw:145 draw:146 draw:156 draw:123"
			       " draw:142 134@1,0 draw:152");
	bones_move m;
	int c = hm_find(g.game, s, -1, 0);
	CU_ASSERT_FATAL(c >= 0);
	CU_ASSERT(hm_blocked(g.game, s, c));
	/* 152 turn 2: c1 = 2? c5 must be 2: 152 turn 0 gives c5 = 2 */
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "152@-1,0", &m), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(P->apply(g.game, s, hm_pack(HM_PLACE, ((hm_game *)g.game)->name_index[152],
						    0, -1, 0)), BONES_EILLEGAL);
	bones_test_finish(&g, s);
	s = start(&g, "");
	bones_test_play(&g, s, "draw:134 draw:135 draw:136 draw:145 draw:146 draw:156 draw:123"
			       " draw:142 134@1,0 draw:152 152@-1,0");
	bones_test_finish(&g, s);
}

/* The game ends at once when a pool empties: 8 tiles (digits=4), pools of 3, so the
 * supply runs dry after one draw and later turns start without one. */
static void test_holomino__draws_stop_with_the_supply_and_an_empty_pool_ends_the_game(void)
{
	int by_empty_pool = 0;
	for (uint64_t seed = 1; seed <= 200; seed++) {
		bones_test_game g;
		void *s = start(&g, "digits=4");
		const hm_state *st = s;
		bones_rng rng;
		bones_rng_seed(&rng, seed);
		bones_move moves[256];
		double probs[256];
		while (P->to_move(g.game, s) != BONES_TERMINAL) {
			int who = P->to_move(g.game, s);
			if (who == BONES_CHANCE)
				CU_ASSERT_FATAL(st->supply_n > 0);
			if (st->phase != HM_PHASE_DEAL && st->supply_n == 0)
				CU_ASSERT_FATAL(who >= 0);
			size_t n = P->legal_moves(g.game, s, moves, probs, 256);
			CU_ASSERT_FATAL(n > 0);
			CU_ASSERT_EQUAL_FATAL(P->apply(g.game, s, moves[bones_rng_below(&rng, (uint32_t)n)]),
					      BONES_OK);
		}
		int empty = 0;
		for (int p = 0; p < 2; p++)
			empty += st->pool_n[p] == 0;
		CU_ASSERT(empty == 1 || st->passes == 2);
		if (empty)
			CU_ASSERT_EQUAL(st->pool_n[st->play.player], 0);
		by_empty_pool += empty;
		bones_test_finish(&g, s);
	}
	CU_ASSERT(by_empty_pool > 100);
}

static void test_holomino__too_few_tiles_for_the_pools_are_refused(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL(bones_test_configure(&g, P, "digits=4 players=4 pool_size=2"),
			BONES_EINVAL);
	CU_ASSERT_EQUAL(strncmp(g.error, "pool_size:", 10), 0);
	CU_ASSERT_EQUAL(bones_test_configure(&g, P, "digits=3"), BONES_EINVAL);
	CU_ASSERT_EQUAL(bones_test_configure(&g, P, "digits=4 players=2 pool_size=3"), BONES_OK);
	bones_test_release(&g);
	CU_ASSERT_EQUAL(bones_test_configure(&g, P, "players=4 pool_size=6"), BONES_OK);
	CU_ASSERT(g.info.state_size <= 4096);
	bones_test_release(&g);
}

/* The breakdown's wording for each number of holes and both scorings. */
static void test_holomino__breakdown_explains_double_and_triple_holes(void)
{
	bones_test_game g;
	char buf[128];
	hm_moverec rec;
	memset(&rec, 0, sizeof rec);
	rec.valid = 1;
	rec.nholes = 2;
	rec.hole[0] = 10;
	rec.hole[1] = 12;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, ""), BONES_OK);
	rec.points = hm_points(g.game, 2, rec.hole);
	CU_ASSERT_EQUAL(rec.points, 44); /* 2 x (10 + 12) */
	hm_explain(g.game, &rec, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "double hole: 2 x (10 + 12) = 44");
	rec.chance = 1;
	CU_ASSERT_EQUAL(hm_explain(g.game, &rec, buf, sizeof buf), 0);
	CU_ASSERT_STRING_EQUAL(buf, "");
	bones_test_release(&g);
	rec.chance = 0;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, "scoring=product"), BONES_OK);
	rec.points = hm_points(g.game, 2, rec.hole);
	CU_ASSERT_EQUAL(rec.points, 120); /* 10 x 12 */
	hm_explain(g.game, &rec, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "double hole: 10 x 12 = 120");
	uint8_t one[1] = {13};
	CU_ASSERT_EQUAL(hm_points(g.game, 1, one), 13);
	bones_test_release(&g);
}

/* Every variant configures, and the presets' settings mean what they say. */
static void test_holomino__named_variants_configure(void)
{
	for (size_t i = 0; i < P->variant_count; i++) {
		bones_test_game g;
		CU_ASSERT_EQUAL(bones_test_configure(&g, P, P->variants[i].settings), BONES_OK);
		bones_test_release(&g);
	}
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, "max_extent=12"), BONES_OK);
	CU_ASSERT_EQUAL(((hm_game *)g.game)->max_extent, 12);
	bones_test_release(&g);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"tile sets have 40, 20 and 76 tiles", test_holomino__tile_sets_have_40_20_and_76_tiles},
		{"fitting counts are 20, 4, 1 and 0 for equal digits",
		 test_holomino__fitting_counts_are_20_4_1_and_0_for_equal_digits},
		{"tile names read from the smallest digit",
		 test_holomino__tile_names_read_from_the_smallest_digit},
		{"deal fills pools in order then the start tile",
		 test_holomino__deal_fills_pools_in_order_then_the_start_tile},
		{"hole of 3, 2, 5 scores 10", test_holomino__hole_of_3_2_5_scores_10},
		{"holes score at least 6 and at most 15",
		 test_holomino__holes_score_at_least_6_and_at_most_15},
		{"triple hole of 4, 5, 6 scores 135", test_holomino__triple_hole_of_4_5_6_scores_135},
		{"triple hole scores 3375 under product scoring",
		 test_holomino__triple_hole_scores_3375_under_product_scoring},
		{"cell with two fixed 3s is blocked and never offered",
		 test_holomino__cell_with_two_fixed_3s_is_blocked_and_never_offered},
		{"repeated digits unblock equal corners",
		 test_holomino__repeated_digits_unblock_equal_corners},
		{"all players passing in succession ends the game",
		 test_holomino__all_players_passing_in_succession_ends_the_game},
		{"passing is refused while a placement is legal",
		 test_holomino__passing_is_refused_while_a_placement_is_legal},
		{"max_extent refuses placements beyond it",
		 test_holomino__max_extent_refuses_placements_beyond_it},
		{"draws stop with the supply and an empty pool ends the game",
		 test_holomino__draws_stop_with_the_supply_and_an_empty_pool_ends_the_game},
		{"too few tiles for the pools are refused",
		 test_holomino__too_few_tiles_for_the_pools_are_refused},
		{"breakdown explains double and triple holes",
		 test_holomino__breakdown_explains_double_and_triple_holes},
		{"named variants configure", test_holomino__named_variants_configure},
		{NULL, NULL},
	};
	return bones_test_main("holomino", cases);
}
