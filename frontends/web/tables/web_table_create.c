/* A new table from a client's request (web_tables.h, web_table_create): the
 * game, preset and options it names, its time rule, its seats (people and the agents a
 * client may seat), stored with its deal before anyone sees it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bones/i18n.h"
#include "bones/options.h"
#include "bones/preset.h"
#include "web_limits.h"
#include "web_table_internal.h"
#include "web_token.h"

/* A JSON string, number or boolean as text (into buf); false for anything else. */
static bool scalar_text(const web_json *v, char *buf, size_t cap)
{
	if (v->type == WEB_JSON_STRING || v->type == WEB_JSON_NUMBER)
		snprintf(buf, cap, "%s", v->str);
	else if (v->type == WEB_JSON_BOOL)
		snprintf(buf, cap, "%s", v->boolean ? "true" : "false");
	else
		return false;
	return true;
}

/* Options from the request applied over the preset's; r tells the first bad one. */
static bool apply_options(const web_json *req, bones_options *opts, web_result *r)
{
	const web_json *o = web_json_get(req, "options");
	if (o && o->type != WEB_JSON_OBJECT) {
		*r = web_result_of(400, "options", _("options: expected an object of key: value"));
		return false;
	}
	for (const web_json *v = o ? o->child : NULL; v; v = v->next) {
		char text[256], err[400];
		if (!scalar_text(v, text, sizeof text)) {
			*r = web_result_of(400, v->key, _("%.60s: expected a string, number or boolean"),
				    v->key);
			return false;
		}
		int k = bones_options_find(opts->plugin, v->key);
		if (k >= 0 && opts->plugin->options[k].type == BONES_OPT_STRING &&
		    !web_data_name(text)) {
			*r = web_result_of(400, v->key, _("%.60s: a file of the server's configs folder, "
						   "without '..' or an absolute path"), v->key);
			return false;
		}
		if (bones_options_set(opts, v->key, text, err, sizeof err)) {
			*r = web_result_of(400, v->key, "%s", err);
			return false;
		}
	}
	return true;
}

/* The request's "time": {"per_move": "2m", "penalty": 5, "grace": "1m", "forfeit": true,
 * "per_game": "10m", "increment": "5s"} over the preset's [time] rule (per_move "0": no
 * limit per move, per_game "0": no bank; both: no clock). */
static bool apply_time(const web_json *req, bones_preset *preset, web_result *r)
{
	const web_json *o = web_json_get(req, "time");
	if (o && o->type != WEB_JSON_OBJECT) {
		*r = web_result_of(400, "time", _("time: expected an object of key: value"));
		return false;
	}
	for (const web_json *v = o ? o->child : NULL; v; v = v->next) {
		char text[64], err[300];
		if (!scalar_text(v, text, sizeof text))
			text[0] = '\0';
		if (!strcmp(v->key, "per_move") && !strcmp(text, "0")) { /* no limit per move */
			preset->time.per_move_ms = preset->time.grace_ms = 0;
			preset->time.penalty = 0;
			continue;
		}
		if (!strcmp(v->key, "per_game") && !strcmp(text, "0")) { /* no bank */
			preset->time.per_game_ms = preset->time.increment_ms = 0;
			continue;
		}
		if (!text[0] || bones_preset_set_time(preset, v->key, text, err, sizeof err)) {
			*r = web_result_of(400, "time", "time: %s", text[0] ? err : _("expected a value"));
			return false;
		}
	}
	return true;
}

/* Seat i of kind "engine": the operator's engine the request names (never a command),
 * at the table's time per move or WEB_ENGINE_TABLE_MS. */
static bool engine_seat(web_tables *ts, const web_json *s, int i, web_table_row *row,
			web_result *r)
{
	web_seat_row *seat = &row->seats[i];
	const char *engine = s ? web_json_string(s, "engine") : NULL;
	char why[256];
	if (!engine || !engine[0]) {
		*r = web_result_of(400, "seats", _("seats[%d]: engine: expected the name of one "
						   "of the server's engines"), i);
		return false;
	}
	if (!web_engine_seat_listed(ts, engine, why, sizeof why)) {
		*r = web_result_of(400, "seats", _("seats[%d]: engine: %s"), i, why);
		return false;
	}
	int64_t ms = row->time.per_move_ms > 0 ? row->time.per_move_ms : WEB_ENGINE_TABLE_MS;
	web_engine_seat_spec(engine, ms, seat->agent, sizeof seat->agent);
	const char *name = web_json_string(s, "name");
	web_utf8_copy(seat->name, sizeof seat->name, name && name[0] ? name : engine);
	return true;
}

