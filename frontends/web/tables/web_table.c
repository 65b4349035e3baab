/* One table of the server (web_table_internal.h): what the seats and the game are now,
 * its version and who waits for it, the record and texts of its history, and whether
 * it is over for good. The lowest file of the tables: it calls none of the others. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bones/i18n.h"
#include "bones/record.h"
#include "web_table_internal.h"
#include "web_limits.h"
#include "web_token.h"

bool web_table_over(const web_table *t)
{
	return bones_table_over(t->table);
}

int web_table_seat_now(const web_table *t, int participant)
{
	const bones_match *m = bones_table_match(t->table);
	return participant < 0 || !m ? participant
				     : bones_match_seat(m, bones_table_game_index(t->table), participant);
}

const web_seat_row *web_table_seat_row(const web_table *t, int seat)
{
	int p = seat >= 0 && seat < t->row.seat_count ? bones_table_participant(t->table, seat) : 0;
	return &t->row.seats[p];
}

void web_table_limit_agents(web_table *t)
{
	for (int i = 0; i < t->row.seat_count; i++)
		if (bones_table_agent(t->table, i))
			bones_agent_set_time_limit(bones_table_agent(t->table, i), WEB_AGENT_SECONDS);
}

int web_table_seat_of(web_table *t, const char *token)
{
	int seat = -1;
	if (!token)
		return -1;
	for (int i = 0; i < t->row.seat_count; i++) /* every seat, found or not */
		if (t->row.seats[i].token[0] && web_token_equal(token, t->row.seats[i].token))
			seat = i;
	return seat;
}

bool web_tables_damaged(web_tables *ts, const char *id)
{
	for (size_t i = 0; i < ts->damaged_count; i++) /* fixed after the start */
		if (!strcmp(ts->damaged[i].id, id))
			return true;
	return false;
}

bool web_tables_stopping(const web_tables *ts)
{
	return __atomic_load_n(&ts->stopping, __ATOMIC_ACQUIRE);
}

void web_tables_set_person_cap(web_tables *ts, int per_address)
{
	ts->person_cap = per_address;
}

void web_tables_notify(web_tables *ts)
{
	pthread_mutex_lock(&ts->elock);
	ts->changes++;
	pthread_cond_broadcast(&ts->echanged);
	pthread_mutex_unlock(&ts->elock);
}

uint64_t web_tables_change_count(web_tables *ts)
{
	pthread_mutex_lock(&ts->elock);
	uint64_t n = ts->changes;
	pthread_mutex_unlock(&ts->elock);
	return n;
}

void web_table_bump(web_table *t)
{
	t->version++;
	pthread_cond_broadcast(&t->changed);
	web_tables_notify(t->owner);
}

uint64_t web_tables_changes(web_tables *ts, uint64_t seen, int ms)
{
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += ms / 1000;
	until.tv_nsec += (long)(ms % 1000) * 1000000L;
	if (until.tv_nsec >= 1000000000L)
		until.tv_sec++, until.tv_nsec -= 1000000000L;
	pthread_mutex_lock(&ts->elock);
	while (ts->changes == seen && !web_tables_stopping(ts))
		if (pthread_cond_timedwait(&ts->echanged, &ts->elock, &until) == ETIMEDOUT)
			break;
	uint64_t v = ts->changes;
	pthread_mutex_unlock(&ts->elock);
	return v;
}

uint64_t web_table_version(web_table *t)
{
	pthread_mutex_lock(&t->lock);
	uint64_t v = t->version;
	pthread_mutex_unlock(&t->lock);
	return v;
}

void web_stored_game_release(web_stored_game *g)
{
	for (size_t i = 0; i < g->count; i++)
		free(g->moves[i]);
	free(g->moves);
	g->moves = NULL, g->count = 0;
}

bool web_table_texts(const web_table *t, size_t from, web_stored_game *g, char *err,
		     size_t errcap)
{
	size_t len = bones_session_length(t->s), n = len > from ? len - from : 0;
	g->moves = calloc(n ? n : 1, sizeof *g->moves);
	g->count = 0;
	bool ok = g->moves != NULL;
	snprintf(err, errcap, "%s", _("out of memory"));
	bool was_plain = bones_i18n_set_plain(true); /* notation: the same in every language */
	for (size_t k = from; ok && k < len; k++) {
		char text[BONES_MOVE_TEXT_MAX];
		if (!t->plugin->format_move(bones_session_game(t->s), bones_session_state_at(t->s, k),
					    bones_session_move_at(t->s, k), text, sizeof text)) {
			snprintf(err, errcap, _("move %zu cannot be written"), k + 1);
			ok = false;
		} else if ((g->moves[g->count] = strdup(text)))
			g->count++;
		else
			ok = false;
	}
	bones_i18n_set_plain(was_plain);
	if (!ok)
		web_stored_game_release(g);
	return ok;
}

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

bool web_table_finished(const web_table *t)
{
	const bones_match *m = bones_table_match(t->table);
	return bones_table_over(t->table) &&
	       (!m || bones_match_over(m) || bones_table_aborted(t->table));
}

bool web_table_ended(const web_table *t)
{
	return __atomic_load_n(&t->row.ended, __ATOMIC_ACQUIRE) != 0;
}

void web_table_mark_ended(web_tables *ts, web_table *t)
{
	char err[512];
	if (web_table_ended(t) || !web_table_finished(t))
		return;
	size_t moves = bones_table_player_moves(t->table, bones_session_length(t->s));
	if (web_store_set_ended(ts->store, t->row.id, (int64_t)moves, err, sizeof err))
		web_log("table %s: not marked as ended (a start will read it again): %s",
			t->row.id, err);
	else /* read under ts->lock alone by the lobby and pick */
		__atomic_store_n(&t->row.ended, 1, __ATOMIC_RELEASE);
}

void web_table_head_json(const web_table *t, web_buf *out, bool *first)
{
	web_buf_json_key(out, first, "id");
	web_buf_json_string(out, t->row.id);
	web_buf_json_key(out, first, "game");
	web_buf_json_string(out, bones_plugin_text(t->plugin, t->plugin->name));
	web_buf_json_key(out, first, "plugin"); /* the game's id: its rules at /rules/ID */
	web_buf_json_string(out, t->plugin->id);
	web_buf_json_key(out, first, "preset");
	web_buf_json_string(out, t->row.preset);
	web_buf_json_key(out, first, "created");
	web_buf_printf(out, "%lld", (long long)t->row.created);
}
