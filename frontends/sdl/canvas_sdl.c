/* The GUI's canvas: every frame is drawn with Cairo (the bones/picture.h canvas) onto an
 * image surface of the window's pixel size and uploaded as one streaming texture. The
 * bones_canvas handed to plugins reads d->view at each call, so screens keep setting the
 * view as before; marks are captured in world units for hit tests. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"

#include "gui.h"

/* Keep pc.view in step with d->view (screens assign d->view directly). */
static bones_picture_canvas *pc_of(gui_draw *d)
{
	d->pc.view.scale = d->view.scale;
	d->pc.view.ox = d->view.ox;
	d->pc.view.oy = d->view.oy;
	return &d->pc;
}

void gui_draw_color(gui_draw *d, bones_color c)
{
	cairo_set_source_rgba(d->pc.cr, (double)(c >> 24) / 255.0,
			      (double)((c >> 16) & 0xff) / 255.0, (double)((c >> 8) & 0xff) / 255.0,
			      (double)(c & 0xff) / 255.0);
}

void gui_line_px(gui_draw *d, float x0, float y0, float x1, float y1, bones_color color,
		 float width)
{
	bones_picture_line(&d->pc, x0, y0, x1, y1, color, width);
}

void gui_circle_px(gui_draw *d, float x, float y, float radius, bones_color fill,
		   bones_color stroke, float width)
{
	bones_picture_circle(&d->pc, x, y, radius, fill, stroke, width);
}

void gui_poly_px(gui_draw *d, const float *xy, int points, bones_color fill,
		 bones_color stroke, float width)
{
	bones_picture_polygon(&d->pc, xy, points, fill, stroke, width);
}

void gui_fill_rect(gui_draw *d, SDL_FRect r, bones_color fill)
{
	bones_picture_rect(&d->pc, r.x, r.y, r.w, r.h, 0, fill, BONES_NONE, 0);
}

void gui_stroke_rect(gui_draw *d, SDL_FRect r, bones_color color, float width)
{
	/* inset by half the width so the stroke stays inside the rectangle, crisp at 1 px */
	double in = width / 2;
	bones_picture_rect(&d->pc, r.x + in, r.y + in, r.w - width, r.h - width, 0, BONES_NONE,
			   color, width);
}

void gui_round_rect(gui_draw *d, SDL_FRect r, float radius, bones_color fill,
		    bones_color stroke, float width)
{
	double in = (stroke & 0xff) ? width / 2 : 0;
	bones_picture_rect(&d->pc, r.x + in, r.y + in, r.w - 2 * in, r.h - 2 * in, radius, fill,
			   stroke, width);
}

float gui_text_width(gui_draw *d, float h, const char *utf8)
{
	return (float)bones_picture_text_width(&d->pc, h, utf8);
}

float gui_text_px(gui_draw *d, float x, float y, float h, bones_color color, int align,
		  const char *utf8)
{
	if (d->text_log && utf8 && utf8[0])
		fprintf(d->text_log, "text: %s\n", utf8);
	if (h < 3)
		return 0;
	return (float)bones_picture_text(&d->pc, x, y, h, color, align, utf8);
}

float gui_text_fit(gui_draw *d, float x, float y, float h, float max_w, bones_color color,
		   int align, const char *utf8)
{
	float w = gui_text_width(d, h, utf8);
	if (w > max_w && max_w > 0)
		h *= max_w / w;
	return gui_text_px(d, x, y, h, color, align, utf8);
}

bool gui_point_in_poly(const float *xy, int n, float x, float y)
{
	bool in = false;
	for (int i = 0, j = n - 1; i < n; j = i++) {
		float xi = xy[2 * i], yi = xy[2 * i + 1], xj = xy[2 * j], yj = xy[2 * j + 1];
		if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi)
			in = !in;
	}
	return in;
}

void gui_mark_world(gui_draw *d, const float *xy, int points, int kind)
{
	bones_picture_mark(pc_of(d), xy, points, kind);
}

void gui_marks_begin(gui_draw *d)
{
	d->pc.marks_seen = 0;
}

void gui_last_moves(gui_draw *d, const bones_session *s, size_t upto)
{
	d->last_marks = d->pc.marks_seen & (1u << BONES_MARK_LAST)
				? 1 : bones_picture_last_moves(pc_of(d), s, upto);
}

void gui_clip(gui_draw *d, SDL_FRect r)
{
	cairo_reset_clip(d->pc.cr);
	cairo_rectangle(d->pc.cr, r.x, r.y, r.w, r.h);
	cairo_clip(d->pc.cr);
}

void gui_unclip(gui_draw *d)
{
	cairo_reset_clip(d->pc.cr);
}

void gui_ghost_begin(gui_draw *d)
{
	cairo_push_group(d->pc.cr);
}

void gui_ghost_end(gui_draw *d, double opacity)
{
	cairo_pop_group_to_source(d->pc.cr);
	cairo_paint_with_alpha(d->pc.cr, opacity);
}

/* ---- the bones_canvas callbacks: world units through d->view -------------------- */

static void cv_polygon(void *user, const float *xy, int points, bones_color fill,
		       bones_color stroke, float width)
{
	gui_draw *d = user;
	bones_picture_canvas *pc = pc_of(d);
	pc->canvas.polygon(pc, xy, points, fill, stroke, width);
}

static void cv_circle(void *user, float x, float y, float radius, bones_color fill,
		      bones_color stroke, float width)
{
	bones_picture_canvas *pc = pc_of(user);
	pc->canvas.circle(pc, x, y, radius, fill, stroke, width);
}

static void cv_line(void *user, float x0, float y0, float x1, float y1, bones_color color,
		    float width)
{
	bones_picture_canvas *pc = pc_of(user);
	pc->canvas.line(pc, x0, y0, x1, y1, color, width);
}

