/* The player's language (bones/i18n.h): --lang, the host catalogue, the service that
 * plugins translate with, plain mode for records, numbers for people, and per-thread
 * languages for servers. */
#include "bones_test.h"

#include "bones/i18n.h"
#include "bones/translate.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A text of the host catalogue (bones --help's last line). */
#define HOST_TEXT "Exit status: 0 success, 1 failure, 2 usage error."

static void test_i18n__lang_is_taken_from_anywhere_before_a_double_dash(void)
{
	char a0[] = "bones", a1[] = "games", a2[] = "--lang", a3[] = "de", a4[] = "x",
	     a5[] = "--", a6[] = "--lang=en";
	char *argv[] = {a0, a1, a2, a3, a4, a5, a6, NULL};
	int argc = 7;
	const char *lang;
	char err[128];
	CU_ASSERT_FATAL(bones_i18n_take_lang_arg(&argc, argv, &lang, err, sizeof err));
	CU_ASSERT_STRING_EQUAL(lang, "de");
	CU_ASSERT_EQUAL_FATAL(argc, 5);
	CU_ASSERT_STRING_EQUAL(argv[1], "games");
	CU_ASSERT_STRING_EQUAL(argv[2], "x");
	CU_ASSERT_STRING_EQUAL(argv[3], "--");
	CU_ASSERT_STRING_EQUAL(argv[4], "--lang=en"); /* after --: an argument */
	CU_ASSERT_PTR_NULL(argv[5]);

	char b0[] = "bones", b1[] = "--lang=de_AT", b2[] = "play";
	char *bv[] = {b0, b1, b2, NULL};
	argc = 3;
	CU_ASSERT_FATAL(bones_i18n_take_lang_arg(&argc, bv, &lang, err, sizeof err));
	CU_ASSERT_STRING_EQUAL(lang, "de_AT");
	CU_ASSERT_EQUAL(argc, 2);

	char c0[] = "bones", c1[] = "--lang";
	char *cv[] = {c0, c1, NULL};
	argc = 2;
	CU_ASSERT_FALSE(bones_i18n_take_lang_arg(&argc, cv, &lang, err, sizeof err));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "--lang needs a language"));
}

static void test_i18n__an_unknown_language_is_refused_naming_the_known_ones(void)
{
	char err[256] = "";
	CU_ASSERT_FALSE(bones_i18n_init("xx", err, sizeof err));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "--lang xx"));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "en de"));
}

static void test_i18n__german_messages_and_numbers_but_records_keep_a_point(void)
{
	char err[256], buf[64];
	CU_ASSERT_FATAL(bones_i18n_init("de", err, sizeof err));
	CU_ASSERT_STRING_EQUAL(bones_i18n_language(), "de");
	CU_ASSERT_STRING_NOT_EQUAL(_(HOST_TEXT), HOST_TEXT);
	CU_ASSERT_PTR_NOT_NULL(strstr(_(HOST_TEXT), "Rückgabewert"));
	CU_ASSERT_STRING_EQUAL(bones_i18n_number(buf, sizeof buf, 1234567.5, 1), "1.234.567,5");
	CU_ASSERT_STRING_EQUAL(bones_i18n_number(buf, sizeof buf, -1234, 0), "-1.234");
	CU_ASSERT_STRING_EQUAL(bones_i18n_number(buf, sizeof buf, 999.25, 2), "999,25");
	CU_ASSERT_STRING_EQUAL(bones_i18n_number(buf, 5, 123456, 0), "123.");
	snprintf(buf, sizeof buf, "%.1f", 2.5); /* LC_NUMERIC stays C */
	CU_ASSERT_STRING_EQUAL(buf, "2.5");
	bones_i18n_datetime(buf, sizeof buf, 0);
	CU_ASSERT(strlen(buf) >= 8);

	CU_ASSERT_FATAL(bones_i18n_init("en", err, sizeof err));
	CU_ASSERT_STRING_EQUAL(bones_i18n_language(), "en");
	CU_ASSERT_STRING_EQUAL(_(HOST_TEXT), HOST_TEXT);
	/* programs started from here (bones start -> bones-gui) speak the same */
	CU_ASSERT_STRING_EQUAL(getenv("LANGUAGE"), "en");
	CU_ASSERT_STRING_EQUAL(bones_i18n_number(buf, sizeof buf, 1234567.5, 1), "1,234,567.5");
}

