/* Opening a results file: a run locks it (a second run on the same output is refused at
 * once), a report opens it read-only (immutable on read-only media) and never writes;
 * a damaged, foreign, busy or read-only file is said to be one; every stored game is
 * checked against its check sum before anything is resumed or reported from it. */
#define _GNU_SOURCE /* O_CLOEXEC */
#include "tourney_db_internal.h"

#include "bones/i18n.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* In one transaction: a file is a Bones results file whole or not at all. */
static const char schema[] =
	"BEGIN;"
	"CREATE TABLE IF NOT EXISTS tourney(name TEXT PRIMARY KEY, config TEXT NOT NULL,"
	" format TEXT, seed INTEGER);"
	"CREATE TABLE IF NOT EXISTS game(tourney TEXT NOT NULL, round INTEGER NOT NULL,"
	" slot INTEGER NOT NULL, game TEXT NOT NULL, set_no INTEGER, perm INTEGER,"
	" seats INTEGER NOT NULL, seed INTEGER, moves INTEGER, ms INTEGER,"
	" forfeit TEXT NOT NULL DEFAULT '', chance TEXT NOT NULL, record TEXT NOT NULL,"
	" PRIMARY KEY(tourney, round, slot)) WITHOUT ROWID;"
	"CREATE TABLE IF NOT EXISTS seat(tourney TEXT NOT NULL, round INTEGER NOT NULL,"
	" slot INTEGER NOT NULL, seat INTEGER NOT NULL, player TEXT NOT NULL, score REAL,"
	" rank INTEGER, points REAL, PRIMARY KEY(tourney, round, slot, seat)) WITHOUT ROWID;"
	BONES_TOURNEY_DB_SUMS
	"PRAGMA user_version=1;"
	"COMMIT;";

static bones_status prepare_all(bones_tourney_db *d, bool writable, const char *path,
				char *err, size_t errcap)
{
	if ((writable &&
	     /* a seat or sum left by a game deleted from the file is replaced when the
		game is played again */
	     (!bones_tourney_db__prepare(d->db, "INSERT INTO game VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?)",
					 &d->add_game) ||
	      !bones_tourney_db__prepare(d->db, "INSERT OR REPLACE INTO seat VALUES(?,?,?,?,?,?,?,?)",
					 &d->add_seat) ||
	      !bones_tourney_db__prepare(d->db, "INSERT OR REPLACE INTO game_sum VALUES(?,?,?,?)",
					 &d->add_sum))) ||
	    !bones_tourney_db__prepare(d->db, "SELECT chance FROM game WHERE tourney=? AND round=? AND slot=?",
		     &d->chance))
		return bones_tourney_db__fail(d->db, path, err, errcap);
	return BONES_OK;
}

/* Store t's configuration, or check it against the stored one. */
static bones_status claim(bones_tourney_db *d, const bones_tourney *t, bool resume,
			  const char *path, char *err, size_t errcap)
{
	sqlite3_stmt *q;
	if (!bones_tourney_db__prepare(d->db, "SELECT config, (SELECT count(*) FROM game WHERE tourney=?1)"
			    " FROM tourney WHERE name=?1", &q))
		return bones_tourney_db__fail(d->db, path, err, errcap);
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
	if (!bones_tourney_db__prepare(d->db, "INSERT INTO tourney VALUES(?,?,?,?)", &q))
		return bones_tourney_db__fail(d->db, path, err, errcap);
	sqlite3_bind_text(q, 1, t->name, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 2, t->config_text, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 3, bones_tourney_format_name(t->format), -1, SQLITE_STATIC);
	sqlite3_bind_int64(q, 4, (sqlite3_int64)t->seed);
	if (sqlite3_step(q) != SQLITE_DONE)
		st = bones_tourney_db__fail(d->db, path, err, errcap);
	sqlite3_finalize(q);
	return st;
}

/* A run's hold on its results file: a second run on the same output is refused at once
 * rather than failing late with "database is locked". The descriptor stays open until
 * the connection is closed (closing it earlier would drop SQLite's own locks). */
