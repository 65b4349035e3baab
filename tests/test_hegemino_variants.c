/* Hegemino variants, each on its own rule: Mega, Sprawlomino, Stacking, There Are Four
 * Lights, Between Two Spheres, President Dorothy, Solo Mega-Hegemino; and the canvas. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones_test.h"
#include "bones/agents_ext.h"
#include "bones/render.h"
#include "hegemino_fixture.h"

static void play_first(const bones_test_game *tg, hg_state *s)
{
	bones_move *moves = malloc(tg->info.max_moves * sizeof *moves);
	CU_ASSERT_FATAL(P->legal_moves(tg->game, s, moves, NULL, tg->info.max_moves) > 0);
	CU_ASSERT_EQUAL(P->apply(tg->game, s, moves[0]), BONES_OK);
	free(moves);
}

static int pool_total(const hg_game *g)
{
	int n = 0;
	for (int i = 0; i < HG_DOMINOES; i++)
		n += g->pool[i];
	return n;
}

static void test_hegemino__every_named_variant_configures(void)
{
	for (size_t i = 0; i < P->variant_count; i++) {
		bones_test_game tg;
		bones_status st = bones_test_configure(&tg, P, P->variants[i].settings);
		if (st)
			fprintf(stderr, "\n%s: %s\n", P->variants[i].id, tg.error);
		CU_ASSERT_EQUAL(st, BONES_OK);
		bones_test_release(&tg);
	}
	bones_test_game tg;
	CU_ASSERT_EQUAL(bones_test_configure(&tg, P, "players=1"), BONES_OK);
	CU_ASSERT_EQUAL(((hg_game *)tg.game)->mode, HG_MODE_SOLO_MEGA);
	bones_test_release(&tg);
	CU_ASSERT_EQUAL(bones_test_configure(&tg, P, "players=3 solo=dorothy"), BONES_EINVAL);
	CU_ASSERT(strncmp(tg.error, "players:", 8) == 0);
	CU_ASSERT_EQUAL(bones_test_configure(&tg, P, "players=2 solo=mega"), BONES_EINVAL);
}

/* Mega: 7x7 with 2 sets for 2 players, 4 sets for 3-4; the bound is 7 wide. */
static void test_hegemino__mega_hegemino_builds_seven_by_seven(void)
{
	static const struct { const char *settings; int pool; } cases[] = {
		{"board=mega", 48}, {"board=mega players=3", 96}, {"board=mega players=4", 96}};
	for (int i = 0; i < 3; i++) {
		bones_test_game tg;
		hg_state *s = start(&tg, cases[i].settings);
		CU_ASSERT_EQUAL(pool_total(tg.game), cases[i].pool);
		finish(&tg, s);
	}
	bones_test_game tg;
	hg_state *s = start(&tg, "board=mega");
	put_tab(tg.game, s, 0, "#112233");
	give(s, 0, 1, "3-4");
	CU_ASSERT_EQUAL(try_move(&tg, s, "3-4@6,1/S"), BONES_OK);
	CU_ASSERT_EQUAL(try_move(&tg, s, "3-4@7,0/E"), BONES_EILLEGAL);
	finish(&tg, s);
	/* Sprawlomino: no bound at all */
	s = start(&tg, "board=sprawl");
	put_tab(tg.game, s, 0, "#112233");
	give(s, 0, 1, "3-4");
	CU_ASSERT_EQUAL(try_move(&tg, s, "3-4@7,0/E"), BONES_OK);
	finish(&tg, s);
}

/* Stacking: every domino kept; a stack needs one half to match the half beneath it
 * (zeros match), never covers the gap, at most twice per tableau (four in Mega). */
