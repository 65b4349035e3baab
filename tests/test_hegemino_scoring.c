/* Hegemino scoring on hand-built tableaus: the rule sheet's region rule, the wild
 * penalty and its floor, the bonuses, and every scoring variant, figures worked out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones_test.h"
#include "../plugins/hegemino/hegemino.h"

extern const bones_plugin bones_plugin_entry;

/* A picture: rows split by '/', '.' empty, '#' the gap, '0'..'6' pips, 'a'..'g' pips
 * 0..6 under a stacked domino. Returns the width; *h gets the height. */
static int picture(const char *pic, uint8_t *cells, int *h)
{
	int w = (int)strcspn(pic, "/"), y = 0, x = 0;
	for (const char *p = pic; *p; p++) {
		if (*p == '/') {
			y++;
			x = 0;
			continue;
		}
		uint8_t c = HG_EMPTY;
		if (*p == '#')
			c = HG_GAP;
		else if (*p >= '0' && *p <= '6')
			c = (uint8_t)(*p - '0' + 1);
		else if (*p >= 'a' && *p <= 'g')
			c = (uint8_t)((*p - 'a' + 1) | HG_STACKED);
		cells[y * w + x++] = c;
	}
	*h = y + 1;
	return w;
}

static int score(const char *pic, int wilds, bool boiling, bool stack_points, int board,
		 hg_score *sc)
{
	uint8_t cells[256];
	int h, w = picture(pic, cells, &h);
	hg_rules r = {wilds, boiling, stack_points, board};
	return hg_score_cells(cells, w, h, &r, sc);
}

static int plain(const char *pic, hg_score *sc)
{
	return score(pic, HG_WILDS_PENALTY, false, false, 5, sc);
}

/* 3s: the largest region (3 squares, top left) has no wild; the next, {3, 0} at the
 * right, has one: 3 x 2 = 6. 2s: {2, 2, 0} = 2 x 3 = 6. 1s: no wild. Total 12. */
static void test_hegemino__largest_region_without_a_wild_gives_way_to_one_with(void)
{
	hg_score sc;
	CU_ASSERT_EQUAL(plain("333#3/11220", &sc), 12);
	CU_ASSERT_EQUAL(sc.value[3].squares, 2);
	CU_ASSERT_EQUAL(sc.value[3].points, 6);
	CU_ASSERT_EQUAL(sc.value[2].points, 6);
	CU_ASSERT_EQUAL(sc.value[1].regions, 0);
}

/* 2s: one region of 2 twos and 3 zeros, 5 squares, multiplier max(1, 2 - 2) = 1: 5.
 * 1s: {1, 1} and the zeros above them, 4 squares, 2 wilds: max(1, 1 - 1) = 1: 4. */
static void test_hegemino__several_wilds_cost_a_pip_each_down_to_one(void)
{
	hg_score sc;
	CU_ASSERT_EQUAL(plain("200#/0211", &sc), 9);
	CU_ASSERT_EQUAL(sc.value[2].squares, 5);
	CU_ASSERT_EQUAL(sc.value[2].wilds, 3);
	CU_ASSERT_EQUAL(sc.value[2].multiplier, 1);
	CU_ASSERT_EQUAL(sc.value[1].squares, 4);
	CU_ASSERT_EQUAL(sc.value[1].wilds, 2);
}

/* 5s: {5, 0} with one wild: 5 x 2 = 10; the 6s region {0, 6, 6} shares the zero:
 * 6 x 3 = 18. A zero cell counts for both: 28, in a row or around a corner. */
static void test_hegemino__a_zero_counts_for_every_value_around_it(void)
{
	hg_score sc;
	CU_ASSERT_EQUAL(plain("5066#", &sc), 28);
	CU_ASSERT_EQUAL(sc.value[5].wilds, 1);
	CU_ASSERT_EQUAL(sc.value[6].wilds, 1);
	CU_ASSERT_EQUAL(plain("50#/66.", &sc), 28);
}

/* 2s: {2, 0} scores 2 x 2 = 4; {2, 2} right of the gap has no wild. Across the gap
 * they would be one region of 4 squares: the gap never connects, never counts. */
static void test_hegemino__the_gap_never_counts_and_never_connects(void)
{
	hg_score sc;
	CU_ASSERT_EQUAL(plain("20#22", &sc), 4);
	CU_ASSERT_EQUAL(sc.value[2].squares, 2);
}

/* Two 4s regions of 3 squares: {4, 0, 0} = (4 - 1) x 3 = 9, {4, 4, 0} = 4 x 3 = 12.
 * Equal sizes: the better one scores, 12. */
static void test_hegemino__equal_regions_score_the_better_one(void)
{
	hg_score sc;
	CU_ASSERT_EQUAL(plain("400#440", &sc), 12);
}