/* What a plugin sees through the host's service, and plain mode for records. */
static void test_i18n__the_service_translates_unless_plain(void)
{
	char err[256];
	CU_ASSERT_FATAL(bones_i18n_init("de", err, sizeof err));
	const bones_translate_service *t = bones_i18n_service();
	CU_ASSERT_EQUAL_FATAL(t->size, sizeof *t);
	CU_ASSERT_PTR_NOT_NULL(strstr(t->text(NULL, BONES_TEXT_DOMAIN, HOST_TEXT), "Rückgabe"));
	CU_ASSERT_STRING_EQUAL(t->text(NULL, "bones-no-such-domain", "a text"), "a text");
	CU_ASSERT_STRING_EQUAL(t->text(NULL, BONES_TEXT_DOMAIN, ""), ""); /* not the header */
	CU_ASSERT_STRING_EQUAL(t->plural(NULL, "bones-no-such-domain", "%d tile", "%d tiles", 1),
			       "%d tile");
	CU_ASSERT_STRING_EQUAL(t->plural(NULL, "bones-no-such-domain", "%d tile", "%d tiles", 2),
			       "%d tiles");
	bool was = bones_i18n_set_plain(true);
	CU_ASSERT_FALSE(was);
	CU_ASSERT_STRING_EQUAL(t->text(NULL, BONES_TEXT_DOMAIN, HOST_TEXT), HOST_TEXT);
	CU_ASSERT_TRUE(bones_i18n_set_plain(was));
	CU_ASSERT_STRING_NOT_EQUAL(t->text(NULL, BONES_TEXT_DOMAIN, HOST_TEXT), HOST_TEXT);
	/* Without a host (tests, old hosts) the SDK answers in English. */
	CU_ASSERT_STRING_EQUAL(bones_translate(NULL, BONES_TEXT_DOMAIN, HOST_TEXT), HOST_TEXT);
}

/* A plugin's "player N" in a breakdown becomes the seat's name: seats 1..count with a
 * name only, the number read whole (player 12 is no player 1), the text cut at cap. */
static void test_i18n__a_plugins_players_take_the_seats_names(void)
{
	const bones_plugin p = {0}; /* no catalogue: its "player %d" is the English one */
	const char *names[3] = {"Ann", "Bob", ""};
	char buf[128];
	bones_plugin_text_names(&p, "domino by player 2, pips left: player 1 (5), player 2 (0), "
				"player 3 (1), player 12 (3)", names, 3, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "domino by Bob, pips left: Ann (5), Bob (0), player 3 (1), "
				    "player 12 (3)");
	bones_plugin_text_names(&p, "player 1 and player 4", names, 3, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "Ann and player 4");
	bones_plugin_text_names(&p, "player 2 wins", names, 3, buf, 3);
	CU_ASSERT_STRING_EQUAL(buf, "Bo");
	bones_plugin_text_names(&p, "players 1", names, 3, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "players 1");
}

struct thread_result {
	const char *lang;
	bool set;
	char text[160], number[32], language[8];
};

static void *speak(void *arg)
{
	struct thread_result *r = arg;
	r->set = bones_i18n_thread_language(r->lang);
	snprintf(r->text, sizeof r->text, "%s", _(HOST_TEXT));
	snprintf(r->number, sizeof r->number, "%.1f", 0.5);
	snprintf(r->language, sizeof r->language, "%s", bones_i18n_language());
	bones_i18n_thread_language(NULL);
	return NULL;
}

/* A server answers each client in its language: per thread, the process unchanged. */
static void test_i18n__each_thread_may_speak_its_own_language(void)
{
	char err[256];
	unsetenv("LANGUAGE"); /* --lang de above set it, for child processes */
	CU_ASSERT_FATAL(bones_i18n_init(NULL, err, sizeof err)); /* the tests' C.UTF-8 */
	CU_ASSERT_STRING_EQUAL(bones_i18n_language(), "en");
	struct thread_result de = {.lang = "de"}, en = {.lang = "en"};
	pthread_t a, b;
	CU_ASSERT_EQUAL_FATAL(pthread_create(&a, NULL, speak, &de), 0);
	CU_ASSERT_EQUAL_FATAL(pthread_create(&b, NULL, speak, &en), 0);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	CU_ASSERT_TRUE(de.set);
	CU_ASSERT_PTR_NOT_NULL(strstr(de.text, "Rückgabewert"));
	CU_ASSERT_STRING_EQUAL(de.number, "0.5");
	CU_ASSERT_STRING_EQUAL(de.language, "de");
	CU_ASSERT_TRUE(en.set);
	CU_ASSERT_STRING_EQUAL(en.text, HOST_TEXT);
	CU_ASSERT_STRING_EQUAL(_(HOST_TEXT), HOST_TEXT); /* this thread: still English */
	CU_ASSERT_FALSE(bones_i18n_thread_language("xx"));
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"lang is taken from anywhere before a double dash", test_i18n__lang_is_taken_from_anywhere_before_a_double_dash},
		{"an unknown language is refused naming the known ones", test_i18n__an_unknown_language_is_refused_naming_the_known_ones},
		{"german messages and numbers but records keep a point", test_i18n__german_messages_and_numbers_but_records_keep_a_point},
		{"the service translates unless plain", test_i18n__the_service_translates_unless_plain},
		{"each thread may speak its own language", test_i18n__each_thread_may_speak_its_own_language},
		{"a plugin's players take the seats' names", test_i18n__a_plugins_players_take_the_seats_names},
		{NULL, NULL}};
	return bones_test_main("i18n", cases);
}
