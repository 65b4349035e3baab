/* The side panel of the play and replay screens: every player's hand and score, the
 * result, the move log with each move's points and breakdown, and the button bar. */
#include <stdio.h>
#include <string.h>

#include "app.h"


#define WHITE BONES_RGBA(240, 242, 246, 255)
#define GREY BONES_RGBA(160, 168, 180, 255)

bones_color gui_points_color(const bones_plugin *plugin, double points)
{
	bool low = plugin->flags & BONES_LOW_SCORE_WINS;
	if (points == 0)
		return BONES_RGBA(235, 235, 235, 255);
	return (points > 0) != low ? BONES_RGBA(140, 235, 140, 255) : BONES_RGBA(240, 110, 100, 255);
}

static bool piece_playable(const gui_game *g, int piece)
{
	for (size_t i = 0; i < g->move_count; i++)
		if (g->places[i].piece == piece)
			return true;
	return false;
}

static void hand_draw(gui_app *a, const void *state, int p, int who, bool interactive,
		      const double *scores)
{
	gui_game *g = &a->game;
	const void *game = bones_session_game(g->s);
	SDL_FRect r = a->layout.hand[p];
	float u = a->layout.u, slot = a->layout.slot;
	bool moving = p == who;
	gui_fill_rect(&a->draw, r, moving ? BONES_RGBA(52, 62, 80, 255) : BONES_RGBA(40, 45, 54, 255));
	if (moving)
		gui_fill_rect(&a->draw, (SDL_FRect){r.x, r.y, 0.3f * u, r.h}, BONES_RGBA(255, 200, 60, 255));
	char label[160], score[48];
	snprintf(label, sizeof label, "%s", gui_game_seat_label(g, p));
	const bones_match *m = bones_table_match(g->table);
	if (m) { /* the participant's match total (this game's once it ended) */
		size_t n = strlen(label);
		snprintf(label + n, sizeof label - n, "  (match %g)",
			 m->total[bones_table_participant(g->table, p)]);
	}
	double penalty = bones_table_penalty(g->table, p);
	if (penalty != 0 && interactive)
		snprintf(score, sizeof score, "%g (%+g)", scores[p],
			 g->plugin->flags & BONES_LOW_SCORE_WINS ? penalty : -penalty);
	else
		snprintf(score, sizeof score, "%g", scores[p]);
	/* the player's colour, as the plugin paints what the player owns: the legend */
	gui_circle_px(&a->draw, r.x + 1.0f * u, r.y + 0.85f * u, 0.38f * u,
		      bones_player_color(p), BONES_RGBA(240, 240, 240, 200), 1);
	gui_text_px(&a->draw, r.x + 1.8f * u, r.y + 0.85f * u, u, WHITE, BONES_ALIGN_LEFT, label);
	gui_text_px(&a->draw, r.x + r.w - 0.5f * u, r.y + 0.85f * u, 1.2f * u,
		    BONES_RGBA(255, 220, 120, 255), BONES_ALIGN_RIGHT, score);
	int viewer = gui_viewer(a);
	int n = g->render->hand_size(game, state, p, viewer);
	bool human = interactive && moving && gui_game_human(g, p);
	int per_row = a->layout.per_row > 0 ? a->layout.per_row : 1;
	for (int k = 0; k < n && k / per_row < a->layout.rows; k++) {
		float x = r.x + 0.5f * u + (float)(k % per_row) * slot;
		SDL_FRect s = {x + 2, r.y + 1.6f * u + (float)(k / per_row) * slot, slot - 4,
			       slot - 4};
		bool chosen = human && k == a->play.sel;
		gui_fill_rect(&a->draw, s, chosen ? BONES_RGBA(90, 140, 210, 255) : BONES_RGBA(70, 78, 92, 255));
		a->draw.view = (gui_view){slot * 0.86f, s.x + s.w / 2, s.y + s.h / 2};
		g->render->draw_piece(game, state, p, k, viewer, &a->draw.canvas);
		if (human && !piece_playable(g, k))
			gui_fill_rect(&a->draw, s, BONES_RGBA(40, 45, 54, 150));
		if (chosen)
			gui_stroke_rect(&a->draw, s, BONES_RGBA(255, 210, 80, 255), 3);
		if (human)
			gui_button_add(a, s, BTN_HAND, k);
	}
}