/* Full 5x5, gap in the top-left corner.
 * 6s: (1,0) (2,0) (2,1) (3,1) + zeros (4,1) (4,2): 6 squares, 2 wilds, x5 = 30.
 * 5s: (3,0) (4,0) + the two zeros: 4 squares, x4 = 16.
 * 3s: the 2x2 block + both zeros: 6 squares, x2 = 12.
 * 4s: (4,3) (2,4) (3,4) (4,4) + both zeros: 6 squares, x3 = 18.
 * 1s and 2s touch no zero. Regions 76, complete +5, corner +10: 91. */
static void test_hegemino__complete_tableau_with_corner_gap_scores_91(void)
{
	hg_score sc;
	CU_ASSERT_EQUAL(plain("#6655/11660/22330/22334/11444", &sc), 91);
	CU_ASSERT_EQUAL(sc.value[6].points, 30);
	CU_ASSERT_EQUAL(sc.value[5].points, 16);
	CU_ASSERT_EQUAL(sc.value[3].points, 12);
	CU_ASSERT_EQUAL(sc.value[4].points, 18);
	CU_ASSERT_EQUAL(sc.complete, 5);
	CU_ASSERT_EQUAL(sc.corner, 10);
	CU_ASSERT_EQUAL(sc.centre, 0);
}

/* 23 ones and one zero around a centre gap: 1 x 24 = 24, complete +5, centre +5. */
static void test_hegemino__centre_gap_and_complete_tableau_score_34(void)
{
	hg_score sc;
	CU_ASSERT_EQUAL(plain("11111/11111/11#11/11111/11110", &sc), 34);
	CU_ASSERT_EQUAL(sc.centre, 5);
	CU_ASSERT_EQUAL(sc.complete, 5);
}

/* A 4-wide tableau: the gap sits in the box's corner but the tableau is not 5x5, so
 * its place is ambiguous: no corner bonus, and no complete bonus. 1s: 1 x 3 = 3.
 * With holes in a 5x5 box the position is known: 1s 3, 2s {0, 2} 4, corner +10 = 17,
 * but it is not complete. */
static void test_hegemino__an_ambiguous_gap_position_earns_no_bonus(void)
{
	hg_score sc;
	CU_ASSERT_EQUAL(plain("#110", &sc), 3);
	CU_ASSERT_EQUAL(sc.corner, 0);
	CU_ASSERT_EQUAL(plain("#1102/...../...../...../....3", &sc), 3 + 4 + 10);
	CU_ASSERT_EQUAL(sc.complete, 0);
}

/* 1s: {1, 0, 0, 0}: 4 squares, 3 wilds. Penalty: max(1, 1 - 2) = 1: 4. Below Zero:
 * 1 - 2 = -1: -4. Friendly: 1 x 4 = 4. Pork Barrel: 1 x 3 x 4 = 12. */
static void test_hegemino__wild_rules_of_the_variants(void)
{
	hg_score sc;
	CU_ASSERT_EQUAL(score("1000#", HG_WILDS_PENALTY, false, false, 5, &sc), 4);
	CU_ASSERT_EQUAL(score("1000#", HG_WILDS_BELOW_ZERO, false, false, 5, &sc), -4);
	CU_ASSERT_EQUAL(score("1000#", HG_WILDS_FRIENDLY, false, false, 5, &sc), 4);
	CU_ASSERT_EQUAL(score("1000#", HG_WILDS_PORK, false, false, 5, &sc), 12);
	/* 6s: {6, 6, 0, 0}: friendly 6 x 4 = 24, penalty 5 x 4 = 20, pork 6 x 2 x 4 = 48 */
	CU_ASSERT_EQUAL(score("6600#", HG_WILDS_FRIENDLY, false, false, 5, &sc), 24);
	CU_ASSERT_EQUAL(score("6600#", HG_WILDS_PENALTY, false, false, 5, &sc), 20);
	CU_ASSERT_EQUAL(score("6600#", HG_WILDS_PORK, false, false, 5, &sc), 48);
}

/* Two 5s regions {5, 0} of 2 squares: 10 each. Normally one scores: 10. Boiling
 * Point: both, 20. */
static void test_hegemino__boiling_point_scores_every_region_with_a_wild(void)
{
	hg_score sc;
	CU_ASSERT_EQUAL(score("50#50", HG_WILDS_PENALTY, false, false, 5, &sc), 10);
	CU_ASSERT_EQUAL(score("50#50", HG_WILDS_PENALTY, true, false, 5, &sc), 20);
	CU_ASSERT_EQUAL(sc.value[5].regions, 2);
	/* a region without a wild still scores nothing: {5, 5} */
	CU_ASSERT_EQUAL(score("50#55", HG_WILDS_PENALTY, true, false, 5, &sc), 10);
	/* 1s: A {1, 1, 0, 0, 0} 5 squares 3 wilds, B {1, 0} 2 squares, C {1, 0, 0, 0} 4
	 * squares 3 wilds. Penalty + Boiling: 1 x 5 + 1 x 2 + 1 x 4 = 11. Below Zero: the
	 * largest, A: (1 - 2) x 5 = -5. Below Zero + Boiling: A must score, B may (+2), C
	 * (-4) is left out: -3. */
	const char *pic = "11000#10/......../1000....";
	CU_ASSERT_EQUAL(score(pic, HG_WILDS_PENALTY, true, false, 0, &sc), 11);
	CU_ASSERT_EQUAL(score(pic, HG_WILDS_BELOW_ZERO, false, false, 0, &sc), -5);
	CU_ASSERT_EQUAL(score(pic, HG_WILDS_BELOW_ZERO, true, false, 0, &sc), -3);
	CU_ASSERT_EQUAL(sc.value[1].regions, 2);
}

