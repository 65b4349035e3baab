/* `bones bench --threads LIST`: the thread counts a benchmark runs at (bench_cli.h), for
 * the agents' benchmark (bench.c) and the tournament's (bench_tourney.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_cli.h"
#include "bones/i18n.h"

bool bench_parse_threads(const char *text, bench_threads *out)
{
	const char *v = text;
	out->count = 0;
	for (;;) {
		char *end;
		errno = 0;
		long n = strtol(v, &end, 10);
		if (errno || end == v || n < 1 || n > 64 || out->count == BENCH_MAX_THREADS ||
		    (*end && *end != ',')) {
			fprintf(stderr, _("bones bench: --threads '%s': expected counts of 1..64 "
					  "separated by commas (at most %d)\n"), text,
				BENCH_MAX_THREADS);
			return false;
		}
		out->n[out->count++] = (int)n;
		if (!*end)
			return true;
		v = end + 1;
	}
}
