/* The board area of the play and replay screens: fit-to-window view with the user's
 * pan and zoom, the plugin's board drawing, legal targets, the ghost and its points. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bones/i18n.h"

#include "app.h"

/* The largest pick radius in world units: plugins draw about one cell per world unit,
 * so a lone target is a marker of a fixed size on the cell, not a disc over the board. */
#define PICK_RADIUS_MAX 0.45f

/* Half the smallest distance between two different targets (at most PICK_RADIUS_MAX):
 * how near a click must be. */
static float pick_radius(const gui_game *g, const float box[4])
{
	float best = 1e30f;
	for (size_t i = 0; i < g->move_count; i++) {
		const bones_choice *p = gui_game_choice(g, i);
		if (p->target < 0)
			continue;
		for (size_t j = i + 1; j < g->move_count; j++) {
			const bones_choice *q = gui_game_choice(g, j);
			if (q->target < 0 || q->target == p->target)
				continue;
			float dx = p->x - q->x, dy = p->y - q->y, d = sqrtf(dx * dx + dy * dy);
			if (d > 1e-4f && d < best)
				best = d;
		}
	}
	(void)box;
	return fminf(best / 2, PICK_RADIUS_MAX);
}

static bool box_holds(const float outer[4], const float inner[4])
{
	return inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] &&
	       inner[3] <= outer[3];
}

/* The box the view is fitted to: kept while the board (and its targets) stays inside
 * the world it shows and the board area keeps its size, so nothing moves under the
 * mouse from move to move; a board that leaves it is fitted again with room to grow
 * (a quarter of its size, at least two spots' width each way). */
static void keep_fit(gui_app *a, const float box[4])
{
	gui_board_view *v = &a->view;
	float area[2] = {a->layout.board.w, a->layout.board.h - a->layout.sheet_h}, shown[4];
	bool same_area = v->fit_area[0] == area[0] && v->fit_area[1] == area[1];
	gui_view_fitted_world(a, shown);
	if (v->fitted && same_area && box_holds(shown, box))
		return;
	bool grows = v->fitted && same_area;
	float grow = grows ? 0.25f : 0, least = grows ? 4 * v->pick_radius : 0;
	float mx = fmaxf((box[2] - box[0]) * grow, least), my = fmaxf((box[3] - box[1]) * grow, least);
	float b[4] = {box[0] - mx, box[1] - my, box[2] + mx, box[3] + my};
	if (grows) {
		for (int i = 0; i < 2; i++) {
			b[i] = fminf(b[i], v->fit_box[i]);
			b[i + 2] = fmaxf(b[i + 2], v->fit_box[i + 2]);
		}
		v->refits++;
	}
	memcpy(v->fit_box, b, sizeof b);
	v->fit_area[0] = area[0], v->fit_area[1] = area[1];
	v->fitted = true;
}

/* Fit the board (and the targets when interactive) to the window. */
static void fit_view(gui_app *a, const void *state, bool with_targets)
{
	const gui_game *g = &a->game;
	float box[4] = {0, 0, 1, 1};
	g->render->board_bounds(gui_game_drawn(g), state, box);
	a->view.pick_radius = pick_radius(g, box);
	for (size_t i = 0; with_targets && i < g->move_count; i++) {
		const bones_choice *p = gui_game_choice(g, i);
		if (p->target < 0)
			continue;
		box[0] = fminf(box[0], p->x - a->view.pick_radius);
		box[1] = fminf(box[1], p->y - a->view.pick_radius);
		box[2] = fmaxf(box[2], p->x + a->view.pick_radius);
		box[3] = fmaxf(box[3], p->y + a->view.pick_radius);
	}
	keep_fit(a, box);
	gui_view_fit(a, a->view.fit_box);
}

/* A spot's cell as the plugin marks it (a Holomino hexagon, a domino's place) outlined
 * in green; the marker on it keeps its fixed size. */
