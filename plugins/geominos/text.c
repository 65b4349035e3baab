/* Geominos text: move notation (NAME/SIDE/ROT@X,Y, draw:NAME for a card drawn, "pass")
 * and the board as text for terminal UIs. */
#include "geominos.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "bones/text.h"

int geo_find_tile(const geo_game *g, const char *name, size_t len)
{
	for (int t = 0; t < g->tile_count; t++)
		if (strlen(g->tiles[t].name) == len && strncasecmp(g->tiles[t].name, name, len) == 0)
			return t;
	return -1;
}

/* The length snprintf wrote, or 0 when it failed or did not fit. */
static size_t put(size_t cap, int n)
{
	if (n < 0 || cap == 0)
		return 0;
	return (size_t)n < cap ? (size_t)n : 0;
}

size_t geo_format_move(const void *game, const void *state, bones_move move, char *buf,
		       size_t cap)
{
	const geo_game *g = game;
	const geo_state *s = state;
	if (s->phase == GEO_PH_OVER)
		return 0;
	if (s->phase != GEO_PH_PLAY) {
		int t = (int)(move & 31u);
		if ((move & ~31u) != GEO_MOVE_DRAW || t >= g->tile_count || !(s->deck >> t & 1u))
			return 0;
		return put(cap, snprintf(buf, cap, "draw:%s", g->tiles[t].name));
	}
	if (move == GEO_MOVE_PASS)
		return s->blocked ? put(cap, snprintf(buf, cap, "pass")) : 0;
	int t = geo_move_tile(move), oi = geo_move_orient(move);
	int x = geo_move_x(move), y = geo_move_y(move);
	if (!geo_move_is_place(move) || s->blocked || !(s->hand[s->current] >> t & 1u) ||
	    !geo_placement_legal(g, s, t, oi, x, y))
		return 0;
	const geo_orient *o = &g->tiles[t].orient[oi];
	return put(cap, snprintf(buf, cap, "%s/%c/%d@%d,%d", g->tiles[t].name,
				      "ab"[o->side], o->rot, x + 1, y + 1));
}

/* Read a decimal number of 1-2 digits at *p. */
static bool read_int(const char **p, int *out)
{
	int n = 0, v = 0;
	while (isdigit((unsigned char)**p) && n < 3) {
		v = v * 10 + (**p - '0');
		(*p)++;
		n++;
	}
	*out = v;
	return n > 0 && n < 3;
}

static bones_status parse_place(const geo_game *g, const geo_state *s, const char *text,
				bones_move *move)
{
	const char *slash = strchr(text, '/');
	if (!slash)
		return BONES_EPARSE;
	int t = geo_find_tile(g, text, (size_t)(slash - text));
	const char *p = slash + 1;
	char side = (char)tolower((unsigned char)*p);
	if (t < 0 || (side != 'a' && side != 'b') || p[1] != '/')
		return BONES_EPARSE;
	p += 2;
	int rot, x, y;
	if (!read_int(&p, &rot) || rot > 3 || *p++ != '@' || !read_int(&p, &x) ||
	    *p++ != ',' || !read_int(&p, &y) || *p)
		return BONES_EPARSE;
	if (s->phase != GEO_PH_PLAY || x < 1 || x > GEO_N || y < 1 || y > GEO_N)
		return BONES_EILLEGAL;
	int oi = g->tiles[t].orient_of[side - 'a'][rot];
	if (s->blocked || !(s->hand[s->current] >> t & 1u) ||
	    !geo_placement_legal(g, s, t, oi, x - 1, y - 1))
		return BONES_EILLEGAL;
	*move = geo_move_place(t, oi, x - 1, y - 1);
	return BONES_OK;
}

bones_status geo_parse_move(const void *game, const void *state, const char *text,
			    bones_move *move)
{
	const geo_game *g = game;
	const geo_state *s = state;
	if (strchr(text, '/'))
		return parse_place(g, s, text, move);
	if (strcasecmp(text, "pass") == 0) {
		if (s->phase != GEO_PH_PLAY || !s->blocked)
			return BONES_EILLEGAL;
		*move = GEO_MOVE_PASS;
		return BONES_OK;
	}
	if (strncasecmp(text, "draw:", 5) == 0)
		text += 5; /* a card drawn; the bare tile name is accepted too */
	int t = geo_find_tile(g, text, strlen(text));
	if (t < 0)
		return BONES_EPARSE;
	if (s->phase == GEO_PH_PLAY || s->phase == GEO_PH_OVER || !(s->deck >> t & 1u))
		return BONES_EILLEGAL;
	*move = GEO_MOVE_DRAW | (bones_move)t;
	return BONES_OK;
}

