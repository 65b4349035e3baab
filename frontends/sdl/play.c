/* The play screen: pick a piece, hover and click the highlighted spots, cycle
 * orientations, undo and redo, hints, the match's next game; and the agents' turns on
 * the worker. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bones/i18n.h"

#include "app.h"

void gui_play_move(gui_app *a, bones_move move)
{
	gui_game *g = &a->game;
	char text[BONES_MOVE_TEXT_MAX] = "?";
	int who = gui_game_to_move(g);
	g->plugin->format_move(bones_session_game(g->s), bones_session_state(g->s), move, text,
			       sizeof text);
	bones_status st = gui_game_play(g, move);
	if (st != BONES_OK) {
		gui_toast(a, _("move '%s' refused (status %d)"), text, (int)st);
		return;
	}
	printf("move %zu: player %d: %s\n", bones_session_length(g->s), who + 1, text);
	if (gui_game_to_move(g) == BONES_TERMINAL) {
		double sc[GUI_MAX_SEATS] = {0};
		g->plugin->scores(bones_session_game(g->s), bones_session_state(g->s), sc);
		printf("game over:");
		for (int p = 0; p < g->players; p++)
			printf(" %g", sc[p]);
		printf("\n");
	}
	fflush(stdout);
	a->generation++;
	a->play.sel = a->play.hover = -1;
	a->play.variant = 0;
	a->play.agent_due = 0;
}

static void undo(gui_app *a)
{
	if (a->screen != SCREEN_PLAY || !gui_timer_live(a))
		return;
	a->generation++; /* an agent still thinking is ignored */
	gui_worker_join(&a->worker);
	if (!gui_game_undo(&a->game))
		gui_toast(a, "%s", _("nothing to undo"));
	a->play.sel = a->play.hover = -1;
	a->play.agent_due = 0;
}

static void redo(gui_app *a)
{
	if (a->screen != SCREEN_PLAY || !gui_timer_live(a))
		return;
	a->generation++;
	gui_worker_join(&a->worker);
	if (!gui_game_redo(&a->game))
		gui_toast(a, "%s", _("nothing to redo"));
	a->play.sel = a->play.hover = -1;
	a->play.agent_due = 0;
}

static void select_piece(gui_app *a, int piece)
{
	if (!gui_play_human_turn(a))
		return;
	a->play.sel = a->play.sel == piece ? -1 : piece;
	a->play.variant = 0;
}

bool gui_play_click_hand(gui_app *a, int piece)
{
	select_piece(a, piece);
	return gui_play_human_turn(a);
}

bool gui_play_hint(gui_app *a)
{
	char err[256] = "";
	if (a->play.hint_thinking || gui_worker_busy(&a->worker)) {
		gui_toast(a, "%s", _("a hint is still thinking"));
		return false;
	}
	if (!gui_play_human_turn(a)) {
		gui_toast(a, "%s", _("no hint: it is not your move"));
		return false;
	}
	bones_agent *ag = bones_table_hint_agent(a->game.table, err, sizeof err);
	if (!ag) {
		gui_toast(a, _("no hint: %s"), err);
		return false;
	}
	a->play.hint = 0;
	if (!gui_worker_start(&a->worker, ag, bones_session_state(a->game.s),
			      bones_session_info(a->game.s)->state_size, a->generation)) {
		gui_toast(a, "%s", _("no hint: cannot start the worker"));
		return false;
	}
	a->play.hint_thinking = true;
	return true;
}

/* The hint agent answered: select its piece and variant, print and show it. */
static void hint_arrived(gui_app *a, bones_move move, bones_status st)
{
	gui_game *g = &a->game;
	char text[BONES_MOVE_TEXT_MAX] = "?";
	long found = st == BONES_OK ? bones_choices_find(g->choices, move) : -1;
	if (found < 0) {
		gui_toast(a, "%s", _("no hint: the mcts agent found no move"));
		return;
	}
	g->plugin->format_move(bones_session_game(g->s), bones_session_state(g->s), move, text,
			       sizeof text);
	const bones_choice *p = gui_game_choice(g, (size_t)found);
	a->play.hint = (int)found + 1;
	a->play.hint_generation = a->generation;
	a->play.sel = p->piece >= 0 ? p->piece : -1;
	a->play.variant = 0; /* the hint's rank among the moves a click at its spot chooses from */
	for (size_t k = 0, way = 0; p->spot >= 0; k++, a->play.variant++)
		if (bones_choices_ways(g->choices, gui_play_piece(a), p->spot, k, &way) <= k ||
		    way == (size_t)found)
			break;
	printf("hint: %s\n", text);
	fflush(stdout);
}

bool gui_play_next_game(gui_app *a)
{
	char err[256];
	if (!bones_table_match(a->game.table) || !gui_game_next(&a->game, err, sizeof err))
		return false;
	gui_worker_join(&a->worker);
	a->generation++;
	a->play.sel = a->play.hover = -1;
	a->play.hint = 0;
	a->play.agent_due = 0;
	gui_view_reset(a);
	printf("started %s (seed %llu)\n", a->game.label,
	       (unsigned long long)bones_session_seed(a->game.s));
	fflush(stdout);
	return true;
}

