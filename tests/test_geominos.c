/* Geominos rules: the centre tile, the deals, placement legality (flip, rotation, bounds,
 * overlap, matching), assessment with the free centre, the blocked-player penalty. */
#include "bones_test.h"

#include "../plugins/geominos/geominos.h"
#include "bones/render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const bones_plugin bones_plugin_entry;

#define RULES_TILES "tiles=" BONES_TEST_FIXTURES "/geominos/rules-tiles.ini"

static geo_state *start(bones_test_game *g, const char *settings)
{
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(g, &bones_plugin_entry, settings), BONES_OK);
	return bones_test_new_state(g);
}

static int pips_at(const geo_state *s, int x1, int y1) /* 1-based square, -1 if empty */
{
	int c = s->cell[(y1 - 1) * GEO_N + (x1 - 1)];
	return c == GEO_EMPTY ? -1 : c & 7;
}

static bones_status try_move(const bones_test_game *g, void *s, const char *text)
{
	bones_move m;
	bones_status st = g->plugin->parse_move(g->game, s, text, &m);
	return st ? st : g->plugin->apply(g->game, s, m);
}

/* The rules sheet: "Draw the top card and place the corresponding tile in the center
 * square", side shown on the card (side a) up. Plus a/0 is .1./234/.5.; its middle
 * section (3 pips) lands on the middle square (11,11). */
static void test_geominos__centre_card_puts_its_tile_on_the_middle_square(void)
{
	bones_test_game g;
	geo_state *s = start(&g, RULES_TILES);
	CU_ASSERT_EQUAL(g.plugin->to_move(g.game, s), BONES_CHANCE);
	bones_move moves[64];
	double probs[64];
	size_t n = g.plugin->legal_moves(g.game, s, moves, probs, 64);
	CU_ASSERT_EQUAL(n, 5);
	for (size_t i = 0; i < n; i++)
		CU_ASSERT_DOUBLE_EQUAL(probs[i], 0.2, 1e-12);
	CU_ASSERT_TRUE_FATAL(bones_test_play(&g, s, "Plus"));
	CU_ASSERT_EQUAL(pips_at(s, 11, 11), 3);
	CU_ASSERT_EQUAL(pips_at(s, 11, 10), 1);
	CU_ASSERT_EQUAL(pips_at(s, 10, 11), 2);
	CU_ASSERT_EQUAL(pips_at(s, 12, 11), 4);
	CU_ASSERT_EQUAL(pips_at(s, 11, 12), 5);
	CU_ASSERT_EQUAL(s->score[0] + s->score[1], 0);
	CU_ASSERT_EQUAL(s->hand[0] | s->hand[1], 0);
	CU_ASSERT_EQUAL(__builtin_popcount(s->deck), 4);
	free(s);
	bones_test_release(&g);
}

/* Every tile of the shipped set covers the middle square when it is the centre tile. */
static void test_geominos__every_centre_tile_covers_the_middle_square(void)
{
	bones_test_game g;
	geo_state *s = start(&g, "");
	const geo_game *gm = g.game;
	for (int t = 0; t < gm->tile_count; t++) {
		g.plugin->init_state(g.game, s);
		CU_ASSERT_EQUAL_FATAL(g.plugin->apply(g.game, s, GEO_MOVE_DRAW | (bones_move)t),
				      BONES_OK);
		CU_ASSERT_EQUAL(s->cell[GEO_CENTRE * GEO_N + GEO_CENTRE] >> 3, t);
	}
	free(s);
	bones_test_release(&g);
}

/* All-Tile: the starting player draws first, then the next, until all are dealt. */
static void test_geominos__all_tile_deal_alternates_from_the_starter(void)
{
	bones_test_game g;
	geo_state *s = start(&g, RULES_TILES " starter=2");
	CU_ASSERT_TRUE_FATAL(bones_test_play(&g, s, "Plus Bar Zed Ell Tee"));
	const geo_game *gm = g.game;
	int bar = geo_find_tile(gm, "Bar", 3), ell = geo_find_tile(gm, "Ell", 3);
	int zed = geo_find_tile(gm, "Zed", 3), tee = geo_find_tile(gm, "Tee", 3);
	CU_ASSERT_EQUAL(s->hand[1], (1u << bar) | (1u << ell));
	CU_ASSERT_EQUAL(s->hand[0], (1u << zed) | (1u << tee));
	CU_ASSERT_EQUAL(g.plugin->to_move(g.game, s), 1);
	free(s);
	bones_test_release(&g);
}

