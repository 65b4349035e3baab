/* The dense action space ("bones.actions/1"): each tile, turn and cell a layout of the
 * game's tiles can reach from (0, 0), then each tile's pass; draws are chance outcomes.
 * hm_extension hands it out. */
#include "holomino.h"

#include "bones/actions.h"

/* Cells lie at most ntiles - 1 steps from the start cell in q and in r. */
static size_t reach(const hm_game *g) { return (size_t)g->ntiles - 1; }
static size_t width(const hm_game *g) { return 2 * reach(g) + 1; }
static size_t places(const hm_game *g) { return (size_t)g->ntiles * 3 * width(g) * width(g); }

static size_t count(const void *game)
{
	const hm_game *g = game;
	return places(g) + (size_t)g->ntiles;
}

static bool to_index(const void *game, bones_move m, size_t *index)
{
	const hm_game *g = game;
	int tile = hm_tile(m), q = hm_q(m) + (int)reach(g), r = hm_r(m) + (int)reach(g);
	size_t w = width(g);
	if (tile >= g->ntiles)
		return false;
	if (m == hm_pack(HM_PASS, tile, 0, 0, 0)) {
		*index = places(g) + (size_t)tile;
		return true;
	}
	if (hm_kind(m) != HM_PLACE || hm_turn(m) > 2 || q < 0 || r < 0 || (size_t)q >= w ||
	    (size_t)r >= w)
		return false;
	*index = (((size_t)tile * 3 + (size_t)hm_turn(m)) * w + (size_t)q) * w + (size_t)r;
	return true;
}

static bool to_move(const void *game, size_t index, bones_move *m)
{
	const hm_game *g = game;
	size_t w = width(g), at = index;
	if (index >= count(g))
		return false;
	if (index >= places(g)) {
		*m = hm_pack(HM_PASS, (int)(index - places(g)), 0, 0, 0);
		return true;
	}
	int r = (int)(at % w) - (int)reach(g), q = (int)(at / w % w) - (int)reach(g);
	at /= w * w;
	*m = hm_pack(HM_PLACE, (int)(at / 3), (int)(at % 3), q, r);
	return true;
}

/* Every player move places a tile or passes. The start tile is placed by the deal (a
 * chance outcome), so at most ntiles - 1 placements. Passes in a row end the game at
 * `players` and only a placement starts a new row: at most players - 1 passes before
 * the first placement and after each, and one more ends the game. Hence
 * placed + (placed + 1) (players - 1) + 1 = (placed + 1) players = ntiles x players. */
static size_t max_game_length(const void *game)
{
	const hm_game *g = game;
	return (size_t)g->ntiles * (size_t)g->players;
}

static const bones_actions actions = {BONES_ACTIONS_SIZE_1_1, count, to_index, to_move,
				      max_game_length};

const void *hm_actions_ext(void)
{
	return &actions;
}
