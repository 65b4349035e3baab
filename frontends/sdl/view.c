/* The board's view on the play and replay screens: fit to the window, then the user's
 * pan (dragging, the arrow keys) and zoom (the wheel, + and -), F or 0 fits again; and
 * whose eyes it is seen with. */
#include <math.h>

#include "app.h"

void gui_view_reset(gui_app *a)
{
	a->view.zoom = 1;
	a->view.panx = a->view.pany = 0;
	a->view.fitted = false;
}

/* The screen point the fitted board is centred on (before the user's pan), and the
 * height below the status line (and above the game-over sheet). */
static void anchor(const gui_app *a, float *ax, float *ay, float *avail_h)
{
	SDL_FRect area = a->layout.board;
	float top = 2.6f * a->layout.u;
	*avail_h = area.h - top - fmaxf(1.5f * a->layout.u, a->layout.sheet_h);
	*ax = area.x + area.w / 2;
	*ay = area.y + top + *avail_h / 2;
}

void gui_view_fit(gui_app *a, const float box[4])
{
	SDL_FRect area = a->layout.board;
	float ax, ay, avail_h;
	anchor(a, &ax, &ay, &avail_h);
	const double world[4] = {box[0], box[1], box[2], box[3]};
	const double screen[4] = {area.x, ay - avail_h / 2, area.x + area.w, ay + avail_h / 2};
	bones_picture_view fit = bones_picture_fit(world, screen); /* then the user's zoom */
	double zoom = a->view.zoom;
	a->view.board_view.scale = (float)(fit.scale * zoom);
	a->view.board_view.ox = (float)(ax - (ax - fit.ox) * zoom) + a->view.panx;
	a->view.board_view.oy = (float)(ay - (ay - fit.oy) * zoom) + a->view.pany;
}

void gui_view_fitted_world(const gui_app *a, float out[4])
{
	SDL_FRect area = a->layout.board;
	float ax, ay, avail_h;
	anchor(a, &ax, &ay, &avail_h);
	const double world[4] = {a->view.fit_box[0], a->view.fit_box[1], a->view.fit_box[2],
				 a->view.fit_box[3]};
	const double screen[4] = {area.x, ay - avail_h / 2, area.x + area.w, ay + avail_h / 2};
	bones_picture_view fit = bones_picture_fit(world, screen);
	for (int i = 0; i < 4; i++)
		out[i] = (float)((screen[i] - (i % 2 ? fit.oy : fit.ox)) / fit.scale);
}

void gui_view_zoom_at(gui_app *a, float x, float y, float f)
{
	float z = a->view.zoom * f;
	if (z < 0.2f || z > 25)
		return;
	float ax, ay, avail_h;
	anchor(a, &ax, &ay, &avail_h);
	const gui_view *v = &a->view.board_view;
	float cx = ax - (v->ox - a->view.panx), cy = ay - (v->oy - a->view.pany);
	a->view.panx = x - (x - v->ox) * f - (v->ox - a->view.panx) - cx * (1 - f);
	a->view.pany = y - (y - v->oy) * f - (v->oy - a->view.pany) - cy * (1 - f);
	a->view.zoom = z;
}

void gui_view_motion(gui_app *a, const SDL_MouseMotionEvent *m, bool left_drags)
{
	gui_board_view *v = &a->view;
	float x = (float)m->x * a->dpi, y = (float)m->y * a->dpi;
	bool far = fabsf(x - v->press_x) + fabsf(y - v->press_y) > 6;
	if (v->pressing && (far || v->dragged) && (m->state & ~SDL_BUTTON_LMASK || left_drags)) {
		v->panx += x - v->mx, v->pany += y - v->my;
		v->dragged = true;
	}
	v->mx = x, v->my = y;
}

void gui_view_press(gui_app *a, const SDL_MouseButtonEvent *b)
{
	gui_board_view *v = &a->view;
	v->mx = (float)b->x * a->dpi, v->my = (float)b->y * a->dpi;
	v->pressing = true, v->dragged = false;
	v->press_x = v->mx, v->press_y = v->my;
}

bool gui_view_release(gui_app *a, const SDL_MouseButtonEvent *b)
{
	gui_board_view *v = &a->view;
	v->mx = (float)b->x * a->dpi, v->my = (float)b->y * a->dpi;
	bool click = !v->dragged;
	v->pressing = v->dragged = false;
	return click;
}

bool gui_view_key(gui_app *a, SDL_Keycode c)
{
	float step = a->layout.u * 3;
	float cx = a->layout.board.x + a->layout.board.w / 2, cy = a->layout.board.h / 2;
	if (c == SDLK_f || c == SDLK_0)
		gui_view_reset(a);
	else if (c == SDLK_PLUS || c == SDLK_EQUALS || c == SDLK_KP_PLUS)
		gui_view_zoom_at(a, cx, cy, 1.25f);
	else if (c == SDLK_MINUS || c == SDLK_KP_MINUS)
		gui_view_zoom_at(a, cx, cy, 0.8f);
	else if (c == SDLK_LEFT || c == SDLK_RIGHT)
		a->view.panx += c == SDLK_LEFT ? step : -step;
	else if (c == SDLK_UP || c == SDLK_DOWN)
		a->view.pany += c == SDLK_UP ? step : -step;
	else
		return false;
	return true;
}

/* The seat whose eyes the board is drawn with: the human to move, else the only human;
 * -1 (everything public) off-screen or with several humans waiting. */
int gui_viewer(const gui_app *a)
{
	const gui_game *g = &a->game;
	if (!a->win)
		return -1;
	int who = gui_game_to_move(g), humans = 0, last = -1;
	if (gui_game_human(g, who))
		return who;
	for (int p = 0; p < g->players; p++)
		if (gui_game_human(g, p))
			humans++, last = p;
	return humans == 1 ? last : -1;
}
