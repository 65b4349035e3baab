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

/* The columns of the first len bytes of text. */
static size_t width_of(const char *text, size_t len)
{
	size_t width = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c == '\033' && i + 1 < len && text[i + 1] == '[') { /* a colour code */
			i += 2;
			while (i < len && !((text[i] >= 'A' && text[i] <= 'Z') ||
					    (text[i] >= 'a' && text[i] <= 'z')))
				i++;
			continue;
		}
		width += (c & 0xC0) != 0x80; /* UTF-8: continuation bytes take no column */
	}
	return width;
}

size_t tty_width(const char *text)
{
	return width_of(text, strlen(text));
}

int tty_print_wrapped(const tty_game *t, const char *text, int col, int indent)
{
	bool first = true;
	for (const char *w = text + strspn(text, " "); *w;) {
		size_t n = strcspn(w, " ");
		int width = (int)width_of(w, n), space = !first;
		if (col + space + width > 78 && col > indent) {
			fprintf(t->out, "\n%*s", indent, "");
			col = indent;
		} else if (space) {
			fputc(' ', t->out);
			col++;
		}
		fwrite(w, 1, n, t->out);
		col += width;
		first = false;
		w += n;
		w += strspn(w, " ");
	}
	return col;
}
