/* web_store, the tournaments' rows (web_store.h): a tournament's file as posted, its
 * state, its people and the tables of its games. The statements of web_tourney*.c,
 * which see no SQL; results live in each tournament's own file (bones/tourney_db.h). */
#include "web_store_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Step q to its end: 0 when it changed a row, else 1. st->lock held. */
static int changed(web_store *st, web_db_stmt *q)
{
	int rc = q && web_db_step(q) == WEB_DB_DONE && st->db->driver->changes(st->db) > 0 ? 0 : 1;
	web_db_finalize(q);
	return rc;
}

int web_store_add_tourney(web_store *st, const web_tourney_row *t, const char *ini)
{
	const void *args[] = {t->id, t->name, t->format, ini, t->creator, &t->start_at,
			      &t->created};
	char err[256]; /* the callers say only that it failed */
	pthread_mutex_lock(&st->lock);
	int rc = web_store_run(st, "INSERT INTO tourneys VALUES(?, ?, ?, ?, ?, 'open', ?, ?)",
			       "tttttii", args, err, sizeof err);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

#define ROW_SQL "SELECT id, name, format, state, creator, start_at, created, (SELECT" \
		" count(*) FROM tourney_people p WHERE p.tourney = t.id) FROM tourneys t"

static void read_row(web_db_stmt *q, web_tourney_row *t)
{
	web_store_text(t->id, sizeof t->id, q, 0), web_store_text(t->name, sizeof t->name, q, 1);
	web_store_text(t->format, sizeof t->format, q, 2);
	web_store_text(t->state, sizeof t->state, q, 3);
	web_store_text(t->creator, sizeof t->creator, q, 4);
	t->start_at = web_db_int64(q, 5), t->created = web_db_int64(q, 6);
	t->people = web_db_int(q, 7);
}

int web_store_tourney(web_store *st, const char *id, web_tourney_row *out)
{
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st, ROW_SQL " WHERE id = ?", id, NULL, NULL);
	bool found = q && web_db_step(q) == WEB_DB_ROW;
	if (found)
		read_row(q, out);
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return found ? 0 : 1;
}

size_t web_store_tourneys(web_store *st, web_tourney_row *out, size_t cap)
{
	size_t n = 0;
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st, ROW_SQL " ORDER BY created DESC, rowid DESC", NULL,
					    NULL, NULL);
	while (q && n < cap && web_db_step(q) == WEB_DB_ROW)
		read_row(q, &out[n++]);
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return n;
}

static const char *const ids_sql[] = {
	[WEB_TOURNEYS_RUNNING] = "SELECT id FROM tourneys WHERE state = 'running' ORDER BY"
				 " created",
	[WEB_TOURNEYS_DUE] = "SELECT id FROM tourneys WHERE state = 'open' AND start_at > 0 AND"
			     " start_at * 1000 <= ?"};

size_t web_store_tourney_ids(web_store *st, int which, int64_t now_ms, char (*ids)[24],
			     size_t cap)
{
	size_t n = 0;
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st, ids_sql[which], NULL, NULL, NULL);
	if (q && which == WEB_TOURNEYS_DUE)
		web_db_bind_int64(q, 1, now_ms);
	while (q && n < cap && web_db_step(q) == WEB_DB_ROW)
		web_store_text(ids[n++], sizeof ids[0], q, 0);
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return n;
}

int web_store_unfinished_tourneys(web_store *st, const char *creator)
{
	int n = 0;
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st,
			"SELECT count(*) FROM tourneys WHERE creator = ? COLLATE"
			" NOCASE AND state IN ('open', 'running')", creator,
			NULL, NULL);
	if (q && web_db_step(q) == WEB_DB_ROW)
		n = web_db_int(q, 0);
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return n;
}

