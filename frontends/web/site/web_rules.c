/* The rules page of a game (web_rules.h): its paragraphs from the plugin, escaped into
 * a plain HTML page that shares the lobby's style sheet. */
#include "web_rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/options.h"
#include "bones/session.h"

#define RULES_CAP (16 * 1024) /* render.h: 16 KiB always suffice */

/* text with &, <, > and " escaped for HTML. */
static void put_escaped(web_buf *out, const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		const char *e = text[i] == '&' ? "&amp;" : text[i] == '<' ? "&lt;"
			      : text[i] == '>' ? "&gt;" : text[i] == '"' ? "&quot;" : NULL;
		if (e)
			web_buf_puts(out, e);
		else
			web_buf_add(out, text + i, 1);
	}
}

/* Paragraphs separated by an empty line; a run of "- " lines a list. */
static void put_paragraphs(web_buf *out, const char *text)
{
	bool list = false;
	while (*text) {
		size_t len = strcspn(text, "\n");
		bool item = !strncmp(text, "- ", 2);
		if (list && !item)
			web_buf_puts(out, "</ul>\n");
		if (!list && item)
			web_buf_puts(out, "<ul>\n");
		list = item;
		if (len) {
			web_buf_puts(out, item ? "<li>" : "<p>");
			put_escaped(out, text + (item ? 2 : 0), len - (item ? 2 : 0));
			web_buf_puts(out, item ? "</li>\n" : "</p>\n");
		}
		text += len + (text[len] == '\n');
	}
	if (list)
		web_buf_puts(out, "</ul>\n");
}

static void put_page(web_buf *out, const bones_plugin *p, const char *rules)
{
	const char *name = bones_plugin_text(p, p->name);
	char title[200];
	/* TRANSLATORS: the rules page's title: the game's name, then "rules" */
	snprintf(title, sizeof title, _("%s: rules"), name);
	web_buf_printf(out, "<!doctype html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n"
		       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		       "<title>", bones_i18n_language());
	put_escaped(out, title, strlen(title));
	web_buf_printf(out, "</title>\n<link rel=\"stylesheet\" href=\"/static/style.css\">\n"
		       "<link rel=\"icon\" href=\"/static/favicon.svg\">\n</head>\n<body>\n"
		       "<main class=\"rules\">\n<p><a href=\"/\">%s</a></p>\n<h1>",
		       _("Back to the lobby"));
	put_escaped(out, name, strlen(name));
	web_buf_puts(out, "</h1>\n");
	if (p->summary) {
		const char *summary = bones_plugin_text(p, p->summary);
		web_buf_puts(out, "<p class=\"summary\">");
		put_escaped(out, summary, strlen(summary));
		web_buf_puts(out, "</p>\n");
	}
	if (rules[0])
		put_paragraphs(out, rules);
	web_buf_puts(out, "</main>\n</body>\n</html>\n");
}

web_result web_rules_html(web_tables *ts, const char *id, web_buf *out)
{
	web_result r = {.code = 200};
	bones_registry *reg = web_tables_lock_registry(ts);
	const bones_plugin *p = bones_registry_find(reg, id);
	bones_options opts;
	bones_session *s = NULL;
	char err[256], *rules = malloc(RULES_CAP);
	if (!p) {
		r = web_result_of(404, "game", _("no game '%s' is installed"), id);
		goto out_unlock;
	}
	if (!rules || bones_options_init(&opts, p, err, sizeof err)) {
		r = web_result_of(500, "game", "%s", rules ? err : _("out of memory"));
		goto out_unlock;
	}
	if (bones_session_create(p, &opts, 1, &s, err, sizeof err)) {
		r = web_result_of(500, "game", "%s", err);
		goto out_options;
	}
	if (!bones_session_rules_text(s, rules, RULES_CAP))
		rules[0] = '\0';
	put_page(out, p, rules);
	bones_session_destroy(s);
out_options:
	bones_options_release(&opts);
out_unlock:
	web_tables_unlock_registry(ts);
	free(rules);
	return r;
}
