/* The grid kit's pictures: the cells (empty, blocked, domino halves joined in pairs,
 * tiles outlined around their cells), the labels along the edges, the markets under the
 * grid, the hand pieces face up or down, a move's ghost; a wrong description is drawn
 * as its message, so the author sees what to fix. */
#include <stdio.h>

#include "bones/i18n.h"
#include "kit_internal.h"

static const bones_color IVORY = BONES_RGBA(250, 246, 232, 255);
static const bones_color INK = BONES_RGBA(30, 30, 30, 255);
static const bones_color BACK = BONES_RGBA(40, 90, 60, 255);
static const bones_color FLOOR = BONES_RGBA(236, 228, 208, 255);
static const bones_color WALL = BONES_RGBA(110, 100, 90, 255);
static const bones_color SOFT = BONES_RGBA(90, 80, 70, 255);

static bones_color faded(bones_color c, uint32_t alpha)
{
	return (c & ~0xffu) | alpha;
}

static void rect(const bones_canvas *c, float x, float y, float w, float h, bones_color fill,
		 bones_color stroke, float width)
{
	const float xy[8] = {x, y, x + w, y, x + w, y + h, x, y + h};
	c->polygon(c->user, xy, 4, fill, stroke, width);
}

/* Whether the cell beside (x, y) on side s belongs to the same piece. */
static bool same_piece(const bones_kit_grid_position *pos, int x, int y, int s)
{
	const bones_kit_cell *c = &pos->cell[y][x];
	int nx, ny;
	if (c->kind == BONES_KIT_HALF)
		return c->join == s;
	if (!bones_kit_grid_step(pos, x, y, s, &nx, &ny))
		return false;
	const bones_kit_cell *o = &pos->cell[ny][nx];
	return c->kind == BONES_KIT_TILE && o->kind == BONES_KIT_TILE && o->tile == c->tile;
}

/* Cell (x, y) of pos: its fill and pips (drawn before any cell's edges, so that no
 * fill covers a neighbour's edge). */
static void fill_cell(const bones_canvas *c, const bones_kit_grid_position *pos, int x, int y,
		      uint32_t alpha)
{
	const bones_kit_cell *cell = &pos->cell[y][x];
	float xy[12], cx, cy;
	int n = bones_kit_grid_outline(pos, x, y, xy);
	bones_kit_grid_centre(pos, x, y, &cx, &cy);
	switch (cell->kind) {
	case BONES_KIT_EMPTY:
		c->polygon(c->user, xy, n, faded(FLOOR, alpha), faded(WALL, alpha / 2), 0.02f);
		break;
	case BONES_KIT_BLOCKED:
		c->polygon(c->user, xy, n, faded(WALL, alpha), faded(INK, alpha), 0.02f);
		break;
	case BONES_KIT_HALF: /* stroked in its fill: no seam between a piece's cells */
		c->polygon(c->user, xy, n, faded(IVORY, alpha), faded(IVORY, alpha), 0.03f);
		c->pips(c->user, cx, cy, pos->hex ? 0.7f : 0.8f, cell->pips, faded(INK, alpha));
		break;
	default: {
		bones_color fill = bones_color_tint(bones_player_color(cell->color), 0.35f);
		c->polygon(c->user, xy, n, faded(fill, alpha), faded(fill, alpha), 0.03f);
		break;
	}
	}
}

/* Cell (x, y)'s edges: thick where its piece ends, thin between a domino's halves. */
static void edge_cell(const bones_canvas *c, const bones_kit_grid_position *pos, int x, int y,
		      uint32_t alpha)
{
	const bones_kit_cell *cell = &pos->cell[y][x];
	int n = bones_kit_grid_sides(pos);
	if (cell->kind < BONES_KIT_HALF)
		return;
	for (int s = 1; s <= n; s++) {
		bool joined = same_piece(pos, x, y, s);
		if (joined && cell->kind == BONES_KIT_TILE)
			continue;
		float e[4];
		bones_kit_grid_edge(pos, x, y, s, e);
		if (joined) { /* a domino's middle line stops short */
			float ex = (e[2] - e[0]) * 0.1f, ey = (e[3] - e[1]) * 0.1f;
			e[0] += ex, e[1] += ey, e[2] -= ex, e[3] -= ey;
		}
		c->line(c->user, e[0], e[1], e[2], e[3], faded(INK, alpha), joined ? 0.03f : 0.07f);
	}
}

static void mark_cell(const bones_canvas *c, const bones_kit_grid_position *pos, int x,
		      int y, int mark)
{
	float xy[12];
	int n = bones_kit_grid_outline(pos, x, y, xy);
	if (mark != BONES_KIT_MARK_NONE)
		c->mark(c->user, xy, n, mark == BONES_KIT_MARK_LAST ? BONES_MARK_LAST
								    : BONES_MARK_OPEN);
}

/* A polyomino tile's shape fitted into a side x side box centred on (x, y); a face-down
 * tile is one square back. */
