/* Geominos data files and drawing: the shipped tile set and board, the file:line message
 * of each broken file in tests/fixtures/geominos, options, notation of equal
 * orientations, the canvas rendering and the text rendering. */
#include "bones_test.h"

#include "../plugins/geominos/geominos.h"
#include "bones/preset.h"
#include "bones/render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const bones_plugin bones_plugin_entry;

#define FIX BONES_TEST_FIXTURES "/geominos/"

static void test_geominos_data__shipped_set_has_21_distinct_balanced_tiles(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, &bones_plugin_entry, ""), BONES_OK);
	const geo_game *gm = g.game;
	CU_ASSERT_EQUAL(gm->tile_count, 21);
	CU_ASSERT(geo_find_tile(gm, "Chair", 5) >= 0);
	CU_ASSERT(geo_find_tile(gm, "Seahorse", 8) >= 0);
	CU_ASSERT(geo_find_tile(gm, "Gorilla", 7) >= 0);
	int uses[2][GEO_PIPS] = {{0}};
	for (int t = 0; t < gm->tile_count; t++) {
		const geo_tile *tile = &gm->tiles[t];
		CU_ASSERT(tile->count >= 5 && tile->count <= 9);
		int total[2] = {0, 0};
		for (int side = 0; side < 2; side++) {
			const geo_orient *o = &tile->orient[tile->orient_of[side][0]];
			for (int k = 0; k < o->count; k++) {
				total[side] += o->pips[k];
				uses[side][o->pips[k]]++;
			}
		}
		CU_ASSERT_EQUAL(total[0], total[1]); /* either side up costs the same in total */
		CU_ASSERT(tile->orient_count >= 2);
	}
	for (int side = 0; side < 2; side++)
		for (int p = 0; p < GEO_PIPS; p++)
			CU_ASSERT(uses[side][p] >= 21 && uses[side][p] <= 22); /* 152 sections / 7 */
	bones_test_release(&g);
}

static void test_geominos_data__shipped_board_is_symmetric_with_a_light_free_centre(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, &bones_plugin_entry, ""), BONES_OK);
	const geo_game *gm = g.game;
	int free_light = 0, free_dark = 0, light = 0;
	for (int y = 0; y < GEO_N; y++)
		for (int x = 0; x < GEO_N; x++) {
			int i = y * GEO_N + x, r = x * GEO_N + (GEO_N - 1 - y), m = y * GEO_N + (GEO_N - 1 - x);
			CU_ASSERT_EQUAL(gm->light[i], gm->light[r]);     /* quarter turn */
			CU_ASSERT_EQUAL(gm->light[i], gm->light[m]);     /* mirror */
			CU_ASSERT_EQUAL(gm->free_area[i], gm->free_area[r]);
			free_light += gm->free_area[i] && gm->light[i];
			free_dark += gm->free_area[i] && !gm->light[i];
			light += gm->light[i];
		}
	CU_ASSERT(gm->free_area[GEO_CENTRE * GEO_N + GEO_CENTRE]);
	CU_ASSERT(free_light > 0 && free_dark > 0);
	CU_ASSERT(light > 150 && light < 290);
	bones_test_release(&g);
}

static void expect_error(const char *settings, const char *message)
{
	bones_test_game g;
	bones_status st = bones_test_configure(&g, &bones_plugin_entry, settings);
	CU_ASSERT_NOT_EQUAL(st, BONES_OK);
	if (!strstr(g.error, message)) {
		fprintf(stderr, "\nexpected '%s' in '%s'\n", message, g.error);
		CU_FAIL("error message");
	}
	if (st == BONES_OK)
		bones_test_release(&g);
}