static bones_status lock(bones_tourney_db *d, const char *path, char *err, size_t errcap)
{
	d->lock_fd = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
	char *copy = strdup(path);
	const char *dir = copy ? dirname(copy) : ".";
	bones_status st = BONES_OK;
	if (d->lock_fd < 0 && (errno == EACCES || errno == EROFS || errno == EPERM)) {
		snprintf(err, errcap, _("cannot create '%s': the folder '%s' is read-only: choose a "
			 "writable --output"), path, dir);
		st = BONES_EIO;
	} else if (d->lock_fd < 0) {
		snprintf(err, errcap, _("cannot open '%s': %s"), path, strerror(errno));
		st = BONES_EIO;
	} else if (flock(d->lock_fd, LOCK_EX | LOCK_NB) && errno == EWOULDBLOCK) {
		snprintf(err, errcap, _("the output folder '%s' is in use: another bones tourney "
			 "is writing '%s': wait for it to end or choose another --output"), dir,
			 path);
		st = BONES_EIO;
	}
	free(copy);
	return st;
}

/* What the file holds: 1 a Bones results file, 0 nothing at all, -1 something else or
 * an error (err says which). */
static int contents(bones_tourney_db *d, const char *path, bool *sums, char *err,
		    size_t errcap)
{
	sqlite3_stmt *q;
	int ours = -1, all = -1;
	if (bones_tourney_db__prepare(d->db, "SELECT count(*), total(name IN ('tourney','game','seat')),"
			   " total(name = 'game_sum') FROM sqlite_master WHERE type='table'", &q) &&
	    sqlite3_step(q) == SQLITE_ROW) {
		all = sqlite3_column_int(q, 0);
		ours = sqlite3_column_int(q, 1);
		*sums = sqlite3_column_int(q, 2) == 1;
	}
	if (ours < 0)
		bones_tourney_db__fail(d->db, path, err, errcap);
	sqlite3_finalize(q);
	if (ours < 0)
		return -1;
	if (ours == 3)
		return 1;
	if (all == 0)
		return 0;
	snprintf(err, errcap, _("'%s' is not a Bones results file (it holds other tables): "
		 "choose another file or output"), path);
	return -1;
}

/* SQLite's own check of every page: a damaged file is said to be one here, not met as
 * a puzzling constraint failure later. */
static bones_status intact(bones_tourney_db *d, const char *path, char *err, size_t errcap)
{
	sqlite3_stmt *q;
	if (!bones_tourney_db__prepare(d->db, "PRAGMA quick_check(1)", &q))
		return bones_tourney_db__fail(d->db, path, err, errcap);
	bones_status st = BONES_OK;
	if (sqlite3_step(q) != SQLITE_ROW) {
		st = bones_tourney_db__fail(d->db, path, err, errcap);
	} else {
		const char *said = (const char *)sqlite3_column_text(q, 0);
		if (!said || strcmp(said, "ok")) {
			const char *head = "*** in database main ***\n";
			if (said && !strncmp(said, head, strlen(head)))
				said += strlen(head);
			snprintf(err, errcap, _("'%s' is damaged (%s): restore it from a copy"), path,
				 said ? said : _("out of memory"));
			for (char *nl = strchr(err, '\n'); nl; nl = strchr(nl, '\n'))
				*nl = ' ';
			st = said ? BONES_EIO : BONES_ENOMEM;
		}
	}
	sqlite3_finalize(q);
	return st;
}

typedef struct verify {
	const char *path;
	char *err;
	size_t errcap;
	bool strict; /* a game without a sum is damaged */
	bool bad;
} verify;

static bool verify_game(void *user, const bones_tourney_game_row *r, bool has_sum,
			int64_t sum)
{
	verify *v = user;
	if (has_sum ? bones_tourney_db__sum(r) == sum : !v->strict)
		return true;
	snprintf(v->err, v->errcap, has_sum
		 ? _("'%s': round %d, game %d of tournament '%s' is damaged (it does not match "
		     "the check sum stored with it): restore the file from a copy")
		 : _("'%s': round %d, game %d of tournament '%s' is damaged (its check sum is "
		     "missing): restore the file from a copy"),
		 v->path, r->round + 1, r->slot + 1, r->tourney);
	v->bad = true;
	return false;
}

/* The file's format (user_version): one this bones cannot read is refused, and a file
 * of format 1 without its sums is damaged. */
