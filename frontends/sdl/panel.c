/* The side panel of the play and replay screens: every player's hand and score, the
 * result, the move log with each move's points and breakdown, and the button bar. */
#include <stdio.h>
#include <string.h>

#include "bones/i18n.h"

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
	return bones_choices_of_piece(g->choices, piece, NULL) > 0;
}

static void hand_draw(gui_app *a, const void *state, int p, int who, bool interactive,
		      const double *scores)
{
	gui_game *g = &a->game;
	const void *game = gui_game_drawn(g);
	SDL_FRect r = a->layout.hand[p];
	float u = a->layout.u, slot = a->layout.slot;
	bool moving = p == who;
	gui_fill_rect(&a->draw, r, moving ? BONES_RGBA(52, 62, 80, 255) : BONES_RGBA(40, 45, 54, 255));
	if (moving)
		gui_fill_rect(&a->draw, (SDL_FRect){r.x, r.y, 0.3f * u, r.h}, BONES_RGBA(255, 200, 60, 255));
	char label[200], name[120], score[48];
	gui_game_seat_text(g, p, name, sizeof name);
	const bones_match *m = bones_table_match(g->table);
	if (m) /* the participant's match total (this game's once it ended) */
		/* TRANSLATORS: a player's name and total points in the match so far */
		snprintf(label, sizeof label, _("%s  (match %g)"), name,
			 m->total[bones_table_participant(g->table, p)]);
	else
		snprintf(label, sizeof label, "%s", name);
	double penalty = bones_table_penalty(g->table, p);
	if (penalty != 0 && interactive)
		snprintf(score, sizeof score, "%g (%+g)", scores[p],
			 g->plugin->flags & BONES_LOW_SCORE_WINS ? penalty : -penalty);
	else
		snprintf(score, sizeof score, "%g", scores[p]);
	/* the player's colour, as the plugin paints what the player owns: the legend */
	gui_circle_px(&a->draw, r.x + 1.0f * u, r.y + 0.85f * u, 0.38f * u,
		      bones_player_color(p), BONES_RGBA(240, 240, 240, 200), 1);
	float sw = gui_text_px(&a->draw, r.x + r.w - 0.5f * u, r.y + 0.85f * u, 1.2f * u,
			       BONES_RGBA(255, 220, 120, 255), BONES_ALIGN_RIGHT, score);
	gui_text_fit(&a->draw, r.x + 1.8f * u, r.y + 0.85f * u, u, r.w - 2.8f * u - sw, WHITE,
		     BONES_ALIGN_LEFT, label);
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
	char name[120];
	gui_game_seat_text(g, first < 0 ? 0 : first, name, sizeof name);
	if (winners == 1)
		snprintf(buf, cap, _("Game over: %s wins"), name);
	else
		snprintf(buf, cap, P_("Game over: a draw between %d player",
				      "Game over: a draw between %d players", winners), winners);
}

/* The match totals by participant under the result, and Next game while one is left. */
static float match_draw(gui_app *a, float top)
{
	const bones_match *m = bones_table_match(a->game.table);
	float u = a->layout.u, x = a->layout.log.x;
	float w = a->layout.log.w - u;
	char line[200], name[120];
	int ranks[BONES_MATCH_MAX_PLAYERS];
	bones_match_ranks(m, ranks);
	if (m->target > 0)
		snprintf(line, sizeof line, bones_match_over(m) ? _("Match to %g after %d games - final")
								: _("Match to %g after %d games"),
			 m->target, m->played);
	else if (bones_match_over(m))
		snprintf(line, sizeof line, P_("Match after %d of %d game - final",
					       "Match after %d of %d games - final", m->games),
			 m->played, m->games);
	else
		snprintf(line, sizeof line, P_("Match after %d of %d game",
					       "Match after %d of %d games", m->games),
			 m->played, m->games);
	gui_text_fit(&a->draw, x + 0.5f * u, top + 0.7f * u, u, w, WHITE, BONES_ALIGN_LEFT, line);
	top += 1.4f * u;
	for (int i = 0; i < m->players * m->players; i++) {
		int p = i % m->players; /* by rank, then by participant */
		if (ranks[p] != i / m->players + 1)
			continue;
		snprintf(line, sizeof line, "%d. %.100s: %g", ranks[p],
			 gui_game_participant_text(&a->game, p, name, sizeof name), m->total[p]);
		gui_text_fit(&a->draw, x + 0.9f * u, top + 0.5f * u, 0.9f * u, w - 0.4f * u, GREY,
			     BONES_ALIGN_LEFT, line);
		top += 1.1f * u;
	}
	if (!bones_match_over(m) && a->win) {
		const char *next = _("Next game");
		float bw = gui_text_width(&a->draw, u, next) + 2 * u;
		SDL_FRect r = {x + 0.5f * u, top + 0.2f * u, bw > 8 * u ? bw : 8 * u, 1.8f * u};
		gui_button_draw(a, r, BTN_NEXT_GAME, 0, next, true);
		top += 2.3f * u;
	}
	return top + 0.3f * u;
}

