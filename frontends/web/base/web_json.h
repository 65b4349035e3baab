/* JSON for the web server: a growing text buffer with a JSON writer, and a small
 * reader that parses a request body into a tree of nodes (bounded depth and size).
 * No global state; every node of a parse lives in one web_json_doc. */
#ifndef BONES_WEB_JSON_H
#define BONES_WEB_JSON_H

#include <stdbool.h>
#include <stddef.h>

/* A growing NUL-terminated text. On allocation failure `failed` is set and later
 * appends do nothing, so callers check once at the end. */
typedef struct web_buf {
	char *data; /* owned; NULL until the first append */
	size_t len, cap;
	bool failed;
} web_buf;

void web_buf_init(web_buf *b);
void web_buf_release(web_buf *b);
void web_buf_add(web_buf *b, const char *text, size_t len);
void web_buf_puts(web_buf *b, const char *text);
void web_buf_printf(web_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* text as a JSON string literal, quotes included. */
void web_buf_json_string(web_buf *b, const char *text);
/* "key": with a leading comma unless first. */
void web_buf_json_key(web_buf *b, bool *first, const char *key);
/* A finite number as JSON (null when not finite). */
void web_buf_json_number(web_buf *b, double v);

typedef enum web_json_type {
	WEB_JSON_NULL, WEB_JSON_BOOL, WEB_JSON_NUMBER, WEB_JSON_STRING, WEB_JSON_ARRAY,
	WEB_JSON_OBJECT
} web_json_type;

typedef struct web_json web_json;
struct web_json {
	web_json_type type;
	const char *key;     /* the member name inside an object, else NULL */
	const char *str;     /* STRING: the decoded text; NUMBER: its text */
	double num;          /* NUMBER */
	bool boolean;        /* BOOL */
	web_json *child;     /* ARRAY, OBJECT: first element */
	web_json *next;      /* the next sibling */
	size_t count;        /* ARRAY, OBJECT: number of children */
};

typedef struct web_json_doc {
	web_json *root;      /* NULL when the parse failed */
	void *arena;         /* owned blocks */
} web_json_doc;

/* Parse text[0..len) (at most 64 levels deep). On failure returns false (nothing to
 * release) and err says what and where: "offset 12: expected ':' after a member name". */
bool web_json_parse(web_json_doc *doc, const char *text, size_t len, char *err,
		    size_t errcap);
void web_json_release(web_json_doc *doc);

/* Whether text is well-formed UTF-8. */
bool web_utf8_valid(const char *text);
/* Copy src into dst[cap], cut at a character boundary (never mid-character) and at the
 * first byte that is no UTF-8; returns the length copied. */
size_t web_utf8_copy(char *dst, size_t cap, const char *src);
/* Why name (a seat's, a chat sender's, an account's) is refused, or NULL when it is
 * fine: C0 and C1 controls, DEL, the bidirectional controls (U+061C, U+200E, U+200F,
 * U+202A-U+202E, U+2066-U+2069), U+200B, U+FEFF, U+2028 and U+2029 are refused. The
 * reason is lowercase and names no field: prefix the field ("seats[0].name: ..."). */
const char *web_name_refused(const char *name);
/* Whether every member name and string of the tree is UTF-8 (the reader keeps raw
 * bytes); when not, path names the first field that is not ("seats[1].name"). */
bool web_json_utf8(const web_json *root, char *path, size_t cap);

/* v written back as JSON text (its members in their order; a number as it was read). */
void web_json_write(web_buf *out, const web_json *v);

/* Member key of an object, or NULL (also when obj is no object). */
const web_json *web_json_get(const web_json *obj, const char *key);
/* The member's string, or NULL when absent or not a string. */
const char *web_json_string(const web_json *obj, const char *key);

#endif /* BONES_WEB_JSON_H */
