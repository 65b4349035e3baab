/* The collection of tables: start-up (plugins, store, restore), creating a table from
 * a request, lookups and the lobby. Moves and agents are in web_play.c, what a viewer
 * sees in web_view.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bones/preset.h"
#include "bones/i18n.h"
#include "bones/options.h"
#include "web_accounts.h"
#include "web_analysis.h"
#include "web_tourney.h"
#include "web_table_internal.h"
#include "web_token.h"

void web_log(const char *fmt, ...)
{
	char when[32];
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
	va_list ap;
	va_start(ap, fmt);
	flockfile(stderr);
	fprintf(stderr, "bones serve: %s ", when);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	funlockfile(stderr);
	va_end(ap);
}

web_result web_result_of(int code, const char *field, const char *fmt, ...)
{
	web_result r;
	memset(&r, 0, sizeof r);
	r.code = code;
	snprintf(r.field, sizeof r.field, "%s", field ? field : "");
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r.error, sizeof r.error, fmt, ap);
	va_end(ap);
	return r;
}

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

static void table_free(web_table *t)
{
	if (!t)
		return;
	web_table_engines_stop(t, true);
	bones_table_destroy(t->table);
	for (int i = 0; i < t->record_count; i++)
		free(t->records[i]);
	free(t->records);
	web_chat_free(t);
	pthread_mutex_destroy(&t->lock);
	pthread_cond_destroy(&t->changed);
	free(t);
}

void web_table_limit_agents(web_table *t)
{
	for (int i = 0; i < t->row.seat_count; i++)
		if (bones_table_agent(t->table, i))
			bones_agent_set_time_limit(bones_table_agent(t->table, i), WEB_AGENT_SECONDS);
}

/* The table's setup from row: options, seed, clock, match and seats by participant. */
static bones_status setup_of(const web_table_row *row, const bones_plugin *p,
			     bones_options *opts, bones_table_setup *setup, char *err,
			     size_t errcap)
{
	memset(setup, 0, sizeof *setup);
	if (bones_options_init(opts, p, err, errcap))
		return BONES_EINVAL;
	bones_status st = bones_options_apply(opts, row->options, err, errcap);
	setup->plugin = p, setup->options = opts, setup->seed = row->seed;
	setup->time = row->time, setup->match_games = row->match_games;
	for (int i = 0; i < row->seat_count && i < BONES_TABLE_MAX_SEATS; i++) {
		bool agent = !strcmp(row->seats[i].kind, "agent");
		snprintf(setup->seats[i].agent, sizeof setup->seats[i].agent, "%s",
			 agent ? row->seats[i].agent : "human");
		snprintf(setup->seats[i].name, sizeof setup->seats[i].name, "%s",
			 row->seats[i].name);
	}
	if (st)
		bones_options_release(opts);
	return st;
}

/* A table for row: its bones_table (game, agents, clock, match) not yet played. */
static web_table *table_new(web_tables *ts, const web_table_row *row, char *err,
			    size_t errcap)
{
	const bones_plugin *p = bones_registry_find(ts->reg, row->game);
	if (!p) {
		snprintf(err, errcap, _("no game '%s' is installed"), row->game);
		return NULL;
	}
	web_table *t = calloc(1, sizeof *t);
	if (!t) {
		snprintf(err, errcap, _("out of memory"));
		return NULL;
	}
	t->row = *row, t->plugin = p, t->owner = ts, t->undo_by = -1;
	pthread_mutex_init(&t->lock, NULL);
	pthread_cond_init(&t->changed, NULL);
	bones_options opts;
	bones_table_setup *setup = malloc(sizeof *setup);
	int bad = -1;
	char e[400];
	bones_status st = !setup ? BONES_ENOMEM : setup_of(row, p, &opts, setup, err, errcap);
	if (!st) {
		st = bones_table_create(setup, &t->table, &bad, e, sizeof e);
		bones_options_release(&opts);
		if (st && bad >= 0)
			snprintf(err, errcap, "seats[%d]: %s", bad, e);
		else if (st)
			snprintf(err, errcap, "%s", e);
	} else if (!setup)
		snprintf(err, errcap, _("out of memory"));
	free(setup);
	if (st) {
		table_free(t);
		return NULL;
	}
	t->s = bones_table_session(t->table);
	t->version = ts->epoch << 32; /* never back across a restart */
	t->watched_until = web_clock_now(ts) + WEB_WATCH_MS;
	for (int i = 0; i < row->seat_count; i++)
		t->human_seat |= !strcmp(row->seats[i].kind, "human");
	web_table_limit_agents(t);
	return t;
}

