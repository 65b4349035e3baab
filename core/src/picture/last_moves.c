/* The players' last moves marked by the host, for plugins that mark no move themselves:
 * each move's ghost, drawn in the state before it, becomes a gold outline. */
#include <string.h>

#include "bones/picture.h"

#define MAX_MARKED 64 /* players whose last move is looked for */

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
	const bones_render *r = p->get_extension ? p->get_extension(game, BONES_RENDER_ID) : NULL;
	if (!r || r->size < BONES_RENDER_SIZE_1_0 || !r->draw_ghost)
		return 0;
	int players = bones_session_info(s)->players;
	players = players > MAX_MARKED ? MAX_MARKED : players;
	bool done[MAX_MARKED] = {false};
	int left = players;
	size_t n = bones_session_length(s);
	for (size_t i = upto < n ? upto : n; i > 0 && left > 0; i--) {
		int who = bones_session_mover_at(s, i - 1);
		if (who < 0 || who >= players || done[who])
			continue;
		/* a move without a ghost (a discard): the player's move before it */
		if (outline_move(c, r, game, bones_session_state_at(s, i - 1),
				 bones_session_move_at(s, i - 1), who))
			done[who] = true, left--;
	}
	return players - left;
}
