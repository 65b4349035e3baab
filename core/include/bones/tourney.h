/* Tournaments (`bones tourney`): a tournament INI (docs/tournaments.md) loaded and
 * validated into a bones_tourney, its deterministic schedule of games, and the runner
 * that plays them on worker threads into a SQLite results file (bones/tourney_db.h).
 * Reads INI through bones/ini.h only. */
#ifndef BONES_TOURNEY_H
#define BONES_TOURNEY_H

#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>

#include "bones/options.h"
#include "bones/plugin.h"
#include "bones/registry.h"
#include "bones/sprt.h"

#define BONES_TOURNEY_MAX_GAMES 32
#define BONES_TOURNEY_MAX_PLAYERS 64
#define BONES_TOURNEY_MAX_SEATS 4 /* players at one table */
#define BONES_TOURNEY_PICTURES 100 /* default: final positions drawn in report.html */

typedef enum bones_tourney_format {
	BONES_TOURNEY_ROUND_ROBIN, /* every table of the participants, `rounds` times */
	BONES_TOURNEY_GAUNTLET,    /* the first participant against every table of others */
	BONES_TOURNEY_SWISS,       /* `rounds` rounds, pairs of equal points (2 seats) */
	BONES_TOURNEY_KNOCKOUT     /* seeded bracket, the loser of a match leaves (2 seats) */
} bones_tourney_format;

/* One [game.NAME] section: a game configuration with its validated options. */
typedef struct bones_tourney_game {
	char name[64];            /* NAME */
	char source[64];          /* the preset or plugin id it came from */
	const bones_plugin *plugin;/* borrowed from the tourney's registry */
	bones_options options;    /* validated; owned by the tourney */
	int seats;                /* players per table (the configured game's players) */
	int count;                /* sets per table per round (after weights) */
	double weight;            /* share of `sets` when no count is given */
	int line;                 /* line of the section, for errors */
} bones_tourney_game;

/* One [player.NAME] section: a built-in agent spec or an external engine command. */
typedef struct bones_tourney_player {
	char name[64];
	char agent[256];  /* agent spec, "" for an engine */
	char engine[1024];/* shell command speaking the engine protocol, "" for an agent */
	bool person;      /* a person at `bones serve` (bones_tourney_load_text only) */
	int line;
} bones_tourney_player;

typedef struct bones_tourney {
	char path[1024];          /* the INI file */
	char name[128];           /* [tourney] name (default: the file name) */
	bones_tourney_format format;
	int rounds;               /* repetitions (round-robin, gauntlet) or Swiss rounds */
	uint64_t seed;
	int concurrency;          /* worker threads */
	int pictures;             /* games drawn in report.html (BONES_TOURNEY_PICTURES) */
	int sets;                 /* sets per table per round shared by weight */
	bool duplicate;           /* a set is one deal played with every seat rotation */
	int64_t move_ms;          /* external engines: time per move (default 10 s) */
	int64_t hang_ms;          /* hang_time: a game that makes no move for this long
				     (time_per_move more with an engine seat) ends as its
				     plugin's fault (default 60 s) */
	bool sync_normal;         /* sync = normal: no fsync per game (kill -9 safe, a power
				     cut may undo the last games, which are then replayed) */
	bool sprt_on;             /* sprt = ...: the run stops when the SPRT of the first
				     participant against the second decides */
	bones_sprt sprt;
	char output[1024];        /* results folder (relative: to the working directory) */
	char config_text[16384];  /* the file's text, to check that --resume matches */
	bones_registry *reg;      /* owned */
	bones_tourney_game games[BONES_TOURNEY_MAX_GAMES];
	int game_count;
	bones_tourney_player players[BONES_TOURNEY_MAX_PLAYERS];
	int player_count;
} bones_tourney;

/* Load and validate a tournament file: every game configured once, every agent spec
 * created once, seat counts checked. Errors read "FILE:LINE: KEY: reason". *out is
 * freed with bones_tourney_destroy. */
bones_status bones_tourney_load(const char *path, bones_tourney **out, char *err,
				size_t errcap);
void bones_tourney_destroy(bones_tourney *t);
/* The same from a tournament's text (a server's tournament: name stands for the path
 * in errors and names the tourney by default). Here a [player.NAME] may be a person
 * (`person = true`): `bones serve` seats them at its tables; the runner refuses them. */
bones_status bones_tourney_load_text(const char *name, const char *text, bones_tourney **out,
				     char *err, size_t errcap);

const char *bones_tourney_format_name(bones_tourney_format format);

/* ---- The schedule --------------------------------------------------------------- */

/* One game of the schedule. (round, slot) names it for ever: results are stored under
 * it, so a resumed or sharded run plays exactly the games not stored yet. */
typedef struct bones_tourney_slot {
	int round, slot;
	int game;    /* index into games */
	int table;   /* encounter number within the round */
	int set;     /* set number within the encounter */
	int perm;    /* seat rotation within a duplicate set (0 records the chance) */
	int seats;
	int player[BONES_TOURNEY_MAX_SEATS]; /* participant index per seat */
	uint64_t seed; /* the deal: equal for every game of a set */
	bool bye;      /* Swiss, odd field: no game; player[0] scores it as a win */
} bones_tourney_slot;