/* Stacking for Points: {3, 0} where the 0 is a stacked half: 3 x 2 = 6, doubled 12;
 * {4, 0} beside it is not stacked: 4 x 2 = 8. Plain Stacking: 6 + 8 = 14. */
static void test_hegemino__stacking_for_points_doubles_regions_with_a_stack(void)
{
	hg_score sc;
	CU_ASSERT_EQUAL(score("3a#/..4/..0", HG_WILDS_PENALTY, false, true, 5, &sc), 12 + 8);
	CU_ASSERT(sc.value[3].doubled);
	CU_ASSERT_EQUAL(score("3a#/..4/..0", HG_WILDS_PENALTY, false, false, 5, &sc), 6 + 8);
}

/* The state-level scorer applies the configured variant: Pork Barrel and Below Zero
 * through configure, the corner bonus on a full tableau, Sprawlomino without it. */
static void score_state(const char *settings, const char *pic, int expected)
{
	bones_test_game tg;
	CU_ASSERT_FATAL(bones_test_configure(&tg, &bones_plugin_entry, settings) == BONES_OK);
	const hg_game *g = tg.game;
	hg_state *s = bones_test_new_state(&tg);
	uint8_t cells[256];
	int h, w = picture(pic, cells, &h), gx = 0, gy = 0;
	for (int i = 0; i < w * h; i++)
		if (cells[i] == HG_GAP) {
			gx = i % w;
			gy = i / w;
		}
	uint8_t *grid = hg_cells(g, s, 0);
	int c = g->grid / 2;
	memset(grid, 0, (size_t)(g->grid * g->grid));
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			grid[(c - gy + y) * g->grid + c - gx + x] = cells[y * w + x];
	hg_refresh_tab(g, s, 0);
	hg_score sc;
	int got = hg_score_tab(g, s, 0, &sc);
	if (got != expected)
		fprintf(stderr, "\n%s: %s scored %d, expected %d\n", settings, pic, got, expected);
	CU_ASSERT_EQUAL(got, expected);
	free(s);
	bones_test_release(&tg);
}

static void test_hegemino__a_game_scores_its_tableaus_under_its_variant(void)
{
	const char *full = "#6655/11660/22330/22334/11444";
	score_state("players=2", full, 91);
	score_state("wilds=pork_barrel", "1000#", 12);
	score_state("wilds=below_zero", "1000#", -4);
	score_state("wilds=friendly", "6600#", 24);
	score_state("boiling_point=true", "50#50", 20);
	/* Mega: the same 5x5 tableau is not 7x7, so no bonuses: 76 */
	score_state("board=mega", full, 76);
	score_state("board=sprawl", full, 76);
	/* President Dorothy: the human scores without bonuses */
	score_state("players=2 solo=dorothy", full, 76);
	/* A full 7x7 of 47 ones and a zero, gap in a corner: 1 x 48 = 48; Mega and Solo
	 * Mega add complete +5 and corner +10; Sprawlomino has no bonuses. */
	const char *big = "#111111/1111111/1111111/1111111/1111111/1111111/1111110";
	score_state("board=mega", big, 63);
	score_state("players=1", big, 63);
	score_state("board=sprawl", big, 48);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"largest region without a wild gives way to one with",
		 test_hegemino__largest_region_without_a_wild_gives_way_to_one_with},
		{"several wilds cost a pip each down to one",
		 test_hegemino__several_wilds_cost_a_pip_each_down_to_one},
		{"a zero counts for every value around it",
		 test_hegemino__a_zero_counts_for_every_value_around_it},
		{"the gap never counts and never connects",
		 test_hegemino__the_gap_never_counts_and_never_connects},
		{"equal regions score the better one", test_hegemino__equal_regions_score_the_better_one},
		{"complete tableau with corner gap scores 91",
		 test_hegemino__complete_tableau_with_corner_gap_scores_91},
		{"centre gap and complete tableau score 34",
		 test_hegemino__centre_gap_and_complete_tableau_score_34},
		{"an ambiguous gap position earns no bonus",
		 test_hegemino__an_ambiguous_gap_position_earns_no_bonus},
		{"wild rules of the variants", test_hegemino__wild_rules_of_the_variants},
		{"boiling point scores every region with a wild",
		 test_hegemino__boiling_point_scores_every_region_with_a_wild},
		{"stacking for points doubles regions with a stack",
		 test_hegemino__stacking_for_points_doubles_regions_with_a_stack},
		{"a game scores its tableaus under its variant",
		 test_hegemino__a_game_scores_its_tableaus_under_its_variant},
		{NULL, NULL}};
	return bones_test_main("hegemino_scoring", cases);
}