static bool table_add(web_tables *ts, web_table *t)
{
	pthread_mutex_lock(&ts->lock);
	bool ok = ts->count < WEB_MAX_TABLES;
	if (ok && ts->count == ts->cap) {
		size_t cap = ts->cap ? ts->cap * 2 : 64;
		web_table **a = realloc(ts->tables, cap * sizeof *a);
		ok = a != NULL;
		if (ok)
			ts->tables = a, ts->cap = cap;
	}
	if (ok)
		ts->tables[ts->count++] = t;
	pthread_mutex_unlock(&ts->lock);
	return ok;
}

/* Replay stored history texts; false (why says which) at the first that does not play. */
static bool replay(web_table *t, char **moves, size_t count, char *why, size_t cap)
{
	char err[400];
	for (size_t i = 0; i < count; i++) {
		if (bones_session_play_text(t->s, moves[i], err, sizeof err)) {
			snprintf(why, cap, "stored %s", err);
			return false;
		}
	}
	return true;
}

/* A match's finished games played again, counted, their records kept; false (why)
 * when one does not replay. */
static bool replay_match(web_table *t, const web_stored_game *done, size_t done_count,
			 char *why, size_t cap)
{
	for (size_t k = 0; k < done_count; k++) {
		const web_stored_game *g = &done[k];
		if (!replay(t, g->moves, g->count, why, cap) ||
		    bones_table_restore(t->table, g->penalties, g->forfeited ? g->resigned : -1,
					g->forfeited ? -1 : g->resigned) ||
		    !bones_table_over(t->table)) {
			snprintf(why, cap, "stored game %zu of the match is not over", k + 1);
			return false;
		}
		web_match_count(t); /* keeps its record */
		if (bones_table_next_game(t->table, why, cap))
			return false;
		web_table_limit_agents(t);
	}
	return true;
}

/* Keep row's table aside: listed as damaged, not played. A new reason (not yet marked
 * in the store) is logged and marked once the store's lock is free (mark_damaged). */
static int set_aside(web_tables *ts, const web_table_row *row, const char *why)
{
	web_damaged *d = realloc(ts->damaged, (ts->damaged_count + 1) * sizeof *d);
	if (!d)
		return 1;
	ts->damaged = d, d += ts->damaged_count++;
	memset(d, 0, sizeof *d);
	snprintf(d->id, sizeof d->id, "%s", row->id);
	snprintf(d->game, sizeof d->game, "%s", row->game);
	snprintf(d->preset, sizeof d->preset, "%s", row->preset);
	snprintf(d->why, sizeof d->why, "%s", why);
	d->created = row->created;
	if (row->damaged[0])
		return 0; /* marked and logged at an earlier start */
	web_log("table %s: set aside (kept in the database, not played): %s", row->id, why);
	d->to_mark = true;
	return 0;
}

/* The tables set aside at this start marked in the store, those set aside before that
 * replay now unmarked (outside the store's lock). */
static void mark_damaged(web_tables *ts)
{
	char err[512];
	for (size_t i = 0; i < ts->count; i++) {
		web_table *t = ts->tables[i];
		if (!t->unmark)
			continue;
		t->unmark = false;
		web_log("table %s: replays again: back in play", t->row.id);
		if (web_store_set_damaged(ts->store, t->row.id, NULL, err, sizeof err))
			web_log("table %s: still marked as set aside: %s", t->row.id, err);
	}
	for (size_t i = 0; i < ts->damaged_count; i++) {
		web_damaged *d = &ts->damaged[i];
		if (!d->to_mark)
			continue;
		d->to_mark = false;
		if (web_store_set_damaged(ts->store, d->id, d->why, err, sizeof err))
			web_log("table %s: not marked as set aside: %s", d->id, err);
	}
}

