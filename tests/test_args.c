/* bones_args: the commands' one parser (options in any order, --opt=value, missing
 * values, unknown and ambiguous options) and its strict numbers. */
#define _GNU_SOURCE /* open_memstream */
#include "bones_test.h"

#include "bones/args.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SEED = 1, SET, SEATS, QUICK, VERBOSE };

static const bones_args_option options[] = {
	{"seed", 0, true, SEED},   {"set", 0, true, SET},        {"seats", 's', true, SEATS},
	{"quick", 0, false, QUICK}, {"verbose", 'v', false, VERBOSE}, {0}};

/* What a parse of the words of line returned, as "w:WORD o:ID=VALUE ... end", and
 * what it printed in err. */
typedef struct parse {
	char seen[512];
	char err[512];
	int last; /* the last return: END, HELP, ERROR, ... */
} parse;

static void parse_line(parse *p, const char *line)
{
	char copy[256], *argv[32];
	int argc = 0;
	snprintf(copy, sizeof copy, "bones-test %s", line);
	for (char *w = strtok(copy, " "); w && argc < 31; w = strtok(NULL, " "))
		argv[argc++] = w;
	argv[argc] = NULL;
	char *text = NULL;
	size_t len = 0;
	bones_args a;
	bones_args_init(&a, "bones test", options, argc, argv);
	a.err = open_memstream(&text, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a.err);
	size_t used = 0;
	p->seen[0] = '\0';
	int id;
	while ((id = bones_args_next(&a)) > 0 || id == BONES_ARGS_WORD) {
		size_t room = sizeof p->seen - used;
		if (id == BONES_ARGS_WORD)
			used += (size_t)snprintf(p->seen + used, room, "w:%s ", a.value);
		else
			used += (size_t)snprintf(p->seen + used, room, "o:%d=%s ", id,
						 a.value ? a.value : "-");
	}
	p->last = id;
	fclose(a.err);
	snprintf(p->err, sizeof p->err, "%s", text ? text : "");
	free(text);
}

static void test_args__words_and_options_come_in_any_order(void)
{
	parse p;
	parse_line(&p, "a --seed 3 b --quick c");
	CU_ASSERT_STRING_EQUAL(p.seen, "w:a o:1=3 w:b o:4=- w:c ");
	CU_ASSERT_EQUAL(p.last, BONES_ARGS_END);
	CU_ASSERT_STRING_EQUAL(p.err, "");
}

static void test_args__a_value_follows_an_equals_sign_or_comes_next(void)
{
	parse p;
	parse_line(&p, "--seed=7 --set players=3 -s 2 --set=a=b -v");
	CU_ASSERT_STRING_EQUAL(p.seen, "o:1=7 o:2=players=3 o:3=2 o:2=a=b o:5=- ");
	parse_line(&p, "--seed -5"); /* a value that looks like an option is a value */
	CU_ASSERT_STRING_EQUAL(p.seen, "o:1=-5 ");
}

static void test_args__everything_after_two_dashes_is_a_word(void)
{
	parse p;
	parse_line(&p, "x -- --seed -v");
	CU_ASSERT_STRING_EQUAL(p.seen, "w:x w:--seed w:-v ");
	CU_ASSERT_EQUAL(p.last, BONES_ARGS_END);
}

static void test_args__a_missing_value_is_named_once(void)
{
	parse p;
	parse_line(&p, "game --seed");
	CU_ASSERT_EQUAL(p.last, BONES_ARGS_ERROR);
	CU_ASSERT_STRING_EQUAL(p.err, "bones test: --seed: needs a value\n");
	parse_line(&p, "-s");
	CU_ASSERT_STRING_EQUAL(p.err, "bones test: -s: needs a value\n");
}

static void test_args__an_unknown_option_gets_a_suggestion(void)
{
	parse p;
	parse_line(&p, "--sed 3");
	CU_ASSERT_EQUAL(p.last, BONES_ARGS_ERROR);
	CU_ASSERT_STRING_EQUAL(p.err, "bones test: unknown option '--sed' (did you mean '--seed'?)\n");
	parse_line(&p, "--frobnicate=2");
	CU_ASSERT_STRING_EQUAL(p.err, "bones test: unknown option '--frobnicate'\n");
	parse_line(&p, "-x");
	CU_ASSERT_STRING_EQUAL(p.err, "bones test: unknown option '-x'\n");
	parse_line(&p, "--quick=1");
	CU_ASSERT_STRING_EQUAL(p.err, "bones test: --quick: takes no value\n");
}

