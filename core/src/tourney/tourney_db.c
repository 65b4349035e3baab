/* Tournament results in SQLite (WAL, synchronous=FULL unless the tourney says normal):
 * each game stored whole in a transaction (of one game or a batch), so a kill -9 or a
 * power cut loses no committed game and a resumed run repeats none; see
 * bones/tourney_db.h and docs/tournaments.md for the schema. */
#include "bones/tourney_db.h"

#include "bones/i18n.h"

#include <errno.h>
#include <sqlite3.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct bones_tourney_db {
	sqlite3 *db;
	sqlite3_stmt *add_game, *add_seat, *chance;
};

/* Seats are WITHOUT ROWID (one b-tree, not a table plus its key's index) and new files
 * get 16 KiB pages: storing a game then costs about half as much (docs/tournaments.md,
 * "Speed"). */
static const char schema[] =
	"CREATE TABLE IF NOT EXISTS tourney(name TEXT PRIMARY KEY, config TEXT NOT NULL,"
	" format TEXT, seed INTEGER);"
	"CREATE TABLE IF NOT EXISTS game(tourney TEXT NOT NULL, round INTEGER NOT NULL,"
	" slot INTEGER NOT NULL, game TEXT NOT NULL, set_no INTEGER, perm INTEGER,"
	" seats INTEGER NOT NULL, seed INTEGER, moves INTEGER, ms INTEGER,"
	" forfeit TEXT NOT NULL DEFAULT '', chance TEXT NOT NULL, record TEXT NOT NULL,"
	" PRIMARY KEY(tourney, round, slot)) WITHOUT ROWID;"
	"CREATE TABLE IF NOT EXISTS seat(tourney TEXT NOT NULL, round INTEGER NOT NULL,"
	" slot INTEGER NOT NULL, seat INTEGER NOT NULL, player TEXT NOT NULL, score REAL,"
	" rank INTEGER, points REAL, PRIMARY KEY(tourney, round, slot, seat)) WITHOUT ROWID;";

static bones_status db_fail(sqlite3 *db, const char *what, char *err, size_t errcap)
{
	snprintf(err, errcap, "%s: %s", what, db ? sqlite3_errmsg(db) : _("out of memory"));
	return BONES_EIO;
}

/* What ended a scan: SQLITE_DONE is the end of the rows; anything else (SQLITE_NOMEM
 * above all) a failure that must not pass for a shorter result. */
static bones_status scan_status(int rc)
{
	return rc == SQLITE_DONE ? BONES_OK : rc == SQLITE_NOMEM ? BONES_ENOMEM : BONES_EIO;
}

/* Column reads that ran out of memory return NULL or 0 and leave SQLITE_NOMEM as the
 * connection's error code (the step before them left SQLITE_ROW there). */
static bool columns_failed(sqlite3 *db)
{
	return sqlite3_errcode(db) == SQLITE_NOMEM;
}

/* A prepare that failed: out of memory, or a file that is not ours (damaged, old). */
static bones_status prepare_status(sqlite3 *db)
{
	return sqlite3_errcode(db) == SQLITE_NOMEM ? BONES_ENOMEM : BONES_EIO;
}

static bool prepare(sqlite3 *db, const char *sql, sqlite3_stmt **st)
{
	return sqlite3_prepare_v2(db, sql, -1, st, NULL) == SQLITE_OK;
}

static bones_status prepare_all(bones_tourney_db *d, char *err, size_t errcap)
{
	if (!prepare(d->db, "INSERT INTO game VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?)", &d->add_game) ||
	    !prepare(d->db, "INSERT INTO seat VALUES(?,?,?,?,?,?,?,?)", &d->add_seat) ||
	    !prepare(d->db, "SELECT chance FROM game WHERE tourney=? AND round=? AND slot=?",
		     &d->chance))
		return db_fail(d->db, _("results database"), err, errcap);
	return BONES_OK;
}

