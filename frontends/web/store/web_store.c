/* web_store: tables and their history (web_store.h), in SQLite or PostgreSQL through
 * the driver of web_store_db.h; the schema and its changes. One connection, used
 * under a mutex. Moves of many tables share one commit (group commit): the first
 * writer to arrive commits everything queued meanwhile, so concurrent tables cost one
 * fsync per batch instead of one each. */
#include "web_store_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bones/i18n.h"
#include "web_token.h"

/* Moves of one table waiting for the next group commit. */
struct pending {
	const char *id;
	size_t first, count;
	const char *const *texts;
	int rc;
	char err[512];
	bool done;
	struct pending *next;
};

/* The columns of `tables` and `tourneys` as both dialects have them; PostgreSQL's add a
 * `rowid` (SQLite's own), the order of insertion the lobby and restarts read. */
#define TABLES_COLUMNS \
	"id TEXT PRIMARY KEY, game TEXT NOT NULL, preset TEXT NOT NULL, options TEXT NOT NULL," \
	" seed BIGINT NOT NULL, created BIGINT NOT NULL, resigned BIGINT NOT NULL DEFAULT -1," \
	" hints BIGINT NOT NULL DEFAULT 0, forfeited BIGINT NOT NULL DEFAULT 0," \
	" per_move_ms BIGINT NOT NULL DEFAULT 0, penalty DOUBLE PRECISION NOT NULL DEFAULT 0," \
	" grace_ms BIGINT NOT NULL DEFAULT 0, forfeit BIGINT NOT NULL DEFAULT 0"
#define TOURNEYS_COLUMNS \
	"id TEXT PRIMARY KEY, name TEXT NOT NULL, format TEXT NOT NULL, ini TEXT NOT NULL," \
	" creator TEXT NOT NULL, state TEXT NOT NULL, start_at BIGINT NOT NULL," \
	" created BIGINT NOT NULL"

/* The base schema, in the SQL both dialects speak (BIGINT and DOUBLE PRECISION are
 * SQLite's INTEGER and REAL); where PostgreSQL's differs, its text is beside. */