static void test_hegemino__stacking_matches_the_value_beneath(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "stacking=on");
	const hg_game *g = tg.game;
	CU_ASSERT_EQUAL(pool_total(g), 28);
	CU_ASSERT_EQUAL(g->stack_limit, 2);
	put_tab(g, s, 0, "#13");
	give(s, 0, 1, "3-5");
	CU_ASSERT_EQUAL(try_move(&tg, s, "stack:3-5@1,0/E"), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(try_move(&tg, s, "stack:5-3@1,0/E"), BONES_OK);
	CU_ASSERT_EQUAL(try_move(&tg, s, "stack:5-3@0,0/E"), BONES_EILLEGAL); /* the gap */
	bones_test_play(&tg, s, "stack:5-3@1,0/E");
	int c = g->grid / 2, G = g->grid;
	const uint8_t *cells = hg_cells(g, s, 0);
	CU_ASSERT_EQUAL(HG_CODE(cells[c * G + c + 1]), 5 + 1); /* only the top shows */
	CU_ASSERT(cells[c * G + c + 1] & HG_STACKED);
	give(s, 0, 2, "0-6");
	CU_ASSERT_EQUAL(try_move(&tg, s, "stack:0-6@1,0/E"), BONES_OK); /* 0 on the 5 */
	bones_test_play(&tg, s, "stack:0-6@1,0/E");
	give(s, 0, 3, "6-6");
	CU_ASSERT_EQUAL(s->tab[0].stacks, 2);
	CU_ASSERT_EQUAL(try_move(&tg, s, "stack:6-6@1,0/E"), BONES_EILLEGAL); /* spent */
	finish(&tg, s);
	s = start(&tg, "stacking=points players=4 board=mega");
	CU_ASSERT_EQUAL(((hg_game *)tg.game)->stack_limit, 4);
	CU_ASSERT_EQUAL(pool_total(tg.game), 112);
	finish(&tg, s);
}

/* Three players: four bones per column, the unpicked one is discarded. Four Lights:
 * five bones, the unpicked one carries into the next column. */
static void test_hegemino__four_lights_carries_the_unpicked_bone(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=3");
	bones_test_play(&tg, s, "order:123 draw:1-2 draw:1-3 draw:2-3 draw:1-4 pick:1 pick:2 pick:3");
	CU_ASSERT_EQUAL(s->left_dom[3], HG_NONE); /* 1-4 discarded */
	CU_ASSERT_EQUAL(s->right_n, 0);
	finish(&tg, s);
	s = start(&tg, "four_lights=true");
	bones_test_play(&tg, s, "order:1221 draw:1-2 draw:1-3 draw:2-3 draw:1-4");
	CU_ASSERT_EQUAL(s->phase, HG_PH_DRAW); /* a fifth bone */
	bones_test_play(&tg, s, "draw:2-4 pick:1 pick:2 pick:3 pick:4");
	CU_ASSERT_EQUAL(s->right_n, 1);
	CU_ASSERT_EQUAL(s->right_dom[0], hg_dom_id(2, 4));
	bones_test_play(&tg, s, "draw:3-4 draw:1-5 draw:2-5 draw:3-5");
	CU_ASSERT_EQUAL(s->right_n, 5);
	CU_ASSERT_EQUAL(s->right_dom[0], hg_dom_id(2, 4));
	CU_ASSERT_EQUAL(s->right_dom[4], hg_dom_id(3, 5));
	finish(&tg, s);
}

/* Three players share three tableaus: player 1 builds tableau 1 (right) in odd rounds
 * and tableau 3 (left) in even ones, and scores the lower of the two. */
