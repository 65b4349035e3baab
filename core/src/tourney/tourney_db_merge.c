/* `bones tourney --merge`: the games of shard files copied into one results file, each
 * source checked whole before it is copied and refused when it disagrees with a file
 * merged before; see bones/tourney_db.h. */
#include "tourney_db_internal.h"

#include "bones/i18n.h"

#include <stdio.h>

/* Refuses SRC (attached as src) when a seat it shares with main differs: honest
 * files of one schedule hold the same game the same way. Each statement is
 * finalized once. */
static bones_status merge_agree(sqlite3 *db, const char *src, char *err, size_t errcap)
{
	static const char check[] =
		"SELECT count(*) FROM src.seat s JOIN main.seat m USING(tourney, round, slot, seat)"
		" WHERE s.player IS NOT m.player OR s.rank IS NOT m.rank OR s.score IS NOT m.score";
	sqlite3_stmt *q = NULL;
	bones_status st = BONES_OK;
	if (!bones_tourney_db__prepare(db, check, &q) || sqlite3_step(q) != SQLITE_ROW) {
		st = bones_tourney_db__fail(db, src, err, errcap);
	} else if (sqlite3_column_int(q, 0)) {
		snprintf(err, errcap,
			 _("'%s': %d seats disagree with a file merged before: files merged "
			   "must agree (are they runs of one tournament with different seeds?)"),
			 src, sqlite3_column_int(q, 0));
		st = BONES_EINVAL;
	}
	sqlite3_finalize(q);
	return st;
}

/* Whether the attached src has check sums (files from before check sums have
 * none). */
static bool merge_has_sums(sqlite3 *db)
{
	sqlite3_stmt *q = NULL;
	bool sums =
		bones_tourney_db__prepare(db, "SELECT count(*) FROM src.sqlite_master WHERE name='game_sum'", &q) &&
		sqlite3_step(q) == SQLITE_ROW && sqlite3_column_int(q, 0) == 1;
	sqlite3_finalize(q);
	return sums;
}

/* Copy one file's games into the open output, refusing disagreeing duplicates. */
static bones_status merge_one(sqlite3 *db, const char *src, char *err, size_t errcap)
{
	sqlite3_stmt *q = NULL;
	if (!bones_tourney_db__prepare(db, "ATTACH DATABASE ? AS src", &q)) {
		sqlite3_finalize(q);
		return bones_tourney_db__fail(db, src, err, errcap);
	}
	sqlite3_bind_text(q, 1, src, -1, SQLITE_STATIC);
	int rc = sqlite3_step(q);
	sqlite3_finalize(q);
	if (rc != SQLITE_DONE)
		return bones_tourney_db__fail(db, src, err, errcap);
	bones_status st = merge_agree(db, src, err, errcap);
	static const char copy[] = "BEGIN; INSERT OR IGNORE INTO main.tourney SELECT * FROM src.tourney;"
				   "INSERT OR IGNORE INTO main.game SELECT * FROM src.game;"
				   "INSERT OR IGNORE INTO main.seat SELECT * FROM src.seat;";
	static const char sums[] = "INSERT OR IGNORE INTO main.game_sum SELECT * FROM src.game_sum;";
	/* games of a file from before the sums have none: the output is of format 0, its
	   games without a sum read unchecked */
	static const char unsummed[] = "PRAGMA main.user_version=0;";
	if (!st && (sqlite3_exec(db, copy, NULL, NULL, NULL) ||
		    sqlite3_exec(db, merge_has_sums(db) ? sums : unsummed, NULL, NULL, NULL) ||
		    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL))) {
		st = bones_tourney_db__fail(db, src, err, errcap);
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
		bones_tourney_db *src; /* every game of it checked before it is copied */
		st = bones_tourney_db_open_read(srcs[i], &src, err, errcap);
		bones_tourney_db_close(src);
		if (!st)
			st = merge_one(d->db, srcs[i], err, errcap);
	}
	bones_tourney_db_close(d);
	return st;
}

