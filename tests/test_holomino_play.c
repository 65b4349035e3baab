/* Holomino over many random games: invariants of the board and the scores, clones,
 * notation round trips, and the canvas and text renderings. */
#include "bones_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../plugins/holomino/holomino.h"
#include "bones/render.h"

extern const bones_plugin bones_plugin_entry;

static const bones_plugin *P = &bones_plugin_entry;

/* The points named by a breakdown: the number after its last "= ", 0 for "". */
static long breakdown_points(const bones_test_game *g, const void *s)
{
	char buf[128];
	P->breakdown(g->game, s, buf, sizeof buf);
	const char *eq = strrchr(buf, '=');
	return eq ? strtol(eq + 1, NULL, 10) : 0;
}

/* Rescan the board: every number point shows one digit in all its placed tiles, every
 * empty cell's fixed digits are those of its placed neighbours. */
static void check_board(const hm_game *hg, const hm_state *s)
{
	const hm_cell *cells = hm_ccells(hg, s);
	for (int a = 0; a < s->ncells; a++)
		for (int k = 1; k < 6; k += 2) {
			bones_hex ha = {cells[a].q, cells[a].r};
			bones_hex_vertex va = bones_hex_corner(ha, k);
			int digit = cells[a].placed ? cells[a].d[k / 2] : 0;
			for (int b = 0; b < s->ncells; b++) {
				if (b == a || !cells[b].placed)
					continue;
				for (int j = 1; j < 6; j += 2) {
					bones_hex hb = {cells[b].q, cells[b].r};
					bones_hex_vertex vb = bones_hex_corner(hb, j);
					if (bones_hex_equal(va.cell, vb.cell) && va.kind == vb.kind) {
						if (!digit)
							digit = cells[b].d[j / 2];
						CU_ASSERT_EQUAL_FATAL(cells[b].d[j / 2], digit);
					}
				}
			}
			CU_ASSERT_EQUAL_FATAL(cells[a].d[k / 2], digit);
		}
}

/* Every tile is in exactly one place: the board, one pool or the supply. */
static void check_tiles(const hm_game *hg, const hm_state *s)
{
	int seen[HM_MAX_TILES] = {0};
	const hm_cell *cells = hm_ccells(hg, s);
	for (int c = 0; c < s->ncells; c++)
		if (cells[c].placed)
			seen[cells[c].tile]++;
	for (int p = 0; p < hg->players; p++)
		for (int i = 0; i < s->pool_n[p]; i++)
			seen[s->pool[p][i]]++;
	for (int t = 0; t < hg->ntiles; t++)
		CU_ASSERT_EQUAL_FATAL(seen[t] + (int)hm_has(s->supply, t), 1);
}

/* The move list against a rescan of every empty cell: each tile of the mover's pool
 * that fits an empty cell is offered there, and no blocked cell is ever offered. */
static void check_moves(const hm_game *hg, const hm_state *s, const bones_move *moves,
			size_t n)
{
	const hm_cell *cells = hm_ccells(hg, s);
	size_t expected = 0;
	for (int c = 0; c < s->ncells; c++) {
		if (cells[c].placed)
			continue;
		bool blocked = hm_blocked(hg, s, c);
		for (int i = 0; i < s->pool_n[s->player]; i++) {
			unsigned turns = hm_turns(hg, s, c, s->pool[s->player][i]);
			CU_ASSERT_FATAL(!(blocked && turns));
			expected += (size_t)__builtin_popcount(turns);
		}
	}
	if (expected) {
		CU_ASSERT_EQUAL_FATAL(n, expected);
		for (size_t i = 0; i < n; i++)
			CU_ASSERT_EQUAL_FATAL(hm_kind(moves[i]), HM_PLACE);
	} else {
		CU_ASSERT_EQUAL_FATAL(n, s->pool_n[s->player]);
		for (size_t i = 0; i < n; i++)
			CU_ASSERT_EQUAL_FATAL(hm_kind(moves[i]), HM_PASS);
	}
}

