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

const bones_actions af_actions = {BONES_ACTIONS_SIZE_1_0, count, to_index, to_move};
