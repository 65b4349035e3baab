/* The command line of every `bones` command: one parser on getopt_long with one
 * wording for its errors, and strict numbers. A command lists its options in a table
 * and fills its fields from them in a function of its own:
 *
 *     enum { SEED = 1, QUICK };
 *     static const bones_args_option options[] = {
 *             {"seed", 0, true, SEED}, {"quick", 'q', false, QUICK}, {0}};
 *     static bool option(bones_args *args, int id, void *ctx)
 *     {
 *             check_args *c = ctx;
 *             switch (id) {
 *             case SEED: return bones_args_uint(args, 0, UINT64_MAX, &c->seed);
 *             case QUICK: c->quick = true; return true;
 *             }
 *             return false;
 *     }
 *     ...
 *     bones_args args;
 *     bones_args_init(&args, "bones check", options, argc, argv);
 *     int rc = bones_args_parse(&args, option, &c, &c.plugin, 1, usage);
 *     if (rc >= 0)
 *             return rc;      (--help, --version, an error already printed)
 *
 * bones_args_next, beneath it, gives the options' ids and the words one by one.
 *
 * Options and words may come in any order (GNU permutation), `--opt=value` and
 * `--opt value` alike, a long name abbreviated to any unique prefix; everything after a
 * lone "--" is a word. `--help` and `-h` are every command's (BONES_ARGS_HELP); so is
 * `--version` (main.c answers it before a command runs; bones_args_next prints the
 * version line and ends with BONES_ARGS_VERSION for a command run otherwise). Errors
 * are printed once, to stderr, in the player's language:
 *
 *     bones check: --seed: needs a value
 *     bones check: unknown option '--sed' (did you mean '--seed'?)
 *     bones check: ambiguous option '--s' (--seed, --set)
 *     bones check: --quick: takes no value
 *     bones check: unexpected argument 'x'                 (bones_args_unexpected)
 *     bones check: --seed: expected a number from 0 to 9, not 'x'   (the number helpers)
 *
 * getopt_long keeps its state in globals (optind): one parse at a time per process,
 * on the main thread, as a command's main function does. */
#ifndef BONES_ARGS_H
#define BONES_ARGS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define BONES_ARGS_MAX 48 /* options in one table */

/* One option of a command. Tables are static const and end with {0}. */
typedef struct bones_args_option {
	const char *name; /* the long name without "--": "seed" */
	char letter;      /* a short name, -s; 0 for none */
	bool value;       /* takes a value: --seed 3, --seed=3, -s 3 */
	int id;           /* what bones_args_next returns for it; > 0 */
} bones_args_option;

/* What bones_args_next returns besides an option's id. */
enum {
	BONES_ARGS_END = 0,      /* no more arguments */
	BONES_ARGS_WORD = -1,    /* a positional word: value */
	BONES_ARGS_HELP = -2,    /* --help or -h: print the usage to stdout, exit 0 */
	BONES_ARGS_VERSION = -3, /* --version: the version line printed; exit 0 */
	BONES_ARGS_ERROR = -4,   /* a usage error, printed; exit 2 */
};

/* A parse of one command line. Caller-owned; bones_args_init, then bones_args_next
 * until BONES_ARGS_END. Holds no memory: nothing to release. */
typedef struct bones_args {
	const char *command;              /* "bones check": the errors' prefix; borrowed */
	const bones_args_option *options; /* the table; borrowed */
	int argc;
	char **argv;              /* argv[0] is the command's name; borrowed */
	const char *value;        /* the current option's value or word; NULL for none */
	FILE *err;                /* where errors go: stderr (tests set another) */
	bool rest;                /* after "--": argv[index...] are words */
	int index;                /* the next word after "--" */
	int at;                   /* argv index of the current word */
	char shorts[2 * BONES_ARGS_MAX + 4]; /* getopt's optstring */
	char option[64];          /* the current option as "--seed", for messages */
	struct option longs[BONES_ARGS_MAX + 3]; /* getopt_long's table */
} bones_args;

/* Start parsing argv[1..argc-1] of command ("bones check"); options ends with {0}.
 * A table of more than BONES_ARGS_MAX options is a programming error (asserted). */
void bones_args_init(bones_args *a, const char *command, const bones_args_option *options,
		     int argc, char **argv);

/* The next option's id (its value, if it takes one, in a->value), BONES_ARGS_WORD
 * (the word in a->value), BONES_ARGS_HELP, BONES_ARGS_VERSION, BONES_ARGS_ERROR
 * (printed) or BONES_ARGS_END. */
int bones_args_next(bones_args *a);

/* The whole command line, for a command whose options each fill a field: each option
 * to option(a, id, ctx) (false: an error it printed), the words into words[0..max)
 * (which start NULL; one more is an unexpected argument), --help to usage(stdout, 0).
 * Returns -1 when the command runs on, else its exit status: 0 after --help or
 * --version, 2 after an error. */
int bones_args_parse(bones_args *a, bool (*option)(bones_args *a, int id, void *ctx),
		     void *ctx, const char **words, int max, int (*usage)(FILE *out, int status));

/* Print "COMMAND: unexpected argument 'WORD'" for a word the command does not take
 * (a->value); returns BONES_ARGS_ERROR. */
int bones_args_unexpected(bones_args *a);

/* The exit status of a parse ended by id: BONES_ARGS_HELP calls usage(stdout, 0),
 * BONES_ARGS_VERSION is 0, BONES_ARGS_ERROR (and anything else) 2. usage is the
 * command's "print the usage to out, return status". */
int bones_args_exit(int id, int (*usage)(FILE *out, int status));

/* Print "COMMAND: --OPT: " and the formatted reason (translated, no newline) about the
 * current option; returns false, for `return bones_args_fail(&args, ...);`. */
bool bones_args_fail(bones_args *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The current option's value as a whole number in lo..hi (decimal, nothing else
 * around it); else the error "expected a number from LO to HI, not 'V'" ("of at least
 * LO" when hi is the type's largest) is printed and false returned, *out unchanged. */
bool bones_args_int(bones_args *a, long lo, long hi, long *out);
bool bones_args_uint(bones_args *a, uint64_t lo, uint64_t hi, uint64_t *out);
/* The current option's value as WIDTHxHEIGHT, each in lo..hi ("1920x1080"); else the
 * error "expected WxH, each from LO to HI, not 'V'" and false. */
bool bones_args_size(bones_args *a, int lo, int hi, int *w, int *h);
/* The same for a decimal number such as 0.5 or 3 (no inf, no nan). */
bool bones_args_double(bones_args *a, double lo, double hi, double *out);

#endif /* BONES_ARGS_H */
