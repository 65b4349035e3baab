/* The server's log (web_log.h). */
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#include "web_log.h"

void web_log(const char *fmt, ...)
{
	char when[32];
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
	va_list ap;
	va_start(ap, fmt);
	flockfile(stderr);
	fprintf(stderr, "bones serve: %s ", when);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	funlockfile(stderr);
	va_end(ap);
}