/* Every known cell is found at its own index (the board, a hash past small layouts). */
static void check_lookup(const hm_game *hg, const hm_state *s)
{
	const hm_cell *cells = hm_ccells(hg, s);
	for (int c = 0; c < s->ncells; c++)
		CU_ASSERT_EQUAL_FATAL(hm_find(hg, s, cells[c].q, cells[c].r), c);
}

/* The placement furthest in direction `dir` (a hex direction: q, r dotted with it), the
 * first of equals; a random move when there is none. */
static bones_move furthest(const bones_move *moves, size_t n, int dir, bones_rng *rng)
{
	size_t best = n;
	long best_key = 0;
	for (size_t i = 0; i < n; i++) {
		long key = (long)hm_q(moves[i]) * bones_hex_dirs[dir].q +
			   (long)hm_r(moves[i]) * bones_hex_dirs[dir].r;
		if (hm_kind(moves[i]) == HM_PLACE && (best == n || key > best_key))
			best = i, best_key = key;
	}
	return moves[best < n ? best : bones_rng_below(rng, (uint32_t)n)];
}

static void random_games_toward(const char *settings, int games, uint64_t seed0,
				bool rescan, int dir);

static void random_games(const char *settings, int games, uint64_t seed0, bool rescan)
{
	random_games_toward(settings, games, seed0, rescan, -1);
}

/* Random games (dir < 0), or games whose players stretch the layout toward hex direction
 * dir, checking the invariants. */
static void random_games_toward(const char *settings, int games, uint64_t seed0,
				bool rescan, int dir)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, settings), BONES_OK);
	const hm_game *hg = g.game;
	void *s = malloc(g.info.state_size);
	bones_move *moves = malloc(g.info.max_moves * sizeof *moves);
	double *probs = malloc(g.info.max_moves * sizeof *probs);
	bones_rng rng;
	bones_rng_seed(&rng, seed0);
	for (int i = 0; i < games; i++) {
		long sum[HM_MAX_PLAYERS] = {0};
		P->init_state(g.game, s);
		int who;
		while ((who = P->to_move(g.game, s)) != BONES_TERMINAL) {
			size_t n = P->legal_moves(g.game, s, moves, probs, g.info.max_moves);
			CU_ASSERT_FATAL(n > 0 && n <= g.info.max_moves);
			if (rescan && who >= 0)
				check_moves(hg, s, moves, n);
			bones_move m = who >= 0 && dir >= 0 ? furthest(moves, n, dir, &rng)
							    : moves[bones_rng_below(&rng, (uint32_t)n)];
			CU_ASSERT_EQUAL_FATAL(P->apply(g.game, s, m), BONES_OK);
			if (who >= 0)
				sum[who] += breakdown_points(&g, s);
		}
		const hm_state *st = s;
		check_board(hg, st);
		check_tiles(hg, st);
		check_lookup(hg, st);
		double sc[HM_MAX_PLAYERS];
		P->scores(g.game, s, sc);
		for (int p = 0; p < hg->players; p++)
			CU_ASSERT_DOUBLE_EQUAL_FATAL(sc[p], (double)sum[p], 1e-9);
		int empty = 0;
		for (int p = 0; p < hg->players; p++)
			empty += st->pool_n[p] == 0;
		CU_ASSERT_FATAL(empty == 1 || st->passes == hg->players);
		if (hg->max_extent) {
			CU_ASSERT_FATAL(st->maxr - st->minr + 1 <= hg->max_extent);
			CU_ASSERT_FATAL(st->maxx - st->minx + 2 <= 2 * hg->max_extent);
		}
	}
	free(moves);
	free(probs);
	free(s);
	bones_test_release(&g);
}

static void test_holomino__ten_thousand_random_games_keep_the_invariants(void)
{
	random_games("", 10000, 1, false);
}

