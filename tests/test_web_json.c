/* The web server's JSON (frontends/web/web_json.h): the reader's values, escapes and
 * refusals with their offsets, its depth bound, and the writer's escaping. */
#include "bones_test.h"

#include <string.h>

#include "web_json.h"

static bool parse(web_json_doc *doc, const char *text, char *err, size_t cap)
{
	return web_json_parse(doc, text, strlen(text), err, cap);
}

static void test_web_json__a_create_request_reads_back_its_fields(void)
{
	web_json_doc doc;
	char err[200];
	CU_ASSERT_TRUE_FATAL(parse(&doc, " {\"game\": \"holomino\", \"options\": {\"players\": 3,"
				     " \"chaos\": true}, \"seats\": [{\"kind\": \"human\"}, null]} ",
				     err, sizeof err));
	CU_ASSERT_STRING_EQUAL(web_json_string(doc.root, "game"), "holomino");
	const web_json *o = web_json_get(doc.root, "options");
	CU_ASSERT_EQUAL(o->count, 2);
	CU_ASSERT_EQUAL(web_json_get(o, "players")->type, WEB_JSON_NUMBER);
	CU_ASSERT_STRING_EQUAL(web_json_get(o, "players")->str, "3");
	CU_ASSERT_TRUE(web_json_get(o, "chaos")->boolean);
	const web_json *seats = web_json_get(doc.root, "seats");
	CU_ASSERT_EQUAL(seats->count, 2);
	CU_ASSERT_STRING_EQUAL(web_json_string(seats->child, "kind"), "human");
	CU_ASSERT_EQUAL(seats->child->next->type, WEB_JSON_NULL);
	CU_ASSERT_PTR_NULL(web_json_string(doc.root, "missing"));
	CU_ASSERT_PTR_NULL(web_json_string(doc.root, "options")); /* not a string */
	web_json_release(&doc);
}

static void test_web_json__escapes_decode_to_utf8(void)
{
	web_json_doc doc;
	char err[200];
	CU_ASSERT_TRUE_FATAL(parse(&doc, "\"a\\\"b\\\\c\\n\\u00e9\\u20ac\"", err, sizeof err));
	CU_ASSERT_STRING_EQUAL(doc.root->str, "a\"b\\c\n\xc3\xa9\xe2\x82\xac");
	web_json_release(&doc);
}

static void test_web_json__bad_text_is_refused_with_its_offset(void)
{
	static const char *const bad[][2] = {
		{"{\"game\": \"holomino\",", "offset 20: unexpected end of the body"},
		{"{\"a\" 1}", "offset 6: ':' expected near '1'"},
		{"[1, 2", "offset 5: unexpected end of the body"},
		{"\"abc", "offset 4: unexpected end of the body"},
		{"{} x", "offset 4: text after the value"},
		{"", "offset 0: unexpected end of the body"},
		{"\"\\u0000\"", "offset 8: a NUL character is not accepted"},
		{"\"\\ud800\"", "offset 8: invalid Unicode '\\uD800' near '\"\\ud800\"'"},
		{"tru", "offset 3: invalid token near 'tru'"},
		{"-", "offset 1: invalid token near '-'"},
		{"{\"a\": 1, \"a\": 2}", "offset 12: a member name given twice"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		web_json_doc doc;
		char err[200];
		CU_ASSERT_FALSE(parse(&doc, bad[i][0], err, sizeof err));
		CU_ASSERT_PTR_NULL(doc.root);
		if (strcmp(err, bad[i][1]))
			printf("\n  '%s': got '%s', expected '%s'", bad[i][0], err, bad[i][1]);
		CU_ASSERT_STRING_EQUAL(err, bad[i][1]);
	}
}

static void test_web_json__nesting_stops_at_64_levels(void)
{
	char text[300];
	web_json_doc doc;
	char err[200];
	memset(text, '[', 64), memset(text + 64, ']', 64), text[128] = '\0';
	CU_ASSERT_TRUE(parse(&doc, text, err, sizeof err));
	web_json_release(&doc);
	memset(text, '[', 65), memset(text + 65, ']', 65), text[130] = '\0';
	CU_ASSERT_FALSE(parse(&doc, text, err, sizeof err));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "nested too deeply"));
}