static void outline_cell(gui_app *a, const gui_mark *m)
{
	float xy[2 * GUI_POLY_MAX];
	const gui_view *v = &a->view.board_view;
	for (int k = 0; k < m->points; k++) {
		xy[2 * k] = m->xy[2 * k] * v->scale + v->ox;
		xy[2 * k + 1] = m->xy[2 * k + 1] * v->scale + v->oy;
	}
	gui_poly_px(&a->draw, xy, m->points, BONES_NONE, BONES_RGBA(40, 170, 70, 200), 2);
}

static void draw_targets(gui_app *a)
{
	const gui_game *g = &a->game;
	int one_piece = -2; /* the piece of every move on the board, -1 if they differ */
	for (size_t i = 0; i < g->move_count; i++) {
		const bones_choice *c = gui_game_choice(g, i);
		if (c->target >= 0)
			one_piece = one_piece == -2 || one_piece == c->piece ? c->piece : -1;
	}
	for (size_t i = 0; i < g->move_count; i++) {
		const bones_choice *p = gui_game_choice(g, i);
		if (!gui_play_first_at_spot(a, i))
			continue;
		/* full size for the selected piece, a move that takes no piece (a pick), or
		 * when one piece is all there is to play */
		bool full = a->play.sel >= 0 || p->piece < 0 || one_piece >= 0;
		const gui_mark *m = gui_mark_at(a, p->x, p->y);
		float s = a->view.board_view.scale;
		if (m && full) /* the plugin's cell outlined, not filled: what it holds shows */
			outline_cell(a, m);
		float r = full ? a->view.pick_radius * 0.6f : a->view.pick_radius * 0.25f;
		gui_circle_px(&a->draw, p->x * s + a->view.board_view.ox, p->y * s + a->view.board_view.oy,
			      r * s, BONES_RGBA(60, 200, 90, full ? 90 : 70),
			      BONES_RGBA(40, 170, 70, 200), 2);
	}
}

/* A canvas that draws nothing and keeps the box (world units) of what would be drawn:
 * the ghost's extent, whatever the piece's shape. */
static void extent_grow(void *user, float x0, float y0, float x1, float y1)
{
	float *e = user; /* x0, y0, x1, y1; x0 > x1 while empty */
	e[0] = fminf(e[0], x0), e[1] = fminf(e[1], y0);
	e[2] = fmaxf(e[2], x1), e[3] = fmaxf(e[3], y1);
}

static void extent_polygon(void *user, const float *xy, int points, bones_color fill,
			   bones_color stroke, float stroke_width)
{
	(void)fill, (void)stroke, (void)stroke_width;
	for (int i = 0; i < points; i++)
		extent_grow(user, xy[2 * i], xy[2 * i + 1], xy[2 * i], xy[2 * i + 1]);
}

static void extent_circle(void *user, float x, float y, float r, bones_color fill,
			  bones_color stroke, float stroke_width)
{
	(void)fill, (void)stroke, (void)stroke_width;
	extent_grow(user, x - r, y - r, x + r, y + r);
}

static void extent_line(void *user, float x0, float y0, float x1, float y1, bones_color color,
			float width)
{
	(void)color, (void)width;
	extent_grow(user, fminf(x0, x1), fminf(y0, y1), fmaxf(x0, x1), fmaxf(y0, y1));
}

static void extent_text(void *user, float x, float y, float height, bones_color color,
			int align, const char *utf8)
{
	(void)color, (void)align, (void)utf8;
	extent_grow(user, x, y - height / 2, x, y + height / 2);
}

static void extent_pips(void *user, float x, float y, float side, int count, bones_color color)
{
	(void)count, (void)color;
	extent_grow(user, x - side / 2, y - side / 2, x + side / 2, y + side / 2);
}

static void extent_mark(void *user, const float *xy, int points, int kind)
{
	(void)user, (void)xy, (void)points, (void)kind; /* a highlight, not the ghost */
}

