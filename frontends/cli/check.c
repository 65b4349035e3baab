/* `bones check PLUGIN`: the conformance suite (core/src/check.c) on a plugin file or id. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bones/args.h"
#include "bones/check.h"
#include "bones/i18n.h"
#include "bones/registry.h"
#include "commands.h"

#define MAX_SETTINGS 4096

static int check_usage(FILE *out, int status)
{
	fprintf(out, _(
		"usage: bones check PLUGIN [--games N | --quick] [--deep] [--seed S]\n"
		"                   [--set key=value]... [--variant V] [--threads T]\n"
		"                   [--step-seconds S] [--no-fork]\n"
		"\n"
		"Plays N random games (default 2000, --quick 100) of every configuration of\n"
		"PLUGIN (a .so file or a game id): the defaults, each variant and each player\n"
		"count (those that are the same game once), or only --variant V. Checks notation\n"
		"round trips, refusal of illegal moves, flat states, chance probabilities, ranks,\n"
		"hidden information, the picture and reproducibility, in T child processes at\n"
		"once (default: one per core). The costly checks (refusals, observations, hidden\n"
		"information, the picture, every move's notation) run at every position of the\n"
		"first 4 games, then at one position in 16, and one game in 8 is played again;\n"
		"--deep runs them at every position of every game and plays every game again. A\n"
		"plugin that crashes, or takes more than S seconds (default 5) over one\n"
		"position, is reported with its game and seed; that game is shrunk to the\n"
		"shortest move sequence that still fails. The first failure is printed with a\n"
		"replayable record. --no-fork runs in this process (for a debugger).\n"
		"Exit status 0 when every check holds, 1 when one fails, 2 for bad arguments.\n"));
	return status;
}

enum { GAMES = 1, QUICK, SEED, VARIANT, THREADS, STEP_SECONDS, SET, NO_FORK, DEEP };

static const bones_args_option options[] = {
	{"games", 0, true, GAMES},     {"quick", 0, false, QUICK},
	{"seed", 0, true, SEED},       {"variant", 0, true, VARIANT},
	{"threads", 0, true, THREADS}, {"step-seconds", 0, true, STEP_SECONDS},
	{"set", 0, true, SET},         {"no-fork", 0, false, NO_FORK},
	{"deep", 0, false, DEEP},      {0}};

/* What the options fill: the configuration, the --set settings, --quick. */
typedef struct check_args {
	bones_check_config *cfg;
	char *settings; /* MAX_SETTINGS bytes */
	bool quick;
} check_args;

/* One option into ctx, a check_args; false after printing why not. */
static bool check_option(bones_args *args, int id, void *ctx)
{
	check_args *c = ctx;
	bones_check_config *cfg = c->cfg;
	char *settings = c->settings;
	uint64_t n;
	long k;
	size_t used = strlen(settings);
	switch (id) {
	case GAMES:
		if (!bones_args_uint(args, 1, SIZE_MAX, &n))
			return false;
		cfg->games = (size_t)n;
		return true;
	case SEED:
		return bones_args_uint(args, 0, UINT64_MAX, &cfg->seed);
	case THREADS:
		if (!bones_args_int(args, 1, 64, &k))
			return false;
		cfg->threads = (unsigned)k;
		return true;
	case STEP_SECONDS:
		if (!bones_args_int(args, 1, 3600, &k))
			return false;
		cfg->step_seconds = (double)k;
		return true;
	case VARIANT:
		cfg->variant = args->value;
		return true;
	case QUICK:
		c->quick = true;
		return true;
	case NO_FORK:
		cfg->in_process = true;
		return true;
	case DEEP:
		cfg->deep = true;
		return true;
	}
	if (!strchr(args->value, '=')) /* --set */
		return bones_args_fail(args, _("expected KEY=VALUE, not '%s'"), args->value);
	if (used + strlen(args->value) + 2 >= MAX_SETTINGS)
		return bones_args_fail(args, "%s", _("too many settings"));
	snprintf(settings + used, MAX_SETTINGS - used, "%s%s", used ? " " : "", args->value);
	return true;
}

