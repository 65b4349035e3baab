/* The grid kit (bones/kit_grid.h) on the host's side: what the plugin says, checked
 * field by field with a message naming the bad one; where the grid and the markets lie;
 * a move's click (move_place) from its placement. The pictures are kit_grid_draw.c. */
#include <stdio.h>
#include <string.h>

#include "bones/i18n.h"
#include "kit_internal.h"

#define MARKET_GAP 0.5f /* between the grid and the first market */
#define MARKET_ROW 1.5f /* from one market's row to the next */

/* "grid kit: FIELD is VALUE, not RANGE" into err; false. */
static bool fault(char *err, size_t cap, const char *field, int value, const char *range)
{
	if (cap)
		/* TRANSLATORS: a plugin's description for the board kit is wrong: the field
		 * as in bones/kit_grid.h ("cell[2][3].pips"), its value, the values allowed */
		snprintf(err, cap, _("grid kit: %s is %d, not %s"), field, value, range);
	return false;
}

static bool cell_sound(const bones_kit_grid_position *pos, const bones_kit_cell *c,
		       const char *name, int col, int row, char *err, size_t cap)
{
	char field[64];
	if (c->kind > BONES_KIT_TILE)
		return snprintf(field, sizeof field, "%s.kind", name),
		       fault(err, cap, field, c->kind, "0..3");
	if (c->mark > BONES_KIT_MARK_OPEN)
		return snprintf(field, sizeof field, "%s.mark", name),
		       fault(err, cap, field, c->mark, "0..2");
	if (c->kind == BONES_KIT_TILE && c->color >= BONES_KIT_COLORS)
		return snprintf(field, sizeof field, "%s.color", name),
		       fault(err, cap, field, c->color, "0..7");
	if (c->kind == BONES_KIT_TILE && c->tile < 0)
		return snprintf(field, sizeof field, "%s.tile", name),
		       fault(err, cap, field, c->tile, _("0 or more"));
	if (c->kind != BONES_KIT_HALF)
		return true;
	if (c->pips > 9)
		return snprintf(field, sizeof field, "%s.pips", name),
		       fault(err, cap, field, c->pips, "0..9");
	if (c->join > bones_kit_grid_sides(pos))
		return snprintf(field, sizeof field, "%s.join", name),
		       fault(err, cap, field, c->join, pos->hex ? "0..6" : "0..4");
	if (c->join == BONES_KIT_ALONE)
		return true;
	int x, y;
	const bones_kit_cell *o = bones_kit_grid_step(pos, col, row, c->join, &x, &y)
					  ? &pos->cell[y][x] : NULL;
	if (!o || o->kind != BONES_KIT_HALF || o->join != bones_kit_grid_back(pos, c->join)) {
		if (cap)
			/* TRANSLATORS: a domino half of a plugin's grid names a neighbour (join)
			 * that is no half joined back to it; the field, as in bones/kit_grid.h */
			snprintf(err, cap, _("grid kit: %s.join is %d, but that neighbour is no "
					     "half joined back"), name, c->join);
		return false;
	}
	return true;
}

static bool piece_sound(const bones_kit_piece *p, int h, int i, char *err, size_t cap)
{
	char field[64];
	snprintf(field, sizeof field, "hand[%d].piece[%d].", h, i);
	size_t n = strlen(field);
	if (p->kind > BONES_KIT_POLYOMINO)
		return snprintf(field + n, sizeof field - n, "kind"),
		       fault(err, cap, field, p->kind, "0..1");
	if (p->kind == BONES_KIT_DOMINO && (p->a > 9 || p->b > 9))
		return snprintf(field + n, sizeof field - n, p->a > 9 ? "a" : "b"),
		       fault(err, cap, field, p->a > 9 ? p->a : p->b, "0..9");
	if (p->kind == BONES_KIT_POLYOMINO && p->color >= BONES_KIT_COLORS)
		return snprintf(field + n, sizeof field - n, "color"),
		       fault(err, cap, field, p->color, "0..7");
	if (p->kind == BONES_KIT_POLYOMINO && !p->shape)
		return snprintf(field + n, sizeof field - n, "shape"),
		       fault(err, cap, field, 0, "1..65535");
	return true;
}

