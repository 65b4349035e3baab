/* The terminal UI's match play: participants named after game 1's seats, each game's
 * host result (penalties and forfeit included) added by participant, the running
 * totals and the match result. */
#include <string.h>

#include "bones/record.h"
#include "tty.h"

bool tty_match_begin(tty_game *t, bones_match *m, char (*names)[TTY_PLAYER_NAME])
{
	bool low = t->plugin->flags & BONES_LOW_SCORE_WINS;
	int games = t->preset.match_games > 0 ? t->preset.match_games : 1;
	if (bones_match_init(m, t->players, games, low)) {
		fprintf(stderr, "bones play: a match seats at most %d players\n",
			BONES_MATCH_MAX_PLAYERS);
		return false;
	}
	for (int p = 0; p < t->players; p++) {
		bool repeated = false;
		for (int q = 0; q < t->players; q++)
			repeated |= q != p && !strcmp(t->names[q], t->names[p]);
		if (repeated)
			snprintf(names[p], TTY_PLAYER_NAME, "%.60s (player %d)", t->names[p], p + 1);
		else
			snprintf(names[p], TTY_PLAYER_NAME, "%s", t->names[p]);
	}
	return true;
}

void tty_match_add(tty_game *t, bones_match *m, char (*names)[TTY_PLAYER_NAME])
{
	bones_match_add(m, t->final_scores, t->final_ranks);
	tty_match_print(t, m, names, false);
}

void tty_match_print(tty_game *t, const bones_match *m, char (*names)[TTY_PLAYER_NAME],
		     bool final)
{
	int ranks[BONES_MATCH_MAX_PLAYERS];
	bones_match_ranks(m, ranks);
	if (final)
		fprintf(t->out, "match over after %d games%s:\n", m->played,
			m->low_wins ? " (fewest points wins)" : "");
	else
		fprintf(t->out, "match totals after game %d of %d:\n", m->played, m->games);
	for (int rank = 1; rank <= m->players; rank++) {
		for (int p = 0; p < m->players; p++) {
			if (ranks[p] != rank)
				continue;
			char num[64];
			bones_record_format_score(m->total[p], num, sizeof num);
			fprintf(t->out, "  %d. %s: %s (games won %d)\n", rank, names[p], num,
				m->wins[p]);
		}
	}
	fflush(t->out);
}

void tty_match_save_path(tty_game *t, const char *file, int k)
{
	const char *slash = strrchr(file, '/'), *dot = strrchr(file, '.');
	if (!dot || (slash && dot < slash) || dot == (slash ? slash + 1 : file))
		dot = file + strlen(file);
	snprintf(t->save_path, sizeof t->save_path, "%.*s-g%d%s", (int)(dot - file), file,
		 k + 1, dot);
}
