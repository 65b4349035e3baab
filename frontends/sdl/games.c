/* The game on screen: switching to a new one (from the start screen or a record),
 * saving it as a record (after every move, in its own file), and what the play and replay screens both do with it (the
 * menu, save, fit, help). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/paths.h"

#include "app.h"

void gui_game_switch(gui_app *a, gui_game *g)
{
	gui_worker_join(&a->worker);
	gui_analysis_stop(a);
	if (a->has_game)
		gui_game_release(&a->game);
	a->game = *g;
	gui_game_moved(&a->game);
	a->has_game = true;
	a->generation++;
	a->play.sel = a->play.hover = -1;
	a->play.variant = 0;
	a->play.agent_due = 0;
	gui_view_reset(a);
	a->view.refits = 0;
}

/* Write the record to path, NULL: the game's own file (a new one in the save folder the
 * first time). False with err set when it could not be written. */
static bool save_to(gui_app *a, const char *path, char *err, size_t errcap)
{
	bones_table_record rec; /* names, the host's tags, the forfeit's comment */
	bones_table_record_init(a->game.table, &rec);
	bones_record_players players = rec.players;
	gui_game *g = &a->game;
	if (!path && !g->record[0]) {
		char dir[sizeof a->save_dir];
		snprintf(dir, sizeof dir, "%s", a->save_dir);
		if (dir[0] ? !bones_make_dirs(dir) : !bones_record_folder(dir, sizeof dir)) {
			snprintf(err, errcap, _("cannot create '%s': %s"), dir, strerror(errno));
			return false;
		}
		bones_record_new_path(dir, g->plugin->id, bones_session_seed(g->s), g->record,
				      sizeof g->record);
	}
	bool plain = bones_i18n_set_plain(true); /* the plugins' comments in English */
	bones_status st = bones_record_save(g->s, &players, path ? path : g->record, err, errcap);
	bones_i18n_set_plain(plain);
	return st == BONES_OK;
}

bool gui_save_record(gui_app *a, const char *path)
{
	char err[1200];
	if (!save_to(a, path, err, sizeof err)) {
		gui_toast(a, "%s", err);
		return false;
	}
	path = path ? path : a->game.record;
	gui_toast(a, _("saved %s"), path);
	printf("saved %s\n", path);
	fflush(stdout);
	return true;
}

/* Whether the game on screen is unfinished with a player move in it. */
static bool unfinished(const gui_app *a)
{
	return a->has_game && !bones_table_over(a->game.table) &&
	       bones_table_player_moves(a->game.table, bones_session_length(a->game.s)) > 0;
}

void gui_keep_moves(gui_app *a)
{
	char err[1200];
	if (!a->has_game || a->screen != SCREEN_PLAY || a->game.kept == a->generation ||
	    !bones_table_player_moves(a->game.table, bones_session_length(a->game.s)))
		return;
	a->game.kept = a->generation;
	if (!save_to(a, NULL, err, sizeof err))
		/* TRANSLATORS: %s says which file and why, as "cannot write 'F': reason" */
		gui_toast(a, _("the game is not kept: %s"), err);
}

bool gui_save_unfinished(gui_app *a)
{
	char err[1200];
	if (!unfinished(a))
		return true;
	if (save_to(a, NULL, err, sizeof err)) {
		printf("saved %s\n", a->game.record);
		fflush(stdout);
		return true;
	}
	/* TRANSLATORS: the window was asked to close; %s says which file and why */
	gui_toast(a, _("not saved: %s; close again to quit without it"), err);
	fprintf(stderr, "bones-gui: %s\n", err);
	return false;
}

void gui_to_menu(gui_app *a)
{
	SDL_FlushEvent(SDL_TEXTINPUT); /* the start screen filters by typed text: not this key's */
	a->screen = SCREEN_START;
	a->start.left = true;
}

bool gui_board_button(gui_app *a, int id)
{
	switch (id) {
	case BTN_SAVE: gui_save_record(a, NULL); break;
	case BTN_FIT: gui_view_reset(a); break;
	case BTN_MENU: gui_to_menu(a); break;
	case BTN_HELP: a->help = !a->help; break;
	default: return false;
	}
	return true;
}

bool gui_board_key(gui_app *a, const SDL_KeyboardEvent *k)
{
	SDL_Keycode c = k->keysym.sym;
	if (c == SDLK_s && (k->keysym.mod & KMOD_CTRL))
		gui_save_record(a, NULL);
	else if (c == SDLK_m)
		gui_to_menu(a);
	else
		return gui_view_key(a, c);
	return true;
}
