/* The `bones` command: dispatches to one subcommand per file (commands.h). */
#include <stdio.h>
#include <string.h>

#include "commands.h"

/* Add a row when a command's file lands. */
static const cli_command commands[] = {
	{"play", cmd_play, "bones play [PRESET|GAME] [--set k=v] [--seat N=A]",
	 "play a game in the terminal against agents"},
	{"start", cmd_start, "bones start", "a game against the AI (GUI if there is a display)"},
	{"agents", cmd_agents, "bones agents [GAME]", "list the agents a seat can have"},
	{"games", cmd_games, "bones games [--verbose]",
	 "list the game plugins with variants and options"},
	{"replay", cmd_replay, "bones replay FILE", "re-apply a game record, show the end"},
	{"engine", cmd_engine, "bones engine",
	 "speak the engine protocol on stdin/stdout (docs/formats.md)"},
	{"check", cmd_check, "bones check PLUGIN [--games N] [--seed S] [--set k=v] [--variant V]",
	 "conformance suite for a plugin"},
	{"bench", cmd_bench, "bones bench GAME [--seconds S] [--set k=v]",
	 "random playouts per second on one core"},
	{"render", cmd_render, "bones render RECORD [--move N] --png FILE [--size WxH]",
	 "draw a record's position to a PNG (needs bones-gui)"},
	{"match", cmd_match,
	 "bones match PRESET AGENT_A AGENT_B [--games N] [--threads T] [--seed S]",
	 "head-to-head of two agents, seats swapped on the same deals"},
	{"tourney", cmd_tourney, "bones tourney CONFIG.ini [--resume] [--threads N] [--shard I/N]",
	 "run a tournament (docs/tournaments.md); --merge, --report"},
	{NULL, NULL, NULL, NULL}
};

static void usage(FILE *out)
{
	fprintf(out, "usage: bones COMMAND [ARGS]\n\ncommands:\n");
	for (const cli_command *c = commands; c->name; c++)
		fprintf(out, "  %-44s %s\n", c->usage, c->summary);
	fprintf(out, "\n`bones COMMAND --help` tells more.\n");
}

int main(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	for (const cli_command *c = commands; c->name; c++)
		if (!strcmp(argv[1], c->name))
			return c->run(argc - 1, argv + 1);
	fprintf(stderr, "bones: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}
