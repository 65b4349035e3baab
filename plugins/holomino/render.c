/* Holomino on the host canvas ("bones.render/1"): bitten hexagons with their digits,
 * closed holes with their value, open and blocked cells, pools, ghosts and move places. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bones/actions.h"
#include "bones/render.h"
#include "bones/text.h"
#include "holomino.h"

#define BITE 0.33f /* bite radius, in circumradii */
#define INK BONES_RGBA(60, 40, 25, 255)
#define IVORY BONES_RGBA(246, 236, 212, 255)
#define HOLE BONES_RGBA(40, 70, 110, 255)

static void cell_centre(int q, int r, float *x, float *y)
{
	bones_hex h = {q, r};
	bones_hex_center(h, x, y);
}

static void hex_outline(float cx, float cy, float scale, float xy[12])
{
	for (int i = 0; i < 6; i++) {
		float dx, dy;
		bones_hex_corner_offset(i, &dx, &dy);
		xy[2 * i] = cx + scale * dx;
		xy[2 * i + 1] = cy + scale * dy;
	}
}

#define BITE_STEPS 8 /* segments of one bite's arc */
#define OUTLINE_MAX (3 * (BITE_STEPS + 1) + 3)

/* A tile's outline: the hexagon with concave bites at c0, c2, c4; returns the points. */
static int tile_outline(float cx, float cy, float scale, float xy[2 * OUTLINE_MAX])
{
	float hex[12];
	int n = 0;
	hex_outline(cx, cy, scale, hex);
	for (int i = 0; i < 6; i++) {
		float px = hex[2 * i], py = hex[2 * i + 1];
		if (i & 1) {
			xy[2 * n] = px;
			xy[2 * n + 1] = py;
			n++;
			continue;
		}
		int a = (i + 5) % 6, b = (i + 1) % 6;
		float a1 = atan2f(hex[2 * a + 1] - py, hex[2 * a] - px);
		float a2 = atan2f(hex[2 * b + 1] - py, hex[2 * b] - px);
		float delta = a2 - a1;
		while (delta > 3.14159265f)
			delta -= 6.2831853f;
		while (delta < -3.14159265f)
			delta += 6.2831853f;
		for (int k = 0; k <= BITE_STEPS; k++) {
			float ang = a1 + delta * (float)k / (float)BITE_STEPS;
			xy[2 * n] = px + BITE * scale * cosf(ang);
			xy[2 * n + 1] = py + BITE * scale * sinf(ang);
			n++;
		}
	}
	return n;
}

/* A tile: its bitten outline, then (for the last move) the highlight along that outline,
 * then the digits at c1, c3, c5 on top, so the highlight never hides them. */
static void draw_tile(const bones_canvas *cv, float cx, float cy, float scale,
		      const uint8_t d[3], uint8_t alpha, bool last)
{
	float xy[2 * OUTLINE_MAX];
	int n = tile_outline(cx, cy, scale, xy);
	bones_color fill = (IVORY & 0xFFFFFF00u) | alpha, ink = (INK & 0xFFFFFF00u) | alpha;
	cv->polygon(cv->user, xy, n, fill, ink, 0.04f * scale);
	if (last)
		cv->mark(cv->user, xy, n, BONES_MARK_LAST);
	for (int i = 0; i < 3; i++) {
		float dx, dy;
		char text[2] = {(char)('0' + d[i]), '\0'};
		bones_hex_corner_offset(2 * i + 1, &dx, &dy);
		cv->text(cv->user, cx + 0.58f * scale * dx, cy + 0.58f * scale * dy,
			 0.42f * scale, ink, BONES_ALIGN_CENTER, text);
	}
}

static void draw_hole(const bones_canvas *cv, float x, float y, int value, bool closed)
{
	char text[8];
	snprintf(text, sizeof text, "%d", value);
	if (closed) {
		cv->circle(cv->user, x, y, BITE * 0.95f, HOLE, INK, 0.03f);
		cv->text(cv->user, x, y, 0.3f, BONES_RGBA(255, 255, 255, 255), BONES_ALIGN_CENTER,
			 text);
	} else {
		cv->circle(cv->user, x, y, BITE * 0.8f, BONES_NONE, BONES_RGBA(40, 70, 110, 160),
			   0.03f);
		cv->text(cv->user, x, y, 0.26f, BONES_RGBA(40, 70, 110, 200), BONES_ALIGN_CENTER,
			 text);
	}
}

