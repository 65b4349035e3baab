/* `bones play --resume [RECORD]`: an unfinished game played on. Its record is replayed,
 * its seats come back from its Player tags (agents stay agents), its preset from its
 * Preset tag, and it is saved back to the same file. Without RECORD the records
 * folder's unfinished games (Result "*") are offered, newest first. */
#include <stdlib.h>
#include <string.h>

#include "bones/record.h"
#include "tty.h"

#define OFFERED 9 /* unfinished games listed by --resume */

/* The record to resume: asked for among the unfinished games. NULL when none. */
static const char *choose(tty_game *t, char (*list)[1024], char *dir, size_t dircap)
{
	int n = bones_table_unfinished(dir, dircap, list, OFFERED);
	if (n == 0) {
		fprintf(t->out, _("no unfinished game in %s"), dir);
		fputc('\n', t->out);
		return NULL;
	}
	fprintf(t->out, "%s\n", _("unfinished games:"));
	for (int i = 0; i < n; i++) {
		const char *base = strrchr(list[i], '/');
		fprintf(t->out, "  %d %s\n", i + 1, base ? base + 1 : list[i]);
	}
	if (n == 1)
		return list[0];
	/* TRANSLATORS: after the list of unfinished games */
	fprintf(t->out, "%s> ", _("which one (a number)"));
	fflush(t->out);
	char line[64];
	if (!fgets(line, sizeof line, t->in))
		return NULL;
	int k = atoi(line);
	return k >= 1 && k <= n ? list[k - 1] : NULL;
}

int tty_resume_setup(tty_game *t, const char *record)
{
	char dir[900] = "", err[1200];
	char list[OFFERED][1024];
	if (!t->reg)
		return fprintf(stderr, "%s\n", _("bones play: out of memory")), 1;
	bones_registry_scan_default(t->reg);
	const char *path = record ? record : choose(t, list, dir, sizeof dir);
	if (!path)
		return 1;
	bones_session *s = NULL;
	if (bones_record_replay(path, t->reg, &s, err, sizeof err) || !s) {
		fprintf(stderr, "bones play: %s\n", err);
		bones_session_destroy(s);
		return 1;
	}
	t->plugin = bones_session_plugin(s);
	char preset[64] = "";
	bones_record_tag(path, 1, "Preset", preset, sizeof preset);
	const bones_plugin *named = NULL; /* the preset's plugin: the record's own */
	if (!preset[0] || bones_preset_resolve(preset, t->reg, &t->preset, &named, err, sizeof err))
		bones_preset_default(&t->preset, t->plugin);
	bones_table_seat seats[BONES_TABLE_MAX_SEATS];
	bones_table_seats_of_record(path, seats, BONES_TABLE_MAX_SEATS);
	int bad = -1;
	if (bones_table_adopt(s, seats, &t->table, &bad, err, sizeof err)) {
		if (bad >= 0)
			fprintf(stderr, _("bones play: %s: seat %d: %s"), path, bad + 1, err);
		else
			fprintf(stderr, "bones play: %s: %s", path, err);
		fputc('\n', stderr);
		return 1;
	}
	t->session = bones_table_session(t->table);
	snprintf(t->save_path, sizeof t->save_path, "%.*s", (int)sizeof t->save_path - 1, path);
	fprintf(t->out, _("resuming %s"), path);
	fputc('\n', t->out);
	return tty_game_buffers(t);
}
