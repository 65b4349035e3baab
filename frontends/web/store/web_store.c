/* web_store: tables and their history in SQLite (web_store.h). One connection, used
 * under a mutex. Moves of many tables share one commit (group commit): the first
 * writer to arrive commits everything queued meanwhile, so concurrent tables cost one
 * fsync per batch instead of one each. */
#include "web_store_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

static const char schema[] =
	"CREATE TABLE IF NOT EXISTS tables(id TEXT PRIMARY KEY, game TEXT NOT NULL,"
	" preset TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,"
	" created INTEGER NOT NULL, resigned INTEGER NOT NULL DEFAULT -1,"
	" hints INTEGER NOT NULL DEFAULT 0, forfeited INTEGER NOT NULL DEFAULT 0,"
	" per_move_ms INTEGER NOT NULL DEFAULT 0, penalty REAL NOT NULL DEFAULT 0,"
	" grace_ms INTEGER NOT NULL DEFAULT 0, forfeit INTEGER NOT NULL DEFAULT 0);"
	"CREATE TABLE IF NOT EXISTS seats(table_id TEXT NOT NULL, seat INTEGER NOT NULL,"
	" kind TEXT NOT NULL, agent TEXT NOT NULL, name TEXT NOT NULL, token TEXT NOT NULL,"
	" open INTEGER NOT NULL DEFAULT 0, penalty REAL NOT NULL DEFAULT 0,"
	" PRIMARY KEY(table_id, seat));"
	"CREATE TABLE IF NOT EXISTS moves(table_id TEXT NOT NULL, n INTEGER NOT NULL,"
	" text TEXT NOT NULL, PRIMARY KEY(table_id, n));"
	/* matches: the game running; the finished games, moves one per line */
	"CREATE TABLE IF NOT EXISTS matches(table_id TEXT PRIMARY KEY, games INTEGER NOT NULL,"
	" game INTEGER NOT NULL DEFAULT 0);"
	"CREATE TABLE IF NOT EXISTS match_games(table_id TEXT NOT NULL, game INTEGER NOT NULL,"
	" moves TEXT NOT NULL, penalties TEXT NOT NULL, resigned INTEGER NOT NULL,"
	" forfeited INTEGER NOT NULL, PRIMARY KEY(table_id, game));"
	/* the table's chat (web_chat.c): seat -1 a spectator; never in a record */
	"CREATE TABLE IF NOT EXISTS chat(table_id TEXT NOT NULL, n INTEGER NOT NULL,"
	" seat INTEGER NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL,"
	" PRIMARY KEY(table_id, n));"
	/* accounts (web_accounts.c): the password's Argon2id string, sessions by the
	 * hash of their token; never a password or a session token in clear */
	"CREATE TABLE IF NOT EXISTS accounts(name TEXT NOT NULL UNIQUE COLLATE NOCASE,"
	" hash TEXT NOT NULL, created INTEGER NOT NULL);"
	"CREATE TABLE IF NOT EXISTS sessions(hash TEXT PRIMARY KEY, name TEXT NOT NULL,"
	" expires INTEGER NOT NULL);"
	/* the seats an account took (the seat's token, as in seats) */
	"CREATE TABLE IF NOT EXISTS account_seats(name TEXT NOT NULL COLLATE NOCASE,"
	" table_id TEXT NOT NULL, token TEXT NOT NULL, PRIMARY KEY(name, table_id, token));"
	"CREATE INDEX IF NOT EXISTS account_seats_by_seat ON account_seats(table_id, token);"
	/* ratings (web_ratings.c): Glicko-2 by player (an account, "agent:SPEC") and game,
	 * and by player, game and preset; every rated game's result by player (score 1
	 * win, 0.5 draw, 0 loss) */
	"CREATE TABLE IF NOT EXISTS ratings(player TEXT NOT NULL COLLATE NOCASE,"
	" game TEXT NOT NULL, rating REAL NOT NULL, deviation REAL NOT NULL,"
	" volatility REAL NOT NULL, games INTEGER NOT NULL, PRIMARY KEY(player, game));"
	"CREATE TABLE IF NOT EXISTS preset_ratings(player TEXT NOT NULL COLLATE NOCASE,"
	" game TEXT NOT NULL, preset TEXT NOT NULL, rating REAL NOT NULL,"
	" deviation REAL NOT NULL, volatility REAL NOT NULL, games INTEGER NOT NULL,"
	" PRIMARY KEY(player, game, preset));"
	"CREATE TABLE IF NOT EXISTS results(table_id TEXT NOT NULL, game_no INTEGER NOT NULL,"
	" player TEXT NOT NULL COLLATE NOCASE, game TEXT NOT NULL, preset TEXT NOT NULL,"
	" score REAL NOT NULL, rating REAL NOT NULL, deviation REAL NOT NULL,"
	" at INTEGER NOT NULL, PRIMARY KEY(table_id, game_no, player));"
	"CREATE INDEX IF NOT EXISTS results_by_player ON results(player, game);"
	/* tournaments (web_tourney.c): the file as posted, its people, its games' tables;
	 * results live in DIR/tourneys/ID.sqlite */
	"CREATE TABLE IF NOT EXISTS tourneys(id TEXT PRIMARY KEY, name TEXT NOT NULL,"
	" format TEXT NOT NULL, ini TEXT NOT NULL, creator TEXT NOT NULL, state TEXT NOT NULL,"
	" start_at INTEGER NOT NULL, created INTEGER NOT NULL);"
	"CREATE TABLE IF NOT EXISTS tourney_people(tourney TEXT NOT NULL, n INTEGER NOT NULL,"
	" name TEXT NOT NULL COLLATE NOCASE, PRIMARY KEY(tourney, n), UNIQUE(tourney, name));"
	"CREATE TABLE IF NOT EXISTS tourney_tables(tourney TEXT NOT NULL, round INTEGER NOT NULL,"
	" slot INTEGER NOT NULL, table_id TEXT NOT NULL, PRIMARY KEY(tourney, round, slot));"
	/* the number of starts: versions grow across restarts (web_store_epoch) */
	"CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value INTEGER NOT NULL);"
	"INSERT OR IGNORE INTO meta VALUES('epoch', 0);";