static void test_geominos_data__each_broken_file_names_its_line_and_reason(void)
{
	expect_error("tiles=" FIX "disconnected.ini",
		     "disconnected.ini:10: side a of 'Gap' is not connected");
	expect_error("tiles=" FIX "duplicate.ini",
		     "duplicate.ini:12: 'Twin' has the same shape as 'Ell' (line 3)");
	expect_error("tiles=" FIX "side-count.ini",
		     "side-count.ini:7: side b of 'Short' has 5 sections but side a has 6");
	expect_error("tiles=" FIX "pips.ini", "pips.ini:5: row a3 of 'Hot': pips '7' out of range 0-6");
	expect_error("tiles=" FIX "mirror.ini",
		     "mirror.ini:6: side b of 'Skew' is not side a turned over");
	expect_error("board=" FIX "board-size.ini", "board-size.ini:23: board has 20 rows, expected 21");
	expect_error("board=" FIX "board-row.ini", "board-row.ini:10: row7 has 22 squares, expected 21");
	expect_error("tiles=" FIX "board-row.ini", "board-row.ini:3: not a Geominos tile file (keys belong under [set] or [tile.NAME])");
	expect_error("board=" FIX "pips.ini", "pips.ini:3: not a Geominos board file (keys belong under [board])");
	expect_error("tiles=" FIX "syntax.ini", "syntax.ini:4: syntax error");
	expect_error("tiles=nowhere/none.ini", "tiles: cannot find 'nowhere/none.ini'");
	/* an empty file has no line to blame: the file alone, never line 0 */
	expect_error("tiles=" FIX "empty.ini", "empty.ini: a tile set needs at least 2 tiles, found 0");
	expect_error("board=" FIX "empty.ini", "empty.ini: board has 0 rows, expected 21");
	expect_error("board=none.ini", "board: cannot find 'none.ini'");
	/* The message starts with the option it blames. */
	expect_error("tiles=" FIX "pips.ini", "tiles: ");
	expect_error("board=" FIX "board-size.ini", "board: ");
}