char *web_store_tourney_file(web_store *st, const char *id, char (**people)[64],
			     size_t *count)
{
	char *ini = NULL;
	*people = NULL, *count = 0;
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st, "SELECT ini FROM tourneys WHERE id = ?1", id, NULL,
					    NULL);
	if (q && web_db_step(q) == WEB_DB_ROW) {
		const char *t = web_db_text(q, 0);
		ini = strdup(t ? t : "");
	}
	web_db_finalize(q);
	q = ini ? web_store_prepare(st,
			"SELECT name FROM tourney_people WHERE tourney = ?1 ORDER BY n",
			id, NULL, NULL) : NULL;
	size_t cap = 0;
	while (q && web_db_step(q) == WEB_DB_ROW) {
		if (*count == cap) {
			cap = cap ? 2 * cap : 16;
			char (*more)[64] = realloc(*people, cap * sizeof *more);
			if (!more)
				break;
			*people = more;
		}
		web_store_text((*people)[(*count)++], 64, q, 0);
	}
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return ini;
}

int web_store_set_tourney(web_store *st, const char *id, const char *state, int64_t start_at)
{
	pthread_mutex_lock(&st->lock);
	const char *sql = state ? "UPDATE tourneys SET state = ?2 WHERE id = ?1"
				: "UPDATE tourneys SET start_at = ?2 WHERE id = ?1";
	web_db_stmt *q = web_store_prepare(st, sql, id, NULL, NULL);
	if (q && state)
		web_db_bind_text(q, 2, state);
	else if (q)
		web_db_bind_int64(q, 2, start_at);
	int rc = changed(st, q);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_add_tourney_person(web_store *st, const char *id, const char *name)
{
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st,
			"INSERT INTO tourney_people SELECT ?1, coalesce(max(n), 0)"
			" + 1, ?2 FROM tourney_people WHERE tourney = ?1", id,
			NULL, NULL);
	if (q)
		web_db_bind_text(q, 2, name);
	int rc = changed(st, q);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_tourney_table(web_store *st, const char *id, int round, int slot,
			    char *table_id, size_t cap)
{
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st,
			"SELECT table_id FROM tourney_tables WHERE tourney = ? AND"
			" round = ? AND slot = ?", id, NULL, NULL);
	table_id[0] = '\0';
	if (q) {
		web_db_bind_int64(q, 2, round);
		web_db_bind_int64(q, 3, slot);
	}
	bool found = q && web_db_step(q) == WEB_DB_ROW;
	if (found)
		web_store_text(table_id, cap, q, 0);
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return found ? 0 : 1;
}

int web_store_set_tourney_table(web_store *st, const char *id, int round, int slot,
				const char *table_id)
{
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st, "INSERT INTO tourney_tables VALUES(?, ?, ?, ?)", id,
					    NULL, NULL);
	if (q) {
		web_db_bind_int64(q, 2, round);
		web_db_bind_int64(q, 3, slot);
		web_db_bind_text(q, 4, table_id);
	}
	int rc = changed(st, q);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

size_t web_store_tourney_tables(web_store *st, const char *id, web_tourney_table **out)
{
	size_t n = 0, cap = 0;
	*out = NULL;
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st,
			"SELECT round, slot, table_id FROM tourney_tables WHERE"
			" tourney = ? ORDER BY round, slot", id, NULL, NULL);
	while (q && web_db_step(q) == WEB_DB_ROW) {
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			web_tourney_table *m = realloc(*out, cap * sizeof *m);
			if (!m)
				break;
			*out = m;
		}
		web_tourney_table *t = &(*out)[n++];
		t->round = web_db_int(q, 0), t->slot = web_db_int(q, 1);
		web_store_text(t->id, sizeof t->id, q, 2);
	}
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return n;
}

int web_store_table_tourney(web_store *st, const char *table_id, char *id, size_t cap,
			    int *round)
{
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st,
			"SELECT tourney, round FROM tourney_tables WHERE table_id = ?", table_id,
			NULL, NULL);
	bool found = q && web_db_step(q) == WEB_DB_ROW;
	if (found) {
		web_store_text(id, cap, q, 0);
		*round = web_db_int(q, 1);
	}
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return found ? 0 : 1;
}

const char *web_store_dir(const web_store *st)
{
	return st->dir;
}
