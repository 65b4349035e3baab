/* The store's seam to its database engine: one connection and its statements, with a
 * SQLite driver (web_store_sqlite.c, the default: a file in the data folder) and a
 * PostgreSQL one (web_store_pg.c, libpq: `bones serve --store postgresql://...`). The
 * statements are written once, in the SQL both speak: `?` or `?N` parameters, upserts
 * as ON CONFLICT, BIGINT and DOUBLE PRECISION columns, `rowid` on the tables whose
 * order of insertion counts (PostgreSQL's schema declares it). Only store/ includes it. */
#ifndef WEB_STORE_DB_H
#define WEB_STORE_DB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct web_db web_db;           /* a connection (its driver's struct) */
typedef struct web_db_stmt web_db_stmt; /* a statement of one connection */

/* A step's answers. */
enum { WEB_DB_ERROR = 1, WEB_DB_NOMEM = 7, WEB_DB_ROW = 100, WEB_DB_DONE = 101 };

enum { WEB_DB_SQLITE, WEB_DB_PG };

/* A driver: its functions, called through the web_db_* wrappers below. Every struct
 * web_db starts with a pointer to its driver, every web_db_stmt with its web_db. */
typedef struct web_db_driver {
	const char *name;                 /* what errors name: "bones-web.sqlite", "postgresql" */
	int dialect;                      /* WEB_DB_SQLITE or WEB_DB_PG: the schema's variant */
	void (*close)(web_db *db);
	int (*exec)(web_db *db, const char *sql);  /* one or more statements: 0 or 1 */
	const char *begin_sql;            /* a write transaction's start */
	web_db_stmt *(*prepare)(web_db *db, const char *sql); /* NULL: errmsg says why */
	void (*bind_text)(web_db_stmt *q, int i, const char *text); /* NULL: SQL NULL */
	void (*bind_int64)(web_db_stmt *q, int i, int64_t v);
	void (*bind_double)(web_db_stmt *q, int i, double v);
	int (*step)(web_db_stmt *q);      /* WEB_DB_ROW, WEB_DB_DONE or an error */
	void (*reset)(web_db_stmt *q);    /* to run again: its bindings kept */
	void (*finalize)(web_db_stmt *q); /* NULL: nothing */
	const char *(*text)(web_db_stmt *q, int col); /* NULL for SQL NULL */
	int64_t (*int64)(web_db_stmt *q, int col);
	double (*dbl)(web_db_stmt *q, int col);
	bool (*null)(web_db_stmt *q, int col);
	int64_t (*changes)(web_db *db);   /* rows the last statement changed */
	const char *(*errmsg)(web_db *db); /* the last error, one line */
	bool (*constraint)(web_db *db);   /* the last error: a unique key taken */
	int (*user_version)(web_db *db);  /* the schema's version; -1 unknown */
	int (*set_user_version)(web_db *db, int v); /* in the open transaction: 0 or 1 */
	bool (*has_column)(web_db *db, const char *table, const char *column);
} web_db_driver;

struct web_db {
	const web_db_driver *driver;
};
struct web_db_stmt {
	web_db *db;
};

/* Open the SQLite file at path (created mode 0600; WAL, synchronous=FULL). */
int web_db_open_sqlite(const char *path, web_db **out, char *err, size_t errcap);
/* Connect to PostgreSQL at url (a libpq connection string or URI). */
int web_db_open_pg(const char *url, web_db **out, char *err, size_t errcap);

/* PostgreSQL's LISTEN on a connection of its own (web_store_pg.c). */
typedef struct web_db_listener web_db_listener;
int web_db_pg_listen(const char *url, const char *channel, web_db_listener **out, char *err,
		     size_t errcap);
/* Wait up to ms for a notification: 1 (its payload into payload), 0 none, -1 the
 * connection is lost (made again at the next call). */
int web_db_pg_heard(web_db_listener *l, int ms, char *payload, size_t cap);
void web_db_pg_unlisten(web_db_listener *l); /* NULL: nothing */

/* The driver's functions, for short. */
static inline int web_db_exec(web_db *db, const char *sql)
{
	return db->driver->exec(db, sql);
}
static inline int web_db_begin(web_db *db)
{
	return db->driver->exec(db, db->driver->begin_sql);
}
static inline web_db_stmt *web_db_prepare(web_db *db, const char *sql)
{
	return db->driver->prepare(db, sql);
}
static inline void web_db_bind_text(web_db_stmt *q, int i, const char *t)
{
	q->db->driver->bind_text(q, i, t);
}
static inline void web_db_bind_int64(web_db_stmt *q, int i, int64_t v)
{
	q->db->driver->bind_int64(q, i, v);
}
static inline void web_db_bind_double(web_db_stmt *q, int i, double v)
{
	q->db->driver->bind_double(q, i, v);
}
static inline int web_db_step(web_db_stmt *q)
{
	return q->db->driver->step(q);
}
static inline void web_db_reset(web_db_stmt *q)
{
	q->db->driver->reset(q);
}
static inline void web_db_finalize(web_db_stmt *q)
{
	if (q)
		q->db->driver->finalize(q);
}
static inline const char *web_db_text(web_db_stmt *q, int col)
{
	return q->db->driver->text(q, col);
}
static inline int64_t web_db_int64(web_db_stmt *q, int col)
{
	return q->db->driver->int64(q, col);
}
static inline int web_db_int(web_db_stmt *q, int col)
{
	return (int)q->db->driver->int64(q, col);
}
static inline double web_db_double(web_db_stmt *q, int col)
{
	return q->db->driver->dbl(q, col);
}
static inline bool web_db_null(web_db_stmt *q, int col)
{
	return q->db->driver->null(q, col);
}
static inline int64_t web_db_changes(web_db *db)
{
	return db->driver->changes(db);
}
static inline const char *web_db_errmsg(web_db *db)
{
	return db->driver->errmsg(db);
}
static inline void web_db_close(web_db *db)
{
	if (db)
		db->driver->close(db);
}

#endif /* WEB_STORE_DB_H */