static void test_holomino__random_games_of_every_option_keep_the_invariants(void)
{
	random_games("players=4 scoring=product", 300, 2, true);
	random_games("players=3 pool_size=6 digits=5", 300, 3, true);
	random_games("unique_digits=false", 300, 4, true);
	random_games("digits=9", 100, 5, true);
	random_games("digits=9 unique_digits=false players=4 pool_size=6", 50, 6, true);
	random_games("max_extent=4", 300, 7, true);
	random_games("max_extent=12", 300, 8, true);
}

/* Layouts stretched in every direction, far past the spans where no two cells share a
 * slot of the board (16 rows, 32 columns: then cells collide and are looked up). */
static void test_holomino__stretched_layouts_keep_the_invariants(void)
{
	for (int dir = 0; dir < 6; dir++)
		random_games_toward("", 20, 9 + (uint64_t)dir, true, dir);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, ""), BONES_OK);
	const hm_game *hg = g.game;
	hm_state *s = malloc(g.info.state_size);
	bones_move *moves = malloc(g.info.max_moves * sizeof *moves);
	double *probs = malloc(g.info.max_moves * sizeof *probs);
	bones_rng rng;
	bones_rng_seed(&rng, 15);
	int longest = 0; /* the layout really outgrows the board's rows */
	for (int i = 0; i < 20; i++) {
		P->init_state(g.game, s);
		for (int who; (who = P->to_move(g.game, s)) != BONES_TERMINAL;) {
			size_t n = P->legal_moves(g.game, s, moves, probs, g.info.max_moves);
			bones_move m = who >= 0 ? furthest(moves, n, 5, &rng)
						: moves[bones_rng_below(&rng, (uint32_t)n)];
			CU_ASSERT_EQUAL_FATAL(P->apply(g.game, s, m), BONES_OK);
		}
		check_lookup(hg, s);
		longest = s->maxr - s->minr > longest ? s->maxr - s->minr : longest;
	}
	CU_ASSERT(longest >= 18);
	free(probs);
	free(moves);
	free(s);
	bones_test_release(&g);
}

/* A state is flat: a memcpy of it plays on exactly like the original. */
static void test_holomino__a_memcpy_clone_has_the_same_future(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, ""), BONES_OK);
	CU_ASSERT(g.info.state_size <= 4096);
	void *a = bones_test_new_state(&g), *b = malloc(g.info.state_size);
	for (uint64_t seed = 1; seed <= 300; seed++) {
		bones_rng r1, r2;
		bones_rng_seed(&r1, seed);
		P->init_state(g.game, a);
		bones_test_random_playout(&g, a, &r1, seed % 60);
		memcpy(b, a, g.info.state_size);
		r2 = r1;
		bones_test_random_playout(&g, a, &r1, 1000);
		bones_test_random_playout(&g, b, &r2, 1000);
		CU_ASSERT_EQUAL_FATAL(memcmp(a, b, g.info.state_size), 0);
		CU_ASSERT_EQUAL(P->to_move(g.game, a), BONES_TERMINAL);
	}
	free(a);
	free(b);
	bones_test_release(&g);
}

static void round_trips(const char *settings, int games, int *with_turn)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, settings), BONES_OK);
	void *s = malloc(g.info.state_size);
	bones_move *moves = malloc(g.info.max_moves * sizeof *moves);
	bones_rng rng;
	bones_rng_seed(&rng, 99);
	for (int i = 0; i < games; i++) {
		P->init_state(g.game, s);
		while (P->to_move(g.game, s) != BONES_TERMINAL) {
			size_t n = P->legal_moves(g.game, s, moves, NULL, g.info.max_moves);
			for (size_t k = 0; k < n; k++) {
				char text[BONES_MOVE_TEXT_MAX];
				bones_move back = 0;
				CU_ASSERT_FATAL(P->format_move(g.game, s, moves[k], text, sizeof text) > 0);
				CU_ASSERT_EQUAL_FATAL(P->parse_move(g.game, s, text, &back), BONES_OK);
				CU_ASSERT_EQUAL_FATAL(back, moves[k]);
				*with_turn += strchr(text, '/') != NULL;
			}
			P->apply(g.game, s, moves[bones_rng_below(&rng, (uint32_t)n)]);
		}
	}
	free(moves);
	free(s);
	bones_test_release(&g);
}