/* ---- Terminal rendering ----------------------------------------------------------- */

/* A tile's letter on the board: A..Z then a..f, by its place in the tile set. */
static char tile_letter(int t)
{
	return (char)(t < 26 ? 'A' + t : 'a' + t - 26);
}

/* The anchor squares of the player to move's placements: the spots the terminal UI
 * letters (bones/choices.h: a move's target is its anchor), whatever the tile. */
static int spot_squares(const geo_game *g, const geo_state *s, bool spot[GEO_CELLS])
{
	bones_move moves[GEO_MAX_ORIENT * GEO_CELLS];
	int n = 0;
	memset(spot, 0, GEO_CELLS * sizeof *spot);
	if (s->phase != GEO_PH_PLAY || s->blocked)
		return 0;
	for (uint32_t h = s->hand[s->current]; h; h &= h - 1) {
		size_t k = geo_generate(g, s, h & -h, moves, sizeof moves / sizeof *moves);
		for (size_t i = 0; i < k; i++) {
			int at = geo_move_y(moves[i]) * GEO_N + geo_move_x(moves[i]);
			n += !spot[at];
			spot[at] = true;
		}
	}
	return n;
}

/* Spot letters as the terminal UI types them (frontends/tty/tty_moves.c): a..z, then
 * aa, ab, ..., zz. */
static void spot_letters(int k, char buf[3])
{
	if (k >= 26 * 27)
		k = 26 * 27 - 1;
	buf[0] = (char)(k < 26 ? 'a' + k : 'a' + k / 26 - 1);
	buf[1] = (char)(k < 26 ? 0 : 'a' + k % 26);
	buf[2] = '\0';
}

static void render_board(const geo_game *g, const geo_state *s, bones_text *o)
{
	bool spot[GEO_CELLS];
	int spots = spot_squares(g, s, spot), lettered = 0;
	bones_text_printf(o, "   ");
	for (int x = 0; x < GEO_N; x++)
		bones_text_printf(o, "%3d", x + 1);
	bones_text_printf(o, "\n");
	for (int y = 0; y < GEO_N; y++) {
		bones_text_printf(o, "%3d", y + 1);
		for (int x = 0; x < GEO_N; x++) {
			int i = y * GEO_N + x, c = s->cell[i];
			char letters[3];
			if (c != GEO_EMPTY) {
				bones_text_printf(o, " %c%d", tile_letter(c >> 3), c & 7);
			} else if (spot[i]) { /* in reading order, as the spots are lettered */
				spot_letters(lettered++, letters);
				bones_text_printf(o, "%3s", letters);
			} else
				bones_text_printf(o, "  %c", g->free_area[i] ? (g->light[i] ? '+' : '=')
							   : (g->light[i] ? '.' : '#'));
		}
		bones_text_printf(o, "\n");
	}
	/* TRANSLATORS: the board's legend, two lines: keep the symbols . # + = */
	bones_text_printf(o, "%s\n", TR(g, "squares: . light (pips cost points)  # dark  + free light  "
					  "= free dark\n         a placed section is its tile's letter "
					  "and pips"));
	if (spots)
		bones_text_printf(o, "%s\n", TR(g, "         a, b, ...: the spots where a tile "
						  "in hand fits (letters to type)"));
}

/* Row r of an orientation as text: pips or '.', width columns. */
static void orient_row(const geo_orient *o, int r, char *row, int width)
{
	memset(row, '.', (size_t)width);
	row[width] = '\0';
	for (int k = 0; k < o->count; k++)
		if (o->dy[k] == r)
			row[o->dx[k] - o->minx] = (char)('0' + o->pips[k]);
}

/* The tiles in a hand, side a | side b (rotation 0) under each name, in bands of blocks
 * no wider than a terminal. */
