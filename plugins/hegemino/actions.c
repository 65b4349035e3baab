/* The dense action space ("bones.actions/1"): pick a market row, discard, then place and
 * stack by cell, direction and halves; the order, draws and removals are chance
 * outcomes and stay out. get_extension in plugin.c hands it out. */
#include "hegemino.h"

#include "bones/actions.h"

#define FIRST_PLACE (HG_ROWS + 1) /* after the picks and the discard */
#define PER_CELL 128              /* dir (2) x a (8) x b (8) */

/* Rows of cells: the grid's, or Dorothy's column of 12 rows where the grid is shorter
 * (her placements are at x 0, y 0..11). */
static size_t rows(const hg_game *g)
{
	return g->mode == HG_MODE_DOROTHY && g->grid < 12 ? 12 : (size_t)g->grid;
}
static size_t cells(const hg_game *g) { return rows(g) * (size_t)g->grid; }
static size_t per_kind(const hg_game *g) { return cells(g) * PER_CELL; }

static size_t count(const void *game)
{
	return FIRST_PLACE + 2 * per_kind(game);
}

static bool to_index(const void *game, bones_move m, size_t *index)
{
	const hg_game *g = game;
	int kind = HG_KIND(m);
	if (kind == HG_MV_PICK && (m & 0x0FFFFFFFu) < HG_ROWS) {
		*index = m & 0x0FFFFFFFu;
	} else if (m == HG_MOVE(HG_MV_DISCARD, 0)) {
		*index = HG_ROWS;
	} else if ((kind == HG_MV_PLACE || kind == HG_MV_STACK) && HG_MX(m) < g->grid &&
		   (size_t)HG_MY(m) < rows(g) && (m & 0x0F800000u) == 0) {
		size_t cell = (size_t)HG_MY(m) * (size_t)g->grid + (size_t)HG_MX(m);
		size_t low = (size_t)(HG_MDIR(m) * 64 + HG_MA(m) * 8 + HG_MB(m));
		*index = FIRST_PLACE + (size_t)(kind == HG_MV_STACK) * per_kind(g) +
			 cell * PER_CELL + low;
	} else {
		return false;
	}
	return true;
}

static bool to_move(const void *game, size_t index, bones_move *m)
{
	const hg_game *g = game;
	if (index >= count(g))
		return false;
	if (index < HG_ROWS) {
		*m = HG_MOVE(HG_MV_PICK, index);
		return true;
	}
	if (index == HG_ROWS) {
		*m = HG_MOVE(HG_MV_DISCARD, 0);
		return true;
	}
	size_t at = index - FIRST_PLACE, low = at % PER_CELL, cell = at / PER_CELL;
	int kind = cell >= cells(g) ? HG_MV_STACK : HG_MV_PLACE;
	cell %= cells(g);
	*m = HG_PLACE_MOVE(kind, cell % (size_t)g->grid, cell / (size_t)g->grid, low / 64,
			   low / 8 % 8, low % 8);
	return true;
}

/* Solo Mega: each of the solo_target picks is followed by one placement or discard.
 * Otherwise a round lets each order token pick once (a row of the new column) and
 * place or discard once (the domino it stood on). Every column is drawn from the
 * boneyard, at least four fresh dominoes while four are left: at most ceil(N / 4)
 * columns for the N dominoes of the pool, and one round more places the last column.
 * Hence tokens x (2 ceil(N / 4) + 1). */
static size_t max_game_length(const void *game)
{
	const hg_game *g = game;
	if (g->mode == HG_MODE_SOLO_MEGA)
		return 2 * (size_t)g->solo_target;
	size_t n = 0;
	for (int i = 0; i < HG_DOMINOES; i++)
		n += g->pool[i];
	return (size_t)g->tokens * (2 * ((n + 3) / 4) + 1);
}

static const bones_actions actions = {BONES_ACTIONS_SIZE_1_1, count, to_index, to_move,
				      max_game_length};

const void *hg_actions_ext(void)
{
	return &actions;
}
