/* The `bones` command: dispatches to one subcommand per file (commands.h). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "bones/args.h"
#include "bones/i18n.h"
#include "bones/paths.h"
#include "bones/picture.h"
#include "bones/suggest.h"
#include "bones/version.h"

#include "commands.h"
#include "plugin_exit.h"
#include "tty_play.h"

/* Add a row when a command's file lands. */
static const cli_command commands[] = {
	{"start", tty_start_main, N_("a game against the AI (GUI if there is a display)")},
	{"play", tty_play_main, N_("play in the terminal against agents")},
	{"games", cmd_games, N_("the games, their variants and options")},
	{"agents", cmd_agents, N_("the agents a seat can have")},
	{"replay", cmd_replay, N_("re-apply a game record, show the end")},
	{"analyse", cmd_analyse, N_("judge every move of a record with an agent")},
	{"render", cmd_render, N_("draw a record's position as a picture")},
	{"engine", cmd_engine, N_("the engine protocol on stdin/stdout")},
	{"check", cmd_check, N_("the conformance suite for a plugin")},
	{"bench", cmd_bench, N_("random playouts per second on one core")},
	{"match", cmd_match, N_("two agents head to head on the same deals")},
	{"tourney", cmd_tourney, N_("run a tournament; --merge, --report")},
	{"serve", cmd_serve, N_("play in the browser: an HTTP server")},
	{"bot", cmd_bot, N_("an engine here plays a bot account of a server")},
	{NULL, NULL, NULL}
};

/* Within 80 columns: the command names in one column, their summaries beside. */
static int usage(FILE *out, int status)
{
	fprintf(out, _("usage: bones COMMAND [ARGS]   (bones COMMAND --help tells more)\n"
		       "       bones --version | --help\n"
		       "Every command takes --lang LANG (e.g. de); else the locale decides.\n"
		       "\ncommands:\n"));
	for (const cli_command *c = commands; c->name; c++)
		fprintf(out, "  %-9s %s\n", c->name, _(c->summary));
	char docs[4096];
	fprintf(out, "\n%s\n", _("Exit status: 0 success, 1 failure, 2 usage error."));
	if (bones_paths_data("docs", docs, sizeof docs))
		fprintf(out, _("Documentation: %s\n"), docs);
	return status;
}

static int unknown_command(const char *name)
{
	bones_suggest s;
	bones_suggest_init(&s, name);
	for (const cli_command *c = commands; c->name; c++)
		bones_suggest_add(&s, c->name);
	fprintf(stderr, _("bones: unknown command '%s'%s; `bones --help` lists them\n"), name,
		bones_suggest_hint(&s));
	return 2;
}

/* Whether a command's arguments (argv[1..], before a "--") ask for --version: every
 * command answers it, as the README says, without doing anything else. */
static bool asks_version(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--version"))
			return true;
	return false;
}

/* The command's file runs with argv[0] its name. */
static int run(const cli_command *c, int argc, char **argv)
{
	if (asks_version(argc, argv)) {
		printf("%s\n", bones_version_line()); /* as `bones --version` */
		return 0;
	}
	char who[40];
	snprintf(who, sizeof who, "bones %s", c->name);
	cli_plugin_exit_watch_loading(who);
	int status = c->run(argc, argv);
	/* Cairo's and fontconfig's caches (pictures in render, bench --redraw,
	 * report.html), freed once every picture is gone */
	bones_picture_release_caches();
	return status;
}

int main(int argc, char **argv)
{
	const char *lang;
	char err[256];
	if (!bones_i18n_take_lang_arg(&argc, argv, &lang, err, sizeof err) ||
	    !bones_i18n_init(lang, err, sizeof err)) {
		fprintf(stderr, "bones: %s\n", err);
		return 2;
	}
	/* bones's own options (--help, --version), then the command */
	static const bones_args_option options[] = {{0}};
	bones_args args;
	bones_args_init(&args, "bones", options, argc, argv);
	int id = bones_args_next(&args);
	if (id == BONES_ARGS_END)
		return usage(stderr, 2);
	if (id != BONES_ARGS_WORD)
		return bones_args_exit(id, usage);
	if (!strcmp(args.value, "help"))
		return usage(stdout, 0);
	for (const cli_command *c = commands; c->name; c++)
		if (!strcmp(args.value, c->name))
			return run(c, argc - args.at, argv + args.at);
	return unknown_command(args.value);
}
