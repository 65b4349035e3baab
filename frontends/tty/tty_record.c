/* The terminal UI's records: where a game is saved (--save FILE or the records folder)
 * and the release of everything a tty_game owns. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bones/record.h"
#include "tty.h"

static bones_status default_path(const tty_game *t, char *path, size_t cap, char *err,
				 size_t errcap)
{
	char dir[900];
	if (!bones_record_folder(dir, sizeof dir)) {
		/* TRANSLATORS: --save FILE is an option, typed as it is */
		snprintf(err, errcap, _("cannot create '%s': %s (use --save FILE)"), dir,
			 strerror(errno));
		return BONES_EIO;
	}
	bones_record_new_path(dir, t->plugin->id, bones_session_seed(t->session), path, cap);
	return BONES_OK;
}

bones_status tty_game_save(tty_game *t, const char *file, char *path, size_t cap,
			   char *err, size_t errcap)
{
	bones_table_record rec; /* names, the host's tags, the forfeit's comment */
	bones_table_record_init(t->table, &rec);
	bones_record_players players = rec.players;
	players.variant = t->preset.variant[0] ? t->preset.variant : NULL;
	players.preset = t->preset.path[0] ? t->preset.id : NULL;
	if (file)
		snprintf(path, cap, "%s", file);
	else if (t->save_path[0])
		snprintf(path, cap, "%s", t->save_path);
	else if (default_path(t, path, cap, err, errcap))
		return BONES_EIO;
	/* the plugins' breakdowns in the record's comments in English, whatever the language */
	bool was = bones_i18n_set_plain(true);
	bones_status st = bones_record_save(t->session, &players, path, err, errcap);
	bones_i18n_set_plain(was);
	/* later saves of this game go to the same file */
	if (!st && !file && !t->save_path[0])
		snprintf(t->save_path, sizeof t->save_path, "%s", path);
	return st;
}

int tty_game_buffers(tty_game *t)
{
	const bones_game_info *info = bones_session_info(t->session);
	size_t cap = info->max_moves ? info->max_moves : 1;
	t->players = info->players;
	t->spot_name = malloc(cap * sizeof *t->spot_name);
	bones_choices_create(t->session, &t->choices);
	t->scratch = malloc(info->state_size ? info->state_size : 1);
	t->text = malloc(TTY_TEXT_MAX);
	t->piece = -1;
	if (!t->choices || !t->spot_name || !t->scratch || !t->text)
		return fprintf(stderr, "%s\n", _("bones play: out of memory")), 1;
	return 0;
}

void tty_game_release(tty_game *t)
{
	bones_choices_destroy(t->choices); /* before the session it reads */
	bones_table_destroy(t->table);
	free(t->spot_name);
	free(t->scratch);
	free(t->text);
	bones_registry_destroy(t->reg);
	memset(t, 0, sizeof *t);
}
