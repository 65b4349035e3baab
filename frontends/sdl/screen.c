/* The screens (start, play, replay): each offers event and draw functions, dispatched
 * here; what every screen shares comes first: quit, the help overlay (F1), a record
 * file dropped on the window, the toast, and the agents working in the background. */
#include <stdio.h>

#include "bones/i18n.h"

#include "app.h"

typedef struct gui_screen {
	void (*event)(gui_app *a, const SDL_Event *ev);
	void (*draw)(gui_app *a);
} gui_screen;

static const gui_screen screens[] = {
	[SCREEN_START] = {gui_start_event, gui_start_draw},
	[SCREEN_PLAY] = {gui_play_event, gui_play_draw},
	[SCREEN_REPLAY] = {gui_replay_event, gui_replay_draw},
};

/* The start screen until a game exists. */
static const gui_screen *current(const gui_app *a)
{
	return &screens[a->has_game ? a->screen : SCREEN_START];
}

void gui_screen_event(gui_app *a, const SDL_Event *ev)
{
	bool key = ev->type == SDL_KEYDOWN;
	SDL_Keycode c = key ? ev->key.keysym.sym : 0;
	bool ctrl = key && (ev->key.keysym.mod & KMOD_CTRL);
	bool shift = key && (ev->key.keysym.mod & KMOD_SHIFT);
	if (ev->type == SDL_QUIT || (c == SDLK_q && ctrl)) {
		/* the window closed (or SIGTERM): an unfinished game is kept; when that fails
		 * the window stays open and says so, and closing it again quits */
		if (gui_save_unfinished(a) || a->close_unsaved)
			a->quit = true;
		a->close_unsaved = true;
	} else if (c == SDLK_F1 || (c == SDLK_SLASH && shift && a->screen != SCREEN_START)) {
		a->help = !a->help;
		a->help_scroll = 0;
	} else if (a->help && gui_help_event(a, ev)) {
		/* scrolled */
	} else if (a->help && (key || ev->type == SDL_MOUSEBUTTONUP)) {
		a->help = false; /* any key or click closes the help */
		a->view.pressing = false;
	} else if (ev->type == SDL_DROPFILE) {
		gui_open_record(a, ev->drop.file);
		SDL_free(ev->drop.file);
	} else if (ev->type != a->wake_event) { /* an agent is done: see gui_screen_update */
		current(a)->event(a, ev);
	}
}

void gui_screen_update(gui_app *a)
{
	if (a->has_game) /* the worker is joined and agents move whatever the screen */
		gui_play_update(a);
}

static void toast_draw(gui_app *a)
{
	if (!a->toast[0] || (a->win && SDL_TICKS_PASSED(SDL_GetTicks(), a->toast_until)))
		return;
	float u = a->layout.u, h = u, w = gui_text_width(&a->draw, u, a->toast) + 2 * u;
	if (w > (float)a->w - u && w > 2 * u) { /* a long message: smaller, never cut */
		h = u * ((float)a->w - 3 * u) / (w - 2 * u);
		w = (float)a->w - u;
	}
	float x = a->layout.board.x + (a->layout.board.w - w) / 2;
	SDL_FRect r = {x < u / 2 ? u / 2 : x,
		       a->layout.board.y + 2.8f * u, w, 1.8f * u};
	gui_fill_rect(&a->draw, r, BONES_RGBA(30, 34, 40, 230));
	gui_text_px(&a->draw, r.x + r.w / 2, r.y + r.h / 2, h, BONES_RGBA(255, 230, 150, 255),
		    BONES_ALIGN_CENTER, a->toast);
}

void gui_frame(gui_app *a)
{
	gui_draw_begin(&a->draw, a->w, a->h, BONES_RGBA(30, 34, 42, 255));
	current(a)->draw(a);
	toast_draw(a);
	if (a->help)
		gui_help_draw(a);
	gui_draw_present(&a->draw);
}
