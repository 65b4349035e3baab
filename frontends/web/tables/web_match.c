/* Matches at a web table (a preset's [match]): the table's bones_table plays the games
 * in sequence, the seats rotating; a finished game is counted, its record kept and its
 * moves stored before the next game starts, so that a restart replays the match. Also
 * the record of a game, written as the terminal and the window write theirs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/record.h"
#include "web_table_internal.h"

void web_match_count(web_table *t)
{
	if (!bones_table_count_game(t->table))
		return;
	char **grown = realloc(t->records, (size_t)(t->record_count + 1) * sizeof *grown);
	if (grown) {
		t->records = grown;
		t->records[t->record_count++] = web_table_record_text(t);
	}
	const bones_match *m = bones_table_match(t->table);
	web_log("table %s: game %d of %d over", t->row.id, m->played, m->games);
}

void web_match_json(const web_table *t, web_buf *out, bool *first)
{
	const bones_match *m = bones_table_match(t->table);
	if (!m)
		return;
	int ranks[BONES_MATCH_MAX_PLAYERS];
	bones_match_ranks(m, ranks);
	web_buf_json_key(out, first, "match");
	web_buf_printf(out, "{\"game\":%d,\"games\":%d,\"target\":%g,\"played\":%d,\"over\":%s,"
		       "\"totals\":[", bones_table_game_index(t->table) + 1, m->games, m->target,
		       m->played, bones_match_over(m) ? "true" : "false");
	for (int p = 0; p < m->players; p++) {
		bool f = true;
		web_buf_puts(out, p ? ",{" : "{");
		web_buf_json_key(out, &f, "name");
		web_buf_json_string(out, t->row.seats[p].name);
		web_buf_json_key(out, &f, "seat");
		web_buf_printf(out, "%d", web_table_seat_now(t, p) + 1);
		web_buf_json_key(out, &f, "points");
		web_buf_json_number(out, m->total[p]);
		web_buf_json_key(out, &f, "wins");
		web_buf_printf(out, "%d", m->wins[p]);
		web_buf_json_key(out, &f, "rank");
		web_buf_printf(out, "%d", ranks[p]);
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]}");
}