/* The schema's changes since its first version, in order: a database at version N
 * (PRAGMA user_version) gets changes N.. at the start, in one transaction, and an error
 * stops the start. A column a server before the versions added already is skipped
 * (column set: the change adds it to table). Only ever append. */
static const struct migration {
	const char *sql;
	const char *table, *column;
} migrations[] = {
	{"ALTER TABLE tables ADD COLUMN damaged TEXT", "tables", "damaged"}, /* why set aside */
	{"ALTER TABLE tables ADD COLUMN unlisted INTEGER NOT NULL DEFAULT 0", "tables",
	 "unlisted"}, /* private */
	{"ALTER TABLE tables ADD COLUMN owner TEXT NOT NULL DEFAULT ''", "tables", "owner"},
	{"ALTER TABLE tables ADD COLUMN per_game_ms INTEGER NOT NULL DEFAULT 0", "tables",
	 "per_game_ms"}, /* a bank of time */
	{"ALTER TABLE tables ADD COLUMN increment_ms INTEGER NOT NULL DEFAULT 0", "tables",
	 "increment_ms"},
	/* each seat's time left of the bank after its last move, -1: the whole bank */
	{"ALTER TABLE seats ADD COLUMN bank_ms INTEGER NOT NULL DEFAULT -1", "seats", "bank_ms"},
	/* finished games' analyses by table id, a match's later games "ID#K" (web_analysis.c) */
	{"CREATE TABLE IF NOT EXISTS analyses(table_id TEXT PRIMARY KEY, json TEXT NOT NULL)",
	 NULL, NULL},
	/* 1: the game (a match: its last game) is over; a start does not load it, it is
	 * read back when someone asks for it (web_tables_find); moves: its player moves */
	{"ALTER TABLE tables ADD COLUMN ended INTEGER NOT NULL DEFAULT 0", "tables", "ended"},
	{"ALTER TABLE tables ADD COLUMN moves INTEGER NOT NULL DEFAULT 0", "tables", "moves"},
	{"CREATE INDEX IF NOT EXISTS tables_ended ON tables(ended, unlisted, created)", NULL,
	 NULL},
	/* a match to a target score: the target, 0 none */
	{"ALTER TABLE matches ADD COLUMN target INTEGER NOT NULL DEFAULT 0", "matches", "target"},
	/* why an engine seat forfeited the game running (its crash, its illegal move) */
	{"ALTER TABLE tables ADD COLUMN forfeit_why TEXT NOT NULL DEFAULT ''", "tables",
	 "forfeit_why"},
	/* 1: the game was aborted before its first moves (never rated) */
	{"ALTER TABLE tables ADD COLUMN aborted INTEGER NOT NULL DEFAULT 0", "tables", "aborted"},
	/* 1: a bot account (`bones bot` plays it through the API) */
	{"ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0", "accounts", "bot"},
};