bool bones_kit_grid_check(const bones_kit_grid_position *pos, char *err, size_t cap)
{
	char field[64];
	if (pos->width < 1 || pos->width > BONES_KIT_GRID_MAX)
		return fault(err, cap, "width", pos->width, "1..16");
	if (pos->height < 1 || pos->height > BONES_KIT_GRID_MAX)
		return fault(err, cap, "height", pos->height, "1..16");
	for (int y = 0; y < pos->height; y++)
		for (int x = 0; x < pos->width; x++) {
			snprintf(field, sizeof field, "cell[%d][%d]", y, x);
			if (!cell_sound(pos, &pos->cell[y][x], field, x, y, err, cap))
				return false;
		}
	if (pos->hands < 0 || pos->hands > BONES_KIT_GRID_HANDS)
		return fault(err, cap, "hands", pos->hands, "0..8");
	for (int h = 0; h < pos->hands; h++) {
		const bones_kit_hand *hd = &pos->hand[h];
		if (hd->owner < -1 || hd->owner >= BONES_KIT_GRID_HANDS ||
		    (hd->owner >= 0 && bones_kit_grid_hand_of(pos, hd->owner) != h))
			return snprintf(field, sizeof field, "hand[%d].owner", h),
			       fault(err, cap, field, hd->owner,
				     _("-1 or a player without another hand"));
		if (hd->len < 0 || hd->len > BONES_KIT_GRID_PIECES)
			return snprintf(field, sizeof field, "hand[%d].len", h),
			       fault(err, cap, field, hd->len, "0..32");
		for (int i = 0; hd->face_up && i < hd->len; i++)
			if (!piece_sound(&hd->piece[i], h, i, err, cap))
				return false;
	}
	return true;
}

int bones_kit_grid_hand_of(const bones_kit_grid_position *pos, int player)
{
	for (int h = 0; h < pos->hands && h < BONES_KIT_GRID_HANDS; h++)
		if (pos->hand[h].owner == player)
			return h;
	return -1;
}

bool bones_kit_grid_check_placement(const bones_kit_grid_position *pos, int mover,
				    const bones_kit_placement *pl, char *err, size_t cap)
{
	char field[64];
	int own = bones_kit_grid_hand_of(pos, mover);
	int len = own >= 0 ? pos->hand[own].len : 0;
	if (pl->hand < -1 || pl->hand >= len)
		return fault(err, cap, "placement.hand", pl->hand,
			     len ? _("-1 or an index into the mover's hand") : _("-1 (no hand)"));
	if (pl->market != -1 &&
	    (pl->market < 0 || pl->market >= pos->hands || pos->hand[pl->market].owner != -1))
		return fault(err, cap, "placement.market", pl->market, _("-1 or a market's index"));
	if (pl->market >= 0 && (pl->slot < 0 || pl->slot >= pos->hand[pl->market].len))
		return fault(err, cap, "placement.slot", pl->slot, _("an index into the market"));
	if (pl->cells < 0 || pl->cells > BONES_KIT_PLACE_MAX)
		return fault(err, cap, "placement.cells", pl->cells, "0..8");
	bones_kit_grid_position after = *pos;
	for (int i = 0; i < pl->cells; i++) {
		int x = pl->cell[i].column, y = pl->cell[i].row;
		if (x >= pos->width || y >= pos->height) {
			snprintf(field, sizeof field, "placement.cell[%d].%s", i,
				 x >= pos->width ? "column" : "row");
			return fault(err, cap, field, x >= pos->width ? x : y,
				     _("a cell of the grid"));
		}
		after.cell[y][x] = pl->cell[i].cell;
	}
	for (int i = 0; i < pl->cells; i++) {
		snprintf(field, sizeof field, "placement.cell[%d].cell", i);
		if (!cell_sound(&after, &pl->cell[i].cell, field, pl->cell[i].column,
				pl->cell[i].row, err, cap))
			return false;
	}
	return true;
}

bool bones_kit_grid_describe(const bones_kit_board *kb, const void *state, int viewer,
			     bones_kit_grid_position *pos, char *err, size_t cap)
{
	memset(pos, 0, sizeof *pos);
	pos->size = (uint32_t)sizeof *pos;
	kb->grid->describe(kb->game, state, viewer, pos);
	return bones_kit_grid_check(pos, err, cap);
}

bool bones_kit_grid_place(const bones_kit_board *kb, const void *state, bones_move move,
			  bones_kit_grid_position *pos, bones_kit_placement *pl, char *err,
			  size_t cap)
{
	int mover = kb->plugin->to_move(kb->game, state);
	memset(pl, 0, sizeof *pl);
	pl->hand = pl->market = pl->slot = -1;
	if (cap)
		err[0] = '\0';
	if (mover < 0 || kb->grid->place(kb->game, state, move, pl) != BONES_OK)
		return false;
	return bones_kit_grid_describe(kb, state, mover, pos, err, cap) &&
	       bones_kit_grid_check_placement(pos, mover, pl, err, cap);
}