static void tile(const bones_canvas *c, float x, float y, float side, bool face,
		 const bones_kit_piece *p)
{
	if (!face) {
		rect(c, x - side * 0.4f, y - side * 0.4f, side * 0.8f, side * 0.8f, BACK, INK,
		     side / 25);
		return;
	}
	int x0 = 4, y0 = 4, x1 = -1, y1 = -1;
	for (int b = 0; b < 16; b++)
		if (p->shape >> b & 1u) {
			int bx = b % 4, by = b / 4;
			x0 = bx < x0 ? bx : x0, x1 = bx > x1 ? bx : x1;
			y0 = by < y0 ? by : y0, y1 = by > y1 ? by : y1;
		}
	int span = x1 - x0 > y1 - y0 ? x1 - x0 + 1 : y1 - y0 + 1;
	float u = side * 0.9f / (float)span;
	float left = x - u * (float)(x1 - x0 + 1) / 2, top = y - u * (float)(y1 - y0 + 1) / 2;
	bones_color fill = bones_color_tint(bones_player_color(p->color), 0.35f);
	for (int b = 0; b < 16; b++)
		if (p->shape >> b & 1u)
			rect(c, left + u * (float)(b % 4 - x0), top + u * (float)(b / 4 - y0), u, u,
			     fill, INK, u / 12);
}

static void piece(const bones_canvas *c, float x, float y, float u, bool upright, bool face,
		  const bones_kit_piece *p)
{
	if (p->kind == BONES_KIT_POLYOMINO)
		tile(c, x, y, upright ? 2 * u : u, face, p);
	else
		bones_kit_draw_domino(c, x, y, u, upright, face, p->a, p->b, 255);
}

/* The message of a wrong description, in red where the board would be. */
static void draw_fault(const bones_canvas *c, const char *err)
{
	c->text(c->user, 0, 1.0f, 0.35f, BONES_RGBA(200, 30, 30, 255), BONES_ALIGN_LEFT, err);
}

void bones_kit_grid_draw_board(const void *kb, const void *state, int viewer,
			       const bones_canvas *c)
{
	bones_kit_grid_position pos;
	char err[256];
	if (!bones_kit_grid_describe(kb, state, viewer, &pos, err, sizeof err)) {
		draw_fault(c, err);
		return;
	}
	for (int y = 0; y < pos.height; y++)
		for (int x = 0; x < pos.width; x++)
			fill_cell(c, &pos, x, y, 255);
	for (int y = 0; y < pos.height; y++)
		for (int x = 0; x < pos.width; x++)
			edge_cell(c, &pos, x, y, 255);
	for (int y = 0; y < pos.height; y++)
		for (int x = 0; x < pos.width; x++)
			mark_cell(c, &pos, x, y, pos.cell[y][x].mark);
	for (int i = 0; pos.labels && !pos.hex && i < BONES_KIT_GRID_MAX; i++) {
		char text[16];
		if (i < pos.width) {
			snprintf(text, sizeof text, "%c", 'a' + i);
			c->text(c->user, (float)i + 0.5f, -0.4f, 0.4f, SOFT, BONES_ALIGN_CENTER, text);
		}
		if (i < pos.height) {
			snprintf(text, sizeof text, "%d", pos.rows_down ? i + 1 : pos.height - i);
			c->text(c->user, -0.4f, (float)i + 0.5f, 0.4f, SOFT, BONES_ALIGN_CENTER, text);
		}
	}
	for (int m = 0; m < pos.hands; m++) {
		const bones_kit_hand *h = &pos.hand[m];
		for (int i = 0; h->owner == -1 && i < h->len; i++) {
			float x, y, hw, hh;
			bones_kit_grid_slot(&pos, m, i, &x, &y, &hw, &hh);
			piece(c, x, y, 0.9f, false, h->face_up, &h->piece[i]);
		}
	}
}

/* Hand piece `piece` upright in the unit box, face down where the viewer may not see. */
void bones_kit_grid_draw_piece(const void *kb, const void *state, int player, int index,
			       int viewer, const bones_canvas *c)
{
	bones_kit_grid_position pos;
	char err[8];
	if (!bones_kit_grid_describe(kb, state, viewer, &pos, err, sizeof err))
		return;
	int h = bones_kit_grid_hand_of(&pos, player);
	if (h < 0 || index < 0 || index >= pos.hand[h].len)
		return;
	piece(c, 0, 0, 0.5f, true, pos.hand[h].face_up, &pos.hand[h].piece[index]);
}

/* The cells the move fills, faintly, as they would show; a market piece taken is
 * marked. */
void bones_kit_grid_draw_ghost(const void *kb, const void *state, bones_move move,
			       const bones_canvas *c)
{
	bones_kit_grid_position pos;
	bones_kit_placement pl;
	char err[8];
	if (!bones_kit_grid_place(kb, state, move, &pos, &pl, err, sizeof err))
		return;
	for (int i = 0; i < pl.cells; i++)
		pos.cell[pl.cell[i].row][pl.cell[i].column] = pl.cell[i].cell;
	for (int i = 0; i < pl.cells; i++)
		fill_cell(c, &pos, pl.cell[i].column, pl.cell[i].row, 140);
	for (int i = 0; i < pl.cells; i++)
		edge_cell(c, &pos, pl.cell[i].column, pl.cell[i].row, 140);
	if (pl.cells == 0 && pl.market >= 0) {
		float x, y, hw, hh;
		bones_kit_grid_slot(&pos, pl.market, pl.slot, &x, &y, &hw, &hh);
		rect(c, x - hw, y - hh, 2 * hw, 2 * hh, BONES_RGBA(255, 255, 255, 110), INK, 0.05f);
	}
}
