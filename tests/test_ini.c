/* The INI reader (core/src/ini.c): keys with their sections and line numbers, the line
 * of a syntax error, overlong lines, missing files, from files and from strings. */
#include "bones_test.h"

#include "bones/ini.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_KEYS 16

typedef struct seen {
	int count;
	int stop_at_line; /* the handler returns 0 on this line; 0 never */
	struct {
		char section[32], key[32], value[1024];
		int line;
	} keys[MAX_KEYS];
} seen;

static int collect(void *user, const char *section, const char *key, const char *value,
		   int line)
{
	seen *s = user;
	if (s->count < MAX_KEYS) {
		snprintf(s->keys[s->count].section, sizeof s->keys[0].section, "%s", section);
		snprintf(s->keys[s->count].key, sizeof s->keys[0].key, "%s", key);
		snprintf(s->keys[s->count].value, sizeof s->keys[0].value, "%s", value);
		s->keys[s->count].line = line;
	}
	s->count++;
	return line != s->stop_at_line;
}

/* Parse text from a string and from a file; both must agree. Returns the status. */
static bones_status parse_both(const char *text, seen *s, int *error_line)
{
	seen from_file = *s;
	int file_line = -1;
	char path[64];
	bones_test_temp_file(path, sizeof path, text);
	bones_status fst = bones_ini_parse(path, collect, &from_file, &file_line);
	unlink(path);
	*error_line = -1;
	bones_status st = bones_ini_parse_string(text, collect, s, error_line);
	CU_ASSERT_EQUAL(st, fst);
	CU_ASSERT_EQUAL(*error_line, file_line);
	CU_ASSERT_EQUAL(s->count, from_file.count);
	for (int i = 0; i < s->count && i < MAX_KEYS; i++) {
		CU_ASSERT_EQUAL(s->keys[i].line, from_file.keys[i].line);
		CU_ASSERT_STRING_EQUAL(s->keys[i].value, from_file.keys[i].value);
	}
	return st;
}

static const char preset[] =
	"; a preset\n"               /* 1 */
	"top = level\n"              /* 2 */
	"\n"                         /* 3 */
	"[game]\n"                   /* 4 */
	"plugin = holomino ; why\n"  /* 5 */
	"# another comment\n"        /* 6 */
	"name=Holomino\r\n"          /* 7 */
	"[seat.1]\n"                 /* 8 */
	"agent : human\n"            /* 9 */
	"   \n"                      /* 10 */
	"last = no newline";         /* 11 */

static void test_ini__keys_come_with_their_section_and_line(void)
{
	seen s = {0};
	int line;
	CU_ASSERT_EQUAL(parse_both(preset, &s, &line), BONES_OK);
	CU_ASSERT_EQUAL(line, -1); /* untouched on success */
	CU_ASSERT_EQUAL_FATAL(s.count, 5);
	static const struct {
		const char *section, *key, *value;
		int line;
	} want[] = {
		{"", "top", "level", 2},          {"game", "plugin", "holomino", 5},
		{"game", "name", "Holomino", 7},  {"seat.1", "agent", "human", 9},
		{"seat.1", "last", "no newline", 11},
	};
	for (int i = 0; i < 5; i++) {
		CU_ASSERT_STRING_EQUAL(s.keys[i].section, want[i].section);
		CU_ASSERT_STRING_EQUAL(s.keys[i].key, want[i].key);
		CU_ASSERT_STRING_EQUAL(s.keys[i].value, want[i].value);
		CU_ASSERT_EQUAL(s.keys[i].line, want[i].line);
	}
}

static void test_ini__a_syntax_error_gives_its_line(void)
{
	seen s = {0};
	int line;
	CU_ASSERT_EQUAL(parse_both("[game]\nplugin = x\n\nno equals sign here\nname = y\n", &s,
				   &line), BONES_EPARSE);
	CU_ASSERT_EQUAL(line, 4);
	CU_ASSERT_EQUAL(s.count, 2); /* inih reads on: name = y still arrives */
	seen t = {0};
	CU_ASSERT_EQUAL(parse_both("a = 1\n[game\nb = 2\n", &t, &line), BONES_EPARSE);
	CU_ASSERT_EQUAL(line, 2);
}

static void test_ini__the_first_error_wins(void)
{
	seen s = {0};
	int line;
	CU_ASSERT_EQUAL(parse_both("x\n[a]\ny\n", &s, &line), BONES_EPARSE);
	CU_ASSERT_EQUAL(line, 1);
}

static void test_ini__a_handler_refusal_gives_the_key_line(void)
{
	seen s = {.stop_at_line = 3};
	int line;
	CU_ASSERT_EQUAL(parse_both("[a]\nk = 1\nbad = 2\nk = 3\n", &s, &line), BONES_EPARSE);
	CU_ASSERT_EQUAL(line, 3);
}