/* The hovered move's ghost on screen, with its spot: what the tooltip must not cover. */
static SDL_FRect ghost_rect(const gui_app *a, const bones_choice *c)
{
	const gui_game *g = &a->game;
	const gui_view *v = &a->view.board_view;
	float e[4] = {c->x, c->y, c->x, c->y};
	bones_canvas m = {sizeof m,       e,           extent_polygon, extent_circle, extent_line,
			  extent_text,    extent_pips, extent_mark,    NULL};
	g->render->draw_ghost(gui_game_drawn(g), bones_session_state(g->s), c->move, &m);
	float pad = fmaxf(0.5f * v->scale, 0.4f * a->layout.u);
	return (SDL_FRect){e[0] * v->scale + v->ox - pad, e[1] * v->scale + v->oy - pad,
			   (e[2] - e[0]) * v->scale + 2 * pad, (e[3] - e[1]) * v->scale + 2 * pad};
}

/* Where the tooltip of the hovered move goes: below its ghost (the piece as it would
 * lie), else above it, else beside it, and always inside the board area (and so the
 * window). */
static void tooltip_place(const gui_app *a, SDL_FRect gr, float w, float h, float *x, float *y)
{
	SDL_FRect b = a->layout.board;
	float u = a->layout.u, top = b.y + 2.4f * u, bottom = b.y + b.h - 3.6f * u;
	float sx = gr.x + gr.w / 2, sy = gr.y + gr.h / 2;
	*x = fminf(fmaxf(sx - w / 2, b.x + 4), b.x + b.w - w - 4);
	if (gr.y + gr.h + h <= bottom)
		*y = gr.y + gr.h;
	else if (gr.y - h >= top)
		*y = gr.y - h;
	else { /* no room above or below: beside the ghost */
		*y = fminf(fmaxf(sy - h / 2, top), bottom - h);
		*x = gr.x + gr.w + w <= b.x + b.w - 4 ? gr.x + gr.w : fmaxf(gr.x - w, b.x + 4);
	}
}

static void draw_hover(gui_app *a, const void *state)
{
	gui_game *g = &a->game;
	if (a->play.hover < 0 || (size_t)a->play.hover >= g->move_count)
		return;
	const bones_choice *c = gui_game_choice(g, (size_t)a->play.hover);
	g->render->draw_ghost(gui_game_drawn(g), state, c->move, &a->draw.canvas);
	char bd[256], line[520], words[160], text[BONES_MOVE_TEXT_MAX + 170];
	double pts = c->points;
	gui_game_preview(g, c->move, bd, sizeof bd);
	/* the plugin's words first ("picks 2-5 from row 1"), the notation after them */
	if (BONES_RENDER_HAS(g->render, move_words) &&
	    g->render->move_words(gui_game_drawn(g), state, c->move, words, sizeof words))
		snprintf(text, sizeof text, "%s (%s)", words, c->text);
	else
		snprintf(text, sizeof text, "%s", c->text);
	int variants = gui_play_ways(a, a->play.hover);
	char amount[48];
	if (g->plugin->flags & BONES_LOW_SCORE_WINS && pts > 0)
		/* TRANSLATORS: in the tooltip of a move in a game where the fewest points win */
		snprintf(amount, sizeof amount, _("costs %g"), pts);
	else
		snprintf(amount, sizeof amount, "%+g", pts);
	if (pts == 0 && !bd[0]) /* a pick scores nothing: no "+0" */
		amount[0] = '\0';
	snprintf(line, sizeof line, "%s%s%s%s%.200s", text, amount[0] ? "   " : "", amount,
		 bd[0] ? "   " : "", bd);
	float u = a->layout.u, w = gui_text_width(&a->draw, u, line) + u;
	char more[128];
	snprintf(more, sizeof more, P_("%d way here: R or wheel turns",
				       "%d ways here: R or wheel turns", variants), variants);
	if (variants > 1)
		w = fmaxf(w, gui_text_width(&a->draw, u * 0.85f, more) + u);
	w = fminf(w, a->layout.board.w - 8); /* longer texts are drawn smaller */
	float h = variants > 1 ? 2.6f * u : 1.6f * u, x, y;
	a->play.ghost = ghost_rect(a, c);
	tooltip_place(a, a->play.ghost, w, h, &x, &y);
	gui_fill_rect(&a->draw, (SDL_FRect){x, y, w, h}, BONES_RGBA(20, 24, 30, 225));
	gui_text_fit(&a->draw, x + u / 2, y + 0.8f * u, u, w - u, gui_points_color(g->plugin, pts),
		     BONES_ALIGN_LEFT, line);
	if (variants > 1)
		gui_text_fit(&a->draw, x + u / 2, y + 1.9f * u, u * 0.85f, w - u,
			     BONES_RGBA(190, 200, 210, 255), BONES_ALIGN_LEFT, more);
	a->play.tip = (SDL_FRect){x, y, w, h};
}

