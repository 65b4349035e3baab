/* The browser client's catalogues (frontends/web/http/web_messages.h): a .po made into
 * JSON at build time by cmake/bones-po-json.sh (gettext's msgfmt) and read back by the
 * server with the JSON reader, escapes and non-ASCII text kept, the header left out; a
 * file that is no object of strings refused. Skipped without msgfmt. */
#include "bones_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "web_messages.h"

static const char po[] =
	"msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
	"msgid \"New table\"\nmsgstr \"Neuer Tisch\"\n\n"
	"msgid \"say \\\"%s\\\"\"\nmsgstr \"sag „%s“\"\n\n"
	"msgid \"[$x] a; b\\\\c\\n\"\nmsgstr \"[$x] ä; b\\\\c\\n\"\n";

/* The JSON that cmake/bones-po-json.sh makes of po, malloc'd; NULL when it fails. */
static char *convert(size_t *size)
{
	char dir[] = "/tmp/bones-po-json-XXXXXX", path[64], cmd[512];
	if (!mkdtemp(dir))
		return NULL;
	snprintf(path, sizeof path, "%s/de.po", dir);
	FILE *f = fopen(path, "w");
	if (!f)
		return NULL;
	fputs(po, f);
	fclose(f);
	snprintf(cmd, sizeof cmd, "sh %s/cmake/bones-po-json.sh de %s %s/de.json", BONES_SOURCE_DIR,
		 path, dir);
	char *json = NULL;
	if (system(cmd) == 0) {
		snprintf(path, sizeof path, "%s/de.json", dir);
		f = fopen(path, "rb");
		json = f ? calloc(1, 65536) : NULL;
		*size = json ? fread(json, 1, 65535, f) : 0;
		if (f)
			fclose(f);
	}
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	int rc = system(cmd); /* a left-over temporary folder fails nothing */
	(void)rc;
	return json;
}

static void test_web_messages__a_catalogue_reads_back_as_written(void)
{
	size_t size = 0;
	char *json = convert(&size);
	CU_ASSERT_PTR_NOT_NULL_FATAL(json);
	web_buf out;
	web_buf_init(&out);
	CU_ASSERT_TRUE(web_messages_members(json, size, &out));
	CU_ASSERT_STRING_EQUAL(out.data, "\"New table\":\"Neuer Tisch\","
					 "\"say \\\"%s\\\"\":\"sag „%s“\","
					 "\"[$x] a; b\\\\c\\n\":\"[$x] ä; b\\\\c\\n\"");
	web_buf_release(&out);
	free(json);
}

static void test_web_messages__no_object_of_strings_is_refused(void)
{
	static const char *const bad[] = {
		"[\"a\", \"b\"]", "{\"a\": 1}", "{\"a\": \"b\"", "{\"a\": [\"b\"]}", "",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		web_buf out;
		web_buf_init(&out);
		CU_ASSERT_FALSE(web_messages_members(bad[i], strlen(bad[i]), &out));
		CU_ASSERT_EQUAL(out.len, 0);
		web_buf_release(&out);
	}
}

int main(void)
{
	if (system("msgfmt --version >/dev/null 2>&1")) {
		puts("skip: no msgfmt");
		return 77;
	}
	static const bones_test_case cases[] = {
		{"a catalogue reads back as written",
		 test_web_messages__a_catalogue_reads_back_as_written},
		{"no object of strings is refused", test_web_messages__no_object_of_strings_is_refused},
		{NULL, NULL},
	};
	return bones_test_main("web_messages", cases);
}