static const struct base_table {
	const char *sql, *pg; /* pg NULL: the same */
} schema[] = {
	/* SQLite's NOCASE, in PostgreSQL a case-insensitive ICU collation of that name */
	{NULL, "CREATE COLLATION IF NOT EXISTS nocase (provider = icu, locale ="
	       " 'und-u-ks-level2', deterministic = false)"},
	{"CREATE TABLE IF NOT EXISTS tables(" TABLES_COLUMNS ")",
	 "CREATE TABLE IF NOT EXISTS tables(" TABLES_COLUMNS ", rowid BIGSERIAL)"},
	{"CREATE TABLE IF NOT EXISTS seats(table_id TEXT NOT NULL, seat BIGINT NOT NULL,"
	 " kind TEXT NOT NULL, agent TEXT NOT NULL, name TEXT NOT NULL, token TEXT NOT NULL,"
	 " open BIGINT NOT NULL DEFAULT 0, penalty DOUBLE PRECISION NOT NULL DEFAULT 0,"
	 " PRIMARY KEY(table_id, seat))", NULL},
	{"CREATE TABLE IF NOT EXISTS moves(table_id TEXT NOT NULL, n BIGINT NOT NULL,"
	 " text TEXT NOT NULL, PRIMARY KEY(table_id, n))", NULL},
	/* matches: the game running; the finished games, moves one per line */
	{"CREATE TABLE IF NOT EXISTS matches(table_id TEXT PRIMARY KEY, games BIGINT NOT NULL,"
	 " game BIGINT NOT NULL DEFAULT 0)", NULL},
	{"CREATE TABLE IF NOT EXISTS match_games(table_id TEXT NOT NULL, game BIGINT NOT NULL,"
	 " moves TEXT NOT NULL, penalties TEXT NOT NULL, resigned BIGINT NOT NULL,"
	 " forfeited BIGINT NOT NULL, PRIMARY KEY(table_id, game))", NULL},
	/* the table's chat (web_chat.c): seat -1 a spectator; never in a record */
	{"CREATE TABLE IF NOT EXISTS chat(table_id TEXT NOT NULL, n BIGINT NOT NULL,"
	 " seat BIGINT NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL, at BIGINT NOT NULL,"
	 " PRIMARY KEY(table_id, n))", NULL},
	/* accounts (web_accounts.c): the password's Argon2id string, sessions by the
	 * hash of their token; never a password or a session token in clear */
	{"CREATE TABLE IF NOT EXISTS accounts(name TEXT NOT NULL UNIQUE COLLATE NOCASE,"
	 " hash TEXT NOT NULL, created BIGINT NOT NULL)", NULL},
	{"CREATE TABLE IF NOT EXISTS sessions(hash TEXT PRIMARY KEY, name TEXT NOT NULL,"
	 " expires BIGINT NOT NULL)", NULL},
	/* the seats an account took (the seat's token, as in seats) */
	{"CREATE TABLE IF NOT EXISTS account_seats(name TEXT NOT NULL COLLATE NOCASE,"
	 " table_id TEXT NOT NULL, token TEXT NOT NULL, PRIMARY KEY(name, table_id, token))",
	 NULL},
	{"CREATE INDEX IF NOT EXISTS account_seats_by_seat ON account_seats(table_id, token)",
	 NULL},
	/* ratings (web_ratings.c): Glicko-2 by player (an account, "agent:SPEC") and game,
	 * and by player, game and preset; every rated game's result by player (score 1
	 * win, 0.5 draw, 0 loss) */
	{"CREATE TABLE IF NOT EXISTS ratings(player TEXT NOT NULL COLLATE NOCASE,"
	 " game TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL,"
	 " deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL,"
	 " games BIGINT NOT NULL, PRIMARY KEY(player, game))", NULL},
	{"CREATE TABLE IF NOT EXISTS preset_ratings(player TEXT NOT NULL COLLATE NOCASE,"
	 " game TEXT NOT NULL, preset TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL,"
	 " deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL,"
	 " games BIGINT NOT NULL, PRIMARY KEY(player, game, preset))", NULL},
	{"CREATE TABLE IF NOT EXISTS results(table_id TEXT NOT NULL, game_no BIGINT NOT NULL,"
	 " player TEXT NOT NULL COLLATE NOCASE, game TEXT NOT NULL, preset TEXT NOT NULL,"
	 " score DOUBLE PRECISION NOT NULL, rating DOUBLE PRECISION NOT NULL,"
	 " deviation DOUBLE PRECISION NOT NULL, at BIGINT NOT NULL,"
	 " PRIMARY KEY(table_id, game_no, player))", NULL},
	{"CREATE INDEX IF NOT EXISTS results_by_player ON results(player, game)", NULL},
	/* tournaments (web_tourney.c): the file as posted, its people, its games' tables;
	 * results live in DIR/tourneys/ID.sqlite */
	{"CREATE TABLE IF NOT EXISTS tourneys(" TOURNEYS_COLUMNS ")",
	 "CREATE TABLE IF NOT EXISTS tourneys(" TOURNEYS_COLUMNS ", rowid BIGSERIAL)"},
	{"CREATE TABLE IF NOT EXISTS tourney_people(tourney TEXT NOT NULL, n BIGINT NOT NULL,"
	 " name TEXT NOT NULL COLLATE NOCASE, PRIMARY KEY(tourney, n), UNIQUE(tourney, name))",
	 NULL},
	{"CREATE TABLE IF NOT EXISTS tourney_tables(tourney TEXT NOT NULL, round BIGINT NOT NULL,"
	 " slot BIGINT NOT NULL, table_id TEXT NOT NULL, PRIMARY KEY(tourney, round, slot))",
	 NULL},
	/* the number of starts: versions grow across restarts (web_store_epoch); the deal
	 * key; in PostgreSQL the schema's version (SQLite's is PRAGMA user_version) */
	{"CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value BIGINT NOT NULL)", NULL},
	{"INSERT INTO meta VALUES('epoch', 0) ON CONFLICT DO NOTHING", NULL},
};

/* The schema's changes since its first version, in order: a database at version N
 * (PRAGMA user_version, PostgreSQL's in meta) gets changes N.. at the start, in one
 * transaction, and an error stops the start. A column a server before the versions
 * added already is skipped (column set: the change adds it to table). Only ever
 * append; a column's type is written so that both dialects read it alike (SQLite's
 * INTEGER, PostgreSQL's BIGINT). */
