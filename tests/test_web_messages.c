/* The browser client's catalogues (frontends/web/web_messages.h): a compiled .mo read
 * the same in either byte order (msgfmt --endianness), plurals as lists, the header
 * and texts with a context left out, and damaged files refused. Skipped without
 * msgfmt. */
#include "bones_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "web_messages.h"

static const char po[] =
	"msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n"
	"\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\n"
	"msgid \"New table\"\nmsgstr \"Neuer Tisch\"\n\n"
	"msgid \"say \\\"%s\\\"\"\nmsgstr \"sag „%s“\"\n\n"
	"msgid \"%d move\"\nmsgid_plural \"%d moves\"\nmsgstr[0] \"%d Zug\"\nmsgstr[1] \"%d Züge\"\n\n"
	"msgctxt \"menu\"\nmsgid \"Open\"\nmsgstr \"Öffnen\"\n";

/* The .mo of po in the given byte order, malloc'd; NULL when msgfmt fails. */
static unsigned char *compile(const char *endianness, size_t *size)
{
	char dir[] = "/tmp/bones-mo-XXXXXX", path[64], cmd[256];
	if (!mkdtemp(dir))
		return NULL;
	snprintf(path, sizeof path, "%s/de.po", dir);
	FILE *f = fopen(path, "w");
	if (!f)
		return NULL;
	fputs(po, f);
	fclose(f);
	snprintf(cmd, sizeof cmd, "msgfmt --endianness=%s -o %s/de.mo %s 2>/dev/null", endianness,
		 dir, path);
	unsigned char *mo = NULL;
	if (system(cmd) == 0) {
		snprintf(path, sizeof path, "%s/de.mo", dir);
		f = fopen(path, "rb");
		mo = f ? malloc(65536) : NULL;
		*size = mo ? fread(mo, 1, 65536, f) : 0;
		if (f)
			fclose(f);
	}
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	int rc = system(cmd); /* a left-over temporary folder fails nothing */
	(void)rc;
	return mo;
}

static void test_web_messages__both_byte_orders_read_the_same(void)
{
	size_t little_size = 0, big_size = 0;
	unsigned char *little = compile("little", &little_size), *big = compile("big", &big_size);
	CU_ASSERT_PTR_NOT_NULL_FATAL(little);
	CU_ASSERT_PTR_NOT_NULL_FATAL(big);
	CU_ASSERT_NOT_EQUAL(memcmp(little, big, 4), 0); /* the magic differs */
	web_buf a, b;
	web_buf_init(&a), web_buf_init(&b);
	CU_ASSERT_TRUE(web_messages_parse_mo(little, little_size, &a));
	CU_ASSERT_TRUE(web_messages_parse_mo(big, big_size, &b));
	CU_ASSERT_STRING_EQUAL(a.data, b.data);
	CU_ASSERT_STRING_EQUAL(a.data, "\"%d move\":[\"%d Zug\",\"%d Züge\"],"
				       "\"New table\":\"Neuer Tisch\","
				       "\"say \\\"%s\\\"\":\"sag „%s“\"");
	/* damaged: cut short, or an offset pointing outside */
	web_buf c;
	web_buf_init(&c);
	CU_ASSERT_FALSE(web_messages_parse_mo(little, little_size / 2, &c));
	CU_ASSERT_FALSE(web_messages_parse_mo(little, 20, &c));
	little[13] = 0x7f; /* the originals' table far away */
	CU_ASSERT_FALSE(web_messages_parse_mo(little, little_size, &c));
	CU_ASSERT_FALSE(web_messages_parse_mo((const unsigned char *)"not a catalogue at all....",
					      26, &c));
	web_buf_release(&a), web_buf_release(&b), web_buf_release(&c);
	free(little), free(big);
}

int main(void)
{
	if (system("msgfmt --version >/dev/null 2>&1")) {
		puts("skip: no msgfmt");
		return 77;
	}
	static const bones_test_case cases[] = {
		{"both byte orders read the same", test_web_messages__both_byte_orders_read_the_same},
		{NULL, NULL},
	};
	return bones_test_main("web_messages", cases);
}