static void test_hegemino__spheres_share_tableaus_and_keep_the_lower_score(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "spheres=true players=3");
	const hg_game *g = tg.game;
	CU_ASSERT_EQUAL(g->tableaus, 3);
	give(s, 0, 1, "1-2");
	CU_ASSERT_EQUAL(hg_actor_tab(g, s), 0);
	give(s, 0, 2, "1-2");
	CU_ASSERT_EQUAL(hg_actor_tab(g, s), 2);
	give(s, 1, 2, "1-2");
	CU_ASSERT_EQUAL(hg_actor_tab(g, s), 0);
	put_tab(g, s, 0, "1000#"); /* 4 */
	put_tab(g, s, 1, "6600#"); /* 20 */
	double sc[3];
	P->scores(g, s, sc);
	CU_ASSERT_DOUBLE_EQUAL(sc[0], 0, 1e-9);  /* tableaus 1 and 3: min(4, 0) */
	CU_ASSERT_DOUBLE_EQUAL(sc[1], 4, 1e-9);  /* tableaus 2 and 1: min(20, 4) */
	CU_ASSERT_DOUBLE_EQUAL(sc[2], 0, 1e-9);  /* tableaus 3 and 2 */
	finish(&tg, s);
	/* Two players: two sets, four unshared tableaus, one token each, orders name them */
	s = start(&tg, "spheres=true players=2");
	g = tg.game;
	CU_ASSERT_EQUAL(g->tableaus, 4);
	CU_ASSERT_EQUAL(pool_total(g), 48);
	CU_ASSERT_EQUAL(legal_count(&tg, s), 24);
	bones_test_play(&tg, s, "order:3142");
	give(s, 3, 1, "1-2");
	CU_ASSERT_EQUAL(hg_actor_tab(g, s), 3);
	CU_ASSERT_EQUAL(P->to_move(g, s), 1);
	put_tab(g, s, 0, "6600#");
	put_tab(g, s, 1, "1000#");
	put_tab(g, s, 2, "50#");
	P->scores(g, s, sc);
	CU_ASSERT_DOUBLE_EQUAL(sc[0], 4, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(sc[1], 0, 1e-9);
	finish(&tg, s);
}

static const bones_plugin_agent *dorothy(void)
{
	const bones_agents_ext *ext = P->get_extension(NULL, BONES_AGENTS_ID);
	CU_ASSERT_FATAL(ext != NULL && ext->count == 1);
	CU_ASSERT_STRING_EQUAL(ext->agents[0].name, "dorothy");
	return &ext->agents[0];
}

static void expect_choice(const bones_test_game *tg, const hg_state *s, const char *text)
{
	bones_rng rng;
	char got[BONES_MOVE_TEXT_MAX];
	bones_rng_seed(&rng, 1);
	bones_move m = dorothy()->choose(tg->game, s, bones_rng_next_void, &rng);
	P->format_move(tg->game, s, m, got, sizeof got);
	CU_ASSERT_STRING_EQUAL(got, text);
}

/* Dorothy's order is BABA; she prefers wilds with more pips, then doubles, then the
 * earlier row. */
static void test_hegemino__dorothy_picks_wilds_then_doubles(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2 solo=dorothy");
	CU_ASSERT_EQUAL(s->phase, HG_PH_DRAW); /* no random order */
	bones_test_play(&tg, s, "draw:1-2 draw:3-3 draw:0-1 draw:0-4");
	CU_ASSERT_EQUAL(P->to_move(tg.game, s), 1);
	expect_choice(&tg, s, "pick:4");
	bones_test_play(&tg, s, "pick:4 pick:1");
	expect_choice(&tg, s, "pick:3");
	bones_test_play(&tg, s, "pick:3 pick:2 draw:1-3 draw:2-3 draw:4-4 draw:1-4");
	CU_ASSERT_EQUAL(P->to_move(tg.game, s), 0); /* rows 1 and 2 are yours */
	bones_test_play(&tg, s, "pick:1 1-2@1,0/E pick:2 3-3@0,1/S");
	expect_choice(&tg, s, "pick:4"); /* no wild left: the double 4-4 */
	finish(&tg, s);
}

/* Her column holds [2 0]. Inserting 2-5 as [2 5] on top gives 2s {2, 2, 0} = 2 x 1 x 3
 * = 6 and 5s {5, 0} = 5 x 1 x 2 = 10: 16, up from 2 x 1 x 2 = 4. [2 0] above [2 5]
 * scores the same; she takes the topmost. */
