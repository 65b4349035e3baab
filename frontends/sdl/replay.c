/* The replay screen: a record opened (a file, or the game in progress), its history
 * move by move (Left/Right, Home/End and the buttons), and play on from the position
 * shown (Enter or Play); A analyses the game (analysis.c). */
#include <stdio.h>
#include <string.h>

#include "bones/i18n.h"

#include "app.h"

void gui_replay_open(gui_app *a)
{
	a->screen = SCREEN_REPLAY;
	a->replay.pos = bones_session_length(a->game.s);
}

/* Open a record file: its seats from its Player tags (agents stay agents). */
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
		gui_toast(a, "%s", err[0] ? err : _("cannot open the record"));
		fprintf(stderr, "bones-gui: %s\n", err);
		return false;
	}
	gui_game g;
	char err2[256];
	bool same = a->has_game && !strcmp(a->game.plugin->id, bones_session_plugin(s)->id);
	gui_seat seats[GUI_MAX_SEATS] = {{"", ""}}; /* "": human, for seats the old game lacks */
	/* the record's Player tags name its agents ("Player 2 (greedy)"): they keep their
	 * seats; a record without them keeps the seats of the same game on screen */
	bool tagged = bones_table_seats_of_record(path, seats, GUI_MAX_SEATS) > 0;
	for (int p = 0; !tagged && same && p < a->game.players; p++)
		seats[p] = *bones_table_seat_setup(a->game.table, p);
	/* a record is not timed, nor a match */
	if (gui_game_adopt(&g, s, tagged || same ? seats : NULL, err2, sizeof err2) != BONES_OK) {
		gui_toast(a, "%s", err2);
		return false;
	}
	gui_game_switch(a, &g);
	/* an unfinished game of one record is played on in its own file */
	if (games <= 1 && a->record_game <= 1 && !bones_table_over(a->game.table))
		snprintf(a->game.record, sizeof a->game.record, "%s", path);
	a->game.kept = a->generation;
	gui_replay_open(a);
	if (st != BONES_OK)
		gui_toast(a, "%s", err);
	return true;
}


/* dir -1/+1: a player move back or on; -2/+2: the start or the end. */
static void step(gui_app *a, int dir)
{
	long k = (long)bones_table_player_moves(a->game.table, a->replay.pos);
	long total = (long)bones_table_player_moves(a->game.table, bones_session_length(a->game.s));
	k = dir == -2 ? 0 : dir == 2 ? total : k + dir;
	if (k < 0)
		k = 0;
	a->replay.pos = bones_choices_after_player_moves(a->game.s, k >= total ? -1 : k);
}

/* Continue playing from the replayed position: the moves after it are taken back. */
static void play_from_here(gui_app *a)
{
	gui_worker_join(&a->worker);
	gui_analysis_stop(a);
	bones_table_rewind(a->game.table, a->replay.pos);
	gui_game_refresh(&a->game);
	a->generation++;
	a->screen = SCREEN_PLAY;
	a->play.sel = a->play.hover = -1;
}

static void press_button(gui_app *a, int id)
{
	switch (id) {
	case BTN_REPLAY_FIRST: step(a, -2); break;
	case BTN_REPLAY_BACK: step(a, -1); break;
	case BTN_REPLAY_NEXT: step(a, 1); break;
	case BTN_REPLAY_LAST: step(a, 2); break;
	case BTN_REPLAY_PLAY: play_from_here(a); break;
	default: gui_board_button(a, id); break;
	}
}

static void key(gui_app *a, const SDL_KeyboardEvent *k)
{
	SDL_Keycode c = k->keysym.sym;
	if (c == SDLK_LEFT || c == SDLK_RIGHT)
		step(a, c == SDLK_LEFT ? -1 : 1);
	else if (c == SDLK_HOME || c == SDLK_END)
		step(a, c == SDLK_HOME ? -2 : 2);
	else if (c == SDLK_RETURN || c == SDLK_p)
		play_from_here(a);
	else if (c == SDLK_a)
		gui_analysis_start(a);
	else if (c == SDLK_ESCAPE)
		gui_to_menu(a);
	else
		gui_board_key(a, k);
}

void gui_replay_event(gui_app *a, const SDL_Event *ev)
{
	int arg = 0;
	switch (ev->type) {
	case SDL_MOUSEMOTION: gui_view_motion(a, &ev->motion, true); break;
	case SDL_MOUSEBUTTONDOWN: gui_view_press(a, &ev->button); break;
	case SDL_MOUSEBUTTONUP:
		if (gui_view_release(a, &ev->button) && ev->button.button == SDL_BUTTON_LEFT)
			press_button(a, gui_button_at(a, a->view.mx, a->view.my, &arg));
		break;
	case SDL_MOUSEWHEEL:
		if (ev->wheel.y != 0)
			gui_view_zoom_at(a, a->view.mx, a->view.my, ev->wheel.y > 0 ? 1.15f : 1 / 1.15f);
		break;
	case SDL_KEYDOWN: key(a, &ev->key); break;
	default: break;
	}
}

void gui_replay_draw(gui_app *a)
{
	gui_analysis_running(a);
	gui_scene_draw(a, a->replay.pos, false);
	gui_analysis_draw(a, a->replay.pos);
}
