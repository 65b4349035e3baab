/* `bones bench tourney CONFIG --threads 1,2,4`: a tournament's games per second at each
 * thread count, each run into a fresh results.db of its own, the play alone (no
 * reports), so organisers can see how their machine scales (docs/tournaments.md). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_cli.h"
#include "bones/bench.h"
#include "bones/i18n.h"
#include "bones/tourney.h"
#include "bones/tourney_db.h"
#include "commands.h"


/* One run of t with `threads` workers in a new directory under base; the games stored
 * and the seconds they took. */
static bool run_once(const bones_tourney *t, const char *base, int threads, size_t *games,
		     double *secs)
{
	char dir[4096], path[4200], err[1024];
	snprintf(dir, sizeof dir, "%s/bones-bench-XXXXXX", base);
	if (!mkdtemp(dir)) {
		fprintf(stderr, _("bones bench: cannot create a directory in '%s': %s\n"), base,
			strerror(errno));
		return false;
	}
	snprintf(path, sizeof path, "%s/results.db", dir);
	bones_tourney_db *db;
	bool ok = false;
	if (bones_tourney_db_open(path, t, false, &db, err, sizeof err)) {
		fprintf(stderr, "bones bench: %s\n", err);
	} else {
		bones_tourney_run_opts o = {.shards = 1, .threads = threads, .played = games};
		double start = bones_bench_now();
		bones_status st = bones_tourney_run(t, db, &o, err, sizeof err);
		*secs = bones_bench_now() - start;
		bones_tourney_db_close(db);
		ok = !st;
		if (st)
			fprintf(stderr, "bones bench: %s\n", err);
	}
	static const char *const files[] = {"results.db", "results.db-wal", "results.db-shm"};
	for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, files[i]);
		unlink(path);
	}
	rmdir(dir);
	return ok;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Each count once per repeat, interleaved (a busy machine slows every count alike);
 * the median games per second of each. */
static int bench_counts(const bones_tourney *t, const bench_threads *th, int repeat,
			const char *base)
{
	static double rate[BENCH_MAX_THREADS][BENCH_MAX_REPEAT];
	size_t games = 0;
	for (int r = 0; r < repeat; r++)
		for (int i = 0; i < th->count; i++) {
			double secs = 0;
			if (!run_once(t, base, th->n[i], &games, &secs))
				return 1;
			rate[i][r] = secs > 0 ? (double)games / secs : 0;
		}
	printf("tourney: %s\ngames: %zu\nrepeat: %d\n", t->name, games, repeat);
	double one = 0;
	for (int i = 0; i < th->count; i++) {
		qsort(rate[i], (size_t)repeat, sizeof rate[i][0], cmp_double);
		double median = rate[i][repeat / 2];
		if (th->n[i] == 1)
			one = median;
		printf("threads=%d games_per_s: %.1f seconds: %.3f", th->n[i], median,
		       median > 0 ? (double)games / median : 0.0);
		if (one > 0)
			printf(" over_1: %.2f", median / one);
		putchar('\n');
	}
	return 0;
}

static int tourney_usage(FILE *out, int status)
{
	fprintf(out, "%s", _("usage: bones bench tourney CONFIG.ini [--threads LIST] [--repeat K]\n"
			     "                          [--dir DIR]   (bones bench --help tells "
			     "more)\n"));
	return status;
}

enum { THREADS = 1, REPEAT, DIR };

/* What the options fill. */
typedef struct tourney_args {
	bench_threads threads;
	long repeat;
	const char *base; /* where the runs' folders go */
} tourney_args;

static bool tourney_option(bones_args *args, int id, void *ctx)
{
	tourney_args *t = ctx;
	if (id == DIR)
		t->base = args->value;
	return id == DIR || (id == THREADS ? bench_parse_threads(args, &t->threads)
					   : bones_args_int(args, 1, BENCH_MAX_REPEAT, &t->repeat));
}

int bench_tourney(int argc, char **argv)
{
	static const bones_args_option options[] = {{"threads", 0, true, THREADS},
						    {"repeat", 0, true, REPEAT},
						    {"dir", 0, true, DIR}, {0}};
	const char *config = NULL;
	tourney_args ta = {BENCH_THREADS_DEFAULT, 1, getenv("TMPDIR")};
	bones_args args;
	bones_args_init(&args, "bones bench", options, argc, argv);
	int rc = bones_args_parse(&args, tourney_option, &ta, &config, 1, tourney_usage);
	if (rc >= 0)
		return rc;
	if (!config) {
		fprintf(stderr, _("bones bench: tourney: which tournament file? (see --help)\n"));
		return 2;
	}
	bones_tourney *t;
	char err[1024];
	if (bones_tourney_load(config, &t, err, sizeof err)) {
		fprintf(stderr, "bones bench: %s\n", err);
		return 1;
	}
	const char *base = ta.base && *ta.base ? ta.base : "/tmp";
	rc = bench_counts(t, &ta.threads, (int)ta.repeat, base);
	bones_tourney_destroy(t);
	return rc;
}
