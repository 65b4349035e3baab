/* `bones engine`: the line protocol of docs/formats.md on stdin/stdout (core/src/tools/engine.c). */
#include <stdio.h>
#include <stdlib.h>

#include "bones/args.h"
#include "bones/engine.h"
#include "bones/i18n.h"
#include "bones/registry.h"
#include "commands.h"
#include "plugin_exit.h"

static int engine_usage(FILE *out, int status)
{
	fprintf(out, _("usage: bones engine [--agent SPEC]\n\n"
		       "Reads commands from stdin, one per line, and answers each on stdout:\n"));
	/* the protocol itself, which is English in every language */
	fprintf(out,
		"  new GAME [key=value ...] [variant=V] [seed=N]   -> ok\n"
		"  tomove -> chance | player N | over    legal -> legal K m1 ... mK\n"
		"  play MOVE -> ok    roll -> ok OUTCOME ...    scores -> scores S1 S2 ...\n"
		"  show, record -> several lines, then \".\"    quit -> ok\n"
		"  protocol 1.1 -> protocol 1.1   (then: play [player N | chance] MOVE)\n"
		"  genmove [MS] -> move M   (with --agent SPEC: --agent \"mcts iterations=200\")\n");
	fprintf(out, _("Errors are one line \"error: ...\". See docs/formats.md.\n"
		       "The protocol is English in every language.\n"));
	return status;
}

enum { AGENT = 1 };

static const bones_args_option options[] = {{"agent", 0, true, AGENT}, {0}};

/* --agent into ctx, a const char *. */
static bool engine_option(bones_args *args, int id, void *ctx)
{
	(void)id; /* AGENT, the only one */
	*(const char **)ctx = args->value;
	return true;
}

int cmd_engine(int argc, char **argv)
{
	const char *agent = NULL;
	bones_args args;
	bones_args_init(&args, "bones engine", options, argc, argv);
	int rc = bones_args_parse(&args, engine_option, &agent, NULL, 0, engine_usage);
	if (rc >= 0)
		return rc;
	bones_registry *reg = bones_registry_create();
	bones_engine *e = reg ? bones_engine_create(reg) : NULL;
	if (!e) {
		fprintf(stderr, _("bones engine: out of memory\n"));
		bones_registry_destroy(reg);
		return 1;
	}
	bones_registry_scan_default(reg);
	if (agent && bones_engine_set_agent(e, agent)) {
		fprintf(stderr, _("bones engine: out of memory\n"));
		bones_engine_destroy(e);
		bones_registry_destroy(reg);
		return 1;
	}
	/* The protocol is the same bytes in every language: the host's messages (errors
	 * from options, records, agents) in English on this thread, and the plugins' texts
	 * (render_text, breakdowns) in English through the translate service. */
	bool was_plain = bones_i18n_set_plain(true);
	bones_i18n_thread_language("en");
	/* TRANSLATORS: "a command" completes "... exited with status 3 during %s" */
	size_t n = bones_registry_count(reg); /* any of them: a command names the game */
	const bones_plugin **loaded = malloc((n ? n : 1) * sizeof *loaded);
	for (size_t i = 0; loaded && i < n; i++)
		loaded[i] = bones_registry_get(reg, i);
	cli_plugin_exit_watch("bones engine", _("a game plugin"), _("a command"), loaded,
			      loaded ? n : 0);
	free(loaded); /* the watch keeps its own list */
	int status = bones_engine_run(e, stdin, stdout);
	cli_plugin_exit_unwatch();
	bones_i18n_thread_language(NULL);
	bones_i18n_set_plain(was_plain);
	bones_engine_destroy(e);
	bones_registry_destroy(reg);
	return status;
}