/* Whether seat i's name may be shown (web_name_refused), else a 400 naming it. */
static bool seat_name_ok(const char *name, int i, web_result *r)
{
	const char *why = name ? web_name_refused(name) : NULL;
	if (!why)
		return true;
	char field[32];
	snprintf(field, sizeof field, "seats[%d].name", i);
	*r = web_result_of(400, field, "%s: %s", field, why);
	return false;
}

/* The seats of row from the request's "seats", else from the preset; s: the table's
 * game, for which its agents are measured against the server's caps. */
static bool fill_seats(web_tables *ts, const web_json *req, const bones_preset *preset,
		       const bones_session *session, const char *account, web_table_row *row,
		       web_result *r)
{
	int players = bones_session_info(session)->players;
	const web_json *seats = web_json_get(req, "seats");
	if (seats && (seats->type != WEB_JSON_ARRAY || seats->count != (size_t)players)) {
		*r = web_result_of(400, "seats", _("seats: the game has %d players: give %d seats"),
			    players, players);
		return false;
	}
	if (players > WEB_MAX_SEATS) {
		*r = web_result_of(400, "players", _("players: at most %d seats"), WEB_MAX_SEATS);
		return false;
	}
	const web_json *s = seats ? seats->child : NULL;
	row->seat_count = players;
	for (int i = 0; i < players; i++, s = s ? s->next : NULL) {
		web_seat_row *seat = &row->seats[i];
		const char *kind = s ? web_json_string(s, "kind") : NULL;
		const char *agent = s ? web_json_string(s, "agent") : preset->seats[i].agent;
		const char *name = s ? web_json_string(s, "name") : preset->seats[i].name;
		if (!seat_name_ok(name, i, r))
			return false;
		if (!kind)
			kind = agent && agent[0] && strcmp(agent, "human") ? "agent" : "human";
		if (strcmp(kind, "human") && strcmp(kind, "agent") && strcmp(kind, "engine")) {
			*r = web_result_of(400, "seats", _("seats[%d]: kind: expected human, agent "
							   "or engine"), i);
			return false;
		}
		snprintf(seat->kind, sizeof seat->kind, "%s", kind);
		if (!strcmp(kind, "engine")) {
			if (!engine_seat(ts, s, i, row, r))
				return false;
			continue;
		}
		bool is_agent = !strcmp(kind, "agent");
		snprintf(seat->agent, sizeof seat->agent, "%s",
			 !is_agent ? "" : agent && agent[0] && strcmp(agent, "human") ? agent
										    : "greedy");
		char why[400];
		if (is_agent && !web_agent_within_caps(seat->agent, bones_session_plugin(session),
						       bones_session_game(session), why, sizeof why)) {
			*r = web_result_of(400, "seats", _("seats[%d]: %s"), i, why);
			return false;
		}
		const web_json *open = s ? web_json_get(s, "open") : NULL;
		seat->open = !is_agent && open && open->type == WEB_JSON_BOOL && open->boolean;
		if (account && !is_agent && !seat->open) { /* the creator's seat: the account's */
			web_utf8_copy(seat->name, sizeof seat->name, account);
			account = NULL;
		} else if (name && name[0])
			web_utf8_copy(seat->name, sizeof seat->name, name);
		else if (is_agent) { /* the agent's spec, cut short (two fields of one row) */
			size_t n = strnlen(seat->agent, 50);
			memcpy(seat->name, seat->agent, n);
			seat->name[n] = '\0';
		}
		else
			snprintf(seat->name, sizeof seat->name, _("Player %d"), i + 1);
		if (seat->open && !(name && name[0]))
			snprintf(seat->name, sizeof seat->name, "%s", _("open seat"));
		if (!is_agent && !web_token_random_hex(seat->token, sizeof seat->token, 16)) {
			*r = web_result_of(500, NULL, _("cannot read /dev/urandom"));
			return false;
		}
	}
	return true;
}

