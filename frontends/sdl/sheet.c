/* The final score sheet: at game over, over the lower part of the board, each player's
 * score (with the penalties) and how their last scoring move scored (Hegemino: the
 * tableau's regions by value and the bonuses, as the terminal prints them). */
#include <stdio.h>

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

void gui_sheet_draw(gui_app *a, size_t upto)
{
	gui_game *g = &a->game;
	SDL_FRect b = a->layout.board;
	float u = a->layout.u, h = 0.85f * u, w = b.w - 3 * u;
	double scores[GUI_MAX_SEATS];
	int ranks[GUI_MAX_SEATS];
	bones_table_result(g->table, scores, ranks);
	/* measure: the name line and the breakdown's lines of each player */
	char bd[GUI_MAX_SEATS][512];
	float box_h = 2.6f * u;
	for (int p = 0; p < g->players; p++) {
		last_breakdown(g, p, upto, bd[p], sizeof bd[p]);
		box_h += 1.1f * u;
		if (bd[p][0])
			box_h += 0.3f * u - gui_panel_wrapped(a, bd[p], 0, 0, h, w - 1.5f * u, BONES_NONE);
	}
	if (box_h > b.h * 0.6f)
		box_h = b.h * 0.6f;
	SDL_FRect r = {b.x + u, b.y + b.h - box_h - 3.6f * u, b.w - 2 * u, box_h};
	gui_fill_rect(&a->draw, r, BONES_RGBA(24, 28, 36, 230));
	gui_clip(&a->draw, r);
	float y = r.y + 0.9f * u;
	/* TRANSLATORS: the title of the score sheet shown over the board at game over */
	gui_text_px(&a->draw, r.x + 0.6f * u, y, u, BONES_RGBA(255, 210, 90, 255),
		    BONES_ALIGN_LEFT, _("Final scores"));
	y += 1.3f * u;
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
	gui_unclip(&a->draw);
}