/* The shown hint (while its piece, or none, is selected): its ghost and a gold ring. */
static int shown_hint(const gui_app *a)
{
	int h = gui_play_hint_index(a);
	if (h < 0 || (a->play.sel >= 0 && gui_game_choice(&a->game, (size_t)h)->piece != a->play.sel))
		return -1;
	return h;
}

static void draw_hint(gui_app *a, const void *state)
{
	gui_game *g = &a->game;
	int h = shown_hint(a);
	const bones_choice *c = h < 0 ? NULL : gui_game_choice(g, (size_t)h);
	if (!c || c->target < 0)
		return;
	g->render->draw_ghost(gui_game_drawn(g), state, c->move, &a->draw.canvas);
	float s = a->view.board_view.scale;
	gui_circle_px(&a->draw, c->x * s + a->view.board_view.ox,
		      c->y * s + a->view.board_view.oy, a->view.pick_radius * 0.75f * s,
		      BONES_RGBA(255, 210, 80, 0), BONES_RGBA(255, 190, 40, 255), 3);
}

/* The hint's move as its button reads when it is played off the board, else notation. */
static bool hint_text(const gui_game *g, int h, char *text, size_t cap)
{
	const bones_choice *c = gui_game_choice(g, (size_t)h);
	snprintf(text, cap, "%s", c->target < 0 ? c->label : c->text);
	return true;
}

/* Why the hint: its points and the plugin's breakdown, or that it scores nothing now. */
static bool hint_reason(gui_game *g, int h, char *buf, size_t cap)
{
	const bones_choice *c = gui_game_choice(g, (size_t)h);
	char bd[256];
	gui_game_preview(g, c->move, bd, sizeof bd);
	if (c->points == 0 && !bd[0])
		snprintf(buf, cap, "%s", _("no points now; the search rates it best for later"));
	else if (bd[0])
		snprintf(buf, cap, "%+g: %.200s", c->points, bd);
	else
		snprintf(buf, cap, "%+g", c->points);
	return true;
}

/* Whether every legal move is made with a button (a pass, a draw): no spot to click. */
static bool only_buttons(const gui_game *g)
{
	for (size_t i = 0; i < g->move_count; i++)
		if (gui_game_choice(g, i)->target >= 0)
			return false;
	return g->move_count > 0;
}

/* The plugin's words for the step to take now (bones_render.prompt), if it has them. */
static bool plugin_prompt(gui_game *g, char *buf, size_t cap)
{
	return BONES_RENDER_HAS(g->render, prompt) &&
	       g->render->prompt(gui_game_drawn(g), bones_session_state(g->s), buf, cap);
}

/* The status line of a game that is over (a forfeit, the rules' end, and why where the
 * game says so); false while it goes on. */
