/* The bones_canvas of render.h on an SDL_Renderer: polygons (ear-clipped when concave),
 * circles, thick lines, text through SDL_ttf, domino pips and highlight marks. Works on
 * a window's renderer and on the software renderer of an off-screen surface alike. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gui.h"

#define MAX_POINTS 256

static SDL_Color sdl_color(bones_color c)
{
	SDL_Color s = {(Uint8)(c >> 24), (Uint8)(c >> 16), (Uint8)(c >> 8), (Uint8)c};
	return s;
}

void gui_draw_color(gui_draw *d, bones_color c)
{
	SDL_SetRenderDrawColor(d->r, (Uint8)(c >> 24), (Uint8)(c >> 16), (Uint8)(c >> 8),
			       (Uint8)c);
}

static void triangles(gui_draw *d, const float *xy, const int *idx, int count,
		      bones_color fill)
{
	SDL_Vertex v[3 * MAX_POINTS];
	SDL_Color col = sdl_color(fill);
	if (count > MAX_POINTS)
		count = MAX_POINTS;
	for (int i = 0; i < count * 3; i++) {
		v[i].position.x = xy[2 * idx[i]];
		v[i].position.y = xy[2 * idx[i] + 1];
		v[i].color = col;
		v[i].tex_coord.x = v[i].tex_coord.y = 0;
	}
	SDL_RenderGeometry(d->r, NULL, v, count * 3, NULL, 0);
}

static float cross(const float *a, const float *b, const float *c)
{
	return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

static float area2(const float *xy, int n)
{
	float a = 0;
	for (int i = 0; i < n; i++) {
		int j = (i + 1) % n;
		a += xy[2 * i] * xy[2 * j + 1] - xy[2 * j] * xy[2 * i + 1];
	}
	return a;
}

static bool inside_tri(const float *a, const float *b, const float *c, const float *p)
{
	return cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0;
}

/* Ear clipping: fine for the few dozen points of a game piece. */
static int triangulate(const float *xy, int n, int *out)
{
	int ring[MAX_POINTS], m = n, count = 0;
	bool ccw = area2(xy, n) > 0;
	for (int i = 0; i < n; i++)
		ring[i] = ccw ? i : n - 1 - i;
	int guard = 0;
	while (m > 3 && guard++ < 4 * n * n) {
		bool clipped = false;
		for (int i = 0; i < m && !clipped; i++) {
			int ia = ring[(i + m - 1) % m], ib = ring[i], ic = ring[(i + 1) % m];
			const float *a = xy + 2 * ia, *b = xy + 2 * ib, *c = xy + 2 * ic;
			if (cross(a, b, c) <= 0)
				continue;
			bool ear = true;
			for (int k = 0; k < m && ear; k++) {
				int ik = ring[k];
				if (ik != ia && ik != ib && ik != ic && inside_tri(a, b, c, xy + 2 * ik))
					ear = false;
			}
			if (!ear)
				continue;
			out[3 * count] = ia, out[3 * count + 1] = ib, out[3 * count + 2] = ic;
			count++;
			memmove(ring + i, ring + i + 1, (size_t)(m - i - 1) * sizeof *ring);
			m--;
			clipped = true;
		}
		if (!clipped)
			break; /* degenerate: fall back to a fan over what is left */
	}
	for (int i = 1; i + 1 < m; i++) {
		out[3 * count] = ring[0], out[3 * count + 1] = ring[i];
		out[3 * count + 2] = ring[i + 1];
		count++;
	}
	return count;
}

void gui_line_px(gui_draw *d, float x0, float y0, float x1, float y1, bones_color color,
		 float width)
{
	if ((color & 0xff) == 0)
		return;
	float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
	if (width <= 1.25f || len <= 0) {
		gui_draw_color(d, color);
		SDL_RenderDrawLineF(d->r, x0, y0, x1, y1);
		return;
	}
	float nx = -dy / len * width / 2, ny = dx / len * width / 2;
	float q[8] = {x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny};
	static const int idx[6] = {0, 1, 2, 0, 2, 3};
	triangles(d, q, idx, 2, color);
}

