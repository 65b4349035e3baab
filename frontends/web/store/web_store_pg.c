/* The store's PostgreSQL driver (web_store_db.h) on libpq: `bones serve --store
 * postgresql://...`. A statement's `?` and `?N` become `$N`; its parameters are sent
 * typed (text, int8, float8), prepared once per connection, and its rows read as text. The schema's version is kept
 * in the meta table. The only file of the web server that calls libpq. */
#include "web_store_db.h"

#include <libpq-fe.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "web_log.h"

#define MAX_PARAMS 16
#define MAX_PREPARED 128 /* the store has fewer statements; more go unprepared */
enum { TEXT_OID = 25, INT8_OID = 20, FLOAT8_OID = 701 }; /* pg_type's */

struct pg {
	web_db base;
	PGconn *conn;
	int64_t changes;    /* rows the last statement changed */
	char err[300];      /* the last error's first line */
	char state[6];      /* its SQLSTATE, "" none */
	bool lost_in_tx;    /* the connection broke within a transaction: every statement
			     * fails until the caller's ROLLBACK, so that none of the rest
			     * runs outside it on a new connection */
	struct prepared {   /* statements prepared on this connection, named "bN" */
		char *sql;
		int n;
		unsigned int types[MAX_PARAMS];
	} prepared[MAX_PREPARED];
	int prepared_count;
};

struct pg_stmt {
	web_db_stmt base;
	char *sql;          /* with $N parameters */
	int params;         /* the highest N */
	char *values[MAX_PARAMS];
	unsigned int types[MAX_PARAMS];
	bool oom;           /* a binding could not be copied: the step fails */
	PGresult *res;      /* NULL: not run since the last reset */
	int row, rows;      /* the row a step is on, of rows */
};

static struct pg *conn_of(web_db *db)
{
	return (struct pg *)db;
}

static struct pg_stmt *st_of(web_db_stmt *q)
{
	return (struct pg_stmt *)q;
}

/* Keep why res (or the connection) failed: its first line and SQLSTATE. */
static void keep_error(struct pg *c, const PGresult *res)
{
	const char *msg = res ? PQresultErrorMessage(res) : "";
	const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
	if (!msg[0])
		msg = PQerrorMessage(c->conn);
	snprintf(c->err, sizeof c->err, "%.*s", (int)strcspn(msg, "\n"), msg);
	snprintf(c->state, sizeof c->state, "%s", state ? state : "");
}

/* Whether res succeeded: a command or rows; else its error kept. */
static bool result_ok(struct pg *c, PGresult *res)
{
	ExecStatusType s = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
	if (s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK) {
		const char *n = PQcmdTuples(res);
		c->changes = n && n[0] ? strtoll(n, NULL, 10) : 0;
		c->state[0] = '\0';
		return true;
	}
	keep_error(c, res);
	return false;
}

/* The connection's prepared statements forgotten (it is closed or made again). */
static void forget_prepared(struct pg *c)
{
	for (int i = 0; i < c->prepared_count; i++)
		free(c->prepared[i].sql);
	c->prepared_count = 0;
}

static void pg_close(web_db *db)
{
	PQfinish(conn_of(db)->conn);
	forget_prepared(conn_of(db));
	free(db);
}

/* The name sql with these parameter types is prepared as on the connection, prepared
 * now if it is new, into name; false when it is not (the cache full, or *failed: the
 * PREPARE's failed result, for the caller). */
static bool prepared_name(struct pg *c, const char *sql, int n, const unsigned int *types,
			  char *name, size_t cap, PGresult **failed)
{
	int i = 0;
	for (; i < c->prepared_count; i++)
		if (c->prepared[i].n == n && !strcmp(c->prepared[i].sql, sql) &&
		    !memcmp(c->prepared[i].types, types, (size_t)n * sizeof *types))
			break;
	snprintf(name, cap, "b%d", i);
	if (i < c->prepared_count)
		return true;
	struct prepared *p = &c->prepared[i];
	if (i == MAX_PREPARED || !(p->sql = strdup(sql)))
		return false;
	PGresult *res = PQprepare(c->conn, name, sql, n, types);
	if (!res || PQresultStatus(res) != PGRES_COMMAND_OK) {
		free(p->sql);
		*failed = res;
		return false;
	}
	PQclear(res);
	p->n = n;
	memcpy(p->types, types, (size_t)n * sizeof *types);
	c->prepared_count++;
	return true;
}

/* One statement sent: prepared once per connection when it has parameters (n >= 0). */
static PGresult *send_one(struct pg *c, const char *sql, int n, const unsigned int *types,
			  const char *const *values)
{
	char name[16];
	PGresult *failed = NULL;
	if (n < 0)
		return PQexec(c->conn, sql);
	if (prepared_name(c, sql, n, types, name, sizeof name, &failed))
		return PQexecPrepared(c->conn, name, n, values, NULL, NULL, 0);
	return failed ? failed : PQexecParams(c->conn, sql, n, types, values, NULL, NULL, 0);
}

