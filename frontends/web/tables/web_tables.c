/* The collection of tables: start-up (plugins, store, restore), lookups and the lobby;
 * a table made from a request is web_table_create.c's. Moves and agents are in web_play.c, what a viewer
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

void web_table_free(web_table *t)
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
	setup->match_target = row->match_target;
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
web_table *web_table_new(web_tables *ts, const web_table_row *row, char *err,
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
		web_table_free(t);
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

/* Replay stored history texts; false (why says which) at the first that does not play. */
static bool replay(web_table *t, char **moves, size_t count, char *why, size_t cap)
{
	char err[400];
	for (size_t i = 0; i < count; i++) {
		if (bones_table_play_text(t->table, moves[i], err, sizeof err)) {
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

/* The lines a table's chat keeps: WEB_CHAT_MAX, or BONES_WEB_TEST_CHAT_MAX (from 1,
 * less) so that a test fills it in a few posts. */
static void test_chat_max(web_tables *ts)
{
	const char *text = getenv("BONES_WEB_TEST_CHAT_MAX");
	long max = text && text[0] ? strtol(text, NULL, 10) : 0;
	ts->chat_max = max >= 1 && max < WEB_CHAT_MAX ? (int)max : WEB_CHAT_MAX;
	if (ts->chat_max != WEB_CHAT_MAX)
		web_log("a table's chat keeps %d lines (BONES_WEB_TEST_CHAT_MAX)", ts->chat_max);
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
	d->created = row->created, d->unlisted = row->unlisted;
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

web_table *web_table_rebuild(web_tables *ts, const web_table_row *row, char **moves,
			     size_t count, const web_stored_game *done, size_t done_count,
			     char *why, size_t cap)
{
	web_table *t = web_table_new(ts, row, why, cap);
	if (!t || !replay_match(t, done, done_count, why, cap) ||
	    !replay(t, moves, count, why, cap)) {
		web_table_free(t);
		return NULL;
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
	snprintf(t->engine_forfeit, sizeof t->engine_forfeit, "%s", row->forfeit_why);
	return t;
}

/* Restore one table not ended as stored (the store's lock is held: nothing is written
 * here; web_tables_create commits what a crash left unresolved afterwards). A table
 * that cannot be read or replayed is set aside. */
static int restore_one(void *user, const web_table_row *row, char **moves, size_t count,
		       const web_stored_game *done, size_t done_count, const char *unreadable)
{
	web_tables *ts = user;
	char why[512];
	if (unreadable)
		return set_aside(ts, row, unreadable);
	web_table *t = web_table_rebuild(ts, row, moves, count, done, done_count, why,
					 sizeof why);
	if (!t)
		return set_aside(ts, row, why);
	t->unmark = row->damaged[0] != 0; /* set aside before (a plugin missing, say) */
	if (!web_tables_add(ts, t)) {
		web_table_free(t);
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

void web_table_resume(web_tables *ts, web_table *t)
{
	web_result r;
	pthread_mutex_lock(&t->lock);
	bones_table_resolve_chance(t->table);
	if (!web_table_commit(ts, t, &r))
		web_log("table %s: %s", t->row.id, r.error);
	web_match_advance(ts, t); /* marks a table over for good as ended */
	web_tables_enqueue(ts, t);
	pthread_mutex_unlock(&t->lock);
}

/* After the restore: every table resumed; those over for good (a database of an older
 * server marked none) leave memory at once. */
static void resume_all(web_tables *ts)
{
	for (size_t i = 0; i < ts->count; i++)
		web_table_resume(ts, ts->tables[i]);
	web_tables_let_go(ts, web_clock_now(ts), 0);
	web_log("%zu tables in play restored (ended ones are read when asked for)", ts->count);
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
	ts->person_cap = WEB_PERSON_TABLES;
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
	test_chat_max(ts);
	if (web_store_each(ts->store, restore_one, ts, err, errcap))
		goto out_destroy;
	if (err[0])
		web_log("%s", err);
	for (size_t i = 0; i < ts->count; i++)
		web_chat_load(ts, ts->tables[i]);
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
		web_table_free(ts->tables[i]);
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

void web_tables_set_person_cap(web_tables *ts, int per_address)
{
	ts->person_cap = per_address;
}

web_accounts *web_tables_accounts(web_tables *ts)
{
	return ts->accounts;
}

web_tourneys *web_tables_tourneys(web_tables *ts)
{
	return ts->tourneys;
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
