/* The bones_canvas of render.h on a cairo_t: anti-aliased polygons, circles, lines,
 * text (DejaVu Sans through fontconfig and FreeType), domino pips and highlight marks.
 * The same code draws on an image surface (window, PNG) and on SVG and PDF surfaces. */
#include <cairo-ft.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/picture.h"

#include "bones/i18n.h"

#define MAX_POINTS 4096
#define PI 3.14159265358979323846
/* Cairo's font size is the em; the canvas's text height is the line (~1.17 em). */
#define EM_PER_HEIGHT (1.0 / 1.17)
/* The baseline below the vertical centre of digits and capitals, in ems. */
#define BASELINE_DROP 0.36

static void set_color(cairo_t *cr, bones_color c)
{
	cairo_set_source_rgba(cr, (double)(c >> 24) / 255.0, (double)((c >> 16) & 0xff) / 255.0,
			      (double)((c >> 8) & 0xff) / 255.0, (double)(c & 0xff) / 255.0);
}

static bool visible(bones_color c)
{
	return (c & 0xff) != 0;
}

/* Fill then stroke the current path; the path is consumed. */
static void paint_path(cairo_t *cr, bones_color fill, bones_color stroke, double width)
{
	if (visible(fill)) {
		set_color(cr, fill);
		if (visible(stroke) && width > 0)
			cairo_fill_preserve(cr);
		else
			cairo_fill(cr);
	}
	if (visible(stroke) && width > 0) {
		set_color(cr, stroke);
		cairo_set_line_width(cr, width);
		cairo_stroke(cr);
	}
	cairo_new_path(cr);
}

void bones_picture_polygon(bones_picture_canvas *c, const float *xy, int points,
			   bones_color fill, bones_color stroke, double width)
{
	if (points < 2 || points > MAX_POINTS)
		return;
	cairo_t *cr = c->cr;
	cairo_new_path(cr);
	cairo_move_to(cr, xy[0], xy[1]);
	for (int i = 1; i < points; i++)
		cairo_line_to(cr, xy[2 * i], xy[2 * i + 1]);
	if (points > 2)
		cairo_close_path(cr);
	paint_path(cr, points > 2 ? fill : BONES_NONE, stroke, width);
}

void bones_picture_circle(bones_picture_canvas *c, double x, double y, double radius,
			  bones_color fill, bones_color stroke, double width)
{
	if (radius <= 0)
		return;
	cairo_new_path(c->cr);
	cairo_arc(c->cr, x, y, radius, 0, 2 * PI);
	cairo_close_path(c->cr);
	paint_path(c->cr, fill, stroke, width);
}

void bones_picture_line(bones_picture_canvas *c, double x0, double y0, double x1,
			double y1, bones_color color, double width)
{
	if (!visible(color) || width <= 0)
		return;
	cairo_new_path(c->cr);
	cairo_move_to(c->cr, x0, y0);
	cairo_line_to(c->cr, x1, y1);
	cairo_set_line_cap(c->cr, CAIRO_LINE_CAP_ROUND);
	paint_path(c->cr, BONES_NONE, color, width);
	cairo_set_line_cap(c->cr, CAIRO_LINE_CAP_BUTT);
}

void bones_picture_rect(bones_picture_canvas *c, double x, double y, double w, double h,
			double radius, bones_color fill, bones_color stroke, double width)
{
	cairo_t *cr = c->cr;
	cairo_new_path(cr);
	if (radius <= 0) {
		cairo_rectangle(cr, x, y, w, h);
	} else {
		double r = fmin(radius, fmin(w, h) / 2);
		cairo_arc(cr, x + w - r, y + r, r, -PI / 2, 0);
		cairo_arc(cr, x + w - r, y + h - r, r, 0, PI / 2);
		cairo_arc(cr, x + r, y + h - r, r, PI / 2, PI);
		cairo_arc(cr, x + r, y + r, r, PI, 1.5 * PI);
		cairo_close_path(cr);
	}
	paint_path(cr, fill, stroke, width);
}