/* sql run on the connection as it is, no reconnection: 0, or 1 with the error kept. */
static int raw_exec(struct pg *c, const char *sql)
{
	PGresult *res = PQexec(c->conn, sql);
	bool ok = result_ok(c, res);
	PQclear(res);
	return ok ? 0 : 1;
}

static void quiet(void *arg, const char *message)
{
	(void)arg, (void)message; /* NOTICEs such as "already exists, skipping" */
}

/* A new connection's session: quiet notices. Several servers may share the database:
 * each table is served by one at a time under a lease (web_store_lease.c). */
static int session(struct pg *c)
{
	PQsetNoticeProcessor(c->conn, quiet, NULL);
	return raw_exec(c, "SET client_min_messages = warning");
}

/* The connection is lost (the server restarted, the backend was ended): connect again
 * with the same parameters; 0, or 1 with the error kept. */
static int reconnect(struct pg *c)
{
	PQreset(c->conn);
	forget_prepared(c);
	if (PQstatus(c->conn) != CONNECTION_OK) {
		keep_error(c, NULL);
		return 1;
	}
	if (session(c))
		return 1;
	web_log("postgresql: the connection was lost; connected again");
	return 0;
}

/* sql (with n parameters; n < 0: several statements, none) run on the connection; NULL
 * with the error kept when it cannot be sent. A connection lost while it was idle is
 * made again and sql sent once more: outside a transaction nothing of it was applied
 * but in the rare loss between its commit and the answer (then a row's key refuses the
 * second insert). Within a transaction the error stands, and so do the next
 * statements' until the caller's ROLLBACK; the statement after that connects again. */
static PGresult *run(struct pg *c, const char *sql, int n, const unsigned int *types,
		     const char *const *values)
{
	if (c->lost_in_tx && strcmp(sql, "ROLLBACK")) {
		snprintf(c->err, sizeof c->err, "the connection was lost within a transaction");
		return NULL;
	}
	c->lost_in_tx = false;
	if (PQstatus(c->conn) == CONNECTION_BAD && reconnect(c))
		return NULL;
	bool idle = PQtransactionStatus(c->conn) == PQTRANS_IDLE;
	for (int tries = 0;; tries++) {
		PGresult *res = send_one(c, sql, n, types, values);
		if (PQstatus(c->conn) != CONNECTION_BAD)
			return res;
		if (tries || !idle) {
			c->lost_in_tx = !idle;
			return res;
		}
		PQclear(res);
		if (reconnect(c))
			return NULL;
	}
}

static int pg_exec(web_db *db, const char *sql)
{
	struct pg *c = conn_of(db);
	PGresult *res = run(c, sql, -1, NULL, NULL);
	bool ok = res ? result_ok(c, res) : false;
	PQclear(res);
	return ok ? 0 : 1;
}

/* sql with `?` (the next number) and `?N` written `$N`, outside quotes; the highest N
 * into *params (-1: an N out of 1..MAX_PARAMS); NULL when it cannot be. */
static char *translate(const char *sql, int *params)
{
	/* each ? grows to at most "$16": 3 bytes */
	char *out = malloc(strlen(sql) * 3 + 1), *o = out;
	int next = 0, most = 0;
	bool quoted = false;
	for (const char *p = sql; out && *p; p++) {
		if (*p == '\'')
			quoted = !quoted;
		if (quoted || *p != '?') {
			*o++ = *p;
			continue;
		}
		long n = ++next;
		if (p[1] >= '0' && p[1] <= '9') { /* ?N: the digits read, p on the last */
			char *end;
			n = strtol(p + 1, &end, 10);
			p = end - 1;
		}
		if (n < 1 || n > MAX_PARAMS) {
			free(out);
			*params = -1;
			return NULL;
		}
		most = (int)n > most ? (int)n : most;
		o += sprintf(o, "$%ld", n);
	}
	if (out)
		*o = '\0';
	*params = most;
	return out;
}

static web_db_stmt *pg_prepare(web_db *db, const char *sql)
{
	struct pg_stmt *s = calloc(1, sizeof *s);
	struct pg *c = conn_of(db);
	if (!s || !(s->sql = translate(sql, &s->params))) {
		if (s && s->params < 0) /* the store's own statements never have */
			snprintf(c->err, sizeof c->err, "more than %d parameters", MAX_PARAMS);
		else
			snprintf(c->err, sizeof c->err, "%s", _("out of memory"));
		free(s);
		return NULL;
	}
	s->base.db = db;
	for (int i = 0; i < MAX_PARAMS; i++)
		s->types[i] = TEXT_OID;
	return &s->base;
}