/* Store t's configuration, or check it against the stored one. */
static bones_status claim(bones_tourney_db *d, const bones_tourney *t, bool resume,
			  const char *path, char *err, size_t errcap)
{
	sqlite3_stmt *q;
	if (!prepare(d->db, "SELECT config, (SELECT count(*) FROM game WHERE tourney=?1)"
			    " FROM tourney WHERE name=?1", &q))
		return db_fail(d->db, path, err, errcap);
	sqlite3_bind_text(q, 1, t->name, -1, SQLITE_STATIC);
	bones_status st = BONES_OK;
	if (sqlite3_step(q) == SQLITE_ROW) {
		const char *config = (const char *)sqlite3_column_text(q, 0);
		int games = sqlite3_column_int(q, 1);
		if (config && strcmp(config, t->config_text)) {
			snprintf(err, errcap, _("'%s' holds tournament '%s' from a different "
				 "configuration: restore that file or choose another output"), path,
				 t->name);
			st = BONES_EINVAL;
		} else if (games && !resume) {
			snprintf(err, errcap, _("'%s' already holds %d games of '%s': continue with "
				 "--resume or choose another output"), path, games, t->name);
			st = BONES_EINVAL;
		}
		sqlite3_finalize(q);
		return st;
	}
	sqlite3_finalize(q);
	if (!prepare(d->db, "INSERT INTO tourney VALUES(?,?,?,?)", &q))
		return db_fail(d->db, path, err, errcap);
	sqlite3_bind_text(q, 1, t->name, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 2, t->config_text, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 3, bones_tourney_format_name(t->format), -1, SQLITE_STATIC);
	sqlite3_bind_int64(q, 4, (sqlite3_int64)t->seed);
	if (sqlite3_step(q) != SQLITE_DONE)
		st = db_fail(d->db, path, err, errcap);
	sqlite3_finalize(q);
	return st;
}

/* Whether the tables exist: then opening needs no write lock (a report can read while
 * a run writes). */
static bool has_schema(sqlite3 *db)
{
	sqlite3_stmt *q;
	bool yes = false;
	if (prepare(db, "SELECT count(*) FROM sqlite_master WHERE name IN ('tourney','game','seat')",
		    &q) && sqlite3_step(q) == SQLITE_ROW)
		yes = sqlite3_column_int(q, 0) == 3;
	sqlite3_finalize(q);
	return yes;
}

bones_status bones_tourney_db_open(const char *path, const bones_tourney *t, bool resume,
				   bones_tourney_db **out, char *err, size_t errcap)
{
	bones_tourney_db *d = calloc(1, sizeof *d);
	*out = NULL;
	if (!d) {
		snprintf(err, errcap, _("%s: out of memory"), path);
		return BONES_ENOMEM;
	}
	bones_status st;
	if (sqlite3_open_v2(path, &d->db,
			    SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
			    NULL) ||
	    sqlite3_busy_timeout(d->db, 10000) ||
	    sqlite3_exec(d->db, "PRAGMA synchronous=FULL", NULL, NULL, NULL) ||
	    (!has_schema(d->db) &&
	     (sqlite3_exec(d->db, "PRAGMA page_size=16384", NULL, NULL, NULL) ||
	      sqlite3_exec(d->db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL) ||
	      sqlite3_exec(d->db, schema, NULL, NULL, NULL)))) {
		st = db_fail(d->db, path, err, errcap);
		goto out_close;
	}
	if (t && t->sync_normal)
		sqlite3_exec(d->db, "PRAGMA synchronous=NORMAL", NULL, NULL, NULL);
	if ((st = prepare_all(d, err, errcap)))
		goto out_close;
	if (t && (st = claim(d, t, resume, path, err, errcap)))
		goto out_close;
	*out = d;
	return BONES_OK;
out_close:
	bones_tourney_db_close(d);
	return st;
}

void bones_tourney_db_close(bones_tourney_db *d)
{
	if (!d)
		return;
	sqlite3_finalize(d->add_game);
	sqlite3_finalize(d->add_seat);
	sqlite3_finalize(d->chance);
	sqlite3_close(d->db);
	free(d);
}

/* Binds return SQLITE_OK or an error (SQLITE_NOMEM for a copy that failed): each rc
 * is or-ed in, so one failure anywhere refuses the row. */
static int bind_key(sqlite3_stmt *q, const char *tourney, int round, int slot)
{
	return sqlite3_bind_text(q, 1, tourney, -1, SQLITE_TRANSIENT) |
	       sqlite3_bind_int(q, 2, round) | sqlite3_bind_int(q, 3, slot);
}

/* Why a row was not stored, for the message: SQLite's own words, but a failed bind
 * (a copy that found no memory) leaves none. */
static const char *insert_failure(bones_tourney_db *d, int bind_rc)
{
	return bind_rc ? N_("out of memory") : sqlite3_errmsg(d->db);
}

