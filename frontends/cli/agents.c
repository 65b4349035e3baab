/* `bones agents [GAME]`: the built-in agent kinds with their parameters and, given a
 * game (plugin id or preset), the agents that game's plugin offers. */
#include <stdio.h>
#include <string.h>

#include "bones/agents_ext.h"
#include "bones/agent.h"
#include "bones/config.h"
#include "bones/i18n.h"
#include "bones/registry.h"
#include "bones/session.h"
#include "commands.h"

static void list_kinds(void)
{
	printf("%s\n", _("built-in agents (a seat's agent is \"NAME key=value ...\"):"));
	printf("  %-10s %s\n", "human", _("you, at the keyboard (bones play) or the mouse (GUI)"));
	for (const bones_agent_kind *k = bones_agent_kinds(); k->name; k++) {
		printf("  %-10s %s\n", k->name, _(k->summary));
		printf(_("  %-10s parameters: %s\n"), "",
		       k->params[0] ? _(k->params) : _("none"));
	}
}

/* The plugin's own agents need a configured game: one with the default options. */
static int list_plugin_agents(const char *name)
{
	bones_registry *reg = bones_registry_create();
	bones_preset preset;
	const bones_plugin *plugin = NULL;
	bones_options opts;
	bones_session *s = NULL;
	char err[1024];
	int rc = 1;
	if (!reg) {
		fprintf(stderr, _("bones agents: out of memory\n"));
		return 1;
	}
	bones_registry_scan_default(reg);
	if (bones_preset_resolve(name, reg, &preset, &plugin, err, sizeof err) ||
	    bones_preset_options(&preset, plugin, &opts, err, sizeof err)) {
		fprintf(stderr, "bones agents: %s\n", err);
		goto out_registry;
	}
	if (bones_session_create(plugin, &opts, 1, &s, err, sizeof err)) {
		fprintf(stderr, "bones agents: %s: %s\n", plugin->id, err);
		goto out_options;
	}
	const bones_agents_ext *ext = NULL;
	if (plugin->get_extension)
		ext = plugin->get_extension(bones_session_game(s), BONES_AGENTS_ID);
	printf(_("\nagents of %s (%s):\n"), plugin->id, bones_plugin_text(plugin, plugin->name));
	if (!ext || ext->size < sizeof *ext || !ext->count)
		printf("  %s\n", _("none besides the built-in ones"));
	for (size_t i = 0; ext && ext->size >= sizeof *ext && i < ext->count; i++)
		printf("  %-10s %s\n", ext->agents[i].name,
		       bones_plugin_text(plugin, ext->agents[i].summary));
	rc = 0;
	bones_session_destroy(s);
out_options:
	bones_options_release(&opts);
out_registry:
	bones_registry_destroy(reg);
	return rc;
}

int cmd_agents(int argc, char **argv)
{
	if (argc > 2 || (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))) {
		FILE *out = argc > 2 ? stderr : stdout;
		fprintf(out, _("usage: bones agents [GAME|PRESET]\n"
			       "Lists the agents a seat can have; given a game, also its own.\n"));
		return argc > 2 ? 2 : 0;
	}
	list_kinds();
	return argc == 2 ? list_plugin_agents(argv[1]) : 0;
}