/* Lines longer than inih's 200-byte buffer (a long `engine =` command, a preset name,
 * a board row) arrive whole, cut as short ones are (an inline comment, surrounding
 * blanks), continuations too, and the keys after them keep their true line numbers;
 * only a section header that long is an error, on its own line. */
static void test_ini__a_long_line_arrives_whole(void)
{
	char text[4096], value[1001];
	memset(value, 'v', 1000);
	value[1000] = '\0';
	snprintf(text, sizeof text, "[a]\nlong = %s  ; a comment\nafter = 1\n  %s\n"
		 "last: %s\n", value, value, value);
	seen s = {0};
	int line;
	CU_ASSERT_EQUAL(parse_both(text, &s, &line), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(s.count, 4);
	CU_ASSERT_STRING_EQUAL(s.keys[0].key, "long");
	CU_ASSERT_STRING_EQUAL(s.keys[0].value, value);
	CU_ASSERT_EQUAL(s.keys[0].line, 2);
	CU_ASSERT_STRING_EQUAL(s.keys[1].key, "after");
	CU_ASSERT_EQUAL(s.keys[1].line, 3);
	CU_ASSERT_STRING_EQUAL(s.keys[2].key, "after"); /* the continuation */
	CU_ASSERT_STRING_EQUAL(s.keys[2].value, value);
	CU_ASSERT_EQUAL(s.keys[2].line, 4);
	CU_ASSERT_STRING_EQUAL(s.keys[3].key, "last");
	CU_ASSERT_STRING_EQUAL(s.keys[3].value, value);
	CU_ASSERT_EQUAL(s.keys[3].line, 5);

	snprintf(text, sizeof text, "[%s]\nafter = 1\n", value);
	seen t = {0};
	CU_ASSERT_EQUAL(parse_both(text, &t, &line), BONES_EPARSE);
	CU_ASSERT_EQUAL(line, 1);
	CU_ASSERT_EQUAL_FATAL(t.count, 1);
	CU_ASSERT_EQUAL(t.keys[0].line, 2);

	value[199 - 4] = '\0'; /* "k = " + 195 = 199 characters: inih's own path */
	snprintf(text, sizeof text, "k = %s\nafter = 1\n", value);
	seen u = {0};
	CU_ASSERT_EQUAL(parse_both(text, &u, &line), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(u.count, 2);
	CU_ASSERT_EQUAL(strlen(u.keys[0].value), 195);
	CU_ASSERT_EQUAL(u.keys[1].line, 2);
}

static void test_ini__an_indented_line_continues_the_value(void)
{
	seen s = {0};
	int line;
	CU_ASSERT_EQUAL(parse_both("[a]\nk = one\n  two\n", &s, &line), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(s.count, 2);
	CU_ASSERT_STRING_EQUAL(s.keys[1].key, "k");
	CU_ASSERT_STRING_EQUAL(s.keys[1].value, "two");
	CU_ASSERT_EQUAL(s.keys[1].line, 3);
}

static void test_ini__a_missing_file_or_a_folder_is_an_io_error(void)
{
	seen s = {0};
	int line = -1;
	CU_ASSERT_EQUAL(bones_ini_parse("/nonexistent/preset.ini", collect, &s, &line),
			BONES_EIO);
	CU_ASSERT_EQUAL(bones_ini_parse("/tmp", collect, &s, &line), BONES_EIO);
	CU_ASSERT_EQUAL(line, -1);
	CU_ASSERT_EQUAL(s.count, 0);
}

static void test_ini__empty_text_has_no_keys(void)
{
	seen s = {0};
	int line;
	CU_ASSERT_EQUAL(parse_both("", &s, &line), BONES_OK);
	CU_ASSERT_EQUAL(parse_both("\n\n; only a comment\n", &s, &line), BONES_OK);
	CU_ASSERT_EQUAL(s.count, 0);
	CU_ASSERT_EQUAL(bones_ini_parse_string("[a]\nx\n", collect, &s, NULL), BONES_EPARSE);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"keys come with their section and line", test_ini__keys_come_with_their_section_and_line},
		{"a syntax error gives its line", test_ini__a_syntax_error_gives_its_line},
		{"the first error wins", test_ini__the_first_error_wins},
		{"a handler refusal gives the key line", test_ini__a_handler_refusal_gives_the_key_line},
		{"a long line arrives whole", test_ini__a_long_line_arrives_whole},
		{"an indented line continues the value", test_ini__an_indented_line_continues_the_value},
		{"a missing file or a folder is an io error", test_ini__a_missing_file_or_a_folder_is_an_io_error},
		{"empty text has no keys", test_ini__empty_text_has_no_keys},
		{NULL, NULL}};
	return bones_test_main("ini", cases);
}