static void render_hand(const geo_game *g, const geo_state *s, int player, bones_text *o)
{
	int tiles[GEO_MAX_TILES], n = 0;
	for (uint32_t h = s->hand[player]; h; h &= h - 1)
		tiles[n++] = __builtin_ctz(h);
	for (int first = 0; first < n;) {
		int last = first, width = 0, height = 0;
		if (first > 0)
			bones_text_printf(o, "\n"); /* each row of tiles a block of its own */
		for (; last < n; last++) {
			const geo_tile *t = &g->tiles[tiles[last]];
			const geo_orient *a = &t->orient[t->orient_of[0][0]];
			int w = 2 * (a->maxx - a->minx + 1) + 3;
			int nl = (int)strlen(t->name);
			if (last > first && width + (w > nl ? w : nl) + 3 > 78)
				break;
			width += (w > nl ? w : nl) + 3;
			height = a->height > height ? a->height : height;
		}
		for (int line = -1; line < height; line++) {
			bones_text_printf(o, "  ");
			for (int i = first; i < last; i++) {
				const geo_tile *t = &g->tiles[tiles[i]];
				const geo_orient *a = &t->orient[t->orient_of[0][0]];
				const geo_orient *b = &t->orient[t->orient_of[1][0]];
				int wa = a->maxx - a->minx + 1, w = 2 * wa + 3;
				int nl = (int)strlen(t->name), cell = (w > nl ? w : nl) + 3;
				char ra[GEO_N + 1], rb[GEO_N + 1];
				if (line < 0) {
					bones_text_printf(o, "%-*s", cell, t->name);
					continue;
				}
				if (line < a->height) {
					orient_row(a, line, ra, wa);
					orient_row(b, line, rb, wa);
					bones_text_printf(o, "%s | %s%*s", ra, rb, cell - w, "");
				} else {
					bones_text_printf(o, "%*s", cell, "");
				}
			}
			bones_text_printf(o, "\n");
		}
		first = last;
	}
}

size_t geo_render_text(const void *game, const void *state, int viewer, char *buf,
		       size_t cap)
{
	const geo_game *g = game;
	const geo_state *s = state;
	bones_text o = {buf, cap, 0};
	(void)viewer; /* hands are open information */
	if (cap == 0)
		return 0;
	buf[0] = '\0';
	render_board(g, s, &o);
	bones_text_printf(&o, "\n"); /* blank lines part the blocks (a terminal pages there) */
	for (int p = 0; p < g->players; p++) {
		bool turn = s->phase == GEO_PH_PLAY && s->current == p;
		char head[64];
		size_t col = (size_t)snprintf(head, sizeof head, "%s ", turn ? ">" : " ");
		col += (size_t)snprintf(head + col, sizeof head - col,
					TR(g, "player %d: %d points; hand:"), p + 1, s->score[p]);
		bones_text_printf(&o, "%s", head);
		for (uint32_t h = s->hand[p]; h; h &= h - 1) { /* within 78 columns */
			const char *name = g->tiles[__builtin_ctz(h)].name;
			if (col + 1 + strlen(name) > 78) {
				bones_text_printf(&o, "\n   ");
				col = 3;
			}
			bones_text_printf(&o, " %s", name);
			col += 1 + strlen(name);
		}
		if (!s->hand[p])
			bones_text_printf(&o, " %s", TR(g, "(empty)"));
		bones_text_printf(&o, "\n");
	}
	bones_text_printf(&o, TR(g, "cards left: %d"), __builtin_popcount(s->deck));
	if (s->last_kind == GEO_LAST_CENTRE) {
		bones_text_printf(&o, "; ");
		bones_text_printf(&o, TR(g, "last tile: %s (%c)"), g->tiles[s->last_tile].name,
				  tile_letter(s->last_tile));
	} else if (s->last_kind == GEO_LAST_PLACE) {
		bones_text_printf(&o, "; ");
		bones_text_printf(&o, TR(g, "last tile: %s (%c) by player %d, %d points"),
				  g->tiles[s->last_tile].name, tile_letter(s->last_tile),
				  s->last_player + 1, s->last_points);
	} else if (s->last_kind == GEO_LAST_PASS) {
		bones_text_printf(&o, " ");
		/* TRANSLATORS: after "cards left: N", when the last player passed */
		bones_text_printf(&o, TR(g, "by player %d, %d points"), s->last_player + 1,
				  s->last_points);
	}
	bones_text_printf(&o, "\n");
	if (s->phase == GEO_PH_OVER)
		bones_text_printf(&o, "%s\n", TR(g, "game over"));
	else if (s->phase == GEO_PH_PLAY && s->blocked)
		bones_text_printf(&o, TR(g, "player %d cannot place a tile: pass (%d points)"),
				  s->current + 1, g->penalty);
	if (s->phase == GEO_PH_PLAY && s->blocked)
		bones_text_printf(&o, "\n");
	else if (s->phase == GEO_PH_PLAY) {
		bones_text_printf(&o, "\n");
		/* TRANSLATORS: NAME/SIDE/ROT@X,Y is the notation: keep it, and "a" and "b" */
		bones_text_printf(&o, TR(g, "player %d to move: NAME/SIDE/ROT@X,Y (anchor = top-left "
					    "section,\nROT = quarter turns clockwise); tiles in "
					    "hand, side a | side b:"),
				  s->current + 1);
		bones_text_printf(&o, "\n");
		render_hand(g, s, s->current, &o);
	}
	return o.len;
}
