/* The screens (start, play, replay): each offers event and draw functions, dispatched
 * here; what every screen shares comes first: quit, the help overlay (F1), a record
 * file dropped on the window, the toast, and the agents working in the background. */
#include <math.h>
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
		a->quit = true;
		a->save_on_quit = true; /* the window closed (or SIGTERM): keep the game */
	} else if (c == SDLK_F1 || (c == SDLK_SLASH && shift && a->screen != SCREEN_START)) {
		a->help = !a->help;
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

static const char *const help_lines[] = {
	N_("Mouse: click a highlighted spot (or first a piece in your hand)"),
	N_("Hover a spot: ghost of the placement and the points it scores"),
	N_("R / Shift+R or mouse wheel on a spot: other orientations"),
	N_("1-9: select a piece     Esc: deselect / back to the menu"),
	N_("Wheel elsewhere / + -: zoom     right or middle drag, arrows: pan"),
	N_("F or 0: fit the board to the window"),
	N_("U or Ctrl+Z: undo (your last move and the agents' replies)"),
	N_("Ctrl+Y or Ctrl+Shift+Z: redo (what the last undo took back)"),
	N_("H or Hint: the mcts agent suggests a move (click its spot to play it)"),
	N_("L: the list of the selected piece's spots, best first (a click plays one)"),
	N_("Ctrl+S: save the record     drop a record file: open it"),
	N_("P: replay viewer (Left/Right, Home/End; Enter plays from there)"),
	N_("M: menu (switch game)     N: next game of a match"),
	N_("F1: this help     Ctrl+Q: quit"),
	NULL
};

static void help_draw(gui_app *a)
{
	float u = a->layout.u > 0 ? a->layout.u : 16;
	size_t lines = sizeof help_lines / sizeof *help_lines - 1; /* the NULL ends them */
	const char *title = a->has_game ? _("The game, keys and mouse (F1 closes)")
				       : _("Keys and mouse (F1 closes)");
	float w = gui_text_width(&a->draw, 1.3f * u, title);
	for (int i = 0; help_lines[i]; i++)
		w = fmaxf(w, gui_text_width(&a->draw, u, _(help_lines[i])));
	w = fminf((float)a->w - 2 * u, fmaxf(40 * u, w + 2 * u));
	char rules[2][400] = {"", ""}; /* the game's, when one is on screen */
	if (a->has_game) {
		const bones_plugin *pl = a->game.plugin;
		/* TRANSLATORS: in the help: the game's name and its summary */
		snprintf(rules[0], sizeof rules[0], _("%s: %s"), bones_plugin_text(pl, pl->name),
			 bones_plugin_text(pl, pl->summary));
		gui_rules_facts(pl, bones_table_timed(a->game.table),
				bones_table_match(a->game.table) != NULL, rules[1], sizeof rules[1]);
		lines += 3;
	}
	float h = (4.4f + 1.2f * (float)lines) * u;
	SDL_FRect r = {((float)a->w - w) / 2, ((float)a->h - h) / 2, w, h};
	gui_fill_rect(&a->draw, (SDL_FRect){0, 0, (float)a->w, (float)a->h},
		      BONES_RGBA(0, 0, 0, 110));
	gui_fill_rect(&a->draw, r, BONES_RGBA(32, 38, 48, 245));
	gui_stroke_rect(&a->draw, r, BONES_RGBA(120, 140, 170, 255), 2);
	gui_text_fit(&a->draw, r.x + u, r.y + 1.4f * u, 1.3f * u, r.w - 2 * u,
		     BONES_RGBA(255, 255, 255, 255), BONES_ALIGN_LEFT, title);
	float y = r.y + 3.2f * u;
	for (int i = 0; rules[0][0] && i < 2; i++, y += 1.2f * u)
		gui_text_fit(&a->draw, r.x + u, y, u, r.w - 2 * u,
			     i ? BONES_RGBA(190, 200, 210, 255) : BONES_RGBA(255, 210, 90, 255),
			     BONES_ALIGN_LEFT, rules[i]);
	y += rules[0][0] ? 1.2f * u : 0;
	for (int i = 0; help_lines[i]; i++, y += 1.2f * u)
		gui_text_fit(&a->draw, r.x + u, y, u, r.w - 2 * u, BONES_RGBA(225, 230, 240, 255),
			     BONES_ALIGN_LEFT, _(help_lines[i]));
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
		help_draw(a);
	gui_draw_present(&a->draw);
}
