/* The dense action space ("bones.actions/1"): each tile on each arm, each tile as the
 * lead, then pass and draw (chance outcomes keep their own numbers); af_extension hands
 * it out. */
#include "allfives.h"

#include "bones/actions.h"

#define PLACES ((LEAD + 1) * TILES) /* ARM_L .. ARM_D and LEAD of each tile */

static size_t count(const void *g)
{
	(void)g;
	return PLACES + 2;
}

static bool to_index(const void *g, bones_move m, size_t *index)
{
	(void)g;
	if (KIND(m) <= LEAD && TILE(m) < TILES)
		*index = (size_t)KIND(m) * TILES + (size_t)TILE(m);
	else if (m == MOVE(PASS, 0) || m == MOVE(DRAW, 0))
		*index = PLACES + (size_t)(KIND(m) - PASS);
	else
		return false;
	return true;
}

static bool to_move(const void *g, size_t index, bones_move *m)
{
	(void)g;
	if (index >= PLACES + 2)
		return false;
	*m = index < PLACES ? MOVE(index / TILES, index % TILES) : MOVE(PASS + (index - PLACES), 0);
	return true;
}

/* Every player move lays a tile (the lead included), draws or passes. A tile is laid at
 * most once, and only from a hand: at most the tiles dealt plus the tiles drawn; the
 * boneyard keeps its last DRAW_RESERVE tiles. Passes in a row end the hand at
 * `players`, and only a laid tile starts a new row (a draw does not): at most
 * players - 1 passes before the first tile and after each, and one more ends it. Hence
 * laid + draws + (laid + 1) (players - 1) + 1 = laid x players + draws + players. */
static size_t max_game_length(const void *vg)
{
	const game *g = vg;
	size_t players = (size_t)g->players, dealt = players * (size_t)g->hand_size;
	size_t draws = dealt + DRAW_RESERVE < TILES ? TILES - DRAW_RESERVE - dealt : 0;
	return (dealt + draws) * players + draws + players;
}

const bones_actions af_actions = {BONES_ACTIONS_SIZE_1_1, count, to_index, to_move,
				  max_game_length};