static void board_bounds(const void *game, const void *state, float box[4])
{
	const hm_game *g = game;
	const hm_state *s = state;
	const hm_cell *cells = hm_ccells(g, s);
	box[0] = box[1] = -1.0f;
	box[2] = box[3] = 1.0f;
	for (int c = 0; c < s->ncells; c++) {
		float x, y;
		cell_centre(cells[c].q, cells[c].r, &x, &y);
		box[0] = fminf(box[0], x - 1.0f);
		box[1] = fminf(box[1], y - 1.0f);
		box[2] = fmaxf(box[2], x + 1.0f);
		box[3] = fmaxf(box[3], y + 1.0f);
	}
}

static void draw_open_cell(const hm_game *g, const hm_state *s, int c, const bones_canvas *cv)
{
	const hm_cell *x = &hm_ccells(g, s)[c];
	float cx, cy, hex[12];
	cell_centre(x->q, x->r, &cx, &cy);
	hex_outline(cx, cy, 0.95f, hex);
	if (hm_blocked(g, s, c)) {
		cv->mark(cv->user, hex, 6, BONES_MARK_BLOCKED);
		cv->line(cv->user, cx - 0.4f, cy - 0.4f, cx + 0.4f, cy + 0.4f, INK, 0.05f);
		cv->line(cv->user, cx - 0.4f, cy + 0.4f, cx + 0.4f, cy - 0.4f, INK, 0.05f);
		return;
	}
	cv->mark(cv->user, hex, 6, BONES_MARK_OPEN);
	uint8_t hole[3];
	int corner[3], n = hm_holes_at(g, s, c, hole, corner);
	for (int i = 0; i < n; i++) {
		float dx, dy;
		bones_hex_corner_offset(corner[i], &dx, &dy);
		draw_hole(cv, cx + dx, cy + dy, hole[i], false);
	}
}

static void draw_board(const void *game, const void *state, int viewer,
		       const bones_canvas *cv)
{
	(void)viewer;
	const hm_game *g = game;
	const hm_state *s = state;
	const hm_cell *cells = hm_ccells(g, s);
	for (int c = 0; c < s->ncells; c++)
		if (!cells[c].placed)
			draw_open_cell(g, s, c, cv);
	bool last_place = s->play.valid && hm_kind(s->play.move) == HM_PLACE;
	for (int c = 0; c < s->ncells; c++) {
		float cx, cy;
		if (!cells[c].placed)
			continue;
		bool last = last_place && cells[c].q == hm_q(s->play.move) &&
			    cells[c].r == hm_r(s->play.move);
		cell_centre(cells[c].q, cells[c].r, &cx, &cy);
		draw_tile(cv, cx, cy, 1.0f, cells[c].d, 255, last);
	}
	/* closed holes: corner c0 of a cell whose neighbours d0 and d1 are placed */
	for (int c = 0; c < s->ncells; c++) {
		const hm_cell *x = &cells[c];
		int a = hm_find(g, s, x->q + 1, x->r);
		int b = hm_find(g, s, x->q + 1, x->r - 1);
		if (!x->placed || a < 0 || b < 0 || !cells[a].placed || !cells[b].placed)
			continue;
		float cx, cy, dx, dy;
		cell_centre(x->q, x->r, &cx, &cy);
		bones_hex_corner_offset(0, &dx, &dy);
		draw_hole(cv, cx + dx, cy + dy, x->d[2] + x->d[0] + cells[a].d[0], true);
	}
}

static int hand_size(const void *game, const void *state, int player, int viewer)
{
	(void)viewer;
	const hm_game *g = game;
	const hm_state *s = state;
	return player >= 0 && player < g->players ? s->pool_n[player] : 0;
}

static void draw_piece(const void *game, const void *state, int player, int piece,
		       int viewer, const bones_canvas *cv)
{
	(void)viewer;
	const hm_game *g = game;
	const hm_state *s = state;
	if (player < 0 || player >= g->players || piece < 0 || piece >= s->pool_n[player])
		return;
	uint8_t d[3];
	hm_digits(g, s->pool[player][piece], 0, d);
	draw_tile(cv, 0.0f, 0.0f, 0.5f, d, 255, false);
}

