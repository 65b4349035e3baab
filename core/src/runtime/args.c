/* The commands' one parser, on glibc's getopt_long, and its strict numbers; see
 * bones/args.h. */
#include "bones/args.h"

#include "bones/i18n.h"
#include "bones/suggest.h"
#include "bones/version.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define LONG_ID 256 /* getopt's val of a long option: LONG_ID + its index */
#define HELP_ID (LONG_ID - 2)
#define VERSION_ID (LONG_ID - 1)

void bones_args_init(bones_args *a, const char *command, const bones_args_option *options,
		     int argc, char **argv)
{
	memset(a, 0, sizeof *a);
	a->command = command, a->options = options, a->argc = argc, a->argv = argv;
	a->err = stderr;
	/* '-': words returned in order (never reordered: `bones start` hands argv on);
	 * ':': a missing value told apart from an unknown option */
	size_t n = 0, s = 0;
	a->shorts[s++] = '-', a->shorts[s++] = ':', a->shorts[s++] = 'h';
	for (; options[n].name; n++) {
		assert(n < BONES_ARGS_MAX && options[n].id > 0);
		a->longs[n] = (struct option){options[n].name, options[n].value, NULL,
					      LONG_ID + (int)n};
		if (options[n].letter) {
			a->shorts[s++] = options[n].letter;
			if (options[n].value)
				a->shorts[s++] = ':';
		}
	}
	a->longs[n] = (struct option){"help", no_argument, NULL, HELP_ID};
	a->longs[n + 1] = (struct option){"version", no_argument, NULL, VERSION_ID};
	optind = 0; /* glibc: start afresh, reading the optstring's flags again */
	opterr = 0;
}

/* The table's entry of getopt's val: a long option's index or a short letter. */
static const bones_args_option *option_of(const bones_args *a, int val)
{
	for (int i = 0; a->options[i].name; i++)
		if (LONG_ID + i == val || (val < LONG_ID && a->options[i].letter == val))
			return &a->options[i];
	return NULL;
}