static void test_geominos_data__options_are_checked_against_the_tile_count(void)
{
	expect_error("players=2 starter=3", "starter: player 3 does not play in a 2-player game");
	expect_error("tiles=" FIX "two-tiles.ini", "players: 2 players need at least 3 tiles");
	/* 5 tiles: one in the centre leaves 4, one each for 4 players. */
	bones_test_game g;
	CU_ASSERT_EQUAL(bones_test_configure(&g, &bones_plugin_entry,
					     "players=4 tiles=" FIX "rules-tiles.ini"), BONES_OK);
	CU_ASSERT_EQUAL(((const geo_game *)g.game)->quota, 1);
	bones_test_release(&g);
	bones_options opts;
	char err[128];
	CU_ASSERT_EQUAL_FATAL(bones_options_init(&opts, &bones_plugin_entry, err, sizeof err),
			      BONES_OK);
	CU_ASSERT_EQUAL(bones_options_apply_variant(&opts, "one-tile", err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(opts.values[bones_options_find(&bones_plugin_entry, "deal")].i,
			GEO_DEAL_ONE);
	CU_ASSERT_EQUAL(bones_options_apply_variant(&opts, "five-tile", err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(opts.values[bones_options_find(&bones_plugin_entry, "deal")].i,
			GEO_DEAL_FIVE);
	bones_options_release(&opts);
}

/* Bar is 12345 on side a (4 distinct rotations) and 33333 on side b, which looks the
 * same after a half turn: 6 orientations. b/2 is written as b/0. */
static void test_geominos_data__equal_orientations_are_stored_and_written_once(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, &bones_plugin_entry,
						   "tiles=" FIX "rules-tiles.ini"), BONES_OK);
	const geo_game *gm = g.game;
	const geo_tile *bar = &gm->tiles[geo_find_tile(gm, "Bar", 3)];
	CU_ASSERT_EQUAL(bar->orient_count, 6);
	CU_ASSERT_EQUAL(bar->orient_of[1][0], bar->orient_of[1][2]);
	CU_ASSERT_EQUAL(bar->orient_of[1][1], bar->orient_of[1][3]);
	CU_ASSERT_EQUAL(gm->tiles[geo_find_tile(gm, "Plus", 4)].orient_count, 8);
	void *s = bones_test_new_state(&g);
	/* Player 1 puts Ell's 4 right of the Plus's 4, leaving its 3 open at (13,10);
	 * player 2 lays the all-3 side of the Bar to its right. */
	CU_ASSERT_TRUE_FATAL(bones_test_play(&g, s, "Plus Ell Bar Zed Tee Ell/a/0@13,8"));
	bones_move a, b;
	CU_ASSERT_EQUAL_FATAL(g.plugin->parse_move(g.game, s, "Bar/b/0@14,10", &a), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(g.plugin->parse_move(g.game, s, "bar/b/2@14,10", &b), BONES_OK);
	CU_ASSERT_EQUAL(a, b);
	char text[64];
	CU_ASSERT(g.plugin->format_move(g.game, s, b, text, sizeof text) > 0);
	CU_ASSERT_STRING_EQUAL(text, "Bar/b/0@14,10");
	free(s);
	bones_test_release(&g);
}

/* ---- Drawing ---------------------------------------------------------------------- */

typedef struct tally {
	int polygons, circles, lines, texts, pips, marks, pip_total;
} tally;

static void c_polygon(void *u, const float *xy, int n, bones_color f, bones_color s, float w)
{
	(void)xy, (void)n, (void)f, (void)s, (void)w;
	((tally *)u)->polygons++;
}
static void c_circle(void *u, float x, float y, float r, bones_color f, bones_color s, float w)
{
	(void)x, (void)y, (void)r, (void)f, (void)s, (void)w;
	((tally *)u)->circles++;
}
static void c_line(void *u, float x0, float y0, float x1, float y1, bones_color c, float w)
{
	(void)x0, (void)y0, (void)x1, (void)y1, (void)c, (void)w;
	((tally *)u)->lines++;
}
static void c_text(void *u, float x, float y, float h, bones_color c, int a, const char *t)
{
	(void)x, (void)y, (void)h, (void)c, (void)a, (void)t;
	((tally *)u)->texts++;
}
static void c_pips(void *u, float x, float y, float side, int count, bones_color c)
{
	(void)x, (void)y, (void)side, (void)c;
	((tally *)u)->pips++;
	((tally *)u)->pip_total += count;
}
static void c_mark(void *u, const float *xy, int n, int kind)
{
	(void)xy, (void)n;
	((tally *)u)->marks += kind == BONES_MARK_LAST;
}

static void test_geominos_data__canvas_draws_squares_sections_hands_and_moves(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, &bones_plugin_entry,
						   "tiles=" FIX "rules-tiles.ini"), BONES_OK);
	const bones_render *r = g.plugin->get_extension(g.game, BONES_RENDER_ID);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_PTR_NULL(g.plugin->get_extension(g.game, "bones.nothing/1"));
	geo_state *s = bones_test_new_state(&g);
	CU_ASSERT_TRUE_FATAL(bones_test_play(&g, s, "Plus Bar Zed Ell Tee Bar/a/0@7,13"));
	tally t = {0};
	bones_canvas c = {sizeof c, &t, c_polygon, c_circle, c_line, c_text, c_pips, c_mark, NULL};
	float box[4];
	r->board_bounds(g.game, s, box);
	CU_ASSERT(box[2] == 21 && box[3] == 21);
	r->draw_board(g.game, s, -1, &c);
	CU_ASSERT_EQUAL(t.polygons, 441 + 10);       /* squares + Plus and Bar sections */
	/* Plus and Bar, then the Bar's pips again over its last-move highlight */
	CU_ASSERT_EQUAL(t.pips, 15);
	CU_ASSERT_EQUAL(t.pip_total, 15 + 15 + 15);  /* 1+2+3+4+5 three times */
	CU_ASSERT_EQUAL(t.marks, 1);                 /* one outline around the Bar */
	/* The Bar is its player's (tinted by owner); the centre tile is nobody's. */
	CU_ASSERT_EQUAL(s->owner[s->last_tile], s->last_player + 1);
	CU_ASSERT_EQUAL(r->hand_size(g.game, s, 0, 1), 1);
	CU_ASSERT_EQUAL(r->hand_size(g.game, s, 1, 0), 2);
	memset(&t, 0, sizeof t);
	r->draw_piece(g.game, s, 1, 0, 0, &c);       /* Zed: five sections */
	CU_ASSERT_EQUAL(t.pips, 5);
	/* Every legal move maps to its hand piece, anchor square and orientation. */
	bones_move moves[4096];
	size_t n = g.plugin->legal_moves(g.game, s, moves, NULL, 4096);
	CU_ASSERT(n > 10);
	for (size_t i = 0; i < n; i++) {
		bones_move_place p;
		CU_ASSERT_EQUAL_FATAL(r->move_place(g.game, s, moves[i], &p), BONES_OK);
		CU_ASSERT_EQUAL(geo_hand_tile(s, 1, p.piece), geo_move_tile(moves[i]));
		CU_ASSERT_EQUAL(p.variant, geo_move_orient(moves[i]));
		CU_ASSERT_EQUAL(p.target, geo_move_y(moves[i]) * 21 + geo_move_x(moves[i]));
	}
	memset(&t, 0, sizeof t);
	r->draw_ghost(g.game, s, moves[0], &c);
	CU_ASSERT_EQUAL(t.pips, 5);
	CU_ASSERT(t.circles == 1 && t.texts == 1);   /* the cost badge */
	bones_move_place p;
	CU_ASSERT_EQUAL(r->move_place(g.game, s, GEO_MOVE_PASS, &p), BONES_EINVAL);
	free(s);
	bones_test_release(&g);
}

static void test_geominos_data__text_shows_the_board_hands_and_scores(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, &bones_plugin_entry,
						   "tiles=" FIX "rules-tiles.ini"), BONES_OK);
	void *s = bones_test_new_state(&g);
	CU_ASSERT_TRUE_FATAL(bones_test_play(&g, s, "Plus Bar Zed Ell Tee Bar/a/0@7,13"));
	char buf[8192];
	size_t len = g.plugin->render_text(g.game, s, -1, buf, sizeof buf);
	CU_ASSERT_EQUAL(len, strlen(buf));
	/* Row 13: columns 7-11 hold the Bar (tile B, the second in the file), 1 to 5; the
	 * spots of player 2's tiles beside it are lettered (aa, ab, ac). */
	const char *row13 = " 13  .  .  .  # aa ab B1 B2 B3 B4 B5 ac  +  .  .  #";
	if (!strstr(buf, row13))
		fprintf(stderr, "\n%s", buf);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, row13));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "  player 1: 3 points; hand: Ell"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "> player 2: 0 points; hand: Zed Tee"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "last tile: Bar (B) by player 1, 3 points"));
	/* The mover's tiles, side a | side b: Zed is 12/.3/.45, turned over .21/.3/54. */
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "  Zed         Tee"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "  12. | .21   666 | 000"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "  .45 | 54.   .0. | .6."));
	/* A short buffer is filled, NUL-terminated, and never overrun. */
	char small[40];
	len = g.plugin->render_text(g.game, s, 0, small, sizeof small);
	CU_ASSERT(len < sizeof small && small[len] == '\0');
	free(s);
	bones_test_release(&g);
}

