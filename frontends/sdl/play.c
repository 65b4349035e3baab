/* Input on the play and replay screens: pick a piece, hover and click targets, cycle
 * orientations, pan and zoom, undo, save, replay; and the agents' turns on the worker. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "app.h"


void gui_play_reset_view(gui_app *a)
{
	a->zoom = 1;
	a->panx = a->pany = 0;
}

void gui_game_switch(gui_app *a, gui_game *g)
{
	gui_worker_join(&a->worker);
	if (a->has_game)
		gui_game_release(&a->game);
	a->game = *g;
	a->has_game = true;
	a->generation++;
	a->sel = a->hover = -1;
	a->variant = 0;
	a->agent_due = 0;
	gui_play_reset_view(a);
}

static bool human_turn(const gui_app *a)
{
	return a->has_game && a->screen == SCREEN_PLAY && gui_timer_live(a) &&
	       gui_game_human(&a->game, gui_game_to_move(&a->game));
}

bool gui_play_matches(const gui_app *a, const bones_move_place *p)
{
	return p->target >= 0 && (a->sel < 0 || p->piece == a->sel);
}

int gui_play_ways(const gui_app *a, int move)
{
	const gui_game *g = &a->game;
	int count = 0;
	for (size_t i = 0; i < g->move_count; i++)
		count += gui_play_matches(a, &g->places[i]) &&
			 g->places[i].target == g->places[move].target;
	return count;
}

/* The legal move under screen point (x, y); -1 if none. Every move of the selected piece
 * (of any piece when none is) at the spot is one of its ways, chosen by a->variant. */