/* "COMMAND: " and the formatted message, once, with a newline. */
static int say(const bones_args *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int say(const bones_args *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(a->err, "%s: ", a->command);
	vfprintf(a->err, fmt, ap);
	fputc('\n', a->err);
	va_end(ap);
	return BONES_ARGS_ERROR;
}

/* A long option getopt refused without naming it: ambiguous, else unknown (with the
 * closest name). typed is the argument as given: "--se" or "--sed=3". */
static int unknown_long(bones_args *a, const char *typed)
{
	char name[64], list[256] = "";
	size_t len = strcspn(typed + 2, "="), used = 0, matches = 0;
	snprintf(name, sizeof name, "%.*s", (int)len, typed + 2);
	for (int i = 0; a->options[i].name; i++)
		if (!strncmp(a->options[i].name, name, len) && used < sizeof list) {
			used += (size_t)snprintf(list + used, sizeof list - used, "%s--%s",
						 matches ? ", " : "", a->options[i].name);
			matches++;
		}
	if (matches > 1)
		/* TRANSLATORS: '--se' and the options it could be: (--seed, --set) */
		return say(a, _("ambiguous option '--%s' (%s)"), name, list);
	bones_suggest s;
	bones_suggest_init(&s, name);
	for (int i = 0; a->options[i].name; i++)
		bones_suggest_add(&s, a->options[i].name);
	bones_suggest_add(&s, "help");
	bones_suggest_add(&s, "version");
	char hint[96] = "", dashed[80];
	if (bones_suggest_best(&s)) {
		snprintf(dashed, sizeof dashed, "--%s", bones_suggest_best(&s));
		snprintf(hint, sizeof hint, _(" (did you mean '%s'?)"), dashed);
	}
	return say(a, _("unknown option '--%s'%s"), name, hint);
}

/* getopt's '?' and ':' as one message each. */
static int refused(bones_args *a, int c)
{
	const bones_args_option *o = option_of(a, optopt);
	if (c == ':' && optopt >= LONG_ID)
		snprintf(a->option, sizeof a->option, "--%s", o ? o->name : "?");
	else if (c == ':')
		snprintf(a->option, sizeof a->option, "-%c", optopt);
	if (c == ':')
		return say(a, _("%s: needs a value"), a->option);
	if (optopt >= HELP_ID) /* --quick=x, --help=x */
		return say(a, _("--%s: takes no value"),
			   o ? o->name : optopt == HELP_ID ? "help" : "version");
	if (optopt)
		return say(a, _("unknown option '-%c'"), optopt);
	return unknown_long(a, a->argv[optind - 1]);
}

int bones_args_next(bones_args *a)
{
	a->value = NULL;
	a->option[0] = '\0';
	if (a->rest) { /* the words after "--" */
		if (a->index >= a->argc)
			return BONES_ARGS_END;
		a->at = a->index;
		a->value = a->argv[a->index++];
		return BONES_ARGS_WORD;
	}
	int c = getopt_long(a->argc, a->argv, a->shorts, a->longs, NULL);
	if (c == -1) {
		a->rest = true, a->index = optind;
		return bones_args_next(a);
	}
	if (c == 1) {
		a->at = optind - 1;
		a->value = optarg;
		return BONES_ARGS_WORD;
	}
	if (c == 'h' || c == HELP_ID)
		return BONES_ARGS_HELP;
	if (c == VERSION_ID) {
		printf("%s\n", bones_version_line());
		return BONES_ARGS_VERSION;
	}
	const bones_args_option *o = c == '?' || c == ':' ? NULL : option_of(a, c);
	if (!o)
		return refused(a, c);
	snprintf(a->option, sizeof a->option, "--%s", o->name);
	a->value = o->value ? optarg : NULL;
	return o->id;
}

int bones_args_unexpected(bones_args *a)
{
	return say(a, _("unexpected argument '%s'"), a->value ? a->value : "");
}

int bones_args_parse(bones_args *a, bool (*option)(bones_args *a, int id, void *ctx),
		     void *ctx, const char **words, int max, int (*usage)(FILE *out, int status))
{
	int count = 0;
	for (int id; (id = bones_args_next(a)) != BONES_ARGS_END;) {
		if (id == BONES_ARGS_WORD && count < max)
			words[count++] = a->value;
		else if (id == BONES_ARGS_WORD)
			return bones_args_exit(bones_args_unexpected(a), usage);
		else if (id < 0)
			return bones_args_exit(id, usage);
		else if (!option(a, id, ctx))
			return 2;
	}
	return -1;
}

int bones_args_exit(int id, int (*usage)(FILE *out, int status))
{
	if (id == BONES_ARGS_HELP)
		return usage(stdout, 0);
	return id == BONES_ARGS_VERSION ? 0 : 2;
}

bool bones_args_fail(bones_args *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(a->err, "%s: %s: ", a->command, a->option);
	vfprintf(a->err, fmt, ap);
	fputc('\n', a->err);
	va_end(ap);
	return false;
}

/* The one wording of a number out of its range; lo and hi already written, hi NULL
 * when the range has no end. */
static bool not_a_number(bones_args *a, const char *lo, const char *hi)
{
	const char *v = a->value ? a->value : "";
	if (!hi)
		/* TRANSLATORS: "--games: expected a number of at least 1, not 'x'" */
		return bones_args_fail(a, _("expected a number of at least %s, not '%s'"), lo, v);
	/* TRANSLATORS: "--seed: expected a number from 0 to 100, not 'x'" */
	return bones_args_fail(a, _("expected a number from %s to %s, not '%s'"), lo, hi, v);
}

/* Decimal digits only, a minus sign first when negative allows it. */
static bool plain_integer(const char *text, bool negative)
{
	if (negative && *text == '-')
		text++;
	return *text && strspn(text, "0123456789") == strlen(text);
}

bool bones_args_int(bones_args *a, long lo, long hi, long *out)
{
	const char *t = a->value ? a->value : "";
	errno = 0;
	long v = plain_integer(t, true) ? strtol(t, NULL, 10) : 0;
	if (!plain_integer(t, true) || errno || v < lo || v > hi) {
		char l[32], h[32];
		snprintf(l, sizeof l, "%ld", lo), snprintf(h, sizeof h, "%ld", hi);
		return not_a_number(a, l, hi == LONG_MAX ? NULL : h);
	}
	*out = v;
	return true;
}

bool bones_args_uint(bones_args *a, uint64_t lo, uint64_t hi, uint64_t *out)
{
	const char *t = a->value ? a->value : "";
	errno = 0;
	unsigned long long v = plain_integer(t, false) ? strtoull(t, NULL, 10) : 0;
	if (!plain_integer(t, false) || errno || v < lo || v > hi) {
		char l[32], h[32];
		snprintf(l, sizeof l, "%" PRIu64, lo), snprintf(h, sizeof h, "%" PRIu64, hi);
		return not_a_number(a, l, hi == UINT64_MAX ? NULL : h);
	}
	*out = (uint64_t)v;
	return true;
}

bool bones_args_double(bones_args *a, double lo, double hi, double *out)
{
	const char *t = a->value ? a->value : "";
	char *end;
	errno = 0;
	double v = strtod(t, &end);
	/* digits, a point, an exponent: never inf, nan, hex or spaces */
	bool plain = *t && strspn(t, "0123456789.-+eE") == strlen(t) && !*end;
	if (!plain || errno || !isfinite(v) || v < lo || v > hi) {
		char l[32], h[32];
		snprintf(l, sizeof l, "%.15g", lo), snprintf(h, sizeof h, "%.15g", hi);
		return not_a_number(a, l, h);
	}
	*out = v;
	return true;
}

bool bones_args_size(bones_args *a, int lo, int hi, int *w, int *h)
{
	const char *t = a->value ? a->value : "";
	const char *x = strchr(t, 'x');
	char wide[16];
	long vw = -1, vh = -1;
	if (x && x - t < (long)sizeof wide) {
		snprintf(wide, sizeof wide, "%.*s", (int)(x - t), t);
		if (plain_integer(wide, false) && plain_integer(x + 1, false) &&
		    strlen(wide) < 6 && strlen(x + 1) < 6)
			vw = strtol(wide, NULL, 10), vh = strtol(x + 1, NULL, 10);
	}
	if (vw < 0 || vw < lo || vw > hi || vh < lo || vh > hi)
		/* TRANSLATORS: a size such as "--size: expected WxH, each from 64 to 8192,
		   not '10x10'"; WxH is typed as it is */
		return bones_args_fail(a, _("expected WxH, each from %d to %d, not '%s'"), lo, hi,
				       t);
	*w = (int)vw, *h = (int)vh;
	return true;
}