#define SCHEMA_VERSION ((int)(sizeof migrations / sizeof migrations[0]))

/* Whether table has column (an older server's change, made before the versions). */
static bool has_column(web_store *st, const char *table, const char *column)
{
	char sql[128];
	sqlite3_stmt *q = NULL;
	bool found = false;
	snprintf(sql, sizeof sql, "PRAGMA table_info(%s)", table);
	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return false;
	while (!found && sqlite3_step(q) == SQLITE_ROW)
		found = !strcmp((const char *)sqlite3_column_text(q, 1), column);
	sqlite3_finalize(q);
	return found;
}

static int user_version(web_store *st)
{
	sqlite3_stmt *q = NULL;
	int v = -1;
	if (sqlite3_prepare_v2(st->db, "PRAGMA user_version", -1, &q, NULL) == SQLITE_OK &&
	    sqlite3_step(q) == SQLITE_ROW)
		v = sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	return v;
}

/* The base schema, then the migrations the database lacks, in one transaction; a
 * database of a newer server is refused. err names the file and the change. */
static int migrate(web_store *st, char *err, size_t errcap)
{
	int from = user_version(st);
	if (from > SCHEMA_VERSION) {
		snprintf(err, errcap, _("'%s': made by a newer server (schema version %d; this one "
					"reads up to %d): run that version"), st->path, from,
			 SCHEMA_VERSION);
		return 1;
	}
	if (from == SCHEMA_VERSION)
		return 0;
	char sql[64];
	int rc = sqlite3_exec(st->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) ||
		 sqlite3_exec(st->db, schema, NULL, NULL, NULL);
	for (int i = from < 0 ? 0 : from; !rc && i < SCHEMA_VERSION; i++) {
		const struct migration *m = &migrations[i];
		if (m->column && has_column(st, m->table, m->column))
			continue;
		if ((rc = sqlite3_exec(st->db, m->sql, NULL, NULL, NULL)))
			snprintf(err, errcap,
				 _("'%s': cannot change the schema to version %d (%s): %s"),
				 st->path, i + 1, m->sql, sqlite3_errmsg(st->db));
	}
	snprintf(sql, sizeof sql, "PRAGMA user_version = %d", SCHEMA_VERSION);
	if (!rc && (rc = sqlite3_exec(st->db, sql, NULL, NULL, NULL) ||
			 sqlite3_exec(st->db, "COMMIT", NULL, NULL, NULL)))
		snprintf(err, errcap, _("'%s': cannot open the database: %s"), st->path,
			 sqlite3_errmsg(st->db));
	if (rc)
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
	return rc ? 1 : 0;
}

int web_store_fail(web_store *st, const char *what, char *err, size_t errcap)
{
	snprintf(err, errcap, "bones-web.sqlite: %s: %.150s", what, sqlite3_errmsg(st->db));
	return 1;
}