static bones_status version(bones_tourney_db *d, const char *path, bool sums, char *err,
			    size_t errcap)
{
	sqlite3_stmt *q;
	if (!bones_tourney_db__prepare(d->db, "PRAGMA user_version", &q) ||
	    sqlite3_step(q) != SQLITE_ROW) {
		sqlite3_finalize(q);
		return bones_tourney_db__fail(d->db, path, err, errcap);
	}
	int v = sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	d->strict = v >= 1;
	if (v > BONES_TOURNEY_DB_VERSION) {
		snprintf(err, errcap, _("'%s' is a results file of a newer Bones (format %d; this "
			 "bones reads formats 0 to %d): use a newer bones"), path, v,
			 BONES_TOURNEY_DB_VERSION);
		return BONES_EINVAL;
	}
	if (d->strict && !sums) {
		snprintf(err, errcap, _("'%s' is damaged (its table of check sums is missing): "
			 "restore it from a copy"), path);
		return BONES_EIO;
	}
	return BONES_OK;
}

/* Make sure the file is a sound Bones results file (writable: create the tables in an
 * empty one, add the sums' table to an older one). */
static bones_status check_file(bones_tourney_db *d, const char *path, bool writable,
			       char *err, size_t errcap)
{
	bool sums = false;
	int what = contents(d, path, &sums, err, errcap);
	if (what < 0)
		return BONES_EIO;
	if (what == 0 && !writable) {
		snprintf(err, errcap, _("'%s' holds no tournament"), path);
		return BONES_EINVAL;
	}
	bones_status st = what ? intact(d, path, err, errcap) : BONES_OK;
	if (!st && what)
		st = version(d, path, sums, err, errcap);
	if (!st && writable &&
	    (what == 0 ? sqlite3_exec(d->db, "PRAGMA page_size=16384", NULL, NULL, NULL) ||
			 sqlite3_exec(d->db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL) ||
			 sqlite3_exec(d->db, schema, NULL, NULL, NULL)
		       : !sums && sqlite3_exec(d->db, BONES_TOURNEY_DB_SUMS, NULL, NULL, NULL)))
	{
		st = bones_tourney_db__fail(d->db, path, err, errcap);
		if (!sqlite3_get_autocommit(d->db))
			sqlite3_exec(d->db, "ROLLBACK", NULL, NULL, NULL);
	}
	d->sums = sums || (writable && !st);
	d->strict |= what == 0 && writable && !st;
	if (st || what == 0)
		return st;
	verify v = {path, err, errcap, d->strict, false};
	st = bones_tourney_db__scan(d, NULL, true, verify_game, &v);
	if (st && !v.bad)
		return bones_tourney_db__fail(d->db, path, err, errcap);
	return v.bad ? BONES_EIO : st;
}

void bones_tourney_db_close(bones_tourney_db *d)
{
	if (!d)
		return;
	sqlite3_finalize(d->add_game);
	sqlite3_finalize(d->add_seat);
	sqlite3_finalize(d->add_sum);
	sqlite3_finalize(d->chance);
	sqlite3_close(d->db);
	if (d->lock_fd >= 0)
		close(d->lock_fd); /* after SQLite's: see lock() */
	free(d->path);
	free(d);
}

static bones_tourney_db *new_db(const char *path, char *err, size_t errcap)
{
	bones_tourney_db *d = calloc(1, sizeof *d);
	if (d && !(d->path = strdup(path))) {
		free(d);
		d = NULL;
	}
	if (!d)
		snprintf(err, errcap, _("%s: out of memory"), path);
	else
		d->lock_fd = -1;
	return d;
}

const char *bones_tourney_db_path(const bones_tourney_db *d)
{
	return d->path;
}

