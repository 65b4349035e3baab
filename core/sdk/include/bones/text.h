/* SDK: append formatted text to a caller's buffer, as render_text, observation and
 * breakdown do, without ever overflowing it: text past cap - 1 bytes is cut, and the
 * buffer is always NUL-terminated. Header-only. */
#ifndef BONES_TEXT_H
#define BONES_TEXT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bones_text {
	char *buf;  /* the caller's buffer */
	size_t cap; /* its size in bytes */
	size_t len; /* bytes written so far, NUL excluded; < cap when cap > 0 */
} bones_text;

/* Append printf-style text; what does not fit is dropped. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static inline void bones_text_printf(bones_text *t, const char *fmt, ...)
{
	if (t->cap == 0 || t->len + 1 >= t->cap) {
		if (t->cap)
			t->buf[t->len] = '\0';
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->len += (size_t)n < t->cap - t->len ? (size_t)n : t->cap - t->len - 1;
}

/* Append n bytes as two lower-case hex digits each, without printf: for observations,
 * which the search agents and `bones check` compare by the million. */
static inline void bones_text_hex(bones_text *t, const void *bytes, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	const unsigned char *b = (const unsigned char *)bytes;
	size_t room = t->cap > t->len ? (t->cap - t->len - 1) / 2 : 0;
	if (n > room)
		n = room;
	for (size_t i = 0; i < n; i++) {
		t->buf[t->len++] = digits[b[i] >> 4];
		t->buf[t->len++] = digits[b[i] & 15];
	}
	if (t->cap)
		t->buf[t->len] = '\0';
}

#ifdef __cplusplus
}
#endif
#endif /* BONES_TEXT_H */