#define BREAKDOWN_LINES 8

float gui_panel_wrapped(gui_app *a, const char *text, float x, float y, float h, float w,
			bones_color color)
{
	char lines[BREAKDOWN_LINES][256];
	int n = 0;
	const char *p = text;
	while (*p && n < BREAKDOWN_LINES) {
		size_t len = strlen(p), fit = len;
		char try[256];
		snprintf(try, sizeof try, "%.*s", (int)fit, p);
		while (gui_text_width(&a->draw, h, try) > w) { /* back to the last space */
			size_t cut = fit;
			while (cut > 0 && p[cut - 1] != ' ')
				cut--;
			if (cut == 0) /* one word wider than w: drawn smaller */
				break;
			fit = cut - 1;
			snprintf(try, sizeof try, "%.*s", (int)fit, p);
		}
		if (n == BREAKDOWN_LINES - 1)
			fit = len; /* the last line takes the rest */
		snprintf(lines[n++], sizeof lines[0], "%.*s", (int)fit, p);
		p += fit;
		p += strspn(p, " ");
	}
	for (int i = n; i-- > 0;) {
		if (color != BONES_NONE) /* BONES_NONE: measure only */
			gui_text_fit(&a->draw, x, y, h, w, color, BONES_ALIGN_LEFT, lines[i]);
		y -= 1.0f * h / 0.8f;
	}
	return y;
}