static void test_hegemino__dorothy_places_for_the_most_points_topmost(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2 solo=dorothy");
	const hg_game *g = tg.game;
	uint8_t *col = hg_cells(g, s, 1);
	col[0] = (uint8_t)((2 + 1) | HG_JOIN_E);
	col[1] = 0 + 1;
	s->tab[1] = (hg_tab){0, 0, 1, 0, 2, 0, 1, 1};
	hg_score sc;
	CU_ASSERT_EQUAL(hg_score_tab(g, s, 1, &sc), 4);
	give(s, 2, 1, "2-5");
	CU_ASSERT_EQUAL(legal_count(&tg, s), 4); /* two rows x two orientations */
	expect_choice(&tg, s, "2-5@0,0/E");
	bones_test_play(&tg, s, "2-5@0,0/E");
	CU_ASSERT_EQUAL(hg_score_tab(g, s, 1, &sc), 16);
	finish(&tg, s);
}

/* A whole game against her: she fills her column with 12 dominoes, no bonus anywhere. */
static void test_hegemino__dorothy_fills_her_column_in_a_whole_game(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2 solo=dorothy");
	bones_move *moves = malloc(tg.info.max_moves * sizeof *moves);
	double *probs = malloc(tg.info.max_moves * sizeof *probs);
	bones_rng rng;
	bones_rng_seed(&rng, 3);
	for (int games = 0; games < 20; games++) {
		P->init_state(tg.game, s);
		while (P->to_move(tg.game, s) != BONES_TERMINAL) {
			int who = P->to_move(tg.game, s);
			size_t n = P->legal_moves(tg.game, s, moves, probs, tg.info.max_moves);
			bones_move m = moves[bones_rng_below(&rng, (uint32_t)n)];
			if (who == 1)
				m = dorothy()->choose(tg.game, s, bones_rng_next_void, &rng);
			CU_ASSERT_FATAL(P->apply(tg.game, s, m) == BONES_OK);
		}
		CU_ASSERT_EQUAL(s->tab[1].rows, 12);
		hg_score sc;
		hg_score_tab(tg.game, s, 0, &sc);
		CU_ASSERT_EQUAL(sc.complete + sc.centre + sc.corner, 0);
	}
	free(moves);
	free(probs);
	finish(&tg, s);
}

/* In another seat or game she still picks by her preference (the wild 0-4) and places
 * where the tableau scores most. */
static void test_hegemino__dorothy_plays_any_seat_by_her_rules(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	bones_test_play(&tg, s, "order:1221 draw:1-2 draw:3-3 draw:0-1 draw:0-4");
	expect_choice(&tg, s, "pick:4");
	/* 0-4 on "#1": the 0 by the 1 gives 1s {1, 0} = 2 and 4s {0, 4} = 4 x 2 = 8: 10,
	 * the most any placement scores. */
	put_tab(tg.game, s, 0, "#1");
	give(s, 0, 1, "0-4");
	bones_rng rng;
	bones_rng_seed(&rng, 1);
	bones_move m = dorothy()->choose(tg.game, s, bones_rng_next_void, &rng);
	CU_ASSERT_EQUAL(P->apply(tg.game, s, m), BONES_OK);
	hg_score sc;
	CU_ASSERT_EQUAL(hg_score_tab(tg.game, s, 0, &sc), 10);
	finish(&tg, s);
}

/* Solo Mega: a taken row is marked; the new bone is sorted in and the marked row stays
 * closed whatever lands there; after four picks a new market is drawn. */
