/* The browser client's texts in the request's language (GET /api/messages). */
#ifndef BONES_WEB_MESSAGES_H
#define BONES_WEB_MESSAGES_H

#include <stdbool.h>
#include <stddef.h>

#include "web_json.h"

/* {"lang": "de", "languages": ["en", "de"], "messages": {"msgid": "msgstr", ...}} for
 * this thread's language (bones_i18n_thread_language): the catalogue of the gettext
 * domain "bones-web", read once per language; "messages" is empty for English. */
void web_messages_json(web_buf *out);

/* The members of a catalogue's JSON object text[0..len) ({"msgid": "msgstr", ...}) into
 * out, written anew; false (out unchanged) when it is no object of strings. */
bool web_messages_members(const char *text, size_t len, web_buf *out);
/* Forget the catalogues read (at the server's end). */
void web_messages_release(void);

#endif /* BONES_WEB_MESSAGES_H */
