/* The conformance suite behind `bones check`: thousands of random games of a plugin,
 * checking at every state what the ABI promises (plugin.h): notation round trips,
 * illegal moves refused, flat memcpy-able states, chance probabilities, ranks, hidden
 * information, reproducibility, max_moves. The first failure stops the run and is saved
 * as a replayable record. */
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
	FILE *log;              /* one line per configuration; NULL = quiet */
	size_t max_game_length; /* moves before a game counts as endless; 0 = 100000 */
} bones_check_config;

/* What a run found. */
typedef struct bones_check_report {
	size_t configurations; /* option sets checked */
	size_t games, moves;   /* played in all */
	size_t checks;         /* individual assertions that held */
	bool failed;
	char failure[1024];    /* the first failure: "CONFIG: game G (seed S), move N: ..." */
	char record[1024];     /* path of the failing game's record, "" when none */
} bones_check_report;

/* Run the suite on plugin. Returns BONES_OK when every check held, BONES_EILLEGAL
 * when one failed (report->failure says which), BONES_EINVAL when the settings or
 * variant do not validate (report->failure says why), BONES_ENOMEM. */
bones_status bones_check_run(const bones_plugin *plugin, const bones_check_config *config,
			     bones_check_report *report);

#endif /* BONES_CHECK_H */
