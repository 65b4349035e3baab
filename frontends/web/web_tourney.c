/* The tournament API of `bones serve` (web_tourney.h): create, list, show, join,
 * start, and the finished tournament's report and records. The store keeps each
 * tournament's file, state and people; the results file DIR/tourneys/ID.sqlite keeps
 * its games, as `bones tourney` keeps them. */
#include "web_tourney_internal.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bones/i18n.h"
#include "web_table_internal.h"

web_tourneys *web_tourneys_create(web_tables *ts)
{
	web_tourneys *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->ts = ts;
	pthread_mutex_init(&w->lock, NULL);
	sqlite3 *db = web_store_lock(ts->store);
	const char *file = sqlite3_db_filename(db, "main");
	const char *slash = file ? strrchr(file, '/') : NULL;
	snprintf(w->dir, sizeof w->dir, "%.*s/tourneys", slash ? (int)(slash - file) : 1,
		 slash ? file : ".");
	web_store_unlock(ts->store);
	return w;
}

void web_tourney_run_free(web_tourney_run *r)
{
	if (!r)
		return;
	bones_tourney_db_close(r->db);
	bones_tourney_destroy(r->t);
	free(r);
}

void web_tourneys_destroy(web_tourneys *w)
{
	if (!w)
		return;
	pthread_mutex_lock(&w->lock);
	w->stop = true;
	pthread_mutex_unlock(&w->lock);
	if (w->driving)
		pthread_join(w->driver, NULL);
	web_tourney_engines_stop(w);
	web_tourney_run_free(w->live);
	for (int i = 0; i < w->run_count; i++)
		web_tourney_run_free(w->runs[i]);
	pthread_mutex_destroy(&w->lock);
	free(w);
}

/* One column of the tournament id (or of every one with id NULL): a prepared query
 * with ?1 the id. */
static sqlite3_stmt *query(sqlite3 *db, const char *sql, const char *id)
{
	sqlite3_stmt *q = NULL;
	if (sqlite3_prepare_v2(db, sql, -1, &q, NULL) != SQLITE_OK)
		return NULL;
	if (id)
		sqlite3_bind_text(q, 1, id, -1, SQLITE_TRANSIENT);
	return q;
}

bool web_tourney_exec(web_tourneys *w, const char *sql, const char *id, const char *a,
		    const char *b)
{
	sqlite3 *db = web_store_lock(w->ts->store);
	sqlite3_stmt *q = query(db, sql, id);
	if (q && a)
		sqlite3_bind_text(q, 2, a, -1, SQLITE_TRANSIENT);
	if (q && b)
		sqlite3_bind_text(q, 3, b, -1, SQLITE_TRANSIENT);
	bool ok = q && sqlite3_step(q) == SQLITE_DONE && sqlite3_changes(db) > 0;
	sqlite3_finalize(q);
	web_store_unlock(w->ts->store);
	return ok;
}

bool web_tourney_state(web_tourneys *w, const char *id, char *state, size_t cap)
{
	sqlite3 *db = web_store_lock(w->ts->store);
	sqlite3_stmt *q = query(db, "SELECT state FROM tourneys WHERE id = ?1", id);
	bool ok = q && sqlite3_step(q) == SQLITE_ROW;
	if (ok)
		snprintf(state, cap, "%s", (const char *)sqlite3_column_text(q, 0));
	sqlite3_finalize(q);
	web_store_unlock(w->ts->store);
	return ok;
}

bool web_tourney_set_state(web_tourneys *w, const char *id, const char *state)
{
	return web_tourney_exec(w, "UPDATE tourneys SET state = ?2 WHERE id = ?1", id, state, NULL);
}

/* The people section of each name, appended to text. */
static void people_text(web_buf *b, sqlite3_stmt *q)
{
	while (sqlite3_step(q) == SQLITE_ROW)
		web_buf_printf(b, "\n[player.%s]\nperson = true\n",
			       (const char *)sqlite3_column_text(q, 0));
}

char *web_tourney_text(web_tourneys *w, const char *id)
{
	web_buf b;
	web_buf_init(&b);
	sqlite3 *db = web_store_lock(w->ts->store);
	sqlite3_stmt *q = query(db, "SELECT ini FROM tourneys WHERE id = ?1", id);
	bool found = q && sqlite3_step(q) == SQLITE_ROW;
	if (found)
		web_buf_puts(&b, (const char *)sqlite3_column_text(q, 0));
	sqlite3_finalize(q);
	q = found ? query(db, "SELECT name FROM tourney_people WHERE tourney = ?1 ORDER BY n",
			  id) : NULL;
	if (q)
		people_text(&b, q);
	sqlite3_finalize(q);
	web_store_unlock(w->ts->store);
	if (!found || b.failed) {
		web_buf_release(&b);
		return NULL;
	}
	return b.data;
}

web_tourney_run *web_tourney_open(web_tourneys *w, const char *id, char *err, size_t errcap)
{
	for (int i = 0; i < w->run_count; i++)
		if (!strcmp(w->runs[i]->id, id))
			return w->runs[i];
	if (w->run_count == WEB_TOURNEY_MAX) {
		snprintf(err, errcap, "%s", _("too many tournaments running"));
		return NULL;
	}
	char *text = web_tourney_text(w, id), name[64], path[1200], state[16] = "";
	web_tourney_run *r = calloc(1, sizeof *r);
	snprintf(name, sizeof name, "tournament-%s", id);
	snprintf(path, sizeof path, "%s/%s.sqlite", w->dir, id);
	web_tourney_state(w, id, state, sizeof state);
	if (!text || !r) {
		snprintf(err, errcap, "%s", _("out of memory"));
	} else if (mkdir(w->dir, 0700) && errno != EEXIST) { /* made by the first one */
		snprintf(err, errcap, _("cannot create '%s': %s"), w->dir, strerror(errno));
	} else if (strcmp(state, "finished") && !web_tourney_check(w, name, text, err, errcap)) {
		/* stored by an older server that let it in: it would never make a table */
		if (!strcmp(state, "running") && web_tourney_set_state(w, id, "refused"))
			web_log("tourney %s: refused: %s", id, err);
	} else if (!bones_tourney_load_text(name, text, &r->t, err, errcap) &&
		   web_tourney_resolve(w, r->t, r->engine, err, errcap) &&
		   !bones_tourney_db_open(path, r->t, true, &r->db, err, errcap)) {
		snprintf(r->id, sizeof r->id, "%s", id);
		w->runs[w->run_count++] = r;
		free(text);
		return r;
	}
	web_tourney_run_free(r);
	free(text);
	return NULL;
}