static void test_web_json__the_writer_escapes_quotes_controls_and_markup(void)
{
	web_buf b;
	bool first = true;
	web_buf_init(&b);
	web_buf_puts(&b, "{");
	web_buf_json_key(&b, &first, "k");
	web_buf_json_string(&b, "a\"\\\n\t</script>&");
	web_buf_json_key(&b, &first, "n");
	web_buf_json_number(&b, 2.5);
	web_buf_json_key(&b, &first, "i");
	web_buf_json_number(&b, -7);
	web_buf_puts(&b, "}");
	CU_ASSERT_FALSE(b.failed);
	CU_ASSERT_STRING_EQUAL(b.data, "{\"k\":\"a\\\"\\\\\\n\\u0009\\u003c/script\\u003e\\u0026\","
				       "\"n\":2.5,\"i\":-7}");
	web_json_doc doc;
	char err[200];
	CU_ASSERT_TRUE_FATAL(web_json_parse(&doc, b.data, b.len, err, sizeof err));
	CU_ASSERT_STRING_EQUAL(web_json_string(doc.root, "k"), "a\"\\\n\t</script>&");
	web_json_release(&doc);
	web_buf_release(&b);
}

/* Bytes that are no UTF-8 are kept (the API names their field: web_json_utf8), a
 * copy is cut on a character boundary only, and the writer never writes them. */
static void test_web_json__text_that_is_not_utf8_is_found_and_never_written(void)
{
	static const char body[] = "{\"seats\": [{\"name\": \"ok\"}, {\"name\": \"A\xff\"}]}";
	web_json_doc doc;
	char err[200], path[128];
	CU_ASSERT_TRUE_FATAL(web_json_parse(&doc, body, sizeof body - 1, err, sizeof err));
	CU_ASSERT_FALSE(web_json_utf8(doc.root, path, sizeof path));
	CU_ASSERT_STRING_EQUAL(path, "seats[1].name");
	web_json_release(&doc);
	CU_ASSERT_TRUE_FATAL(web_json_parse(&doc, "{\"a\": \"\xc3\xa9\"}", 11, err, sizeof err));
	CU_ASSERT_TRUE(web_json_utf8(doc.root, path, sizeof path));
	web_json_release(&doc);
	char cut[4];
	CU_ASSERT_EQUAL(web_utf8_copy(cut, sizeof cut, "ab\xc3\xa9"), 2); /* not "ab\xc3" */
	CU_ASSERT_STRING_EQUAL(cut, "ab");
	CU_ASSERT_FALSE(web_utf8_valid("\xed\xa0\x80")); /* a surrogate */
	CU_ASSERT_FALSE(web_utf8_valid("\xc0\xaf"));     /* an overlong '/' */
	web_buf b;
	web_buf_init(&b);
	web_buf_json_string(&b, "A\xff\xc3\xa9");
	CU_ASSERT_STRING_EQUAL(b.data, "\"A\\ufffd\xc3\xa9\"");
	web_buf_release(&b);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"a create request reads back its fields",
		 test_web_json__a_create_request_reads_back_its_fields},
		{"escapes decode to UTF-8", test_web_json__escapes_decode_to_utf8},
		{"bad text is refused with its offset",
		 test_web_json__bad_text_is_refused_with_its_offset},
		{"nesting stops at 64 levels", test_web_json__nesting_stops_at_64_levels},
		{"the writer escapes quotes, controls and markup",
		 test_web_json__the_writer_escapes_quotes_controls_and_markup},
		{"text that is not UTF-8 is found and never written",
		 test_web_json__text_that_is_not_utf8_is_found_and_never_written},
		{NULL, NULL},
	};
	return bones_test_main("web_json", cases);
}
