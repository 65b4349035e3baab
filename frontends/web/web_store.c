/* web_store: tables and their history in SQLite (web_store.h). One connection, used
 * under a mutex: SQLite commits are serialised anyway. */
#include "web_store.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct web_store {
	sqlite3 *db;
	pthread_mutex_t lock;
	char path[1024];
};

static const char schema[] =
	"CREATE TABLE IF NOT EXISTS tables(id TEXT PRIMARY KEY, game TEXT NOT NULL,"
	" preset TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,"
	" created INTEGER NOT NULL, resigned INTEGER NOT NULL DEFAULT -1);"
	"CREATE TABLE IF NOT EXISTS seats(table_id TEXT NOT NULL, seat INTEGER NOT NULL,"
	" kind TEXT NOT NULL, agent TEXT NOT NULL, name TEXT NOT NULL, token TEXT NOT NULL,"
	" PRIMARY KEY(table_id, seat));"
	"CREATE TABLE IF NOT EXISTS moves(table_id TEXT NOT NULL, n INTEGER NOT NULL,"
	" text TEXT NOT NULL, PRIMARY KEY(table_id, n));";

static int db_fail(web_store *st, const char *what, char *err, size_t errcap)
{
	snprintf(err, errcap, "'%s': %s: %s", st->path, what, sqlite3_errmsg(st->db));
	return 1;
}

int web_store_open(const char *dir, web_store **out, char *err, size_t errcap)
{
	web_store *st = calloc(1, sizeof *st);
	*out = NULL;
	if (!st) {
		snprintf(err, errcap, "out of memory");
		return 1;
	}
	snprintf(st->path, sizeof st->path, "%s/bones-web.sqlite", dir);
	/* create it private before SQLite does: it holds the seat tokens */
	int fd = open(st->path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0) {
		snprintf(err, errcap, "cannot open '%s': %s", st->path, strerror(errno));
		free(st);
		return 1;
	}
	close(fd);
	pthread_mutex_init(&st->lock, NULL);
	if (sqlite3_open_v2(st->path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
			    SQLITE_OPEN_FULLMUTEX, NULL) != SQLITE_OK ||
	    sqlite3_busy_timeout(st->db, 10000) ||
	    sqlite3_exec(st->db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL) ||
	    sqlite3_exec(st->db, "PRAGMA synchronous=FULL", NULL, NULL, NULL) ||
	    sqlite3_exec(st->db, schema, NULL, NULL, NULL)) {
		db_fail(st, "cannot open the database", err, errcap);
		web_store_close(st);
		return 1;
	}
	*out = st;
	return 0;
}

void web_store_close(web_store *st)
{
	if (!st)
		return;
	sqlite3_close(st->db);
	pthread_mutex_destroy(&st->lock);
	free(st);
}

/* Run one statement with text/int bindings: types "t" text, "i" int64. */
static int run(web_store *st, const char *sql, const char *types, const void *const *args,
	       char *err, size_t errcap)
{
	sqlite3_stmt *q = NULL;
	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return db_fail(st, "cannot prepare a statement", err, errcap);
	for (int i = 0; types[i]; i++) {
		if (types[i] == 't')
			sqlite3_bind_text(q, i + 1, args[i], -1, SQLITE_TRANSIENT);
		else
			sqlite3_bind_int64(q, i + 1, *(const int64_t *)args[i]);
	}
	int rc = sqlite3_step(q);
	sqlite3_finalize(q);
	return rc == SQLITE_DONE ? 0 : db_fail(st, "cannot write", err, errcap);
}

static int add_table_locked(web_store *st, const web_table_row *row, char *err, size_t errcap)
{
	int64_t seed = (int64_t)row->seed, created = row->created;
	const void *targs[] = {row->id, row->game, row->preset, row->options, &seed, &created};
	if (run(st, "INSERT INTO tables(id, game, preset, options, seed, created)"
		    " VALUES(?,?,?,?,?,?)", "ttttii", targs, err, errcap))
		return 1;
	for (int i = 0; i < row->seat_count; i++) {
		const web_seat_row *s = &row->seats[i];
		int64_t n = i;
		const void *sargs[] = {row->id, &n, s->kind, s->agent, s->name, s->token};
		if (run(st, "INSERT INTO seats VALUES(?,?,?,?,?,?)", "titttt", sargs, err, errcap))
			return 1;
	}
	return 0;
}

