/* Screen layout of the play and replay screens (board on the left, a panel with the
 * hands, scores, move log and buttons on the right) and the clickable buttons. */
#include <string.h>

#include <stdarg.h>
#include <stdio.h>

#include "app.h"

static float clampf(float v, float lo, float hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

void gui_layout_compute(gui_layout *l, int w, int h, int players, int max_hand)
{
	float fw = (float)w, fh = (float)h;
	memset(l, 0, sizeof *l);
	l->u = clampf((fw < fh ? fw : fh) / 42.0f, 11.0f, 40.0f);
	float u = l->u, pad = u * 0.6f;
	float pw = clampf(fw * 0.3f, 17 * u, 30 * u);
	if (pw > fw * 0.5f)
		pw = fw * 0.5f;
	l->board = (SDL_FRect){0, 0, fw - pw, fh};
	l->panel = (SDL_FRect){fw - pw, 0, pw, fh};
	if (players < 1)
		players = 1;
	if (players > GUI_MAX_SEATS)
		players = GUI_MAX_SEATS;
	float y = l->panel.y + 2.2f * u, bar_h = 2.4f * u;
	float room = fh - y - bar_h - 6 * u; /* for the hands, leaving some for the log */
	/* A big hand wraps onto more rows (up to 3) while its pieces would be too small to
	 * read and the players' hands still fit. */
	l->rows = 1;
	for (;;) {
		l->per_row = (max_hand + l->rows - 1) / l->rows;
		l->per_row = l->per_row < 3 ? 3 : l->per_row;
		l->slot = clampf((pw - 2 * pad - u) / (float)l->per_row, u, 4.5f * u);
		float need = (1.6f * u + (float)(l->rows + 1) * l->slot + 0.5f * u) *
			     (float)players;
		if (l->slot >= 3.5f * u || l->rows == 3 || need > room)
			break;
		l->rows++;
	}
	if (max_hand <= 0)
		l->slot = 0; /* no hands (pieces drawn on the board): compact score lines */
	float block = 1.6f * u + (float)l->rows * l->slot + 0.5f * u;
	/* Squeeze the slots when many players would not leave room for the log. */
	if (block * (float)players > room && players > 0 && l->slot > 0) {
		l->slot = clampf((room / (float)players - 2.1f * u) / (float)l->rows, u, l->slot);
		block = 1.6f * u + (float)l->rows * l->slot + 0.5f * u;
	}
	for (int p = 0; p < players; p++) {
		l->hand[p] = (SDL_FRect){l->panel.x + pad, y, pw - 2 * pad, block - 0.3f * u};
		y += block;
	}
	l->bar = (SDL_FRect){l->panel.x + pad, fh - bar_h, pw - 2 * pad, bar_h - pad * 0.5f};
	l->log = (SDL_FRect){l->panel.x + pad, y + 0.3f * u, pw - 2 * pad,
			     l->bar.y - y - 0.6f * u};
	if (l->log.h < 0)
		l->log.h = 0;
}

void gui_button_add(gui_app *a, SDL_FRect r, int id, int arg)
{
	if (a->button_count >= GUI_MAX_BUTTONS)
		return;
	a->buttons[a->button_count++] = (gui_button){r, id, arg};
}

int gui_button_at(const gui_app *a, float x, float y, int *arg)
{
	for (int i = a->button_count - 1; i >= 0; i--) {
		const SDL_FRect *r = &a->buttons[i].r;
		if (x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h) {
			if (arg)
				*arg = a->buttons[i].arg;
			return a->buttons[i].id;
		}
	}
	return BTN_NONE;
}

void gui_layout_bar_rows(gui_layout *l, int rows)
{
	if (rows < 2)
		return;
	float more = 2.2f * l->u * (float)(rows - 1);
	l->bar.y -= more;
	l->bar.h += more;
	l->log.h = l->log.h > more ? l->log.h - more : 0;
}

void gui_button_draw(gui_app *a, SDL_FRect r, int id, int arg, const char *label,
		     bool active)
{
	gui_button_draw_h(a, r, id, arg, label, active, a->layout.u);
}

void gui_button_draw_h(gui_app *a, SDL_FRect r, int id, int arg, const char *label,
		       bool active, float text_h)
{
	bool hot = a->view.mx >= r.x && a->view.mx < r.x + r.w && a->view.my >= r.y && a->view.my < r.y + r.h;
	bones_color fill = active ? BONES_RGBA(52, 110, 190, 255)
			 : hot    ? BONES_RGBA(86, 96, 112, 255)
				  : BONES_RGBA(64, 72, 86, 255);
	gui_fill_rect(&a->draw, r, fill);
	gui_stroke_rect(&a->draw, r, BONES_RGBA(120, 132, 150, 255), 1);
	float h = text_h, tw = gui_text_width(&a->draw, h, label);
	if (h > r.h * 0.7f)
		h = r.h * 0.7f;
	if (tw > r.w * 0.88f) /* a narrow button: smaller text, never over its edges */
		h *= r.w * 0.88f / tw;
	gui_text_px(&a->draw, r.x + r.w / 2, r.y + r.h / 2, h, BONES_RGBA(240, 244, 250, 255),
		    BONES_ALIGN_CENTER, label);
	gui_button_add(a, r, id, arg);
}

void gui_toast(gui_app *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(a->toast, sizeof a->toast, fmt, ap);
	va_end(ap);
	a->toast_until = SDL_GetTicks() + 4000;
}
