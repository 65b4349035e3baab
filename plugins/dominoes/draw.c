/* The pictures of dominoes (docs/plugin-guide.md section 10): the line laid out as a
 * snake, the boneyard, the hands, the targets and the ghost of a move. Their words live
 * in text.c. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dominoes_internal.h"

/* ==== 10. The "bones.render/1" extension =============================================
 * World units: a tile is 2 x 1, a double 1 x 2 (set crosswise). The lead tile sits at
 * (0, 0); each arm runs outwards and, past |x| = ARM, bends with one upright tile into
 * the next row (the right arm downwards, the left one upwards): a snake. Targets: 0 is
 * the left end, 1 the right end, at the place the next tile would take. */
#define ARM 9.0f
static const bones_color IVORY = BONES_RGBA(250, 246, 232, 255);
static const bones_color INK = BONES_RGBA(30, 30, 30, 255);
static const bones_color BACK = BONES_RGBA(40, 90, 60, 255);

/* A domino centred on (x, y) whose halves are u x u squares; a < 0 draws it face down.
 * Upright: a on top; else a on the left. */
static void draw_domino(const bones_canvas *c, float x, float y, float u, bool upright,
			int a, int b, uint32_t alpha)
{
	float hw = upright ? u / 2 : u, hh = upright ? u : u / 2;
	float xy[8] = {x - hw, y - hh, x + hw, y - hh, x + hw, y + hh, x - hw, y + hh};
	bones_color face = a < 0 ? BACK : IVORY;
	c->polygon(c->user, xy, 4, (face & ~0xffu) | alpha, (INK & ~0xffu) | alpha, u / 25);
	if (a < 0)
		return;
	float dx = upright ? 0 : u / 2, dy = upright ? u / 2 : 0;
	if (upright)
		c->line(c->user, x - hw * 0.8f, y, x + hw * 0.8f, y, INK, u / 25);
	else
		c->line(c->user, x, y - hh * 0.8f, x, y + hh * 0.8f, INK, u / 25);
	c->pips(c->user, x - dx, y - dy, u * 0.9f, a, INK);
	c->pips(c->user, x + dx, y + dy, u * 0.9f, b, INK);
}

/* Where a tile of the line goes: centre, upright or not, first half towards the lead. */
typedef struct spot {
	float x, y;
	bool upright, near_first; /* near_first: the half towards the lead is drawn first */
} spot;

/* An arm being laid: the point its next tile touches, its direction, the row's turn. */
typedef struct arm {
	float x, y;
	int dx, bend;      /* dx +-1 along the row; bend +-1: the way to the next row */
	bool after_double; /* never bend right after a crosswise double */
} arm;

static spot arm_step(arm *w, bool dbl)
{
	spot p;
	float along = dbl ? 1.0f : 2.0f;
	if (!dbl && !w->after_double && fabsf(w->x + (float)w->dx * along) > ARM) {
		/* the bend: an upright tile under (or over) the row's last half */
		p.x = w->x - 0.5f * (float)w->dx;
		p.y = w->y + 1.5f * (float)w->bend;
		p.upright = true;
		p.near_first = w->bend > 0;
		w->x -= (float)w->dx;
		w->y += 2.0f * (float)w->bend;
		w->dx = -w->dx;
		w->after_double = false;
		return p;
	}
	p.x = w->x + (float)w->dx * along / 2;
	p.y = w->y;
	p.upright = dbl;
	p.near_first = w->dx > 0;
	w->x += (float)w->dx * along;
	w->after_double = dbl;
	return p;
}

/* The spots of every tile of the line, then of the next tile at the left and right ends
 * (out[length] and out[length + 1]). */
static void lay_out(const game *g, const state *s, spot out[TILES + 2])
{
	if (s->length == 0) {
		out[0] = out[1] = (spot){0, 0, false, true};
		return;
	}
	int lead = s->lead < s->length ? s->lead : 0, t = s->line[lead] & ~FLIPPED;
	bool dbl = g->lo[t] == g->hi[t];
	float half = dbl ? 0.5f : 1.0f;
	out[lead] = (spot){0, 0, dbl, true};
	arm right = {half, 0, 1, 1, dbl}, left = {-half, 0, -1, -1, dbl};
	for (int i = lead + 1; i < s->length; i++) {
		int k = s->line[i] & ~FLIPPED;
		out[i] = arm_step(&right, g->lo[k] == g->hi[k]);
	}
	for (int i = lead - 1; i >= 0; i--) {
		int k = s->line[i] & ~FLIPPED;
		out[i] = arm_step(&left, g->lo[k] == g->hi[k]);
	}
	out[s->length] = arm_step(&left, false);
	out[s->length + 1] = arm_step(&right, false);
}

/* Tile i of the line at its spot: the left-to-right halves are a, b of the line entry;
 * on the right arm a touches the lead, on the left arm b does. */
static void draw_entry(const game *g, const bones_canvas *c, const state *s, int i,
		       const spot *p, uint32_t alpha)
{
	int t = s->line[i] & ~FLIPPED, flip = s->line[i] & FLIPPED;
	int a = flip ? g->hi[t] : g->lo[t], b = flip ? g->lo[t] : g->hi[t];
	int lead = s->lead < s->length ? s->lead : 0;
	int near = i >= lead ? a : b, far = i >= lead ? b : a;
	draw_domino(c, p->x, p->y, 1, p->upright, p->near_first ? near : far,
		    p->near_first ? far : near, alpha);
}

