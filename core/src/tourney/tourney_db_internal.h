/* Shared by the parts of the results file, calls going one way: tourney_db.c (storing
 * and reading games, check sums, errors in words) <- tourney_db_open.c (opening, locking,
 * what a bad file is, checking every stored game) <- tourney_db_merge.c (--merge). Not
 * a public header. */
#ifndef BONES_TOURNEY_DB_INTERNAL_H
#define BONES_TOURNEY_DB_INTERNAL_H

#include <sqlite3.h>
#include <stdbool.h>

#include "bones/tourney_db.h"

struct bones_tourney_db {
	sqlite3 *db;
	sqlite3_stmt *add_game, *add_seat, *add_sum, *chance; /* add_*: NULL read-only */
	int lock_fd;        /* the results file, flock'ed by a run; -1 when none */
	bool sums;          /* the file has the game_sum table */
	bool strict;        /* format 1 or later: every game must have its sum */
	char *path;         /* as opened, for messages */
};

/* The format of a results file (PRAGMA user_version): 0 before it had one (games may
 * lack a check sum), 1 every game has its sum. A newer file is refused. */
#define BONES_TOURNEY_DB_VERSION 1

/* Seats are WITHOUT ROWID (one b-tree, not a table plus its key's index) and new files
 * get 16 KiB pages: storing a game then costs about half as much (docs/tournaments.md,
 * "Speed"). game_sum holds each game's check sum (bones_tourney_db__sum): files from
 * before it have none, and their games are read unchecked. */
#define BONES_TOURNEY_DB_SUMS                                                            \
	"CREATE TABLE IF NOT EXISTS game_sum(tourney TEXT NOT NULL, round INTEGER NOT NULL," \
	" slot INTEGER NOT NULL, sum INTEGER NOT NULL, PRIMARY KEY(tourney, round, slot))"   \
	" WITHOUT ROWID;"

/* sqlite3_prepare_v2 of sql on db; false when it failed (the connection's error). */
bool bones_tourney_db__prepare(sqlite3 *db, const char *sql, sqlite3_stmt **st);

/* "WHAT: why" into err for the connection's last error, in words for the errors a user
 * can act on (a damaged, foreign, busy or read-only file); BONES_EIO, or BONES_ENOMEM. */
bones_status bones_tourney_db__fail(sqlite3 *db, const char *what, char *err, size_t errcap);

/* The check sum of a game as stored: every column of its row and of its seats. */
int64_t bones_tourney_db__sum(const bones_tourney_game_row *r);

/* Every stored game (of tourney, or all when NULL) in key order with its seats, and,
 * when texts is true, its chance outcomes, record and stored sum (has_sum false when it
 * has none); fn returns false to stop the scan (BONES_EINVAL). row's texts are valid
 * during the call. */
typedef bool (*bones_tourney_db__game_fn)(void *user, const bones_tourney_game_row *row,
					  bool has_sum, int64_t sum);
bones_status bones_tourney_db__scan(bones_tourney_db *d, const char *tourney, bool texts,
				    bones_tourney_db__game_fn fn, void *user);

#endif /* BONES_TOURNEY_DB_INTERNAL_H */
