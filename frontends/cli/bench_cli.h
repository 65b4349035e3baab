/* Helpers of `bones bench` shared by its files: thread count lists (bench_threads.c) and the
 * tournament benchmark (bench_tourney.c). */
#ifndef BONES_CLI_BENCH_CLI_H
#define BONES_CLI_BENCH_CLI_H

#include <stdbool.h>

#include "bones/args.h"

#define BENCH_MAX_THREADS 16 /* counts in one --threads list */
#define BENCH_MAX_REPEAT 99  /* --repeat K: runs of each count */

typedef struct bench_threads {
	int n[BENCH_MAX_THREADS];
	int count;
} bench_threads;

/* The counts of 1..64 the current option's value lists ("1,2,4,8"), at most
 * BENCH_MAX_THREADS; false (with a message) else. */
bool bench_parse_threads(bones_args *args, bench_threads *out);

/* The counts when --threads is not given: 1 and 2. */
#define BENCH_THREADS_DEFAULT ((bench_threads){.n = {1, 2}, .count = 2})

/* `bones bench tourney CONFIG [--threads LIST] [--repeat K] [--dir DIR]`: argv[0] is
 * "tourney". Exit status. */
int bench_tourney(int argc, char **argv);

#endif /* BONES_CLI_BENCH_CLI_H */