/* Fill cfg from the arguments: 0, or the exit status (negative for 0: --help). */
static int parse_args(int argc, char **argv, bones_check_config *cfg, char *settings,
		      const char **plugin, bool *quick)
{
	check_args c = {cfg, settings, false};
	bones_args args;
	bones_args_init(&args, "bones check", options, argc, argv);
	int rc = bones_args_parse(&args, check_option, &c, plugin, 1, check_usage);
	if (rc >= 0)
		return rc ? rc : -1;
	*quick = c.quick;
	if (!*plugin)
		fprintf(stderr, _("bones check: which plugin? (see --help)\n"));
	return *plugin ? 0 : 2;
}

static int run(bones_registry *reg, const char *name, bones_check_config *cfg)
{
	const bones_plugin *p = bones_registry_find(reg, name);
	const char *refused = p ? NULL : bones_registry_refusal(reg, name);
	if (refused) {
		fprintf(stderr, _("bones check: '%s' was refused: %s\n"), name, refused);
		return 1;
	}
	if (!p) {
		fprintf(stderr, _("bones check: no plugin '%s'\n"), name);
		for (size_t i = 0; i < bones_registry_error_count(reg); i++)
			fprintf(stderr, "  %s\n", bones_registry_error(reg, i));
		return 1;
	}
	printf(_("checking %s %s, seed %llu\n"), p->id, p->version,
	       (unsigned long long)cfg->seed);
	fflush(stdout);
	cfg->log = stdout;
	cfg->progress = isatty(2);
	bones_check_report rep;
	bones_status st = bones_check_run(p, cfg, &rep);
	/* The "ok:", "FAIL:" and "record of the failing ...:" lines stay English: scripts
	 * read them (the failure itself is in the player's language). */
	if (st == BONES_OK) {
		printf("ok: %zu configurations (%zu more were the same game), %zu games, "
		       "%zu moves, %zu checks passed\n", rep.configurations, rep.skipped,
		       rep.games, rep.moves, rep.checks);
		return 0;
	}
	printf("FAIL: %s\n", rep.failure);
	if (rep.record[0]) {
		/* a plugin named by its file is found by replay only on the plugin path */
		const char *slash = strrchr(name, '/');
		if (slash)
			printf("record of the failing %s: %s\n  BONES_PLUGIN_PATH=%.*s bones replay "
			       "%s\n", rep.shrunk_from ? "moves" : "game", rep.record,
			       (int)(slash - name), name, rep.record);
		else
			printf("record of the failing %s: %s\n  bones replay %s\n",
			       rep.shrunk_from ? "moves" : "game", rep.record, rep.record);
	}
	if (rep.shrunk_from)
		printf(P_("(the game that showed it had %zu move; the record holds the shortest "
			  "sequence found that still fails)\n",
			  "(the game that showed it had %zu moves; the record holds the shortest "
			  "sequence found that still fails)\n", rep.shrunk_from - 1),
		       rep.shrunk_from - 1);
	return 1;
}

int cmd_check(int argc, char **argv)
{
	bones_check_config cfg;
	memset(&cfg, 0, sizeof cfg);
	cfg.seed = 1;
	char *settings = calloc(1, MAX_SETTINGS);
	const char *name = NULL;
	bool quick = false;
	int rc = settings ? parse_args(argc, argv, &cfg, settings, &name, &quick) : 1;
	if (rc) {
		free(settings);
		return rc < 0 ? 0 : rc;
	}
	if (quick && !cfg.games)
		cfg.games = 100;
	cfg.settings = settings[0] ? settings : NULL;
	bones_registry *reg = bones_registry_create();
	int status = 1;
	if (reg) {
		bones_registry_scan_default(reg);
		status = run(reg, name, &cfg);
	}
	bones_registry_destroy(reg);
	free(settings);
	return status;
}