static const struct migration {
	const char *sql;
	const char *table, *column;
} migrations[] = {
	{"ALTER TABLE tables ADD COLUMN damaged TEXT", "tables", "damaged"}, /* why set aside */
	{"ALTER TABLE tables ADD COLUMN unlisted BIGINT NOT NULL DEFAULT 0", "tables",
	 "unlisted"}, /* private */
	{"ALTER TABLE tables ADD COLUMN owner TEXT NOT NULL DEFAULT ''", "tables", "owner"},
	{"ALTER TABLE tables ADD COLUMN per_game_ms BIGINT NOT NULL DEFAULT 0", "tables",
	 "per_game_ms"}, /* a bank of time */
	{"ALTER TABLE tables ADD COLUMN increment_ms BIGINT NOT NULL DEFAULT 0", "tables",
	 "increment_ms"},
	/* each seat's time left of the bank after its last move, -1: the whole bank */
	{"ALTER TABLE seats ADD COLUMN bank_ms BIGINT NOT NULL DEFAULT -1", "seats", "bank_ms"},
	/* finished games' analyses by table id, a match's later games "ID#K" (web_analysis.c) */
	{"CREATE TABLE IF NOT EXISTS analyses(table_id TEXT PRIMARY KEY, json TEXT NOT NULL)",
	 NULL, NULL},
	/* 1: the game (a match: its last game) is over; a start does not load it, it is
	 * read back when someone asks for it (web_tables_find); moves: its player moves */
	{"ALTER TABLE tables ADD COLUMN ended BIGINT NOT NULL DEFAULT 0", "tables", "ended"},
	{"ALTER TABLE tables ADD COLUMN moves BIGINT NOT NULL DEFAULT 0", "tables", "moves"},
	{"CREATE INDEX IF NOT EXISTS tables_ended ON tables(ended, unlisted, created)", NULL,
	 NULL},
	/* a match to a target score: the target, 0 none */
	{"ALTER TABLE matches ADD COLUMN target BIGINT NOT NULL DEFAULT 0", "matches", "target"},
	/* why an engine seat forfeited the game running (its crash, its illegal move) */
	{"ALTER TABLE tables ADD COLUMN forfeit_why TEXT NOT NULL DEFAULT ''", "tables",
	 "forfeit_why"},
	/* 1: the game was aborted before its first moves (never rated) */
	{"ALTER TABLE tables ADD COLUMN aborted BIGINT NOT NULL DEFAULT 0", "tables", "aborted"},
	/* 1: a bot account (`bones bot` plays it through the API) */
	{"ALTER TABLE accounts ADD COLUMN bot BIGINT NOT NULL DEFAULT 0", "accounts", "bot"},
	/* several processes on one PostgreSQL (web_store_lease.c): each process's id for
	 * its start, its address, when last seen (ms); each table's holder and until when */
	{"CREATE TABLE IF NOT EXISTS servers(id BIGINT PRIMARY KEY, address TEXT NOT NULL,"
	 " seen BIGINT NOT NULL, home TEXT NOT NULL)", NULL, NULL},
	{"CREATE TABLE IF NOT EXISTS leases(table_id TEXT PRIMARY KEY, server BIGINT NOT NULL,"
	 " expires BIGINT NOT NULL)", NULL, NULL},
	{"CREATE INDEX IF NOT EXISTS leases_by_server ON leases(server)", NULL, NULL},
};

#define SCHEMA_VERSION ((int)(sizeof migrations / sizeof migrations[0]))

/* The base schema in the database's dialect; 0, or 1 with err naming the statement. */
static int base_schema(web_store *st, char *err, size_t errcap)
{
	bool pg = st->db->driver->dialect == WEB_DB_PG;
	for (size_t i = 0; i < sizeof schema / sizeof schema[0]; i++) {
		const char *sql = pg && schema[i].pg ? schema[i].pg : schema[i].sql;
		if (sql && web_db_exec(st->db, sql)) {
			snprintf(err, errcap, _("'%s': cannot make the schema (%.60s...): %s"),
				 st->path, sql, web_db_errmsg(st->db));
			return 1;
		}
	}
	return 0;
}

/* The base schema, then the migrations the database lacks, in one transaction; a
 * database of a newer server is refused. err names the file and the change. */
static int migrate(web_store *st, char *err, size_t errcap)
{
	const web_db_driver *d = st->db->driver;
	int from = d->user_version(st->db);
	if (from > SCHEMA_VERSION) {
		snprintf(err, errcap, _("'%s': made by a newer server (schema version %d; this one "
					"reads up to %d): run that version"), st->path, from,
			 SCHEMA_VERSION);
		return 1;
	}
	if (from == SCHEMA_VERSION)
		return 0;
	int rc = web_db_begin(st->db);
	if (rc)
		snprintf(err, errcap, _("'%s': cannot open the database: %s"), st->path,
			 web_db_errmsg(st->db));
	else
		rc = base_schema(st, err, errcap);
	for (int i = from < 0 ? 0 : from; !rc && i < SCHEMA_VERSION; i++) {
		const struct migration *m = &migrations[i];
		if (m->column && d->has_column(st->db, m->table, m->column))
			continue;
		if ((rc = web_db_exec(st->db, m->sql)))
			snprintf(err, errcap,
				 _("'%s': cannot change the schema to version %d (%s): %s"),
				 st->path, i + 1, m->sql, web_db_errmsg(st->db));
	}
	if (!rc && (rc = d->set_user_version(st->db, SCHEMA_VERSION) ||
			 web_db_exec(st->db, "COMMIT")))
		snprintf(err, errcap, _("'%s': cannot open the database: %s"), st->path,
			 web_db_errmsg(st->db));
	if (rc)
		web_db_exec(st->db, "ROLLBACK");
	return rc ? 1 : 0;
}

