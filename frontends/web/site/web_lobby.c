/* The public lists: the games and presets one can create a table of (with option
 * schemas and agent kinds, for the create form), and the lobby of tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/preset.h"
#include "bones/i18n.h"
#include "web_table_internal.h"
#include "web_tourney.h"

static const char *or_empty(const char *text)
{
	return text ? text : "";
}

static void write_option(const bones_plugin *p, const bones_option_def *o, web_buf *out)
{
	static const char *const types[] = {"int", "bool", "enum", "string"};
	bool f = true;
	web_buf_puts(out, "{");
	web_buf_json_key(out, &f, "key");
	web_buf_json_string(out, o->key);
	web_buf_json_key(out, &f, "type");
	web_buf_json_string(out, o->type <= BONES_OPT_STRING ? types[o->type] : "string");
	web_buf_json_key(out, &f, "default");
	web_buf_json_string(out, o->default_value ? o->default_value : "");
	web_buf_json_key(out, &f, "help");
	web_buf_json_string(out, o->help ? bones_plugin_text(p, o->help) : "");
	if (o->type == BONES_OPT_INT) {
		web_buf_json_key(out, &f, "min");
		web_buf_printf(out, "%lld", (long long)o->min);
		web_buf_json_key(out, &f, "max");
		web_buf_printf(out, "%lld", (long long)o->max);
	}
	if (o->type == BONES_OPT_ENUM && o->choices) {
		web_buf_json_key(out, &f, "choices");
		web_buf_puts(out, "[");
		for (int k = 0; o->choices[k]; k++) {
			web_buf_puts(out, k ? "," : "");
			web_buf_json_string(out, o->choices[k]);
		}
		web_buf_puts(out, "]");
	}
	web_buf_puts(out, "}");
}

static void write_plugin(const bones_plugin *p, web_buf *out)
{
	bool f = true;
	web_buf_puts(out, "{");
	web_buf_json_key(out, &f, "id");
	web_buf_json_string(out, p->id);
	web_buf_json_key(out, &f, "name");
	web_buf_json_string(out, bones_plugin_text(p, p->name));
	web_buf_json_key(out, &f, "summary");
	web_buf_json_string(out, bones_plugin_text(p, p->summary));
	web_buf_json_key(out, &f, "min_players");
	web_buf_printf(out, "%d", p->min_players);
	web_buf_json_key(out, &f, "max_players");
	web_buf_printf(out, "%d", p->max_players);
	web_buf_json_key(out, &f, "variants");
	web_buf_puts(out, "[");
	for (size_t k = 0; k < p->variant_count; k++) {
		bool g = true;
		web_buf_puts(out, k ? ",{" : "{");
		web_buf_json_key(out, &g, "id");
		web_buf_json_string(out, p->variants[k].id);
		web_buf_json_key(out, &g, "name");
		web_buf_json_string(out, or_empty(bones_plugin_text(p, p->variants[k].name)));
		web_buf_json_key(out, &g, "summary");
		web_buf_json_string(out, or_empty(bones_plugin_text(p, p->variants[k].summary)));
		web_buf_json_key(out, &g, "settings");
		web_buf_json_string(out, p->variants[k].settings);
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]");
	web_buf_json_key(out, &f, "options");
	web_buf_puts(out, "[");
	for (size_t k = 0; k < p->option_count; k++) {
		web_buf_puts(out, k ? "," : "");
		write_option(p, &p->options[k], out);
	}
	web_buf_puts(out, "]}");
}

struct preset_list {
	web_buf *out;
	bool first;
};

static void write_preset(void *user, const char *path)
{
	struct preset_list *l = user;
	bones_preset *pr = malloc(sizeof *pr);
	char err[512];
	if (pr && !bones_preset_load(path, pr, err, sizeof err)) {
		bool f = true;
		web_buf_puts(l->out, l->first ? "{" : ",{");
		l->first = false;
		web_buf_json_key(l->out, &f, "id");
		web_buf_json_string(l->out, pr->id);
		web_buf_json_key(l->out, &f, "name");
		web_buf_json_string(l->out, pr->name);
		web_buf_json_key(l->out, &f, "description");
		web_buf_json_string(l->out, pr->description);
		web_buf_json_key(l->out, &f, "plugin");
		web_buf_json_string(l->out, pr->plugin);
		web_buf_json_key(l->out, &f, "variant");
		web_buf_json_string(l->out, pr->variant);
		web_buf_json_key(l->out, &f, "options");
		web_buf_puts(l->out, "{");
		bool g = true;
		for (int i = 0; i < pr->option_count; i++) {
			web_buf_json_key(l->out, &g, pr->options[i].key);
			web_buf_json_string(l->out, pr->options[i].value);
		}
		web_buf_puts(l->out, "},\"seats\":[");
		for (int i = 0; i < BONES_PRESET_MAX_SEATS; i++) {
			web_buf_puts(l->out, i ? "," : "");
			web_buf_json_string(l->out, pr->seats[i].agent);
		}
		web_buf_puts(l->out, "]}");
	}
	free(pr);
}

void web_tables_games_json(web_tables *ts, web_buf *out)
{
	web_buf_puts(out, "{\"plugins\":[");
	pthread_mutex_lock(&ts->lock);
	for (size_t i = 0; i < bones_registry_count(ts->reg); i++) {
		web_buf_puts(out, i ? "," : "");
		write_plugin(bones_registry_get(ts->reg, i), out);
	}
	pthread_mutex_unlock(&ts->lock);
	web_buf_puts(out, "],\"presets\":[");
	struct preset_list l = {out, true};
	bones_preset_list(write_preset, &l);
	web_buf_puts(out, "],\"agents\":[");
	const bones_agent_kind *k = bones_agent_kinds();
	for (int i = 0; k[i].name; i++) {
		bool f = true;
		web_buf_puts(out, i ? ",{" : "{");
		web_buf_json_key(out, &f, "name");
		web_buf_json_string(out, k[i].name);
		web_buf_json_key(out, &f, "summary");
		web_buf_json_string(out, k[i].summary ? _(k[i].summary) : "");
		web_buf_json_key(out, &f, "params");
		web_buf_json_string(out, k[i].params);
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "],\"engines\":"); /* the operator's, for tournaments */
	web_tourneys_engines_json(web_tables_tourneys(ts), out);
	web_buf_puts(out, "}");
}