static void result_line(const gui_app *a, const void *state, const double *scores,
			char *buf, size_t cap)
{
	const gui_game *g = &a->game;
	int ranks[GUI_MAX_SEATS] = {0}, winners = 0, first = -1;
	const void *game = bones_session_game(g->s);
	double final[GUI_MAX_SEATS];
	if (bones_table_forfeit(g->table) >= 0 || bones_table_timed(g->table)) {
		bones_table_result(g->table, final, ranks); /* penalties and forfeit count */
	} else if (g->plugin->ranks) {
		g->plugin->ranks(game, state, ranks);
	} else {
		bool low = g->plugin->flags & BONES_LOW_SCORE_WINS;
		for (int p = 0; p < g->players; p++) {
			ranks[p] = 1;
			for (int q = 0; q < g->players; q++)
				if (low ? scores[q] < scores[p] : scores[q] > scores[p])
					ranks[p]++;
		}
	}
	for (int p = 0; p < g->players; p++)
		if (ranks[p] == 1)
			winners++, first = first < 0 ? p : first;
	const char *name = gui_game_seat_label(g, first < 0 ? 0 : first);
	if (winners == 1)
		snprintf(buf, cap, "Game over: %s wins", name);
	else
		snprintf(buf, cap, "Game over: a draw between %d players", winners);
}

/* The match totals by participant under the result, and Next game while one is left. */
static float match_draw(gui_app *a, float top)
{
	const bones_match *m = bones_table_match(a->game.table);
	float u = a->layout.u, x = a->layout.log.x;
	char line[200];
	int ranks[BONES_MATCH_MAX_PLAYERS];
	bones_match_ranks(m, ranks);
	snprintf(line, sizeof line, "Match after %d of %d games%s", m->played, m->games,
		 bones_match_over(m) ? " - final" : "");
	gui_text_px(&a->draw, x + 0.5f * u, top + 0.7f * u, u, WHITE, BONES_ALIGN_LEFT, line);
	top += 1.4f * u;
	for (int i = 0; i < m->players * m->players; i++) {
		int p = i % m->players; /* by rank, then by participant */
		if (ranks[p] != i / m->players + 1)
			continue;
		snprintf(line, sizeof line, "%d. %.100s: %g", ranks[p],
			 bones_table_participant_name(a->game.table, p), m->total[p]);
		gui_text_px(&a->draw, x + 0.9f * u, top + 0.5f * u, 0.9f * u, GREY,
			    BONES_ALIGN_LEFT, line);
		top += 1.1f * u;
	}
	if (!bones_match_over(m) && a->win) {
		SDL_FRect r = {x + 0.5f * u, top + 0.2f * u, 8 * u, 1.8f * u};
		gui_button_draw(a, r, BTN_NEXT_GAME, 0, "Next game", true);
		top += 2.3f * u;
	}
	return top + 0.3f * u;
}

static void log_draw(gui_app *a, size_t upto, float top)
{
	gui_game *g = &a->game;
	const void *game = bones_session_game(g->s);
	SDL_FRect r = a->layout.log;
	r.h -= top - r.y;
	r.y = top;
	if (r.h < a->layout.u)
		return;
	gui_fill_rect(&a->draw, r, BONES_RGBA(30, 34, 42, 255));
	gui_clip(&a->draw, r);
	float u = a->layout.u * 0.9f, y = r.y + r.h - 0.8f * u;
	int number = 0;
	bool newest = true;
	for (size_t i = 0; i < upto; i++)
		number += bones_session_mover_at(g->s, i) >= 0;
	for (size_t i = upto; i-- > 0 && y > r.y + 0.5f * u;) {
		int p = bones_session_mover_at(g->s, i);
		if (p < 0)
			continue;
		double before[GUI_MAX_SEATS] = {0}, after[GUI_MAX_SEATS] = {0};
		g->plugin->scores(game, bones_session_state_at(g->s, i), before);
		g->plugin->scores(game, bones_session_state_at(g->s, i + 1), after);
		char text[BONES_MOVE_TEXT_MAX], line[160], bd[256];
		gui_game_move_text(g, i, text, sizeof text);
		gui_game_breakdown_after(g, i, bd, sizeof bd);
		double d = after[p] - before[p];
		snprintf(line, sizeof line, "%d. P%d %s", number--, p + 1, text);
		if (bd[0] && d != 0) {
			gui_text_px(&a->draw, r.x + 2.2f * u, y, 0.8f * u, GREY, BONES_ALIGN_LEFT, bd);
			y -= 1.0f * u;
		}
		bool last = newest;
		newest = false;
		gui_text_px(&a->draw, r.x + 0.4f * u, y, u, last ? BONES_RGBA(255, 210, 90, 255) : WHITE,
			    BONES_ALIGN_LEFT, line);
		if (d != 0) {
			char pts[32];
			snprintf(pts, sizeof pts, "%+g", d);
			gui_text_px(&a->draw, r.x + r.w - 0.4f * u, y, u,
				    gui_points_color(g->plugin, d), BONES_ALIGN_RIGHT, pts);
		}
		y -= 1.25f * u;
	}
	gui_unclip(&a->draw);
}

