/* `bones agents [GAME]`: the built-in agent kinds with their parameters and, given a
 * game (plugin id or preset), the agents that game's plugin offers. */
#include <stdio.h>
#include <string.h>

#include "bones/agents_ext.h"
#include "bones/agent.h"
#include "bones/preset.h"
#include "bones/i18n.h"
#include "bones/registry.h"
#include "bones/session.h"
#include "commands.h"

/* Characters, not bytes, of UTF-8 text[0..n). */
static size_t columns(const char *text, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)text[i] & 0xc0) != 0x80;
	return c;
}

/* text after a label already printed at column `at`, wrapped at spaces within 80
 * columns, continued lines indented by `indent`. */
static void print_wrapped(const char *text, size_t at, size_t indent)
{
	const size_t width = 80;
	while (*text) {
		size_t line = 0, fit = 0; /* bytes of the line so far, of the last word end */
		while (text[line]) {
			size_t word = line + strspn(text + line, " ");
			word += strcspn(text + word, " ");
			if (fit && at + columns(text, word) > width)
				break;
			fit = line = word;
		}
		printf("%.*s\n", (int)fit, text);
		text += fit;
		text += strspn(text, " ");
		if (*text)
			printf("%*s", (int)indent, "");
		at = indent;
	}
}

static void list_kinds(void)
{
	printf("%s\n", _("built-in agents (a seat's agent is \"NAME key=value ...\"):"));
	printf("  %-10s %s\n", "human", _("you, at the keyboard (bones play) or the mouse (GUI)"));
	for (const bones_agent_kind *k = bones_agent_kinds(); k->name; k++) {
		printf("  %-10s %s\n", k->name, _(k->summary));
		if (!k->params[0]) {
			printf(_("  %-10s parameters: none\n"), "");
			continue;
		}
		/* TRANSLATORS: keep the width of "parameters: ": the lines that follow are
		   indented to it */
		const char *label = _("parameters: ");
		printf("  %-10s %s", "", label);
		size_t at = 13 + columns(label, strlen(label));
		print_wrapped(_(k->params), at, at);
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