/* Restore one table as stored (the store's lock is held: nothing is written here;
 * web_tables_create commits what a crash left unresolved afterwards). A table that
 * cannot be read or replayed is set aside. */
static int restore_one(void *user, const web_table_row *row, char **moves, size_t count,
		       const web_stored_game *done, size_t done_count, const char *unreadable)
{
	web_tables *ts = user;
	char why[512];
	if (unreadable)
		return set_aside(ts, row, unreadable);
	web_table *t = table_new(ts, row, why, sizeof why);
	if (!t || !replay_match(t, done, done_count, why, sizeof why) ||
	    !replay(t, moves, count, why, sizeof why)) {
		table_free(t);
		return set_aside(ts, row, why);
	}
	double pen[WEB_MAX_SEATS];
	for (int i = 0; i < row->seat_count; i++)
		pen[i] = row->seats[i].penalty;
	if (bones_table_restore(t->table, pen, row->forfeited ? row->resigned : -1,
				row->forfeited ? -1 : row->resigned))
		web_log("table %s: the stored resignation names no seat", row->id);
	if (row->time.per_game_ms > 0) { /* each seat's bank after its last move */
		int64_t banks[WEB_MAX_SEATS];
		for (int i = 0; i < row->seat_count; i++)
			banks[i] = row->seats[i].bank_ms >= 0 ? row->seats[i].bank_ms
							      : row->time.per_game_ms;
		if (bones_table_restore_banks(t->table, banks))
			web_log("table %s: a stored bank of time is out of range", row->id);
	}
	t->stored = bones_session_length(t->s);
	t->unmark = row->damaged[0] != 0; /* set aside before (a plugin missing, say) */
	if (!table_add(ts, t)) {
		table_free(t);
		return 1;
	}
	return 0;
}

bool web_tables_damaged(web_tables *ts, const char *id)
{
	for (size_t i = 0; i < ts->damaged_count; i++) /* fixed after the start */
		if (!strcmp(ts->damaged[i].id, id))
			return true;
	return false;
}

/* After the restore: a crash between a move and its chance is resolved and committed,
 * a match goes on, agents to move are queued. */
static void resume_all(web_tables *ts)
{
	for (size_t i = 0; i < ts->count; i++) {
		web_table *t = ts->tables[i];
		web_result r;
		pthread_mutex_lock(&t->lock);
		bones_session_resolve_chance(t->s);
		if (!web_table_commit(ts, t, &r))
			web_log("table %s: %s", t->row.id, r.error);
		web_match_advance(ts, t);
		web_tables_enqueue(ts, t);
		pthread_mutex_unlock(&t->lock);
	}
}

