/* `bones check PLUGIN`: the conformance suite (core/src/check.c) on a plugin file or id. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
		"information, the picture) run at one position in 16 and one game in 8 is played\n"
		"again; --deep runs them at every position and plays every game again. A plugin\n"
		"that crashes, or takes more than S seconds (default 5) over one position, is\n"
		"reported with its game and seed; that game is shrunk to the shortest move\n"
		"sequence that still fails. The first failure is printed with a replayable\n"
		"record. --no-fork runs in this process (for a debugger).\n"
		"Exit status 0 when every check holds, 1 when one fails, 2 for bad arguments.\n"));
	return status;
}

static bool parse_count(const char *text, unsigned long long *out)
{
	char *end;
	errno = 0;
	*out = strtoull(text, &end, 10);
	return text[0] >= '0' && text[0] <= '9' && !errno && !*end;
}

/* Fill cfg from the arguments; false after printing why not. */
static bool parse_args(int argc, char **argv, bones_check_config *cfg, char *settings,
		       const char **plugin, bool *quick)
{
	size_t used = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		unsigned long long n;
		if (!strcmp(a, "--quick") || !strcmp(a, "--no-fork") || !strcmp(a, "--deep")) {
			if (a[2] == 'q')
				*quick = true;
			else if (a[2] == 'd')
				cfg->deep = true;
			else
				cfg->in_process = true;
			continue;
		}
		if (a[0] != '-') {
			if (*plugin) {
				fprintf(stderr, _("bones check: one plugin at a time ('%s', '%s')\n"),
					*plugin, a);
				return false;
			}
			*plugin = a;
			continue;
		}
		if (!v) {
			fprintf(stderr, _("bones check: '%s' needs a value (see --help)\n"), a);
			return false;
		}
		i++;
		if (!strcmp(a, "--games") && parse_count(v, &n) && n > 0)
			cfg->games = (size_t)n;
		else if (!strcmp(a, "--seed") && parse_count(v, &n))
			cfg->seed = n;
		else if (!strcmp(a, "--variant"))
			cfg->variant = v;
		else if (!strcmp(a, "--threads") && parse_count(v, &n) && n > 0 && n <= 64)
			cfg->threads = (unsigned)n;
		else if (!strcmp(a, "--step-seconds") && parse_count(v, &n) && n > 0 && n <= 3600)
			cfg->step_seconds = (double)n;
		else if (!strcmp(a, "--set") && strchr(v, '=') &&
			 used + strlen(v) + 2 < MAX_SETTINGS)
			used += (size_t)snprintf(settings + used, MAX_SETTINGS - used, "%s%s",
						 used ? " " : "", v);
		else {
			fprintf(stderr, _("bones check: bad option '%s %s' (see --help)\n"), a, v);
			return false;
		}
	}
	if (!*plugin)
		fprintf(stderr, _("bones check: which plugin? (see --help)\n"));
	return *plugin != NULL;
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
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
		return check_usage(stdout, 0);
	bones_check_config cfg;
	memset(&cfg, 0, sizeof cfg);
	cfg.seed = 1;
	char *settings = calloc(1, MAX_SETTINGS);
	const char *name = NULL;
	bool quick = false;
	if (!settings || !parse_args(argc, argv, &cfg, settings, &name, &quick)) {
		free(settings);
		return 2;
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