static void log_draw(gui_app *a, size_t upto, float top)
{
	gui_game *g = &a->game;
	SDL_FRect r = a->layout.log;
	r.h -= top - r.y;
	r.y = top;
	if (r.h < a->layout.u)
		return;
	gui_fill_rect(&a->draw, r, BONES_RGBA(30, 34, 42, 255));
	gui_clip(&a->draw, r);
	float u = a->layout.u * 0.9f, y = r.y + r.h - 0.8f * u;
	int number = (int)bones_choices_player_moves(g->s, upto);
	bool newest = true;
	for (size_t i = upto; i-- > 0 && y > r.y + 0.5f * u;) {
		int p = bones_session_mover_at(g->s, i);
		if (p < 0)
			continue;
		char text[BONES_MOVE_TEXT_MAX], line[160], bd[256];
		gui_game_move_text(g, i, text, sizeof text);
		gui_game_breakdown_after(g, i, bd, sizeof bd);
		double d = bones_choices_points_at(g->s, i);
		/* TRANSLATORS: a line of the move log: the move's number, P and the player's
		 * number (P2: player 2), the move's notation */
		snprintf(line, sizeof line, _("%d. P%d %s"), number--, p + 1, text);
		strncat(line, gui_analysis_mark(a, i), sizeof line - strlen(line) - 1);
		if (bd[0] && d != 0) /* the breakdown under its move, wrapped, readable */
			y = gui_panel_wrapped(a, bd, r.x + 2.2f * u, y, 0.8f * u, r.w - 2.6f * u, GREY);
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

/* The button bar: the play screen's or the replay screen's. */
typedef struct bar_button {
	int id;
	const char *label;
} bar_button;

static const bar_button play_bar[] = {
	{BTN_HINT, N_("Hint")}, {BTN_UNDO, N_("Undo")}, {BTN_REDO, N_("Redo")},
	{BTN_SAVE, N_("Save")}, {BTN_REPLAY, N_("Replay")}, {BTN_FIT, N_("Fit")},
	{BTN_MENU, N_("Menu")}, {BTN_HELP, "?"}},
replay_bar[] = {
	{BTN_REPLAY_FIRST, "|<"}, {BTN_REPLAY_BACK, "<"}, {BTN_REPLAY_NEXT, ">"},
	{BTN_REPLAY_LAST, ">|"}, {BTN_REPLAY_PLAY, N_("Play")}, {BTN_MENU, N_("Menu")}};

#define BAR_FONT 1.0f    /* the labels' height in u, when they fit */
#define BAR_MIN_FONT 0.7f /* below that on one row, the bar takes two */

static const bar_button *bar_of(bool interactive, int *n)
{
	*n = interactive ? 8 : 6;
	return interactive ? play_bar : replay_bar;
}

/* A button's width for its label at height h, before the row is stretched to fill. */
static float natural_width(gui_app *a, const char *label, float h)
{
	float w = gui_text_width(&a->draw, h, _(label)) / 0.88f + 0.4f * h;
	return w > 2 * h ? w : 2 * h;
}

/* The factor that stretches (> 1) or squeezes buttons [from, to) into width w. */
static float row_fit(gui_app *a, const bar_button *b, int from, int to, float w)
{
	float u = a->layout.u, gap = u * 0.3f, sum = 0;
	for (int i = from; i < to; i++)
		sum += natural_width(a, b[i].label, BAR_FONT * u);
	return (w - (float)(to - from - 1) * gap) / sum;
}

int gui_panel_bar_rows(gui_app *a, bool interactive)
{
	int n;
	const bar_button *b = bar_of(interactive, &n);
	if (!a->win)
		return 1;
	return row_fit(a, b, 0, n, a->layout.bar.w) >= BAR_MIN_FONT ? 1 : 2;
}

static void bar_draw(gui_app *a, bool interactive)
{
	int n;
	const bar_button *b = bar_of(interactive, &n);
	SDL_FRect bar = a->layout.bar;
	if (!a->win)
		return; /* off-screen pictures have nothing to click */
	float u = a->layout.u, gap = u * 0.3f;
	int rows = bar.h > 3.5f * u ? 2 : 1;
	int split[3] = {0, n, n};
	float best = 0;
	for (int k = 1; rows == 2 && k < n; k++) { /* two rows: the split with the largest text */
		float f0 = row_fit(a, b, 0, k, bar.w), f1 = row_fit(a, b, k, n, bar.w);
		if ((f0 < f1 ? f0 : f1) > best)
			best = f0 < f1 ? f0 : f1, split[1] = k;
	}
	float font = BAR_FONT * u, rh = (bar.h - (float)(rows - 1) * gap) / (float)rows;
	for (int r = 0; r < rows; r++) { /* one height for every label: the smallest fit */
		float f = row_fit(a, b, split[r], split[r + 1], bar.w);
		if (f < 1 && BAR_FONT * u * f < font)
			font = BAR_FONT * u * f;
	}
	if (font > 0.7f * rh)
		font = 0.7f * rh;
	for (int r = 0; r < rows; r++) {
		float f = row_fit(a, b, split[r], split[r + 1], bar.w), x = bar.x;
		for (int i = split[r]; i < split[r + 1]; i++) {
			float w = natural_width(a, b[i].label, BAR_FONT * u) * f;
			SDL_FRect rect = {x, bar.y + (float)r * (rh + gap), w, rh};
			gui_button_draw_h(a, rect, b[i].id, 0, _(b[i].label),
					  b[i].id == BTN_HINT && a->play.hint_thinking, font);
			x += w + gap;
		}
	}
}

void gui_panel_draw(gui_app *a, const void *state, size_t upto, bool interactive)
{
	gui_game *g = &a->game;
	const void *game = bones_session_game(g->s);
	SDL_FRect panel = a->layout.panel;
	float u = a->layout.u;
	gui_fill_rect(&a->draw, panel, BONES_RGBA(34, 38, 46, 255));
	gui_text_fit(&a->draw, panel.x + 0.6f * u, panel.y + 1.1f * u, 1.3f * u, panel.w - 1.2f * u,
		     WHITE, BONES_ALIGN_LEFT, g->title);
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
		gui_text_fit(&a->draw, a->layout.log.x + 0.5f * u, top + 0.9f * u, u,
			     a->layout.log.w - u, WHITE, BONES_ALIGN_LEFT, result);
		top += 2.1f * u;
		if (interactive && bones_table_match(g->table))
			top = match_draw(a, top);
	}
	SDL_FRect rest = {a->layout.log.x, top, a->layout.log.w, a->layout.log.y + a->layout.log.h - top};
	bool human = interactive && gui_timer_live(a) && gui_game_human(g, gui_game_to_move(g));
	if (!human || !gui_overview_draw(a, rest)) /* a selected piece's spots, else the log */
		log_draw(a, upto, top);
	bar_draw(a, interactive);
}