static void test_args__a_unique_prefix_is_the_option_an_ambiguous_one_an_error(void)
{
	parse p;
	parse_line(&p, "--qu --see=4 --seats 2");
	CU_ASSERT_STRING_EQUAL(p.seen, "o:4=- o:1=4 o:3=2 ");
	parse_line(&p, "--se 4");
	CU_ASSERT_EQUAL(p.last, BONES_ARGS_ERROR);
	CU_ASSERT_STRING_EQUAL(p.err, "bones test: ambiguous option '--se' (--seed, --set, --seats)\n");
	parse_line(&p, "--set 1"); /* an exact name is never ambiguous */
	CU_ASSERT_STRING_EQUAL(p.seen, "o:2=1 ");
}

static void test_args__help_and_version_are_every_commands(void)
{
	parse p;
	parse_line(&p, "x --help");
	CU_ASSERT_EQUAL(p.last, BONES_ARGS_HELP);
	parse_line(&p, "-h");
	CU_ASSERT_EQUAL(p.last, BONES_ARGS_HELP);
	parse_line(&p, "-vh"); /* short options together */
	CU_ASSERT_STRING_EQUAL(p.seen, "o:5=- ");
	CU_ASSERT_EQUAL(p.last, BONES_ARGS_HELP);
	parse_line(&p, "--help=1");
	CU_ASSERT_STRING_EQUAL(p.err, "bones test: --help: takes no value\n");
}

/* The error of a number helper on value for option --seed. */
static const char *number_error(const char *value, int kind, double lo, double hi, char *buf,
				size_t cap)
{
	char *argv[] = {"bones-test", "--seed", (char *)value, NULL};
	char *text = NULL;
	size_t len = 0;
	bones_args a;
	bones_args_init(&a, "bones test", options, 3, argv);
	a.err = open_memstream(&text, &len);
	CU_ASSERT_EQUAL(bones_args_next(&a), SEED);
	long l = 0;
	uint64_t u = 0;
	double d = 0;
	bool ok = kind == 0   ? bones_args_int(&a, (long)lo, (long)hi, &l)
		  : kind == 1 ? bones_args_uint(&a, (uint64_t)lo, (uint64_t)hi, &u)
			      : bones_args_double(&a, lo, hi, &d);
	fclose(a.err);
	snprintf(buf, cap, "%s", ok ? "ok" : text);
	free(text);
	return buf;
}

static void test_args__numbers_are_whole_and_in_range(void)
{
	char b[256];
	CU_ASSERT_STRING_EQUAL(number_error("12", 0, 1, 64, b, sizeof b), "ok");
	CU_ASSERT_STRING_EQUAL(number_error("-1", 0, -1, 64, b, sizeof b), "ok");
	CU_ASSERT_STRING_EQUAL(number_error("65", 0, 1, 64, b, sizeof b),
			       "bones test: --seed: expected a number from 1 to 64, not '65'\n");
	CU_ASSERT_STRING_EQUAL(number_error("x", 1, 0, 9, b, sizeof b),
			       "bones test: --seed: expected a number from 0 to 9, not 'x'\n");
	CU_ASSERT_STRING_NOT_EQUAL(number_error("-1", 1, 0, 9, b, sizeof b), "ok");
	CU_ASSERT_STRING_NOT_EQUAL(number_error("3x", 0, 0, 9, b, sizeof b), "ok");
	CU_ASSERT_STRING_NOT_EQUAL(number_error(" 3", 0, 0, 9, b, sizeof b), "ok");
	CU_ASSERT_STRING_NOT_EQUAL(number_error("", 0, 0, 9, b, sizeof b), "ok");
	CU_ASSERT_STRING_NOT_EQUAL(number_error("99999999999999999999", 1, 0, 1e18, b, sizeof b),
				   "ok");
}

static void test_args__a_range_without_end_says_at_least(void)
{
	char *argv[] = {"bones-test", "--seed", "-2", NULL}, *text = NULL;
	size_t len = 0;
	long n = 0;
	bones_args a;
	bones_args_init(&a, "bones test", options, 3, argv);
	a.err = open_memstream(&text, &len);
	CU_ASSERT(bones_args_next(&a) == SEED && !bones_args_int(&a, -1, LONG_MAX, &n));
	fclose(a.err);
	CU_ASSERT_STRING_EQUAL(text, "bones test: --seed: expected a number of at least -1, not "
				     "'-2'\n");
	free(text);
}

static void test_args__decimals_are_plain_and_in_range(void)
{
	char b[256];
	CU_ASSERT_STRING_EQUAL(number_error("0.5", 2, 0, 10, b, sizeof b), "ok");
	CU_ASSERT_STRING_EQUAL(number_error("1e1", 2, 0, 10, b, sizeof b), "ok");
	CU_ASSERT_STRING_EQUAL(number_error("10.5", 2, 0, 10, b, sizeof b),
			       "bones test: --seed: expected a number from 0 to 10, not '10.5'\n");
	CU_ASSERT_STRING_NOT_EQUAL(number_error("inf", 2, 0, 1e300, b, sizeof b), "ok");
	CU_ASSERT_STRING_NOT_EQUAL(number_error("nan", 2, 0, 10, b, sizeof b), "ok");
	CU_ASSERT_STRING_NOT_EQUAL(number_error("0x1", 2, 0, 10, b, sizeof b), "ok");
	CU_ASSERT_STRING_NOT_EQUAL(number_error("1.", 2, -1, 0, b, sizeof b), "ok");
}