static void bar_draw(gui_app *a, bool interactive)
{
	static const struct { int id; const char *label; } play[] = {
		{BTN_HINT, "Hint"}, {BTN_UNDO, "Undo"}, {BTN_REDO, "Redo"}, {BTN_SAVE, "Save"},
		{BTN_REPLAY, "Replay"}, {BTN_FIT, "Fit"}, {BTN_MENU, "Menu"}, {BTN_HELP, "?"}},
	replay[] = {
		{BTN_REPLAY_FIRST, "|<"}, {BTN_REPLAY_BACK, "<"}, {BTN_REPLAY_NEXT, ">"},
		{BTN_REPLAY_LAST, ">|"}, {BTN_REPLAY_PLAY, "Play"}, {BTN_MENU, "Menu"}};
	SDL_FRect b = a->layout.bar;
	if (!a->win)
		return; /* off-screen pictures have nothing to click */
	int n = interactive ? 8 : 6;
	float gap = a->layout.u * 0.3f, w = (b.w - (float)(n - 1) * gap) / (float)n;
	for (int i = 0; i < n; i++) {
		SDL_FRect r = {b.x + (float)i * (w + gap), b.y, w, b.h};
		if (interactive)
			gui_button_draw(a, r, play[i].id, 0, play[i].label,
					play[i].id == BTN_HINT && a->play.hint_thinking);
		else
			gui_button_draw(a, r, replay[i].id, 0, replay[i].label, false);
	}
}

void gui_panel_draw(gui_app *a, const void *state, size_t upto, bool interactive)
{
	gui_game *g = &a->game;
	const void *game = bones_session_game(g->s);
	SDL_FRect panel = a->layout.panel;
	float u = a->layout.u;
	gui_fill_rect(&a->draw, panel, BONES_RGBA(34, 38, 46, 255));
	gui_text_px(&a->draw, panel.x + 0.6f * u, panel.y + 1.1f * u, 1.3f * u, WHITE,
		    BONES_ALIGN_LEFT, g->title);
	double scores[GUI_MAX_SEATS] = {0};
	g->plugin->scores(game, state, scores);
	int who = g->plugin->to_move(game, state);
	for (int p = 0; p < g->players; p++)
		hand_draw(a, state, p, who, interactive, scores);
	float top = a->layout.log.y;
	bool forfeit = interactive && bones_table_forfeit(g->table) >= 0;
	if (who == BONES_TERMINAL || forfeit) {
		char result[160];
		result_line(a, state, scores, result, sizeof result);
		gui_fill_rect(&a->draw, (SDL_FRect){a->layout.log.x, top, a->layout.log.w, 1.8f * u},
			      BONES_RGBA(120, 90, 20, 255));
		gui_text_px(&a->draw, a->layout.log.x + 0.5f * u, top + 0.9f * u, u, WHITE,
			    BONES_ALIGN_LEFT, result);
		top += 2.1f * u;
		if (interactive && bones_table_match(g->table))
			top = match_draw(a, top);
	}
	log_draw(a, upto, top);
	bar_draw(a, interactive);
}