int web_tables_create(const char *dir, int workers, web_tables **out, char *err,
		      size_t errcap)
{
	web_tables *ts = calloc(1, sizeof *ts);
	*out = NULL;
	if (!ts || !(ts->reg = bones_registry_create())) {
		free(ts);
		snprintf(err, errcap, _("out of memory"));
		return 1;
	}
	pthread_mutex_init(&ts->lock, NULL);
	pthread_mutex_init(&ts->qlock, NULL);
	pthread_cond_init(&ts->qcond, NULL);
	pthread_mutex_init(&ts->elock, NULL);
	pthread_cond_init(&ts->echanged, NULL);
	bones_registry_scan_default(ts->reg);
	if (!bones_registry_count(ts->reg)) {
		snprintf(err, errcap, _("no game plugins found (set BONES_PLUGIN_PATH)"));
		goto out_destroy;
	}
	if (web_store_open(dir, &ts->store, err, errcap))
		goto out_destroy;
	ts->epoch = web_store_epoch(ts->store);
	if (!(ts->accounts = web_accounts_create(ts))) {
		snprintf(err, errcap, _("out of memory"));
		goto out_destroy;
	}
	if (!(ts->analyses = web_analyses_create(ts, err, errcap)))
		goto out_destroy;
	if (workers < 1)
		workers = 1;
	if (workers > 8)
		workers = 8;
	for (; ts->worker_count < workers; ts->worker_count++)
		if (pthread_create(&ts->workers[ts->worker_count], NULL, web_agent_worker, ts)) {
			snprintf(err, errcap, _("cannot start the agent threads"));
			goto out_destroy;
		}
	const char *clock_file = getenv("BONES_WEB_TEST_CLOCK");
	if (clock_file && clock_file[0]) {
		snprintf(ts->clock_file, sizeof ts->clock_file, "%s", clock_file);
		web_log("the clocks read the time from %s (BONES_WEB_TEST_CLOCK)", clock_file);
	}
	if (web_store_each(ts->store, restore_one, ts, err, errcap))
		goto out_destroy;
	if (err[0])
		web_log("%s", err);
	web_chat_restore(ts);
	mark_damaged(ts);
	resume_all(ts);
	if (pthread_create(&ts->ticker, NULL, web_clock_ticker, ts)) {
		snprintf(err, errcap, _("cannot start the clocks' thread"));
		goto out_destroy;
	}
	ts->ticking = true;
	if (!(ts->tourneys = web_tourneys_create(ts))) { /* after the tables: it resumes */
		snprintf(err, errcap, _("out of memory"));
		goto out_destroy;
	}
	*out = ts;
	return 0;
out_destroy:
	web_tables_destroy(ts);
	return 1;
}

void web_tables_stop(web_tables *ts)
{
	pthread_mutex_lock(&ts->qlock);
	ts->stopping = true;
	atomic_store(&ts->halt, true);
	pthread_cond_broadcast(&ts->qcond);
	pthread_mutex_unlock(&ts->qlock);
	pthread_mutex_lock(&ts->elock);
	pthread_cond_broadcast(&ts->echanged);
	pthread_mutex_unlock(&ts->elock);
	pthread_mutex_lock(&ts->lock);
	for (size_t i = 0; i < ts->count; i++) {
		pthread_mutex_lock(&ts->tables[i]->lock);
		pthread_cond_broadcast(&ts->tables[i]->changed);
		pthread_mutex_unlock(&ts->tables[i]->lock);
	}
	pthread_mutex_unlock(&ts->lock);
}

bool web_tables_stopping(const web_tables *ts)
{
	return __atomic_load_n(&ts->stopping, __ATOMIC_ACQUIRE);
}

void web_tables_destroy(web_tables *ts)
{
	if (!ts)
		return;
	web_tables_stop(ts);
	for (int i = 0; i < ts->worker_count; i++) /* before the engines' list goes */
		pthread_join(ts->workers[i], NULL);
	web_tourneys_destroy(ts->tourneys);
	if (ts->ticking)
		pthread_join(ts->ticker, NULL);
	web_analyses_destroy(ts->analyses);
	for (size_t i = 0; i < ts->count; i++)
		table_free(ts->tables[i]);
	free(ts->tables);
	web_accounts_destroy(ts->accounts);
	web_store_close(ts->store);
	bones_registry_destroy(ts->reg);
	pthread_mutex_destroy(&ts->lock);
	pthread_mutex_destroy(&ts->qlock);
	pthread_cond_destroy(&ts->qcond);
	pthread_mutex_destroy(&ts->elock);
	pthread_cond_destroy(&ts->echanged);
	free(ts->damaged);
	free(ts);
}

web_accounts *web_tables_accounts(web_tables *ts)
{
	return ts->accounts;
}

web_tourneys *web_tables_tourneys(web_tables *ts)
{
	return ts->tourneys;
}

