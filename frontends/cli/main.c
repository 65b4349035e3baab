/* The `bones` command: dispatches subcommands. */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "--help")) {
		printf("usage: bones COMMAND [ARGS]\n");
		return argc < 2;
	}
	fprintf(stderr, "bones: unknown command '%s'\n", argv[1]);
	return 2;
}
