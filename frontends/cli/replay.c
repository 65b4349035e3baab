/* `bones replay FILE`: re-apply every move of a record, print the final position and
 * the result; a bad record is an error naming file, line and move. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/record.h"
#include "commands.h"

static bool print_position(const bones_session *s)
{
	const bones_plugin *p = bones_session_plugin(s);
	size_t cap = 256 * 1024;
	char *buf = malloc(cap);
	if (!buf)
		return false;
	size_t n = p->render_text(bones_session_game(s), bones_session_state(s), -1, buf, cap);
	if (n >= cap)
		n = cap - 1;
	fwrite(buf, 1, n, stdout);
	if (n && buf[n - 1] != '\n')
		putchar('\n');
	free(buf);
	return true;
}

int cmd_replay(int argc, char **argv)
{
	if (argc != 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		bool help = argc == 2;
		fprintf(help ? stdout : stderr, "usage: bones replay FILE\n\n"
			"Re-applies every move of a game record, then prints the final position\n"
			"and the result.\n");
		return help ? 0 : 2;
	}
	bones_registry *reg = bones_registry_create();
	if (!reg) {
		fprintf(stderr, "bones replay: out of memory\n");
		return 1;
	}
	bones_registry_scan_default(reg);
	bones_session *s = NULL;
	char err[1024], result[512];
	bones_status st = bones_record_replay(argv[1], reg, &s, err, sizeof err);
	if (s && !print_position(s) && !st) {
		snprintf(err, sizeof err, "out of memory drawing the position");
		st = BONES_ENOMEM;
	}
	if (s) {
		bones_record_result(s, result, sizeof result);
		printf("moves: %zu\nresult: %s\n", bones_session_length(s),
		       strcmp(result, "*") ? result : "* (the game is not over)");
	}
	if (fflush(stdout) || ferror(stdout)) {
		snprintf(err, sizeof err, "cannot write the output");
		st = st ? st : BONES_EIO;
	}
	if (st)
		fprintf(stderr, "bones replay: %s\n", err);
	bones_session_destroy(s);
	bones_registry_destroy(reg);
	return st ? 1 : 0;
}
