/* The browser client's texts in the request's language (GET /api/messages). */
#ifndef BONES_WEB_MESSAGES_H
#define BONES_WEB_MESSAGES_H

#include <stdbool.h>
#include <stddef.h>

#include "web_json.h"

/* {"lang": "de", "languages": ["en", "de"], "messages": {"msgid": "msgstr", ...}} for
 * this thread's language (bones_i18n_thread_language): the catalogue of the gettext
 * domain "bones-web", read once per language; "messages" is empty for English. A
 * plural's value is the list of its forms. */
void web_messages_json(web_buf *out);

/* The messages of a compiled catalogue (.mo, either byte order) as a JSON object's
 * members: "msgid":"msgstr", for a plural "singular":["form 0","form 1",...]; the
 * header and texts with a context are left out. False when it is no catalogue or a
 * string lies outside it. */
bool web_messages_parse_mo(const unsigned char *mo, size_t size, web_buf *out);

/* Forget the catalogues read (at the server's end). */
void web_messages_release(void);

#endif /* BONES_WEB_MESSAGES_H */