static void test_args__a_size_is_two_numbers_in_range(void)
{
	char *argv[] = {"bones-test", "--seed", "640x400", "--seed", "64x9000", "--seed", "x64",
			NULL};
	char *text = NULL;
	size_t len = 0;
	int w = 0, h = 0;
	bones_args a;
	bones_args_init(&a, "bones test", options, 7, argv);
	a.err = open_memstream(&text, &len);
	CU_ASSERT(bones_args_next(&a) == SEED && bones_args_size(&a, 64, 8192, &w, &h));
	CU_ASSERT(w == 640 && h == 400);
	CU_ASSERT(bones_args_next(&a) == SEED && !bones_args_size(&a, 64, 8192, &w, &h));
	CU_ASSERT(bones_args_next(&a) == SEED && !bones_args_size(&a, 64, 8192, &w, &h));
	CU_ASSERT(w == 640 && h == 400);
	fclose(a.err);
	CU_ASSERT_STRING_EQUAL(text, "bones test: --seed: expected WxH, each from 64 to 8192, "
				     "not '64x9000'\nbones test: --seed: expected WxH, each from 64 "
				     "to 8192, not 'x64'\n");
	free(text);
}

static bool count_option(bones_args *a, int id, void *ctx)
{
	(void)a;
	*(int *)ctx += id;
	return id != QUICK; /* --quick: an error the option reported */
}

static int usage_status(FILE *out, int status)
{
	(void)out;
	return status + 40;
}

/* bones_args_parse's result on line, its words in w[0..1]. */
static int parse_whole(const char *line, const char **w, int *sum)
{
	static char copy[256];
	char *argv[16];
	int argc = 0;
	snprintf(copy, sizeof copy, "bones-test %s", line);
	for (char *t = strtok(copy, " "); t && argc < 15; t = strtok(NULL, " "))
		argv[argc++] = t;
	bones_args a;
	bones_args_init(&a, "bones test", options, argc, argv);
	a.err = fopen("/dev/null", "w");
	w[0] = w[1] = NULL;
	*sum = 0;
	int rc = bones_args_parse(&a, count_option, sum, w, 2, usage_status);
	fclose(a.err);
	return rc;
}

static void test_args__a_whole_line_fills_words_and_options(void)
{
	const char *w[2];
	int sum;
	CU_ASSERT_EQUAL(parse_whole("a --seed 1 b -v", w, &sum), -1);
	CU_ASSERT(w[0] && w[1] && !strcmp(w[0], "a") && !strcmp(w[1], "b"));
	CU_ASSERT_EQUAL(sum, SEED + VERBOSE);
	CU_ASSERT_EQUAL(parse_whole("a b c", w, &sum), 2);    /* one word too many */
	CU_ASSERT_EQUAL(parse_whole("a --quick", w, &sum), 2); /* the option's error */
	CU_ASSERT_EQUAL(parse_whole("a --help", w, &sum), 40); /* usage(stdout, 0) */
	CU_ASSERT_EQUAL(parse_whole("--sed 1", w, &sum), 2);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"words and options come in any order",
		 test_args__words_and_options_come_in_any_order},
		{"a value follows an equals sign or comes next",
		 test_args__a_value_follows_an_equals_sign_or_comes_next},
		{"everything after two dashes is a word",
		 test_args__everything_after_two_dashes_is_a_word},
		{"a missing value is named once", test_args__a_missing_value_is_named_once},
		{"an unknown option gets a suggestion",
		 test_args__an_unknown_option_gets_a_suggestion},
		{"a unique prefix is the option, an ambiguous one an error",
		 test_args__a_unique_prefix_is_the_option_an_ambiguous_one_an_error},
		{"help and version are every command's",
		 test_args__help_and_version_are_every_commands},
		{"numbers are whole and in range", test_args__numbers_are_whole_and_in_range},
		{"a range without end says at least",
		 test_args__a_range_without_end_says_at_least},
		{"decimals are plain and in range", test_args__decimals_are_plain_and_in_range},
		{"a whole line fills words and options",
		 test_args__a_whole_line_fills_words_and_options},
		{"a size is two numbers in range", test_args__a_size_is_two_numbers_in_range},
		{NULL, NULL}};
	return bones_test_main("args", cases);
}
