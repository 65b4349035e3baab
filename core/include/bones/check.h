/* The conformance suite behind `bones check`: thousands of random games of a plugin,
 * checking at every state what the ABI promises (plugin.h): notation round trips,
 * illegal moves refused, flat memcpy-able states, chance probabilities, ranks, hidden
 * information, reproducibility, max_moves. Games run in child processes, several at once,
 * so a plugin that crashes or hangs is reported (configuration, seed, move) instead of
 * taking the checker with it; the game that crashed it is shrunk to the shortest move
 * sequence that still does. The first failure stops the run and is saved as a
 * replayable record. */
#ifndef BONES_CHECK_H
#define BONES_CHECK_H

#include <stdio.h>

#include "bones/plugin.h"

/* What to check. Zero-initialise, then set what you need. */
typedef struct bones_check_config {
	size_t games;           /* random games per configuration; 0 = 2000 */
	uint64_t seed;          /* seeds every game; one seed reproduces one run */
	const char *settings;   /* "k=v ..." over the defaults of every configuration */
	const char *variant;    /* check only this variant; NULL = the defaults, every
				   variant and every player count */
	const char *record_dir; /* where the failing game's record goes; NULL = $TMPDIR
				   or /tmp */
	FILE *log;              /* one line per configuration, flushed; NULL = quiet */
	size_t max_game_length; /* moves before a game counts as endless; 0 = 100000 */
	unsigned threads;       /* child processes at once; 0 = one per core */
	double step_seconds;    /* longest the plugin may take over one state's checks
				   before it counts as hung; 0 = 5 */
	bool progress;          /* redraw a progress line with an ETA on stderr */
	bool in_process;        /* no child processes (for a debugger): a crash in the
				   plugin is a crash of the caller */
	bool deep;              /* every check at every state (refusals, observations,
				   hidden information, the picture of every legal move,
				   sample_move, every legal move's notation) and a replay
				   of every game; false: so in the first 4 games of each
				   configuration, then at one state in BONES_CHECK_SAMPLE
				   (and the first, the picture of 16 legal moves there)
				   and a replay of every 8th game */
} bones_check_config;

/* Without deep, the costly checks of a state run at one state in this many. */
#define BONES_CHECK_SAMPLE 16

/* What a run found. */
typedef struct bones_check_report {
	size_t configurations; /* option sets checked */
	size_t skipped;        /* option sets that are the same game as an earlier one */
	size_t games, moves;   /* played in all */
	size_t checks;         /* individual assertions that held */
	bool failed;
	char failure[1024];    /* the first failure: "CONFIG: game G (seed S), move N: ..." */
	char record[1024];     /* path of the failing game's record, "" when none */
	size_t shrunk_from;    /* a crash or hang: the moves of the game that showed it
				  (the record holds the shortest sequence found), else 0 */
} bones_check_report;

/* Run the suite on plugin. Returns BONES_OK when every check held, BONES_EILLEGAL
 * when one failed (report->failure says which), BONES_EINVAL when the settings or
 * variant do not validate (report->failure says why), BONES_ENOMEM. */
bones_status bones_check_run(const bones_plugin *plugin, const bones_check_config *config,
			     bones_check_report *report);

#endif /* BONES_CHECK_H */
