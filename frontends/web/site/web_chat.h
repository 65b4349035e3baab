/* Chat at a table (web_chat.c): lines of its seats and spectators, in its view. */
#ifndef BONES_WEB_CHAT_H
#define BONES_WEB_CHAT_H

#include "web_tables.h"

/* A chat line from participant seat (-1: a spectator, named by name and rate-limited
 * by its address client); 400 for an empty or too long text, 429 past the rate limit.
 * Replies {"ok", "n"}. */
web_result web_chat_post(web_tables *ts, web_table *t, int seat, const char *name,
			 const char *text, const char *client, web_buf *out);
/* The view's "chat" member: the last lines. t->lock held. */
void web_chat_json(const web_table *t, web_buf *out, bool *first);
/* The table's chat from the store, once it is restored or loaded (not yet seen by
 * anyone else: no lock needed). */
void web_chat_load(web_tables *ts, web_table *t);
/* The table leaves memory: its chat goes. */
void web_chat_free(web_table *t);

#endif /* BONES_WEB_CHAT_H */
