/* `bones games`: the installed game plugins with their variants and options. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bones/registry.h"
#include "commands.h"

static const char *const type_names[] = {"int", "bool", "enum", "string"};

static void print_option(const bones_option_def *o)
{
	char range[256] = "";
	size_t used = 0;
	if (o->type == BONES_OPT_INT)
		snprintf(range, sizeof range, " %" PRId64 "..%" PRId64, o->min, o->max);
	for (size_t i = 0; o->type == BONES_OPT_ENUM && o->choices && o->choices[i]; i++)
		used += (size_t)snprintf(range + used, used < sizeof range ? sizeof range - used : 0,
					 "%s%s", i ? "|" : " ", o->choices[i]);
	printf("    %-16s %s%s, default %s: %s\n", o->key,
	       o->type <= BONES_OPT_STRING ? type_names[o->type] : "?", range,
	       o->default_value ? o->default_value : "(none)", o->help ? o->help : "");
}

static void print_plugin(const bones_plugin *p, const char *path, bool verbose)
{
	printf("%s %s - %s\n", p->id, p->version, p->name);
	printf("  %s\n", p->summary);
	printf("  players %d..%d, %s score wins%s%s\n", p->min_players, p->max_players,
	       p->flags & BONES_LOW_SCORE_WINS ? "low" : "high",
	       p->flags & BONES_HAS_CHANCE ? ", chance" : "",
	       p->flags & BONES_HIDDEN_INFO ? ", hidden information" : "");
	if (verbose)
		printf("  file: %s\n", path);
	if (p->variant_count)
		printf("  variants:\n");
	for (size_t i = 0; i < p->variant_count; i++) {
		const bones_variant *v = &p->variants[i];
		bool set = v->settings && *v->settings;
		printf("    %-16s %s: %s%s%s%s\n", v->id, v->name, v->summary, set ? " (" : "",
		       set ? v->settings : "", set ? ")" : "");
	}
	if (p->option_count)
		printf("  options:\n");
	for (size_t i = 0; i < p->option_count; i++)
		print_option(&p->options[i]);
}

int cmd_games(int argc, char **argv)
{
	bool verbose = false;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-v") || !strcmp(argv[i], "--verbose")) {
			verbose = true;
			continue;
		}
		bool help = !strcmp(argv[i], "--help") || !strcmp(argv[i], "-h");
		fprintf(help ? stdout : stderr, "usage: bones games [--verbose]\n\n"
			"Lists the game plugins found in BONES_PLUGIN_PATH and beside the "
			"program\n(PREFIX/lib/bones/plugins), with variants and options "
			"(--verbose: and files).\n");
		return help ? 0 : 2;
	}
	bones_registry *reg = bones_registry_create();
	if (!reg) {
		fprintf(stderr, "bones games: out of memory\n");
		return 1;
	}
	bones_registry_scan_default(reg);
	for (size_t i = 0; i < bones_registry_error_count(reg); i++)
		fprintf(stderr, "warning: %s\n", bones_registry_error(reg, i));
	size_t n = bones_registry_count(reg);
	for (size_t i = 0; i < n; i++) {
		if (i)
			printf("\n");
		print_plugin(bones_registry_get(reg, i), bones_registry_path(reg, i), verbose);
	}
	if (!n)
		fprintf(stderr, "bones games: no game plugins found (set BONES_PLUGIN_PATH)\n");
	bones_registry_destroy(reg);
	return n ? 0 : 1;
}
