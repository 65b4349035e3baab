/* Colour in the terminal: ANSI SGR codes when the output is a terminal that can show
 * them, nothing when it is a file or a pipe, when NO_COLOR is set (no-color.org) or
 * when TERM is dumb. The players' colours are the GUI's: red, blue, green, orange. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tty.h"

bool tty_style_terminal(FILE *out)
{
	const char *term = getenv("TERM");
	return isatty(fileno(out)) && term && *term && strcmp(term, "dumb");
}

bool tty_style_detect(FILE *out)
{
	const char *no = getenv("NO_COLOR");
	return tty_style_terminal(out) && !(no && *no);
}

const char *tty_style(const tty_game *t, enum tty_style s)
{
	static const char *const codes[] = {
		[TTY_RESET] = "\033[0m", [TTY_BOLD] = "\033[1m", [TTY_DIM] = "\033[2m",
		[TTY_GOOD] = "\033[32m", [TTY_BAD] = "\033[31m",
	};
	return t->color ? codes[s] : "";
}

const char *tty_style_player(const tty_game *t, int seat)
{
	static const char *const codes[] = {"\033[1;31m", "\033[1;34m", "\033[1;32m",
					    "\033[1;33m"};
	return t->color && seat >= 0 ? codes[seat % 4] : "";
}

const char *tty_style_points(const tty_game *t, double points, bool low_wins)
{
	bool good = low_wins ? points < 0 : points > 0;
	return tty_style(t, good ? TTY_GOOD : TTY_BAD);
}

void tty_style_clear(const tty_game *t)
{
	if (t->redraw)
		fputs("\033[H\033[2J", t->out);
}
