/* President Dorothy, the solo automaton of the rule sheet, offered as the built-in agent
 * "dorothy" (capability bones.agents/1): her picking and her 2x12 column placement. */
#include "hegemino.h"

#include <string.h>

#include "bones/agents_ext.h"

/* Her preference for a market domino: wilds by the other half's pips, then doubles,
 * then anything (higher is better; equal ranks go to the earlier row). */
static int pick_rank(int id)
{
	int a = hg_dom_a(id), b = hg_dom_b(id);
	if (a == 0)
		return 20 + b;
	if (a == b)
		return 10;
	return 0;
}

static bones_move choose_pick(const hg_state *s)
{
	int best = -1, row = -1;
	for (int i = 0; i < s->right_n; i++) {
		if (s->right_tok[i] != HG_NONE)
			continue;
		int r = pick_rank(s->right_dom[i]);
		if (r > best) {
			best = r;
			row = i;
		}
	}
	return HG_MOVE(HG_MV_PICK, row < 0 ? 0 : row);
}

/* Her column with the domino (a, b) inserted before row y, as a 2-wide grid. */
static int build(const uint8_t *cells, int rows, int y, int a, int b, uint8_t *grid)
{
	memcpy(grid, cells, (size_t)(2 * y));
	grid[2 * y] = (uint8_t)(a + 1);
	grid[2 * y + 1] = (uint8_t)(b + 1);
	memcpy(grid + 2 * (y + 1), cells + 2 * y, (size_t)(2 * (rows - y)));
	for (int i = 0; i < 2 * (rows + 1); i++)
		grid[i] = (uint8_t)HG_CODE(grid[i]);
	return rows + 1;
}

/* Size of the largest region of some pip value (cells showing it or 0, at least one
 * showing it) that contains one of the halves of row y. */
static int territory(const uint8_t *grid, int rows, int y)
{
	int best = 0;
	for (int v = 1; v <= 6; v++) {
		for (int half = 0; half < 2; half++) {
			int start = 2 * y + half, code = grid[start];
			if (code != v + 1 && code != 1)
				continue;
			uint8_t seen[32] = {0};
			int stack[32], top = 0, size = 0, hits = 0;
			stack[top++] = start;
			seen[start] = 1;
			while (top > 0) {
				int c = stack[--top];
				size++;
				hits += grid[c] == v + 1;
				const int nb[4] = {c % 2 ? c - 1 : -1, c % 2 ? -1 : c + 1, c - 2, c + 2};
				for (int k = 0; k < 4; k++) {
					int n = nb[k];
					if (n < 0 || n >= 2 * rows || seen[n])
						continue;
					if (grid[n] == v + 1 || grid[n] == 1) {
						seen[n] = 1;
						stack[top++] = n;
					}
				}
			}
			if (hits && size > best)
				best = size;
		}
	}
	return best;
}

static bones_move choose_place(const hg_game *g, const hg_state *s)
{
	const uint8_t *cells = hg_ccells(g, s, 1);
	hg_rules pork = {HG_WILDS_PORK, false, false, 0};
	hg_score sc;
	bones_move moves[32];
	uint8_t grid[32];
	size_t n = hg_legal_moves(g, s, moves, NULL, 32);
	int rows = s->tab[1].rows;
	int now = rows ? hg_score_cells(hg_ccells(g, s, 1), 2, rows, &pork, &sc) : 0;
	int best_gain = 0, best_terr = -1;
	bones_move by_gain = 0, by_terr = moves[0];
	for (size_t i = 0; i < n; i++) {
		if (HG_KIND(moves[i]) != HG_MV_PLACE)
			continue;
		int y = HG_MY(moves[i]);
		int r = build(cells, rows, y, HG_MA(moves[i]), HG_MB(moves[i]), grid);
		int gain = hg_score_cells(grid, 2, r, &pork, &sc) - now;
		int terr = territory(grid, r, y);
		if (gain > best_gain) {
			best_gain = gain;
			by_gain = moves[i];
		}
		if (terr > best_terr) {
			best_terr = terr;
			by_terr = moves[i];
		}
	}
	return best_gain > 0 ? by_gain : by_terr;
}

#define ELSEWHERE_MOVES 2048
#define ELSEWHERE_STATE 4096

/* Outside her own column (another seat, another variant): she picks by the same
 * preference and places where the tableau then scores most, the first such move. */
static bones_move choose_elsewhere(const hg_game *g, const hg_state *s)
{
	bones_move moves[ELSEWHERE_MOVES];
	_Alignas(8) uint8_t copy[ELSEWHERE_STATE];
	size_t n = hg_legal_moves(g, s, moves, NULL, ELSEWHERE_MOVES);
	bool playing = s->phase == HG_PH_PLAY || s->phase == HG_PH_SOLO;
	if (playing && hg_actor_domino(g, s) == HG_NONE)
		return choose_pick(s);
	if (n == 0 || !playing || g->max_moves > ELSEWHERE_MOVES ||
	    g->state_size > ELSEWHERE_STATE)
		return n ? moves[0] : 0;
	int tab = hg_actor_tab(g, s), best = 0;
	hg_score sc;
	for (size_t i = 0; i < n; i++) {
		memcpy(copy, s, g->state_size);
		hg_apply(g, copy, moves[i]);
		int v = hg_score_tab(g, (const hg_state *)copy, tab, &sc);
		if (i == 0 || v > best) {
			best = v;
			moves[0] = moves[i];
		}
	}
	return moves[0];
}

bones_move hg_dorothy_choose(const void *game, const void *state,
			     uint64_t (*next_random)(void *rng), void *rng)
{
	const hg_game *g = game;
	const hg_state *s = state;
	(void)next_random;
	(void)rng;
	if (g->mode == HG_MODE_DOROTHY && s->phase == HG_PH_PLAY && hg_actor_tab(g, s) == 1) {
		if (hg_actor_domino(g, s) == HG_NONE)
			return choose_pick(s);
		return choose_place(g, s);
	}
	return choose_elsewhere(g, s);
}

static const bones_plugin_agent agents[] = {
	/* the host shows the summary in the player's language (bones_plugin_text) */
	{"dorothy", N_("President Dorothy, the rule sheet's solo automaton (solo=dorothy)"),
	 hg_dorothy_choose},
};

static const bones_agents_ext agents_ext = {sizeof(bones_agents_ext), 1, agents};

const void *hg_agents_ext(void)
{
	return &agents_ext;
}
