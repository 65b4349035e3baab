/* JSON writer (web_buf) and the reader of request bodies: jansson (libjansson), its tree
 * copied into web_json nodes with bounded depth, text that is no UTF-8 kept for the API
 * to name its field. */
#include "web_json.h"

#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"

void web_buf_init(web_buf *b)
{
	memset(b, 0, sizeof *b);
}

void web_buf_release(web_buf *b)
{
	free(b->data);
	web_buf_init(b);
}

static bool reserve(web_buf *b, size_t more)
{
	if (b->failed)
		return false;
	if (b->len + more + 1 <= b->cap)
		return true;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->len + more + 1)
		cap *= 2;
	char *d = realloc(b->data, cap);
	if (!d) {
		b->failed = true;
		return false;
	}
	b->data = d, b->cap = cap;
	return true;
}

void web_buf_add(web_buf *b, const char *text, size_t len)
{
	if (!reserve(b, len))
		return;
	memcpy(b->data + b->len, text, len);
	b->len += len;
	b->data[b->len] = '\0';
}

void web_buf_puts(web_buf *b, const char *text)
{
	web_buf_add(b, text, strlen(text));
}

void web_buf_printf(web_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !reserve(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

/* The length of the UTF-8 character at p (1 to 4), or 0 when the bytes there are no
 * well-formed character (RFC 3629: no overlong forms, surrogates nor code points past
 * U+10FFFF). p is NUL-terminated. */
static size_t utf8_char(const unsigned char *p)
{
	if (p[0] < 0x80)
		return 1;
	size_t n = p[0] >= 0xC2 && p[0] <= 0xDF ? 2 : p[0] >= 0xE0 && p[0] <= 0xEF ? 3
		 : p[0] >= 0xF0 && p[0] <= 0xF4 ? 4 : 0;
	for (size_t i = 1; i < n; i++)
		if ((p[i] & 0xC0) != 0x80)
			return 0;
	if ((p[0] == 0xE0 && p[1] < 0xA0) || (p[0] == 0xED && p[1] > 0x9F) ||
	    (p[0] == 0xF0 && p[1] < 0x90) || (p[0] == 0xF4 && p[1] > 0x8F))
		return 0;
	return n;
}

bool web_utf8_valid(const char *text)
{
	for (const unsigned char *p = (const unsigned char *)text; *p;) {
		size_t n = utf8_char(p);
		if (!n)
			return false;
		p += n;
	}
	return true;
}

size_t web_utf8_copy(char *dst, size_t cap, const char *src)
{
	size_t at = 0;
	if (!cap)
		return 0;
	for (const unsigned char *p = (const unsigned char *)src; *p;) {
		size_t n = utf8_char(p);
		if (!n || at + n >= cap)
			break;
		memcpy(dst + at, p, n);
		at += n, p += n;
	}
	dst[at] = '\0';
	return at;
}

/* Characters a name must not hold: they move or hide text around them (the bidi
 * controls; U+200B and U+FEFF, invisible; U+2028 and U+2029, line breaks), so one name
 * could pass for another or garble the line it is shown in. U+200C and U+200D stay:
 * some scripts and emoji need them. */
static bool hiding_char(uint32_t c)
{
	return c == 0x061C || c == 0x200B || c == 0x200E || c == 0x200F ||
	       (c >= 0x2028 && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF;
}

const char *web_name_refused(const char *name)
{
	for (const unsigned char *p = (const unsigned char *)name; *p;) {
		size_t n = utf8_char(p);
		if (!n)
			return _("expected UTF-8 text");
		uint32_t c = n == 1 ? (uint32_t)p[0] : p[0] & (0x7Fu >> n);
		for (size_t i = 1; i < n; i++)
			c = c << 6 | (p[i] & 0x3Fu);
		if (c < 0x20 || (c >= 0x7F && c <= 0x9F))
			return _("a control character (a line break, a tab, ESC...) is not allowed "
				 "in a name");
		if (hiding_char(c))
			return _("a character that reorders or hides text (U+202E, U+200B...) is "
				 "not allowed in a name");
		p += n;
	}
	return NULL;
}

void web_buf_json_string(web_buf *b, const char *text)
{
	web_buf_add(b, "\"", 1);
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		char esc[8];
		size_t n = *p >= 0x80 ? utf8_char(p) : 1;
		if (n > 1) { /* a whole character */
			web_buf_add(b, (const char *)p, n);
			p += n - 1;
		} else if (!n) { /* a byte of no character: the output stays UTF-8 */
			web_buf_add(b, "\\ufffd", 6);
		} else if (*p == '"' || *p == '\\') {
			esc[0] = '\\', esc[1] = (char)*p;
			web_buf_add(b, esc, 2);
		} else if (*p == '\n') {
			web_buf_add(b, "\\n", 2);
		} else if (*p < 0x20 || *p == '<' || *p == '>' || *p == '&') {
			/* < > & escaped so that JSON never reads as markup */
			snprintf(esc, sizeof esc, "\\u%04x", *p);
			web_buf_add(b, esc, 6);
		} else {
			web_buf_add(b, (const char *)p, 1);
		}
	}
	web_buf_add(b, "\"", 1);
}

void web_buf_json_key(web_buf *b, bool *first, const char *key)
{
	if (!*first)
		web_buf_add(b, ",", 1);
	*first = false;
	web_buf_json_string(b, key);
	web_buf_add(b, ":", 1);
}

void web_buf_json_number(web_buf *b, double v)
{
	if (!isfinite(v))
		web_buf_puts(b, "null");
	else if (v == floor(v) && fabs(v) < 1e15)
		web_buf_printf(b, "%.0f", v);
	else
		web_buf_printf(b, "%.17g", v);
}

/* ---- reader: jansson's parse, copied into web_json nodes ---------------------------- */

struct block {
	struct block *next;
	size_t used, cap;
	unsigned char data[];
};

static void *arena_alloc(struct block **arena, size_t size)
{
	size = (size + 15) & ~(size_t)15;
	struct block *b = *arena;
	if (!b || b->used + size > b->cap) {
		size_t cap = size > 8192 ? size : 8192;
		b = malloc(sizeof *b + cap);
		if (!b)
			return NULL;
		b->next = *arena, b->used = 0, b->cap = cap;
		*arena = b;
	}
	void *out = b->data + b->used;
	b->used += size;
	return out;
}

/* jansson refuses a whole body for one byte that is no UTF-8; the API names the field
 * instead. So such a byte is read as U+10FFFF (a noncharacter) and given back as the
 * byte 0xFF, which web_json_utf8 then finds in its field. NULL: text is all UTF-8. */
static const char marker[] = "\xF4\x8F\xBF\xBF";

static char *mark_bad_bytes(const char *text, size_t len, size_t *out_len)
{
	size_t bad = 0, at = 0;
	for (size_t i = 0; i < len;) {
		char c[5] = {0};
		memcpy(c, text + i, len - i < 4 ? len - i : 4);
		size_t n = text[i] ? utf8_char((const unsigned char *)c) : 1;
		bad += !n, i += n ? n : 1;
	}
	char *out = bad ? malloc(len + 3 * bad + 1) : NULL;
	for (size_t i = 0; out && i < len;) {
		char c[5] = {0};
		memcpy(c, text + i, len - i < 4 ? len - i : 4);
		size_t n = text[i] ? utf8_char((const unsigned char *)c) : 1;
		memcpy(out + at, n ? text + i : marker, n ? n : 4);
		at += n ? n : 4, i += n ? n : 1;
	}
	if (out)
		*out_len = at;
	return out;
}

/* A copy of s in the arena, each marker back to the byte 0xFF. */
static const char *copy_text(struct block **arena, const char *s)
{
	char *out = arena_alloc(arena, strlen(s) + 1), *w = out;
	for (const char *p = s; out && *p;) {
		if (!strncmp(p, marker, 4))
			*w++ = '\xFF', p += 4;
		else
			*w++ = *p++;
	}
	if (w)
		*w = '\0';
	return out;
}

/* The number's text: an integer as written, a real in its shortest exact form. */
static const char *number_text(struct block **arena, const json_t *j, double *num)
{
	char text[40];
	if (json_is_integer(j)) {
		snprintf(text, sizeof text, "%" JSON_INTEGER_FORMAT, json_integer_value(j));
		*num = (double)json_integer_value(j);
	} else {
		*num = json_real_value(j);
		snprintf(text, sizeof text, "%.15g", *num);
		if (strtod(text, NULL) != *num)
			snprintf(text, sizeof text, "%.17g", *num);
	}
	return copy_text(arena, text);
}

/* j copied into v (at most 64 levels); false when too deep or out of memory. */
static bool convert(struct block **arena, const json_t *j, web_json *v, int depth,
		    const char **why)
{
	memset(v, 0, sizeof *v);
	if (json_is_object(j) || json_is_array(j)) {
		if (depth >= 64)
			return *why = _("nested too deeply"), false;
		v->type = json_is_object(j) ? WEB_JSON_OBJECT : WEB_JSON_ARRAY;
		web_json **tail = &v->child;
		size_t n = json_is_object(j) ? json_object_size(j) : json_array_size(j);
		void *it = json_is_object(j) ? json_object_iter((json_t *)(uintptr_t)j) : NULL;
		for (size_t i = 0; i < n; i++) {
			web_json *c = arena_alloc(arena, sizeof *c);
			const json_t *m = it ? json_object_iter_value(it) : json_array_get(j, i);
			if (!c)
				return *why = _("out of memory"), false;
			if (!convert(arena, m, c, depth + 1, why))
				return false;
			if (it && !(c->key = copy_text(arena, json_object_iter_key(it))))
				return *why = _("out of memory"), false;
			it = it ? json_object_iter_next((json_t *)(uintptr_t)j, it) : NULL;
			*tail = c, tail = &c->next, v->count++;
		}
		return true;
	}
	if (json_is_string(j)) {
		v->type = WEB_JSON_STRING, v->str = copy_text(arena, json_string_value(j));
		return v->str || (*why = _("out of memory"), false);
	}
	if (json_is_number(j)) {
		v->type = WEB_JSON_NUMBER, v->str = number_text(arena, j, &v->num);
		return v->str || (*why = _("out of memory"), false);
	}
	v->type = json_is_null(j) ? WEB_JSON_NULL : WEB_JSON_BOOL, v->boolean = json_is_true(j);
	return true;
}

/* jansson's reason in the request's language where we have the words, else its own
 * (which quotes the text near the fault). */
static const char *load_error(const json_error_t *e)
{
	switch (json_error_code(e)) {
	case json_error_out_of_memory: return _("out of memory");
	case json_error_stack_overflow: return _("nested too deeply");
	case json_error_premature_end_of_input: return _("unexpected end of the body");
	case json_error_end_of_input_expected: return _("text after the value");
	case json_error_null_character:
	case json_error_null_byte_in_key: return _("a NUL character is not accepted");
	case json_error_duplicate_key: return _("a member name given twice");
	case json_error_numeric_overflow: return _("bad number");
	default: return e->text;
	}
}

bool web_json_parse(web_json_doc *doc, const char *text, size_t len, char *err,
		    size_t errcap)
{
	json_error_t e;
	size_t marked_len = len;
	char *marked = mark_bad_bytes(text, len, &marked_len);
	json_t *j = json_loadb(marked ? marked : text, marked_len,
			       JSON_DECODE_ANY | JSON_REJECT_DUPLICATES, &e);
	free(marked);
	struct block *arena = NULL;
	const char *why = NULL;
	memset(doc, 0, sizeof *doc);
	web_json *root = j ? arena_alloc(&arena, sizeof *root) : NULL;
	if (j && !root)
		why = _("out of memory");
	bool ok = root && convert(&arena, j, root, 0, &why);
	if (!j && err)
		snprintf(err, errcap, _("offset %zu: %s"), (size_t)e.position, load_error(&e));
	else if (!ok && err)
		snprintf(err, errcap, _("offset %zu: %s"), (size_t)0, why);
	json_decref(j);
	doc->arena = arena;
	doc->root = ok ? root : NULL;
	if (!ok)
		web_json_release(doc);
	return ok;
}

void web_json_release(web_json_doc *doc)
{
	struct block *b = doc->arena;
	while (b) {
		struct block *next = b->next;
		free(b);
		b = next;
	}
	doc->arena = NULL, doc->root = NULL;
}

const web_json *web_json_get(const web_json *obj, const char *key)
{
	if (!obj || obj->type != WEB_JSON_OBJECT)
		return NULL;
	for (const web_json *c = obj->child; c; c = c->next)
		if (!strcmp(c->key, key))
			return c;
	return NULL;
}

const char *web_json_string(const web_json *obj, const char *key)
{
	const web_json *v = web_json_get(obj, key);
	return v && v->type == WEB_JSON_STRING ? v->str : NULL;
}

/* Whether every key and string under v is UTF-8; path gets the first that is not. */
static bool check_utf8(const web_json *v, const char *at, char *path, size_t cap)
{
	char here[128];
	int k = 0;
	for (const web_json *c = v->child; c; c = c->next, k++) {
		if (c->key && !web_utf8_valid(c->key)) {
			snprintf(path, cap, "%s", at[0] ? at : "body");
			return false;
		}
		if (c->key)
			snprintf(here, sizeof here, "%s%s%.60s", at, at[0] ? "." : "", c->key);
		else
			snprintf(here, sizeof here, "%s[%d]", at, k);
		if (c->type == WEB_JSON_STRING && !web_utf8_valid(c->str)) {
			snprintf(path, cap, "%s", here);
			return false;
		}
		if (!check_utf8(c, here, path, cap))
			return false;
	}
	return true;
}

bool web_json_utf8(const web_json *root, char *path, size_t cap)
{
	path[0] = '\0';
	if (root->type == WEB_JSON_STRING && !web_utf8_valid(root->str)) {
		snprintf(path, cap, "body");
		return false;
	}
	return check_utf8(root, "", path, cap);
}

void web_json_write(web_buf *out, const web_json *v)
{
	switch (v->type) {
	case WEB_JSON_NULL:
		web_buf_puts(out, "null");
		break;
	case WEB_JSON_BOOL:
		web_buf_puts(out, v->boolean ? "true" : "false");
		break;
	case WEB_JSON_NUMBER:
		web_buf_puts(out, v->str);
		break;
	case WEB_JSON_STRING:
		web_buf_json_string(out, v->str);
		break;
	case WEB_JSON_ARRAY:
	case WEB_JSON_OBJECT: {
		bool object = v->type == WEB_JSON_OBJECT, first = true;
		web_buf_puts(out, object ? "{" : "[");
		for (const web_json *c = v->child; c; c = c->next) {
			if (object) {
				web_buf_json_key(out, &first, c->key);
			} else {
				web_buf_puts(out, first ? "" : ",");
				first = false;
			}
			web_json_write(out, c);
		}
		web_buf_puts(out, object ? "}" : "]");
		break;
	}
	}
}
