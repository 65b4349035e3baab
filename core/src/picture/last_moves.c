/* The players' last moves marked by the host, for plugins that mark no move themselves:
 * each move's ghost, drawn in the state before it, becomes a gold outline, where the
 * board drawn now still shows what the move put down. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bones/kit_board.h"
#include "bones/picture.h"

#define MAX_MARKED 64     /* players whose last move is looked for */
#define MAX_SHAPES 8192   /* shapes of the board drawn now that a ghost is compared with */
#define MAX_LOOKED_AT 512 /* history entries looked at, the newest first */

/* A polygon's or circle's box and its fill's colour (no alpha): a ghost's piece and the
 * board's are the same piece when these agree. */
typedef struct shape {
	float box[4];
	uint32_t rgb;
} shape;

/* The board drawn now as shapes; then a ghost's shapes looked up among them. */
typedef struct shapes {
	bones_canvas canvas;
	shape *board; /* owned */
	int n;
	bool looking; /* a ghost is drawn: its shapes are looked up, not kept */
	int found;    /* the ghost's shapes on the board */
} shapes;

typedef struct outline {
	bones_canvas canvas;
	const bones_canvas *base;
	bones_color color;
	float width; /* world units */
	int drawn;   /* shapes drawn */
} outline;

static void ol_polygon(void *user, const float *xy, int points, bones_color fill,
		       bones_color stroke, float width)
{
	outline *o = user;
	(void)fill, (void)stroke, (void)width;
	o->drawn++;
	o->base->polygon(o->base->user, xy, points, BONES_NONE, o->color, o->width);
}

static void ol_circle(void *user, float x, float y, float radius, bones_color fill,
		      bones_color stroke, float width)
{
	outline *o = user;
	(void)fill, (void)stroke, (void)width;
	o->drawn++;
	o->base->circle(o->base->user, x, y, radius + o->width / 2, BONES_NONE, o->color,
			o->width);
}

/* Lines, texts, pips and marks of the ghost are left out: the outline is the piece's. */
static void ol_line(void *user, float x0, float y0, float x1, float y1, bones_color color,
		    float width)
{
	(void)user, (void)x0, (void)y0, (void)x1, (void)y1, (void)color, (void)width;
}

static void ol_text(void *user, float x, float y, float height, bones_color color, int align,
		    const char *utf8)
{
	(void)user, (void)x, (void)y, (void)height, (void)color, (void)align, (void)utf8;
}

static void ol_pips(void *user, float x, float y, float side, int count, bones_color color)
{
	(void)user, (void)x, (void)y, (void)side, (void)count, (void)color;
}

static void ol_mark(void *user, const float *xy, int points, int kind)
{
	(void)user, (void)xy, (void)points, (void)kind;
}

static void sh_add(shapes *b, float x0, float y0, float x1, float y1, bones_color fill)
{
	const shape sh = {{x0, y0, x1, y1}, fill >> 8};
	if (!b->looking) {
		if (b->n < MAX_SHAPES)
			b->board[b->n++] = sh;
		return;
	}
	for (int i = 0; i < b->n; i++) {
		const shape *o = &b->board[i];
		bool same = o->rgb == sh.rgb;
		for (int k = 0; k < 4 && same; k++)
			same = fabsf(o->box[k] - sh.box[k]) < 1e-3f;
		if (same) {
			b->found++;
			return;
		}
	}
}

static void sh_polygon(void *user, const float *xy, int points, bones_color fill,
		       bones_color stroke, float width)
{
	(void)stroke, (void)width;
	if (points < 1)
		return;
	float box[4] = {xy[0], xy[1], xy[0], xy[1]};
	for (int i = 1; i < points; i++) {
		box[0] = fminf(box[0], xy[2 * i]), box[1] = fminf(box[1], xy[2 * i + 1]);
		box[2] = fmaxf(box[2], xy[2 * i]), box[3] = fmaxf(box[3], xy[2 * i + 1]);
	}
	sh_add(user, box[0], box[1], box[2], box[3], fill);
}

static void sh_circle(void *user, float x, float y, float radius, bones_color fill,
		      bones_color stroke, float width)
{
	(void)stroke, (void)width;
	sh_add(user, x - radius, y - radius, x + radius, y + radius, fill);
}

/* The board of state `now` as shapes in b (b->board owned: the caller frees it). */
static bool shapes_of_board(shapes *b, const bones_render *r, const void *game,
			    const void *now)
{
	memset(b, 0, sizeof *b);
	b->board = malloc(MAX_SHAPES * sizeof *b->board);
	if (!b->board)
		return false;
	b->canvas.size = sizeof b->canvas;
	b->canvas.user = b;
	b->canvas.polygon = sh_polygon;
	b->canvas.circle = sh_circle;
	b->canvas.line = ol_line;
	b->canvas.text = ol_text;
	b->canvas.pips = ol_pips;
	b->canvas.mark = ol_mark;
	r->draw_board(game, now, -1, &b->canvas);
	b->looking = true;
	return true;
}

/* Whether the board drawn now still shows a piece of the move's ghost: a piece moved on
 * since (Hegemino's market column shifted left at a new round) is no last move there. */
static bool still_shown(shapes *b, const bones_render *r, const void *game,
			const void *before, bones_move move)
{
	b->found = 0;
	r->draw_ghost(game, before, move, &b->canvas);
	return b->found > 0;
}

/* Whether the move showed anything (a discard or a pass has no ghost). */
static bool outline_move(bones_picture_canvas *c, const bones_render *r, const void *game,
			 const void *before, bones_move move, int player)
{
	outline o;
	memset(&o, 0, sizeof o);
	o.canvas.size = sizeof o.canvas;
	o.canvas.user = &o;
	o.canvas.polygon = ol_polygon;
	o.canvas.circle = ol_circle;
	o.canvas.line = ol_line;
	o.canvas.text = ol_text;
	o.canvas.pips = ol_pips;
	o.canvas.mark = ol_mark;
	o.base = &c->canvas;
	o.color = BONES_RGBA(235, 150, 0, 255);
	o.width = 0.16f;
	r->draw_ghost(game, before, move, &o.canvas);
	o.color = bones_picture_player_color(player);
	o.width = 0.05f;
	if (o.drawn)
		r->draw_ghost(game, before, move, &o.canvas);
	return o.drawn > 0;
}

int bones_picture_last_moves(bones_picture_canvas *c, const bones_session *s, size_t upto)
{
	const bones_plugin *p = bones_session_plugin(s);
	const void *game = bones_session_game(s);
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, p, game, &rg);
	if (!r || r->size < BONES_RENDER_SIZE_1_0 || !r->draw_ghost)
		return 0;
	int players = bones_session_info(s)->players;
	players = players > MAX_MARKED ? MAX_MARKED : players;
	bool done[MAX_MARKED] = {false};
	int left = players;
	size_t n = bones_session_length(s);
	upto = upto < n ? upto : n;
	shapes b;
	if (!shapes_of_board(&b, r, rg, bones_session_state_at(s, upto)))
		return 0;
	for (size_t i = upto; i > 0 && upto - i < MAX_LOOKED_AT && left > 0; i--) {
		int who = bones_session_mover_at(s, i - 1);
		if (who < 0 || who >= players || done[who])
			continue;
		/* a move without a ghost (a discard), or whose piece has moved on since: the
		 * player's move before it */
		const void *before = bones_session_state_at(s, i - 1);
		bones_move move = bones_session_move_at(s, i - 1);
		if (still_shown(&b, r, rg, before, move) &&
		    outline_move(c, r, rg, before, move, who))
			done[who] = true, left--;
	}
	free(b.board);
	return players - left;
}
