/* `bones check PLUGIN`: the conformance suite (core/src/check.c) on a plugin file or id. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/check.h"
#include "bones/registry.h"
#include "commands.h"

#define MAX_SETTINGS 4096

static int check_usage(FILE *out, int status)
{
	fprintf(out, "usage: bones check PLUGIN [--games N] [--seed S] [--set key=value]... "
		"[--variant V]\n\n"
		"Plays N random games (default 2000) of every configuration of PLUGIN (a .so "
		"file or a\ngame id): the defaults, each variant and each player count, or only "
		"--variant V.\nChecks notation round trips, refusal of illegal moves, flat "
		"states, chance\nprobabilities, ranks, hidden information and reproducibility. "
		"The first failure is\nprinted with the path of a replayable record. Exit "
		"status 0 when every check holds.\n");
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
		       const char **plugin)
{
	size_t used = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		unsigned long long n;
		if (a[0] != '-') {
			if (*plugin) {
				fprintf(stderr, "bones check: one plugin at a time ('%s', '%s')\n",
					*plugin, a);
				return false;
			}
			*plugin = a;
			continue;
		}
		if (!v) {
			fprintf(stderr, "bones check: '%s' needs a value (see --help)\n", a);
			return false;
		}
		i++;
		if (!strcmp(a, "--games") && parse_count(v, &n) && n > 0)
			cfg->games = (size_t)n;
		else if (!strcmp(a, "--seed") && parse_count(v, &n))
			cfg->seed = n;
		else if (!strcmp(a, "--variant"))
			cfg->variant = v;
		else if (!strcmp(a, "--set") && strchr(v, '=') &&
			 used + strlen(v) + 2 < MAX_SETTINGS)
			used += (size_t)snprintf(settings + used, MAX_SETTINGS - used, "%s%s",
						 used ? " " : "", v);
		else {
			fprintf(stderr, "bones check: bad option '%s %s' (see --help)\n", a, v);
			return false;
		}
	}
	if (!*plugin)
		fprintf(stderr, "bones check: which plugin? (see --help)\n");
	return *plugin != NULL;
}

static int run(bones_registry *reg, const char *name, bones_check_config *cfg)
{
	const bones_plugin *p = bones_registry_find(reg, name);
	if (!p) {
		fprintf(stderr, "bones check: no plugin '%s'\n", name);
		for (size_t i = 0; i < bones_registry_error_count(reg); i++)
			fprintf(stderr, "  %s\n", bones_registry_error(reg, i));
		return 1;
	}
	printf("checking %s %s, seed %llu\n", p->id, p->version,
	       (unsigned long long)cfg->seed);
	cfg->log = stdout;
	bones_check_report rep;
	bones_status st = bones_check_run(p, cfg, &rep);
	if (st == BONES_OK) {
		printf("ok: %zu configurations, %zu games, %zu moves, %zu checks passed\n",
		       rep.configurations, rep.games, rep.moves, rep.checks);
		return 0;
	}
	printf("FAIL: %s\n", rep.failure);
	if (rep.record[0])
		printf("record of the failing game: %s (bones replay %s)\n", rep.record,
		       rep.record);
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
	if (!settings || !parse_args(argc, argv, &cfg, settings, &name)) {
		free(settings);
		return 2;
	}
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