int web_store_fail(web_store *st, const char *what, char *err, size_t errcap)
{
	snprintf(err, errcap, "%s: %s: %.150s", st->db->driver->name, what, web_db_errmsg(st->db));
	return 1;
}

/* One more start on this database: the epoch, 0 when it cannot be counted. */
static uint64_t next_epoch(web_store *st)
{
	web_db_stmt *q = NULL;
	int64_t epoch = 0;
	if (!web_db_exec(st->db, "UPDATE meta SET value = value + 1 WHERE key = 'epoch'") &&
	    (q = web_db_prepare(st->db, "SELECT value FROM meta WHERE key = 'epoch'")) &&
	    web_db_step(q) == WEB_DB_ROW)
		epoch = web_db_int64(q, 0);
	web_db_finalize(q);
	return epoch > 0 ? (uint64_t)epoch : 0;
}

uint64_t web_store_epoch(const web_store *st)
{
	return st->epoch;
}

/* The database's deal key: made once (a random one), then read; false when neither. */
static bool read_deal_key(web_store *st)
{
	uint64_t fresh;
	web_db_stmt *q = NULL;
	bool ok = web_token_random_bytes(&fresh, sizeof fresh) &&
		  (q = web_db_prepare(st->db, "INSERT INTO meta VALUES('deal_key', ?)"
					      " ON CONFLICT DO NOTHING"));
	if (ok) {
		web_db_bind_int64(q, 1, (int64_t)fresh);
		ok = web_db_step(q) == WEB_DB_DONE;
	}
	web_db_finalize(q);
	q = NULL;
	ok = ok && (q = web_db_prepare(st->db, "SELECT value FROM meta WHERE key = 'deal_key'")) &&
	     web_db_step(q) == WEB_DB_ROW;
	if (ok)
		st->deal_key = (uint64_t)web_db_int64(q, 0);
	web_db_finalize(q);
	return ok;
}

uint64_t web_store_deal_key(const web_store *st)
{
	return st->deal_key;
}

int web_store_open(const char *dir, const char *url, web_store **out, char *err,
		   size_t errcap)
{
	web_store *st = calloc(1, sizeof *st);
	*out = NULL;
	if (!st) {
		snprintf(err, errcap, _("out of memory"));
		return 1;
	}
	snprintf(st->path, sizeof st->path, "%s/bones-web.sqlite", dir);
	if (url)
		snprintf(st->path, sizeof st->path, "postgresql");
	snprintf(st->dir, sizeof st->dir, "%s", dir);
	if (url ? web_db_open_pg(url, &st->db, err, errcap)
		: web_db_open_sqlite(st->path, &st->db, err, errcap)) {
		free(st);
		return 1;
	}
	st->url = url ? strdup(url) : NULL; /* the listening connection's (leasing) */
	pthread_mutex_init(&st->lock, NULL);
	pthread_mutex_init(&st->qlock, NULL);
	pthread_cond_init(&st->qdone, NULL);
	if (migrate(st, err, errcap))
		goto out_close;
	if (!(st->insert_move = web_db_prepare(st->db, "INSERT INTO moves VALUES(?,?,?)"))) {
		snprintf(err, errcap, _("'%s': cannot open the database: %s"), st->path,
			 web_db_errmsg(st->db));
		goto out_close;
	}
	st->epoch = next_epoch(st);
	if (!read_deal_key(st)) {
		snprintf(err, errcap, _("'%s': cannot keep the deal key: %s"), st->path,
			 web_db_errmsg(st->db));
		goto out_close;
	}
	const char *fault = getenv("BONES_WEB_FAULT");
	snprintf(st->fault, sizeof st->fault, "%s", fault ? fault : "");
	*out = st;
	return 0;
out_close:
	web_store_close(st);
	return 1;
}

