/* Geominos drawing through the host canvas ("bones.render/1"): one world unit per
 * square; the board's light and dark squares, the free centre, tiles as joined sections
 * with pips, hand pieces, move targets and ghosts. */
#include "geominos.h"

#include "bones/actions.h"
#include "bones/observation.h"
#include "bones/render.h"
#include "bones/text.h"

#include <stdio.h>
#include <string.h>

#define LIGHT BONES_RGBA(0xE6, 0xCF, 0x9E, 0xFF)
#define DARK BONES_RGBA(0x7B, 0x4F, 0x2C, 0xFF)
#define FREE_EDGE BONES_RGBA(0xC8, 0x3C, 0x32, 0xFF)
#define TILE BONES_RGBA(0xF7, 0xF3, 0xE8, 0xFF)
#define SMALL_SECTION 0.21f /* a hand piece 5 squares or more across: sides of 1/5 */
#define GHOST_ALPHA 0xE0u /* opaque enough that its pips read on dark squares */
#define COST BONES_RGBA(0xC0, 0x28, 0x28, 0xFF)
#define FREE_COST BONES_RGBA(0x2E, 0x8B, 0x3E, 0xFF)
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
	if (side < SMALL_SECTION && pips > 0) { /* dots too small to count: the number */
		char digit[2] = {(char)('0' + pips), '\0'};
		c->text(c->user, x + side / 2, y + side / 2, side * 0.9f, INK, BONES_ALIGN_CENTER,
			digit);
	} else {
		c->pips(c->user, x + side / 2, y + side / 2, side * 0.8f, pips, INK);
	}
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

/* A placed tile's face: tinted with its owner's colour, plain for the centre tile. */
static bones_color tile_fill(const geo_state *s, int tile)
{
	int owner = s->owner[tile];
	return owner ? bones_color_tint(bones_player_color(owner - 1), 0.7f) : TILE;
}

/* The outline of the tile's squares, clockwise from the top edge of its first square;
 * returns the points (0 if it cannot be traced). */
static int tile_outline(const geo_state *s, int tile, float *xy, int cap)
{
	int edges[4 * GEO_MAX_SECTIONS][4], n = 0;
	for (int i = 0; i < GEO_CELLS && n + 4 <= 4 * GEO_MAX_SECTIONS; i++) {
		int x = i % GEO_N, y = i / GEO_N;
		if (s->cell[i] == GEO_EMPTY || s->cell[i] >> 3 != tile)
			continue;
		const int e[4][4] = {{x, y, x + 1, y}, {x + 1, y, x + 1, y + 1},
				     {x + 1, y + 1, x, y + 1}, {x, y + 1, x, y}};
		const int nx[4] = {x, x + 1, x, x - 1}, ny[4] = {y - 1, y, y + 1, y};
		for (int k = 0; k < 4; k++)
			if (!same_tile(s, nx[k], ny[k], tile))
				memcpy(edges[n++], e[k], sizeof e[k]);
	}
	int points = 0, at = 0;
	bool used[4 * GEO_MAX_SECTIONS] = {false};
	while (n > 0 && points < cap && !used[at]) {
		used[at] = true;
		xy[2 * points] = (float)edges[at][0];
		xy[2 * points + 1] = (float)edges[at][1];
		points++;
		int next = -1;
		for (int j = 0; j < n && next < 0; j++)
			if (!used[j] && edges[j][0] == edges[at][2] && edges[j][1] == edges[at][3])
				next = j;
		if (next < 0)
			break;
		at = next;
	}
	return points;
}

/* The last tile: the house highlight along its outline, its pips again on top. */
static void draw_last(const geo_state *s, const bones_canvas *c)
{
	float xy[2 * 4 * GEO_MAX_SECTIONS];
	int n = tile_outline(s, s->last_tile, xy, 4 * GEO_MAX_SECTIONS);
	if (n < 4)
		return;
	c->mark(c->user, xy, n, BONES_MARK_LAST);
	for (int i = 0; i < GEO_CELLS; i++)
		if (s->cell[i] != GEO_EMPTY && s->cell[i] >> 3 == s->last_tile)
			c->pips(c->user, (float)(i % GEO_N) + 0.5f, (float)(i / GEO_N) + 0.5f, 0.8f,
				s->cell[i] & 7, INK);
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
		section(c, (float)x, (float)y, 1, v & 7, join, tile_fill(s, t));
	}
	draw_free_outline(g, c);
	if (s->last_kind != GEO_LAST_NONE && s->last_tile < GEO_MAX_TILES)
		draw_last(s, c);
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
		    side, bones_color_tint(bones_player_color(player), 0.7f), c);
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

