/* The `bones` command: dispatches to one subcommand per file (commands.h). */
#include <stdio.h>
#include <string.h>

#include "commands.h"

/* Add a row when a command's file lands. */
static const cli_command commands[] = {
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
