/* The `bones` command: dispatches to one subcommand per file (commands.h). */
#include <stdio.h>
#include <string.h>

#include "bones/paths.h"
#include "bones/suggest.h"
#include "bones/version.h"

#include "commands.h"

/* Add a row when a command's file lands. */
static const cli_command commands[] = {
	{"start", cmd_start, "bones start", "a game against the AI (GUI if there is a display)"},
	{"play", cmd_play, "bones play [PRESET|GAME] [--set k=v] [--seat N=A]",
	 "play in the terminal against agents"},
	{"games", cmd_games, "bones games [--verbose]", "the games, their variants and options"},
	{"agents", cmd_agents, "bones agents [GAME]", "the agents a seat can have"},
	{"replay", cmd_replay, "bones replay FILE", "re-apply a game record, show the end"},
	{"render", cmd_render, "bones render RECORD [--move N] (--png|--svg|--pdf) FILE [--size WxH]",
	 "draw a record's position as a picture"},
	{"engine", cmd_engine, "bones engine", "the engine protocol on stdin/stdout"},
	{"check", cmd_check, "bones check PLUGIN [--games N] [--seed S] [--set k=v]",
	 "the conformance suite for a plugin"},
	{"bench", cmd_bench, "bones bench GAME [--seconds S] [--set k=v]",
	 "random playouts per second on one core"},
	{"match", cmd_match, "bones match PRESET AGENT_A AGENT_B [--games N]",
	 "two agents head to head on the same deals"},
	{"tourney", cmd_tourney, "bones tourney CONFIG.ini [--resume] [--threads N]",
	 "run a tournament; --merge, --report"},
	{NULL, NULL, NULL, NULL}
};

/* Within 80 columns: the command names in one column, their summaries beside. */
static void usage(FILE *out)
{
	fprintf(out, "usage: bones COMMAND [ARGS]   (bones COMMAND --help tells more)\n"
		     "       bones --version | --help\n\ncommands:\n");
	for (const cli_command *c = commands; c->name; c++)
		fprintf(out, "  %-9s %s\n", c->name, c->summary);
	char docs[4096];
	fprintf(out, "\nExit status: 0 success, 1 failure, 2 usage error.\n");
	if (bones_paths_data("docs", docs, sizeof docs))
		fprintf(out, "Documentation: %s\n", docs);
}

static int unknown_command(const char *name)
{
	bones_suggest s;
	bones_suggest_init(&s, name);
	for (const cli_command *c = commands; c->name; c++)
		bones_suggest_add(&s, c->name);
	fprintf(stderr, "bones: unknown command '%s'%s; `bones --help` lists them\n", name,
		bones_suggest_hint(&s));
	return 2;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("%s\n", bones_version_line());
		return 0;
	}
	for (const cli_command *c = commands; c->name; c++)
		if (!strcmp(argv[1], c->name))
			return c->run(argc - 1, argv + 1);
	return unknown_command(argv[1]);
}