void web_table_head_json(const web_table *t, web_buf *out, bool *first)
{
	web_buf_json_key(out, first, "id");
	web_buf_json_string(out, t->row.id);
	web_buf_json_key(out, first, "game");
	web_buf_json_string(out, bones_plugin_text(t->plugin, t->plugin->name));
	web_buf_json_key(out, first, "preset");
	web_buf_json_string(out, t->row.preset);
	web_buf_json_key(out, first, "created");
	web_buf_printf(out, "%lld", (long long)t->row.created);
}

#define WEB_LOBBY_SHOWN 200 /* tables the lobby lists, newest first */

static void write_table(web_table *t, web_buf *out)
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
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]}");
	pthread_mutex_unlock(&t->lock);
}

/* An ended table as read from the store (web_store_ended), as write_table writes one.
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
	web_buf_printf(out, ",\"created\":%lld,\"moves\":%lld,\"over\":true,\"paused\":false,"
		       "\"to_move\":0,\"seats\":[", (long long)s->created, (long long)s->moves);
	for (int i = 0; i < s->seat_count; i++) {
		web_buf_puts(out, i ? ",{\"name\":" : "{\"name\":");
		web_buf_json_string(out, s->seats[i].name);
		web_buf_puts(out, ",\"kind\":");
		web_buf_json_string(out, s->seats[i].kind);
		web_buf_puts(out, ",\"open\":false}");
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
		if (!t->row.unlisted && !t->deleted && !web_table_ended(t)) /* private: links only */
			live[n++] = ts->tables[i];
	}
	for (size_t i = 1; i < n; i++) /* a table read back again sits at the end */
		for (size_t j = i; j > 0 && live[j]->row.created > live[j - 1]->row.created; j--) {
			web_table *x = live[j];
			live[j] = live[j - 1], live[j - 1] = x;
		}
	return n;
}

/* The newest WEB_LOBBY_SHOWN tables: those in play from memory, those ended from the
 * store (they need not be in memory), merged by creation. */
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
			write_table(live[l++], out);
		else
			write_summary(ts, &ended[e++], out);
	}
	pthread_mutex_unlock(&ts->lock);
	free(live);
	free(ended);
}

void web_tables_lobby_json(web_tables *ts, web_buf *out)
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