void web_store_close(web_store *st)
{
	if (!st)
		return;
	web_db_finalize(st->insert_move);
	web_db_close(st->db);
	web_db_pg_unlisten(st->listener);
	free(st->url);
	if (st->home_fd > 0)
		close(st->home_fd);
	pthread_mutex_destroy(&st->lock);
	pthread_mutex_destroy(&st->qlock);
	pthread_cond_destroy(&st->qdone);
	free(st);
}

/* Run one statement with bindings: types "t" text, "i" int64, "d" double. */
static int run(web_store *st, const char *sql, const char *types, const void *const *args,
	       char *err, size_t errcap)
{
	web_db_stmt *q = web_db_prepare(st->db, sql);
	if (!q)
		return web_store_fail(st, _("cannot prepare a statement"), err, errcap);
	for (int i = 0; types[i]; i++) {
		if (types[i] == 't')
			web_db_bind_text(q, i + 1, args[i]);
		else if (types[i] == 'd')
			web_db_bind_double(q, i + 1, *(const double *)args[i]);
		else
			web_db_bind_int64(q, i + 1, *(const int64_t *)args[i]);
	}
	int rc = web_db_step(q);
	web_db_finalize(q);
	return rc == WEB_DB_DONE ? 0 : web_store_fail(st, _("cannot write"), err, errcap);
}

int web_store_run(web_store *st, const char *sql, const char *types, const void *const *args,
		  char *err, size_t errcap)
{
	return run(st, sql, types, args, err, errcap);
}

web_db_stmt *web_store_prepare(web_store *st, const char *sql, const char *a, const char *b,
				const char *c)
{
	web_db_stmt *q = web_db_prepare(st->db, sql);
	if (!q)
		return NULL;
	const char *texts[] = {a, b, c};
	for (int i = 0; i < 3 && texts[i]; i++)
		web_db_bind_text(q, i + 1, texts[i]);
	return q;
}

void web_store_text(char *dst, size_t cap, web_db_stmt *q, int col)
{
	const char *t = web_db_text(q, col);
	snprintf(dst, cap, "%s", t ? t : "");
}

static int add_table_locked(web_store *st, const web_table_row *row, char *err, size_t errcap)
{
	int64_t seed = (int64_t)row->seed, created = row->created, hints = row->hints;
	int64_t per_move = row->time.per_move_ms, grace = row->time.grace_ms;
	int64_t forfeit = row->time.forfeit, unlisted = row->unlisted;
	int64_t per_game = row->time.per_game_ms, increment = row->time.increment_ms;
	const void *targs[] = {row->id, row->game, row->preset, row->options, &seed, &created,
			       &hints, &per_move, &row->time.penalty, &grace, &forfeit,
			       &unlisted, row->owner, &per_game, &increment};
	if (run(st, "INSERT INTO tables(id, game, preset, options, seed, created, hints,"
		    " per_move_ms, penalty, grace_ms, forfeit, unlisted, owner, per_game_ms,"
		    " increment_ms) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
		"ttttiiiidiiitii", targs, err, errcap))
		return 1;
	if (!strcmp(st->fault, "after-table-row")) { /* a test's crash: the row, no deal */
		fprintf(stderr, "bones serve: BONES_WEB_FAULT=after-table-row: exiting\n");
		_exit(70);
	}
	for (int i = 0; i < row->seat_count; i++) {
		const web_seat_row *s = &row->seats[i];
		int64_t n = i, is_open = s->open;
		const void *sargs[] = {row->id, &n, s->kind, s->agent, s->name, s->token, &is_open,
				       &s->penalty};
		if (run(st, "INSERT INTO seats(table_id, seat, kind, agent, name, token, open,"
			    " penalty) VALUES(?,?,?,?,?,?,?,?)", "tittttid", sargs, err, errcap))
			return 1;
	}
	int64_t games = row->match_games, target = row->match_target;
	const void *margs[] = {row->id, &games, &target};
	if (games > 0 && run(st, "INSERT INTO matches(table_id, games, target)"
				       " VALUES(?,?,?)", "tii", margs, err, errcap))
		return 1;
	int64_t expires = st->server ? web_store_lease_expiry(st) : 0;
	const void *largs[] = {row->id, &st->server, &expires};
	if (st->server && run(st, "INSERT INTO leases VALUES(?,?,?)", "tii", largs, err, errcap))
		return 1; /* the new table is this process's from its first row on */
	return 0;
}