/* One more start on this database: the epoch, 0 when it cannot be counted. */
static uint64_t next_epoch(web_store *st)
{
	sqlite3_stmt *q = NULL;
	int64_t epoch = 0;
	if (sqlite3_exec(st->db, "UPDATE meta SET value = value + 1 WHERE key = 'epoch'", NULL,
			 NULL, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(st->db, "SELECT value FROM meta WHERE key = 'epoch'", -1, &q,
			       NULL) == SQLITE_OK &&
	    sqlite3_step(q) == SQLITE_ROW)
		epoch = sqlite3_column_int64(q, 0);
	sqlite3_finalize(q);
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
	sqlite3_stmt *q = NULL;
	bool ok = web_token_random_bytes(&fresh, sizeof fresh) &&
		  sqlite3_prepare_v2(st->db, "INSERT OR IGNORE INTO meta VALUES('deal_key', ?)",
				     -1, &q, NULL) == SQLITE_OK &&
		  sqlite3_bind_int64(q, 1, (sqlite3_int64)fresh) == SQLITE_OK &&
		  sqlite3_step(q) == SQLITE_DONE;
	sqlite3_finalize(q);
	q = NULL;
	ok = ok && sqlite3_prepare_v2(st->db, "SELECT value FROM meta WHERE key = 'deal_key'", -1,
				      &q, NULL) == SQLITE_OK &&
	     sqlite3_step(q) == SQLITE_ROW;
	if (ok)
		st->deal_key = (uint64_t)sqlite3_column_int64(q, 0);
	sqlite3_finalize(q);
	return ok;
}

uint64_t web_store_deal_key(const web_store *st)
{
	return st->deal_key;
}

int web_store_open(const char *dir, web_store **out, char *err, size_t errcap)
{
	web_store *st = calloc(1, sizeof *st);
	*out = NULL;
	if (!st) {
		snprintf(err, errcap, _("out of memory"));
		return 1;
	}
	snprintf(st->path, sizeof st->path, "%s/bones-web.sqlite", dir);
	snprintf(st->dir, sizeof st->dir, "%s", dir);
	/* create it private before SQLite does: it holds the seat tokens */
	int fd = open(st->path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0) {
		snprintf(err, errcap, _("cannot open '%s': %s"), st->path, strerror(errno));
		free(st);
		return 1;
	}
	close(fd);
	pthread_mutex_init(&st->lock, NULL);
	pthread_mutex_init(&st->qlock, NULL);
	pthread_cond_init(&st->qdone, NULL);
	if (sqlite3_open_v2(st->path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
			    SQLITE_OPEN_FULLMUTEX, NULL) != SQLITE_OK ||
	    sqlite3_busy_timeout(st->db, 10000) ||
	    sqlite3_exec(st->db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL) ||
	    sqlite3_exec(st->db, "PRAGMA synchronous=FULL", NULL, NULL, NULL)) {
		snprintf(err, errcap, _("'%s': cannot open the database: %s"), st->path,
			 sqlite3_errmsg(st->db));
		web_store_close(st);
		return 1;
	}
	if (migrate(st, err, errcap)) {
		web_store_close(st);
		return 1;
	}
	if (sqlite3_prepare_v2(st->db, "INSERT INTO moves VALUES(?,?,?)", -1, &st->insert_move,
			       NULL)) {
		snprintf(err, errcap, _("'%s': cannot open the database: %s"), st->path,
			 sqlite3_errmsg(st->db));
		web_store_close(st);
		return 1;
	}
	st->epoch = next_epoch(st);
	if (!read_deal_key(st)) {
		snprintf(err, errcap, _("'%s': cannot keep the deal key: %s"), st->path,
			 sqlite3_errmsg(st->db));
		web_store_close(st);
		return 1;
	}
	const char *fault = getenv("BONES_WEB_FAULT");
	snprintf(st->fault, sizeof st->fault, "%s", fault ? fault : "");
	*out = st;
	return 0;
}

void web_store_close(web_store *st)
{
	if (!st)
		return;
	sqlite3_finalize(st->insert_move);
	sqlite3_close(st->db);
	pthread_mutex_destroy(&st->lock);
	pthread_mutex_destroy(&st->qlock);
	pthread_cond_destroy(&st->qdone);
	free(st);
}

/* Run one statement with bindings: types "t" text, "i" int64, "d" double. */
static int run(web_store *st, const char *sql, const char *types, const void *const *args,
	       char *err, size_t errcap)
{
	sqlite3_stmt *q = NULL;
	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return web_store_fail(st, _("cannot prepare a statement"), err, errcap);
	for (int i = 0; types[i]; i++) {
		if (types[i] == 't')
			sqlite3_bind_text(q, i + 1, args[i], -1, SQLITE_TRANSIENT);
		else if (types[i] == 'd')
			sqlite3_bind_double(q, i + 1, *(const double *)args[i]);
		else
			sqlite3_bind_int64(q, i + 1, *(const int64_t *)args[i]);
	}
	int rc = sqlite3_step(q);
	sqlite3_finalize(q);
	return rc == SQLITE_DONE ? 0 : web_store_fail(st, _("cannot write"), err, errcap);
}

int web_store_run(web_store *st, const char *sql, const char *types, const void *const *args,
		  char *err, size_t errcap)
{
	return run(st, sql, types, args, err, errcap);
}

sqlite3_stmt *web_store_prepare(web_store *st, const char *sql, const char *a, const char *b,
				const char *c)
{
	sqlite3_stmt *q = NULL;
	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK) {
		sqlite3_finalize(q);
		return NULL;
	}
	const char *texts[] = {a, b, c};
	for (int i = 0; i < 3 && texts[i]; i++)
		sqlite3_bind_text(q, i + 1, texts[i], -1, SQLITE_TRANSIENT);
	return q;
}