static void spot_box(const spot *p, float box[4])
{
	float hw = p->upright ? 0.5f : 1.0f, hh = p->upright ? 1.0f : 0.5f;
	box[0] = fminf(box[0], p->x - hw), box[1] = fminf(box[1], p->y - hh);
	box[2] = fmaxf(box[2], p->x + hw), box[3] = fmaxf(box[3], p->y + hh);
}

/* At least the width of two arms and three rows, so the scale stays put as the line
 * grows; more when the snake needs it. */
static void board_bounds(const void *vg, const void *vs, float box[4])
{
	const state *s = vs;
	spot at[TILES + 2];
	lay_out(vg, s, at);
	box[0] = -ARM - 1.0f, box[1] = -3.5f, box[2] = ARM + 1.0f, box[3] = 3.5f;
	for (int i = 0; i < s->length + 2; i++)
		spot_box(&at[i], box);
	box[1] -= 2.0f; /* room for the boneyard above */
}

/* The boneyard: a face-down tile and the count, above the line's top left corner. */
static void draw_boneyard(const game *g, const state *s, const bones_canvas *c,
			  const float box[4])
{
	char text[64];
	int n = dom_count(s->boneyard);
	snprintf(text, sizeof text, TR(g->host, "boneyard: %d"), n);
	if (n > 0)
		draw_domino(c, box[0] + 1.5f, box[1] + 1.0f, 0.6f, false, -1, 0, 255);
	c->text(c->user, box[0] + (n > 0 ? 2.5f : 0.5f), box[1] + 1.0f, 0.55f,
		BONES_RGBA(70, 60, 50, 255), BONES_ALIGN_LEFT, text);
}

static void draw_board(const void *vg, const void *vs, int viewer, const bones_canvas *c)
{
	const game *g = vg;
	const state *s = vs;
	(void)viewer; /* the line and the boneyard's size are public */
	spot at[TILES + 2];
	float box[4];
	lay_out(g, s, at);
	board_bounds(vg, vs, box);
	if (!dom_dealing(g, s))
		draw_boneyard(g, s, c, box);
	for (int i = 0; i < s->length; i++)
		draw_entry(g, c, s, i, &at[i], 255);
	if (s->length == 0 || dom_game_over(g, s))
		return;
	for (int end = 0; end < 2; end++) {
		const spot *p = &at[s->length + end];
		float hw = p->upright ? 0.5f : 1.0f, hh = p->upright ? 1.0f : 0.5f;
		float xy[8] = {p->x - hw, p->y - hh, p->x + hw, p->y - hh,
			       p->x + hw, p->y + hh, p->x - hw, p->y + hh};
		c->mark(c->user, xy, 4, BONES_MARK_OPEN);
	}
}

static int hand_size(const void *vg, const void *vs, int player, int viewer)
{
	const state *s = vs;
	(void)vg;
	(void)viewer; /* hand sizes are public */
	return dom_count(s->hand[player]);
}

/* The piece-th tile (lowest first) of the hand, or -1. */
static int nth_tile(uint32_t hand, int piece)
{
	FOR_TILES(t, hand)
		if (piece-- == 0)
			return t;
	return -1;
}

static void draw_piece(const void *vg, const void *vs, int player, int piece, int viewer,
		       const bones_canvas *c)
{
	const game *g = vg;
	const state *s = vs;
	int t = nth_tile(s->hand[player], piece);
	if (t < 0)
		return;
	bool face_up = viewer == player || dom_game_over(g, s);
	draw_domino(c, 0, 0, 0.5f, true, face_up ? g->lo[t] : -1, g->hi[t], 255);
}

static bones_status move_place(const void *vg, const void *vs, bones_move m,
			       bones_move_place *place_out)
{
	const game *g = vg;
	const state *s = vs;
	int kind = KIND(m), t = TILE(m);
	if (kind >= DEAL || !dom_is_legal(g, s, m))
		return BONES_EINVAL; /* chance outcomes are no player's move */
	bones_move_place p = {-1, -1, 0, 0, 0};
	if (kind < PASS) {
		spot at[TILES + 2];
		lay_out(g, s, at);
		p.piece = dom_count(s->hand[s->turn] & ((1u << t) - 1)); /* tiles below t */
		p.target = kind == RIGHT;
		p.x = kind == LEAD ? 0.0f : at[s->length + (kind == RIGHT)].x;
		p.y = kind == LEAD ? 0.0f : at[s->length + (kind == RIGHT)].y;
	}
	*place_out = p;
	return BONES_OK;
}

/* Apply the move to a copy (states are plain bytes) and draw the placed tile faintly. */
static void draw_ghost(const void *vg, const void *vs, bones_move m, const bones_canvas *c)
{
	const game *g = vg;
	state next;
	memcpy(&next, vs, sizeof next);
	if (KIND(m) > RIGHT || dom_apply(g, &next, m) != BONES_OK)
		return;
	spot at[TILES + 2];
	int i = KIND(m) == RIGHT ? next.length - 1 : 0;
	lay_out(g, &next, at);
	draw_entry(g, c, &next, i, &at[i], 150);
}

/* Designated fields: a later minor version's appended fields stay NULL (host default). */
const bones_render dom_render = {
	.size = sizeof(bones_render),
	.board_bounds = board_bounds,
	.draw_board = draw_board,
	.hand_size = hand_size,
	.draw_piece = draw_piece,
	.move_place = move_place,
	.draw_ghost = draw_ghost,
	.describe_chance = dom_describe_chance,
	.move_label = dom_move_label,
	.move_words = dom_move_words,
	.rules_text = dom_rules_text,
	.end_text = dom_end_text,
};