static const char *insert_seats(bones_tourney_db *d, const bones_tourney_game_row *r)
{
	sqlite3_stmt *q = d->add_seat;
	for (int i = 0; i < r->seats; i++) {
		sqlite3_reset(q);
		int rc = bind_key(q, r->tourney, r->round, r->slot) | sqlite3_bind_int(q, 4, i + 1) |
			 sqlite3_bind_text(q, 5, r->player[i], -1, SQLITE_TRANSIENT) |
			 sqlite3_bind_double(q, 6, r->score[i]) | sqlite3_bind_int(q, 7, r->rank[i]) |
			 sqlite3_bind_double(q, 8, r->points[i]);
		if (rc != SQLITE_OK || sqlite3_step(q) != SQLITE_DONE)
			return insert_failure(d, rc);
	}
	return NULL;
}

/* A game row with its seats; NULL, or why not (nothing half-written: the caller rolls
 * back). A game without its record or chance outcomes is refused, never stored empty. */
static const char *insert_row(bones_tourney_db *d, const bones_tourney_game_row *r)
{
	if (!r->chance || !r->record)
		return N_("a game without its record");
	sqlite3_stmt *q = d->add_game;
	sqlite3_reset(q);
	int rc = bind_key(q, r->tourney, r->round, r->slot) |
		 sqlite3_bind_text(q, 4, r->game, -1, SQLITE_TRANSIENT) |
		 sqlite3_bind_int(q, 5, r->set) | sqlite3_bind_int(q, 6, r->perm) |
		 sqlite3_bind_int(q, 7, r->seats) |
		 sqlite3_bind_int64(q, 8, (sqlite3_int64)r->seed) |
		 sqlite3_bind_int(q, 9, r->moves) | sqlite3_bind_int64(q, 10, r->ms) |
		 sqlite3_bind_text(q, 11, r->forfeit, -1, SQLITE_TRANSIENT) |
		 sqlite3_bind_text(q, 12, r->chance, -1, SQLITE_TRANSIENT) |
		 sqlite3_bind_text(q, 13, r->record, -1, SQLITE_TRANSIENT);
	if (rc != SQLITE_OK || sqlite3_step(q) != SQLITE_DONE)
		return insert_failure(d, rc);
	return insert_seats(d, r);
}

bones_status bones_tourney_db_add_many(bones_tourney_db *d,
				       const bones_tourney_game_row *const *rows, size_t n,
				       char *err, size_t errcap)
{
	if (sqlite3_exec(d->db, "BEGIN IMMEDIATE", NULL, NULL, NULL))
		return db_fail(d->db, _("cannot store a game"), err, errcap);
	for (size_t i = 0; i < n; i++) {
		const char *why = insert_row(d, rows[i]);
		if (why) {
			snprintf(err, errcap, _("cannot store a game: %s"), _(why));
			sqlite3_exec(d->db, "ROLLBACK", NULL, NULL, NULL);
			return strcmp(why, "out of memory") ? BONES_EIO : BONES_ENOMEM;
		}
	}
	if (sqlite3_exec(d->db, "COMMIT", NULL, NULL, NULL))
		return db_fail(d->db, _("cannot commit a game"), err, errcap);
	return BONES_OK;
}

bones_status bones_tourney_db_add(bones_tourney_db *d, const bones_tourney_game_row *row,
				  char *err, size_t errcap)
{
	return bones_tourney_db_add_many(d, &row, 1, err, errcap);
}

struct bones_tourney_stored {
	uint64_t *keys; /* round << 32 | slot, ascending */
	size_t count;
};

static uint64_t stored_key(int round, int slot)
{
	return (uint64_t)(uint32_t)round << 32 | (uint32_t)slot;
}