/* A finished game as the schedule needs it (Swiss pairings, knockout winners); a Swiss
 * bye has one seat. */
typedef struct bones_tourney_outcome {
	int round, seats;
	int player[BONES_TOURNEY_MAX_SEATS];
	double points[BONES_TOURNEY_MAX_SEATS]; /* 1 win, 0.5 tie, 0 loss per opponent */
	double score[BONES_TOURNEY_MAX_SEATS];
} bones_tourney_outcome;

/* Points of each seat from ranks: the share of opponents ranked below (ties half). */
void bones_tourney_points(int seats, const int *ranks, double *points);

/* Rounds the format plays (knockout: ceil(log2 participants)). */
int bones_tourney_round_count(const bones_tourney *t);
/* Whether the schedule of a round is known before any result (round-robin, gauntlet). */
bool bones_tourney_static(const bones_tourney *t);

/* The games of round `round` given the outcomes of earlier rounds (ignored by static
 * formats). *out is malloc'ed (free it), *count its length; for a knockout round with
 * one participant left, 0 games. */
bones_status bones_tourney_schedule(const bones_tourney *t, int round,
				    const bones_tourney_outcome *done, size_t done_count,
				    bones_tourney_slot **out, size_t *count);

/* ---- The runner ----------------------------------------------------------------- */

typedef struct bones_tourney_db bones_tourney_db;

typedef struct bones_tourney_run_opts {
	int shard, shards;   /* run only sets j with j % shards == shard (0-based) */
	bool progress;       /* draw a progress bar on stderr */
	/* Polled about ten times a second; true stops the run (games in progress are
	 * dropped and replayed on resume). May be NULL. */
	bool (*should_stop)(void *user);
	void *user;
	int threads;         /* 0: the tourney's concurrency */
	FILE *pairs;         /* if not NULL: a line per pair every tenth of the run, as
				fastchess prints them (events of at most 6 participants) */
	size_t *played;      /* if not NULL: set to the games this run stored */
	/* if not NULL: a folder (existing) where each game in progress is a record of its
	   moves so far, LIVE/ROUND-TABLE.bones, rewritten atomically after every move
	   and removed when the game ends (`bones serve --watch`, docs/web.md) */
	const char *live;
	/* if not NULL: a folder (existing) where each external engine's stderr is appended
	   to NAME.stderr (the participant's name, '/' as '_'), kept across games and runs;
	   NULL: /dev/null (docs/tournaments.md) */
	const char *engine_logs;
} bones_tourney_run_opts;

/* Play every game of the schedule not yet in db, committing finished games atomically
 * (each whole or not at all, in batches: docs/tournaments.md). BONES_OK when all are
 * played; BONES_ERANGE when stopped early.
 * err says what went wrong (a database error, an engine that cannot play a game). */
bones_status bones_tourney_run(const bones_tourney *t, bones_tourney_db *db,
			       const bones_tourney_run_opts *opts, char *err, size_t errcap);

/* Start every external engine of t and ask it to start every game (`new ... seat=1`),
 * as a run does first; err names the first engine that cannot ("FILE:LINE: player 'X'
 * cannot play game 'G': ...") with the last line of its stderr when engine_logs (may be
 * NULL, as bones_tourney_run_opts.engine_logs) keeps it. */
bones_status bones_tourney_handshake(const bones_tourney *t, const char *engine_logs,
				     char *err, size_t errcap);

/* The file of participant p's stderr in the folder engine_logs into path:
 * "ENGINE_LOGS/NAME.stderr", '/' in the name as '_'. Returns path, or NULL when
 * engine_logs is NULL or the path does not fit. */
const char *bones_tourney_engine_log(const bones_tourney *t, int p, const char *engine_logs,
				     char *path, size_t cap);

/* The tournament's SPRT (t->sprt_on) over the games stored in db: the first
 * participant's score against the second, by game or, with duplicate deals, by pair of
 * games on one deal. BONES_EINVAL when t has no SPRT. */
bones_status bones_tourney_sprt_result(const bones_tourney *t, bones_tourney_db *db,
				       bones_sprt_state *out);

/* ---- MPI (optional: built when CMake finds MPI) ------------------------------------ */

/* Whether this build has the MPI runner. */
bool bones_tourney_mpi_available(void);
/* MPI_Init and the process's rank and size; BONES_EINVAL without MPI. */
bones_status bones_tourney_mpi_init(int *argc, char ***argv, int *rank, int *size);
void bones_tourney_mpi_finalize(void);
/* End every process of the job (MPI_Abort) with status; returns only without MPI. */
void bones_tourney_mpi_abort(int status);
/* The same schedule as bones_tourney_run over the MPI processes: rank 0 (db != NULL)
 * hands out one set at a time to whichever rank asks and stores every result; the
 * other ranks (db NULL) play. Called by every rank; at least 2 processes. */
bones_status bones_tourney_run_mpi(const bones_tourney *t, bones_tourney_db *db,
				   const bones_tourney_run_opts *opts, char *err,
				   size_t errcap);

#endif /* BONES_TOURNEY_H */
