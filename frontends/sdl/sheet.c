/* The final score sheet: at game over, under the board (fitted above it), why the game
 * ended, each player's score (with the penalties) and the plugin's score sheet (render.h
 * end_text: Hegemino's tableaus by value and bonuses, as the terminal prints them), or
 * without one how each player's last scoring move scored. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"

#include "app.h"

/* The breakdown of player p's last move that scored or had one, "" if none. */
static void last_breakdown(const gui_game *g, int p, size_t upto, char *bd, size_t cap)
{
	bd[0] = '\0';
	for (size_t i = upto; i-- > 0;)
		if (bones_session_mover_at(g->s, i) == p) {
			gui_game_breakdown_after(g, i, bd, cap);
			if (bd[0])
				return;
		}
}

/* One line of the plugin's sheet (up to a newline), wrapped, its top at y: returns
 * the y under it (colour BONES_NONE: measures only, returns minus its height). */
static float sheet_line(gui_app *a, const char *l, float x, float y, float h, float w,
			bones_color color)
{
	char line[1024];
	snprintf(line, sizeof line, "%.*s", (int)strcspn(l, "\n"), l);
	float end = gui_panel_wrapped(a, line, x, 0, h, w - 1.5f * a->layout.u, BONES_NONE);
	if (color == BONES_NONE)
		return end;
	float rows = -end / (h / 0.8f);
	y += (rows - 1) * (h / 0.8f);
	gui_panel_wrapped(a, line, x, y, h, w - 1.5f * a->layout.u, color);
	return y + 1.3f * a->layout.u;
}

/* What the sheet shows (why, each player's breakdown, the plugin's sheet) and the height
 * of its box. sheet points into why, NULL when the plugin has none. */
typedef struct sheet_text {
	char bd[GUI_MAX_SEATS][512], why[4096];
	char *sheet;
	float box_h;
} sheet_text;

static void measure(gui_app *a, size_t upto, sheet_text *t)
{
	gui_game *g = &a->game;
	SDL_FRect b = a->layout.board;
	float u = a->layout.u, h = 0.85f * u, w = b.w - 3 * u;
	bones_table_end_text(g->table, t->why, sizeof t->why);
	t->sheet = strchr(t->why, '\n'); /* the plugin's sheet after the first line */
	if (t->sheet)
		*t->sheet++ = '\0';
	t->box_h = 2.6f * u + (t->why[0] ? 1.1f * u : 0);
	for (int p = 0; p < g->players; p++) {
		if (t->sheet)
			t->bd[p][0] = '\0';
		else
			last_breakdown(g, p, upto, t->bd[p], sizeof t->bd[p]);
		t->box_h += 1.1f * u;
		if (t->bd[p][0])
			t->box_h += 0.3f * u - gui_panel_wrapped(a, t->bd[p], 0, 0, h, w - 1.5f * u,
								 BONES_NONE);
	}
	for (char *l = t->sheet; l; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
		t->box_h += 0.3f * u - sheet_line(a, l, 0, 0, h, w, BONES_NONE);
	if (t->box_h > b.h * 0.5f)
		t->box_h = b.h * 0.5f;
}

float gui_sheet_height(gui_app *a, size_t upto, bool interactive)
{
	if (!interactive || gui_game_to_move(&a->game) != BONES_TERMINAL ||
	    a->play.sheet_closed == a->generation + 1)
		return 0;
	sheet_text *t = malloc(sizeof *t);
	if (!t)
		return 0;
	measure(a, upto, t);
	float h = t->box_h + 3.6f * a->layout.u;
	free(t);
	return h;
}

void gui_sheet_draw(gui_app *a, size_t upto)
{
	gui_game *g = &a->game;
	SDL_FRect b = a->layout.board;
	float u = a->layout.u, h = 0.85f * u, w = b.w - 3 * u;
	double scores[GUI_MAX_SEATS];
	int ranks[GUI_MAX_SEATS];
	bones_table_result(g->table, scores, ranks);
	if (a->play.sheet_closed == a->generation + 1)
		return;
	sheet_text *t = malloc(sizeof *t);
	if (!t)
		return;
	measure(a, upto, t);
	char (*bd)[512] = t->bd, *why = t->why, *sheet = t->sheet;
	float box_h = t->box_h;
	SDL_FRect r = {b.x + u, b.y + b.h - box_h - 3.6f * u, b.w - 2 * u, box_h};
	gui_fill_rect(&a->draw, r, BONES_RGBA(24, 28, 36, 230));
	gui_clip(&a->draw, r);
	float y = r.y + 0.9f * u;
	/* TRANSLATORS: the title of the score sheet shown over the board at game over */
	gui_text_px(&a->draw, r.x + 0.6f * u, y, u, BONES_RGBA(255, 210, 90, 255),
		    BONES_ALIGN_LEFT, _("Final scores"));
	y += 1.3f * u;
	if (why[0]) { /* why the game ended */
		gui_text_fit(&a->draw, r.x + 0.6f * u, y, 0.9f * u, r.w - 1.2f * u,
			     BONES_RGBA(255, 230, 150, 255), BONES_ALIGN_LEFT, why);
		y += 1.1f * u;
	}
	for (int rank = 1; rank <= g->players; rank++)
		for (int p = 0; p < g->players; p++) {
			if (ranks[p] != rank)
				continue;
			char name[120], line[200];
			gui_game_seat_text(g, p, name, sizeof name);
			snprintf(line, sizeof line, "%d. %s: %g", rank, name, scores[p]);
			gui_circle_px(&a->draw, r.x + 0.9f * u, y, 0.3f * u, bones_player_color(p),
				      BONES_NONE, 0);
			gui_text_px(&a->draw, r.x + 1.5f * u, y, u, BONES_RGBA(240, 242, 246, 255),
				    BONES_ALIGN_LEFT, line);
			y += 1.1f * u;
			if (!bd[p][0])
				continue;
			/* the wrapped lines are drawn upwards from their last: measure first */
			float end = gui_panel_wrapped(a, bd[p], r.x + 1.5f * u, 0, h, w - 1.5f * u,
						      BONES_NONE);
			float rows = -end / (h / 0.8f);
			y += (rows - 1) * (h / 0.8f);
			gui_panel_wrapped(a, bd[p], r.x + 1.5f * u, y, h, w - 1.5f * u,
					  BONES_RGBA(190, 200, 210, 255));
			y += 1.3f * u;
		}
	for (char *l = sheet; l; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
		y = sheet_line(a, l, r.x + 1.5f * u, y, h, w, BONES_RGBA(190, 200, 210, 255));
	gui_unclip(&a->draw);
	/* closed by its button or E, so that nothing of the board is hidden */
	gui_button_draw(a, (SDL_FRect){r.x + r.w - 2.2f * u, r.y + 0.3f * u, 1.9f * u, 1.5f * u},
			BTN_SHEET, 0, "×", false);
	free(t);
}