/* The ghost: the tile nearly opaque in the mover's tint, and its cost in a badge at
 * the top right: red with a minus (points are bad in this game), green "0" when free. */
static void draw_ghost(const void *game, const void *state, bones_move move,
		       const bones_canvas *c)
{
	const geo_game *g = game;
	const geo_state *s = state;
	if (!geo_move_is_place(move))
		return;
	int t = geo_move_tile(move), oi = geo_move_orient(move);
	int x = geo_move_x(move), y = geo_move_y(move);
	if (t >= g->tile_count || oi >= g->tiles[t].orient_count)
		return;
	const geo_orient *o = &g->tiles[t].orient[oi];
	bones_color fill = bones_color_tint(bones_player_color(s->current), 0.75f);
	draw_orient(o, (float)x, (float)y, 1, (fill & ~0xFFu) | GHOST_ALPHA, c);
	int top = 0, right = 0;
	for (int k = 0; k < o->count; k++)
		if (o->dy[k] == 0 && o->dx[k] >= right)
			right = o->dx[k];
	int points = geo_placement_points(g, t, oi, x, y);
	char text[16];
	snprintf(text, sizeof text, points ? "\xe2\x88\x92%d" : "0", points); /* U+2212 minus */
	float bx = (float)(x + right) + 1.0f, by = (float)(y + top);
	bones_color ink = points ? COST : FREE_COST;
	c->circle(c->user, bx, by, 0.45f, BONES_RGBA(255, 255, 255, 240), ink, 0.06f);
	c->text(c->user, bx, by, 0.5f, ink, BONES_ALIGN_CENTER, text);
}

/* A drawn tile in words: the centre tile, a deal, a refill, the one-tile draw. */
static bool describe_chance(const void *game, const void *state, bones_move m, char *buf,
			    size_t cap)
{
	const geo_game *g = game;
	const geo_state *s = state;
	int tile = (int)(m & 31u);
	if ((m & ~31u) != GEO_MOVE_DRAW || s->phase == GEO_PH_PLAY || s->phase == GEO_PH_OVER ||
	    tile >= g->tile_count)
		return false;
	const char *name = geo_tile_words(g, tile);
	if (s->phase == GEO_PH_CENTRE)
		snprintf(buf, cap, TR(g, "%s starts the board"), name);
	else if (s->phase == GEO_PH_DEAL)
		snprintf(buf, cap, TR(g, "%s is dealt to player %d"), name, s->current + 1);
	else
		snprintf(buf, cap, TR(g, "player %d draws %s"), s->current + 1, name);
	return true;
}

/* The button of a pass, the one move off the board. */
static bool move_label(const void *game, const void *state, bones_move m, char *buf,
		       size_t cap)
{
	(void)state;
	if (m != GEO_MOVE_PASS)
		return false;
	snprintf(buf, cap, "%s", TR((const geo_game *)game, "Pass"));
	return true;
}

/* Where a placed tile lies from a placed tile it touches, as the picture shows it. */
static const char *const beside[4] = {
	/* TRANSLATORS: the tile placed, then a placed tile it touches */
	N_("places %s to the right of %s"), N_("places %s below %s"),
	N_("places %s to the left of %s"), N_("places %s above %s"),
};

/* The first placed tile a placement touches, a section of equal pips (the match the
 * rules ask for) before any other, and the placement's side of it (beside's index);
 * false where it touches none. */
static bool touching(const geo_state *s, const geo_orient *o, int x, int y, int *tile,
		     int *side)
{
	static const int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
	for (int pass = 0; pass < 2; pass++)
		for (int k = 0; k < o->count; k++)
			for (int j = 0; j < 4; j++) {
				int cx = x + o->dx[k] + dx[j], cy = y + o->dy[k] + dy[j];
				if (cx < 0 || cy < 0 || cx >= GEO_N || cy >= GEO_N)
					continue;
				uint8_t c = s->cell[cy * GEO_N + cx];
				if (c == GEO_EMPTY || (!pass && (c & 7) != o->pips[k]))
					continue;
				*tile = c >> 3;
				*side = (j + 2) % 4;
				return true;
			}
	return false;
}

/* A player's move in words, after the mover's name: the tile, the placed tile it lies
 * beside and on which side (the picture shows no coordinates), the side shown and the
 * quarter turns. */
