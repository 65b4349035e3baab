/* The store's SQLite driver (web_store_db.h): the default, a file in the data folder
 * with no server to run. A statement is SQLite's own; the schema's version is PRAGMA
 * user_version. The only file of the web server that calls SQLite. */
#include "web_store_db.h"

#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "bones/i18n.h"

struct lite {
	web_db base;
	sqlite3 *db;
	int fd;        /* the file, locked (flock) while this server has it: one process */
};

struct lite_stmt {
	web_db_stmt base;
	sqlite3_stmt *q;
};

static sqlite3 *handle(web_db *db)
{
	return ((struct lite *)db)->db;
}

static sqlite3_stmt *stmt(web_db_stmt *q)
{
	return ((struct lite_stmt *)q)->q;
}

static void lite_close(web_db *db)
{
	sqlite3_close(handle(db));
	close(((struct lite *)db)->fd); /* -1: nothing */
	free(db);
}

static int lite_exec(web_db *db, const char *sql)
{
	return sqlite3_exec(handle(db), sql, NULL, NULL, NULL) != SQLITE_OK;
}

static web_db_stmt *lite_prepare(web_db *db, const char *sql)
{
	struct lite_stmt *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->base.db = db;
	if (sqlite3_prepare_v2(handle(db), sql, -1, &s->q, NULL) != SQLITE_OK) {
		sqlite3_finalize(s->q);
		free(s);
		return NULL;
	}
	return &s->base;
}

static void lite_bind_text(web_db_stmt *q, int i, const char *t)
{
	sqlite3_bind_text(stmt(q), i, t, -1, SQLITE_TRANSIENT);
}

static void lite_bind_int64(web_db_stmt *q, int i, int64_t v)
{
	sqlite3_bind_int64(stmt(q), i, v);
}

static void lite_bind_double(web_db_stmt *q, int i, double v)
{
	sqlite3_bind_double(stmt(q), i, v);
}

static int lite_step(web_db_stmt *q)
{
	int rc = sqlite3_step(stmt(q));
	return rc == SQLITE_ROW ? WEB_DB_ROW : rc == SQLITE_DONE ? WEB_DB_DONE
		: rc == SQLITE_NOMEM ? WEB_DB_NOMEM : WEB_DB_ERROR;
}

static void lite_reset(web_db_stmt *q)
{
	sqlite3_reset(stmt(q));
}

static void lite_finalize(web_db_stmt *q)
{
	sqlite3_finalize(stmt(q));
	free(q);
}

static const char *lite_text(web_db_stmt *q, int col)
{
	return (const char *)sqlite3_column_text(stmt(q), col);
}

static int64_t lite_int64(web_db_stmt *q, int col)
{
	return sqlite3_column_int64(stmt(q), col);
}

static double lite_double(web_db_stmt *q, int col)
{
	return sqlite3_column_double(stmt(q), col);
}

static bool lite_null(web_db_stmt *q, int col)
{
	return sqlite3_column_type(stmt(q), col) == SQLITE_NULL;
}

static int64_t lite_changes(web_db *db)
{
	return sqlite3_changes(handle(db));
}

static const char *lite_errmsg(web_db *db)
{
	return sqlite3_errmsg(handle(db));
}

static bool lite_constraint(web_db *db)
{
	return sqlite3_errcode(handle(db)) == SQLITE_CONSTRAINT;
}

static int lite_user_version(web_db *db)
{
	sqlite3_stmt *q = NULL;
	int v = -1;
	if (sqlite3_prepare_v2(handle(db), "PRAGMA user_version", -1, &q, NULL) == SQLITE_OK &&
	    sqlite3_step(q) == SQLITE_ROW)
		v = sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	return v;
}

static int lite_set_user_version(web_db *db, int v)
{
	char sql[64];
	snprintf(sql, sizeof sql, "PRAGMA user_version = %d", v);
	return lite_exec(db, sql);
}

static bool lite_has_column(web_db *db, const char *table, const char *column)
{
	char sql[128];
	sqlite3_stmt *q = NULL;
	bool found = false;
	snprintf(sql, sizeof sql, "PRAGMA table_info(%s)", table);
	if (sqlite3_prepare_v2(handle(db), sql, -1, &q, NULL) != SQLITE_OK)
		return false;
	while (!found && sqlite3_step(q) == SQLITE_ROW)
		found = !strcmp((const char *)sqlite3_column_text(q, 1), column);
	sqlite3_finalize(q);
	return found;
}

static const web_db_driver sqlite_driver = {
	.name = "bones-web.sqlite", .dialect = WEB_DB_SQLITE, .close = lite_close,
	.exec = lite_exec, .begin_sql = "BEGIN IMMEDIATE", .prepare = lite_prepare, .bind_text = lite_bind_text,
	.bind_int64 = lite_bind_int64, .bind_double = lite_bind_double, .step = lite_step,
	.reset = lite_reset, .finalize = lite_finalize, .text = lite_text, .int64 = lite_int64,
	.dbl = lite_double, .null = lite_null, .changes = lite_changes, .errmsg = lite_errmsg,
	.constraint = lite_constraint, .user_version = lite_user_version,
	.set_user_version = lite_set_user_version, .has_column = lite_has_column,
};

/* One server per SQLite file: an exclusive flock of its own descriptor, let go when the
 * process ends (so also after kill -9); waited for 10 s (a server stopping). */
static bool one_server(int fd)
{
	for (int tries = 0; tries < 100; tries++) {
		if (!flock(fd, LOCK_EX | LOCK_NB))
			return true;
		if (errno != EWOULDBLOCK && errno != EINTR)
			return true; /* no flock here (a network file system): not checked */
		struct timespec pause = {0, 100000000L};
		nanosleep(&pause, NULL);
	}
	return false;
}

int web_db_open_sqlite(const char *path, web_db **out, char *err, size_t errcap)
{
	struct lite *l = calloc(1, sizeof *l);
	*out = NULL;
	if (!l) {
		snprintf(err, errcap, _("out of memory"));
		return 1;
	}
	l->base.driver = &sqlite_driver;
	/* create it private before SQLite does: it holds the seat tokens */
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0) {
		snprintf(err, errcap, _("cannot open '%s': %s"), path, strerror(errno));
		free(l);
		return 1;
	}
	l->fd = fd;
	if (!one_server(fd)) {
		snprintf(err, errcap, _("'%s': another bones serve uses this database: stop it "
					"(several servers need --store postgresql://...)"), path);
		lite_close(&l->base);
		return 1;
	}
	if (sqlite3_open_v2(path, &l->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
			    SQLITE_OPEN_FULLMUTEX, NULL) != SQLITE_OK ||
	    sqlite3_busy_timeout(l->db, 10000) ||
	    sqlite3_exec(l->db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL) ||
	    sqlite3_exec(l->db, "PRAGMA synchronous=FULL", NULL, NULL, NULL)) {
		snprintf(err, errcap, _("'%s': cannot open the database: %s"), path,
			 sqlite3_errmsg(l->db));
		lite_close(&l->base);
		return 1;
	}
	*out = &l->base;
	return 0;
}
