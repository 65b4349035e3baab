/* What the play screen offers a click: whose turn it is, the highlighted spots of the
 * selected piece (or of every piece), the move under a point, the hint, and where to
 * click for a piece, a spot or the hint (for scripts). */
#include "app.h"

const gui_mark *gui_mark_at(const gui_app *a, float x, float y)
{
	for (int i = a->draw.mark_count - 1; i >= 0; i--) {
		const gui_mark *m = &a->draw.marks[i];
		if (m->kind != BONES_MARK_LAST && gui_point_in_poly(m->xy, m->points, x, y))
			return m;
	}
	return NULL;
}

bool gui_play_human_turn(const gui_app *a)
{
	return a->has_game && a->screen == SCREEN_PLAY && gui_timer_live(a) &&
	       gui_game_human(&a->game, gui_game_to_move(&a->game));
}

int gui_play_piece(const gui_app *a)
{
	return a->play.sel >= 0 ? a->play.sel : BONES_CHOICES_ANY_PIECE;
}

bool gui_play_matches(const gui_app *a, const bones_choice *p)
{
	return p->target >= 0 && (a->play.sel < 0 || p->piece == a->play.sel);
}

int gui_play_ways(const gui_app *a, int move)
{
	const gui_game *g = &a->game;
	int spot = gui_game_choice(g, (size_t)move)->spot;
	return (int)bones_choices_ways(g->choices, gui_play_piece(a), spot, 0, NULL);
}

/* The legal move under screen point (x, y); -1 if none. Every move of the selected piece
 * (of any piece when none is) at the spot is one of its ways, chosen by a->play.variant. */
int gui_play_target_at(gui_app *a, float x, float y)
{
	const gui_game *g = &a->game;
	SDL_FRect b = a->layout.board;
	if (!gui_play_human_turn(a) || x < b.x || x >= b.x + b.w || y < b.y || y >= b.y + b.h)
		return -1;
	float wx = (x - a->view.board_view.ox) / a->view.board_view.scale;
	float wy = (y - a->view.board_view.oy) / a->view.board_view.scale;
	const gui_mark *m = gui_mark_at(a, wx, wy);
	int best = -1;
	float bestd = a->view.pick_radius * a->view.pick_radius;
	for (size_t i = 0; i < g->move_count; i++) {
		const bones_choice *p = gui_game_choice(g, i);
		if (!gui_play_matches(a, p))
			continue;
		float dx = p->x - wx, dy = p->y - wy, d = dx * dx + dy * dy;
		if (m && gui_point_in_poly(m->xy, m->points, p->x, p->y))
			d = 0;
		if (d < bestd || (best < 0 && d == 0))
			best = (int)i, bestd = d;
	}
	if (best < 0)
		return -1;
	int count = gui_play_ways(a, best), spot = gui_game_choice(g, (size_t)best)->spot;
	size_t want = (size_t)(((a->play.variant % count) + count) % count), index = 0;
	if (!bones_choices_ways(g->choices, gui_play_piece(a), spot, want, &index))
		return -1;
	return (int)index;
}

int gui_play_hint_index(const gui_app *a)
{
	if (!a->play.hint || a->play.hint_generation != a->generation || a->screen != SCREEN_PLAY ||
	    (size_t)a->play.hint > a->game.move_count)
		return -1;
	return a->play.hint - 1;
}

bool gui_play_hint_pos(gui_app *a, float *x, float *y)
{
	int h = gui_play_hint_index(a);
	if (h < 0)
		return false;
	const bones_choice *p = gui_game_choice(&a->game, (size_t)h);
	if (p->target >= 0) {
		*x = p->x * a->view.board_view.scale + a->view.board_view.ox;
		*y = p->y * a->view.board_view.scale + a->view.board_view.oy;
		return true;
	}
	for (int i = 0; i < a->button_count; i++)
		if (a->buttons[i].id == BTN_OFFBOARD && a->buttons[i].arg == h) {
			*x = a->buttons[i].r.x + a->buttons[i].r.w / 2;
			*y = a->buttons[i].r.y + a->buttons[i].r.h / 2;
			return true;
		}
	return false;
}

bool gui_play_hand_pos(gui_app *a, int piece, float *x, float *y)
{
	for (int i = 0; i < a->button_count; i++)
		if (a->buttons[i].id == BTN_HAND && a->buttons[i].arg == piece) {
			*x = a->buttons[i].r.x + a->buttons[i].r.w / 2;
			*y = a->buttons[i].r.y + a->buttons[i].r.h / 2;
			return true;
		}
	return false;
}

bool gui_play_first_at_spot(const gui_app *a, size_t i)
{
	const gui_game *g = &a->game;
	const bones_choice *p = gui_game_choice(g, i);
	size_t first = 0;
	return gui_play_matches(a, p) &&
	       bones_choices_ways(g->choices, gui_play_piece(a), p->spot, 0, &first) && first == i;
}

bool gui_play_target_pos(gui_app *a, int k, float *x, float *y)
{
	const gui_game *g = &a->game;
	for (size_t i = 0; i < g->move_count; i++) {
		const bones_choice *p = gui_game_choice(g, i);
		if (gui_play_first_at_spot(a, i) && k-- == 0) {
			*x = p->x * a->view.board_view.scale + a->view.board_view.ox;
			*y = p->y * a->view.board_view.scale + a->view.board_view.oy;
			return true;
		}
	}
	return false;
}
