/* Results of requests (web_result.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "web_result.h"

web_result web_result_of(int code, const char *field, const char *fmt, ...)
{
	web_result r;
	memset(&r, 0, sizeof r);
	r.code = code;
	snprintf(r.field, sizeof r.field, "%s", field ? field : "");
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r.error, sizeof r.error, fmt, ap);
	va_end(ap);
	return r;
}
