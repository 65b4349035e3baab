/* Tournament results in SQLite (WAL, synchronous=FULL unless the tourney says normal):
 * each game stored whole in a transaction (of one game or a batch), so a kill -9 or a
 * power cut loses no committed game and a resumed run repeats none; see
 * bones/tourney_db.h and docs/tournaments.md for the schema. */
#include "tourney_db_internal.h"

#include "bones/i18n.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

bool bones_tourney_db__prepare(sqlite3 *db, const char *sql, sqlite3_stmt **st)
{
	return sqlite3_prepare_v2(db, sql, -1, st, NULL) == SQLITE_OK;
}

bones_status bones_tourney_db__fail(sqlite3 *db, const char *what, char *err, size_t errcap)
{
	int code = db ? sqlite3_errcode(db) & 0xff : SQLITE_NOMEM, sys = 0;
	const char *why;
	switch (code) {
	case SQLITE_NOMEM:
		why = _("out of memory");
		break;
	case SQLITE_CORRUPT:
		why = _("the file is damaged: restore it from a copy");
		break;
	case SQLITE_NOTADB:
		why = _("not a Bones results file (not an SQLite database)");
		break;
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
		why = _("the file is busy: another program is writing it");
		break;
	case SQLITE_READONLY:
		why = _("the file is read-only: choose a writable --output");
		break;
	case SQLITE_FULL:
		why = _("the disk is full");
		break;
	case SQLITE_CANTOPEN:
		sys = sqlite3_system_errno(db);
		why = sys == EACCES || sys == EROFS || sys == EPERM
			      ? _("cannot create or write it (read-only): choose a writable --output")
			      : sys ? strerror(sys) : sqlite3_errmsg(db);
		break;
	default:
		why = sqlite3_errmsg(db);
	}
	snprintf(err, errcap, "%s: %s", what, why);
	return code == SQLITE_NOMEM ? BONES_ENOMEM : BONES_EIO;
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

/* ---- Check sums: a game damaged in the file is found when it is read back ---------- */

static uint64_t mix(uint64_t h, const void *data, size_t n)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull; /* FNV-1a */
	return h;
}

static uint64_t mix_text(uint64_t h, const char *s)
{
	return mix(h, s ? s : "", (s ? strlen(s) : 0) + 1);
}

static uint64_t mix_int(uint64_t h, int64_t v)
{
	unsigned char b[8];
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)((uint64_t)v >> (8 * i));
	return mix(h, b, sizeof b);
}

/* A REAL as SQLite gives it back: -0.0 comes back as 0.0. */
static uint64_t mix_real(uint64_t h, double v)
{
	int64_t bits;
	v = v == 0 ? 0.0 : v;
	memcpy(&bits, &v, sizeof bits);
	return mix_int(h, bits);
}

int64_t bones_tourney_db__sum(const bones_tourney_game_row *r)
{
	uint64_t h = 0xcbf29ce484222325ull;
	h = mix_text(h, r->tourney);
	h = mix_int(mix_int(h, r->round), r->slot);
	h = mix_text(h, r->game);
	h = mix_int(mix_int(mix_int(h, r->set), r->perm), r->seats);
	h = mix_int(mix_int(mix_int(h, (int64_t)r->seed), r->moves), r->ms);
	h = mix_text(mix_text(mix_text(h, r->forfeit), r->chance), r->record);
	for (int i = 0; i < r->seats && i < BONES_TOURNEY_MAX_SEATS; i++) {
		h = mix_real(mix_text(h, r->player[i]), r->score[i]);
		h = mix_real(mix_int(h, r->rank[i]), r->points[i]);
	}
	return (int64_t)h;
}

static const char *insert_sum(bones_tourney_db *d, const bones_tourney_game_row *r)
{
	sqlite3_stmt *q = d->add_sum;
	sqlite3_reset(q);
	int rc = bind_key(q, r->tourney, r->round, r->slot) |
		 sqlite3_bind_int64(q, 4, bones_tourney_db__sum(r));
	if (rc != SQLITE_OK || sqlite3_step(q) != SQLITE_DONE)
		return insert_failure(d, rc);
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
	const char *why = insert_seats(d, r);
	return why ? why : insert_sum(d, r);
}

