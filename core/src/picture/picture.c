/* Whole pictures of a position: the board fitted into its area, a column with each
 * player's colour, score and hand (a band at the top with the scores when no hand
 * holds a piece), an optional ghost move and legal targets, written as
 * PNG, SVG or PDF to a file or to memory through Cairo's stream writers. */
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bones/picture.h"

#include "bones/i18n.h"
#include "bones/text_board.h"

#define TABLE BONES_RGBA(232, 226, 210, 255)
#define COLUMN BONES_RGBA(247, 244, 236, 255)
#define RULE BONES_RGBA(200, 192, 172, 255)
#define INK BONES_RGBA(50, 44, 36, 255)
#define SOFT_INK BONES_RGBA(110, 100, 88, 255)
#define SLOT BONES_RGBA(236, 231, 219, 255)

/* The measures of one picture, in picture units. */
typedef struct frame {
	double w, h, u;          /* size and the unit of type (~ one line of text) */
	double top;              /* below the title */
	double col_x, col_w;     /* hands column (col_w 0: none) */
	double band;             /* scores band under the title, when no hand holds a piece */
	double slot;             /* side of one hand slot */
	int cols;                /* slots per row */
	const char *const *names;/* the request's seat names, or NULL */
	bool ended;              /* BONES_PICTURE_ENDED: nobody to move */
	const void *rg;          /* the game argument of the render functions */
} frame;

bones_picture_request bones_picture_defaults(void)
{
	bones_picture_request r;
	memset(&r, 0, sizeof r);
	r.width = 1200;
	r.height = 800;
	r.viewer = -1;
	r.flags = BONES_PICTURE_HANDS | BONES_PICTURE_LAST;
	return r;
}

bones_picture_game bones_picture_game_of(const bones_session *s, size_t index)
{
	bones_picture_game g;
	size_t n = bones_session_length(s);
	g.plugin = bones_session_plugin(s);
	g.game = bones_session_game(s);
	g.players = bones_session_info(s)->players;
	g.max_moves = bones_session_info(s)->max_moves;
	g.state = bones_session_state_at(s, index > n ? n : index);
	g.session = s;
	g.index = index > n ? n : index;
	return g;
}

bool bones_picture_format_parse(const char *text, bones_picture_format *format)
{
	static const char *const names[3] = {"png", "svg", "pdf"};
	size_t n = text ? strlen(text) : 0;
	for (int i = 0; i < 3; i++) {
		bool whole = strcasecmp(text ? text : "", names[i]) == 0;
		bool suffix = n > 4 && text[n - 4] == '.' && strcasecmp(text + n - 3, names[i]) == 0;
		if (whole || suffix) {
			*format = (bones_picture_format)i;
			return true;
		}
	}
	return false;
}

/* The hands column: the largest slot (up to 6.5 u, or the column's width) with which
 * every hand fits, in as many rows as it takes: big pieces whose pips read. */
static void plan_column(frame *f, const bones_render *r, const bones_picture_game *pos,
			int viewer)
{
	double pad = 0.8 * f->u, inner = f->col_w - 2 * pad;
	double avail = f->h - f->top - pad;
	int players = pos->players < 1 ? 1 : pos->players;
	for (f->slot = fmin(6.5 * f->u, inner); f->slot > 0.8 * f->u; f->slot *= 0.95) {
		f->cols = (int)(inner / f->slot);
		if (f->cols < 1)
			f->cols = 1;
		double need = 0;
		for (int p = 0; p < players; p++) {
			int n = r->hand_size(f->rg, pos->state, p, viewer);
			int rows = n > 0 ? (n + f->cols - 1) / f->cols : 0;
			need += 2.4 * f->u + rows * f->slot;
		}
		if (need <= avail)
			return;
	}
}

