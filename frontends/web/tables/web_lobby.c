/* The lobby: the tables in play, newest first, merged with the ended ones of the store
 * and those set aside at the start, with public facts only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "web_table_internal.h"

#define WEB_LOBBY_SHOWN 200 /* tables the lobby lists, newest first */

/* ,"bot":true for a person's seat (kind) named as a bot account. */
static void write_bot(web_tables *ts, const char *kind, const char *name, web_buf *out)
{
	if (!strcmp(kind, "human") && ts->hooks.is_bot && ts->hooks.is_bot(ts->hooks.site, name))
		web_buf_puts(out, ",\"bot\":true");
}

static void write_table(web_tables *ts, web_table *t, web_buf *out)
{
	bool f = true;
	pthread_mutex_lock(&t->lock);
	int to_move = bones_session_to_move(t->s);
	size_t moves = bones_table_player_moves(t->table, bones_session_length(t->s));
	web_buf_puts(out, "{");
	web_table_head_json(t, out, &f);
	web_buf_json_key(out, &f, "moves");
	web_buf_printf(out, "%zu", moves);
	web_buf_json_key(out, &f, "over");
	web_buf_puts(out, web_table_over(t) ? "true" : "false");
	web_buf_json_key(out, &f, "paused"); /* agents only, nobody watching */
	web_buf_puts(out, t->parked ? "true" : "false");
	web_buf_json_key(out, &f, "to_move"); /* the seats by participant (a match rotates) */
	web_buf_printf(out, "%d", to_move >= 0 && !web_table_over(t)
					  ? bones_table_participant(t->table, to_move) + 1 : 0);
	web_buf_json_key(out, &f, "seats");
	web_buf_puts(out, "[");
	for (int i = 0; i < t->row.seat_count; i++) {
		bool g = true;
		web_buf_puts(out, i ? ",{" : "{");
		web_buf_json_key(out, &g, "name");
		web_buf_json_string(out, t->row.seats[i].name);
		web_buf_json_key(out, &g, "kind");
		web_buf_json_string(out, t->row.seats[i].kind);
		web_buf_json_key(out, &g, "open");
		web_buf_puts(out, t->row.seats[i].open && !web_table_over(t) ? "true" : "false");
		write_bot(ts, t->row.seats[i].kind, t->row.seats[i].name, out);
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]}");
	pthread_mutex_unlock(&t->lock);
}

/* An ended table as read from the store (web_store_ended), as write_table writes one;
 * or one in play at another process (live: its seats open, who is to move not known).
 * ts->lock held (the registry). */
static void write_summary(web_tables *ts, const web_table_summary *s, web_buf *out)
{
	const bones_plugin *p = bones_registry_find(ts->reg, s->game);
	web_buf_puts(out, "{\"id\":");
	web_buf_json_string(out, s->id);
	web_buf_puts(out, ",\"game\":");
	web_buf_json_string(out, p ? bones_plugin_text(p, p->name) : s->game);
	web_buf_puts(out, ",\"preset\":");
	web_buf_json_string(out, s->preset);
	web_buf_printf(out, ",\"created\":%lld,\"moves\":%lld,\"over\":%s,\"paused\":false,"
		       "\"to_move\":0,\"seats\":[", (long long)s->created, (long long)s->moves,
		       s->live ? "false" : "true");
	for (int i = 0; i < s->seat_count; i++) {
		web_buf_puts(out, i ? ",{\"name\":" : "{\"name\":");
		web_buf_json_string(out, s->seats[i].name);
		web_buf_puts(out, ",\"kind\":");
		web_buf_json_string(out, s->seats[i].kind);
		web_buf_printf(out, ",\"open\":%s", s->live && s->seats[i].open ? "true" : "false");
		write_bot(ts, s->seats[i].kind, s->seats[i].name, out);
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]}");
}

/* The newest WEB_LOBBY_SHOWN tables in memory and not ended into live (*n), newest
 * first. ts->lock held. */
static size_t live_tables(web_tables *ts, web_table **live)
{
	size_t n = 0;
	for (size_t i = ts->count; i-- > 0 && n < WEB_LOBBY_SHOWN;) {
		const web_table *t = ts->tables[i];
		if (!t->row.unlisted && !t->deleted && !atomic_load(&t->lost) &&
		    !web_table_ended(t)) /* private: links only */
			live[n++] = ts->tables[i];
	}
	for (size_t i = 1; i < n; i++) /* a table read back again sits at the end */
		for (size_t j = i; j > 0 && live[j]->row.created > live[j - 1]->row.created; j--) {
			web_table *x = live[j];
			live[j] = live[j - 1], live[j - 1] = x;
		}
	return n;
}

/* The newest WEB_LOBBY_SHOWN tables: those in play from memory, those ended (and those
 * other processes serve) from the store (they need not be in memory), merged by
 * creation. */
static void write_tables(web_tables *ts, web_buf *out, size_t *shown)
{
	web_table_summary *ended = NULL;
	size_t n_ended = 0, e = 0, l = 0;
	char err[300];
	if (web_store_ended(ts->store, WEB_LOBBY_SHOWN, &ended, &n_ended, err, sizeof err))
		web_log("the lobby: %s", err);
	web_table **live = malloc(WEB_LOBBY_SHOWN * sizeof *live);
	pthread_mutex_lock(&ts->lock);
	size_t n_live = live ? live_tables(ts, live) : 0;
	while (*shown < WEB_LOBBY_SHOWN && (l < n_live || e < n_ended)) {
		web_buf_puts(out, (*shown)++ ? "," : "");
		if (e == n_ended || (l < n_live && live[l]->row.created >= ended[e].created))
			write_table(ts, live[l++], out);
		else
			write_summary(ts, &ended[e++], out);
	}
	pthread_mutex_unlock(&ts->lock);
	free(live);
	free(ended);
}

void web_lobby_json(web_tables *ts, web_buf *out)
{
	web_buf_puts(out, "{\"tables\":[");
	size_t shown = 0;
	write_tables(ts, out, &shown);
	for (size_t i = 0, listed = 0; i < ts->damaged_count && listed < 50; i++) {
		const web_damaged *d = &ts->damaged[i]; /* fixed after start */
		if (d->unlisted)
			continue;
		listed++;
		web_buf_printf(out, "%s{\"id\":", shown++ ? "," : "");
		web_buf_json_string(out, d->id);
		web_buf_puts(out, ",\"game\":");
		web_buf_json_string(out, d->game);
		web_buf_puts(out, ",\"preset\":");
		web_buf_json_string(out, d->preset);
		web_buf_printf(out, ",\"created\":%lld,\"moves\":0,\"over\":true,\"paused\":false,"
			       "\"to_move\":0,\"seats\":[],\"damaged\":true}", (long long)d->created);
	}
	web_buf_puts(out, "]}");
}