bones_status bones_tourney_db_stored(bones_tourney_db *d, const char *tourney,
				     bones_tourney_stored **out)
{
	sqlite3_stmt *q;
	bones_tourney_stored *s = calloc(1, sizeof *s);
	size_t cap = 0;
	bones_status st = BONES_OK;
	*out = NULL;
	if (!s)
		return BONES_ENOMEM;
	if (!prepare(d->db, "SELECT round, slot FROM game WHERE tourney=? ORDER BY round, slot",
		     &q)) {
		free(s);
		return prepare_status(d->db);
	}
	int rc = sqlite3_bind_text(q, 1, tourney, -1, SQLITE_STATIC);
	while (!st && !rc && (rc = sqlite3_step(q)) == SQLITE_ROW) {
		if (s->count == cap) {
			cap = cap ? 2 * cap : 256;
			uint64_t *k = realloc(s->keys, cap * sizeof *k);
			if (!k) {
				st = BONES_ENOMEM;
				break;
			}
			s->keys = k;
		}
		s->keys[s->count++] = stored_key(sqlite3_column_int(q, 0), sqlite3_column_int(q, 1));
		rc = 0;
	}
	if (!st)
		st = scan_status(rc);
	sqlite3_finalize(q);
	if (st) {
		bones_tourney_stored_free(s);
		return st;
	}
	*out = s;
	return BONES_OK;
}

