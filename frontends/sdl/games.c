/* The game on screen: switching to a new one (from the start screen or a record),
 * saving it as a record, and what the play and replay screens both do with it (the
 * menu, save, fit, help). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bones/i18n.h"

#include "app.h"

void gui_game_switch(gui_app *a, gui_game *g)
{
	gui_worker_join(&a->worker);
	gui_analysis_stop(a);
	if (a->has_game)
		gui_game_release(&a->game);
	a->game = *g;
	a->has_game = true;
	a->generation++;
	a->play.sel = a->play.hover = -1;
	a->play.variant = 0;
	a->play.agent_due = 0;
	gui_view_reset(a);
}

bool gui_save_record(gui_app *a, const char *path)
{
	char buf[1200], err[512];
	bones_table_record rec; /* names, the host's tags, the forfeit's comment */
	bones_table_record_init(a->game.table, &rec);
	bones_record_players players = rec.players;
	if (!path) {
		char dir[sizeof a->save_dir];
		snprintf(dir, sizeof dir, "%s", a->save_dir);
		if (!dir[0] && !bones_record_folder(dir, sizeof dir)) {
			gui_toast(a, _("cannot create '%s': %s"), dir, strerror(errno));
			return false;
		}
		bones_record_new_path(dir, a->game.plugin->id, bones_session_seed(a->game.s), buf,
				      sizeof buf);
		path = buf;
	}
	bool plain = bones_i18n_set_plain(true); /* the plugins' comments in English */
	bones_status st = bones_record_save(a->game.s, &players, path, err, sizeof err);
	bones_i18n_set_plain(plain);
	if (st != BONES_OK) {
		gui_toast(a, "%s", err);
		return false;
	}
	gui_toast(a, _("saved %s"), path);
	printf("saved %s\n", path);
	fflush(stdout);
	return true;
}

void gui_to_menu(gui_app *a)
{
	SDL_FlushEvent(SDL_TEXTINPUT); /* the start screen filters by typed text: not this key's */
	a->screen = SCREEN_START;
	gui_start_find_saved(a);
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