static bones_status move_place(const void *game, const void *state, bones_move m,
			       bones_move_place *place)
{
	const hm_game *g = game;
	const hm_state *s = state;
	if (!hm_legal(g, s, m))
		return BONES_EINVAL;
	memset(place, 0, sizeof *place);
	place->piece = place->target = -1;
	if (hm_kind(m) == HM_DRAW) {
		place->variant = hm_tile(m);
		return BONES_OK;
	}
	for (int i = 0; i < s->pool_n[s->player]; i++)
		if (s->pool[s->player][i] == hm_tile(m))
			place->piece = i;
	if (hm_kind(m) == HM_PASS)
		return BONES_OK;
	int q = hm_q(m), r = hm_r(m), c = hm_find(g, s, q, r);
	place->target = (q + HM_COORD_BIAS) << 10 | (r + HM_COORD_BIAS);
	cell_centre(q, r, &place->x, &place->y);
	unsigned turns = hm_turns(g, s, c, hm_tile(m));
	for (int k = 0; k < hm_turn(m); k++)
		place->variant += (int)((turns >> k) & 1u);
	return BONES_OK;
}

static void draw_ghost(const void *game, const void *state, bones_move m,
		       const bones_canvas *cv)
{
	const hm_game *g = game;
	if (!hm_legal(g, state, m) || hm_kind(m) != HM_PLACE)
		return;
	uint8_t d[3];
	float cx, cy;
	hm_digits(g, hm_tile(m), hm_turn(m), d);
	cell_centre(hm_q(m), hm_r(m), &cx, &cy);
	draw_tile(cv, cx, cy, 1.0f, d, 120, false);
}

/* A draw in words: dealt into a pool, drawn at the start of a turn, or the start tile. */
static bool describe_chance(const void *game, const void *state, bones_move m, char *buf,
			    size_t cap)
{
	const hm_game *g = game;
	const hm_state *s = state;
	if (hm_kind(m) != HM_DRAW || hm_tile(m) >= g->ntiles)
		return false;
	char name[4];
	hm_tile_name(g, hm_tile(m), name);
	if (s->phase == HM_PHASE_DRAW)
		snprintf(buf, cap, TR(g, "player %d draws %s"), s->player + 1, name);
	else if (s->dealt < g->players * g->pool_size)
		snprintf(buf, cap, TR(g, "%s is dealt to player %d"), name,
			 s->dealt / g->pool_size + 1);
	else
		snprintf(buf, cap, TR(g, "tile %s starts the board"), name);
	return true;
}

/* A pass's button: it hands a tile of the pool back to the supply. */
static bool move_label(const void *game, const void *state, bones_move m, char *buf,
		       size_t cap)
{
	const hm_game *g = game;
	(void)state;
	if (hm_kind(m) != HM_PASS || hm_tile(m) >= g->ntiles)
		return false;
	char name[4];
	hm_tile_name(g, hm_tile(m), name);
	snprintf(buf, cap, TR(g, "Pass, returning %s"), name);
	return true;
}

/* Where a placed tile lies from its neighbour in direction j of it, as the picture
 * shows it (pointy-topped hexagons: d0 right, d1 above right, counter-clockwise). */
static const char *const beside[6] = {
	/* TRANSLATORS: the tile placed, then the tile on the board it lies next to */
	N_("places %s to the right of %s"), N_("places %s above and to the right of %s"),
	N_("places %s above and to the left of %s"), N_("places %s to the left of %s"),
	N_("places %s below and to the left of %s"), N_("places %s below and to the right of %s"),
};

/* A player's move in words, after the mover's name: the tile, the tile on the board it
 * lies next to and on which side (the picture shows no coordinates) and, where the cell
 * takes it in several turns, which turn. */