void gui_circle_px(gui_draw *d, float x, float y, float radius, bones_color fill,
		   bones_color stroke, float width)
{
	int n = (int)(radius * 0.8f);
	n = n < 12 ? 12 : n > 96 ? 96 : n;
	float xy[2 * 96];
	for (int i = 0; i < n; i++) {
		double a = 2 * 3.14159265358979323846 * i / n;
		xy[2 * i] = x + radius * (float)cos(a);
		xy[2 * i + 1] = y + radius * (float)sin(a);
	}
	gui_poly_px(d, xy, n, fill, stroke, width);
}

void gui_poly_px(gui_draw *d, const float *xy, int points, bones_color fill,
		 bones_color stroke, float width)
{
	if (points < 2 || points > MAX_POINTS)
		return;
	if ((fill & 0xff) && points >= 3) {
		int idx[3 * MAX_POINTS];
		int count = triangulate(xy, points, idx);
		triangles(d, xy, idx, count, fill);
	}
	if ((stroke & 0xff) && width > 0) {
		for (int i = 0; i < points; i++) {
			int j = (i + 1) % points;
			if (points == 2 && i == 1)
				break;
			gui_line_px(d, xy[2 * i], xy[2 * i + 1], xy[2 * j], xy[2 * j + 1], stroke,
				    width);
		}
	}
}

void gui_fill_rect(gui_draw *d, SDL_FRect rect, bones_color fill)
{
	gui_draw_color(d, fill);
	SDL_RenderFillRectF(d->r, &rect);
}

void gui_stroke_rect(gui_draw *d, SDL_FRect r, bones_color color, float width)
{
	float xy[8] = {r.x, r.y, r.x + r.w, r.y, r.x + r.w, r.y + r.h, r.x, r.y + r.h};
	if (width <= 1.25f) {
		gui_draw_color(d, color);
		SDL_RenderDrawRectF(d->r, &r);
		return;
	}
	gui_poly_px(d, xy, 4, BONES_NONE, color, width);
}

static int font_px(float h)
{
	return (int)lroundf(h / 1.17f);
}

float gui_text_width(gui_draw *d, float h, const char *utf8)
{
	TTF_Font *font = gui_fonts_get(d->fonts, font_px(h));
	int w = 0, hh = 0;
	if (!font || !*utf8 || TTF_SizeUTF8(font, utf8, &w, &hh) != 0)
		return 0;
	return (float)w;
}