static void test_hegemino__solo_mega_marks_rows_and_renews_the_market(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=1 solo=mega");
	CU_ASSERT_EQUAL(pool_total(tg.game), 28);
	CU_ASSERT_EQUAL(((hg_game *)tg.game)->board, 7);
	bones_test_play(&tg, s, "draw:1-2 draw:3-3 draw:0-1 draw:0-4");
	CU_ASSERT_EQUAL(legal_count(&tg, s), 4);
	bones_test_play(&tg, s, "pick:2 3-3@1,0/E draw:2-2");
	CU_ASSERT_EQUAL(s->right_dom[1], hg_dom_id(2, 2));
	CU_ASSERT_EQUAL(try_move(&tg, s, "pick:2"), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(legal_count(&tg, s), 3);
	for (int i = 0; i < 3; i++) {
		play_first(&tg, s); /* pick */
		play_first(&tg, s); /* place */
		if (i < 2)
			play_first(&tg, s); /* draw one */
	}
	int aside = 0;
	for (int d = 0; d < HG_DOMINOES; d++)
		aside += s->setaside[d];
	CU_ASSERT_EQUAL(aside, 3);
	CU_ASSERT_EQUAL(s->phase, HG_PH_DRAW);
	CU_ASSERT_EQUAL(s->right_target, 4);
	CU_ASSERT_EQUAL(s->right_n, 0);
	CU_ASSERT_EQUAL(s->solo_picks, 4);
	finish(&tg, s);
}

/* ---- The canvas ----------------------------------------------------------------- */

typedef struct counts {
	int polygons, circles, pips, texts;
	int named, numbered; /* labels "Ann" or "Bob"; labels "Player N" */
} counts;

static void c_polygon(void *u, const float *xy, int n, bones_color f, bones_color s, float w)
{
	(void)xy, (void)n, (void)f, (void)s, (void)w;
	((counts *)u)->polygons++;
}
static void c_circle(void *u, float x, float y, float r, bones_color f, bones_color s, float w)
{
	(void)x, (void)y, (void)r, (void)f, (void)s, (void)w;
	((counts *)u)->circles++;
}
static void c_line(void *u, float x0, float y0, float x1, float y1, bones_color c, float w)
{
	(void)u, (void)x0, (void)y0, (void)x1, (void)y1, (void)c, (void)w;
}
static void c_text(void *u, float x, float y, float h, bones_color c, int a, const char *t)
{
	(void)x, (void)y, (void)h, (void)c, (void)a;
	((counts *)u)->texts++;
	((counts *)u)->named += !strcmp(t, "Ann") || !strcmp(t, "Bob");
	((counts *)u)->numbered += !strncmp(t, "Player ", 7);
}
static void c_pips(void *u, float x, float y, float side, int count, bones_color c)
{
	(void)x, (void)y, (void)side, (void)c;
	CU_ASSERT(count >= 0 && count <= 6);
	((counts *)u)->pips++;
}
static void c_mark(void *u, const float *xy, int n, int kind)
{
	(void)u, (void)xy, (void)n, (void)kind;
}

static void test_hegemino__the_canvas_shows_tableaus_market_and_moves(void)
{
	bones_test_game tg;
	hg_state *s = start(&tg, "players=2");
	const bones_render *r = P->get_extension(tg.game, BONES_RENDER_ID);
	CU_ASSERT_FATAL(r != NULL);
	counts n = {0, 0, 0, 0, 0, 0};
	bones_canvas cv = {sizeof cv, &n, c_polygon, c_circle, c_line, c_text, c_pips, c_mark, NULL};
	bones_test_play(&tg, s, "order:1221 draw:1-3 draw:2-6 draw:4-4 draw:0-3 pick:2 pick:3 "
				"pick:1 pick:4 draw:1-2 draw:3-4 draw:5-5 draw:0-1 pick:4 3-1@1,0/E");
	r->draw_board(tg.game, s, -1, &cv);
	/* the columns' dominoes but the used-up first row's, and the placed one */
	CU_ASSERT_EQUAL(n.pips, 3 * 2 + 4 * 2 + 2);
	/* the tableaus' labels: "Player N" without names, the table's names with them, and
	 * "Player N" again from a host whose canvas predates the field */
	CU_ASSERT_EQUAL(n.numbered, 2);
	CU_ASSERT_EQUAL(n.named, 0);
	static const char *const names[] = {"Ann", "Bob"};
	counts m = {0, 0, 0, 0, 0, 0};
	cv.user = &m, cv.seat_names = names;
	r->draw_board(tg.game, s, -1, &cv);
	CU_ASSERT_EQUAL(m.named, 2);
	CU_ASSERT_EQUAL(m.numbered, 0);
	m.named = m.numbered = 0;
	cv.size = (uint32_t)offsetof(bones_canvas, seat_names);
	r->draw_board(tg.game, s, -1, &cv);
	CU_ASSERT_EQUAL(m.numbered, 2);
	CU_ASSERT_EQUAL(m.named, 0);
	cv.user = &n, cv.size = sizeof cv, cv.seat_names = NULL;
	CU_ASSERT(n.circles >= 2 + 4);  /* two gaps and four tokens */
	/* the status line's words: the pick step, then the place step naming the domino */
	char words[160];
	CU_ASSERT_FATAL(BONES_RENDER_HAS(r, prompt));
	CU_ASSERT(r->prompt(tg.game, s, words, sizeof words) && !strncmp(words, "pick:", 5));
	bones_test_play(&tg, s, "pick:1");
	CU_ASSERT(r->prompt(tg.game, s, words, sizeof words));
	CU_ASSERT(!strncmp(words, "place:", 6) && strstr(words, "your tableau") != NULL);
	CU_ASSERT_EQUAL(r->hand_size(tg.game, s, 0, 0), 1);
	CU_ASSERT_EQUAL(r->hand_size(tg.game, s, 1, 0), 0);
	bones_move *moves = malloc(tg.info.max_moves * sizeof *moves);
	size_t k = P->legal_moves(tg.game, s, moves, NULL, tg.info.max_moves);
	for (size_t i = 0; i < k; i++) {
		bones_move_place a, b;
		CU_ASSERT_EQUAL(r->move_place(tg.game, s, moves[i], &a), BONES_OK);
		CU_ASSERT_EQUAL(a.piece, 0);
		for (size_t j = 0; j < i; j++) {
			r->move_place(tg.game, s, moves[j], &b);
			CU_ASSERT(a.target != b.target || a.variant != b.variant);
		}
		r->draw_ghost(tg.game, s, moves[i], &cv);
	}
	float box[4];
	r->board_bounds(tg.game, s, box);
	CU_ASSERT(box[2] > box[0] && box[3] > box[1]);
	free(moves);
	finish(&tg, s);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"every named variant configures", test_hegemino__every_named_variant_configures},
		{"mega hegemino builds seven by seven",
		 test_hegemino__mega_hegemino_builds_seven_by_seven},
		{"stacking matches the value beneath",
		 test_hegemino__stacking_matches_the_value_beneath},
		{"four lights carries the unpicked bone",
		 test_hegemino__four_lights_carries_the_unpicked_bone},
		{"spheres share tableaus and keep the lower score",
		 test_hegemino__spheres_share_tableaus_and_keep_the_lower_score},
		{"dorothy picks wilds then doubles", test_hegemino__dorothy_picks_wilds_then_doubles},
		{"dorothy places for the most points, topmost",
		 test_hegemino__dorothy_places_for_the_most_points_topmost},
		{"dorothy fills her column in a whole game",
		 test_hegemino__dorothy_fills_her_column_in_a_whole_game},
		{"dorothy plays any seat by her rules", test_hegemino__dorothy_plays_any_seat_by_her_rules},
		{"solo mega marks rows and renews the market",
		 test_hegemino__solo_mega_marks_rows_and_renews_the_market},
		{"the canvas shows tableaus, market and moves",
		 test_hegemino__the_canvas_shows_tableaus_market_and_moves},
		{NULL, NULL}};
	return bones_test_main("hegemino_variants", cases);
}