static bool move_words(const void *game, const void *state, bones_move m, char *buf,
		       size_t cap)
{
	static const int dq[6] = {1, 1, 0, -1, -1, 0}, dr[6] = {0, -1, -1, 0, 1, 1};
	const hm_game *g = game;
	const hm_state *s = state;
	if (!hm_legal(g, s, m) || hm_kind(m) == HM_DRAW)
		return false;
	char name[4], near[4] = "?";
	hm_tile_name(g, hm_tile(m), name);
	if (hm_kind(m) == HM_PASS) {
		snprintf(buf, cap, TR(g, "passes and returns %s"), name);
		return true;
	}
	int side = 0;
	for (int j = 0; j < 6; j++) { /* the first placed neighbour: a tile the picture shows */
		int at = hm_cell_at(g, s, hm_q(m) + dq[j], hm_r(m) + dr[j]);
		if (at >= 0 && hm_ccells(g, s)[at].placed) {
			hm_tile_name(g, hm_ccells(g, s)[at].tile, near);
			side = (j + 3) % 6; /* the new tile, seen from that neighbour */
			break;
		}
	}
	int n = snprintf(buf, cap, TR(g, beside[side]), name, near);
	unsigned turns = hm_turns(g, s, hm_find(g, s, hm_q(m), hm_r(m)), hm_tile(m));
	if (turns & (turns - 1) && n >= 0 && (size_t)n < cap)
		/* TRANSLATORS: after the place: which of the tile's turns (1-3) the cell takes */
		snprintf(buf + n, cap - (size_t)n, TR(g, ", turn %d"), hm_turn(m) + 1);
	return true;
}

/* The full rules for the help, paragraph by paragraph (render.h rules_text). */
static const char *const rules[] = {
	N_("Goal: score the most points by closing round holes between hexagonal tiles."),
	N_("The tiles: 40 hexagons, each with a round bite out of every other corner and a "
	   "digit from 1 to 6 on each of the three other corners. Each player has a pool of "
	   "3 tiles that everybody sees; one more tile starts the layout."),
	N_("Your turn: draw one tile from the supply into your pool (while the supply "
	   "lasts), then place one tile of your pool next to the layout so that every digit "
	   "it touches matches. A tile turns in thirds of a full turn."),
	N_("You must place a tile if you can. Only when no placement is legal do you pass, "
	   "returning one tile of your pool to the supply."),
	N_("Scoring: where three tiles meet at their bites they close a round hole, worth "
	   "the sum of the three digits around it (6 to 15). A move that closes two or three "
	   "holes at once scores their sum times the number of holes (at most 135)."),
	N_("The end: at once when a player's pool is empty, or when every player has passed "
	   "in a row. The highest score wins; equal scores share the rank."),
	N_("The options and variants of a table may change some of these rules; the start "
	   "screen lists them."),
	NULL,
};

static bool rules_text(const void *game, char *buf, size_t cap)
{
	const hm_game *g = game;
	return bones_translate_paragraphs(g->host, HM_TEXT_DOMAIN, rules, buf, cap) > 0;
}

/* render.h end_text: who emptied their pool or that all passed, then each player's
 * points and the tiles left in their pool. */
static bool end_text(const void *game, const void *state, char *buf, size_t cap)
{
	const hm_game *g = game;
	const hm_state *s = state;
	if (s->phase != HM_PHASE_OVER || !cap)
		return false;
	bones_text o = {buf, cap, 0};
	int empty = -1;
	for (int p = 0; p < g->players && empty < 0; p++)
		if (!s->pool_n[p])
			empty = p;
	if (empty >= 0)
		bones_text_printf(&o, TR(g, "the pool of player %d is empty"), empty + 1);
	else
		bones_text_printf(&o, "%s", TR(g, "every player passed in a row"));
	for (int p = 0; p < g->players; p++) {
		bones_text_printf(&o, "\n");
		/* TRANSLATORS: the score sheet: player, points from closed holes, tiles */
		bones_text_printf(&o, TRN(g, "player %d: %d points from holes, %d tile left",
					  "player %d: %d points from holes, %d tiles left",
					  s->pool_n[p]),
				  p + 1, (int)s->score[p], (int)s->pool_n[p]);
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

const void *hm_extension(const void *game, const char *id)
{
	(void)game;
	if (strcmp(id, BONES_HEURISTIC_ID) == 0)
		return &hm_heuristic;
	if (strcmp(id, BONES_OBSERVATION_ID) == 0)
		return hm_observation_ext();
	if (strcmp(id, BONES_ACTIONS_ID) == 0)
		return hm_actions_ext();
	return strcmp(id, BONES_RENDER_ID) == 0 ? &render : NULL;
}