static void fit_board(const frame *f, const bones_render *r, const bones_picture_game *pos,
		      const bones_move_place *places, size_t n, bones_picture_layout *out)
{
	float box[4] = {0, 0, 1, 1};
	r->board_bounds(f->rg, pos->state, box);
	for (size_t i = 0; i < n; i++) {
		if (places[i].target < 0)
			continue;
		box[0] = fminf(box[0], places[i].x - 0.5f);
		box[1] = fminf(box[1], places[i].y - 0.5f);
		box[2] = fmaxf(box[2], places[i].x + 0.5f);
		box[3] = fmaxf(box[3], places[i].y + 0.5f);
	}
	const double world[4] = {box[0], box[1], box[2], box[3]};
	const double area[4] = {0, f->top + f->band, f->col_w > 0 ? f->col_x : f->w, f->h};
	out->board = bones_picture_fit(world, area);
	memcpy(out->board_box, area, sizeof area);
}

bones_picture_view bones_picture_fit(const double box[4], const double area[4])
{
	double bw = fmax(box[2] - box[0], 1e-3), bh = fmax(box[3] - box[1], 1e-3);
	double m = 0.05 * fmax(bw, bh) + 0.3;
	double aw = area[2] - area[0], ah = area[3] - area[1];
	double scale = fmin(aw / (bw + 2 * m), ah / (bh + 2 * m));
	scale = fmin(scale, fmin(aw, ah) / 3);
	return (bones_picture_view){scale, (area[0] + area[2]) / 2 - (box[0] + box[2]) / 2 * scale,
				    (area[1] + area[3]) / 2 - (box[1] + box[3]) / 2 * scale};
}

/* The legal moves' places when targets are wanted; *n 0 otherwise. Caller frees. */
static bones_move_place *target_places(const bones_render *r, const frame *f,
				       const bones_picture_game *pos,
				       const bones_picture_request *req, size_t *n)
{
	*n = 0;
	int who = pos->plugin->to_move(pos->game, pos->state);
	if (!(req->flags & BONES_PICTURE_TARGETS) || who < 0 || pos->max_moves == 0)
		return NULL;
	bones_move *moves = malloc(pos->max_moves * sizeof *moves);
	bones_move_place *places = malloc(pos->max_moves * sizeof *places);
	if (!moves || !places) {
		free(moves);
		free(places);
		return NULL;
	}
	size_t count = pos->plugin->legal_moves(pos->game, pos->state, moves, NULL,
						pos->max_moves);
	for (size_t i = 0; i < count; i++)
		if (r->move_place(f->rg, pos->state, moves[i], &places[*n]) == BONES_OK)
			(*n)++;
	free(moves);
	return places;
}

static void draw_targets(bones_picture_canvas *c, const bones_move_place *places, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		bool first = places[i].target >= 0;
		for (size_t j = 0; first && j < i; j++)
			first = places[j].target != places[i].target;
		if (!first)
			continue;
		const bones_picture_view *v = &c->view;
		bones_picture_circle(c, places[i].x * v->scale + v->ox, places[i].y * v->scale + v->oy,
				     fmax(4.0, 0.16 * v->scale), BONES_RGBA(60, 200, 90, 110),
				     BONES_RGBA(30, 150, 60, 230), fmax(1.5, 0.03 * v->scale));
	}
}

/* A player's line: a band behind the player to move, the colour disc, name, score. */
static void draw_player_header(bones_picture_canvas *c, const frame *f,
			       const bones_picture_game *pos, int p, double y, double band,
			       const double *scores)
{
	double x = f->col_x + 0.8 * f->u, u = f->u;
	bool moving = !f->ended && pos->plugin->to_move(pos->game, pos->state) == p;
	if (moving)
		bones_picture_rect(c, f->col_x + 0.3 * u, y, f->col_w - 0.6 * u, band, 0.4 * u,
				   BONES_RGBA(255, 236, 170, 255), BONES_RGBA(230, 190, 90, 255), 1);
	bones_picture_circle(c, x + 0.45 * u, y + 0.9 * u, 0.42 * u,
			     bones_picture_player_color(p), BONES_RGBA(255, 255, 255, 255),
			     0.1 * u);
	char label[64], right[64];
	if (f->names && f->names[p])
		snprintf(label, sizeof label, "%s", f->names[p]);
	else
		snprintf(label, sizeof label, _("Player %d"), p + 1);
	double w = bones_picture_text(c, x + 1.3 * u, y + 0.9 * u, 1.05 * u, INK,
				      BONES_ALIGN_LEFT, label);
	if (moving)
		bones_picture_text(c, x + 1.8 * u + w, y + 0.9 * u, 0.85 * u, SOFT_INK,
				   /* TRANSLATORS: beside "Player 2" in a picture of a position */
				   BONES_ALIGN_LEFT, _("to move"));
	snprintf(right, sizeof right, "%g", scores[p]);
	bones_picture_text(c, f->col_x + f->col_w - 0.8 * u, y + 0.9 * u, 1.2 * u, INK,
			   BONES_ALIGN_RIGHT, right);
}