/* Parameter i (from 1) set to a copy of v (NULL: SQL NULL) of type oid. */
static void bind(web_db_stmt *q, int i, const char *v, unsigned int oid)
{
	struct pg_stmt *s = st_of(q);
	if (i < 1 || i > MAX_PARAMS)
		return;
	free(s->values[i - 1]);
	s->values[i - 1] = v ? strdup(v) : NULL;
	s->oom |= v && !s->values[i - 1];
	s->types[i - 1] = oid;
}

static void pg_bind_text(web_db_stmt *q, int i, const char *t)
{
	bind(q, i, t, TEXT_OID);
}

static void pg_bind_int64(web_db_stmt *q, int i, int64_t v)
{
	char buf[32];
	snprintf(buf, sizeof buf, "%lld", (long long)v);
	bind(q, i, buf, INT8_OID);
}

static void pg_bind_double(web_db_stmt *q, int i, double v)
{
	char buf[40];
	if (isnan(v))
		snprintf(buf, sizeof buf, "NaN");
	else if (isinf(v))
		snprintf(buf, sizeof buf, "%sInfinity", v < 0 ? "-" : "");
	else
		snprintf(buf, sizeof buf, "%.17g", v);
	bind(q, i, buf, FLOAT8_OID);
}

static int pg_step(web_db_stmt *q)
{
	struct pg_stmt *s = st_of(q);
	struct pg *c = conn_of(q->db);
	if (s->oom) {
		snprintf(c->err, sizeof c->err, "%s", _("out of memory"));
		return WEB_DB_NOMEM;
	}
	if (!s->res) {
		s->res = run(c, s->sql, s->params, s->types, (const char *const *)s->values);
		if (!s->res || !result_ok(c, s->res)) {
			PQclear(s->res);
			s->res = NULL;
			return WEB_DB_ERROR;
		}
		s->rows = PQresultStatus(s->res) == PGRES_TUPLES_OK ? PQntuples(s->res) : 0;
		s->row = -1;
	}
	return ++s->row < s->rows ? WEB_DB_ROW : (s->row = s->rows, WEB_DB_DONE);
}

static void pg_reset(web_db_stmt *q)
{
	PQclear(st_of(q)->res);
	st_of(q)->res = NULL;
}

static void pg_finalize(web_db_stmt *q)
{
	struct pg_stmt *s = st_of(q);
	PQclear(s->res);
	for (int i = 0; i < MAX_PARAMS; i++)
		free(s->values[i]);
	free(s->sql);
	free(s);
}

/* Whether the step is on a row that has column col. */
static bool on_row(const struct pg_stmt *s, int col)
{
	return s->res && s->row >= 0 && s->row < s->rows && col >= 0 &&
	       col < PQnfields(s->res);
}

static const char *col_text(web_db_stmt *q, int col)
{
	struct pg_stmt *s = st_of(q);
	if (!on_row(s, col) || PQgetisnull(s->res, s->row, col))
		return NULL;
	return PQgetvalue(s->res, s->row, col);
}

static int64_t col_int64(web_db_stmt *q, int col)
{
	const char *t = col_text(q, col);
	return t ? strtoll(t, NULL, 10) : 0;
}

static double col_double(web_db_stmt *q, int col)
{
	const char *t = col_text(q, col);
	return t ? strtod(t, NULL) : 0;
}

static bool col_null(web_db_stmt *q, int col)
{
	return !col_text(q, col);
}

static int64_t pg_changes(web_db *db)
{
	return conn_of(db)->changes;
}

static const char *pg_errmsg(web_db *db)
{
	return conn_of(db)->err;
}

static bool pg_constraint(web_db *db)
{
	return !strcmp(conn_of(db)->state, "23505"); /* unique_violation */
}

/* The first column of sql's first row as a number; fallback when there is none. */
static int64_t scalar(web_db *db, const char *sql, const char *a, const char *b,
		      int64_t fallback)
{
	web_db_stmt *q = pg_prepare(db, sql);
	if (!q)
		return fallback;
	if (a)
		pg_bind_text(q, 1, a);
	if (b)
		pg_bind_text(q, 2, b);
	int64_t v = pg_step(q) == WEB_DB_ROW ? col_int64(q, 0) : fallback;
	pg_finalize(q);
	return v;
}

static int pg_user_version(web_db *db)
{
	if (!scalar(db, "SELECT (to_regclass('meta') IS NOT NULL)::int", NULL, NULL, 0))
		return 0; /* a database the server has not written yet */
	return (int)scalar(db, "SELECT value FROM meta WHERE key = 'user_version'", NULL, NULL,
			   0);
}