static bool move_words(const void *game, const void *state, bones_move m, char *buf,
		       size_t cap)
{
	const geo_game *g = game;
	const geo_state *s = state;
	char text[BONES_MOVE_TEXT_MAX];
	if (s->phase != GEO_PH_PLAY || !geo_format_move(game, state, m, text, sizeof text))
		return false;
	if (m == GEO_MOVE_PASS) {
		snprintf(buf, cap, "%s", TR(g, "passes"));
		return true;
	}
	int t = geo_move_tile(m), near = 0, side = 0, n;
	const geo_orient *o = &g->tiles[t].orient[geo_move_orient(m)];
	if (touching(s, o, geo_move_x(m), geo_move_y(m), &near, &side))
		n = snprintf(buf, cap, TR(g, beside[side]), geo_tile_words(g, t),
			     geo_tile_words(g, near));
	else /* never on a legal move: it touches the tile the board started with */
		n = snprintf(buf, cap, TR(g, "places %s"), geo_tile_words(g, t));
	if (o->side && n >= 0 && (size_t)n < cap)
		/* TRANSLATORS: after the place: the tile lies with its side b up */
		n += snprintf(buf + n, cap - (size_t)n, "%s", TR(g, ", flipped"));
	if (o->rot && n >= 0 && (size_t)n < cap)
		/* TRANSLATORS: after the place: the tile's quarter turns clockwise (1-3) */
		snprintf(buf + n, cap - (size_t)n, TR(g, ", turned %d"), o->rot);
	return true;
}

/* The full rules for the help, paragraph by paragraph (render.h rules_text). */
static const char *const rules[] = {
	N_("Goal: place your tiles with as few pips as possible on light squares. The fewest "
	   "points win."),
	N_("The tiles: 21 two-sided tiles of 5 to 9 square sections with 0 to 6 pips on each "
	   "section, on a board of 21 x 21 light and dark squares. A drawn tile starts the "
	   "game on the middle square."),
	N_("The deal: the other tiles are shared out evenly: all at once (All-Tile), five "
	   "each and one more after each placement (Five-Tile), or one whenever your hand is "
	   "empty (One-Tile)."),
	N_("Your turn: place a tile of your hand, either side up and turned any way, on "
	   "empty squares, with at least one section next to a placed section (not "
	   "diagonally) with the same number of pips. Other neighbours may differ."),
	N_("Points: each pip of your tile on a light square costs a point, except on the "
	   "free centre area around the middle square. Pips on dark squares cost nothing."),
	N_("Blocked: when none of your tiles fits anywhere, you pass and pay a penalty (5 "
	   "points unless the table says otherwise); your tiles stay in your hand."),
	N_("The end: when every dealt tile is placed, or when nobody can place a tile. The "
	   "fewest points win; equal points share the rank."),
	N_("The options and variants of a table may change some of these rules; the start "
	   "screen lists them."),
	NULL,
};

static bool rules_text(const void *game, char *buf, size_t cap)
{
	const geo_game *g = game;
	return bones_translate_paragraphs(g->host, GEO_TEXT_DOMAIN, rules, buf, cap) > 0;
}

/* render.h end_text: whether every dealt tile was placed or nobody could place one,
 * then each player's points and the tiles left in their hand. */
static bool end_text(const void *game, const void *state, char *buf, size_t cap)
{
	const geo_game *g = game;
	const geo_state *s = state;
	if (geo_to_move(g, s) != BONES_TERMINAL || !cap)
		return false;
	bones_text o = {buf, cap, 0};
	bool all_placed = true;
	for (int p = 0; p < g->players; p++)
		all_placed &= !s->hand[p];
	bones_text_printf(&o, "%s", all_placed ? TR(g, "every dealt tile is placed")
					       : TR(g, "nobody can place a tile"));
	for (int p = 0; p < g->players; p++) {
		int left = __builtin_popcount(s->hand[p]);
		bones_text_printf(&o, "\n");
		/* TRANSLATORS: the score sheet: player, points (pips on light squares and
		 * penalties), tiles still in hand */
		bones_text_printf(&o, TRN(g, "player %d: %d points, %d tile left in hand",
					  "player %d: %d points, %d tiles left in hand", left),
				  p + 1, (int)s->score[p], left);
	}
	return true;
}

static const bones_render render = {
	.size = sizeof(bones_render),
	.board_bounds = board_bounds,
	.draw_board = draw_board,
	.hand_size = hand_size,
	.draw_piece = draw_piece,
	.move_place = move_place,
	.draw_ghost = draw_ghost,
	.describe_chance = describe_chance,
	.move_label = move_label,
	.move_words = move_words,
	.rules_text = rules_text,
	.end_text = end_text,
};

const void *geo_get_extension(const void *game, const char *id)
{
	(void)game;
	if (strcmp(id, BONES_OBSERVATION_ID) == 0)
		return geo_observation_ext();
	if (strcmp(id, BONES_ACTIONS_ID) == 0)
		return geo_actions_ext();
	return strcmp(id, BONES_RENDER_ID) == 0 ? &render : NULL;
}
