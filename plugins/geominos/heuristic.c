/* Geominos game knowledge for the search agents (capability "bones.heuristic/1"): move
 * priors from what a placement costs now against what its tile costs later, and an
 * evaluation of the scores plus what each tile in each hand is still expected to cost.
 * Lowest score wins: every figure here is points to pay. */
#include <math.h>

#include "bones/heuristic.h"
#include "geominos.h"

#define MARGIN 6.0        /* logistic width of evaluate, in points: a tile's cost or so */
#define TEMPER 1.5        /* priors: points saved that make a move e times likelier */
#define KEEP 0.5          /* evaluate: a kept tile's cost, this share of its later cost
			   * and the rest its cheapest placement now */
#define STUCK 1.0         /* evaluate: a tile with no placement costs penalty x this */
#define ROLLOUT_MOVES 1   /* rollout moves before evaluate (docs/ai.md, Strength) */

/* The least points tile t costs anywhere on the board with the free area counted as
 * light, adjacency ignored: what it costs once the free centre is taken. */
static int least_cost(const geo_game *g, int t)
{
	const geo_tile *tile = &g->tiles[t];
	int best = 255;
	for (int oi = 0; oi < tile->orient_count; oi++) {
		const geo_orient *o = &tile->orient[oi];
		for (int y = 0; y + o->height <= GEO_N; y++)
			for (int x = -o->minx; x + o->maxx < GEO_N; x++) {
				int pts = 0;
				for (int k = 0; k < o->count; k++) {
					int c = (y + o->dy[k]) * GEO_N + x + o->dx[k];
					pts += g->light[c] ? o->pips[k] : 0;
				}
				if (pts < best)
					best = pts;
			}
	}
	return best;
}

void geo_heuristic_prepare(geo_game *g)
{
	for (int t = 0; t < g->tile_count; t++)
		g->later[t] = (uint8_t)least_cost(g, t);
	for (int d = -255; d <= 255; d++)
		g->saving[d + 255] = exp(d / TEMPER);
}

/* A placement saves what its tile would cost later and costs its points now. The
 * weight of each tile is shared among its placements, so that the search's first
 * expansions try several tiles rather than one tile on a hundred squares. */
static void priors(const void *game, const void *state, const bones_move *moves, size_t n,
		   double *weights)
{
	const geo_game *g = game;
	int placements[GEO_MAX_TILES] = {0};
	double share[GEO_MAX_TILES];
	(void)state;
	for (size_t i = 0; i < n; i++) {
		bones_move m = moves[i];
		if (!geo_move_is_place(m))
			continue;
		weights[i] = geo_move_points(g, m);
		placements[geo_move_tile(m)]++;
	}
	for (int t = 0; t < GEO_MAX_TILES; t++)
		share[t] = placements[t];
	for (size_t i = 0; i < n; i++) {
		if (!geo_move_is_place(moves[i])) {
			weights[i] = 1.0; /* a pass is the only move */
			continue;
		}
		int t = geo_move_tile(moves[i]);
		weights[i] = g->saving[g->later[t] - (int)weights[i] + 255] / share[t];
	}
}

/* Every player's score plus, for each tile in hand, a blend of its cost later and its
 * cheapest placement now (penalty points when it fits nowhere): playing a tile that is
 * dear later cheaply now gains, and so does taking the cheap squares of another's. The
 * board is the same for every player: one scan prices the tiles of all hands. */
static void evaluate(const void *game, const void *state, double *final_scores)
{
	const geo_game *g = game;
	const geo_state *s = state;
	int cost[GEO_MAX_TILES];
	uint32_t held = 0;
	for (int p = 0; p < g->players; p++)
		held |= s->hand[p];
	if (s->phase != GEO_PH_OVER)
		geo_cheapest(g, s, held, cost);
	for (int p = 0; p < g->players; p++) {
		final_scores[p] = s->score[p];
		if (s->phase == GEO_PH_OVER)
			continue;
		for (uint32_t h = s->hand[p]; h; h &= h - 1) {
			int t = __builtin_ctz(h), c = cost[t];
			final_scores[p] += c < 0 ? STUCK * g->penalty :
						   KEEP * g->later[t] + (1.0 - KEEP) * c;
		}
	}
}

const bones_heuristic geo_heuristic = {.size = sizeof(bones_heuristic),
				       .evaluate = evaluate,
				       .margin_scale = MARGIN,
				       .priors = priors,
				       .rollout_moves = ROLLOUT_MOVES};
