/* The games' full rules for the help (render.h rules_text through
 * bones_session_rules_text): every shipped plugin gives them, as paragraphs separated
 * by empty lines, in English and in German; a text cut at cap stays NUL-terminated; a
 * render capability built before rules_text (a smaller size) has none. */
#include "bones_test.h"

#include <string.h>

#include "bones/i18n.h"
#include "bones/kit_board.h"
#include "bones/registry.h"
#include "bones/render.h"
#include "bones/session.h"

static bones_registry *reg;
static const char *const games[] = {"holomino", "hegemino", "geominos", "dominoes"};
#define GAMES (sizeof games / sizeof *games)

static int count(const char *text, const char *needle)
{
	int n = 0;
	for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* The rules of game id in the current language into buf; false when it has none. */
static bool rules_of(const char *id, char *buf, size_t cap)
{
	const bones_plugin *p = bones_registry_find(reg, id);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	bones_session *s = bones_test_session(p, "", 3);
	bool got = bones_session_rules_text(s, buf, cap);
	bones_session_destroy(s);
	return got;
}

static void speak(const char *lang)
{
	char err[256];
	CU_ASSERT_FATAL(bones_i18n_init(lang, err, sizeof err));
}

static void test_rules_text__every_game_tells_its_goal_turn_and_end(void)
{
	speak("en");
	for (size_t i = 0; i < GAMES; i++) {
		char text[16384];
		CU_ASSERT_TRUE_FATAL(rules_of(games[i], text, sizeof text));
		CU_ASSERT_EQUAL(strncmp(text, "Goal: ", 6), 0);
		CU_ASSERT_PTR_NOT_NULL(strstr(text, "\n\nThe end: "));
		CU_ASSERT(count(text, "\n\n") >= 5); /* paragraphs, not a summary */
		CU_ASSERT_PTR_NULL(strstr(text, "\n\n\n"));
		CU_ASSERT(text[strlen(text) - 1] != '\n');
	}
}

static void test_rules_text__the_rules_speak_german(void)
{
	speak("de");
	char text[16384];
	CU_ASSERT_TRUE_FATAL(rules_of("hegemino", text, sizeof text));
	CU_ASSERT_EQUAL(strncmp(text, "Ziel: ", 6), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "Boni: +5"));
	CU_ASSERT_TRUE_FATAL(rules_of("dominoes", text, sizeof text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "Im Ziehspiel"));
	CU_ASSERT_TRUE_FATAL(rules_of("geominos", text, sizeof text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "hellen Feld"));
	CU_ASSERT_TRUE_FATAL(rules_of("holomino", text, sizeof text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "Auslage"));
	speak("en");
}

static void test_rules_text__a_short_buffer_is_cut_and_terminated(void)
{
	char text[40];
	memset(text, 'x', sizeof text);
	CU_ASSERT_TRUE(rules_of("dominoes", text, sizeof text));
	CU_ASSERT_EQUAL(strlen(text), sizeof text - 1);
	CU_ASSERT_EQUAL(strncmp(text, "Goal: get rid", 13), 0);
}

/* A plugin built before rules_text: its size ends before the field. */
static void test_rules_text__an_older_render_size_has_none(void)
{
	const bones_plugin *p = bones_registry_find(reg, "dominoes");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	bones_session *s = bones_test_session(p, "", 3);
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, p, bones_session_game(s), &rg);
	CU_ASSERT_TRUE_FATAL(r && rg && BONES_RENDER_HAS(r, rules_text));
	bones_render old = *r;
	old.size = (uint32_t)offsetof(bones_render, rules_text);
	CU_ASSERT_FALSE(BONES_RENDER_HAS(&old, rules_text));
	CU_ASSERT_TRUE(BONES_RENDER_HAS(&old, move_words));
	CU_ASSERT(BONES_RENDER_SIZE_1_0 < old.size && old.size < BONES_RENDER_SIZE_1_2);
	bones_session_destroy(s);
}

int main(void)
{
	reg = bones_registry_create();
	bones_registry_scan_dir(reg, BONES_BUILD_PLUGIN_DIR);
	static const bones_test_case cases[] = {
		{"every game tells its goal turn and end", test_rules_text__every_game_tells_its_goal_turn_and_end},
		{"the rules speak german", test_rules_text__the_rules_speak_german},
		{"a short buffer is cut and terminated", test_rules_text__a_short_buffer_is_cut_and_terminated},
		{"an older render size has none", test_rules_text__an_older_render_size_has_none},
		{NULL, NULL}};
	int rc = bones_test_main("rules_text", cases);
	bones_registry_destroy(reg);
	return rc;
}
