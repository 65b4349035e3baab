/* The terminal UI's match play (the table keeps the match): the running totals and the
 * match result by participant, and where each game is saved. */
#include <string.h>

#include "bones/record.h"
#include "tty.h"

/* Participant p's name, with "(player N)" when another participant has the same. */
static void participant_name(const tty_game *t, int p, char *buf, size_t cap)
{
	const char *name = bones_table_participant_name(t->table, p);
	const char *shown = strcmp(name, "You") ? name : _("You");
	bool repeated = false;
	for (int q = 0; q < t->players; q++)
		repeated |= q != p && !strcmp(bones_table_participant_name(t->table, q), name);
	if (repeated)
		/* TRANSLATORS: a name two participants of a match share, told apart */
		snprintf(buf, cap, _("%.60s (player %d)"), shown, p + 1);
	else
		snprintf(buf, cap, "%s", shown);
}

void tty_match_print(tty_game *t, bool final)
{
	const bones_match *m = bones_table_match(t->table);
	int ranks[BONES_MATCH_MAX_PLAYERS];
	bones_match_ranks(m, ranks);
	unsigned long n = (unsigned long)m->played;
	if (final && m->low_wins)
		fprintf(t->out, P_("match over after %d game (fewest points wins):",
				   "match over after %d games (fewest points wins):", n), m->played);
	else if (final)
		fprintf(t->out, P_("match over after %d game:", "match over after %d games:", n),
			m->played);
	else if (m->target > 0)
		fprintf(t->out, _("match totals after game %d (to %g points):"), m->played,
			m->target);
	else
		fprintf(t->out, _("match totals after game %d of %d:"), m->played, m->games);
	fputc('\n', t->out);
	for (int rank = 1; rank <= m->players; rank++) {
		for (int p = 0; p < m->players; p++) {
			if (ranks[p] != rank)
				continue;
			char num[64], name[96];
			tty_score_text(m->total[p], num, sizeof num);
			participant_name(t, p, name, sizeof name);
			/* TRANSLATORS: a participant's rank, name and points in a match */
			fprintf(t->out, _("  %d. %s: %s (games won %d)"), rank, name, num,
				m->wins[p]);
			fputc('\n', t->out);
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
