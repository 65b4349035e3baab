/* libFuzzer: the web server's JSON reader (frontends/web/web_json.h) on any bytes. A
 * parse either fails with a message or gives a tree whose UTF-8 strings, written back
 * by web_buf_json_string, parse again to the same text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "web_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void walk(const web_json *v, int depth)
{
	if (depth > 70)
		abort(); /* the reader promised at most 64 levels */
	if (v->type == WEB_JSON_STRING && web_utf8_valid(v->str)) { /* else written as U+FFFD */
		web_buf b;
		web_buf_init(&b);
		web_buf_json_string(&b, v->str);
		web_json_doc again;
		char err[200];
		if (!b.failed) {
			if (!web_json_parse(&again, b.data, b.len, err, sizeof err) ||
			    again.root->type != WEB_JSON_STRING || strcmp(again.root->str, v->str))
				abort();
			web_json_release(&again);
		}
		web_buf_release(&b);
	}
	size_t n = 0;
	for (const web_json *c = v->child; c; c = c->next, n++)
		walk(c, depth + 1);
	if (n != v->count)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	web_json_doc doc;
	char err[200] = "";
	if (web_json_parse(&doc, (const char *)data, size, err, sizeof err)) {
		walk(doc.root, 0);
		web_json_release(&doc);
	} else if (!err[0]) {
		abort(); /* a failure always says why */
	}
	return 0;
}
