/* The help overlay (F1): the game's name and summary, its full rules in the plugin's
 * words (render.h rules_text) wrapped to the box, then the keys and the mouse. Taller
 * than the window, it scrolls (wheel, arrows, Page Up/Down, Home/End); any other key or
 * a click closes it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"

#include "app.h"

#define HELP_RULES_CAP 16384

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
	N_("A in the replay: analyse the game (graph, verdicts ?! ? ??, best move as a ghost)"),
	N_("E at game over: hide or show the score sheet"),
	N_("M: menu (switch game)     N: next game of a match"),
	N_("F1: this help     Ctrl+Q: quit"),
	NULL
};

/* One line of the help as laid out: where text starts, how long it is, its look. */
typedef struct help_line {
	const char *text;
	int len;
	float h;
	bones_color color;
} help_line;

typedef struct help_page {
	help_line *lines;
	int count, cap;
	float height; /* of all lines together */
} help_page;

static void add_line(help_page *pg, const char *text, int len, float h, bones_color color)
{
	if (pg->count == pg->cap) {
		int cap = pg->cap ? 2 * pg->cap : 64;
		help_line *l = realloc(pg->lines, (size_t)cap * sizeof *l);
		if (!l)
			return;
		pg->lines = l, pg->cap = cap;
	}
	pg->lines[pg->count++] = (help_line){text, len, h, color};
	pg->height += 1.25f * h;
}

/* The paragraphs of text (separated by empty lines) broken at spaces within w. */
static void add_wrapped(gui_app *a, help_page *pg, const char *text, float h, float w,
			bones_color color)
{
	char try[1024];
	for (const char *p = text; *p;) {
		int len = (int)strcspn(p, "\n"), fit = len;
		snprintf(try, sizeof try, "%.*s", fit, p);
		while (gui_text_width(&a->draw, h, try) > w) { /* back to the last space */
			int cut = fit;
			while (cut > 0 && p[cut - 1] != ' ')
				cut--;
			if (cut <= 1) /* one word wider than w: drawn smaller */
				break;
			fit = cut - 1;
			snprintf(try, sizeof try, "%.*s", fit, p);
		}
		add_line(pg, p, fit, h, color);
		p += fit;
		p += strspn(p, " ");
		if (*p == '\n' && (p++, *p == '\n')) /* a paragraph's end: a gap */
			add_line(pg, "", 0, 0.5f * h, BONES_NONE), p++;
	}
}

void gui_help_draw(gui_app *a)
{
	float u = a->layout.u > 0 ? a->layout.u : 16;
	const char *title = a->has_game ? _("The game, keys and mouse (F1 closes, wheel scrolls)")
				       : _("Keys and mouse (F1 closes)");
	float w = gui_text_width(&a->draw, 1.3f * u, title);
	for (int i = 0; help_lines[i]; i++)
		w = fmaxf(w, gui_text_width(&a->draw, u, _(help_lines[i])));
	w = fminf((float)a->w - 2 * u, fmaxf(40 * u, w + 2 * u));
	char summary[400] = "", facts[400] = "";
	char *rules = a->has_game ? calloc(1, HELP_RULES_CAP) : NULL;
	help_page pg = {0};
	const bones_color text = BONES_RGBA(225, 230, 240, 255);
	if (a->has_game) {
		const bones_plugin *pl = a->game.plugin;
		/* TRANSLATORS: in the help: the game's name and its summary */
		snprintf(summary, sizeof summary, _("%s: %s"), bones_plugin_text(pl, pl->name),
			 bones_plugin_text(pl, pl->summary));
		gui_rules_facts(pl, bones_table_timed(a->game.table),
				bones_table_match(a->game.table) != NULL, facts, sizeof facts);
		add_wrapped(a, &pg, summary, u, w - 2 * u, BONES_RGBA(255, 210, 90, 255));
		add_wrapped(a, &pg, facts, u, w - 2 * u, BONES_RGBA(190, 200, 210, 255));
		add_line(&pg, "", 0, 0.5f * u, BONES_NONE);
		if (rules && bones_session_rules_text(a->game.s, rules, HELP_RULES_CAP)) {
			add_wrapped(a, &pg, rules, 0.9f * u, w - 2 * u, text);
			add_line(&pg, "", 0, 0.5f * u, BONES_NONE);
		}
	}
	for (int i = 0; help_lines[i]; i++)
		add_line(&pg, _(help_lines[i]), -1, u, text);
	float top = 3.0f * u, h = fminf((float)a->h - u, top + pg.height + u);
	float view = h - top - 0.5f * u, most = fmaxf(0, pg.height - view);
	a->help_scroll = fminf(fmaxf(a->help_scroll, 0), most);
	SDL_FRect r = {((float)a->w - w) / 2, ((float)a->h - h) / 2, w, h};
	gui_fill_rect(&a->draw, (SDL_FRect){0, 0, (float)a->w, (float)a->h},
		      BONES_RGBA(0, 0, 0, 110));
	gui_fill_rect(&a->draw, r, BONES_RGBA(32, 38, 48, 245));
	gui_stroke_rect(&a->draw, r, BONES_RGBA(120, 140, 170, 255), 2);
	gui_text_fit(&a->draw, r.x + u, r.y + 1.4f * u, 1.3f * u, r.w - 2 * u,
		     BONES_RGBA(255, 255, 255, 255), BONES_ALIGN_LEFT, title);
	SDL_FRect body = {r.x, r.y + top - 0.2f * u, r.w, view + 0.4f * u};
	gui_clip(&a->draw, body);
	float y = r.y + top + 0.5f * u - a->help_scroll;
	char line[1024];
	for (int i = 0; i < pg.count; y += 1.25f * pg.lines[i].h, i++) {
		const help_line *l = &pg.lines[i];
		if (l->color == BONES_NONE || y < body.y || y > body.y + body.h)
			continue; /* only what shows, so scripts read what a player sees */
		snprintf(line, sizeof line, "%.*s", l->len < 0 ? (int)strlen(l->text) : l->len,
			 l->text);
		gui_text_fit(&a->draw, r.x + u, y, l->h, r.w - 2 * u, l->color, BONES_ALIGN_LEFT,
			     line);
	}
	gui_unclip(&a->draw);
	if (most > 0) { /* a scrollbar: where the view lies in the whole */
		float bar = body.h * view / pg.height, at = body.y + (body.h - bar) * a->help_scroll / most;
		gui_fill_rect(&a->draw, (SDL_FRect){r.x + r.w - 0.5f * u, at, 0.3f * u, bar},
			      BONES_RGBA(150, 165, 190, 255));
	}
	a->help_page = view;
	free(pg.lines);
	free(rules);
}

bool gui_help_event(gui_app *a, const SDL_Event *ev)
{
	float u = a->layout.u > 0 ? a->layout.u : 16, page = fmaxf(a->help_page - 2 * u, u);
	if (ev->type == SDL_MOUSEWHEEL) {
		a->help_scroll -= 2.5f * u * (float)ev->wheel.y;
		return true;
	}
	if (ev->type != SDL_KEYDOWN)
		return false;
	switch (ev->key.keysym.sym) {
	case SDLK_UP: a->help_scroll -= 1.25f * u; return true;
	case SDLK_DOWN: a->help_scroll += 1.25f * u; return true;
	case SDLK_PAGEUP: a->help_scroll -= page; return true;
	case SDLK_PAGEDOWN: case SDLK_SPACE: a->help_scroll += page; return true;
	case SDLK_HOME: a->help_scroll = 0; return true;
	case SDLK_END: a->help_scroll = 1e9f; return true; /* drawing clamps it */
	default: return false;
	}
}
