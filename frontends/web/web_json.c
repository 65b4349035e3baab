/* JSON writer (web_buf) and a bounded recursive-descent reader for request bodies. */
#include "web_json.h"

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

/* ---- reader ---------------------------------------------------------------------- */

struct block {
	struct block *next;
	size_t used, cap;
	unsigned char data[];
};

struct parser {
	const char *s;
	size_t len, at;
	int depth;
	struct block **arena;
	char *err;
	size_t errcap;
};

static void *arena_alloc(struct parser *p, size_t size)
{
	size = (size + 15) & ~(size_t)15;
	struct block *b = *p->arena;
	if (!b || b->used + size > b->cap) {
		size_t cap = size > 8192 ? size : 8192;
		b = malloc(sizeof *b + cap);
		if (!b)
			return NULL;
		b->next = *p->arena, b->used = 0, b->cap = cap;
		*p->arena = b;
	}
	void *out = b->data + b->used;
	b->used += size;
	return out;
}

static bool fail(struct parser *p, const char *what)
{
	if (p->err && !p->err[0])
		snprintf(p->err, p->errcap, _("offset %zu: %s"), p->at, what);
	return false;
}

static void skip_space(struct parser *p)
{
	while (p->at < p->len && strchr(" \t\r\n", p->s[p->at]) && p->s[p->at])
		p->at++;
}

static bool literal(struct parser *p, const char *word)
{
	size_t n = strlen(word);
	if (p->len - p->at < n || memcmp(p->s + p->at, word, n))
		return fail(p, _("unexpected text"));
	p->at += n;
	return true;
}

static int hex4(const char *s)
{
	int v = 0;
	for (int i = 0; i < 4; i++) {
		char c = s[i];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
			: c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0)
			return -1;
		v = v * 16 + d;
	}
	return v;
}

static size_t put_utf8(char *out, unsigned cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | (cp >> 6)), out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	out[0] = (char)(0xE0 | (cp >> 12)), out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[2] = (char)(0x80 | (cp & 0x3F));
	return 3;
}

/* A string literal at p->at (the opening quote); *out is arena text. */
static bool parse_string(struct parser *p, const char **out)
{
	p->at++;
	char *buf = arena_alloc(p, p->len - p->at + 1);
	if (!buf)
		return fail(p, _("out of memory"));
	size_t n = 0;
	while (p->at < p->len) {
		unsigned char c = (unsigned char)p->s[p->at++];
		if (c == '"') {
			buf[n] = '\0';
			*out = buf;
			return true;
		}
		if (c < 0x20 || c == 0)
			return fail(p, _("control character in a string"));
		if (c != '\\') {
			buf[n++] = (char)c;
			continue;
		}
		if (p->at >= p->len)
			break;
		char e = p->s[p->at++];
		const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
		const char *k = e ? strchr(from, e) : NULL;
		if (k) {
			buf[n++] = to[k - from];
		} else if (e == 'u' && p->len - p->at >= 4 && hex4(p->s + p->at) > 0) {
			unsigned cp = (unsigned)hex4(p->s + p->at);
			p->at += 4;
			if (cp >= 0xD800 && cp <= 0xDFFF)
				return fail(p, _("surrogate escapes are not accepted"));
			n += put_utf8(buf + n, cp);
		} else {
			return fail(p, _("bad escape in a string"));
		}
	}
	return fail(p, _("unterminated string"));
}

static bool parse_value(struct parser *p, web_json *v);

static bool parse_members(struct parser *p, web_json *v, bool object)
{
	char close = object ? '}' : ']';
	web_json **tail = &v->child;
	p->at++;
	skip_space(p);
	if (p->at < p->len && p->s[p->at] == close) {
		p->at++;
		return true;
	}
	for (;;) {
		web_json *c = arena_alloc(p, sizeof *c);
		if (!c)
			return fail(p, _("out of memory"));
		memset(c, 0, sizeof *c);
		skip_space(p);
		if (object) {
			if (p->at >= p->len || p->s[p->at] != '"')
				return fail(p, _("expected a member name in quotes"));
			if (!parse_string(p, &c->key))
				return false;
			skip_space(p);
			if (p->at >= p->len || p->s[p->at] != ':')
				return fail(p, _("expected ':' after a member name"));
			p->at++;
		}
		if (!parse_value(p, c))
			return false;
		*tail = c, tail = &c->next, v->count++;
		skip_space(p);
		if (p->at < p->len && p->s[p->at] == ',') {
			p->at++;
			continue;
		}
		if (p->at < p->len && p->s[p->at] == close) {
			p->at++;
			return true;
		}
		return fail(p, object ? _("expected ',' or '}'") : _("expected ',' or ']'"));
	}
}

static bool parse_number(struct parser *p, web_json *v)
{
	size_t start = p->at;
	while (p->at < p->len && p->s[p->at] && strchr("+-0123456789.eE", p->s[p->at]))
		p->at++;
	size_t n = p->at - start;
	char *text = arena_alloc(p, n + 1);
	if (!text)
		return fail(p, _("out of memory"));
	memcpy(text, p->s + start, n);
	text[n] = '\0';
	char *end;
	v->num = strtod(text, &end);
	if (!n || *end)
		return fail(p, _("bad number"));
	v->type = WEB_JSON_NUMBER, v->str = text;
	return true;
}

static bool parse_value(struct parser *p, web_json *v)
{
	skip_space(p);
	if (p->at >= p->len)
		return fail(p, _("unexpected end of the body"));
	char c = p->s[p->at];
	if (c == '{' || c == '[') {
		if (++p->depth > 64)
			return fail(p, _("nested too deeply"));
		v->type = c == '{' ? WEB_JSON_OBJECT : WEB_JSON_ARRAY;
		bool ok = parse_members(p, v, c == '{');
		p->depth--;
		return ok;
	}
	if (c == '"') {
		v->type = WEB_JSON_STRING;
		return parse_string(p, &v->str);
	}
	if (c == 't' || c == 'f') {
		v->type = WEB_JSON_BOOL, v->boolean = c == 't';
		return literal(p, c == 't' ? "true" : "false");
	}
	if (c == 'n') {
		v->type = WEB_JSON_NULL;
		return literal(p, "null");
	}
	if (c == '-' || (c >= '0' && c <= '9'))
		return parse_number(p, v);
	return fail(p, _("expected a value"));
}

bool web_json_parse(web_json_doc *doc, const char *text, size_t len, char *err,
		    size_t errcap)
{
	memset(doc, 0, sizeof *doc);
	if (err && errcap)
		err[0] = '\0';
	struct block *arena = NULL;
	struct parser p = {.s = text, .len = len, .arena = &arena, .err = err, .errcap = errcap};
	web_json *root = arena_alloc(&p, sizeof *root);
	bool ok = root != NULL;
	if (ok) {
		memset(root, 0, sizeof *root);
		ok = parse_value(&p, root);
	} else {
		fail(&p, _("out of memory"));
	}
	skip_space(&p);
	if (ok && p.at != len)
		ok = fail(&p, _("text after the value"));
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