void web_store_text(char *dst, size_t cap, sqlite3_stmt *q, int col)
{
	const unsigned char *t = sqlite3_column_text(q, col);
	snprintf(dst, cap, "%s", t ? (const char *)t : "");
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
	return 0;
}

static int insert_moves(web_store *st, const char *id, size_t first, const char *const *texts,
			size_t count, char *err, size_t errcap)
{
	for (size_t i = 0; i < count; i++) {
		sqlite3_reset(st->insert_move);
		sqlite3_bind_text(st->insert_move, 1, id, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st->insert_move, 2, (sqlite3_int64)(first + i));
		sqlite3_bind_text(st->insert_move, 3, texts[i], -1, SQLITE_STATIC);
		if (sqlite3_step(st->insert_move) != SQLITE_DONE) {
			sqlite3_reset(st->insert_move);
			return web_store_fail(st, _("cannot write"), err, errcap);
		}
	}
	sqlite3_reset(st->insert_move);
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
		web_store_fail(st, _("cannot commit"), err, errcap);
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
		return 1;
	}
	return 0;
}

static int begin(web_store *st, char *err, size_t errcap)
{
	if (sqlite3_exec(st->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
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
	if (sqlite3_exec(st->db, "SAVEPOINT one", NULL, NULL, NULL) != SQLITE_OK)
		return web_store_fail(st, _("cannot write"), p->err, sizeof p->err);
	int rc = insert_moves(st, p->id, p->first, p->texts, p->count, p->err, sizeof p->err);
	if (rc)
		sqlite3_exec(st->db, "ROLLBACK TO one", NULL, NULL, NULL);
	sqlite3_exec(st->db, "RELEASE one", NULL, NULL, NULL);
	return rc;
}

/* Commit one batch (a list of pending entries) in one transaction. */
static void commit_batch(web_store *st, struct pending *batch)
{
	char err[512];
	pthread_mutex_lock(&st->lock);
	int rc = begin(st, err, sizeof err);
	for (struct pending *p = batch; !rc && p; p = p->next)
		p->rc = insert_pending(st, p);
	if (!rc)
		rc = in_transaction(st, 0, err, sizeof err);
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
		"DELETE FROM match_games WHERE table_id = ?", "DELETE FROM tables WHERE id = ?"};
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
	sqlite3_stmt *q = NULL;
	*json = NULL;
	int rc = sqlite3_prepare_v2(st->db, "SELECT json FROM analyses WHERE table_id = ?", -1,
				    &q, NULL);
	if (rc == SQLITE_OK) {
		sqlite3_bind_text(q, 1, key, -1, SQLITE_TRANSIENT);
		if ((rc = sqlite3_step(q)) == SQLITE_ROW) {
			const unsigned char *text = sqlite3_column_text(q, 0);
			*json = strdup(text ? (const char *)text : "");
			rc = *json ? SQLITE_DONE : SQLITE_NOMEM;
		}
	}
	sqlite3_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return rc != SQLITE_DONE;
}

int web_store_set_analysis(web_store *st, const char *key, const char *json, char *err,
			   size_t errcap)
{
	const void *args[] = {key, json};
	pthread_mutex_lock(&st->lock);
	int rc = run(st, "INSERT OR REPLACE INTO analyses VALUES(?, ?)", "tt", args, err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}