static void test_holomino__every_legal_move_formats_and_parses_back_to_itself(void)
{
	int with_turn = 0;
	round_trips("", 200, &with_turn);
	round_trips("players=4 max_extent=6", 100, &with_turn);
	CU_ASSERT_EQUAL(with_turn, 0);
	round_trips("unique_digits=false", 200, &with_turn);
	CU_ASSERT(with_turn > 0); /* 112@Q,R/K appears when two turns fit */
}

/* A canvas that counts what is drawn. */
typedef struct tally {
	int polygons, circles, lines, texts, marks[4];
} tally;

static void t_polygon(void *u, const float *xy, int n, bones_color f, bones_color s, float w)
{
	(void)xy, (void)n, (void)f, (void)s, (void)w;
	((tally *)u)->polygons++;
}
static void t_circle(void *u, float x, float y, float r, bones_color f, bones_color s, float w)
{
	(void)x, (void)y, (void)r, (void)f, (void)s, (void)w;
	((tally *)u)->circles++;
}
static void t_line(void *u, float x0, float y0, float x1, float y1, bones_color c, float w)
{
	(void)x0, (void)y0, (void)x1, (void)y1, (void)c, (void)w;
	((tally *)u)->lines++;
}
static void t_text(void *u, float x, float y, float h, bones_color c, int a, const char *t)
{
	(void)x, (void)y, (void)h, (void)c, (void)a, (void)t;
	((tally *)u)->texts++;
}
static void t_mark(void *u, const float *xy, int n, int kind)
{
	(void)xy, (void)n;
	((tally *)u)->marks[kind]++;
}

static void test_holomino__canvas_draws_tiles_cells_pools_and_move_places(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, ""), BONES_OK);
	const hm_game *hg = g.game;
	const bones_render *rd = P->get_extension(g.game, BONES_RENDER_ID);
	CU_ASSERT_PTR_NOT_NULL_FATAL(rd);
	CU_ASSERT_PTR_NULL(P->get_extension(g.game, "bones.nothing/1"));
	void *s = bones_test_new_state(&g);
	bones_rng rng;
	bones_rng_seed(&rng, 5);
	bones_test_random_playout(&g, s, &rng, 40);
	while (P->to_move(g.game, s) == BONES_CHANCE)
		bones_test_random_playout(&g, s, &rng, 1);
	const hm_state *st = s;
	tally t = {0};
	bones_canvas cv = {sizeof cv, &t, t_polygon, t_circle, t_line, t_text, NULL, t_mark, NULL};
	rd->draw_board(g.game, s, -1, &cv);
	int placed = 0, empty = 0;
	for (int c = 0; c < st->ncells; c++)
		placed += hm_ccells(hg, st)[c].placed, empty += !hm_ccells(hg, st)[c].placed;
	CU_ASSERT_EQUAL(t.polygons, placed);
	CU_ASSERT(t.texts >= 3 * placed);
	CU_ASSERT_EQUAL(t.marks[BONES_MARK_OPEN] + t.marks[BONES_MARK_BLOCKED], empty);
	CU_ASSERT_EQUAL(t.marks[BONES_MARK_LAST], 1);
	int who = P->to_move(g.game, s);
	CU_ASSERT_FATAL(who >= 0);
	CU_ASSERT_EQUAL(rd->hand_size(g.game, s, who, -1), st->pool_n[who]);
	memset(&t, 0, sizeof t);
	rd->draw_piece(g.game, s, who, 0, -1, &cv);
	CU_ASSERT(t.polygons == 1 && t.texts == 3);
	bones_move moves[512];
	size_t n = P->legal_moves(g.game, s, moves, NULL, 512);
	for (size_t i = 0; i < n; i++) {
		bones_move_place pl;
		CU_ASSERT_EQUAL_FATAL(rd->move_place(g.game, s, moves[i], &pl), BONES_OK);
		CU_ASSERT_EQUAL(st->pool[who][pl.piece], hm_tile(moves[i]));
		if (hm_kind(moves[i]) != HM_PLACE)
			continue;
		float x, y;
		bones_hex h = {hm_q(moves[i]), hm_r(moves[i])};
		bones_hex_center(h, &x, &y);
		CU_ASSERT_DOUBLE_EQUAL(pl.x, x, 1e-5);
		CU_ASSERT_DOUBLE_EQUAL(pl.y, y, 1e-5);
		CU_ASSERT_EQUAL(pl.variant, 0);
		memset(&t, 0, sizeof t);
		rd->draw_ghost(g.game, s, moves[i], &cv);
		CU_ASSERT_EQUAL(t.polygons, 1);
	}
	bones_move_place pl;
	CU_ASSERT_EQUAL(rd->move_place(g.game, s, hm_pack(HM_PLACE, 0, 0, 40, 40), &pl),
			BONES_EINVAL);
	float box[4];
	rd->board_bounds(g.game, s, box);
	CU_ASSERT(box[0] < box[2] && box[1] < box[3]);
	free(s);
	bones_test_release(&g);
}