static void draw_hands(bones_picture_canvas *c, const frame *f, const bones_render *r,
		       const bones_picture_game *pos, int viewer, bones_picture_layout *out)
{
	double scores[64] = {0};
	int players = pos->players > 64 ? 64 : pos->players;
	bones_picture_rect(c, f->col_x, f->top, f->col_w, f->h - f->top, 0, COLUMN, BONES_NONE, 0);
	bones_picture_line(c, f->col_x, f->top, f->col_x, f->h, RULE, 1);
	if (pos->plugin->scores)
		pos->plugin->scores(pos->game, pos->state, scores);
	double y = f->top + 0.5 * f->u, pad = 0.8 * f->u;
	for (int p = 0; p < players; p++) {
		int n = r->hand_size(f->rg, pos->state, p, viewer);
		int rows = n > 0 ? (n + f->cols - 1) / f->cols : 0;
		draw_player_header(c, f, pos, p, y - 0.2 * f->u, 2.0 * f->u + rows * f->slot, scores);
		y += 2.0 * f->u;
		for (int i = 0; i < n; i++) {
			double sx = f->col_x + pad + (i % f->cols) * f->slot;
			double sy = y + (i / f->cols) * f->slot;
			bones_picture_rect(c, sx + 0.04 * f->slot, sy + 0.04 * f->slot, 0.92 * f->slot,
					   0.92 * f->slot, 0.1 * f->slot, SLOT, RULE, 1);
			c->view.scale = 0.84 * f->slot;
			c->view.ox = sx + f->slot / 2;
			c->view.oy = sy + f->slot / 2;
			r->draw_piece(f->rg, pos->state, p, i, viewer, &c->canvas);
			if (out->slot_count < BONES_PICTURE_MAX_SLOTS) {
				int k = out->slot_count++;
				out->slot[k].player = p, out->slot[k].piece = i;
				out->slot[k].x = sx, out->slot[k].y = sy;
				out->slot[k].w = out->slot[k].h = f->slot;
			}
		}
		y += rows * f->slot + 0.4 * f->u;
		if (p + 1 < players)
			bones_picture_line(c, f->col_x + pad, y, f->col_x + f->col_w - pad, y, RULE, 1);
		y += 0.3 * f->u;
	}
}

/* The scores band of a game whose hands are all empty (as Hegemino's): each player's
 * line side by side, so the board has the whole width. */
static void draw_band(bones_picture_canvas *c, frame f, const bones_picture_game *pos)
{
	double scores[64] = {0};
	int players = pos->players > 64 ? 64 : pos->players < 1 ? 1 : pos->players;
	if (pos->plugin->scores)
		pos->plugin->scores(pos->game, pos->state, scores);
	double y = f.top, each = fmin(f.w / players, 24 * f.u);
	bones_picture_rect(c, 0, y, f.w, f.band, 0, COLUMN, BONES_NONE, 0);
	bones_picture_line(c, 0, y + f.band, f.w, y + f.band, RULE, 1);
	f.col_w = each;
	for (int p = 0; p < players; p++) {
		f.col_x = p * each;
		draw_player_header(c, &f, pos, p, y + 0.2 * f.u, f.band - 0.4 * f.u, scores);
	}
}

/* True when no player holds a piece the hands column would show. */
static bool hands_empty(const bones_render *r, const frame *f, const bones_picture_game *pos,
			int viewer)
{
	for (int p = 0; p < pos->players; p++)
		if (r->hand_size(f->rg, pos->state, p, viewer) > 0)
			return false;
	return true;
}