void bones_kit_grid_slot(const bones_kit_grid_position *pos, int m, int i, float *x,
			 float *y, float *hw, float *hh)
{
	int row = 0;
	for (int h = 0; h < m; h++)
		row += pos->hand[h].owner == -1;
	float left = 0;
	for (int k = 0; k < i; k++)
		left += pos->hand[m].piece[k].kind == BONES_KIT_POLYOMINO ? 1.2f : 2.2f;
	bool tile = pos->hand[m].piece[i].kind == BONES_KIT_POLYOMINO;
	*hw = tile ? 0.5f : 1.0f, *hh = 0.5f;
	*x = left + *hw;
	float gw, gh;
	bones_kit_grid_extent(pos, &gw, &gh);
	*y = gh + MARKET_GAP + (float)row * MARKET_ROW + 0.5f;
}

void bones_kit_grid_bounds(const void *kb, const void *state, float box[4])
{
	bones_kit_grid_position pos;
	char err[8];
	bool ok = bones_kit_grid_describe(kb, state, -1, &pos, err, sizeof err);
	float margin = ok && pos.labels && !pos.hex ? 0.8f : 0.2f, gw = 24.0f, gh = 2.0f;
	if (ok)
		bones_kit_grid_extent(&pos, &gw, &gh);
	box[0] = -margin, box[1] = -margin;
	box[2] = gw + 0.2f, box[3] = gh + 0.2f;
	for (int m = 0; ok && m < pos.hands; m++) {
		float x, y, hw, hh;
		if (pos.hand[m].owner != -1)
			continue;
		box[3] += MARKET_ROW;
		if (pos.hand[m].len == 0)
			continue;
		bones_kit_grid_slot(&pos, m, pos.hand[m].len - 1, &x, &y, &hw, &hh);
		box[2] = x + hw + 0.2f > box[2] ? x + hw + 0.2f : box[2];
	}
}

int bones_kit_grid_hand_size(const void *kb, const void *state, int player, int viewer)
{
	bones_kit_grid_position pos;
	char err[8];
	if (!bones_kit_grid_describe(kb, state, viewer, &pos, err, sizeof err))
		return 0;
	int h = bones_kit_grid_hand_of(&pos, player);
	return h >= 0 ? pos.hand[h].len : 0;
}

/* The piece from the mover's hand; the target: the first cell filled (row * width +
 * column) at the middle of the cells filled, else the market piece taken
 * (BONES_KIT_GRID_MAX^2 + market * BONES_KIT_GRID_PIECES + slot) at its middle, else
 * none (a button). */
bones_status bones_kit_grid_move_place(const void *vkb, const void *state, bones_move move,
				       bones_move_place *place)
{
	bones_kit_grid_position pos;
	bones_kit_placement pl;
	char err[8];
	if (!bones_kit_grid_place(vkb, state, move, &pos, &pl, err, sizeof err))
		return BONES_EINVAL;
	*place = (bones_move_place){pl.hand, -1, 0, 0, pl.variant};
	if (pl.cells > 0) {
		float sx = 0, sy = 0;
		for (int i = 0; i < pl.cells; i++) {
			float x, y;
			bones_kit_grid_centre(&pos, pl.cell[i].column, pl.cell[i].row, &x, &y);
			sx += x, sy += y;
		}
		place->target = pl.cell[0].row * pos.width + pl.cell[0].column;
		place->x = sx / (float)pl.cells, place->y = sy / (float)pl.cells;
	} else if (pl.market >= 0) {
		float hw, hh;
		place->target = BONES_KIT_GRID_MAX * BONES_KIT_GRID_MAX +
				pl.market * BONES_KIT_GRID_PIECES + pl.slot;
		bones_kit_grid_slot(&pos, pl.market, pl.slot, &place->x, &place->y, &hw, &hh);
	}
	return BONES_OK;
}

bool bones_kit_board_sound(const bones_kit_board *kb, const void *state, int players,
			   char *err, size_t cap)
{
	bones_kit_grid_position pos;
	if (!kb->grid)
		return true;
	for (int v = -1; v < players; v++)
		if (!bones_kit_grid_describe(kb, state, v, &pos, err, cap))
			return false;
	if (kb->plugin->to_move(kb->game, state) < 0)
		return true;
	bones_move moves[512];
	size_t n = kb->plugin->legal_moves(kb->game, state, moves, NULL, 512);
	for (size_t i = 0; i < n && i < 512; i++) {
		bones_kit_placement pl;
		if (!bones_kit_grid_place(kb, state, moves[i], &pos, &pl, err, cap)) {
			if (cap && !err[0])
				/* TRANSLATORS: the grid kit's place() refused a legal move */
				snprintf(err, cap, _("grid kit: place() refuses legal move %u"),
					 (unsigned)moves[i]);
			return false;
		}
	}
	return true;
}