/* The row of a new table: game, options, seats, id, seed (*seed, else a random one). */
static bool make_row(web_tables *ts, const web_json *req, const uint64_t *seed,
		     const char *account, web_table_row *row, web_result *r)
{
	const char *game = web_json_string(req, "game");
	bones_preset *preset = malloc(sizeof *preset);
	const bones_plugin *p = NULL;
	char err[1024];
	bones_options opts;
	bool ok = false;
	if (!preset) {
		*r = web_result_of(500, NULL, _("out of memory"));
		return false;
	}
	pthread_mutex_lock(&ts->lock);
	snprintf(err, sizeof err, "%s", _("name one of this server's games or presets"));
	bool st = !game || !web_game_name(game, ts->reg) || /* before any file is read */
		  bones_preset_resolve(game, ts->reg, preset, &p, err, sizeof err);
	pthread_mutex_unlock(&ts->lock);
	if (st) {
		*r = web_result_of(400, "game", "game: %s", err);
		goto out_free;
	}
	if (bones_preset_options(preset, p, &opts, err, sizeof err)) {
		*r = web_result_of(500, "game", "%s", err);
		goto out_free;
	}
	if (!apply_options(req, &opts, r) || !apply_time(req, preset, r))
		goto out_release;
	row->time = preset->time;
	bones_session *s = NULL;
	uint64_t deal = seed ? *seed : 0;
	if ((!seed && !web_token_random_bytes(&deal, sizeof deal)) ||
	    !web_token_random_hex(row->id, sizeof row->id, 10) ||
	    !web_token_random_hex(row->owner, sizeof row->owner, 16)) {
		*r = web_result_of(500, NULL, _("cannot read /dev/urandom"));
		goto out_release;
	}
	if (bones_session_create(p, &opts, deal, &s, err, sizeof err)) {
		const char *colon = strchr(err, ':');
		char field[64] = "";
		if (colon && (size_t)(colon - err) < sizeof field)
			memcpy(field, err, (size_t)(colon - err)), field[colon - err] = '\0';
		*r = web_result_of(400, bones_options_find(p, field) >= 0 ? field : "options", "%s", err);
		goto out_release;
	}
	snprintf(row->game, sizeof row->game, "%s", p->id);
	snprintf(row->preset, sizeof row->preset, "%s", preset->id[0] ? preset->id : p->id);
	snprintf(row->options, sizeof row->options, "%s", bones_session_options_text(s));
	row->seed = deal, row->created = (int64_t)time(NULL), row->resigned = -1;
	const web_json *hints = web_json_get(req, "hints"), *priv = web_json_get(req, "private");
	row->hints = hints && hints->type == WEB_JSON_BOOL && hints->boolean;
	row->unlisted = priv && priv->type == WEB_JSON_BOOL && priv->boolean;
	row->match_games = preset->match_games, row->match_target = preset->match_target;
	ok = fill_seats(ts, req, preset, s, account, row, r);
	bones_session_destroy(s);
out_release:
	bones_options_release(&opts);
out_free:
	free(preset);
	return ok;
}

static void reply_links(const web_table *t, web_buf *out)
{
	bool first = true;
	web_buf_puts(out, "{");
	web_buf_json_key(out, &first, "id");
	web_buf_json_string(out, t->row.id);
	web_buf_json_key(out, &first, "spectator");
	web_buf_printf(out, "\"/t/%s\"", t->row.id);
	web_buf_json_key(out, &first, "owner"); /* deletes it before the first move */
	web_buf_json_string(out, t->row.owner);
	web_buf_json_key(out, &first, "private");
	web_buf_puts(out, t->row.unlisted ? "true" : "false");
	web_buf_json_key(out, &first, "seats");
	web_buf_puts(out, "[");
	for (int i = 0; i < t->row.seat_count; i++) {
		const web_seat_row *s = &t->row.seats[i];
		bool f = true;
		web_buf_puts(out, i ? ",{" : "{");
		web_buf_json_key(out, &f, "seat");
		web_buf_printf(out, "%d", i + 1);
		web_buf_json_key(out, &f, "kind");
		web_buf_json_string(out, s->kind);
		web_buf_json_key(out, &f, "name");
		web_buf_json_string(out, s->name);
		if (s->open) {
			web_buf_json_key(out, &f, "open");
			web_buf_puts(out, "true");
		} else if (s->token[0]) {
			web_buf_json_key(out, &f, "token");
			web_buf_json_string(out, s->token);
			web_buf_json_key(out, &f, "link");
			web_buf_printf(out, "\"/t/%s#seat=%d&token=%s\"", t->row.id, i + 1, s->token);
		}
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]}");
}

static bool has_engine_seat(const web_table_row *row)
{
	for (int i = 0; i < row->seat_count; i++)
		if (!strcmp(row->seats[i].kind, "engine"))
			return true;
	return false;
}

/* The kinds of table capped per address (web_table_create). */
enum running_kind { AGENTS_ONLY, WITH_ENGINE, WITH_PERSON };

static bool of_kind(const web_table *t, enum running_kind kind)
{
	return kind == WITH_ENGINE ? has_engine_seat(&t->row)
	     : kind == WITH_PERSON ? t->human_seat : !t->human_seat;
}

/* Running tables of a kind from client (NULL: from anyone); a game over or a table
 * idle (web_clock_idle) is not running. */
