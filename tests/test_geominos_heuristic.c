/* Geominos's heuristic capability ("bones.heuristic/1"): offered with both functions
 * and a rollout cut-off; over random positions a tile's later cost is a floor under its
 * placements off the free area, cheaper placements of a tile weigh more, each tile's
 * cheapest placement found by one scan is the least of the listed ones, evaluate adds
 * a non-negative cost to every score (none when the game is over) and writes nothing. */
#include "bones_test.h"

#include <stdlib.h>
#include <string.h>

#include "../plugins/geominos/geominos.h"
#include "bones/heuristic.h"

extern const bones_plugin bones_plugin_entry;

static const bones_plugin *P = &bones_plugin_entry;

static const bones_heuristic *heuristic(const bones_test_game *g)
{
	const bones_heuristic *h = P->get_extension(g->game, BONES_HEURISTIC_ID);
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	return h;
}

static void test_geominos_heuristic__is_offered_with_both_functions_and_a_cut_off(void)
{
	bones_test_game g;
	void *s = bones_test_start(&g, P, "");
	const bones_heuristic *h = heuristic(&g);
	CU_ASSERT_EQUAL(h->size, sizeof(bones_heuristic));
	CU_ASSERT_PTR_NOT_NULL(h->evaluate);
	CU_ASSERT_PTR_NOT_NULL(h->priors);
	CU_ASSERT(h->margin_scale > 0);
	CU_ASSERT_EQUAL(h->rollout_moves, 1);
	CU_ASSERT_PTR_NOT_NULL(P->get_extension(g.game, "bones.render/1")); /* still there */
	bones_test_finish(&g, s);
}

static bool off_free_area(const geo_game *g, bones_move m)
{
	const geo_orient *o = &g->tiles[geo_move_tile(m)].orient[geo_move_orient(m)];
	for (int k = 0; k < o->count; k++)
		if (g->free_area[(geo_move_y(m) + o->dy[k]) * GEO_N + geo_move_x(m) + o->dx[k]])
			return false;
	return true;
}

/* The points of a placement (-1 for a pass). */
static int points(const geo_game *g, bones_move m)
{
	return geo_move_is_place(m) ? geo_placement_points(g, geo_move_tile(m),
							   geo_move_orient(m), geo_move_x(m),
							   geo_move_y(m)) : -1;
}

/* The checks on one position where a player is to move. */
static void check_position(const bones_test_game *tg, const bones_heuristic *h,
			   const geo_state *s, bones_move *moves, double *w)
{
	const geo_game *g = tg->game;
	size_t n = P->legal_moves(g, s, moves, NULL, tg->info.max_moves);
	geo_state copy = *s;
	h->priors(g, s, moves, n, w);
	int cheapest[GEO_MAX_TILES];
	double heaviest[GEO_MAX_TILES] = {0};
	for (int t = 0; t < GEO_MAX_TILES; t++)
		cheapest[t] = 1 << 20;
	for (size_t i = 0; i < n; i++) {
		CU_ASSERT(w[i] > 0);
		int t = geo_move_tile(moves[i]), pts = points(g, moves[i]);
		if (pts >= 0 && off_free_area(g, moves[i]))
			CU_ASSERT(pts >= g->later[t]);
		if (pts >= 0 && pts < cheapest[t])
			cheapest[t] = pts;
	}
	for (size_t i = 0; i < n; i++) { /* the weight of each tile's cheapest placements */
		int t = geo_move_tile(moves[i]);
		if (points(g, moves[i]) == cheapest[t] && w[i] > heaviest[t])
			heaviest[t] = w[i];
	}
	int cost[GEO_MAX_TILES]; /* the one-scan prices evaluate reads: the list's least */
	geo_cheapest(g, s, s->hand[s->current], cost);
	for (uint32_t hand = s->hand[s->current]; hand; hand &= hand - 1) {
		int t = __builtin_ctz(hand);
		CU_ASSERT_EQUAL(cost[t], cheapest[t] == 1 << 20 ? -1 : cheapest[t]);
	}
	for (size_t i = 0; i < n; i++) /* a dearer placement weighs less */
		if (points(g, moves[i]) > cheapest[geo_move_tile(moves[i])])
			CU_ASSERT(w[i] < heaviest[geo_move_tile(moves[i])]);
	double est[GEO_MAX_PLAYERS];
	h->evaluate(g, s, est);
	for (int p = 0; p < g->players; p++)
		CU_ASSERT(est[p] >= s->score[p]);
	CU_ASSERT(memcmp(&copy, s, sizeof copy) == 0);
}

static void random_positions(const char *settings, int games, uint64_t seed)
{
	bones_test_game tg;
	geo_state *s = bones_test_start(&tg, P, settings);
	const bones_heuristic *h = heuristic(&tg);
	bones_move *moves = malloc(tg.info.max_moves * sizeof *moves);
	double *w = malloc(tg.info.max_moves * sizeof *w);
	CU_ASSERT_PTR_NOT_NULL_FATAL(moves);
	CU_ASSERT_PTR_NOT_NULL_FATAL(w);
	bones_rng rng;
	bones_rng_seed(&rng, seed);
	for (int i = 0; i < games; i++) {
		P->init_state(tg.game, s);
		while (P->to_move(tg.game, s) != BONES_TERMINAL) {
			if (P->to_move(tg.game, s) >= 0 && bones_rng_below(&rng, 3) == 0)
				check_position(&tg, h, s, moves, w);
			bones_test_random_playout(&tg, s, &rng, 1);
		}
		double est[GEO_MAX_PLAYERS], final[GEO_MAX_PLAYERS];
		h->evaluate(tg.game, s, est);
		P->scores(tg.game, s, final);
		for (int p = 0; p < tg.info.players; p++)
			CU_ASSERT_EQUAL(est[p], final[p]);
	}
	free(moves);
	free(w);
	bones_test_finish(&tg, s);
}

static void test_geominos_heuristic__holds_over_random_positions(void)
{
	random_positions("", 6, 1);
	random_positions("players=3 deal=five", 4, 2);
	random_positions("players=2 deal=all tiles=" BONES_TEST_FIXTURES
			 "/geominos/rules-tiles.ini", 20, 3);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"the heuristic is offered with both functions and a cut-off",
		 test_geominos_heuristic__is_offered_with_both_functions_and_a_cut_off},
		{"later cost floors, cheap placements weigh more, evaluate reads only",
		 test_geominos_heuristic__holds_over_random_positions},
		{NULL, NULL},
	};
	return bones_test_main("geominos_heuristic", cases);
}