/* BEGIN IMMEDIATE ... COMMIT around fn; rolled back when fn fails. */
static int in_transaction(web_store *st, int rc_body, char *err, size_t errcap)
{
	if (rc_body) {
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
		return rc_body;
	}
	if (sqlite3_exec(st->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		db_fail(st, "cannot commit", err, errcap);
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
		return 1;
	}
	return 0;
}

static int begin(web_store *st, char *err, size_t errcap)
{
	if (sqlite3_exec(st->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return db_fail(st, "cannot begin a transaction", err, errcap);
	return 0;
}

int web_store_add_table(web_store *st, const web_table_row *row, char *err, size_t errcap)
{
	pthread_mutex_lock(&st->lock);
	int rc = begin(st, err, errcap);
	if (!rc)
		rc = in_transaction(st, add_table_locked(st, row, err, errcap), err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_add_moves(web_store *st, const char *id, size_t first, const char *const *texts,
			size_t count, char *err, size_t errcap)
{
	if (!count)
		return 0;
	pthread_mutex_lock(&st->lock);
	int rc = begin(st, err, errcap), body = 0;
	for (size_t i = 0; !rc && !body && i < count; i++) {
		int64_t n = (int64_t)(first + i);
		const void *args[] = {id, &n, texts[i]};
		body = run(st, "INSERT INTO moves VALUES(?,?,?)", "tit", args, err, errcap);
	}
	if (!rc)
		rc = in_transaction(st, body, err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_truncate(web_store *st, const char *id, size_t from, char *err, size_t errcap)
{
	int64_t n = (int64_t)from;
	const void *args[] = {id, &n};
	pthread_mutex_lock(&st->lock);
	int rc = run(st, "DELETE FROM moves WHERE table_id = ? AND n >= ?", "ti", args, err,
		     errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_set_resigned(web_store *st, const char *id, int seat, char *err, size_t errcap)
{
	int64_t s = seat;
	const void *args[] = {&s, id};
	pthread_mutex_lock(&st->lock);
	int rc = run(st, "UPDATE tables SET resigned = ? WHERE id = ?", "it", args, err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

static void copy_col(char *dst, size_t cap, sqlite3_stmt *q, int col)
{
	const unsigned char *t = sqlite3_column_text(q, col);
	snprintf(dst, cap, "%s", t ? (const char *)t : "");
}

/* The seats and the history of one table into row, *moves (malloc'd strings). */
static int load_details(web_store *st, web_table_row *row, char ***moves, size_t *count,
			char *err, size_t errcap)
{
	sqlite3_stmt *q = NULL;
	*moves = NULL, *count = 0;
	if (sqlite3_prepare_v2(st->db, "SELECT kind, agent, name, token FROM seats WHERE"
			       " table_id = ? ORDER BY seat", -1, &q, NULL) != SQLITE_OK)
		return db_fail(st, "cannot read seats", err, errcap);
	sqlite3_bind_text(q, 1, row->id, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(q) == SQLITE_ROW && row->seat_count < WEB_MAX_SEATS) {
		web_seat_row *s = &row->seats[row->seat_count++];
		copy_col(s->kind, sizeof s->kind, q, 0), copy_col(s->agent, sizeof s->agent, q, 1);
		copy_col(s->name, sizeof s->name, q, 2), copy_col(s->token, sizeof s->token, q, 3);
	}
	sqlite3_finalize(q);
	if (sqlite3_prepare_v2(st->db, "SELECT text FROM moves WHERE table_id = ? ORDER BY n",
			       -1, &q, NULL) != SQLITE_OK)
		return db_fail(st, "cannot read moves", err, errcap);
	sqlite3_bind_text(q, 1, row->id, -1, SQLITE_TRANSIENT);
	size_t cap = 0;
	while (sqlite3_step(q) == SQLITE_ROW) {
		if (*count == cap) {
			cap = cap ? cap * 2 : 64;
			char **m = realloc(*moves, cap * sizeof *m);
			if (!m)
				break;
			*moves = m;
		}
		const unsigned char *t = sqlite3_column_text(q, 0);
		(*moves)[(*count)++] = strdup(t ? (const char *)t : "");
	}
	sqlite3_finalize(q);
	return 0;
}

int web_store_each(web_store *st,
		   int (*fn)(void *user, const web_table_row *row, char **moves, size_t count),
		   void *user, char *err, size_t errcap)
{
	sqlite3_stmt *q = NULL;
	int rc = 0;
	pthread_mutex_lock(&st->lock);
	if (sqlite3_prepare_v2(st->db, "SELECT id, game, preset, options, seed, created,"
			       " resigned FROM tables ORDER BY created, rowid", -1, &q,
			       NULL) != SQLITE_OK) {
		rc = db_fail(st, "cannot read tables", err, errcap);
		goto out_unlock;
	}
	web_table_row *row = malloc(sizeof *row);
	while (row && !rc && sqlite3_step(q) == SQLITE_ROW) {
		memset(row, 0, sizeof *row);
		copy_col(row->id, sizeof row->id, q, 0), copy_col(row->game, sizeof row->game, q, 1);
		copy_col(row->preset, sizeof row->preset, q, 2);
		copy_col(row->options, sizeof row->options, q, 3);
		row->seed = (uint64_t)sqlite3_column_int64(q, 4);
		row->created = sqlite3_column_int64(q, 5);
		row->resigned = sqlite3_column_int(q, 6);
		char **moves;
		size_t count;
		rc = load_details(st, row, &moves, &count, err, errcap);
		if (!rc)
			rc = fn(user, row, moves, count);
		for (size_t i = 0; i < count; i++)
			free(moves[i]);
		free(moves);
	}
	free(row);
	sqlite3_finalize(q);
out_unlock:
	pthread_mutex_unlock(&st->lock);
	return rc;
}
