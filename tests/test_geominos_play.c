/* Geominos over random games: state invariants, anchored move generation against brute
 * force, notation round trips and memcpy clones, for every deal and player count. */
#include "bones_test.h"

#include "../plugins/geominos/geominos.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const bones_plugin bones_plugin_entry;

static const char *const configs[] = {
	"players=2 deal=all", "players=3 deal=all", "players=4 deal=all",
	"players=2 deal=five", "players=3 deal=five", "players=4 deal=five",
	"players=2 deal=one", "players=3 deal=one", "players=4 deal=one",
	/* Five small tiles, one of them only 6s and 0s: players get stuck and games end
	 * with tiles in hand. */
	"players=2 deal=all tiles=" BONES_TEST_FIXTURES "/geominos/rules-tiles.ini",
	"players=3 deal=five tiles=" BONES_TEST_FIXTURES "/geominos/rules-tiles.ini",
	"players=2 deal=one tiles=" BONES_TEST_FIXTURES "/geominos/rules-tiles.ini",
};
#define CONFIGS (sizeof configs / sizeof configs[0])

/* Every tile is in exactly one place: the board, one hand or the deck. */
static void check_invariants(const geo_game *g, const geo_state *s)
{
	uint32_t on_board = 0;
	int cells = 0, mismatched = 0;
	for (int i = 0; i < GEO_CELLS; i++) {
		bool occ = s->occ[i / GEO_N] >> (i % GEO_N) & 1u;
		mismatched += occ != (s->cell[i] != GEO_EMPTY);
		if (s->cell[i] != GEO_EMPTY) {
			on_board |= 1u << (s->cell[i] >> 3);
			cells++;
		}
	}
	int expect = 0;
	for (uint32_t b = on_board; b; b &= b - 1)
		expect += g->tiles[__builtin_ctz(b)].count;
	CU_ASSERT_EQUAL(cells, expect);
	CU_ASSERT_EQUAL(mismatched, 0);
	uint32_t all = on_board | s->deck, total = (uint32_t)__builtin_popcount(on_board) +
						    (uint32_t)__builtin_popcount(s->deck);
	for (int p = 0; p < g->players; p++) {
		all |= s->hand[p];
		total += (uint32_t)__builtin_popcount(s->hand[p]);
		CU_ASSERT(s->received[p] <= g->quota);
		CU_ASSERT(__builtin_popcount(s->hand[p]) <= g->hand_max);
		CU_ASSERT(s->score[p] >= 0);
	}
	CU_ASSERT_EQUAL(all, (1u << g->tile_count) - 1u);
	CU_ASSERT_EQUAL(total, (uint32_t)g->tile_count);
	/* The wanted squares, kept up to date placement by placement, are the empty
	 * squares next to a section with p pips, found afresh from the cells. */
	int wrong = 0;
	for (int y = 0; y < GEO_N; y++)
		for (int x = 0; x < GEO_N; x++) {
			uint32_t near = 0; /* bit p: a neighbour has p pips */
			static const int step[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
			for (int d = 0; d < 4; d++) {
				int nx = x + step[d][0], ny = y + step[d][1];
				uint8_t c = nx >= 0 && nx < GEO_N && ny >= 0 && ny < GEO_N
						    ? s->cell[ny * GEO_N + nx] : GEO_EMPTY;
				if (c != GEO_EMPTY)
					near |= 1u << (c & 7);
			}
			if (s->cell[y * GEO_N + x] != GEO_EMPTY)
				near = 0;
			for (int p = 0; p < GEO_PIPS; p++)
				wrong += (s->want[p][y] >> x & 1u) != (near >> p & 1u);
		}
	CU_ASSERT_EQUAL(wrong, 0);
}

/* Every placement of every tile in hand, by trying all 441 anchors. */
static size_t brute_force(const geo_game *g, const geo_state *s, bones_move *out)
{
	size_t n = 0;
	for (int t = 0; t < g->tile_count; t++) {
		if (!(s->hand[s->current] >> t & 1u))
			continue;
		for (int o = 0; o < g->tiles[t].orient_count; o++)
			for (int y = 0; y < GEO_N; y++)
				for (int x = 0; x < GEO_N; x++)
					if (geo_placement_legal(g, s, t, o, x, y))
						out[n++] = geo_move_place(t, o, x, y);
	}
	return n;
}

static void test_geominos_play__thousands_of_random_games_keep_the_invariants(void)
{
	bones_rng rng;
	bones_rng_seed(&rng, 2007);
	int games = 0, blocked = 0, early = 0;
	for (size_t c = 0; c < CONFIGS; c++) {
		bones_test_game g;
		CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, &bones_plugin_entry, configs[c]),
				      BONES_OK);
		const geo_game *gm = g.game;
		geo_state *s = bones_test_new_state(&g);
		bones_move *moves = malloc(g.info.max_moves * sizeof *moves);
		for (int i = 0; i < 225; i++, games++) {
			g.plugin->init_state(g.game, s);
			int16_t last[GEO_MAX_PLAYERS] = {0};
			size_t steps = 0;
			while (g.plugin->to_move(g.game, s) != BONES_TERMINAL && steps < 1000) {
				blocked += s->phase == GEO_PH_PLAY && s->blocked;
				bones_test_random_playout(&g, s, &rng, 1);
				steps++;
				for (int p = 0; p < gm->players; p++) {
					CU_ASSERT(s->score[p] >= last[p]);
					last[p] = s->score[p];
				}
				if (steps % 5 == 0)
					check_invariants(gm, s);
			}
			CU_ASSERT_FATAL(steps < 1000);
			check_invariants(gm, s);
			uint32_t held = 0;
			for (int p = 0; p < gm->players; p++)
				held |= s->hand[p];
			early += held != 0;
			/* Ended with tiles in hand: none of them fits anywhere. */
			for (int p = 0; held && p < gm->players; p++) {
				geo_state probe = *s;
				probe.current = (uint8_t)p;
				CU_ASSERT_EQUAL(brute_force(gm, &probe, moves), 0);
			}
			/* The unplayed cards: 20 - players x share (2 with three players). */
			if (!held)
				CU_ASSERT_EQUAL(__builtin_popcount(s->deck),
						gm->tile_count - 1 - gm->quota * gm->players);
		}
		free(moves);
		free(s);
		bones_test_release(&g);
	}
	CU_ASSERT_EQUAL(games, 2700);
	CU_ASSERT(blocked > 100 && early > 100);
	fprintf(stderr, " [%d games, %d blocked turns, %d ended with tiles in hand] ", games,
		blocked, early);
}

