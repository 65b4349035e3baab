/* Geominos drawing through the host canvas ("bones.render/1"): one world unit per
 * square; the board's light and dark squares, the free centre, tiles as joined sections
 * with pips, hand pieces, move targets and ghosts. */
#include "geominos.h"

#include "bones/render.h"

#include <string.h>

#define LIGHT BONES_RGBA(0xE6, 0xCF, 0x9E, 0xFF)
#define DARK BONES_RGBA(0x7B, 0x4F, 0x2C, 0xFF)
#define FREE_EDGE BONES_RGBA(0xC8, 0x3C, 0x32, 0xFF)
#define TILE BONES_RGBA(0xF7, 0xF3, 0xE8, 0xFF)
#define GHOST BONES_RGBA(0xF7, 0xF3, 0xE8, 0x90)
#define INK BONES_RGBA(0x20, 0x20, 0x20, 0xFF)
#define SEAM BONES_RGBA(0xB0, 0xA8, 0x98, 0xFF)

static void square(float x, float y, float side, float *xy)
{
	const float pts[8] = {x, y, x + side, y, x + side, y + side, x, y + side};
	memcpy(xy, pts, sizeof pts);
}

/* One section of a tile at (x, y) of side `side`; edges towards the same tile are thin
 * seams, the outline is bold, so a tile reads as one piece. join: left, right, up, down. */
static void section(const bones_canvas *c, float x, float y, float side, int pips,
		    const bool join[4], bones_color fill)
{
	float xy[8];
	square(x, y, side, xy);
	c->polygon(c->user, xy, 4, fill, BONES_NONE, 0);
	c->pips(c->user, x + side / 2, y + side / 2, side * 0.8f, pips, INK);
	const float ends[4][4] = {{x, y, x, y + side}, {x + side, y, x + side, y + side},
				  {x, y, x + side, y}, {x, y + side, x + side, y + side}};
	for (int k = 0; k < 4; k++)
		c->line(c->user, ends[k][0], ends[k][1], ends[k][2], ends[k][3],
			join[k] ? SEAM : INK, join[k] ? side * 0.02f : side * 0.08f);
}

static void board_bounds(const void *game, const void *state, float box[4])
{
	(void)game;
	(void)state;
	box[0] = box[1] = 0;
	box[2] = box[3] = GEO_N;
}

static bool same_tile(const geo_state *s, int x, int y, int tile)
{
	if (x < 0 || y < 0 || x >= GEO_N || y >= GEO_N)
		return false;
	int c = s->cell[y * GEO_N + x];
	return c != GEO_EMPTY && c >> 3 == tile;
}

static void draw_squares(const geo_game *g, const bones_canvas *c)
{
	float xy[8];
	for (int i = 0; i < GEO_CELLS; i++) {
		square((float)(i % GEO_N), (float)(i / GEO_N), 1, xy);
		c->polygon(c->user, xy, 4, g->light[i] ? LIGHT : DARK, BONES_NONE, 0);
	}
}

/* The free area's outline, over the tiles: edges between a free and a non-free square. */
static void draw_free_outline(const geo_game *g, const bones_canvas *c)
{
	for (int i = 0; i < GEO_CELLS; i++) {
		if (!g->free_area[i])
			continue;
		int x = i % GEO_N, y = i / GEO_N;
		float fx = (float)x, fy = (float)y;
		if (x == 0 || !g->free_area[i - 1])
			c->line(c->user, fx, fy, fx, fy + 1, FREE_EDGE, 0.12f);
		if (x == GEO_N - 1 || !g->free_area[i + 1])
			c->line(c->user, fx + 1, fy, fx + 1, fy + 1, FREE_EDGE, 0.12f);
		if (y == 0 || !g->free_area[i - GEO_N])
			c->line(c->user, fx, fy, fx + 1, fy, FREE_EDGE, 0.12f);
		if (y == GEO_N - 1 || !g->free_area[i + GEO_N])
			c->line(c->user, fx, fy + 1, fx + 1, fy + 1, FREE_EDGE, 0.12f);
	}
}

