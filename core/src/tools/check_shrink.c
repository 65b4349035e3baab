/* A plugin that crashed or hung under `bones check`: the report names the configuration,
 * game, seed and move; the game's moves are shrunk (each trial in a watched child) to the
 * shortest sequence whose checks still crash or hang the same way, and saved as a
 * replayable record. */
#define _GNU_SOURCE /* sigdescr_np */
#include "check_internal.h"

#include "bones/i18n.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SHRINK_TRIALS 400    /* children at most */
#define SHRINK_SECONDS 20.0  /* and seconds at most */

typedef struct trial {
	size_t config;
	uint64_t seed;
	const bones_move *moves;
	size_t n;
} trial;

static int trial_main(const check_plan *plan, bones_check_watch *watch, void *user)
{
	const trial *t = user;
	int r = bones_check_moves(plan, t->config, t->seed, t->moves, t->n, watch);
	return r < 0 ? 3 : 0; /* 3: not a legal sequence */
}

/* Whether moves[0..n) still faults as the original did (the same signal, or a hang). */
static bool still_faults(const check_plan *plan, bones_check_watch *watch, const trial *t,
			 int sig)
{
	int r = bones_check_in_child(plan, watch, trial_main, (void *)t);
	return sig == 0 ? r == -1000 : r == -sig;
}

static double seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Drop runs of moves, long runs first, while the rest still faults; returns the length
 * of the shortest sequence found in seq. */
static size_t shrink(const check_plan *plan, bones_check_watch *watch, size_t config,
		     uint64_t seed, bones_move *seq, size_t n, int sig)
{
	bones_move *cand = malloc((n + 1) * sizeof *cand);
	if (!cand)
		return n;
	double end = seconds() + SHRINK_SECONDS;
	int trials = 0;
	for (size_t run = n / 2 ? n / 2 : 1; run >= 1 && n; run /= 2) {
		for (size_t at = 0; at < n && trials < SHRINK_TRIALS && seconds() < end;) {
			size_t cut = at + run <= n ? run : n - at;
			memcpy(cand, seq, at * sizeof *cand);
			memcpy(cand + at, seq + at + cut, (n - at - cut) * sizeof *cand);
			trial t = {config, seed, cand, n - cut};
			trials++;
			if (still_faults(plan, watch, &t, sig)) {
				n -= cut;
				memcpy(seq, cand, n * sizeof *seq);
			} else {
				at += cut;
			}
		}
		if (run == 1)
			break;
	}
	free(cand);
	return n;
}

/* What went wrong, in the player's language (people) or in English (the record). */
static void describe(char *buf, size_t cap, int sig, double step_seconds, bool people)
{
#define TEXT(s) (people ? _(s) : (s))
	if (sig == 0) {
		snprintf(buf, cap,
			 TEXT(N_("the plugin did not answer within %.3g s (an endless loop?)")),
			 step_seconds);
	} else if (sig > 0) {
		const char *name = strsignal(sig); /* in the locale's language */
#ifdef __GLIBC__
		if (!people && sigdescr_np(sig))
			name = sigdescr_np(sig);
#endif
		snprintf(buf, cap, TEXT(N_("the plugin crashed (signal %d, %s)")), sig, name);
	} else if (sig <= CHECK_EXITED(0)) {
		snprintf(buf, cap, TEXT(N_("the plugin exited with status %d: a plugin must not "
					   "call exit")), CHECK_EXITED(0) - sig);
	} else {
		snprintf(buf, cap, "%s", TEXT(N_("the checking process ended without a result")));
	}
#undef TEXT
}

void bones_check_fault(const check_plan *plan, size_t i, size_t game, uint64_t seed,
		       const bones_move *moves, size_t n, int sig, bones_check_report *rep)
{
	char what[200];
	describe(what, sizeof what, sig, plan->cfg.step_seconds, true);
	snprintf(rep->failure, sizeof rep->failure, _("%s: game %zu (seed %llu), move %zu: %s"),
		 plan->list[i].label, game, (unsigned long long)seed, n + 1, what);
	describe(what, sizeof what, sig, plan->cfg.step_seconds, false); /* for the record */
	rep->failed = true;
	rep->shrunk_from = n + 1;
	bones_move *seq = malloc((n + 1) * sizeof *seq);
	bones_check_watch *watch = bones_check_watch_create(n + 1);
	if (!seq || !watch)
		goto out;
	memcpy(seq, moves, n * sizeof *seq);
	trial whole = {i, seed, seq, n};
	size_t len = n;
	/* only a fault the checks of these moves reproduce is worth shrinking */
	if (sig >= 0 && still_faults(plan, watch, &whole, sig))
		len = shrink(plan, watch, i, seed, seq, n, sig);
	char comment[1400];
	snprintf(comment, sizeof comment,
		 "bones check: %s\nin the checks of the position after these %zu moves "
		 "(shrunk from game %zu, seed %llu, %zu moves): %s",
		 plan->list[i].label, len, game, (unsigned long long)seed, n, what);
	bones_check_save(plan, i, seed, seq, len, comment, rep);
out:
	bones_check_watch_destroy(watch);
	free(seq);
}
