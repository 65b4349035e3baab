/* A table made from its stored row (web_table_new), made again from its row and history
 * at a start or when read back (web_table_rebuild), and unmade (web_table_free). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/options.h"
#include "web_table_internal.h"

void web_table_free(web_table *t)
{
	if (!t)
		return;
	web_engine_seat_stop_all(t, true);
	bones_table_destroy(t->table);
	for (int i = 0; i < t->record_count; i++)
		free(t->records[i]);
	free(t->records);
	if (t->owner->hooks.freed)
		t->owner->hooks.freed(t->owner->hooks.site, t);
	pthread_mutex_destroy(&t->lock);
	pthread_cond_destroy(&t->changed);
	free(t);
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
	if (row->aborted)
		bones_table_abort(t->table);
	return t;
}