static void draw_board(const void *game, const void *state, int viewer,
		       const bones_canvas *c)
{
	const geo_game *g = game;
	const geo_state *s = state;
	(void)viewer;
	draw_squares(g, c);
	for (int i = 0; i < GEO_CELLS; i++) {
		int v = s->cell[i];
		if (v == GEO_EMPTY)
			continue;
		int x = i % GEO_N, y = i / GEO_N, t = v >> 3;
		bool join[4] = {same_tile(s, x - 1, y, t), same_tile(s, x + 1, y, t),
				same_tile(s, x, y - 1, t), same_tile(s, x, y + 1, t)};
		section(c, (float)x, (float)y, 1, v & 7, join, TILE);
		if (s->last_kind != GEO_LAST_NONE && t == s->last_tile) {
			float xy[8];
			square((float)x, (float)y, 1, xy);
			c->mark(c->user, xy, 4, BONES_MARK_LAST);
		}
	}
	draw_free_outline(g, c);
}

static int hand_size(const void *game, const void *state, int player, int viewer)
{
	const geo_state *s = state;
	(void)game;
	(void)viewer;
	return player >= 0 && player < GEO_MAX_PLAYERS ? __builtin_popcount(s->hand[player]) : 0;
}

/* Draw orientation o with anchor at (x0, y0) in squares of `side`. */
static void draw_orient(const geo_orient *o, float x0, float y0, float side,
			bones_color fill, const bones_canvas *c)
{
	for (int k = 0; k < o->count; k++) {
		bool join[4] = {false, false, false, false};
		for (int j = 0; j < o->count; j++) {
			int ddx = o->dx[j] - o->dx[k], ddy = o->dy[j] - o->dy[k];
			join[0] |= ddx == -1 && ddy == 0;
			join[1] |= ddx == 1 && ddy == 0;
			join[2] |= ddx == 0 && ddy == -1;
			join[3] |= ddx == 0 && ddy == 1;
		}
		section(c, x0 + o->dx[k] * side, y0 + o->dy[k] * side, side, o->pips[k], join, fill);
	}
}

static void draw_piece(const void *game, const void *state, int player, int piece,
		       int viewer, const bones_canvas *c)
{
	const geo_game *g = game;
	const geo_state *s = state;
	(void)viewer; /* hands are open information */
	if (player < 0 || player >= g->players)
		return;
	int t = geo_hand_tile(s, player, piece);
	if (t < 0)
		return;
	const geo_orient *o = &g->tiles[t].orient[0];
	int w = o->maxx - o->minx + 1, h = o->height, big = w > h ? w : h;
	float side = 1.0f / (float)big;
	draw_orient(o, -0.5f * (float)w * side - (float)o->minx * side, -0.5f * (float)h * side,
		    side, TILE, c);
}

static bones_status move_place(const void *game, const void *state, bones_move move,
			       bones_move_place *place)
{
	const geo_game *g = game;
	const geo_state *s = state;
	if (s->phase != GEO_PH_PLAY)
		return BONES_EINVAL;
	if (move == GEO_MOVE_PASS) {
		if (!s->blocked)
			return BONES_EINVAL;
		place->piece = place->target = -1;
		place->x = place->y = 0;
		place->variant = 0;
		return BONES_OK;
	}
	int t = geo_move_tile(move), oi = geo_move_orient(move);
	int x = geo_move_x(move), y = geo_move_y(move);
	if (!geo_move_is_place(move) || s->blocked || !(s->hand[s->current] >> t & 1u) ||
	    !geo_placement_legal(g, s, t, oi, x, y))
		return BONES_EINVAL;
	place->piece = geo_hand_index(s, s->current, t);
	place->target = y * GEO_N + x; /* the anchor square: the tile's top-left section */
	place->x = (float)x + 0.5f;
	place->y = (float)y + 0.5f;
	place->variant = oi;
	return BONES_OK;
}

static void draw_ghost(const void *game, const void *state, bones_move move,
		       const bones_canvas *c)
{
	const geo_game *g = game;
	(void)state;
	if (!geo_move_is_place(move))
		return;
	int t = geo_move_tile(move), oi = geo_move_orient(move);
	if (t >= g->tile_count || oi >= g->tiles[t].orient_count)
		return;
	draw_orient(&g->tiles[t].orient[oi], (float)geo_move_x(move), (float)geo_move_y(move),
		    1, GHOST, c);
}

static const bones_render render = {
	.size = sizeof(bones_render),
	.board_bounds = board_bounds,
	.draw_board = draw_board,
	.hand_size = hand_size,
	.draw_piece = draw_piece,
	.move_place = move_place,
	.draw_ghost = draw_ghost,
};

const void *geo_get_extension(const void *game, const char *id)
{
	(void)game;
	return strcmp(id, BONES_RENDER_ID) == 0 ? &render : NULL;
}
