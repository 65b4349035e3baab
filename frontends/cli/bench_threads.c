/* `bones bench --threads LIST`: the thread counts a benchmark runs at (bench_cli.h), for
 * the agents' benchmark (bench.c) and the tournament's (bench_tourney.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_cli.h"
#include "bones/i18n.h"

bool bench_parse_threads(bones_args *args, bench_threads *out)
{
	const char *v = args->value;
	out->count = 0;
	for (;;) {
		char *end;
		errno = 0;
		long n = strtol(v, &end, 10);
		if (errno || end == v || n < 1 || n > 64 || out->count == BENCH_MAX_THREADS ||
		    (*end && *end != ','))
			return bones_args_fail(args, _("expected counts of 1..64 separated by "
						       "commas (at most %d), not '%s'"),
					       BENCH_MAX_THREADS, args->value);
		out->n[out->count++] = (int)n;
		if (!*end)
			return true;
		v = end + 1;
	}
}