static int pg_set_user_version(web_db *db, int v)
{
	char sql[160];
	snprintf(sql, sizeof sql, "INSERT INTO meta VALUES('user_version', %d) ON CONFLICT(key)"
		 " DO UPDATE SET value = excluded.value", v);
	return pg_exec(db, sql);
}

static bool pg_has_column(web_db *db, const char *table, const char *column)
{
	return scalar(db, "SELECT 1 FROM information_schema.columns WHERE table_schema ="
		      " current_schema() AND table_name = ? AND column_name = ?", table, column,
		      0) == 1;
}

static const web_db_driver pg_driver = {
	.name = "postgresql", .dialect = WEB_DB_PG, .close = pg_close, .exec = pg_exec,
	.begin_sql = "BEGIN", .prepare = pg_prepare, .bind_text = pg_bind_text,
	.bind_int64 = pg_bind_int64, .bind_double = pg_bind_double, .step = pg_step,
	.reset = pg_reset, .finalize = pg_finalize, .text = col_text, .int64 = col_int64,
	.dbl = col_double, .null = col_null, .changes = pg_changes, .errmsg = pg_errmsg,
	.constraint = pg_constraint, .user_version = pg_user_version,
	.set_user_version = pg_set_user_version, .has_column = pg_has_column,
};

int web_db_open_pg(const char *url, web_db **out, char *err, size_t errcap)
{
	struct pg *c = calloc(1, sizeof *c);
	*out = NULL;
	if (!c) {
		snprintf(err, errcap, _("out of memory"));
		return 1;
	}
	c->base.driver = &pg_driver;
	c->conn = PQconnectdb(url);
	if (!c->conn || PQstatus(c->conn) != CONNECTION_OK) {
		if (c->conn)
			keep_error(c, NULL);
		snprintf(err, errcap, _("--store: cannot connect to PostgreSQL: %s"),
			 c->conn ? c->err : _("out of memory"));
		pg_close(&c->base);
		return 1;
	}
	if (session(c)) {
		snprintf(err, errcap, _("--store: cannot connect to PostgreSQL: %s"), c->err);
		pg_close(&c->base);
		return 1;
	}
	*out = &c->base;
	return 0;
}

/* A connection of its own that LISTENs on a channel (several processes: each hears the
 * others' NOTIFYs, web_store_lease.c). */
struct web_db_listener {
	PGconn *conn;
	char url[1024];
	char channel[64];
};

/* (Re)connect l and LISTEN; 0, or 1 with err. */
static int listen_now(web_db_listener *l, char *err, size_t errcap)
{
	char sql[100];
	if (l->conn)
		PQfinish(l->conn);
	l->conn = PQconnectdb(l->url);
	if (!l->conn || PQstatus(l->conn) != CONNECTION_OK) {
		snprintf(err, errcap, "%.200s", l->conn ? PQerrorMessage(l->conn) : "out of memory");
		return 1;
	}
	PQsetNoticeProcessor(l->conn, quiet, NULL);
	snprintf(sql, sizeof sql, "LISTEN %s", l->channel);
	PGresult *res = PQexec(l->conn, sql);
	bool ok = res && PQresultStatus(res) == PGRES_COMMAND_OK;
	if (!ok)
		snprintf(err, errcap, "%.200s", PQerrorMessage(l->conn));
	PQclear(res);
	return ok ? 0 : 1;
}

int web_db_pg_listen(const char *url, const char *channel, web_db_listener **out, char *err,
		     size_t errcap)
{
	web_db_listener *l = calloc(1, sizeof *l);
	*out = NULL;
	if (!l) {
		snprintf(err, errcap, "%s", _("out of memory"));
		return 1;
	}
	snprintf(l->url, sizeof l->url, "%s", url);
	snprintf(l->channel, sizeof l->channel, "%s", channel);
	if (listen_now(l, err, errcap)) {
		web_db_pg_unlisten(l);
		return 1;
	}
	*out = l;
	return 0;
}

int web_db_pg_heard(web_db_listener *l, int ms, char *payload, size_t cap)
{
	char err[256];
	PGnotify *n = NULL;
	if (PQstatus(l->conn) == CONNECTION_BAD) {
		if (listen_now(l, err, sizeof err))
			return -1;
		web_log("postgresql: the listening connection was lost; connected again");
	}
	if (!(n = PQnotifies(l->conn))) {
		struct pollfd p = {.fd = PQsocket(l->conn), .events = POLLIN};
		if (poll(&p, 1, ms) > 0 && !PQconsumeInput(l->conn))
			return -1;
		n = PQnotifies(l->conn);
	}
	if (!n)
		return 0;
	snprintf(payload, cap, "%s", n->extra);
	PQfreemem(n);
	return 1;
}

void web_db_pg_unlisten(web_db_listener *l)
{
	if (!l)
		return;
	PQfinish(l->conn);
	free(l);
}
