/* The `rules` command: the game's full rules in the plugin's words (render.h
 * rules_text), wrapped to the terminal's width and paged a screen at a time, so that
 * an 80x24 terminal shows every line. */
#include <stdlib.h>
#include <string.h>

#include "tty.h"

#define RULES_CAP 16384

/* Bytes of p (up to a newline) that fit in width columns, broken at a space. */
static size_t line_fit(const char *p, int width)
{
	size_t len = strcspn(p, "\n"), fit = 0, space = 0;
	int cols = 0;
	for (size_t i = 0; i < len; i++) {
		if (((unsigned char)p[i] & 0xc0) != 0x80 && ++cols > width)
			return space ? space : i; /* one word longer than the line: cut it */
		if (p[i] == ' ')
			space = i;
		fit = i + 1;
	}
	return fit;
}

/* One line out; at a full screen waits for Enter. False when the reader stopped. */
static bool put_line(tty_game *t, const char *text, size_t len, int page, int *on_page)
{
	if (page > 0 && *on_page == page) {
		/* TRANSLATORS: between the pages of the rules; "q" is typed as it is */
		if (!tty_wait_enter(t, _("-- more: Enter, or q to stop --")))
			return false;
		*on_page = 0;
		tty_style_clear(t); /* each page from the top, none scrolled half away */
	}
	fprintf(t->out, "%.*s\n", (int)len, text);
	++*on_page;
	return true;
}

/* text broken into lines of width columns; false when the reader stopped. */
static bool put_text(tty_game *t, const char *p, int width, int page, int *on_page)
{
	while (*p) {
		size_t n = line_fit(p, width);
		if (!put_line(t, p, n, page, on_page))
			return false;
		p += n;
		p += strspn(p, " ");
		p += *p == '\n';
	}
	return true;
}

void tty_rules_print(tty_game *t)
{
	int rows = 0, cols = 0;
	bool paged = tty_screen_size(t, &rows, &cols) && rows >= 4 && cols >= 20;
	int width = paged && cols - 1 < 78 ? cols - 1 : 78, page = paged ? rows - 1 : 0;
	int on_page = 0;
	char head[600];
	/* TRANSLATORS: the rules' first line: the game's name and its summary */
	snprintf(head, sizeof head, _("%s: %s"), bones_plugin_text(t->plugin, t->plugin->name),
		 bones_plugin_text(t->plugin, t->plugin->summary));
	char *text = malloc(RULES_CAP);
	if (!text)
		return;
	if (!bones_session_rules_text(t->session, text, RULES_CAP))
		snprintf(text, RULES_CAP, "%s", _("this game gives no rules beyond its summary"));
	if (paged)
		tty_style_clear(t);
	if (put_text(t, head, width, page, &on_page) && put_line(t, "", 0, page, &on_page) &&
	    put_text(t, text, width, page, &on_page) && paged)
		tty_wait_enter(t, _("-- end of the rules: Enter --")); /* the last page stays */
	free(text);
}
