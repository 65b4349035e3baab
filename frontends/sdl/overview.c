/* The cost overview of placement games: with a piece selected that can go to many spots
 * (Geominos, Holomino), the panel lists its spots and what each scores instead of the
 * log, best first (the least cost first where the fewest points win), as the terminal
 * lists a piece's spots with their points. A click on a line plays it; L hides the list
 * (and shows it again). */
#include <stdio.h>
#include <stdlib.h>

#include "bones/i18n.h"

#include "app.h"

#define OVERVIEW_MIN 4   /* fewer spots: the board shows them well enough */

typedef struct ranked {
	size_t index;
	double points;
} ranked;

static int best_first(const void *x, const void *y)
{
	const ranked *a = x, *b = y;
	if (a->points != b->points)
		return a->points > b->points ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

bool gui_overview_draw(gui_app *a, SDL_FRect box)
{
	const gui_game *g = &a->game;
	float u = a->layout.u, row = 1.7f * u;
	if (a->play.sel < 0 || g->move_count == 0 || a->play.no_overview || box.h < 4 * row)
		return false;
	ranked *list = malloc(g->move_count * sizeof *list);
	if (!list)
		return false;
	bool low = g->plugin->flags & BONES_LOW_SCORE_WINS;
	size_t n = 0;
	for (size_t i = 0; i < g->move_count; i++) {
		const bones_choice *c = gui_game_choice(g, i);
		if (c->piece == a->play.sel && c->target >= 0)
			list[n].index = i, list[n++].points = low ? -c->points : c->points;
	}
	if (n < OVERVIEW_MIN) {
		free(list);
		return false;
	}
	qsort(list, n, sizeof *list, best_first);
	size_t fit = (size_t)((box.h - 2.2f * u) / row), rows = n < fit ? n : fit;
	gui_fill_rect(&a->draw, box, BONES_RGBA(30, 34, 42, 255));
	char title[120];
	/* TRANSLATORS: above the list of a piece's spots in the window, best first */
	snprintf(title, sizeof title, P_("%zu spot, best first", "%zu spots, best first", n), n);
	gui_text_fit(&a->draw, box.x + 0.5f * u, box.y + 1.0f * u, 0.9f * u, box.w - u,
		     BONES_RGBA(255, 210, 90, 255), BONES_ALIGN_LEFT, title);
	for (size_t k = 0; k < rows; k++) {
		const bones_choice *c = gui_game_choice(g, list[k].index);
		char line[BONES_MOVE_TEXT_MAX + 48];
		if (low && c->points > 0) /* TRANSLATORS: a spot's line: the move, its cost */
			snprintf(line, sizeof line, _("%s   costs %g"), c->text, c->points);
		else
			snprintf(line, sizeof line, "%s   %+g", c->text, c->points);
		SDL_FRect r = {box.x + 0.3f * u, box.y + 1.9f * u + (float)k * row, box.w - 0.6f * u,
			       row - 0.2f * u};
		gui_button_draw_h(a, r, BTN_SPOT, (int)list[k].index, line,
				  (int)list[k].index == a->play.hover, 0.85f * u);
	}
	free(list);
	return true;
}