/* The points of placement m counted square by square: its pips on light squares
 * outside the free area. */
static int points_by_squares(const geo_game *g, bones_move m)
{
	const geo_orient *o = &g->tiles[geo_move_tile(m)].orient[geo_move_orient(m)];
	int x = geo_move_x(m), y = geo_move_y(m), points = 0;
	for (int k = 0; k < o->count; k++) {
		int c = (y + o->dy[k]) * GEO_N + x + o->dx[k];
		points += g->light[c] && !g->free_area[c] ? o->pips[k] : 0;
	}
	return points;
}

/* Anchored generation finds exactly the placements a scan of every anchor finds, in its
 * order: tile, orientation, row, column;
 * and each placement's points from the table (by its fields and by its packing) are those
 * of its squares. */
static void test_geominos_play__anchored_moves_equal_a_brute_force_scan(void)
{
	size_t wrong = 0; /* placements whose table points differ from their squares' */
	bones_rng rng;
	bones_rng_seed(&rng, 99);
	for (size_t c = 0; c < CONFIGS; c += 4) {
		bones_test_game g;
		CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, &bones_plugin_entry, configs[c]),
				      BONES_OK);
		geo_state *s = bones_test_new_state(&g);
		size_t cap = g.info.max_moves;
		bones_move *a = malloc(cap * sizeof *a), *b = malloc(cap * sizeof *b);
		for (int i = 0; i < 10; i++) {
			g.plugin->init_state(g.game, s);
			while (g.plugin->to_move(g.game, s) != BONES_TERMINAL) {
				if (g.plugin->to_move(g.game, s) >= 0) {
					size_t n = g.plugin->legal_moves(g.game, s, a, NULL, cap);
					size_t m = brute_force(g.game, s, b);
					if (s->blocked) {
						CU_ASSERT_EQUAL(m, 0);
						CU_ASSERT(n == 1 && a[0] == GEO_MOVE_PASS);
					} else { /* the same moves in the same order */
						CU_ASSERT_EQUAL_FATAL(n, m);
						CU_ASSERT(memcmp(a, b, n * sizeof *a) == 0);
						for (size_t k = 0; k < n; k++) {
							int pts = points_by_squares(g.game, a[k]);
							wrong += geo_placement_points(
								g.game, geo_move_tile(a[k]),
								geo_move_orient(a[k]), geo_move_x(a[k]),
								geo_move_y(a[k])) != pts ||
								 geo_move_points(g.game, a[k]) != pts;
						}
					}
				}
				bones_test_random_playout(&g, s, &rng, 1);
			}
		}
		free(a);
		free(b);
		free(s);
		bones_test_release(&g);
	}
	CU_ASSERT_EQUAL(wrong, 0);
}