static void press_button(gui_app *a, int id, int arg)
{
	switch (id) {
	case BTN_HAND: select_piece(a, arg); break;
	case BTN_OFFBOARD:
	case BTN_SPOT:
		if (gui_play_human_turn(a) && arg >= 0 && (size_t)arg < a->game.move_count)
			gui_play_move(a, gui_game_choice(&a->game, (size_t)arg)->move);
		break;
	case BTN_UNDO: undo(a); break;
	case BTN_REDO: redo(a); break;
	case BTN_HINT: gui_play_hint(a); break;
	case BTN_REPLAY: gui_replay_open(a); break;
	case BTN_NEXT_GAME: gui_play_next_game(a); break;
	case BTN_SHEET: a->play.sheet_closed = a->generation + 1; break;
	default: gui_board_button(a, id); break;
	}
}

static void click(gui_app *a, float x, float y)
{
	int arg = 0, id = gui_button_at(a, x, y, &arg);
	if (id != BTN_NONE) {
		press_button(a, id, arg);
		return;
	}
	int t = gui_play_target_at(a, x, y); /* the move its ghost shows, piece chosen or not */
	if (t >= 0)
		gui_play_move(a, gui_game_choice(&a->game, (size_t)t)->move);
}

static void key(gui_app *a, const SDL_KeyboardEvent *k)
{
	bool ctrl = k->keysym.mod & KMOD_CTRL, shift = k->keysym.mod & KMOD_SHIFT;
	SDL_Keycode c = k->keysym.sym;
	if (c == SDLK_ESCAPE && a->play.sel >= 0)
		a->play.sel = -1;
	else if (c == SDLK_ESCAPE)
		gui_to_menu(a);
	else if ((c == SDLK_z && ctrl && shift) || (c == SDLK_y && ctrl))
		redo(a);
	else if ((c == SDLK_z && ctrl) || c == SDLK_u)
		undo(a);
	else if (c == SDLK_h)
		gui_play_hint(a);
	else if (c == SDLK_l) /* the list of a piece's spots: off and on */
		a->play.no_overview = !a->play.no_overview;
	else if (c == SDLK_r)
		a->play.variant += shift ? -1 : 1,
			a->play.hover = gui_play_target_at(a, a->view.mx, a->view.my);
	else if (c >= SDLK_1 && c <= SDLK_9)
		select_piece(a, (int)(c - SDLK_1));
	else if (c == SDLK_n)
		gui_play_next_game(a);
	else if (c == SDLK_p)
		gui_replay_open(a);
	else if (c == SDLK_e) /* the game-over sheet: closed and open again */
		a->play.sheet_closed = a->play.sheet_closed == a->generation + 1 ? 0
										: a->generation + 1;
	else
		gui_board_key(a, k);
}

void gui_play_event(gui_app *a, const SDL_Event *ev)
{
	switch (ev->type) {
	case SDL_MOUSEMOTION: /* the left button drags the board only off the spots */
		gui_view_motion(a, &ev->motion, a->play.hover < 0);
		a->play.hover = gui_play_target_at(a, a->view.mx, a->view.my);
		break;
	case SDL_MOUSEBUTTONDOWN: gui_view_press(a, &ev->button); break;
	case SDL_MOUSEBUTTONUP:
		if (!gui_view_release(a, &ev->button))
			break;
		if (ev->button.button == SDL_BUTTON_LEFT)
			click(a, a->view.mx, a->view.my);
		else if (ev->button.button == SDL_BUTTON_RIGHT)
			a->play.sel = -1;
		break;
	case SDL_MOUSEWHEEL:
		if (a->play.hover >= 0 && ev->wheel.y != 0) { /* on a spot: its other ways */
			int before = a->play.hover;
			a->play.variant += ev->wheel.y > 0 ? 1 : -1;
			a->play.hover = gui_play_target_at(a, a->view.mx, a->view.my);
			if (a->play.hover != before)
				break;
		}
		if (ev->wheel.y != 0)
			gui_view_zoom_at(a, a->view.mx, a->view.my, ev->wheel.y > 0 ? 1.15f : 1 / 1.15f);
		break;
	case SDL_KEYDOWN: key(a, &ev->key); break;
	default: break;
	}
}

void gui_play_update(gui_app *a)
{
	bones_move move;
	unsigned gen;
	bones_status st;
	if (!a->has_game)
		return;
	bool answered = gui_worker_poll(&a->worker, &move, &gen, &st);
	bool hinted = a->play.hint_thinking && (answered || !gui_worker_busy(&a->worker));
	a->play.hint_thinking = a->play.hint_thinking && !hinted; /* joined (undo, switch): dropped */
	if (answered && gen == a->generation && a->screen == SCREEN_PLAY && hinted) {
		hint_arrived(a, move, st);
	} else if (answered && gen == a->generation && a->screen == SCREEN_PLAY) {
		if (st == BONES_OK)
			gui_play_move(a, move);
		else
			gui_toast(a, _("the agent could not choose a move (status %d)"), (int)st);
	}
	gui_timer_update(a);
	int who = gui_game_to_move(&a->game);
	if (a->screen != SCREEN_PLAY || who < 0 || gui_game_human(&a->game, who) ||
	    gui_worker_busy(&a->worker) || !gui_timer_live(a))
		return;
	Uint32 now = SDL_GetTicks();
	if (!a->play.agent_due) {
		a->play.agent_due = now + a->agent_delay + 1;
		return;
	}
	if (SDL_TICKS_PASSED(now, a->play.agent_due)) {
		a->play.agent_due = 0;
		gui_worker_start(&a->worker, bones_table_agent(a->game.table, who),
				 bones_session_state(a->game.s),
				 bones_session_info(a->game.s)->state_size, a->generation);
	}
}


void gui_play_draw(gui_app *a)
{
	gui_scene_draw(a, bones_session_length(a->game.s), true);
}