static bool over_text(gui_game *g, int who, char *buf, size_t cap)
{
	const bones_match *m = bones_table_match(g->table);
	bool more = m && !bones_match_over(m);
	int forfeit = bones_table_forfeit(g->table);
	char name[120], why[200];
	if (forfeit >= 0) {
		gui_game_seat_text(g, forfeit, name, sizeof name);
		snprintf(buf, cap, more ? _("%s - %s forfeited: game over (N: next game)")
					: _("%s - %s forfeited: game over"), g->title, name);
	} else if (who == BONES_TERMINAL && plugin_prompt(g, why, sizeof why)) {
		/* TRANSLATORS: the status line at the end: the game's title, why it ended */
		snprintf(buf, cap, more ? _("%s - game over: %s (N: next game)")
					: _("%s - game over: %s"), g->title, why);
	} else if (who == BONES_TERMINAL) {
		snprintf(buf, cap, more ? _("%s - game over (N: next game)") : _("%s - game over"),
			 g->title);
	}
	return forfeit >= 0 || who == BONES_TERMINAL;
}

static void status_line(gui_app *a, size_t upto, bool interactive, char *buf, size_t cap)
{
	gui_game *g = &a->game;
	int who = gui_game_to_move(g);
	char name[120];
	if (!interactive) {
		size_t shown = bones_choices_player_moves(g->s, upto);
		size_t total = bones_choices_player_moves(g->s, bones_session_length(g->s));
		if (a->win)
			snprintf(buf, cap, _("%s - replay: move %zu of %zu   (Left/Right, Home/End, "
					     "Enter: play from here)"), g->title, shown, total);
		else
			snprintf(buf, cap, _("%s - replay: move %zu of %zu"), g->title, shown, total);
		return;
	}
	if (over_text(g, who, buf, cap))
		return;
	if (who < 0) {
		snprintf(buf, cap, "%s", g->title);
		return;
	}
	gui_game_seat_text(g, who, name, sizeof name);
	char clock[48];
	gui_timer_status(a, clock, sizeof clock);
	int h = shown_hint(a);
	char text[BONES_MOVE_TEXT_MAX], words[320];
	if (!gui_game_human(g, who))
		snprintf(buf, cap, _("%s is thinking..."), name);
	else if (a->play.hint_thinking) /* TRANSLATORS: the last %s is the clock: "  [0:42]" */
		snprintf(buf, cap, _("%s: hint: thinking...%s"), name, clock);
	else if (h >= 0 && hint_text(g, h, text, sizeof text) && hint_reason(g, h, words, sizeof words))
		/* TRANSLATORS: the hint in the status line: the move, why (its points and
		 * breakdown), then what to do, then the clock */
		snprintf(buf, cap, _("hint: %s (%s)   (click it to play, Esc: another piece)%s"),
			 text, words, clock);
	else if (h >= 0)
		snprintf(buf, cap, _("hint: %s   (click it to play, Esc: another piece)%s"), text,
			 clock);
	else if (only_buttons(g)) /* before the plugin's words, which may offer a spot */
		snprintf(buf, cap, _("%s to move: nothing to place on the board, use the button "
				     "below%s"), name, clock);
	else if (a->play.sel < 0 && plugin_prompt(g, words, sizeof words))
		snprintf(buf, cap, "%.60s: %.150s%.40s", name, words, clock);
	else if (a->play.sel < 0 && g->render->hand_size(gui_game_drawn(g),
						    bones_session_state(g->s), who,
						    gui_viewer(a)) > 0)
		snprintf(buf, cap, _("%s to move: choose a piece from your hand, or click a "
				     "highlighted spot%s"), name, clock);
	else if (a->play.sel < 0)
		snprintf(buf, cap, _("%s to move: click a highlighted spot%s"), name, clock);
	else
		snprintf(buf, cap, _("%s: click a highlighted spot (Esc: another piece)%s"), name,
			 clock);
}

static void offboard_buttons(gui_app *a)
{
	gui_game *g = &a->game;
	float u = a->layout.u, x = a->layout.board.x + u;
	float y = a->layout.board.y + a->layout.board.h - 3.2f * u;
	int shown = 0;
	for (size_t i = 0; i < g->move_count && shown < 8; i++) {
		const bones_choice *p = gui_game_choice(g, i);
		if (p->target >= 0 || (a->play.sel >= 0 && p->piece >= 0 && p->piece != a->play.sel))
			continue;
		const char *text = p->label;
		float w = gui_text_width(&a->draw, u, text) + 2 * u;
		gui_button_draw(a, (SDL_FRect){x, y, w, 2.2f * u}, BTN_OFFBOARD, (int)i, text,
				(p->piece >= 0 && p->piece == a->play.sel) || (int)i == shown_hint(a));
		x += w + u / 2;
		shown++;
	}
}

