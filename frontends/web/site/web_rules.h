/* A game's rules page for people (GET /rules/GAME): the plugin's own words (render.h
 * rules_text) in the request's language, one click from the lobby and a table. */
#ifndef BONES_WEB_RULES_H
#define BONES_WEB_RULES_H

#include "web_result.h"
#include "web_tables.h"

/* The rules of game id (a plugin's, as its default configuration plays them) as an
 * HTML page into out: its name, summary and paragraphs, a line starting "- " a list
 * item. 404 for a game the server does not have; 500 when it cannot be configured. */
web_result web_rules_html(web_tables *ts, const char *id, web_buf *out);

#endif /* BONES_WEB_RULES_H */