/* Now on the leases' clock (web_store_lease.c); 0 when not leasing (SQLite). */
static int64_t lease_now(const web_store *st)
{
	return st->lease_now ? st->lease_now(st->lease_user) : 0;
}

int64_t web_store_lease_expiry(const web_store *st)
{
	return lease_now(st) + st->lease_ttl;
}

/* The lease check of a move's commit (web_store_lease.c says why): the lease row of id updated (locked) where this
 * process holds it; 0, WEB_STORE_LEASE_LOST when another process does. st->lock held,
 * in the commit's transaction. */
int web_store_lease_check(web_store *st, const char *id, char *err, size_t errcap)
{
	const void *args[] = {id, &st->server};
	if (!st->server)
		return 0;
	if (web_store_run(st, "UPDATE leases SET server = server WHERE table_id = ? AND"
			  " server = ?", "ti", args, err, errcap))
		return 1;
	if (web_db_changes(st->db) == 1)
		return 0;
	snprintf(err, errcap, "%s", _("another process serves this table now (its lease was "
				      "lost): ask again"));
	return WEB_STORE_LEASE_LOST;
}

static int insert_moves(web_store *st, const char *id, size_t first, const char *const *texts,
			size_t count, char *err, size_t errcap)
{
	int lease = web_store_lease_check(st, id, err, errcap);
	if (lease)
		return lease;
	for (size_t i = 0; i < count; i++) {
		web_db_reset(st->insert_move);
		web_db_bind_text(st->insert_move, 1, id);
		web_db_bind_int64(st->insert_move, 2, (int64_t)(first + i));
		web_db_bind_text(st->insert_move, 3, texts[i]);
		if (web_db_step(st->insert_move) != WEB_DB_DONE) {
			web_db_reset(st->insert_move);
			return web_store_fail(st, _("cannot write"), err, errcap);
		}
	}
	web_db_reset(st->insert_move);
	return 0;
}

/* BEGIN IMMEDIATE ... COMMIT around fn; rolled back when fn fails. */
static int in_transaction(web_store *st, int rc_body, char *err, size_t errcap)
{
	if (rc_body) {
		web_db_exec(st->db, "ROLLBACK");
		return rc_body;
	}
	if (web_db_exec(st->db, "COMMIT")) {
		web_store_fail(st, _("cannot commit"), err, errcap);
		web_db_exec(st->db, "ROLLBACK");
		return 1;
	}
	return 0;
}

static int begin(web_store *st, char *err, size_t errcap)
{
	if (web_db_begin(st->db))
		return web_store_fail(st, _("cannot begin a transaction"), err, errcap);
	return 0;
}