static void plan(frame *f, const bones_render *r, const void *rg,
		 const bones_picture_game *pos, const bones_picture_request *req)
{
	memset(f, 0, sizeof *f);
	f->rg = rg;
	f->w = req->width, f->h = req->height;
	f->u = fmin(fmax(fmin(f->w, f->h) / 42.0, 9.0), 40.0);
	f->top = req->title && *req->title ? 2.2 * f->u : 0;
	if ((req->flags & BONES_PICTURE_HANDS) && hands_empty(r, f, pos, req->viewer)) {
		f->band = 2.4 * f->u;
	} else if (req->flags & BONES_PICTURE_HANDS) {
		f->col_w = fmin(fmax(f->w * 0.28, 16 * f->u), 30 * f->u);
		if (f->col_w > f->w * 0.45)
			f->col_w = f->w * 0.45;
		f->col_x = f->w - f->col_w;
		plan_column(f, r, pos, req->viewer);
	}
}

bones_status bones_picture_draw(bones_picture_canvas *c, const bones_picture_game *pos,
				const bones_picture_request *req, bones_picture_layout *layout,
				char *err, size_t errcap)
{
	if (!pos->plugin || !pos->game) {
		snprintf(err, errcap, _("the game cannot be drawn (no %s)"), "plugin");
		return BONES_EINVAL;
	}
	bones_text_board tb;
	const void *rg;
	const bones_render *r = bones_text_board_render(&tb, pos->plugin, pos->game, pos->players,
							&rg);
	bones_picture_layout scratch, *out = layout ? layout : &scratch;
	memset(out, 0, sizeof *out);
	frame f;
	plan(&f, r, rg, pos, req);
	f.names = req->names;
	f.ended = (req->flags & BONES_PICTURE_ENDED) != 0;
	size_t n = 0;
	bones_move_place *places = target_places(r, &f, pos, req, &n);
	fit_board(&f, r, pos, places, n, out);
	bones_picture_rect(c, 0, 0, f.w, f.h, 0, TABLE, BONES_NONE, 0);
	c->view = out->board;
	c->mark_kinds = (1u << BONES_MARK_TARGET) | (1u << BONES_MARK_BLOCKED);
	if (req->flags & BONES_PICTURE_LAST)
		c->mark_kinds |= 1u << BONES_MARK_LAST;
	if (req->flags & BONES_PICTURE_OPEN)
		c->mark_kinds |= 1u << BONES_MARK_OPEN;
	c->marks_seen = 0;
	c->canvas.seat_names = req->names; /* the board's labels name seats as the table does */
	r->draw_board(rg, pos->state, req->viewer, &c->canvas);
	if ((req->flags & BONES_PICTURE_LAST) && pos->session &&
	    !(c->marks_seen & (1u << BONES_MARK_LAST)))
		bones_picture_last_moves(c, pos->session, pos->index);
	draw_targets(c, places, n);
	free(places);
	if (req->flags & BONES_PICTURE_GHOST)
		r->draw_ghost(rg, pos->state, req->ghost, &c->canvas);
	if (f.top > 0) {
		bones_picture_rect(c, 0, 0, f.w, f.top, 0, BONES_RGBA(52, 58, 70, 255), BONES_NONE, 0);
		bones_picture_text(c, f.u, f.top / 2, 1.2 * f.u, BONES_RGBA(245, 245, 245, 255),
				   BONES_ALIGN_LEFT, req->title);
	}
	if (f.col_w > 0)
		draw_hands(c, &f, r, pos, req->viewer, out);
	if (f.band > 0)
		draw_band(c, f, pos);
	c->view = out->board;
	c->mark_kinds = BONES_PICTURE_MARKS_ALL;
	return BONES_OK;
}

/* ---- output ------------------------------------------------------------------------ */

typedef struct sink {
	FILE *file;             /* or memory: */
	unsigned char *data;
	size_t size, cap;
	bool failed;
} sink;