web_table *web_tables_find(web_tables *ts, const char *id)
{
	web_table *found = NULL;
	pthread_mutex_lock(&ts->lock);
	for (size_t i = 0; i < ts->count && !found; i++)
		if (!ts->tables[i]->deleted && !strcmp(ts->tables[i]->row.id, id))
			found = ts->tables[i];
	pthread_mutex_unlock(&ts->lock);
	return found;
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

/* ---- creating a table -------------------------------------------------------------- */

/* A name the server resolves inside its own folders only: letters, digits, '-', '_'
 * (a game id or preset name; no path). */
static bool plain_name(const char *name)
{
	if (!name[0] || strlen(name) > 60)
		return false;
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
			return false;
	return true;
}

/* A file option from a client stays inside the configs folders: relative, no "..". */
static bool inside_configs(const char *value)
{
	if (value[0] == '/' || value[0] == '~')
		return false;
	for (const char *p = value; (p = strstr(p, "..")); p += 2)
		if ((p == value || p[-1] == '/') && (p[2] == '\0' || p[2] == '/'))
			return false;
	return true;
}

/* Agents a client may seat: bounded threads and memory (time is bounded by the
 * server). err names the parameter. */
static bool agent_allowed(const char *spec, char *err, size_t errcap)
{
	static const struct {
		const char *key;
		long max;
	} limits[] = {{"threads=", 2}, {"memory_mb=", 512}, {"nodes=", 4000000}};
	for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
		const char *at = strstr(spec, limits[i].key);
		if (at && (at == spec || at[-1] == ' ') &&
		    strtol(at + strlen(limits[i].key), NULL, 10) > limits[i].max) {
			snprintf(err, errcap, _("%.*s: at most %ld on this server"),
				 (int)strlen(limits[i].key) - 1, limits[i].key, limits[i].max);
			return false;
		}
	}
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
		if (v->type == WEB_JSON_STRING || v->type == WEB_JSON_NUMBER)
			snprintf(text, sizeof text, "%s", v->str);
		else if (v->type == WEB_JSON_BOOL)
			snprintf(text, sizeof text, "%s", v->boolean ? "true" : "false");
		else {
			*r = web_result_of(400, v->key, _("%.60s: expected a string, number or boolean"),
				    v->key);
			return false;
		}
		int k = bones_options_find(opts->plugin, v->key);
		if (k >= 0 && opts->plugin->options[k].type == BONES_OPT_STRING &&
		    !inside_configs(text)) {
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
		if (v->type == WEB_JSON_STRING || v->type == WEB_JSON_NUMBER)
			snprintf(text, sizeof text, "%s", v->str);
		else if (v->type == WEB_JSON_BOOL)
			snprintf(text, sizeof text, "%s", v->boolean ? "true" : "false");
		else
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

/* The seats of row from the request's "seats", else from the preset. */
static bool fill_seats(const web_json *req, const bones_preset *preset, int players,
		       web_table_row *row, web_result *r)
{
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
		if (!kind)
			kind = agent && agent[0] && strcmp(agent, "human") ? "agent" : "human";
		if (strcmp(kind, "human") && strcmp(kind, "agent")) {
			*r = web_result_of(400, "seats", _("seats[%d]: kind: expected human or agent"), i);
			return false;
		}
		snprintf(seat->kind, sizeof seat->kind, "%s", kind);
		bool is_agent = !strcmp(kind, "agent");
		snprintf(seat->agent, sizeof seat->agent, "%s",
			 !is_agent ? "" : agent && agent[0] && strcmp(agent, "human") ? agent
										    : "greedy");
		char why[128];
		if (is_agent && !agent_allowed(seat->agent, why, sizeof why)) {
			*r = web_result_of(400, "seats", _("seats[%d]: agent '%.60s': %s"), i, seat->agent, why);
			return false;
		}
		if (name && name[0])
			web_utf8_copy(seat->name, sizeof seat->name, name);
		else if (is_agent) { /* the agent's spec, cut short (two fields of one row) */
			size_t n = strnlen(seat->agent, 50);
			memcpy(seat->name, seat->agent, n);
			seat->name[n] = '\0';
		}
		else
			snprintf(seat->name, sizeof seat->name, _("Player %d"), i + 1);
		const web_json *open = s ? web_json_get(s, "open") : NULL;
		seat->open = !is_agent && open && open->type == WEB_JSON_BOOL && open->boolean;
		if (seat->open && !(name && name[0]))
			snprintf(seat->name, sizeof seat->name, "%s", _("open seat"));
		if (!is_agent && !web_random_hex(seat->token, sizeof seat->token, 16)) {
			*r = web_result_of(500, NULL, _("cannot read /dev/urandom"));
			return false;
		}
	}
	return true;
}

/* The row of a new table: game, options, seats, id, seed. */
static bool make_row(web_tables *ts, const web_json *req, web_table_row *row, web_result *r)
{
	const char *game = web_json_string(req, "game");
	if (!game || !plain_name(game)) {
		*r = web_result_of(400, "game", _("game: name a game or preset (see /api/games)"));
		return false;
	}
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
	bones_status st = bones_preset_resolve(game, ts->reg, preset, &p, err, sizeof err);
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
	uint64_t seed;
	if (!web_random_bytes(&seed, sizeof seed) ||
	    !web_random_hex(row->id, sizeof row->id, 10) ||
	    !web_random_hex(row->owner, sizeof row->owner, 16)) {
		*r = web_result_of(500, NULL, _("cannot read /dev/urandom"));
		goto out_release;
	}
	if (bones_session_create(p, &opts, seed, &s, err, sizeof err)) {
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
	row->seed = seed, row->created = (int64_t)time(NULL), row->resigned = -1;
	const web_json *hints = web_json_get(req, "hints"), *priv = web_json_get(req, "private");
	row->hints = hints && hints->type == WEB_JSON_BOOL && hints->boolean;
	row->unlisted = priv && priv->type == WEB_JSON_BOOL && priv->boolean;
	row->match_games = preset->match_games;
	ok = fill_seats(req, preset, bones_session_info(s)->players, row, r);
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

/* Agents-only tables from client still running. */
static int agents_only_of(web_tables *ts, const char *client)
{
	int n = 0;
	pthread_mutex_lock(&ts->lock);
	for (size_t i = 0; i < ts->count; i++) {
		web_table *t = ts->tables[i];
		if (t->human_seat || strcmp(t->creator, client))
			continue;
		pthread_mutex_lock(&t->lock);
		n += !web_table_over(t);
		pthread_mutex_unlock(&t->lock);
	}
	pthread_mutex_unlock(&ts->lock);
	return n;
}

web_result web_tables_create_table(web_tables *ts, const web_json *req, const char *client,
				   web_buf *out)
{
	web_result r = web_result_of(201, NULL, "created");
	if (!req || req->type != WEB_JSON_OBJECT)
		return web_result_of(400, NULL, _("expected a JSON object {\"game\": ...}"));
	web_table_row *row = calloc(1, sizeof *row);
	if (!row)
		return web_result_of(500, NULL, _("out of memory"));
	char err[512];
	web_table *t = NULL;
	if (!make_row(ts, req, row, &r))
		goto out_free;
	t = table_new(ts, row, err, sizeof err);
	if (!t) {
		r = web_result_of(400, strncmp(err, "seats", 5) ? "options" : "seats", "%s", err);
		goto out_free;
	}
	snprintf(t->creator, sizeof t->creator, "%s", client ? client : "");
	if (!t->human_seat && agents_only_of(ts, t->creator) >= WEB_AGENT_ONLY_PER_ADDRESS) {
		r = web_result_of(429, "seats", _("seats: at most %d running tables of agents only "
					   "from one address"), WEB_AGENT_ONLY_PER_ADDRESS);
		goto out_free;
	}
	/* the row and the deal in one transaction: no table without its first moves */
	bones_session_resolve_chance(t->s);
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
	if (!table_add(ts, t)) {
		r = web_result_of(503, NULL, _("too many tables"));
		goto out_free;
	}
	web_log("table %s: created, %s (%s)", row->id, row->preset, row->options);
	pthread_mutex_lock(&t->lock);
	reply_links(t, out);
	web_table_commit(ts, t, &r); /* nothing to store: starts the clock */
	web_tables_enqueue(ts, t);
	pthread_mutex_unlock(&t->lock);
	r = web_result_of(201, NULL, "created");
	t = NULL;
out_free:
	table_free(t);
	free(row);
	return r;
}