/* Bar a/0 is 12345 left to right, anchor = its 1. At anchor (7,13) its 5 sits under the
 * Plus's 5 at (11,12): a match. Row 13 reads LLLDDDLLldddl..: squares 7 and 8 are light
 * (1 + 2 pips), 9 is light but in the free centre, 10 and 11 are dark: 1 + 2 = 3. */
static void test_geominos__bar_under_the_plus_scores_3_with_the_free_centre(void)
{
	bones_test_game g;
	geo_state *s = start(&g, RULES_TILES);
	CU_ASSERT_TRUE_FATAL(bones_test_play(&g, s, "Plus Bar Zed Ell Tee Bar/a/0@7,13"));
	CU_ASSERT_EQUAL(s->score[0], 3);
	CU_ASSERT_EQUAL(pips_at(s, 7, 13), 1);
	CU_ASSERT_EQUAL(pips_at(s, 11, 13), 5);
	char why[128];
	g.plugin->breakdown(g.game, s, why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "pips on light squares: 1 + 2 = 3");
	CU_ASSERT_EQUAL(g.plugin->to_move(g.game, s), 1);
	free(s);
	bones_test_release(&g);
}

static void test_geominos__overlap_mismatch_gaps_and_edges_are_refused(void)
{
	bones_test_game g;
	geo_state *s = start(&g, RULES_TILES);
	CU_ASSERT_TRUE_FATAL(bones_test_play(&g, s, "Plus Bar Zed Ell Tee"));
	geo_state before = *s;
	/* 11..15 of row 12 covers the Plus's 5 at (11,12). */
	CU_ASSERT_EQUAL(try_move(&g, s, "Bar/a/0@9,12"), BONES_EILLEGAL);
	/* Above the Plus's 1 at (11,10): the Bar's 2 at (11,9) does not match 1. */
	CU_ASSERT_EQUAL(try_move(&g, s, "Bar/a/0@10,9"), BONES_EILLEGAL);
	/* Nowhere near another tile. */
	CU_ASSERT_EQUAL(try_move(&g, s, "Bar/a/0@1,1"), BONES_EILLEGAL);
	/* Columns 18..22: off the board. */
	CU_ASSERT_EQUAL(try_move(&g, s, "Bar/a/0@18,1"), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(try_move(&g, s, "Bar/a/0@0,1"), BONES_EILLEGAL);
	/* A tile the player does not hold. */
	CU_ASSERT_EQUAL(try_move(&g, s, "Zed/a/0@10,7"), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(try_move(&g, s, "pass"), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(try_move(&g, s, "Nope/a/0@1,1"), BONES_EPARSE);
	CU_ASSERT_EQUAL(try_move(&g, s, "Bar/c/0@1,1"), BONES_EPARSE);
	CU_ASSERT_EQUAL(try_move(&g, s, "Bar/a/4@1,1"), BONES_EPARSE);
	CU_ASSERT_EQUAL(memcmp(&before, s, sizeof before), 0);
	/* The same 1 on 1 is fine: (11,9) holds the Bar's 1 above the Plus's 1. */
	CU_ASSERT_EQUAL(try_move(&g, s, "Bar/a/0@11,9"), BONES_OK);
	free(s);
	bones_test_release(&g);
}

/* ROT counts quarter turns clockwise. Bar a/1 runs 1..5 downwards, a/3 runs 5..1
 * downwards; in column 11 ending at row 9, only a/3 puts its 1 on the Plus's 1. */
static void test_geominos__rotation_turns_clockwise_about_the_anchor_section(void)
{
	bones_test_game g;
	geo_state *s = start(&g, RULES_TILES);
	CU_ASSERT_TRUE_FATAL(bones_test_play(&g, s, "Plus Bar Zed Ell Tee"));
	CU_ASSERT_EQUAL(try_move(&g, s, "Bar/a/1@11,5"), BONES_EILLEGAL);
	CU_ASSERT_EQUAL_FATAL(try_move(&g, s, "Bar/a/3@11,5"), BONES_OK);
	CU_ASSERT_EQUAL(pips_at(s, 11, 5), 5);
	CU_ASSERT_EQUAL(pips_at(s, 11, 9), 1);
	/* Column 11 reads L L D D d from row 5 to row 9 (blocks of three squares): only
	 * the 5 and the 4 lie on light squares outside the free area -> 5 + 4 = 9. */
	CU_ASSERT_EQUAL(s->score[0], 9);
	free(s);
	bones_test_release(&g);
}

/* Turning a tile over mirrors it. Ell b/0 is .6/.5/.4/32: a column 6,5,4 with the foot
 * (3) to the LEFT of the 2; a/0 has its foot to the right. Anchor (13,9) puts the b
 * side's 4 at (13,11), right of the Plus's 4 at (12,11), and its foot at (12,12). The
 * a side at the same anchor puts a 3 there: no match, refused. All five squares are
 * dark or free: 0 points. */
static void test_geominos__turning_a_tile_over_mirrors_it(void)
{
	bones_test_game g;
	geo_state *s = start(&g, RULES_TILES);
	CU_ASSERT_TRUE_FATAL(bones_test_play(&g, s, "Plus Bar Zed Ell Tee"));
	CU_ASSERT_EQUAL(try_move(&g, s, "Ell/a/0@13,9"), BONES_EILLEGAL);
	CU_ASSERT_EQUAL_FATAL(try_move(&g, s, "ell/B/0@13,9"), BONES_OK);
	CU_ASSERT_EQUAL(pips_at(s, 13, 9), 6);
	CU_ASSERT_EQUAL(pips_at(s, 13, 11), 4);
	CU_ASSERT_EQUAL(pips_at(s, 12, 12), 3);
	CU_ASSERT_EQUAL(pips_at(s, 13, 12), 2);
	CU_ASSERT_EQUAL(pips_at(s, 14, 12), -1);
	CU_ASSERT_EQUAL(s->score[0], 0);
	free(s);
	bones_test_release(&g);
}

/* One-Tile: draw, then place. Player 2 draws Tee (only 6s and 0s; the board has 1-5):
 * no placement, so "pass" costs 5 points and Tee stays in hand. Player 1 draws Ell and
 * puts its 4 right of the Plus's 4: anchor (13,8); (13,8) is light outside the free
 * area (1 pip), the rest is free or dark -> 1. Player 2 is stuck again and player 1 has
 * had both tiles: nobody can place, the game ends. Totals: 3 + 1 = 4 against 5. */
static void test_geominos__blocked_player_pays_5_keeps_the_tile_and_the_game_ends(void)
{
	bones_test_game g;
	geo_state *s = start(&g, RULES_TILES " deal=one");
	CU_ASSERT_TRUE_FATAL(bones_test_play(&g, s, "Plus Bar Bar/a/0@7,13 Tee"));
	CU_ASSERT_EQUAL(g.plugin->to_move(g.game, s), 1);
	bones_move moves[8];
	CU_ASSERT_EQUAL_FATAL(g.plugin->legal_moves(g.game, s, moves, NULL, 8), 1);
	char text[BONES_MOVE_TEXT_MAX];
	CU_ASSERT(g.plugin->format_move(g.game, s, moves[0], text, sizeof text) > 0);
	CU_ASSERT_STRING_EQUAL(text, "pass");
	CU_ASSERT_TRUE_FATAL(bones_test_play(&g, s, "pass"));
	CU_ASSERT_EQUAL(s->score[1], 5);
	CU_ASSERT_EQUAL(s->hand[1], 1u << geo_find_tile(g.game, "Tee", 3));
	CU_ASSERT_EQUAL(g.plugin->to_move(g.game, s), BONES_CHANCE);
	CU_ASSERT_TRUE_FATAL(bones_test_play(&g, s, "Ell Ell/a/0@13,8"));
	CU_ASSERT_EQUAL(g.plugin->to_move(g.game, s), BONES_TERMINAL);
	double sc[2];
	g.plugin->scores(g.game, s, sc);
	CU_ASSERT_DOUBLE_EQUAL(sc[0], 4, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(sc[1], 5, 1e-9);
	CU_ASSERT_EQUAL(g.plugin->legal_moves(g.game, s, moves, NULL, 8), 0);
	free(s);
	bones_test_release(&g);
}

/* Hand sizes after the deal, shipped set (21 tiles, one in the centre): All-Tile 10, 6
 * and 5 each; Five-Tile 5 each; One-Tile none until the first draw. */
static void test_geominos__each_deal_gives_the_rule_sheet_hand_sizes(void)
{
	static const struct { const char *deal; int players, hand, quota; } rows[] = {
		{"all", 2, 10, 10}, {"all", 3, 6, 6}, {"all", 4, 5, 5},
		{"five", 2, 5, 10}, {"five", 3, 5, 6}, {"five", 4, 5, 5},
		{"one", 2, 0, 10}, {"one", 3, 0, 6}, {"one", 4, 0, 5},
	};
	bones_rng rng;
	bones_rng_seed(&rng, 11);
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char settings[64];
		snprintf(settings, sizeof settings, "deal=%s players=%d", rows[i].deal,
			 rows[i].players);
		bones_test_game g;
		geo_state *s = start(&g, settings);
		const geo_game *gm = g.game;
		CU_ASSERT_EQUAL(gm->quota, rows[i].quota);
		while (g.plugin->to_move(g.game, s) == BONES_CHANCE &&
		       s->phase != GEO_PH_DRAW)
			bones_test_random_playout(&g, s, &rng, 1);
		for (int p = 0; p < rows[i].players; p++)
			CU_ASSERT_EQUAL(__builtin_popcount(s->hand[p]), rows[i].hand);
		CU_ASSERT_EQUAL(__builtin_popcount(s->deck),
				20 - rows[i].hand * rows[i].players);
		free(s);
		bones_test_release(&g);
	}
}

/* Five-Tile: after each placement the player draws one card while their share lasts;
 * with 3 players each draws one more (5 + 1 = 6) and 2 cards are never drawn. */
static void test_geominos__five_tile_refills_after_each_placement(void)
{
	bones_test_game g;
	geo_state *s = start(&g, "deal=five players=3");
	bones_rng rng;
	bones_rng_seed(&rng, 5);
	int refills = 0;
	for (int game = 0; game < 50; game++) {
		g.plugin->init_state(g.game, s);
		while (g.plugin->to_move(g.game, s) != BONES_TERMINAL) {
			int before = s->phase;
			bones_test_random_playout(&g, s, &rng, 1);
			if (before == GEO_PH_PLAY && s->phase == GEO_PH_REFILL) {
				refills++;
				CU_ASSERT_EQUAL(__builtin_popcount(s->hand[s->current]), 4);
			}
			for (int p = 0; p < 3; p++)
				CU_ASSERT(s->received[p] <= 6);
			CU_ASSERT(__builtin_popcount(s->deck) >= 2);
		}
	}
	CU_ASSERT(refills >= 100); /* 3 per game unless someone was stuck early */
	free(s);
	bones_test_release(&g);
}

/* What a hand piece draws: pip groups and numbers. */
typedef struct marks_drawn {
	int pips, digits;
} marks_drawn;

static void count_text(void *user, float x, float y, float h, bones_color color, int align,
		       const char *utf8)
{
	(void)x, (void)y, (void)h, (void)color, (void)align, (void)utf8;
	((marks_drawn *)user)->digits++;
}

static void count_pips(void *user, float x, float y, float side, int count, bones_color color)
{
	(void)x, (void)y, (void)side, (void)color;
	((marks_drawn *)user)->pips += count > 0;
}

static void ignore_polygon(void *user, const float *xy, int points, bones_color fill,
			   bones_color stroke, float width)
{
	(void)user, (void)xy, (void)points, (void)fill, (void)stroke, (void)width;
}

static void ignore_line(void *user, float x0, float y0, float x1, float y1, bones_color color,
			float width)
{
	(void)user, (void)x0, (void)y0, (void)x1, (void)y1, (void)color, (void)width;
}

/* In the hand a tile fits a 1x1 box: one 5 or more squares across gets its pips as
 * numbers (dots that small cannot be counted), a shorter one dots. */
static void test_geominos__long_tiles_show_their_pips_as_numbers_in_the_hand(void)
{
	bones_test_game g;
	geo_state *s = start(&g, "");
	const geo_game *game = g.game;
	const bones_render *r = g.plugin->get_extension(g.game, BONES_RENDER_ID);
	CU_ASSERT_FATAL(r != NULL);
	int long_ones = 0, short_ones = 0;
	for (int t = 0; t < game->tile_count; t++) {
		s->hand[0] = 1u << t;
		marks_drawn d = {0, 0};
		bones_canvas cv = {.size = sizeof cv, .user = &d, .polygon = ignore_polygon,
				   .line = ignore_line, .text = count_text, .pips = count_pips};
		r->draw_piece(g.game, s, 0, 0, 0, &cv);
		const geo_orient *o = &game->tiles[t].orient[0];
		int w = o->maxx - o->minx + 1, across = w > o->height ? w : o->height;
		if (across >= 5) {
			long_ones++;
			CU_ASSERT(d.digits > 0 && d.pips == 0);
		} else {
			short_ones++;
			CU_ASSERT(d.pips > 0 && d.digits == 0);
		}
	}
	CU_ASSERT(long_ones > 0 && short_ones > 0);
	free(s);
	bones_test_release(&g);
}

/* A move's words (render.h move_words) name the placed tile it lies beside, as the
 * picture shows it, never a square: the Bar's 5 under the Plus's 5, its 1 above the
 * Plus's 1 (turned three times), the Ell's 4 right of the Plus's 4 (side b up). */
static void words_of(const bones_test_game *g, const geo_state *s, const char *move,
		     char *buf, size_t cap)
{
	const bones_render *r = g->plugin->get_extension(g->game, BONES_RENDER_ID);
	bones_move m;
	CU_ASSERT_FATAL(r != NULL && BONES_RENDER_HAS(r, move_words));
	CU_ASSERT_EQUAL_FATAL(g->plugin->parse_move(g->game, s, move, &m), BONES_OK);
	buf[0] = '\0';
	CU_ASSERT(r->move_words(g->game, s, m, buf, cap));
}

static void test_geominos__move_words_name_the_tile_beside_not_a_square(void)
{
	bones_test_game g;
	geo_state *s = start(&g, RULES_TILES);
	char words[128];
	CU_ASSERT_TRUE_FATAL(bones_test_play(&g, s, "Plus Bar Zed Ell Tee"));
	words_of(&g, s, "Bar/a/0@7,13", words, sizeof words);
	CU_ASSERT_STRING_EQUAL(words, "places Bar below Plus");
	words_of(&g, s, "Bar/a/3@11,5", words, sizeof words);
	CU_ASSERT_STRING_EQUAL(words, "places Bar above Plus, turned 3");
	words_of(&g, s, "ell/B/0@13,9", words, sizeof words);
	CU_ASSERT_STRING_EQUAL(words, "places Ell to the right of Plus, flipped");
	free(s);
	bones_test_release(&g);
}

static const bones_test_case cases[] = {
	{"centre card puts its tile on the middle square",
	 test_geominos__centre_card_puts_its_tile_on_the_middle_square},
	{"every centre tile covers the middle square",
	 test_geominos__every_centre_tile_covers_the_middle_square},
	{"all-tile deal alternates from the starter",
	 test_geominos__all_tile_deal_alternates_from_the_starter},
	{"bar under the plus scores 3 with the free centre",
	 test_geominos__bar_under_the_plus_scores_3_with_the_free_centre},
	{"overlap, mismatch, gaps and edges are refused",
	 test_geominos__overlap_mismatch_gaps_and_edges_are_refused},
	{"rotation turns clockwise about the anchor section",
	 test_geominos__rotation_turns_clockwise_about_the_anchor_section},
	{"turning a tile over mirrors it", test_geominos__turning_a_tile_over_mirrors_it},
	{"blocked player pays 5, keeps the tile, and the game ends",
	 test_geominos__blocked_player_pays_5_keeps_the_tile_and_the_game_ends},
	{"each deal gives the rule sheet's hand sizes",
	 test_geominos__each_deal_gives_the_rule_sheet_hand_sizes},
	{"five-tile refills after each placement",
	 test_geominos__five_tile_refills_after_each_placement},
	{"long tiles show their pips as numbers in the hand",
	 test_geominos__long_tiles_show_their_pips_as_numbers_in_the_hand},
	{"move words name the tile beside, not a square",
	 test_geominos__move_words_name_the_tile_beside_not_a_square},
	{NULL, NULL},
};

int main(void)
{
	return bones_test_main("geominos", cases);
}
