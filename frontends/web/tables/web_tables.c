/* The collection of tables: start-up (plugins, store, every table in play restored,
 * the agent workers and the clocks' thread started) and the end. The top of the
 * tables' files (web_table_internal.h lists them in order). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/preset.h"
#include "bones/i18n.h"
#include "bones/options.h"
#include "web_table_internal.h"
#include "web_token.h"

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

/* After the restore: every table resumed; those over for good (a database of an older
 * server marked none) leave memory at once. */
static void resume_all(web_tables *ts)
{
	for (size_t i = 0; i < ts->count; i++)
		web_table_resume(ts, ts->tables[i]);
	web_tables_let_go(ts, web_clock_now(ts), 0);
	web_log("%zu tables in play restored (ended ones are read when asked for)", ts->count);
}

int web_tables_create(const char *dir, const char *store_url, int workers,
		      const web_table_hooks *hooks, web_tables **out, char *err,
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
	if (hooks)
		ts->hooks = *hooks;
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
	if (web_store_open(dir, store_url, &ts->store, err, errcap))
		goto out_destroy;
	ts->epoch = web_store_epoch(ts->store);
	if (workers < 1)
		workers = 1;
	if (workers > 8)
		workers = 8;
	for (; ts->worker_count < workers; ts->worker_count++)
		if (pthread_create(&ts->workers[ts->worker_count], NULL, web_play_worker, ts)) {
			snprintf(err, errcap, _("cannot start the agent threads"));
			goto out_destroy;
		}
	const char *clock_file = getenv("BONES_WEB_TEST_CLOCK");
	if (clock_file && clock_file[0]) {
		snprintf(ts->clock_file, sizeof ts->clock_file, "%s", clock_file);
		web_log("the clocks read the time from %s (BONES_WEB_TEST_CLOCK)", clock_file);
	}
	if (web_table_lease_start(ts, err, errcap) ||
	    web_store_each(ts->store, restore_one, ts, err, errcap))
		goto out_destroy;
	if (err[0])
		web_log("%s", err);
	for (size_t i = 0; ts->hooks.loaded && i < ts->count; i++) /* the store's lock free */
		ts->hooks.loaded(ts->hooks.site, ts, ts->tables[i]);
	mark_damaged(ts);
	resume_all(ts);
	if (pthread_create(&ts->ticker, NULL, web_ticker_run, ts)) {
		snprintf(err, errcap, _("cannot start the clocks' thread"));
		goto out_destroy;
	}
	ts->ticking = true;
	if (web_store_leasing(ts->store)) {
		if (pthread_create(&ts->leaser, NULL, web_table_lease_run, ts)) {
			snprintf(err, errcap, _("cannot start the leases' thread"));
			goto out_destroy;
		}
		if (pthread_create(&ts->listener, NULL, web_table_lease_listen, ts)) {
			web_tables_stop(ts);
			pthread_join(ts->leaser, NULL);
			snprintf(err, errcap, _("cannot start the leases' thread"));
			goto out_destroy;
		}
		ts->leasing = true;
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

void web_tables_halt(web_tables *ts)
{
	web_tables_stop(ts);
	for (int i = 0; i < ts->worker_count; i++)
		pthread_join(ts->workers[i], NULL);
	ts->worker_count = 0;
	if (ts->ticking)
		pthread_join(ts->ticker, NULL);
	ts->ticking = false;
	if (ts->leasing) {
		pthread_join(ts->leaser, NULL);
		pthread_join(ts->listener, NULL);
	}
	ts->leasing = false;
}

void web_tables_destroy(web_tables *ts)
{
	if (!ts)
		return;
	web_tables_halt(ts);
	for (size_t i = 0; i < ts->count; i++)
		web_table_free(ts->tables[i]);
	free(ts->tables);
	if (ts->store)
		web_store_lease_release_all(ts->store); /* the others take them at once */
	web_store_close(ts->store);
	bones_registry_destroy(ts->reg);
	pthread_mutex_destroy(&ts->lock);
	pthread_mutex_destroy(&ts->qlock);
	pthread_cond_destroy(&ts->qcond);
	pthread_mutex_destroy(&ts->elock);
	pthread_cond_destroy(&ts->echanged);
	free(ts->damaged);
	free(ts->elsewhere);
	free(ts);
}

web_store *web_tables_store(web_tables *ts)
{
	return ts->store;
}

bones_registry *web_tables_lock_registry(web_tables *ts)
{
	pthread_mutex_lock(&ts->lock);
	return ts->reg;
}

void web_tables_unlock_registry(web_tables *ts)
{
	pthread_mutex_unlock(&ts->lock);
}