bones_status bones_tourney_db_add_many(bones_tourney_db *d,
				       const bones_tourney_game_row *const *rows, size_t n,
				       char *err, size_t errcap)
{
	if (sqlite3_exec(d->db, "BEGIN IMMEDIATE", NULL, NULL, NULL))
		return bones_tourney_db__fail(d->db, _("cannot store a game"), err, errcap);
	for (size_t i = 0; i < n; i++) {
		const char *why = insert_row(d, rows[i]);
		if (why) {
			snprintf(err, errcap, _("cannot store a game: %s"), _(why));
			sqlite3_exec(d->db, "ROLLBACK", NULL, NULL, NULL);
			return strcmp(why, "out of memory") ? BONES_EIO : BONES_ENOMEM;
		}
	}
	if (sqlite3_exec(d->db, "COMMIT", NULL, NULL, NULL))
		return bones_tourney_db__fail(d->db, _("cannot commit a game"), err, errcap);
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
	if (!bones_tourney_db__prepare(d->db, "SELECT round, slot FROM game WHERE tourney=? ORDER BY round, slot",
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

static const char games_sql[] =
	"SELECT tourney, round, slot, game, set_no, perm, seats, seed, moves, ms, forfeit"
	" FROM game WHERE ?1 IS NULL OR tourney=?1 ORDER BY tourney, round, slot";
static const char games_texts_sql[] =
	"SELECT g.tourney, g.round, g.slot, game, set_no, perm, seats, seed, moves, ms,"
	" forfeit, chance, record, %s FROM game g%s WHERE ?1 IS NULL OR g.tourney=?1"
	" ORDER BY g.tourney, g.round, g.slot";
static const char seats_sql[] =
	"SELECT tourney, round, slot, seat, player, score, rank, points FROM seat"
	" WHERE ?1 IS NULL OR tourney=?1 ORDER BY tourney, round, slot, seat";

/* Both tables are clustered on the key: two scans in key order, merged here. */
bones_status bones_tourney_db__scan(bones_tourney_db *d, const char *tourney, bool texts,
				    bones_tourney_db__game_fn fn, void *user)
{
	sqlite3_stmt *g = NULL, *s = NULL;
	char sql[sizeof games_texts_sql + 128];
	snprintf(sql, sizeof sql, games_texts_sql, d->sums ? "m.sum" : "NULL",
		 d->sums ? " LEFT JOIN game_sum m ON m.tourney=g.tourney AND m.round=g.round"
			   " AND m.slot=g.slot" : "");
	if (!bones_tourney_db__prepare(d->db, texts ? sql : games_sql, &g) || !bones_tourney_db__prepare(d->db, seats_sql, &s)) {
		bones_status st = prepare_status(d->db);
		sqlite3_finalize(g);
		return st;
	}
	bones_status st = BONES_OK;
	if (sqlite3_bind_text(g, 1, tourney, -1, SQLITE_STATIC) ||
	    sqlite3_bind_text(s, 1, tourney, -1, SQLITE_STATIC))
		st = BONES_ENOMEM;
	int rc_s = st ? SQLITE_DONE : sqlite3_step(s), rc_g = SQLITE_DONE;
	bool seat = rc_s == SQLITE_ROW;
	bones_tourney_game_row r;
	while (!st && (rc_g = sqlite3_step(g)) == SQLITE_ROW) {
		memset(&r, 0, sizeof r);
		read_row(g, &r);
		if (texts) {
			r.chance = (const char *)sqlite3_column_text(g, 11);
			r.record = (const char *)sqlite3_column_text(g, 12);
		}
		if (columns_failed(d->db))
			st = BONES_ENOMEM;
		for (int c; !st && seat && (c = compare_key(s, &r)) <= 0;
		     seat = (rc_s = sqlite3_step(s)) == SQLITE_ROW) {
			if (c == 0)
				read_seat(s, &r);
			if (columns_failed(d->db))
				st = BONES_ENOMEM;
		}
		bool has_sum = texts && sqlite3_column_type(g, 13) == SQLITE_INTEGER;
		if (!st && !fn(user, &r, has_sum, has_sum ? sqlite3_column_int64(g, 13) : 0))
			st = BONES_EINVAL; /* stopped: the caller knows why */
		rc_g = SQLITE_DONE;
	}
	if (!st)
		st = scan_status(rc_g);
	if (!st && rc_s != SQLITE_ROW)
		st = scan_status(rc_s);
	sqlite3_finalize(g);
	sqlite3_finalize(s);
	return st;
}

typedef struct collect {
	bones_tourney_game_row *rows;
	size_t count, cap;
} collect;

static bool collect_row(void *user, const bones_tourney_game_row *row, bool has_sum,
			int64_t sum)
{
	collect *c = user;
	(void)has_sum, (void)sum;
	if (c->count == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 256;
		bones_tourney_game_row *v = realloc(c->rows, cap * sizeof *v);
		if (!v)
			return false;
		c->rows = v;
		c->cap = cap;
	}
	c->rows[c->count++] = *row;
	return true;
}

bones_status bones_tourney_db_rows(bones_tourney_db *d, const char *tourney,
				   bones_tourney_game_row **rows, size_t *count)
{
	collect c = {NULL, 0, 0};
	bones_status st = bones_tourney_db__scan(d, tourney, false, collect_row, &c);
	if (st == BONES_EINVAL)
		st = BONES_ENOMEM; /* collect_row stops only for want of memory */
	if (st) {
		free(c.rows);
		c.rows = NULL;
		c.count = 0;
	}
	*rows = c.rows;
	*count = c.count;
	return st;
}

void bones_tourney_db_free_rows(bones_tourney_game_row *rows)
{
	free(rows);
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
	if (!bones_tourney_db__prepare(d->db, "SELECT record FROM game WHERE (?1 IS NULL OR tourney=?1)"
			    " AND seats > 1 ORDER BY tourney, round, slot", &q))
		return bones_tourney_db__fail(d->db, _("cannot read the records"), err, errcap);
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
	if (!bones_tourney_db__prepare(d->db, sql, &q))
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
	if (!bones_tourney_db__prepare(d->db, "SELECT name, format, seed, config FROM tourney"
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