/* Each shipped preset loads, names this plugin and configures a game of its size. */
static void test_geominos_data__every_preset_configures_a_game(void)
{
	static const struct { const char *file; int players, deal; } presets[] = {
		{"geominos.ini", 2, GEO_DEAL_ALL}, {"geominos-five-tile.ini", 2, GEO_DEAL_FIVE},
		{"geominos-one-tile.ini", 2, GEO_DEAL_ONE}, {"geominos-3p.ini", 3, GEO_DEAL_ALL},
		{"geominos-4p.ini", 4, GEO_DEAL_ALL},
	};
	for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
		char path[512], err[256] = "";
		snprintf(path, sizeof path, "%s/configs/%s", BONES_SOURCE_DIR, presets[i].file);
		bones_preset *pre = calloc(1, sizeof *pre);
		bones_options opts;
		CU_ASSERT_EQUAL_FATAL(bones_preset_load(path, pre, err, sizeof err), BONES_OK);
		CU_ASSERT_STRING_EQUAL(pre->plugin, "geominos");
		CU_ASSERT_STRING_EQUAL(pre->seats[0].agent, "human");
		CU_ASSERT_EQUAL_FATAL(bones_preset_options(pre, &bones_plugin_entry, &opts, err,
							   sizeof err), BONES_OK);
		bones_host host;
		bones_host_init(&host);
		bones_game_info info = {.size = sizeof info};
		void *game = NULL;
		CU_ASSERT_EQUAL_FATAL(bones_plugin_entry.configure(&host, opts.values, &game, &info,
								   err, sizeof err), BONES_OK);
		CU_ASSERT_EQUAL(info.players, presets[i].players);
		CU_ASSERT_EQUAL(((const geo_game *)game)->deal, presets[i].deal);
		CU_ASSERT_STRING_NOT_EQUAL(pre->seats[presets[i].players - 1].agent, "");
		bones_plugin_entry.destroy_game(game);
		bones_options_release(&opts);
		free(pre);
	}
}

static const bones_test_case cases[] = {
	{"every preset configures a game", test_geominos_data__every_preset_configures_a_game},
	{"shipped set has 21 distinct balanced tiles",
	 test_geominos_data__shipped_set_has_21_distinct_balanced_tiles},
	{"shipped board is symmetric with a light free centre",
	 test_geominos_data__shipped_board_is_symmetric_with_a_light_free_centre},
	{"each broken file names its line and reason",
	 test_geominos_data__each_broken_file_names_its_line_and_reason},
	{"options are checked against the tile count",
	 test_geominos_data__options_are_checked_against_the_tile_count},
	{"equal orientations are stored and written once",
	 test_geominos_data__equal_orientations_are_stored_and_written_once},
	{"canvas draws squares, sections, hands and moves",
	 test_geominos_data__canvas_draws_squares_sections_hands_and_moves},
	{"text shows the board, hands and scores",
	 test_geominos_data__text_shows_the_board_hands_and_scores},
	{NULL, NULL},
};

int main(void)
{
	return bones_test_main("geominos_data", cases);
}