static void test_geominos_play__every_legal_move_formats_and_parses_back(void)
{
	bones_rng rng;
	bones_rng_seed(&rng, 4);
	for (size_t c = 0; c < CONFIGS; c++) {
		bones_test_game g;
		CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, &bones_plugin_entry, configs[c]),
				      BONES_OK);
		geo_state *s = bones_test_new_state(&g);
		size_t cap = g.info.max_moves;
		bones_move *moves = malloc(cap * sizeof *moves);
		for (int i = 0; i < 4; i++) {
			g.plugin->init_state(g.game, s);
			while (g.plugin->to_move(g.game, s) != BONES_TERMINAL) {
				size_t n = g.plugin->legal_moves(g.game, s, moves, NULL, cap);
				for (size_t k = 0; k < n; k++) {
					char text[BONES_MOVE_TEXT_MAX];
					bones_move back = 0;
					size_t len = g.plugin->format_move(g.game, s, moves[k], text,
									   sizeof text);
					CU_ASSERT_FATAL(len > 0 && len < sizeof text);
					if (g.plugin->parse_move(g.game, s, text, &back) != BONES_OK ||
					    back != moves[k]) {
						fprintf(stderr, "\n'%s' does not parse back\n", text);
						CU_FAIL_FATAL("a move does not parse back");
					}
				}
				bones_test_random_playout(&g, s, &rng, 1);
			}
		}
		free(moves);
		free(s);
		bones_test_release(&g);
	}
}

/* Two copies made with memcpy play the same random future byte for byte. */
static void test_geominos_play__a_memcpy_clone_has_the_same_future(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, &bones_plugin_entry, "deal=five"),
			      BONES_OK);
	geo_state *a = bones_test_new_state(&g), *b = bones_test_new_state(&g);
	bones_rng rng, r1, r2;
	bones_rng_seed(&rng, 77);
	for (int i = 0; i < 50; i++) {
		g.plugin->init_state(g.game, a);
		bones_test_random_playout(&g, a, &rng, bones_rng_below(&rng, 30));
		memcpy(b, a, g.info.state_size);
		r2 = r1 = rng;
		bones_test_random_playout(&g, a, &r1, 1000);
		bones_test_random_playout(&g, b, &r2, 1000);
		CU_ASSERT_EQUAL(memcmp(a, b, g.info.state_size), 0);
		CU_ASSERT_EQUAL(g.plugin->to_move(g.game, b), BONES_TERMINAL);
		bones_rng_next(&rng);
	}
	free(a);
	free(b);
	bones_test_release(&g);
}

/* Random 32-bit words are refused unless legal, and a refusal changes nothing. */
static void test_geominos_play__illegal_moves_leave_the_state_unchanged(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, &bones_plugin_entry, "players=3"),
			      BONES_OK);
	geo_state *s = bones_test_new_state(&g), *copy = bones_test_new_state(&g);
	bones_move *moves = malloc(g.info.max_moves * sizeof *moves);
	bones_rng rng;
	bones_rng_seed(&rng, 8);
	for (int i = 0; i < 20; i++) {
		g.plugin->init_state(g.game, s);
		bones_test_random_playout(&g, s, &rng, bones_rng_below(&rng, 40));
		size_t n = g.plugin->legal_moves(g.game, s, moves, NULL, g.info.max_moves);
		for (int k = 0; k < 2000; k++) {
			bones_move m = (bones_move)bones_rng_next(&rng) & (k & 1 ? 0x3FFFFu : ~0u);
			bool legal = false;
			for (size_t j = 0; j < n && !legal; j++)
				legal = moves[j] == m;
			memcpy(copy, s, g.info.state_size);
			bones_status st = g.plugin->apply(g.game, copy, m);
			CU_ASSERT_EQUAL(st == BONES_OK, legal);
			if (!legal)
				CU_ASSERT_EQUAL(memcmp(copy, s, g.info.state_size), 0);
		}
	}
	free(moves);
	free(s);
	free(copy);
	bones_test_release(&g);
}

static const bones_test_case cases[] = {
	{"thousands of random games keep the invariants",
	 test_geominos_play__thousands_of_random_games_keep_the_invariants},
	{"anchored moves equal a brute-force scan",
	 test_geominos_play__anchored_moves_equal_a_brute_force_scan},
	{"every legal move formats and parses back",
	 test_geominos_play__every_legal_move_formats_and_parses_back},
	{"a memcpy clone has the same future", test_geominos_play__a_memcpy_clone_has_the_same_future},
	{"illegal moves leave the state unchanged",
	 test_geominos_play__illegal_moves_leave_the_state_unchanged},
	{NULL, NULL},
};

int main(void)
{
	return bones_test_main("geominos_play", cases);
}