static void use_font(bones_picture_canvas *c, double h)
{
	if (c->face)
		cairo_set_font_face(c->cr, c->face);
	else
		cairo_select_font_face(c->cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
				       CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(c->cr, h * EM_PER_HEIGHT);
}

double bones_picture_text_width(bones_picture_canvas *c, double h, const char *utf8)
{
	if (!utf8 || !*utf8 || h <= 0)
		return 0;
	cairo_text_extents_t ext;
	use_font(c, h);
	cairo_text_extents(c->cr, utf8, &ext);
	return ext.x_advance;
}

double bones_picture_text(bones_picture_canvas *c, double x, double y, double h,
			  bones_color color, int align, const char *utf8)
{
	if (!utf8 || !*utf8 || h < 1 || !visible(color))
		return 0;
	cairo_t *cr = c->cr;
	cairo_text_extents_t ext;
	use_font(c, h);
	cairo_text_extents(cr, utf8, &ext);
	double w = ext.x_advance;
	double left = align == BONES_ALIGN_LEFT ? x : align == BONES_ALIGN_RIGHT ? x - w : x - w / 2;
	cairo_new_path(cr);
	cairo_move_to(cr, left, y + BASELINE_DROP * h * EM_PER_HEIGHT);
	set_color(cr, color);
	cairo_show_text(cr, utf8);
	cairo_new_path(cr);
	return w;
}

bones_color bones_picture_player_color(int p)
{
	return bones_player_color(p);
}

/* ---- world units through c->view --------------------------------------------------- */

/* The path of a polygon given in world units, in device units. */
static void world_path(bones_picture_canvas *c, const float *xy, int points)
{
	cairo_t *cr = c->cr;
	cairo_new_path(cr);
	for (int i = 0; i < points; i++) {
		double x = xy[2 * i] * c->view.scale + c->view.ox;
		double y = xy[2 * i + 1] * c->view.scale + c->view.oy;
		if (i == 0)
			cairo_move_to(cr, x, y);
		else
			cairo_line_to(cr, x, y);
	}
	if (points > 2)
		cairo_close_path(cr);
}

static void cv_polygon(void *user, const float *xy, int points, bones_color fill,
		       bones_color stroke, float width)
{
	bones_picture_canvas *c = user;
	if (points < 2 || points > MAX_POINTS)
		return;
	world_path(c, xy, points);
	cairo_set_line_join(c->cr, CAIRO_LINE_JOIN_ROUND);
	paint_path(c->cr, points > 2 ? fill : BONES_NONE, stroke, width * c->view.scale);
	cairo_set_line_join(c->cr, CAIRO_LINE_JOIN_MITER);
}

static void cv_circle(void *user, float x, float y, float radius, bones_color fill,
		      bones_color stroke, float width)
{
	bones_picture_canvas *c = user;
	const bones_picture_view *v = &c->view;
	bones_picture_circle(c, x * v->scale + v->ox, y * v->scale + v->oy, radius * v->scale,
			     fill, stroke, width * v->scale);
}

static void cv_line(void *user, float x0, float y0, float x1, float y1, bones_color color,
		    float width)
{
	bones_picture_canvas *c = user;
	const bones_picture_view *v = &c->view;
	bones_picture_line(c, x0 * v->scale + v->ox, y0 * v->scale + v->oy,
			   x1 * v->scale + v->ox, y1 * v->scale + v->oy, color, width * v->scale);
}

static void cv_text(void *user, float x, float y, float height, bones_color color,
		    int align, const char *utf8)
{
	bones_picture_canvas *c = user;
	const bones_picture_view *v = &c->view;
	bones_picture_text(c, x * v->scale + v->ox, y * v->scale + v->oy, height * v->scale,
			   color, align, utf8);
}

/* Pip positions on a 3x3 grid (-1, 0, 1), the classic domino faces 0..9. */
static const signed char pip_grid[10][9][2] = {
	{{0}},
	{{0, 0}},
	{{-1, -1}, {1, 1}},
	{{-1, -1}, {0, 0}, {1, 1}},
	{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
	{{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
	{{-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {1, 1}},
	{{-1, -1}, {1, -1}, {-1, 0}, {0, 0}, {1, 0}, {-1, 1}, {1, 1}},
	{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}},
	{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {0, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}},
};

static void cv_pips(void *user, float x, float y, float side, int count, bones_color color)
{
	bones_picture_canvas *c = user;
	if (count < 0 || count > 9 || !visible(color))
		return;
	const bones_picture_view *v = &c->view;
	double s = side * v->scale, cx = x * v->scale + v->ox, cy = y * v->scale + v->oy;
	cairo_new_path(c->cr);
	for (int i = 0; i < count; i++) {
		double px = cx + pip_grid[count][i][0] * s * 0.28;
		double py = cy + pip_grid[count][i][1] * s * 0.28;
		cairo_new_sub_path(c->cr);
		cairo_arc(c->cr, px, py, s * 0.1, 0, 2 * PI);
	}
	paint_path(c->cr, color, BONES_NONE, 0);
}

void bones_picture_mark(bones_picture_canvas *c, const float *xy, int points, int kind)
{
	if (points < 2 || points > MAX_POINTS)
		return;
	double w = fmin(fmax(2.0, c->view.scale * 0.035), 7.0);
	world_path(c, xy, points);
	cairo_set_line_join(c->cr, CAIRO_LINE_JOIN_ROUND);
	switch (kind) {
	case BONES_MARK_TARGET:
		paint_path(c->cr, BONES_RGBA(60, 200, 90, 80), BONES_RGBA(30, 150, 60, 230), w);
		break;
	case BONES_MARK_LAST:
		paint_path(c->cr, BONES_RGBA(255, 214, 60, 50), BONES_RGBA(235, 150, 0, 255),
			   w * 1.2);
		break;
	case BONES_MARK_BLOCKED:
		paint_path(c->cr, BONES_RGBA(120, 40, 40, 60), BONES_RGBA(150, 60, 60, 140),
			   fmax(1.0, w * 0.5));
		break;
	default:
		paint_path(c->cr, BONES_NONE, BONES_RGBA(120, 130, 140, 120), fmax(1.0, w * 0.4));
		break;
	}
	cairo_set_line_join(c->cr, CAIRO_LINE_JOIN_MITER);
}

static void cv_mark(void *user, const float *xy, int points, int kind)
{
	bones_picture_canvas *c = user;
	if (c->on_mark)
		c->on_mark(c->mark_ctx, xy, points, kind);
	if (kind >= 0 && kind < 32)
		c->marks_seen |= 1u << kind;
	if (kind >= 0 && kind < 32 && (c->mark_kinds >> kind) & 1u)
		bones_picture_mark(c, xy, points, kind);
}

/* ---- fonts ----------------------------------------------------------------------- */

/* A face for the font file $BONES_GUI_FONT, else NULL (the toy face is used). */
static cairo_font_face_t *face_from_env(char *err, size_t errcap, bool *failed)
{
	const char *path = getenv("BONES_GUI_FONT");
	*failed = false;
	if (!path || !*path)
		return NULL;
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, errcap, _("BONES_GUI_FONT: cannot open '%s'"), path);
		*failed = true;
		return NULL;
	}
	fclose(f);
	FcPattern *pat = FcPatternCreate();
	if (!pat)
		return NULL;
	FcPatternAddString(pat, FC_FILE, (const FcChar8 *)path);
	FcPatternAddInteger(pat, FC_INDEX, 0);
	cairo_font_face_t *face = cairo_ft_font_face_create_for_pattern(pat);
	FcPatternDestroy(pat);
	return face;
}

bones_status bones_picture_canvas_init(bones_picture_canvas *c, cairo_t *cr, char *err,
				       size_t errcap)
{
	memset(c, 0, sizeof *c);
	c->cr = cr;
	c->view.scale = 1;
	c->mark_kinds = BONES_PICTURE_MARKS_ALL;
	c->canvas.size = sizeof c->canvas;
	c->canvas.user = c;
	c->canvas.polygon = cv_polygon;
	c->canvas.circle = cv_circle;
	c->canvas.line = cv_line;
	c->canvas.text = cv_text;
	c->canvas.pips = cv_pips;
	c->canvas.mark = cv_mark;
	bool failed;
	c->face = face_from_env(err, errcap, &failed);
	if (failed)
		return BONES_EIO;
	if (!c->face)
		c->face = cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
						     CAIRO_FONT_WEIGHT_NORMAL);
	if (cairo_font_face_status(c->face) != CAIRO_STATUS_SUCCESS) {
		snprintf(err, errcap, _("cannot load the font: %s"),
			 cairo_status_to_string(cairo_font_face_status(c->face)));
		cairo_font_face_destroy(c->face);
		c->face = NULL;
		return BONES_EIO;
	}
	return BONES_OK;
}

void bones_picture_release_caches(void)
{
	cairo_debug_reset_static_data();
	FcFini();
}

void bones_picture_canvas_release(bones_picture_canvas *c)
{
	if (c->face)
		cairo_font_face_destroy(c->face);
	c->face = NULL;
}