static int hit_target(gui_app *a, float x, float y)
{
	const gui_game *g = &a->game;
	SDL_FRect b = a->layout.board;
	if (!human_turn(a) || x < b.x || x >= b.x + b.w || y < b.y || y >= b.y + b.h)
		return -1;
	float wx = (x - a->board_view.ox) / a->board_view.scale;
	float wy = (y - a->board_view.oy) / a->board_view.scale;
	const gui_mark *m = NULL;
	for (int i = a->draw.mark_count - 1; i >= 0 && !m; i--)
		if (a->draw.marks[i].kind != BONES_MARK_LAST &&
		    gui_point_in_poly(a->draw.marks[i].xy, a->draw.marks[i].points, wx, wy))
			m = &a->draw.marks[i];
	int best = -1;
	float bestd = a->pick_radius * a->pick_radius;
	for (size_t i = 0; i < g->move_count; i++) {
		const bones_move_place *p = &g->places[i];
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
	int count = gui_play_ways(a, best);
	int want = ((a->variant % count) + count) % count;
	for (size_t i = 0; i < g->move_count; i++)
		if (gui_play_matches(a, &g->places[i]) &&
		    g->places[i].target == g->places[best].target && want-- == 0)
			return (int)i;
	return -1;
}

void gui_play_move(gui_app *a, bones_move move)
{
	gui_game *g = &a->game;
	char text[BONES_MOVE_TEXT_MAX] = "?";
	int who = gui_game_to_move(g);
	g->plugin->format_move(bones_session_game(g->s), bones_session_state(g->s), move, text,
			       sizeof text);
	bones_status st = gui_game_play(g, move);
	if (st != BONES_OK) {
		gui_toast(a, "move '%s' refused (status %d)", text, (int)st);
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
	a->sel = a->hover = -1;
	a->variant = 0;
	a->agent_due = 0;
}

bool gui_play_save(gui_app *a, const char *path)
{
	char buf[1200], err[512], values[6][160];
	const char *tags[12];
	bones_record_players players;
	memset(&players, 0, sizeof players);
	bones_table_tags(a->game.table, tags, values);
	players.tags = tags;
	for (int p = 0; p < a->game.players && p < 8; p++)
		players.names[p] = gui_game_seat_label(&a->game, p);
	if (!path) {
		time_t now = time(NULL);
		struct tm tm;
		localtime_r(&now, &tm);
		char stamp[32];
		strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
		snprintf(buf, sizeof buf, "%s/%s-%s.rec", a->save_dir[0] ? a->save_dir : ".",
			 a->game.plugin->id, stamp);
		path = buf;
	}
	if (bones_record_save(a->game.s, &players, path, err, sizeof err) != BONES_OK) {
		gui_toast(a, "%s", err);
		return false;
	}
	gui_toast(a, "saved %s", path);
	printf("saved %s\n", path);
	fflush(stdout);
	return true;
}

bool gui_open_record(gui_app *a, const char *path)
{
	bones_session *s = NULL;
	char err[512] = "";
	size_t games = 0;
	bones_status st = bones_record_count(path, &games, err, sizeof err);
	if (!st && (games > 1 || a->record_game > 1)) /* a tournament's games.bones */
		st = bones_record_replay_game(path, a->record_game ? a->record_game : 1, a->reg,
					      &s, err, sizeof err);
	else if (!st)
		st = bones_record_replay(path, a->reg, &s, err, sizeof err);
	if (!s) {
		gui_toast(a, "%s", err[0] ? err : "cannot open record");
		fprintf(stderr, "bones-gui: %s\n", err);
		return false;
	}
	gui_game g;
	char err2[256];
	/* The same game keeps its seats (who is an agent); another gets all humans. */
	bool same = a->has_game && !strcmp(a->game.plugin->id, bones_session_plugin(s)->id);
	gui_seat seats[GUI_MAX_SEATS];
	for (int p = 0; same && p < a->game.players; p++)
		seats[p] = *bones_table_seat_setup(a->game.table, p);
	/* a record is not timed, nor a match */
	if (gui_game_adopt(&g, s, same ? seats : NULL, err2, sizeof err2) != BONES_OK) {
		gui_toast(a, "%s", err2);
		return false;
	}
	gui_game_switch(a, &g);
	a->screen = SCREEN_REPLAY;
	a->replay_pos = bones_session_length(a->game.s);
	if (st != BONES_OK)
		gui_toast(a, "%s", err);
	return true;
}

static void replay_step(gui_app *a, int dir)
{
	long k = (long)bones_table_player_moves(a->game.table, a->replay_pos);
	long total = (long)bones_table_player_moves(a->game.table, bones_session_length(a->game.s));
	k = dir == -2 ? 0 : dir == 2 ? total : k + dir;
	if (k < 0)
		k = 0;
	a->replay_pos = gui_game_position_after(&a->game, k >= total ? -1 : k);
}

/* Continue playing from the replayed position. */
static void replay_play(gui_app *a)
{
	gui_worker_join(&a->worker);
	bones_table_rewind(a->game.table, a->replay_pos);
	gui_game_refresh(&a->game);
	a->generation++;
	a->screen = SCREEN_PLAY;
	a->sel = a->hover = -1;
}

static void zoom_at(gui_app *a, float x, float y, float f)
{
	float z = a->zoom * f;
	if (z < 0.2f || z > 25)
		return;
	float ax, ay;
	gui_scene_anchor(a, &ax, &ay);
	const gui_view *v = &a->board_view;
	float cx = ax - (v->ox - a->panx), cy = ay - (v->oy - a->pany);
	a->panx = x - (x - v->ox) * f - (v->ox - a->panx) - cx * (1 - f);
	a->pany = y - (y - v->oy) * f - (v->oy - a->pany) - cy * (1 - f);
	a->zoom = z;
}

static void undo(gui_app *a)
{
	if (a->screen != SCREEN_PLAY || !gui_timer_live(a))
		return;
	a->generation++; /* an agent still thinking is ignored */
	gui_worker_join(&a->worker);
	if (!gui_game_undo(&a->game))
		gui_toast(a, "nothing to undo");
	a->sel = a->hover = -1;
	a->agent_due = 0;
}

static void redo(gui_app *a)
{
	if (a->screen != SCREEN_PLAY || !gui_timer_live(a))
		return;
	a->generation++;
	gui_worker_join(&a->worker);
	if (!gui_game_redo(&a->game))
		gui_toast(a, "nothing to redo");
	a->sel = a->hover = -1;
	a->agent_due = 0;
}

static void select_piece(gui_app *a, int piece)
{
	if (!human_turn(a))
		return;
	a->sel = a->sel == piece ? -1 : piece;
	a->variant = 0;
}

bool gui_play_click_hand(gui_app *a, int piece)
{
	select_piece(a, piece);
	return human_turn(a);
}

bool gui_play_hint(gui_app *a)
{
	char err[256] = "";
	if (a->hint_thinking || gui_worker_busy(&a->worker)) {
		gui_toast(a, "a hint is still thinking");
		return false;
	}
	if (!human_turn(a)) {
		gui_toast(a, "no hint: it is not your move");
		return false;
	}
	bones_agent *ag = bones_table_hint_agent(a->game.table, err, sizeof err);
	if (!ag) {
		gui_toast(a, "no hint: %s", err);
		return false;
	}
	a->hint = 0;
	if (!gui_worker_start(&a->worker, ag, bones_session_state(a->game.s),
			      bones_session_info(a->game.s)->state_size, a->generation)) {
		gui_toast(a, "no hint: cannot start the worker");
		return false;
	}
	a->hint_thinking = true;
	return true;
}

int gui_play_hint_index(const gui_app *a)
{
	if (!a->hint || a->hint_generation != a->generation || a->screen != SCREEN_PLAY ||
	    (size_t)a->hint > a->game.move_count)
		return -1;
	return a->hint - 1;
}

/* The hint agent answered: select its piece and variant, print and show it. */
static void hint_arrived(gui_app *a, bones_move move, bones_status st)
{
	gui_game *g = &a->game;
	char text[BONES_MOVE_TEXT_MAX] = "?";
	int found = -1;
	for (size_t i = 0; i < g->move_count && found < 0 && st == BONES_OK; i++)
		if (g->moves[i] == move)
			found = (int)i;
	if (found < 0) {
		gui_toast(a, "no hint: the mcts agent found no move");
		return;
	}
	g->plugin->format_move(bones_session_game(g->s), bones_session_state(g->s), move, text,
			       sizeof text);
	const bones_move_place *p = &g->places[found];
	a->hint = found + 1;
	a->hint_generation = a->generation;
	a->sel = p->piece >= 0 ? p->piece : -1;
	a->variant = 0; /* the hint's rank among the moves a click at its spot chooses from */
	for (int i = 0; i < found; i++)
		a->variant += gui_play_matches(a, &g->places[i]) && g->places[i].target == p->target;
	printf("hint: %s\n", text);
	fflush(stdout);
}

bool gui_play_hint_pos(gui_app *a, float *x, float *y)
{
	int h = gui_play_hint_index(a);
	if (h < 0)
		return false;
	const bones_move_place *p = &a->game.places[h];
	if (p->target >= 0) {
		*x = p->x * a->board_view.scale + a->board_view.ox;
		*y = p->y * a->board_view.scale + a->board_view.oy;
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

static void press_button(gui_app *a, int id, int arg)
{
	switch (id) {
	case BTN_HAND: select_piece(a, arg); break;
	case BTN_OFFBOARD:
		if (human_turn(a) && arg >= 0 && (size_t)arg < a->game.move_count)
			gui_play_move(a, a->game.moves[arg]);
		break;
	case BTN_UNDO: undo(a); break;
	case BTN_REDO: redo(a); break;
	case BTN_HINT: gui_play_hint(a); break;
	case BTN_SAVE: gui_play_save(a, NULL); break;
	case BTN_REPLAY:
		a->screen = SCREEN_REPLAY;
		a->replay_pos = bones_session_length(a->game.s);
		break;
	case BTN_FIT: gui_play_reset_view(a); break;
	case BTN_MENU: a->screen = SCREEN_START; break;
	case BTN_NEXT_GAME: gui_timer_next_game(a); break;
	case BTN_HELP: a->help = !a->help; break;
	case BTN_REPLAY_FIRST: replay_step(a, -2); break;
	case BTN_REPLAY_BACK: replay_step(a, -1); break;
	case BTN_REPLAY_NEXT: replay_step(a, 1); break;
	case BTN_REPLAY_LAST: replay_step(a, 2); break;
	case BTN_REPLAY_PLAY: replay_play(a); break;
	default: break;
	}
}

static void click(gui_app *a, float x, float y)
{
	int arg = 0, id = gui_button_at(a, x, y, &arg);
	if (id != BTN_NONE) {
		press_button(a, id, arg);
		return;
	}
	int t = hit_target(a, x, y); /* the move its ghost shows, piece chosen or not */
	if (t >= 0)
		gui_play_move(a, a->game.moves[t]);
}

/* The start screen takes typed text as its filter: not the key that opened it. */
static void to_menu(gui_app *a)
{
	SDL_FlushEvent(SDL_TEXTINPUT);
	a->screen = SCREEN_START;
}

static void key(gui_app *a, const SDL_KeyboardEvent *k)
{
	bool ctrl = k->keysym.mod & KMOD_CTRL, shift = k->keysym.mod & KMOD_SHIFT;
	bool replay = a->screen == SCREEN_REPLAY;
	SDL_Keycode c = k->keysym.sym;
	float step = a->layout.u * 3;
	if (c == SDLK_F1 || (c == SDLK_SLASH && shift))
		a->help = !a->help;
	else if (c == SDLK_ESCAPE)
		a->help ? (void)(a->help = false) : a->sel >= 0 ? (void)(a->sel = -1)
			: to_menu(a);
	else if (c == SDLK_q && ctrl)
		a->quit = true;
	else if ((c == SDLK_z && ctrl && shift) || (c == SDLK_y && ctrl))
		redo(a);
	else if ((c == SDLK_z && ctrl) || c == SDLK_u)
		undo(a);
	else if (c == SDLK_h && !replay)
		gui_play_hint(a);
	else if (c == SDLK_s && ctrl)
		gui_play_save(a, NULL);
	else if (c == SDLK_r)
		a->variant += shift ? -1 : 1, a->hover = hit_target(a, a->mx, a->my);
	else if (c >= SDLK_1 && c <= SDLK_9)
		select_piece(a, (int)(c - SDLK_1));
	else if (c == SDLK_f || c == SDLK_0)
		gui_play_reset_view(a);
	else if (c == SDLK_PLUS || c == SDLK_EQUALS || c == SDLK_KP_PLUS)
		zoom_at(a, a->layout.board.x + a->layout.board.w / 2, a->layout.board.h / 2, 1.25f);
	else if (c == SDLK_MINUS || c == SDLK_KP_MINUS)
		zoom_at(a, a->layout.board.x + a->layout.board.w / 2, a->layout.board.h / 2, 0.8f);
	else if (c == SDLK_m)
		to_menu(a);
	else if (c == SDLK_n && !replay)
		gui_timer_next_game(a);
	else if (c == SDLK_p && !replay)
		press_button(a, BTN_REPLAY, 0);
	else if (replay && (c == SDLK_LEFT || c == SDLK_RIGHT))
		replay_step(a, c == SDLK_LEFT ? -1 : 1);
	else if (replay && (c == SDLK_HOME || c == SDLK_END))
		replay_step(a, c == SDLK_HOME ? -2 : 2);
	else if (replay && (c == SDLK_RETURN || c == SDLK_p))
		replay_play(a);
	else if (c == SDLK_LEFT || c == SDLK_RIGHT)
		a->panx += c == SDLK_LEFT ? step : -step;
	else if (c == SDLK_UP || c == SDLK_DOWN)
		a->pany += c == SDLK_UP ? step : -step;
}

void gui_play_event(gui_app *a, const SDL_Event *ev)
{
	switch (ev->type) {
	case SDL_MOUSEMOTION: {
		float x = (float)ev->motion.x * a->dpi, y = (float)ev->motion.y * a->dpi;
		if (a->pressing && (fabsf(x - a->press_x) + fabsf(y - a->press_y) > 6 ||
				    a->dragged) && (ev->motion.state & ~SDL_BUTTON_LMASK ||
						    a->hover < 0)) {
			a->panx += x - a->mx, a->pany += y - a->my;
			a->dragged = true;
		}
		a->mx = x, a->my = y;
		a->hover = hit_target(a, x, y);
		break;
	}
	case SDL_MOUSEBUTTONDOWN:
		a->mx = (float)ev->button.x * a->dpi, a->my = (float)ev->button.y * a->dpi;
		a->pressing = true, a->dragged = false;
		a->press_x = a->mx, a->press_y = a->my;
		break;
	case SDL_MOUSEBUTTONUP:
		a->mx = (float)ev->button.x * a->dpi, a->my = (float)ev->button.y * a->dpi;
		a->pressing = false;
		if (a->help)
			a->help = false;
		else if (!a->dragged && ev->button.button == SDL_BUTTON_LEFT)
			click(a, a->mx, a->my);
		else if (!a->dragged && ev->button.button == SDL_BUTTON_RIGHT)
			a->sel = -1;
		a->dragged = false;
		break;
	case SDL_MOUSEWHEEL:
		if (a->hover >= 0 && ev->wheel.y != 0) {
			int before = a->hover;
			a->variant += ev->wheel.y > 0 ? 1 : -1;
			a->hover = hit_target(a, a->mx, a->my);
			if (a->hover != before)
				break;
		}
		if (ev->wheel.y != 0)
			zoom_at(a, a->mx, a->my, ev->wheel.y > 0 ? 1.15f : 1 / 1.15f);
		break;
	case SDL_KEYDOWN: key(a, &ev->key); break;
	case SDL_DROPFILE:
		gui_open_record(a, ev->drop.file);
		SDL_free(ev->drop.file);
		break;
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
	bool hinted = a->hint_thinking && (answered || !gui_worker_busy(&a->worker));
	a->hint_thinking = a->hint_thinking && !hinted; /* joined (undo, switch): dropped */
	if (answered && gen == a->generation && a->screen == SCREEN_PLAY && hinted) {
		hint_arrived(a, move, st);
	} else if (answered && gen == a->generation && a->screen == SCREEN_PLAY) {
		if (st == BONES_OK)
			gui_play_move(a, move);
		else
			gui_toast(a, "the agent could not choose a move (status %d)", (int)st);
	}
	gui_timer_update(a);
	int who = gui_game_to_move(&a->game);
	if (a->screen != SCREEN_PLAY || who < 0 || gui_game_human(&a->game, who) ||
	    gui_worker_busy(&a->worker) || !gui_timer_live(a))
		return;
	Uint32 now = SDL_GetTicks();
	if (!a->agent_due) {
		a->agent_due = now + a->agent_delay + 1;
		return;
	}
	if (SDL_TICKS_PASSED(now, a->agent_due)) {
		a->agent_due = 0;
		gui_worker_start(&a->worker, bones_table_agent(a->game.table, who),
				 bones_session_state(a->game.s),
				 bones_session_info(a->game.s)->state_size, a->generation);
	}
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

bool gui_play_target_pos(gui_app *a, int k, float *x, float *y)
{
	const gui_game *g = &a->game;
	for (size_t i = 0; i < g->move_count; i++) {
		const bones_move_place *p = &g->places[i];
		bool first = gui_play_matches(a, p);
		for (size_t j = 0; first && j < i; j++)
			if (gui_play_matches(a, &g->places[j]) && g->places[j].target == p->target)
				first = false;
		if (first && k-- == 0) {
			*x = p->x * a->board_view.scale + a->board_view.ox;
			*y = p->y * a->board_view.scale + a->board_view.oy;
			return true;
		}
	}
	return false;
}
