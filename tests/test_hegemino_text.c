/* Hegemino's terminal view (render_text): rounds counted from 1, no second score line,
 * the market without what is already placed, dominoes that read as dominoes, and a grid
 * that shows every cell a placement can name, within 78 columns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones_test.h"
#include "bones/rng.h"
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

/* The glyph drawn for cell (x, y) of the first tableau (the first grid in the text),
 * or of the line dy below it (the joins); '?' when that cell is not drawn. */
static char glyph(const char *t, int x, int y, int dy)
{
	const char *head = strstr(t, "y\\x");
	if (!head)
		return '?';
	const char *line = head, *p = head + 3;
	while (line > t && line[-1] != '\n')
		line--;
	const char *eol = strchr(head, '\n');
	int first = 0, last = 0, v, used, n = 0;
	for (const char *q = p; eol && q < eol && sscanf(q, "%d%n", &v, &used) == 1 &&
				q + used <= eol;
	     q += used)
		last = n++ ? v : (first = v);
	if (n == 0 || x < first || x > last)
		return '?';
	int col = (int)(p - line) + 2 + 3 * (x - first); /* numbers are %3d over glyphs */
	char label[16];
	snprintf(label, sizeof label, "\n%4d  ", y);
	const char *row = strstr(head, label);
	if (!row)
		return '?';
	row++;
	for (; dy > 0; dy--) {
		row = strchr(row, '\n');
		if (!row)
			return '?';
		row++;
	}
	const char *end = strchr(row, '\n');
	int len = end ? (int)(end - row) : (int)strlen(row);
	return col < len ? row[col] : ' ';
}

/* The seed 4 game of the terminal: player 2 puts 2-5 across, player 1 2-6 down. */
static void play_seed_4(const bones_test_game *tg, hg_state *s)
{
	bones_test_play(tg, s, "order:1221 draw:2-5 draw:2-6 draw:3-6 draw:0-2");
	bones_test_play(tg, s, "pick:2 pick:3 pick:1 pick:4 draw:2-4 draw:0-0 draw:1-5 draw:0-1");
	bones_test_play(tg, s, "pick:2 2-5@-1,1/E pick:1 2-6@0,-2/S");
}

/* A domino across reads 2==5, never "2 -5" (minus five); one down reads 2v over its
 * 6, with no line of joins between the rows. */
static void test_hegemino_text__dominoes_read_as_dominoes(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	play_seed_4(&tg, s);
	CU_ASSERT(strstr(render(&tg, s), "2==5") != NULL);
	CU_ASSERT(strstr(text, " -5") == NULL);
	CU_ASSERT(strstr(text, "2==5 a domino across") != NULL); /* the legend */
	CU_ASSERT_EQUAL(glyph(text, 0, -2, 0), '2');
	CU_ASSERT(strstr(text, "\n  -2  .  .  2v .  .") != NULL);
	CU_ASSERT(strstr(text, " |") == NULL);
	CU_ASSERT(strstr(text, "2v over 5 one down") != NULL); /* the legend */
	CU_ASSERT_EQUAL(glyph(text, 0, -1, 0), '6');
	CU_ASSERT_EQUAL(glyph(text, 0, 0, 0), '#');
	finish(&tg, s);
}

/* Both cells of every placement player 1 may make are drawn, empty, under the
 * coordinates the notation uses. */
static void check_placements_drawn(const bones_test_game *tg, const hg_state *s)
{
	bones_move moves[4096];
	size_t n = P->legal_moves(tg->game, s, moves, NULL, 4096);
	render(tg, s);
	for (size_t i = 0; i < n; i++) {
		char m[64], dir;
		int a, b, x, y;
		P->format_move(tg->game, s, moves[i], m, sizeof m);
		if (sscanf(m, "%d-%d@%d,%d/%c", &a, &b, &x, &y, &dir) != 5)
			continue;
		int x2 = x + (dir == 'E'), y2 = y + (dir == 'S');
		if (glyph(text, x, y, 0) != '.' || glyph(text, x2, y2, 0) != '.') {
			CU_FAIL("a placement names a cell that is not drawn");
			fprintf(stderr, "\n%s not drawn in\n%s", m, text);
			return;
		}
	}
}

static void test_hegemino_text__every_placement_names_drawn_cells(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	play_seed_4(&tg, s);
	bones_test_play(&tg, s, "pick:4 3-6@0,-2/S pick:3");
	CU_ASSERT_EQUAL(P->to_move(tg.game, s), 0);
	CU_ASSERT_EQUAL(glyph(render(&tg, s), 0, -4, 0), '.'); /* 0-2@0,-4/S reaches y = -4 */
	check_placements_drawn(&tg, s);
	finish(&tg, s);
	const char *settings[] = {"players=2", "players=2 board=mega", "players=4"};
	for (int k = 0; k < 3; k++) {
		bones_rng rng;
		bones_rng_seed(&rng, (uint64_t)k + 1);
		s = start(&tg, settings[k]);
		while (P->to_move(tg.game, s) != BONES_TERMINAL) {
			if (P->to_move(tg.game, s) == 0 && hg_actor_domino(tg.game, s) != HG_NONE)
				check_placements_drawn(&tg, s);
			bones_test_random_playout(&tg, s, &rng, 1);
		}
		finish(&tg, s);
	}
}

/* Every line fits a terminal's 78 columns, two to four players, 5x5 and 7x7. */
static void test_hegemino_text__the_view_fits_78_columns(void)
{
	const char *settings[] = {"players=2", "players=3", "players=4", "players=2 board=mega",
				  "players=2 spheres=true", "players=2 solo=dorothy",
				  "players=1", "players=2 stacking=on"};
	for (size_t k = 0; k < sizeof settings / sizeof *settings; k++) {
		bones_test_game tg;
		bones_rng rng;
		int widest = 0;
		bones_rng_seed(&rng, 7);
		hg_state *s = start(&tg, settings[k]);
		for (;;) {
			for (const char *p = render(&tg, s); *p;) {
				int len = (int)strcspn(p, "\n");
				widest = len > widest ? len : widest;
				p += len + (p[len] == '\n');
			}
			if (P->to_move(tg.game, s) == BONES_TERMINAL)
				break;
			bones_test_random_playout(&tg, s, &rng, 1);
		}
		if (widest > 78)
			fprintf(stderr, "\n%s: a line of %d columns\n", settings[k], widest);
		CU_ASSERT(widest <= 78);
		finish(&tg, s);
	}
}

/* Two tableaus share their lines, side by side: the board keeps to the screen. */
static void test_hegemino_text__two_tableaus_sit_side_by_side(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	const char *line = strstr(render(&tg, s), "tableau 1: total 0");
	CU_ASSERT(line != NULL && strstr(line, "tableau 2: total 0") < strchr(line, '\n'));
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
		{"every placement names drawn cells",
		 test_hegemino_text__every_placement_names_drawn_cells},
		{"the view fits 78 columns", test_hegemino_text__the_view_fits_78_columns},
		{"two tableaus sit side by side", test_hegemino_text__two_tableaus_sit_side_by_side},
		{NULL, NULL}};
	return bones_test_main("hegemino_text", cases);
}