int web_store_add_table(web_store *st, const web_table_row *row, const char *const *texts,
			size_t count, char *err, size_t errcap)
{
	pthread_mutex_lock(&st->lock);
	int rc = begin(st, err, errcap);
	if (!rc)
		rc = in_transaction(st, add_table_locked(st, row, err, errcap) ||
					    insert_moves(st, row->id, 0, texts, count, err, errcap),
				    err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

/* The finished game's row, the next game's start: web_store_next_game's body. */
static int next_game_locked(web_store *st, const char *id, int game, const web_stored_game *g,
			    char *err, size_t errcap)
{
	size_t size = 1;
	for (size_t i = 0; i < g->count; i++)
		size += strlen(g->moves[i]) + 1;
	char *moves = calloc(1, size), pen[WEB_MAX_SEATS * 32] = "";
	if (!moves)
		return snprintf(err, errcap, "%s", _("out of memory")), 1;
	for (size_t i = 0, at = 0; i < g->count; i++)
		at += (size_t)sprintf(moves + at, "%s%s", i ? "\n" : "", g->moves[i]);
	for (int i = 0, at = 0; i < WEB_MAX_SEATS; i++)
		at += snprintf(pen + at, sizeof pen - (size_t)at, "%s%.17g", i ? " " : "",
			       g->penalties[i]);
	int64_t k = game, next = game + 1, resigned = g->resigned, forfeited = g->forfeited;
	const void *gargs[] = {id, &k, moves, pen, &resigned, &forfeited};
	const void *margs[] = {&next, id}, *targs[] = {id};
	int rc = run(st, "INSERT INTO match_games VALUES(?,?,?,?,?,?)", "tittii", gargs, err,
		     errcap) ||
		 run(st, "UPDATE matches SET game = ? WHERE table_id = ?", "it", margs, err,
		     errcap) ||
		 run(st, "DELETE FROM moves WHERE table_id = ?", "t", targs, err, errcap) ||
		 run(st, "UPDATE tables SET resigned = -1, forfeited = 0, forfeit_why = '' WHERE"
		     " id = ?", "t", targs, err, errcap) ||
		 run(st, "UPDATE seats SET penalty = 0, bank_ms = -1 WHERE table_id = ?", "t",
		     targs, err, errcap);
	free(moves);
	return rc;
}

int web_store_next_game(web_store *st, const char *id, int game, const web_stored_game *g,
			char *err, size_t errcap)
{
	pthread_mutex_lock(&st->lock);
	int rc = begin(st, err, errcap);
	if (!rc)
		rc = in_transaction(st, next_game_locked(st, id, game, g, err, errcap), err,
				    errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

/* The moves of one pending entry, inside the batch's transaction, under a savepoint so
 * that one table's failure does not undo the others'. */
static int insert_pending(web_store *st, struct pending *p)
{
	if (web_db_exec(st->db, "SAVEPOINT one"))
		return web_store_fail(st, _("cannot write"), p->err, sizeof p->err);
	int rc = insert_moves(st, p->id, p->first, p->texts, p->count, p->err, sizeof p->err);
	if (rc)
		web_db_exec(st->db, "ROLLBACK TO one");
	web_db_exec(st->db, "RELEASE one");
	return rc;
}

/* Commit one batch (a list of pending entries) in one transaction. */
static void commit_batch(web_store *st, struct pending *batch)
{
	char err[512];
	bool alone = !batch->next; /* one table: the transaction is its own, no savepoint */
	pthread_mutex_lock(&st->lock);
	int rc = begin(st, err, sizeof err);
	for (struct pending *p = batch; !rc && p; p = p->next)
		p->rc = alone ? insert_moves(st, p->id, p->first, p->texts, p->count, p->err,
					     sizeof p->err)
			      : insert_pending(st, p);
	if (!rc && alone && batch->rc)
		snprintf(err, sizeof err, "%s", batch->err);
	if (!rc)
		rc = in_transaction(st, alone ? batch->rc : 0, err, sizeof err);
	pthread_mutex_unlock(&st->lock);
	for (struct pending *p = batch; rc && p; p = p->next) {
		p->rc = rc;
		snprintf(p->err, sizeof p->err, "%s", err);
	}
}

int web_store_add_moves(web_store *st, const char *id, size_t first, const char *const *texts,
			size_t count, char *err, size_t errcap)
{
	if (!count)
		return 0;
	struct pending me = {.id = id, .first = first, .count = count, .texts = texts};
	pthread_mutex_lock(&st->qlock);
	me.next = st->queue, st->queue = &me;
	while (!me.done) {
		if (st->leading) {
			pthread_cond_wait(&st->qdone, &st->qlock);
			continue;
		}
		st->leading = true;
		struct pending *batch = st->queue;
		st->queue = NULL;
		pthread_mutex_unlock(&st->qlock);
		commit_batch(st, batch);
		pthread_mutex_lock(&st->qlock);
		for (struct pending *p = batch, *next; p; p = next) {
			next = p->next; /* p may be freed by its owner once done */
			p->done = true;
		}
		st->leading = false;
		pthread_cond_broadcast(&st->qdone);
	}
	pthread_mutex_unlock(&st->qlock);
	if (me.rc)
		snprintf(err, errcap, "%s", me.err);
	return me.rc;
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

int web_store_take_seat(web_store *st, const char *id, int seat, const char *name, char *err,
			size_t errcap)
{
	int64_t s = seat;
	const void *args[] = {name, id, &s};
	pthread_mutex_lock(&st->lock);
	int rc = run(st, "UPDATE seats SET open = 0, name = ? WHERE table_id = ? AND seat = ?",
		     "tti", args, err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_set_engine(web_store *st, const char *id, int seat, const char *spec, char *err,
			 size_t errcap)
{
	int64_t s = seat;
	const void *args[] = {spec, id, &s};
	pthread_mutex_lock(&st->lock);
	int rc = run(st, "UPDATE seats SET kind = 'engine', agent = ?, token = '', open = 0 "
		     "WHERE table_id = ? AND seat = ?", "tti", args, err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_set_resigned(web_store *st, const char *id, int seat, bool forfeited, char *err,
			   size_t errcap)
{
	int64_t s = seat, f = forfeited;
	const void *args[] = {&s, &f, id};
	pthread_mutex_lock(&st->lock);
	int rc = run(st, "UPDATE tables SET resigned = ?, forfeited = ? WHERE id = ?", "iit", args,
		     err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_set_forfeit_why(web_store *st, const char *id, const char *why, char *err,
			       size_t errcap)
{
	const void *args[] = {why, id};
	pthread_mutex_lock(&st->lock);
	int rc = run(st, "UPDATE tables SET forfeit_why = ? WHERE id = ?", "tt", args, err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_set_aborted(web_store *st, const char *id, char *err, size_t errcap)
{
	const void *args[] = {id};
	pthread_mutex_lock(&st->lock);
	int rc = run(st, "UPDATE tables SET aborted = 1 WHERE id = ?", "t", args, err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_set_penalty(web_store *st, const char *id, int seat, double total, char *err,
			  size_t errcap)
{
	int64_t s = seat;
	const void *args[] = {&total, id, &s};
	pthread_mutex_lock(&st->lock);
	int rc = run(st, "UPDATE seats SET penalty = ? WHERE table_id = ? AND seat = ?", "dti",
		     args, err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_set_bank(web_store *st, const char *id, int seat, int64_t bank_ms, char *err,
		       size_t errcap)
{
	int64_t s = seat;
	const void *args[] = {&bank_ms, id, &s};
	pthread_mutex_lock(&st->lock);
	int rc = run(st, "UPDATE seats SET bank_ms = ? WHERE table_id = ? AND seat = ?", "iti",
		     args, err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_set_damaged(web_store *st, const char *id, const char *why, char *err,
			  size_t errcap)
{
	const void *args[] = {why, id};
	pthread_mutex_lock(&st->lock);
	int rc = run(st, "UPDATE tables SET damaged = ? WHERE id = ?", "tt", args, err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_set_ended(web_store *st, const char *id, int64_t moves, char *err,
			size_t errcap)
{
	const void *args[] = {&moves, id};
	pthread_mutex_lock(&st->lock);
	int rc = run(st, "UPDATE tables SET ended = 1, moves = ? WHERE id = ?", "it", args, err,
		     errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_delete_table(web_store *st, const char *id, char *err, size_t errcap)
{
	static const char *const sql[] = {
		"DELETE FROM moves WHERE table_id = ?", "DELETE FROM seats WHERE table_id = ?",
		"DELETE FROM chat WHERE table_id = ?", "DELETE FROM matches WHERE table_id = ?",
		"DELETE FROM match_games WHERE table_id = ?", "DELETE FROM leases WHERE table_id = ?",
		"DELETE FROM tables WHERE id = ?"};
	const void *args[] = {id};
	pthread_mutex_lock(&st->lock);
	int rc = begin(st, err, errcap), failed = 0;
	for (size_t i = 0; !rc && !failed && i < sizeof sql / sizeof sql[0]; i++)
		failed = run(st, sql[i], "t", args, err, errcap);
	if (!rc)
		rc = in_transaction(st, failed, err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_add_chat(web_store *st, const char *id, const web_chat_row *c, int keep,
		       char *err, size_t errcap)
{
	int64_t n = c->n, seat = c->seat, at = c->at, oldest = c->n - keep;
	const void *args[] = {id, &n, &seat, c->name, c->text, &at};
	const void *dargs[] = {id, &oldest};
	pthread_mutex_lock(&st->lock);
	int rc = begin(st, err, errcap), failed = 0;
	if (!rc)
		failed = run(st, "INSERT INTO chat VALUES(?,?,?,?,?,?)", "tiitti", args, err,
			     errcap) ||
			 run(st, "DELETE FROM chat WHERE table_id = ? AND n <= ?", "ti", dargs, err,
			     errcap);
	if (!rc)
		rc = in_transaction(st, failed, err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_analysis(web_store *st, const char *key, char **json)
{
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = NULL;
	*json = NULL;
	int rc = WEB_DB_ERROR;
	if ((q = web_db_prepare(st->db, "SELECT json FROM analyses WHERE table_id = ?"))) {
		web_db_bind_text(q, 1, key);
		if ((rc = web_db_step(q)) == WEB_DB_ROW) {
			const char *text = web_db_text(q, 0);
			*json = strdup(text ? text : "");
			rc = *json ? WEB_DB_DONE : WEB_DB_NOMEM;
		}
	}
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return rc != WEB_DB_DONE;
}

int web_store_set_analysis(web_store *st, const char *key, const char *json, char *err,
			   size_t errcap)
{
	const void *args[] = {key, json};
	pthread_mutex_lock(&st->lock);
	int rc = run(st, "INSERT INTO analyses VALUES(?, ?) ON CONFLICT(table_id)"
		     " DO UPDATE SET json = excluded.json", "tt", args, err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}
