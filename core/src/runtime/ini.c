/* The INI reader over inih; see bones/ini.h. Nothing else includes ini.h.
 * Debian's inih passes no line numbers to handlers, so the reader counts them: inih
 * handles each line right after reading it, so the count is the handled key's line.
 * The reader hands inih exactly one physical line per call, so inih's error line agrees,
 * and hands a line longer than inih's buffer over in a shorter form (hand_over). */
#include "bones/ini.h"

#include "bones/file.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ini_call {
	bones_ini_handler handler;
	void *user;
	FILE *file;       /* source when reading a file */
	const char *text; /* source when reading a string; advanced as read */
	int line;         /* lines read so far */
	char *read;       /* getline's buffer for the rest of a long line; owned */
	size_t read_cap;
	char *value;      /* the value of the last long line, as inih would give it; owned */
	bool nomem;       /* a long line found no memory: the parse must not look finished */
};

/* inih reads lines into a fixed buffer (INI_MAX_LINE, 200 bytes in Debian's build) and
 * would take the rest of a longer line for a line of its own. A longer line is handed
 * to inih as "KEY=" LONG_VALUE (or an indented LONG_VALUE, a continuation) with the
 * value kept aside, cut as inih cuts values, and put back by the trampoline: an
 * `engine =` command, a preset name or a board row may be as long as it needs. */
#define LONG_VALUE "\x01"

/* A section header or key too long even for that is handed over as this text, which
 * inih rejects as a syntax error on its own line. */
static const char overlong[] = "line too long\n";

/* inih's find_chars_or_comment: the first of chars, or of an inline comment (';' after
 * whitespace), or the end. */
static const char *find_cut(const char *s, const char *chars)
{
	bool was_space = false;
	while (*s && (!chars || !strchr(chars, *s)) && !(was_space && *s == ';')) {
		was_space = isspace((unsigned char)*s);
		s++;
	}
	return s;
}

/* s[0..len) without an inline comment and surrounding whitespace into call->value. */
static bool keep_value(struct ini_call *call, const char *s)
{
	const char *end = find_cut(s, NULL);
	while (s < end && isspace((unsigned char)*s))
		s++;
	while (end > s && isspace((unsigned char)end[-1]))
		end--;
	free(call->value);
	call->value = strndup(s, (size_t)(end - s));
	call->nomem = !call->value;
	return call->value != NULL;
}

/* The line line[0..len) (no newline) into inih's buf[size]: as it is when it fits,
 * else shortened as described above. NULL when out of memory. */
static char *hand_over(struct ini_call *call, const char *line, size_t len, char *buf,
		       int size)
{
	if ((size_t)size >= sizeof overlong && len + 2 <= (size_t)size) {
		memcpy(buf, line, len);
		memcpy(buf + len, "\n", 2);
		return buf;
	}
	char *copy = strndup(line, len);
	if (!copy) {
		call->nomem = true;
		return NULL;
	}
	const char *start = copy;
	while (isspace((unsigned char)*start))
		start++;
	const char *cut = find_cut(start, "=:");
	const char *out = overlong;
	if (!*start || *start == ';' || *start == '#')
		out = "\n";
	else if (start > copy && keep_value(call, start))
		out = " " LONG_VALUE "\n";
	else if (*start != '[' && (*cut == '=' || *cut == ':') &&
		 (size_t)(cut - copy) + 4 <= (size_t)size && keep_value(call, cut + 1))
		out = NULL;
	if (out)
		snprintf(buf, (size_t)size, "%s", out);
	else
		snprintf(buf, (size_t)size, "%.*s=" LONG_VALUE "\n", (int)(cut - copy), copy);
	free(copy);
	return call->nomem ? NULL : buf;
}

static char *ini_read_file(char *buf, int size, void *stream)
{
	struct ini_call *call = stream;
	if (!fgets(buf, size, call->file))
		return NULL;
	call->line++;
	size_t len = strlen(buf);
	if ((len && buf[len - 1] == '\n') || feof(call->file))
		return buf; /* the usual line: it fits */
	errno = 0; /* longer than inih's buffer: the rest of it joins what was read */
	ssize_t n = getline(&call->read, &call->read_cap, call->file);
	size_t rest = n > 0 ? (size_t)n : 0;
	char *whole = n < 0 && errno == ENOMEM ? NULL : malloc(len + rest + 1);
	if (!whole) {
		call->nomem = true;
		return NULL;
	}
	memcpy(whole, buf, len);
	memcpy(whole + len, call->read ? call->read : "", rest);
	len += rest;
	if (len && whole[len - 1] == '\n')
		len--;
	char *out = hand_over(call, whole, len, buf, size);
	free(whole);
	return out;
}

static char *ini_read_string(char *buf, int size, void *stream)
{
	struct ini_call *call = stream;
	const char *p = call->text;
	if (!p || !*p)
		return NULL;
	const char *nl = strchr(p, '\n');
	size_t len = nl ? (size_t)(nl - p) : strlen(p);
	call->text = p + len + (nl != NULL);
	call->line++;
	return hand_over(call, p, len, buf, size);
}

static int ini_trampoline(void *user, const char *section, const char *key,
			  const char *value)
{
	struct ini_call *call = user;
	if (!call->value || strcmp(value, LONG_VALUE))
		return call->handler(call->user, section, key, value, call->line);
	int ok = call->handler(call->user, section, key, call->value, call->line);
	free(call->value);
	call->value = NULL;
	return ok;
}

static bones_status ini_result(struct ini_call *call, int rc, int *error_line)
{
	free(call->read);
	free(call->value);
	if (call->nomem)
		return BONES_ENOMEM;
	if (rc == 0)
		return BONES_OK;
	if (rc < 0)
		return BONES_EIO;
	if (error_line)
		*error_line = rc;
	return BONES_EPARSE;
}

bones_status bones_ini_parse_file(FILE *file, bones_ini_handler handler, void *user,
				  int *error_line)
{
	struct ini_call call = {.handler = handler, .user = user, .file = file};
	int rc = ini_parse_stream(ini_read_file, &call, ini_trampoline, &call);
	if (rc == 0 && ferror(file))
		rc = -1;
	return ini_result(&call, rc, error_line);
}

bones_status bones_ini_parse(const char *path, bones_ini_handler handler, void *user,
			     int *error_line)
{
	bones_status st;
	FILE *f = bones_file_open(path, BONES_FILE_MAX_BYTES, &st, NULL, 0);
	if (!f)
		return BONES_EIO;
	st = bones_ini_parse_file(f, handler, user, error_line);
	fclose(f);
	return st;
}

bones_status bones_ini_parse_string(const char *text, bones_ini_handler handler,
				    void *user, int *error_line)
{
	struct ini_call call = {.handler = handler, .user = user, .text = text};
	int rc = ini_parse_stream(ini_read_string, &call, ini_trampoline, &call);
	return ini_result(&call, rc, error_line);
}