float gui_text_px(gui_draw *d, float x, float y, float h, bones_color color, int align,
		  const char *utf8)
{
	if (h < 3 || !utf8 || !*utf8 || (color & 0xff) == 0)
		return 0;
	TTF_Font *font = gui_fonts_get(d->fonts, font_px(h));
	if (!font)
		return 0;
	SDL_Surface *surf = TTF_RenderUTF8_Blended(font, utf8, sdl_color(color));
	if (!surf)
		return 0;
	SDL_Texture *tex = SDL_CreateTextureFromSurface(d->r, surf);
	float w = (float)surf->w, sh = (float)surf->h;
	SDL_FreeSurface(surf);
	if (!tex)
		return 0;
	float left = align == BONES_ALIGN_LEFT ? x : align == BONES_ALIGN_RIGHT ? x - w : x - w / 2;
	SDL_FRect dst = {floorf(left), floorf(y - sh / 2), w, sh};
	SDL_RenderCopyF(d->r, tex, NULL, &dst);
	SDL_DestroyTexture(tex);
	return w;
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

/* ---- the bones_canvas callbacks: world units through d->view -------------------- */

static void to_px(const gui_draw *d, const float *xy, int n, float *out)
{
	for (int i = 0; i < n; i++) {
		out[2 * i] = xy[2 * i] * d->view.scale + d->view.ox;
		out[2 * i + 1] = xy[2 * i + 1] * d->view.scale + d->view.oy;
	}
}

static void cv_polygon(void *user, const float *xy, int points, bones_color fill,
		       bones_color stroke, float width)
{
	gui_draw *d = user;
	float px[2 * MAX_POINTS];
	if (points < 2 || points > MAX_POINTS)
		return;
	to_px(d, xy, points, px);
	gui_poly_px(d, px, points, fill, stroke, width * d->view.scale);
}

static void cv_circle(void *user, float x, float y, float radius, bones_color fill,
		      bones_color stroke, float width)
{
	gui_draw *d = user;
	gui_circle_px(d, x * d->view.scale + d->view.ox, y * d->view.scale + d->view.oy,
		      radius * d->view.scale, fill, stroke, width * d->view.scale);
}

static void cv_line(void *user, float x0, float y0, float x1, float y1, bones_color color,
		    float width)
{
	gui_draw *d = user;
	const gui_view *v = &d->view;
	gui_line_px(d, x0 * v->scale + v->ox, y0 * v->scale + v->oy, x1 * v->scale + v->ox,
		    y1 * v->scale + v->oy, color, width * v->scale);
}

static void cv_text(void *user, float x, float y, float height, bones_color color,
		    int align, const char *utf8)
{
	gui_draw *d = user;
	gui_text_px(d, x * d->view.scale + d->view.ox, y * d->view.scale + d->view.oy,
		    height * d->view.scale, color, align, utf8);
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
	gui_draw *d = user;
	if (count < 0 || count > 9)
		return;
	float s = side * d->view.scale, cx = x * d->view.scale + d->view.ox;
	float cy = y * d->view.scale + d->view.oy;
	for (int i = 0; i < count; i++)
		gui_circle_px(d, cx + (float)pip_grid[count][i][0] * s * 0.28f,
			      cy + (float)pip_grid[count][i][1] * s * 0.28f, s * 0.1f, color,
			      BONES_NONE, 0);
}

void gui_mark_world(gui_draw *d, const float *xy, int points, int kind)
{
	float px[2 * MAX_POINTS];
	if (points < 2 || points > MAX_POINTS)
		return;
	to_px(d, xy, points, px);
	float w = fminf(fmaxf(2.0f, d->view.scale * 0.025f), 6.0f);
	switch (kind) {
	case BONES_MARK_TARGET:
		gui_poly_px(d, px, points, BONES_RGBA(60, 200, 90, 90), BONES_RGBA(40, 170, 70, 230), w);
		break;
	case BONES_MARK_LAST:
		gui_poly_px(d, px, points, BONES_RGBA(255, 210, 40, 50), BONES_RGBA(240, 170, 0, 255), w * 1.3f);
		break;
	case BONES_MARK_BLOCKED:
		gui_poly_px(d, px, points, BONES_RGBA(120, 40, 40, 70), BONES_RGBA(150, 60, 60, 140), 1.5f);
		break;
	default:
		gui_poly_px(d, px, points, BONES_NONE, BONES_RGBA(120, 130, 140, 110), 1.0f);
		break;
	}
}

static void cv_mark(void *user, const float *xy, int points, int kind)
{
	gui_draw *d = user;
	if (d->capture && points >= 3 && points <= GUI_POLY_MAX) {
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
	gui_mark_world(d, xy, points, kind);
}

void gui_draw_init(gui_draw *d, SDL_Renderer *r, gui_fonts *fonts)
{
	memset(d, 0, sizeof *d);
	d->r = r;
	d->fonts = fonts;
	d->view.scale = 1;
	d->canvas.size = sizeof d->canvas;
	d->canvas.user = d;
	d->canvas.polygon = cv_polygon;
	d->canvas.circle = cv_circle;
	d->canvas.line = cv_line;
	d->canvas.text = cv_text;
	d->canvas.pips = cv_pips;
	d->canvas.mark = cv_mark;
	SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
}

void gui_draw_release(gui_draw *d)
{
	free(d->marks);
	d->marks = NULL;
	d->mark_count = d->mark_cap = 0;
}
