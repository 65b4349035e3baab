/* `bones render RECORD [--move N] --png FILE [--size WxH]`: a picture of a game record.
 * The drawing lives in the GUI (frontends/sdl), so this only execs `bones-gui --render`
 * from the same folder as this program, else from PATH: `bones` never links SDL. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"

#define RENDER_MAX_ARGS 64

/* The folder this executable lives in, with a trailing '/', or "" if unknown. */
static void self_dir(char *buf, size_t cap)
{
	ssize_t n = readlink("/proc/self/exe", buf, cap - 1);
	buf[n > 0 ? n : 0] = '\0';
	char *slash = strrchr(buf, '/');
	if (slash)
		slash[1] = '\0';
	else
		buf[0] = '\0';
}

int cmd_render(int argc, char **argv)
{
	char *args[RENDER_MAX_ARGS + 3];
	char path[PATH_MAX + 16];
	if (argc < 2 || !strcmp(argv[1], "--help")) {
		fprintf(argc < 2 ? stderr : stdout,
			"usage: bones render RECORD [--move N] --png FILE [--size WxH]\n"
			"Draw a record's position after move N (player moves, default: the end)\n"
			"to a PNG of WxH pixels (default 1200x800). Needs bones-gui (SDL2).\n");
		return argc < 2 ? 2 : 0;
	}
	if (argc > RENDER_MAX_ARGS) {
		fprintf(stderr, "bones render: too many arguments\n");
		return 2;
	}
	self_dir(path, PATH_MAX);
	strcat(path, "bones-gui");
	args[0] = path;
	args[1] = "--render";
	for (int i = 1; i < argc; i++)
		args[i + 1] = argv[i];
	args[argc + 1] = NULL;
	if (access(path, X_OK) == 0)
		execv(path, args);
	args[0] = "bones-gui";
	execvp("bones-gui", args);
	fprintf(stderr, "bones render: cannot run 'bones-gui' (%s): build it with SDL2 "
			"(libsdl2-dev, libsdl2-ttf-dev, libsdl2-image-dev)\n", strerror(errno));
	return 1;
}
