/* The dense action space ("bones.actions/1"): each tile, orientation and anchor square,
 * then the pass; draws are chance outcomes and stay out. geo_get_extension hands it out. */
#include "geominos.h"

#include "bones/actions.h"

#define PLACES ((size_t)GEO_MAX_TILES * GEO_MAX_ORIENT * GEO_CELLS)

static size_t count(const void *g)
{
	(void)g;
	return PLACES + 1;
}

static bool to_index(const void *g, bones_move m, size_t *index)
{
	(void)g;
	if (m == GEO_MOVE_PASS) {
		*index = PLACES;
		return true;
	}
	if (!geo_move_is_place(m) || geo_move_x(m) >= GEO_N || geo_move_y(m) >= GEO_N)
		return false;
	*index = ((size_t)(m & 255u) * GEO_N + (size_t)geo_move_y(m)) * GEO_N +
		 (size_t)geo_move_x(m);
	return true;
}

static bool to_move(const void *g, size_t index, bones_move *m)
{
	(void)g;
	if (index > PLACES)
		return false;
	if (index == PLACES) {
		*m = GEO_MOVE_PASS;
		return true;
	}
	size_t x = index % GEO_N, y = index / GEO_N % GEO_N, tile_orient = index / GEO_CELLS;
	*m = (bones_move)(tile_orient | x << 8 | y << 13);
	return true;
}

/* Every player move places a tile or passes; draws (the centre tile's included) are
 * chance outcomes, at most one a tile. A tile is placed at most once and the centre
 * tile by its draw: at most tile_count - 1 placements. A blocked player passes only
 * while another may place or draw, and nothing changes until one does, so the turn
 * reaches that one within players - 1 passes: at most players - 1 passes after each
 * placement or draw. Hence placed + (placed + draws) (players - 1). */
static size_t max_game_length(const void *game)
{
	const geo_game *g = game;
	size_t tiles = (size_t)g->tile_count, placed = tiles ? tiles - 1 : 0;
	return placed + (placed + tiles) * (size_t)(g->players - 1);
}

static const bones_actions actions = {BONES_ACTIONS_SIZE_1_1, count, to_index, to_move,
				      max_game_length};

const void *geo_actions_ext(void)
{
	return &actions;
}
