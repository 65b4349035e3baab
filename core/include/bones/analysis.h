/* Analysis of a played game (`bones analyse`): for every player move, a searching
 * agent's expected outcome before and after it from the mover's view, the move it
 * prefers and a verdict, by thresholds per game (docs/ai.md, Analysis). */
#ifndef BONES_ANALYSIS_H
#define BONES_ANALYSIS_H

#include <stdbool.h>
#include <stdint.h>

#include "bones/agent.h"
#include "bones/session.h"

/* How good a move was, best first. */
typedef enum bones_verdict {
	BONES_VERDICT_BEST,       /* the preferred move, or valued at least as high */
	BONES_VERDICT_GOOD,       /* loses less than an inaccuracy */
	BONES_VERDICT_INACCURACY,
	BONES_VERDICT_MISTAKE,
	BONES_VERDICT_BLUNDER,
	BONES_VERDICT_COUNT
} bones_verdict;

/* The loss at which a verdict starts, indexed by verdict - BONES_VERDICT_INACCURACY: in
 * win share (0.1 = ten points of win chance) and in points of final margin. A move gets
 * the worse of the two verdicts. */
typedef struct bones_analysis_thresholds {
	double win[3];    /* inaccuracy, mistake, blunder */
	double points[3]; /* the same in the game's points; 0 = margin not judged */
} bones_analysis_thresholds;

/* One player move of the game. Values are the mover's: win share (1 a win, 1/2 a tie,
 * 0 a loss, averaged over the other players) and final margin over the best other
 * player in points, positive when ahead (fewer points in low-score games). */
typedef struct bones_analysis_move {
	size_t index;              /* in the session's history, 0-based */
	int mover;                 /* the player, 0-based */
	bones_move played, preferred;
	double win_before, margin_before; /* the preferred move's value: the position */
	double win_after, margin_after;   /* the played move's value */
	bool forced;               /* the only legal move */
	bones_verdict verdict;
} bones_analysis_move;

/* What to analyse with. Zero-initialise it: later fields may be added. */
typedef struct bones_analysis_options {
	const char *agent;   /* a searching agent's spec (mcts ...); NULL = BONES_ANALYSIS_AGENT */
	double seconds;      /* bound on each search (0: the spec's budget alone; with a time
			      * bound the result depends on the machine) */
	uint64_t seed;       /* each move's agent is seeded from it and the move's number:
			      * the same seed, the same analysis */
	const bones_analysis_thresholds *thresholds; /* NULL = the game's */
	/* Called after each move is analysed (may be NULL), e.g. to print it at once. */
	void (*progress)(void *ctx, const bones_analysis_move *move);
	void *ctx;
	/* Asked before each move (may be NULL): true stops the analysis, which then
	 * returns BONES_ERANGE with the moves analysed so far in *out (a server's worker
	 * stopping, a window's user going back). */
	bool (*cancelled)(void *ctx);
} bones_analysis_options;

/* The agent analysis uses when none is named. */
#define BONES_ANALYSIS_AGENT "mcts iterations=1000"

/* The analysis of a game; caller-owned, bones_analysis_release frees it. */
typedef struct bones_analysis {
	bones_analysis_move *moves; /* count entries, in history order; owned */
	size_t count;
	bones_analysis_thresholds thresholds; /* those used */
} bones_analysis;

/* The thresholds documented for game_id ("holomino"); a default for other games. */
bones_analysis_thresholds bones_analysis_thresholds_for(const char *game_id);

/* The verdict of a move valued (win_after, margin_after) where the preferred one was
 * valued (win_before, margin_before). */
bones_verdict bones_analysis_verdict(const bones_analysis_thresholds *t, double win_before,
				     double margin_before, double win_after,
				     double margin_after);

/* The verdict's word, untranslated ("mistake"); translate with _() where shown. */
const char *bones_analysis_verdict_name(bones_verdict v);

/* Analyse every player move of s's history (finished or not) into *out (its old
 * contents are not freed). Each position is searched from its mover's view (hidden information
 * resampled), once for the preferred move and once restricted to the played move when
 * they differ. err: "agent 'greedy': analysis needs a searching agent (mcts)".
 * BONES_ERANGE when opts->cancelled said stop: *out keeps the moves done (release it). */
bones_status bones_analysis_run(bones_analysis *out, const bones_session *s,
				const bones_analysis_options *opts, char *err, size_t errcap);

void bones_analysis_release(bones_analysis *a);

/* The record text[0..len) s was read from, with the analysis a written into its game
 * number `game` (from 1, as bones_record_count counts the games of a file; 1 for a
 * record of one game; docs/formats.md): the tag [Analysis "TAG"] after the game's
 * tags and a comment "; analysis: ..." after each analysed move, replacing those of
 * an earlier analysis; every other line kept as it was. *out (malloc'ed, the caller
 * frees) gets *out_len bytes. BONES_EINVAL when tag has a quote, backslash or line end;
 * BONES_ENOMEM. */
bones_status bones_analysis_annotate(const bones_analysis *a, const bones_session *s,
				     size_t game, const char *tag, const char *text,
				     size_t len, char **out, size_t *out_len);

#endif /* BONES_ANALYSIS_H */