/* The text shows the start tile's digits at its corners and lists the open cells. */
static void test_holomino__text_rendering_shows_digits_and_open_cells(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, P, ""), BONES_OK);
	void *s = bones_test_new_state(&g);
	bones_test_play(&g, s, "draw:135 draw:123 draw:146 draw:245 draw:256 draw:346 draw:235"
			       " draw:456 135@1,0 draw:156 346@-1,0 draw:124");
	char text[8192];
	size_t len = P->render_text(g.game, s, -1, text, sizeof text);
	CU_ASSERT_EQUAL(len, strlen(text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "open cells"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, " 1,-1 "));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "last move: player 2 346@-1,0"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "pool: 123 146 456 124"));
	/* top digits of 346, 235, 135 (c1), then their shared lower digits (c3, c5) */
	const char *top = strstr(text, "4     2     3\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(top);
	CU_ASSERT_PTR_NOT_NULL(strstr(top, "6     3     5     1\n"));
	/* letters in reading order, only where a tile of the mover fits (0,-1: none) */
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "a -1,-1  [- - 4]  fits: 146 456 124"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "b 1,-1  [- 2 3]  holes: 10 -> 10 points  fits: 123"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "open cells no tile of the mover fits: 0,-1\n"));
	char small[16];
	CU_ASSERT_EQUAL(P->render_text(g.game, s, -1, small, sizeof small), strlen(small));
	free(s);
	bones_test_release(&g);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"ten thousand random games keep the invariants",
		 test_holomino__ten_thousand_random_games_keep_the_invariants},
		{"random games of every option keep the invariants",
		 test_holomino__random_games_of_every_option_keep_the_invariants},
		{"stretched layouts keep the invariants",
		 test_holomino__stretched_layouts_keep_the_invariants},
		{"a memcpy clone has the same future", test_holomino__a_memcpy_clone_has_the_same_future},
		{"every legal move formats and parses back to itself",
		 test_holomino__every_legal_move_formats_and_parses_back_to_itself},
		{"canvas draws tiles, cells, pools and move places",
		 test_holomino__canvas_draws_tiles_cells_pools_and_move_places},
		{"text rendering shows digits and open cells",
		 test_holomino__text_rendering_shows_digits_and_open_cells},
		{NULL, NULL},
	};
	return bones_test_main("holomino_play", cases);
}