static int running_of(web_tables *ts, const char *client, enum running_kind kind)
{
	int n = 0;
	int64_t now = web_clock_now(ts);
	pthread_mutex_lock(&ts->lock);
	for (size_t i = 0; i < ts->count; i++) {
		web_table *t = ts->tables[i];
		if (client && strcmp(t->creator, client))
			continue;
		pthread_mutex_lock(&t->lock); /* a tournament's driver may seat an engine */
		n += of_kind(t, kind) && !web_table_over(t) && !web_clock_idle(t, now);
		pthread_mutex_unlock(&t->lock);
	}
	pthread_mutex_unlock(&ts->lock);
	return n;
}

/* 429 when the client has as many running tables of t's kinds as it may (r set). */
static bool within_caps(web_tables *ts, const web_table *t, web_result *r)
{
	if (!t->human_seat && running_of(ts, t->creator, AGENTS_ONLY) >= WEB_AGENT_ONLY_PER_ADDRESS)
		*r = web_result_of(429, "seats", _("seats: at most %d running tables of agents only "
					   "from one address"), WEB_AGENT_ONLY_PER_ADDRESS);
	else if (t->human_seat && t->creator[0] && ts->person_cap > 0 &&
		 running_of(ts, t->creator, WITH_PERSON) >= ts->person_cap)
		*r = web_result_of(429, NULL, _("at most %d running tables with a person's seat "
					 "from one address: finish or leave one (a table "
					 "without a move for %d minutes does not count)"),
				   ts->person_cap, WEB_IDLE_MS / 60000);
	else if (has_engine_seat(&t->row) &&
		 (running_of(ts, t->creator, WITH_ENGINE) >= WEB_ENGINE_TABLES_PER_ADDRESS ||
		  running_of(ts, NULL, WITH_ENGINE) >= WEB_ENGINE_TABLES))
		*r = web_result_of(429, "seats", _("seats: at most %d running tables with an engine "
					   "from one address and %d in all"),
				   WEB_ENGINE_TABLES_PER_ADDRESS, WEB_ENGINE_TABLES);
	else
		return true;
	return false;
}

web_result web_table_check(web_tables *ts, const web_json *req, web_table_row *row)
{
	web_result r = web_result_of(200, NULL, "ok");
	if (!req || req->type != WEB_JSON_OBJECT)
		return web_result_of(400, NULL, _("expected a JSON object {\"game\": ...}"));
	make_row(ts, req, NULL, NULL, row, &r);
	return r;
}

web_result web_table_create(web_tables *ts, const web_json *req, const char *client,
			    const char *account, const uint64_t *seed, web_buf *out)
{
	web_result r = web_result_of(201, NULL, "created");
	if (!req || req->type != WEB_JSON_OBJECT)
		return web_result_of(400, NULL, _("expected a JSON object {\"game\": ...}"));
	web_table_row *row = calloc(1, sizeof *row);
	if (!row)
		return web_result_of(500, NULL, _("out of memory"));
	char err[512];
	web_table *t = NULL;
	if (!make_row(ts, req, seed, account, row, &r))
		goto out_free;
	t = web_table_new(ts, row, err, sizeof err);
	if (!t) {
		r = web_result_of(400, strncmp(err, "seats", 5) ? "options" : "seats", "%s", err);
		goto out_free;
	}
	snprintf(t->creator, sizeof t->creator, "%s", client ? client : "");
	if (!within_caps(ts, t, &r))
		goto out_free;
	/* the row and the deal in one transaction: no table without its first moves */
	bones_table_resolve_chance(t->table);
	web_stored_game deal = {0};
	if (!web_table_texts(t, 0, &deal, err, sizeof err) ||
	    web_store_add_table(ts->store, row, (const char *const *)deal.moves, deal.count, err,
				sizeof err)) {
		web_stored_game_release(&deal);
		r = web_result_of(500, NULL, "%s", err);
		goto out_free;
	}
	web_stored_game_release(&deal);
	t->stored = bones_session_length(t->s);
	if (!web_tables_add(ts, t)) {
		r = web_result_of(503, NULL, _("too many tables"));
		goto out_free;
	}
	web_log("table %s: created, %s (%s)", row->id, row->preset, row->options);
	pthread_mutex_lock(&t->lock);
	reply_links(t, out);
	web_table_commit(ts, t, &r); /* nothing to store: starts the clock */
	web_table_queue_add(ts, t);
	pthread_mutex_unlock(&t->lock);
	r = web_result_of(201, NULL, "created");
	t = NULL;
out_free:
	web_table_free(t);
	free(row);
	return r;
}
