/* `bones games`: the installed game plugins with their variants and options. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bones/args.h"
#include "bones/i18n.h"
#include "bones/registry.h"
#include "commands.h"

static const char *const type_names[] = {"int", "bool", "enum", "string"};

static void print_option(const bones_plugin *p, const bones_option_def *o)
{
	char range[256] = "";
	size_t used = 0;
	if (o->type == BONES_OPT_INT)
		snprintf(range, sizeof range, " %" PRId64 "..%" PRId64, o->min, o->max);
	for (size_t i = 0; o->type == BONES_OPT_ENUM && o->choices && o->choices[i]; i++)
		used += (size_t)snprintf(range + used, used < sizeof range ? sizeof range - used : 0,
					 "%s%s", i ? "|" : " ", o->choices[i]);
	/* TRANSLATORS: an option of `bones games`: its type and range (int 2..4,
	   enum a|b; not translated), its default value and its help */
	printf(_("    %-16s %s%s, default %s: %s\n"), o->key,
	       o->type <= BONES_OPT_STRING ? type_names[o->type] : "?", range,
	       o->default_value ? o->default_value : _("(none)"),
	       o->help ? bones_plugin_text(p, o->help) : "");
}

static void print_plugin(const bones_plugin *p, const char *path, bool verbose)
{
	printf("%s %s - %s\n", p->id, p->version, bones_plugin_text(p, p->name));
	printf("  %s\n", bones_plugin_text(p, p->summary));
	printf(_("  players %d..%d"), p->min_players, p->max_players);
	printf(", %s", p->flags & BONES_LOW_SCORE_WINS ? _("low score wins")
						       : _("high score wins"));
	if (p->flags & BONES_HAS_CHANCE)
		/* TRANSLATORS: the game has dice or a deal, in a list of its traits */
		printf(", %s", _("chance"));
	if (p->flags & BONES_HIDDEN_INFO)
		printf(", %s", _("hidden information"));
	printf("\n");
	if (verbose)
		printf(_("  file: %s\n"), path);
	if (p->variant_count)
		printf("  %s\n", _("variants:"));
	for (size_t i = 0; i < p->variant_count; i++) {
		const bones_variant *v = &p->variants[i];
		bool set = v->settings && *v->settings;
		printf("    %-16s %s: %s%s%s%s\n", v->id, bones_plugin_text(p, v->name),
		       bones_plugin_text(p, v->summary), set ? " (" : "", set ? v->settings : "",
		       set ? ")" : "");
	}
	if (p->option_count)
		printf("  %s\n", _("options:"));
	for (size_t i = 0; i < p->option_count; i++)
		print_option(p, &p->options[i]);
}

static int games_usage(FILE *out, int status)
{
	fprintf(out, _("usage: bones games [--verbose]\n\n"
		"Lists the game plugins found in BONES_PLUGIN_PATH and beside the "
		"program\n(PREFIX/lib/bones/plugins), with variants and options "
		"(--verbose: and files).\n"));
	return status;
}

/* --verbose into ctx, a bool. */
static bool games_option(bones_args *args, int id, void *ctx)
{
	(void)args, (void)id;
	*(bool *)ctx = true;
	return true;
}

int cmd_games(int argc, char **argv)
{
	static const bones_args_option options[] = {{"verbose", 'v', false, 1}, {0}};
	bool verbose = false;
	bones_args args;
	bones_args_init(&args, "bones games", options, argc, argv);
	int rc = bones_args_parse(&args, games_option, &verbose, NULL, 0, games_usage);
	if (rc >= 0)
		return rc;
	bones_registry *reg = bones_registry_create();
	if (!reg) {
		fprintf(stderr, _("bones games: out of memory\n"));
		return 1;
	}
	bones_registry_scan_default(reg);
	for (size_t i = 0; i < bones_registry_error_count(reg); i++)
		fprintf(stderr, _("warning: %s\n"), bones_registry_error(reg, i));
	size_t n = bones_registry_count(reg);
	for (size_t i = 0; i < n; i++) {
		if (i)
			printf("\n");
		print_plugin(bones_registry_get(reg, i), bones_registry_path(reg, i), verbose);
	}
	if (!n)
		fprintf(stderr, _("bones games: no game plugins found (set BONES_PLUGIN_PATH)\n"));
	bones_registry_destroy(reg);
	return n ? 0 : 1;
}
