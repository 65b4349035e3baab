/* Dominoes game knowledge: what a move keeps (pips shed, doubles out of the way, the
 * suits the mover still holds at the open ends, and those the others may lack), as move
 * priors for the search (capability "bones.heuristic/1") and as the agent `keeper`
 * (capability "bones.agents/1"), the greedy that counts what it keeps. Both read only
 * the mover's hand and the line. */
#include <math.h>

#include "bones/agents_ext.h"
#include "bones/heuristic.h"
#include "dominoes_internal.h"

#define ALL_TILES 0x0FFFFFFFu /* the 28 tiles of a double-six set */
#define DOUBLE 2.5            /* a double laid: it fits one suit only, hard to place */
#define MINE 1.0              /* each tile kept that fits an open end after the move */
#define THEIRS 0.5            /* each unseen tile (another hand, the boneyard) that does */
#define SUITS 0.5             /* each pip value still in the hand */
#define TEMPER 2.0            /* priors: points of value that make a move e times likelier */

static int bits(uint32_t x)
{
	return __builtin_popcount(x);
}

double dom_keep_value(const dom_view *v, int tile, int end)
{
	int lo = v->lo[tile], hi = v->hi[tile];
	int l = v->left, r = v->right; /* the open ends after the move */
	if (end < 0)
		l = lo, r = hi;
	else if (end == 0)
		l = lo == l ? hi : lo;
	else
		r = lo == r ? hi : lo;
	uint32_t kept = v->hand & ~(1u << tile);
	uint32_t ends = v->with_pip[l] | v->with_pip[r];
	uint32_t unseen = ALL_TILES & ~(kept | v->line | 1u << tile);
	int suits = 0;
	for (int p = 0; p < 7; p++)
		suits += (kept & v->with_pip[p]) != 0;
	return lo + hi + (lo == hi ? DOUBLE : 0) + MINE * bits(kept & ends) -
	       THEIRS * bits(unseen & ends) + SUITS * suits;
}

/* Each move on its own: exp(value / TEMPER); a draw or a pass (the only move) 1. */
static void priors(const void *vg, const void *vs, const bones_move *moves, size_t n,
		   double *weights)
{
	dom_view v;
	dom_view_of(vg, vs, &v);
	for (size_t i = 0; i < n; i++) {
		int tile, end;
		weights[i] = dom_move_lays(moves[i], &tile, &end) ?
				     exp(dom_keep_value(&v, tile, end) / TEMPER) : 1.0;
	}
}

const bones_heuristic dom_heuristic = {.size = sizeof(bones_heuristic),
				       .priors = priors,
				       .flags = BONES_HEURISTIC_PRIORS_PER_MOVE};

/* keeper: the legal move of the highest value, ties at random. */
static bones_move keeper(const void *vg, const void *vs,
			 uint64_t (*next_random)(void *rng), void *rng)
{
	bones_move moves[64], best = 0;
	size_t n = dom_legal_moves(vg, vs, moves, sizeof moves / sizeof moves[0]);
	dom_view v;
	dom_view_of(vg, vs, &v);
	double top = -INFINITY;
	uint64_t ties = 0;
	for (size_t i = 0; i < n; i++) {
		int tile, end;
		double value = dom_move_lays(moves[i], &tile, &end) ?
				       dom_keep_value(&v, tile, end) : 0.0;
		if (value > top + 1e-9) {
			top = value;
			ties = 1;
			best = moves[i];
		} else if (value >= top - 1e-9 && next_random(rng) % ++ties == 0) {
			best = moves[i];
		}
	}
	return best;
}

static const bones_plugin_agent agents[] = {
	/* the host shows the summary in the player's language (bones_plugin_text) */
	{"keeper", N_("the move that keeps the most: pips shed, doubles out, suits to play on"),
	 keeper},
};

const bones_agents_ext dom_agents = {sizeof(bones_agents_ext), 1, agents};