bones_status bones_tourney_db_open(const char *path, const bones_tourney *t, bool resume,
				   bones_tourney_db **out, char *err, size_t errcap)
{
	bones_tourney_db *d = new_db(path, err, errcap);
	*out = NULL;
	if (!d)
		return BONES_ENOMEM;
	bones_status st;
	if ((t && (st = lock(d, path, err, errcap))))
		goto out_close;
	if (sqlite3_open_v2(path, &d->db,
			    SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
			    NULL) ||
	    sqlite3_busy_timeout(d->db, 10000) ||
	    sqlite3_exec(d->db, "PRAGMA synchronous=FULL", NULL, NULL, NULL) ||
	    /* a checkpoint every 4 MiB of log, the log cut back to that after it: a long
	       run's WAL stays small (with SQLite's default it grew to 16 MiB, 3 times a
	       small file) */
	    sqlite3_exec(d->db, "PRAGMA wal_autocheckpoint=256; PRAGMA journal_size_limit="
			 "4194304", NULL, NULL, NULL)) {
		st = bones_tourney_db__fail(d->db, path, err, errcap);
		goto out_close;
	}
	if ((st = check_file(d, path, true, err, errcap)))
		goto out_close;
	if (t && t->sync_normal)
		sqlite3_exec(d->db, "PRAGMA synchronous=NORMAL", NULL, NULL, NULL);
	if ((st = prepare_all(d, true, path, err, errcap)))
		goto out_close;
	if (t && (st = claim(d, t, resume, path, err, errcap)))
		goto out_close;
	*out = d;
	return BONES_OK;
out_close:
	bones_tourney_db_close(d);
	return st;
}

/* "file:PATH?immutable=1" with PATH's URI characters escaped: a file on read-only
 * media, whose WAL index cannot be created, read as it lies. */
static char *immutable_uri(const char *path)
{
	char *uri = malloc(3 * strlen(path) + 32);
	if (!uri)
		return NULL;
	char *o = uri + sprintf(uri, "file:");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++)
		o += strchr("?#%", *p) || *p < 0x20 || *p >= 0x7f ? sprintf(o, "%%%02X", *p)
								   : sprintf(o, "%c", *p);
	strcpy(o, "?immutable=1");
	return uri;
}

/* Open read-only, plainly or as an immutable file. */
static bones_status open_read(bones_tourney_db *d, const char *path, bool immutable,
			      char *err, size_t errcap)
{
	char *uri = immutable ? immutable_uri(path) : NULL;
	if (immutable && !uri) {
		snprintf(err, errcap, _("%s: out of memory"), path);
		return BONES_ENOMEM;
	}
	int flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | (uri ? SQLITE_OPEN_URI : 0);
	int rc = sqlite3_open_v2(uri ? uri : path, &d->db, flags, NULL);
	free(uri);
	if (rc == SQLITE_OK)
		rc = sqlite3_busy_timeout(d->db, 10000);
	if (rc != SQLITE_OK)
		return bones_tourney_db__fail(d->db, path, err, errcap);
	return check_file(d, path, false, err, errcap);
}

bones_status bones_tourney_db_open_read(const char *path, bones_tourney_db **out,
					char *err, size_t errcap)
{
	*out = NULL;
	struct stat sb;
	if (stat(path, &sb) || !S_ISREG(sb.st_mode)) {
		bool missing = errno == ENOENT || errno == ENOTDIR;
		snprintf(err, errcap, _("cannot open '%s': %s"), path,
			 !S_ISREG(sb.st_mode) && !missing ? _("not a regular file") : strerror(errno));
		return missing ? BONES_ENOTFOUND : BONES_EIO;
	}
	bones_tourney_db *d = new_db(path, err, errcap);
	if (!d)
		return BONES_ENOMEM;
	/* No write-ahead log: no run is writing it (a run keeps one while it runs), and a
	 * plain read-only connection would leave an empty log and index behind. */
	char wal[4096];
	bool live = snprintf(wal, sizeof wal, "%s-wal", path) >= (int)sizeof wal ||
		    access(wal, F_OK) == 0;
	bones_status st = open_read(d, path, !live, err, errcap);
	int code = d->db ? sqlite3_errcode(d->db) & 0xff : SQLITE_OK;
	if (st && live && (code == SQLITE_CANTOPEN || code == SQLITE_READONLY)) {
		sqlite3_close(d->db); /* read-only media: no WAL index can be made */
		d->db = NULL;
		st = open_read(d, path, true, err, errcap);
	}
	if (!st)
		st = prepare_all(d, false, path, err, errcap);
	if (st) {
		bones_tourney_db_close(d);
		return st;
	}
	*out = d;
	return BONES_OK;
}