static void cv_text(void *user, float x, float y, float height, bones_color color,
		    int align, const char *utf8)
{
	bones_picture_canvas *pc = pc_of(user);
	pc->canvas.text(pc, x, y, height, color, align, utf8);
}

static void cv_pips(void *user, float x, float y, float side, int count, bones_color color)
{
	bones_picture_canvas *pc = pc_of(user);
	pc->canvas.pips(pc, x, y, side, count, color);
}

static void capture_mark(void *ctx, const float *xy, int points, int kind)
{
	gui_draw *d = ctx;
	if (!d->capture || points < 3 || points > GUI_POLY_MAX)
		return;
	if (d->mark_count == d->mark_cap) {
		int cap = d->mark_cap ? 2 * d->mark_cap : 64;
		gui_mark *m = realloc(d->marks, (size_t)cap * sizeof *m);
		if (m)
			d->marks = m, d->mark_cap = cap;
	}
	if (d->mark_count < d->mark_cap) {
		gui_mark *m = &d->marks[d->mark_count++];
		memcpy(m->xy, xy, (size_t)points * 2 * sizeof *xy);
		m->points = points;
		m->kind = kind;
	}
}

static void cv_mark(void *user, const float *xy, int points, int kind)
{
	bones_picture_canvas *pc = pc_of(user);
	pc->canvas.mark(pc, xy, points, kind);
}

/* ---- frames ------------------------------------------------------------------------ */

bool gui_draw_begin(gui_draw *d, int w, int h, bones_color background)
{
	w = w < 1 ? 1 : w, h = h < 1 ? 1 : h;
	if (!d->surface || w != d->w || h != d->h) {
		if (d->pc.cr)
			cairo_destroy(d->pc.cr);
		if (d->surface)
			cairo_surface_destroy(d->surface);
		if (d->texture)
			SDL_DestroyTexture(d->texture);
		d->texture = NULL;
		d->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
		d->pc.cr = cairo_create(d->surface);
		d->w = w, d->h = h;
		if (cairo_status(d->pc.cr) != CAIRO_STATUS_SUCCESS)
			return false;
	}
	cairo_reset_clip(d->pc.cr);
	cairo_identity_matrix(d->pc.cr);
	cairo_set_operator(d->pc.cr, CAIRO_OPERATOR_SOURCE);
	gui_draw_color(d, background);
	cairo_paint(d->pc.cr);
	cairo_set_operator(d->pc.cr, CAIRO_OPERATOR_OVER);
	return true;
}

void gui_draw_present(gui_draw *d)
{
	if (!d->r || !d->surface)
		return;
	cairo_surface_flush(d->surface);
	if (!d->texture) {
		/* Cairo's ARGB32 is a native-endian 32-bit word: SDL's ARGB8888. */
		d->texture = SDL_CreateTexture(d->r, SDL_PIXELFORMAT_ARGB8888,
					       SDL_TEXTUREACCESS_STREAMING, d->w, d->h);
		if (!d->texture)
			return;
	}
	SDL_UpdateTexture(d->texture, NULL, cairo_image_surface_get_data(d->surface),
			  cairo_image_surface_get_stride(d->surface));
	SDL_RenderCopy(d->r, d->texture, NULL, NULL);
}

bool gui_draw_save_png(gui_draw *d, const char *path)
{
	if (!d->surface)
		return false;
	cairo_surface_flush(d->surface);
	return cairo_surface_write_to_png(d->surface, path) == CAIRO_STATUS_SUCCESS;
}

bones_color gui_draw_pixel(gui_draw *d, int x, int y)
{
	if (!d->surface || x < 0 || y < 0 || x >= d->w || y >= d->h)
		return 0;
	cairo_surface_flush(d->surface);
	const unsigned char *row = cairo_image_surface_get_data(d->surface) +
				   (size_t)y * (size_t)cairo_image_surface_get_stride(d->surface);
	uint32_t v;
	memcpy(&v, row + 4 * x, 4);
	uint32_t a = v >> 24, r = (v >> 16) & 0xff, g = (v >> 8) & 0xff, b = v & 0xff;
	if (a > 0 && a < 255) /* un-premultiply */
		r = r * 255 / a, g = g * 255 / a, b = b * 255 / a;
	return BONES_RGBA(r, g, b, a);
}

void gui_draw_init(gui_draw *d, SDL_Renderer *r, gui_fonts *fonts)
{
	char err[256];
	memset(d, 0, sizeof *d);
	d->r = r;
	d->fonts = fonts;
	d->view.scale = 1;
	if (bones_picture_canvas_init(&d->pc, NULL, err, sizeof err) != BONES_OK)
		fprintf(stderr, _("bones-gui: %s (using the default font)\n"), err);
	d->pc.on_mark = capture_mark;
	d->pc.mark_ctx = d;
	d->canvas.size = sizeof d->canvas;
	d->canvas.user = d;
	d->canvas.polygon = cv_polygon;
	d->canvas.circle = cv_circle;
	d->canvas.line = cv_line;
	d->canvas.text = cv_text;
	d->canvas.pips = cv_pips;
	d->canvas.mark = cv_mark;
	gui_draw_begin(d, 64, 64, BONES_RGBA(30, 34, 42, 255));
}

void gui_draw_release(gui_draw *d)
{
	free(d->marks);
	d->marks = NULL;
	d->mark_count = d->mark_cap = 0;
	if (d->pc.cr)
		cairo_destroy(d->pc.cr);
	if (d->surface)
		cairo_surface_destroy(d->surface);
	if (d->texture)
		SDL_DestroyTexture(d->texture);
	d->pc.cr = NULL, d->surface = NULL, d->texture = NULL;
	bones_picture_canvas_release(&d->pc);
}