static cairo_status_t sink_write(void *closure, const unsigned char *data, unsigned int n)
{
	sink *s = closure;
	if (s->file) {
		if (fwrite(data, 1, n, s->file) != n)
			s->failed = true;
		return s->failed ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
	}
	if (s->size + n > s->cap) {
		size_t cap = s->cap ? s->cap : 65536;
		while (cap < s->size + n)
			cap *= 2;
		unsigned char *d = realloc(s->data, cap);
		if (!d) {
			s->failed = true;
			return CAIRO_STATUS_NO_MEMORY;
		}
		s->data = d, s->cap = cap;
	}
	memcpy(s->data + s->size, data, n);
	s->size += n;
	return CAIRO_STATUS_SUCCESS;
}

static cairo_surface_t *make_surface(bones_picture_format format, int w, int h, sink *s)
{
	switch (format) {
	case BONES_PICTURE_SVG: {
		cairo_surface_t *svg = cairo_svg_surface_create_for_stream(sink_write, s, w, h);
		cairo_svg_surface_set_document_unit(svg, CAIRO_SVG_UNIT_PX); /* for browsers */
		return svg;
	}
	case BONES_PICTURE_PDF:
		return cairo_pdf_surface_create_for_stream(sink_write, s, w, h);
	default:
		return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
	}
}

static bones_status render_to(const bones_picture_game *pos, const bones_picture_request *req,
			      bones_picture_format format, sink *s,
			      bones_picture_layout *layout, char *err, size_t errcap)
{
	if (req->width < 64 || req->height < 64 || req->width > 8192 || req->height > 8192) {
		snprintf(err, errcap, _("picture size %dx%d: expected 64..8192 each"), req->width,
			 req->height);
		return BONES_EINVAL;
	}
	cairo_surface_t *surf = make_surface(format, req->width, req->height, s);
	cairo_t *cr = cairo_create(surf);
	bones_picture_canvas c;
	bones_status st = bones_picture_canvas_init(&c, cr, err, errcap);
	if (st == BONES_OK)
		st = bones_picture_draw(&c, pos, req, layout, err, errcap);
	bones_picture_canvas_release(&c);
	cairo_status_t cs = cairo_status(cr);
	cairo_destroy(cr);
	if (st == BONES_OK && cs == CAIRO_STATUS_SUCCESS && format == BONES_PICTURE_PNG)
		cs = cairo_surface_write_to_png_stream(surf, sink_write, s);
	cairo_surface_finish(surf);
	if (cs == CAIRO_STATUS_SUCCESS)
		cs = cairo_surface_status(surf);
	cairo_surface_destroy(surf);
	if (st == BONES_OK && (cs != CAIRO_STATUS_SUCCESS || s->failed)) {
		snprintf(err, errcap, "%s", s->failed && s->file ? _("write failed")
								 : cairo_status_to_string(cs));
		st = cs == CAIRO_STATUS_NO_MEMORY ? BONES_ENOMEM : BONES_EIO;
	}
	return st;
}

bones_status bones_picture_write(const bones_picture_game *pos,
				 const bones_picture_request *req, bones_picture_format format,
				 const char *path, bones_picture_layout *layout, char *err,
				 size_t errcap)
{
	sink s = {0};
	s.file = fopen(path, "wb");
	if (!s.file) {
		snprintf(err, errcap, _("%s: cannot write"), path);
		return BONES_EIO;
	}
	char why[256] = "";
	bones_status st = render_to(pos, req, format, &s, layout, why, sizeof why);
	if (fclose(s.file) != 0 && st == BONES_OK) {
		snprintf(why, sizeof why, "%s", _("write failed"));
		st = BONES_EIO;
	}
	if (st != BONES_OK) {
		snprintf(err, errcap, "%s: %s", path, why);
		remove(path);
	}
	return st;
}

bones_status bones_picture_encode(const bones_picture_game *pos,
				  const bones_picture_request *req, bones_picture_format format,
				  unsigned char **data, size_t *size,
				  bones_picture_layout *layout, char *err, size_t errcap)
{
	sink s = {0};
	*data = NULL;
	*size = 0;
	bones_status st = render_to(pos, req, format, &s, layout, err, errcap);
	if (st != BONES_OK) {
		free(s.data);
		return st;
	}
	*data = s.data;
	*size = s.size;
	return BONES_OK;
}
