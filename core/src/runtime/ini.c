/* The INI reader over inih; see bones/ini.h. Nothing else includes ini.h.
 * Debian's inih passes no line numbers to handlers, so the reader counts them: inih
 * handles each line right after reading it, so the count is the handled key's line.
 * The reader hands inih exactly one physical line per call, so inih's error line agrees. */
#include "bones/ini.h"

#include "bones/file.h"

#include <ini.h>
#include <stdio.h>
#include <string.h>

struct ini_call {
	bones_ini_handler handler;
	void *user;
	FILE *file;       /* source when reading a file */
	const char *text; /* source when reading a string; advanced as read */
	int line;         /* lines read so far */
};

/* inih reads lines into a fixed buffer (INI_MAX_LINE) and would take the rest of a longer
 * line for a line of its own, so its line numbers would drift. Instead such a line is
 * consumed whole and handed over as this text, which inih rejects as a syntax error. */
static const char overlong[] = "line too long\n";

static char *replace_overlong(char *buf, int size)
{
	if ((size_t)size < sizeof overlong)
		return NULL;
	memcpy(buf, overlong, sizeof overlong);
	return buf;
}

static char *ini_read_file(char *buf, int size, void *stream)
{
	struct ini_call *call = stream;
	char *s = fgets(buf, size, call->file);
	if (!s)
		return NULL;
	call->line++;
	if (strchr(s, '\n') || feof(call->file))
		return s;
	int c = fgetc(call->file);
	if (c == EOF || c == '\n')
		return s; /* the line filled the buffer exactly */
	while ((c = fgetc(call->file)) != EOF && c != '\n')
		;
	return replace_overlong(buf, size);
}

static char *ini_read_string(char *buf, int size, void *stream)
{
	struct ini_call *call = stream;
	const char *p = call->text;
	if (!p || !*p || size < 2)
		return NULL;
	const char *nl = strchr(p, '\n');
	size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
	call->text = p + len;
	call->line++;
	if (len > (size_t)size - 1 && nl)
		len--; /* drop the newline: the line may fill the buffer exactly */
	if (len > (size_t)size - 1)
		return replace_overlong(buf, size);
	memcpy(buf, p, len);
	buf[len] = '\0';
	return buf;
}

static int ini_trampoline(void *user, const char *section, const char *key,
			  const char *value)
{
	struct ini_call *call = user;
	return call->handler(call->user, section, key, value, call->line);
}

static bones_status ini_result(int rc, int *error_line)
{
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
	struct ini_call call = {handler, user, file, NULL, 0};
	int rc = ini_parse_stream(ini_read_file, &call, ini_trampoline, &call);
	if (rc == 0 && ferror(file))
		rc = -1;
	return ini_result(rc, error_line);
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
	struct ini_call call = {handler, user, NULL, text, 0};
	int rc = ini_parse_stream(ini_read_string, &call, ini_trampoline, &call);
	return ini_result(rc, error_line);
}
