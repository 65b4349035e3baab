/* Matches at a web table (a preset's [match]): the table's bones_table plays the games
 * in sequence, the seats rotating; a finished game is counted, its record kept and its
 * moves stored before the next game starts, so that a restart replays the match. Also
 * the record of a game, written as the terminal and the window write theirs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/record.h"
#include "web_ratings.h"
#include "web_table_internal.h"

char *web_table_record_text(const web_table *t)
{
	char *text = NULL;
	size_t size = 0;
	bones_table_record rec; /* names, the host's tags, the forfeit's or resignation's comment */
	bones_table_record_init(t->table, &rec);
	rec.players.preset = t->row.preset;
	/* The record is the same in every language: its comments (breakdowns, chance
	 * outcomes) in the plugins' own words, no translated text of the host. */
	char lang[16];
	snprintf(lang, sizeof lang, "%s", bones_i18n_language());
	bool was_plain = bones_i18n_set_plain(true);
	bones_i18n_thread_language("en");
	FILE *f = open_memstream(&text, &size);
	bool written = f && !bones_record_write(t->s, &rec.players, f);
	if (f)
		fclose(f);
	bones_i18n_set_plain(was_plain);
	bones_i18n_thread_language(lang);
	if (!written) {
		free(text);
		return NULL;
	}
	return text;
}

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

void web_match_advance(web_tables *ts, web_table *t)
{
	const bones_match *m = bones_table_match(t->table);
	if (bones_table_over(t->table)) {
		web_ratings_game_over(ts, t); /* once per game: the store remembers */
		web_table_engines_stop(t, false); /* a match's next game starts them anew */
	}
	if (!m || !bones_table_over(t->table)) {
		web_table_mark_ended(ts, t);
		return;
	}
	web_match_count(t);
	if (t->queued || t->hinting || bones_match_over(m) || !bones_table_counted(t->table)) {
		web_table_mark_ended(ts, t);
		return; /* the thinker finishes first; it advances the match then */
	}
	web_stored_game g = {.resigned = bones_table_resigned(t->table)};
	char err[512];
	int game = bones_table_game_index(t->table);
	if (bones_table_forfeit(t->table) >= 0)
		g.resigned = bones_table_forfeit(t->table), g.forfeited = 1;
	for (int i = 0; i < t->row.seat_count; i++)
		g.penalties[i] = bones_table_penalty(t->table, i);
	if (!web_table_texts(t, 0, &g, err, sizeof err) ||
	    web_store_next_game(ts->store, t->row.id, game, &g, err, sizeof err))
		web_log("table %s: game %d is not saved, the match waits: %s", t->row.id, game + 1,
			err);
	else if (bones_table_next_game(t->table, err, sizeof err))
		web_log("table %s: the next game cannot start: %s", t->row.id, err);
	else {
		web_table_limit_agents(t);
		t->stored = 0, t->undo_by = -1, t->row.match_game = game + 1;
		t->engine_forfeit[0] = '\0'; /* the store's was cleared with the game */
		web_log("table %s: game %d of %d starts", t->row.id, game + 2, m->games);
		web_result r;
		bones_table_resolve_chance(t->table);
		web_table_commit(ts, t, &r);
		web_tables_enqueue(ts, t);
	}
	web_stored_game_release(&g);
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