bool bones_tourney_stored_has(const bones_tourney_stored *s, int round, int slot)
{
	uint64_t key = stored_key(round, slot);
	size_t lo = 0, hi = s->count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (s->keys[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < s->count && s->keys[lo] == key;
}

void bones_tourney_stored_free(bones_tourney_stored *s)
{
	if (s)
		free(s->keys);
	free(s);
}

char *bones_tourney_db_chance(bones_tourney_db *d, const char *tourney, int round, int slot)
{
	sqlite3_reset(d->chance);
	bind_key(d->chance, tourney, round, slot);
	if (sqlite3_step(d->chance) != SQLITE_ROW)
		return NULL;
	const char *text = (const char *)sqlite3_column_text(d->chance, 0);
	return text ? strdup(text) : NULL;
}

/* Copy column i of q, text or NULL, into dst[cap]. */
static void copy_text(sqlite3_stmt *q, int i, char *dst, size_t cap)
{
	const char *text = (const char *)sqlite3_column_text(q, i);
	size_t len = text ? (size_t)sqlite3_column_bytes(q, i) : 0;
	len = len < cap ? len : cap - 1;
	memcpy(dst, text ? text : "", len);
	dst[len] = '\0';
}

static void read_row(sqlite3_stmt *q, bones_tourney_game_row *r)
{
	memset(r, 0, offsetof(bones_tourney_game_row, player));
	copy_text(q, 0, r->tourney, sizeof r->tourney);
	r->round = sqlite3_column_int(q, 1);
	r->slot = sqlite3_column_int(q, 2);
	copy_text(q, 3, r->game, sizeof r->game);
	r->set = sqlite3_column_int(q, 4);
	r->perm = sqlite3_column_int(q, 5);
	r->seats = sqlite3_column_int(q, 6);
	if (r->seats > BONES_TOURNEY_MAX_SEATS)
		r->seats = BONES_TOURNEY_MAX_SEATS;
	r->seed = (uint64_t)sqlite3_column_int64(q, 7);
	r->moves = sqlite3_column_int(q, 8);
	r->ms = sqlite3_column_int64(q, 9);
	copy_text(q, 10, r->forfeit, sizeof r->forfeit);
	r->chance = r->record = NULL;
}

/* A seat row (tourney, round, slot, seat, player, score, rank, points) into its game. */
static void read_seat(sqlite3_stmt *q, bones_tourney_game_row *r)
{
	int i = sqlite3_column_int(q, 3) - 1;
	if (i < 0 || i >= r->seats)
		return;
	copy_text(q, 4, r->player[i], sizeof r->player[i]);
	r->score[i] = sqlite3_column_double(q, 5);
	r->rank[i] = sqlite3_column_int(q, 6);
	r->points[i] = sqlite3_column_double(q, 7);
}

/* How the key (tourney, round, slot) of q's row compares with r's. */
static int compare_key(sqlite3_stmt *q, const bones_tourney_game_row *r)
{
	int c = strcmp((const char *)sqlite3_column_text(q, 0), r->tourney);
	if (!c)
		c = sqlite3_column_int(q, 1) - r->round;
	if (!c)
		c = sqlite3_column_int(q, 2) - r->slot;
	return c;
}

/* Both tables are clustered on the key: two scans in key order, merged here. */
bones_status bones_tourney_db_rows(bones_tourney_db *d, const char *tourney,
				   bones_tourney_game_row **rows, size_t *count)
{
	sqlite3_stmt *g, *s;
	*rows = NULL;
	*count = 0;
	if (!prepare(d->db, "SELECT tourney, round, slot, game, set_no, perm, seats, seed, moves,"
			    " ms, forfeit FROM game WHERE ?1 IS NULL OR tourney=?1"
			    " ORDER BY tourney, round, slot", &g))
		return prepare_status(d->db);
	if (!prepare(d->db, "SELECT tourney, round, slot, seat, player, score, rank, points"
			    " FROM seat WHERE ?1 IS NULL OR tourney=?1"
			    " ORDER BY tourney, round, slot, seat", &s)) {
		sqlite3_finalize(g);
		return prepare_status(d->db);
	}
	size_t cap = 0;
	bones_status st = BONES_OK;
	if (sqlite3_bind_text(g, 1, tourney, -1, SQLITE_STATIC) ||
	    sqlite3_bind_text(s, 1, tourney, -1, SQLITE_STATIC))
		st = BONES_ENOMEM;
	int rc_s = st ? SQLITE_DONE : sqlite3_step(s), rc_g = SQLITE_DONE;
	bool seat = rc_s == SQLITE_ROW;
	while (!st && (rc_g = sqlite3_step(g)) == SQLITE_ROW) {
		if (*count == cap) {
			cap = cap ? cap * 2 : 256;
			bones_tourney_game_row *v = realloc(*rows, cap * sizeof *v);
			if (!v) {
				st = BONES_ENOMEM;
				break;
			}
			*rows = v;
		}
		bones_tourney_game_row *r = &(*rows)[(*count)++];
		read_row(g, r);
		if (columns_failed(d->db))
			st = BONES_ENOMEM;
		for (int c; !st && seat && (c = compare_key(s, r)) <= 0;
		     seat = (rc_s = sqlite3_step(s)) == SQLITE_ROW) {
			if (c == 0)
				read_seat(s, r);
			if (columns_failed(d->db))
				st = BONES_ENOMEM;
		}
		rc_g = SQLITE_DONE;
	}
	if (!st)
		st = scan_status(rc_g);
	if (!st && rc_s != SQLITE_ROW)
		st = scan_status(rc_s);
	sqlite3_finalize(g);
	sqlite3_finalize(s);
	if (st) {
		free(*rows);
		*rows = NULL;
		*count = 0;
	}
	return st;
}

void bones_tourney_db_free_rows(bones_tourney_game_row *rows)
{
	free(rows);
}

/* Copy one file's games into the open output, refusing disagreeing duplicates. */
static bones_status merge_one(sqlite3 *db, const char *src, char *err, size_t errcap)
{
	sqlite3_stmt *q;
	if (!prepare(db, "ATTACH DATABASE ? AS src", &q))
		return db_fail(db, src, err, errcap);
	sqlite3_bind_text(q, 1, src, -1, SQLITE_STATIC);
	int rc = sqlite3_step(q);
	sqlite3_finalize(q);
	if (rc != SQLITE_DONE)
		return db_fail(db, src, err, errcap);
	static const char check[] =
		"SELECT count(*) FROM src.seat s JOIN main.seat m USING(tourney, round, slot, seat)"
		" WHERE s.player IS NOT m.player OR s.rank IS NOT m.rank OR s.score IS NOT m.score";
	bones_status st = BONES_OK;
	if (!prepare(db, check, &q) || sqlite3_step(q) != SQLITE_ROW) {
		st = db_fail(db, src, err, errcap);
	} else if (sqlite3_column_int(q, 0)) {
		snprintf(err, errcap, _("'%s': %d seats disagree with a file merged before"), src,
			 sqlite3_column_int(q, 0));
		st = BONES_EINVAL;
	}
	sqlite3_finalize(q);
	if (!st && sqlite3_exec(db,
				"BEGIN; INSERT OR IGNORE INTO main.tourney SELECT * FROM src.tourney;"
				"INSERT OR IGNORE INTO main.game SELECT * FROM src.game;"
				"INSERT OR IGNORE INTO main.seat SELECT * FROM src.seat; COMMIT;",
				NULL, NULL, NULL)) {
		st = db_fail(db, src, err, errcap);
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	}
	sqlite3_exec(db, "DETACH DATABASE src", NULL, NULL, NULL);
	return st;
}

bones_status bones_tourney_db_merge(const char *out, const char *const *srcs, int count,
				    char *err, size_t errcap)
{
	bones_tourney_db *d;
	bones_status st = bones_tourney_db_open(out, NULL, true, &d, err, errcap);
	for (int i = 0; !st && i < count; i++) {
		FILE *f = fopen(srcs[i], "rb");
		if (!f) {
			snprintf(err, errcap, _("cannot open '%s'"), srcs[i]);
			st = BONES_ENOTFOUND;
			break;
		}
		fclose(f);
		st = merge_one(d->db, srcs[i], err, errcap);
	}
	bones_tourney_db_close(d);
	return st;
}

bones_status bones_tourney_db_write_records(bones_tourney_db *d, const char *tourney,
					    const char *path, char *err, size_t errcap)
{
	char tmp[4096];
	sqlite3_stmt *q;
	if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
		snprintf(err, errcap, _("'%s': path too long"), path);
		return BONES_EINVAL;
	}
	if (!prepare(d->db, "SELECT record FROM game WHERE (?1 IS NULL OR tourney=?1)"
			    " AND seats > 1 ORDER BY tourney, round, slot", &q))
		return db_fail(d->db, _("cannot read the records"), err, errcap);
	FILE *f = fopen(tmp, "w");
	if (!f) {
		sqlite3_finalize(q);
		snprintf(err, errcap, _("cannot write '%s': %s"), tmp, strerror(errno));
		return BONES_EIO;
	}
	int rc = sqlite3_bind_text(q, 1, tourney, -1, SQLITE_STATIC);
	bool first = true;
	while (!rc && (rc = sqlite3_step(q)) == SQLITE_ROW) {
		const char *text = (const char *)sqlite3_column_text(q, 0);
		if (!text && columns_failed(d->db))
			break;
		fprintf(f, "%s%s", first ? "" : "\n", text ? text : "");
		first = false;
		rc = 0;
	}
	bones_status st = rc == SQLITE_ROW ? BONES_ENOMEM : scan_status(rc ? rc : SQLITE_DONE);
	sqlite3_finalize(q);
	if (fclose(f) != 0 && !st)
		st = BONES_EIO;
	if (!st && rename(tmp, path) != 0)
		st = BONES_EIO;
	if (st) {
		unlink(tmp);
		snprintf(err, errcap, _("cannot write '%s': %s"), path,
			 st == BONES_ENOMEM ? _("out of memory") : strerror(errno));
	}
	return st;
}

/* One text column of one row of the game table; NULL when none or out of memory. */
static char *game_text(bones_tourney_db *d, const char *column, const char *tourney,
		       int round, int slot)
{
	char sql[160];
	sqlite3_stmt *q;
	snprintf(sql, sizeof sql, "SELECT %s FROM game WHERE tourney=? AND round=? AND slot=?",
		 column);
	if (!prepare(d->db, sql, &q))
		return NULL;
	char *out = NULL;
	if (!bind_key(q, tourney, round, slot) && sqlite3_step(q) == SQLITE_ROW) {
		const char *text = (const char *)sqlite3_column_text(q, 0);
		out = text ? strdup(text) : NULL;
	}
	sqlite3_finalize(q);
	return out;
}

char *bones_tourney_db_record(bones_tourney_db *d, const char *tourney, int round, int slot)
{
	return game_text(d, "record", tourney, round, slot);
}

bones_status bones_tourney_db_about_get(bones_tourney_db *d, const char *tourney,
					bones_tourney_db_about *out)
{
	sqlite3_stmt *q;
	memset(out, 0, sizeof *out);
	if (!prepare(d->db, "SELECT name, format, seed, config FROM tourney"
			    " WHERE ?1 IS NULL OR name=?1 ORDER BY name LIMIT 1", &q))
		return prepare_status(d->db);
	bones_status st = BONES_ENOTFOUND;
	if (!sqlite3_bind_text(q, 1, tourney, -1, SQLITE_STATIC) &&
	    sqlite3_step(q) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(q, 0);
		const char *format = (const char *)sqlite3_column_text(q, 1);
		const char *config = (const char *)sqlite3_column_text(q, 3);
		snprintf(out->name, sizeof out->name, "%s", name ? name : "");
		snprintf(out->format, sizeof out->format, "%s", format ? format : "");
		out->seed = (unsigned long long)sqlite3_column_int64(q, 2);
		snprintf(out->config, sizeof out->config, "%s", config ? config : "");
		st = columns_failed(d->db) ? BONES_ENOMEM : BONES_OK;
	}
	sqlite3_finalize(q);
	return st;
}