static void board_draw(gui_app *a, const void *state, size_t upto, bool interactive)
{
	gui_game *g = &a->game;
	SDL_FRect b = a->layout.board;
	gui_fill_rect(&a->draw, b, BONES_RGBA(228, 222, 206, 255));
	fit_view(a, state, interactive);
	a->play.tip = (SDL_FRect){0, 0, 0, 0};
	gui_clip(&a->draw, b);
	a->draw.view = a->view.board_view;
	a->draw.mark_count = 0;
	a->draw.capture = true;
	gui_marks_begin(&a->draw);
	char texts[BONES_TABLE_MAX_SEATS][120];
	const char *names[BONES_TABLE_MAX_SEATS] = {0}; /* the board's labels, as the panel's */
	for (int p = 0; p < g->players && p < BONES_TABLE_MAX_SEATS; p++)
		names[p] = gui_game_seat_text(g, p, texts[p], sizeof texts[p]);
	a->draw.canvas.seat_names = names;
	g->render->draw_board(gui_game_drawn(g), state, gui_viewer(a),
			      &a->draw.canvas);
	a->draw.canvas.seat_names = NULL;
	a->draw.capture = false;
	gui_last_moves(&a->draw, g->s, upto);
	bool human = interactive && gui_timer_live(a) && gui_game_human(g, gui_game_to_move(g));
	if (human) {
		draw_targets(a);
		draw_hint(a, state);
		draw_hover(a, state);
	}
	gui_unclip(&a->draw);
	char status[400];
	status_line(a, upto, interactive, status, sizeof status);
	float u = a->layout.u;
	gui_fill_rect(&a->draw, (SDL_FRect){b.x, b.y, b.w, 2.2f * u}, BONES_RGBA(40, 46, 56, 235));
	gui_text_fit(&a->draw, b.x + u, b.y + 1.1f * u, 1.1f * u, b.w - 2 * u,
		     BONES_RGBA(245, 245, 245, 255), BONES_ALIGN_LEFT, status);
	float left = interactive ? gui_timer_fraction(a) : -1;
	if (left >= 0) /* the clock of the human's move: a bar under the status line */
		gui_fill_rect(&a->draw, (SDL_FRect){b.x, b.y + 1.95f * u, b.w * left, 0.25f * u},
			      bones_table_clock_phase(a->game.table) == BONES_CLOCK_GRACE
				      ? BONES_RGBA(230, 80, 60, 255)
				      : BONES_RGBA(110, 200, 120, 255));
	if (human)
		offboard_buttons(a);
	if (interactive && gui_game_to_move(g) == BONES_TERMINAL)
		gui_sheet_draw(a, upto);
}

void gui_scene_draw(gui_app *a, size_t upto, bool interactive)
{
	gui_game *g = &a->game;
	const void *state = bones_session_state_at(g->s, upto);
	const void *game = gui_game_drawn(g);
	int viewer = gui_viewer(a), max_hand = 0;
	for (int p = 0; p < g->players; p++) {
		int n = g->render->hand_size(game, state, p, viewer);
		max_hand = n > max_hand ? n : max_hand;
	}
	gui_layout_compute(&a->layout, a->w, a->h, g->players, max_hand);
	gui_layout_bar_rows(&a->layout, gui_panel_bar_rows(a, interactive));
	a->layout.sheet_h = gui_sheet_height(a, upto, interactive); /* the board above it */
	a->button_count = 0;
	board_draw(a, state, upto, interactive);
	gui_panel_draw(a, state, upto, interactive);
}
