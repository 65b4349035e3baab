/* Tournament results in SQLite: one row per finished game (with its record and its
 * chance outcomes) and one per seat, each game committed whole or not at all (alone or
 * with others in one transaction), so a killed run resumes without losing or repeating
 * a stored game. Results of many tournaments
 * (the `tourney` column) live side by side and merge with bones_tourney_db_merge. */
#ifndef BONES_TOURNEY_DB_H
#define BONES_TOURNEY_DB_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "bones/tourney.h"

/* A finished game as stored. */
typedef struct bones_tourney_game_row {
	char tourney[128];
	int round, slot, set, perm, seats;
	char game[64];           /* the [game.NAME] */
	uint64_t seed;
	int moves;               /* moves and chance outcomes played */
	int64_t ms;              /* wall-clock time of the game */
	char forfeit[512];       /* "" or "seat N (NAME): reason" */
	char player[BONES_TOURNEY_MAX_SEATS][64];
	double score[BONES_TOURNEY_MAX_SEATS];
	int rank[BONES_TOURNEY_MAX_SEATS];
	double points[BONES_TOURNEY_MAX_SEATS];
	const char *chance;      /* chance outcomes, one notation per line ("" for none);
				  * borrowed; required: a row without it is refused */
	const char *record;      /* the game record text; borrowed; required likewise */
} bones_tourney_game_row;

/* Open (creating if needed) the results file at path. Opening it for tourney t
 * (t != NULL) locks the file (flock) for as long as it is open, so that a second run
 * on it is refused at once, and stores t's name and configuration; resume must be true
 * when the file already holds games of t, and then t's configuration must equal the
 * stored one. Every stored game is checked against the check sum stored with it; in a
 * file of format 1 (PRAGMA user_version, given to every new file) a game without one is
 * damaged too, and a file of a newer format is refused (BONES_EINVAL). err says what is
 * wrong with a file that is damaged (SQLite's quick_check, or a game that does not
 * match its sum or has none: round, game and file named), not a Bones results file, busy,
 * locked by another run or read-only. The handle is used by one thread at a time
 * (opened without SQLite's own mutex: the caller orders its uses, e.g. with a lock). */
bones_status bones_tourney_db_open(const char *path, const bones_tourney *t, bool resume,
				   bones_tourney_db **out, char *err, size_t errcap);
/* Open the results file at path to read it only (reports): nothing is written into it,
 * not even the schema; a file on read-only media (its WAL index cannot be made) is
 * opened as immutable. The same checks as above; BONES_ENOTFOUND when it does not
 * exist, BONES_EINVAL when it holds no tournament. */
bones_status bones_tourney_db_open_read(const char *path, bones_tourney_db **out,
					char *err, size_t errcap);
void bones_tourney_db_close(bones_tourney_db *db);

/* The path db was opened with (owned by db). */
const char *bones_tourney_db_path(const bones_tourney_db *db);

/* Store one finished game in one transaction. */
bones_status bones_tourney_db_add(bones_tourney_db *db, const bones_tourney_game_row *row,
				  char *err, size_t errcap);
/* Store several finished games in one transaction (group commit: the games that
 * finished while the previous commit ran). Each game is stored whole or not at all. */
bones_status bones_tourney_db_add_many(bones_tourney_db *db,
				       const bones_tourney_game_row *const *rows, size_t n,
				       char *err, size_t errcap);

/* The games of a tourney stored in a file, read in one scan, for quick questions about
 * many (round, slot) (a run skipping what is stored). */
typedef struct bones_tourney_stored bones_tourney_stored;
bones_status bones_tourney_db_stored(bones_tourney_db *db, const char *tourney,
				     bones_tourney_stored **out);
bool bones_tourney_stored_has(const bones_tourney_stored *s, int round, int slot);
void bones_tourney_stored_free(bones_tourney_stored *s);
/* The chance outcomes stored for (round, slot), malloc'ed (free it); NULL if none. */
/* Write the records of tourney's stored games (NULL: of every tournament in db), one
 * after another in play order (round, then table), to path atomically: the PGN-like
 * file of a tournament (OUTPUT/games.bones), read game by game with `bones replay FILE
 * --game K`. err names the path on failure. */
bones_status bones_tourney_db_write_records(bones_tourney_db *db, const char *tourney,
					    const char *path, char *err, size_t errcap);

/* The record stored for (round, slot), malloc'ed (free it); NULL if none. */
char *bones_tourney_db_record(bones_tourney_db *db, const char *tourney, int round,
			      int slot);

/* What the results file says of a tournament (tourney NULL: the first it holds). */
typedef struct bones_tourney_db_about {
	char name[128];
	char format[32];
	unsigned long long seed;
	char config[16384]; /* the tournament file's text */
} bones_tourney_db_about;
bones_status bones_tourney_db_about_get(bones_tourney_db *db, const char *tourney,
					bones_tourney_db_about *out);

char *bones_tourney_db_chance(bones_tourney_db *db, const char *tourney, int round,
			      int slot);

/* Every stored game (of one tourney, or of all when tourney is NULL), ordered by
 * tourney, round, slot. *rows is malloc'ed (free with bones_tourney_db_free_rows);
 * chance and record are NULL in them. */
bones_status bones_tourney_db_rows(bones_tourney_db *db, const char *tourney,
				   bones_tourney_game_row **rows, size_t *count);
void bones_tourney_db_free_rows(bones_tourney_game_row *rows);

/* Copy every game of the files at srcs into out (created if needed). A game present
 * in several files is kept once; two files disagreeing on it is an error. */
bones_status bones_tourney_db_merge(const char *out, const char *const *srcs, int count,
				    char *err, size_t errcap);

/* The games to play next: a static schedule's every round at once (round 0 only), or
 * round `round` of a Swiss or knockout from the results stored in db. */
bones_status bones_tourney_batch(const bones_tourney *t, bones_tourney_db *db, int round,
				 bones_tourney_slot **slots, size_t *n);
/* Store the Swiss bye of slot (no game: a won table, forfeit column "bye"), as the
 * runner does. */
bones_status bones_tourney_db_add_bye(bones_tourney_db *db, const bones_tourney *t,
				      const bones_tourney_slot *slot, char *err, size_t errcap);

/* Play slot alone, as a run plays it (its agents; its engines started for it and
 * stopped after, with the time per move; a crash, hang or bad answer forfeits), for a
 * host that stores games itself (`bones serve`): *row filled, its chance and record
 * malloc'ed (bones_tourney_row_free). stop is polled: BONES_ERANGE when
 * it stopped the game, which is then not filled. */
bones_status bones_tourney_play_one(const bones_tourney *t, const bones_tourney_slot *slot,
				    const atomic_bool *stop, bones_tourney_game_row *row);
void bones_tourney_row_free(bones_tourney_game_row *row);

#endif /* BONES_TOURNEY_DB_H */
