/* Why a game ended and its score sheet (render.h end_text through bones_table_end_text):
 * every shipped game played to its end by greedy agents says why it ended on the first
 * line and gives a sheet line per player (Hegemino: per tableau, by value); a
 * resignation is named instead of the plugin's words; nothing while the game goes on. */
#include "bones_test.h"

#include <string.h>

#include "bones/registry.h"
#include "bones/render.h"
#include "bones/table.h"

static bones_registry *reg;

static int count(const char *text, const char *needle)
{
	int n = 0;
	for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* A table of game id with every seat given to agent, not started. */
static bones_table *open_table(const char *id, const char *agent)
{
	const bones_plugin *p = bones_registry_find(reg, id);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	bones_session *s = bones_test_session(p, "", 5);
	bones_table_seat seats[2] = {{"", ""}, {"", ""}};
	snprintf(seats[0].agent, sizeof seats[0].agent, "%s", agent);
	snprintf(seats[1].agent, sizeof seats[1].agent, "%s", agent);
	bones_table *t = NULL;
	char err[256];
	CU_ASSERT_EQUAL_FATAL(bones_table_adopt(s, seats, &t, NULL, err, sizeof err), BONES_OK);
	return t;
}

/* Game id played to its end by greedy; its end text into buf. */
static void play_out(const char *id, char *buf, size_t cap)
{
	bones_table *t = open_table(id, "greedy");
	bones_session *s = bones_table_session(t);
	char early[64] = "x";
	CU_ASSERT_FALSE(bones_table_end_text(t, early, sizeof early));
	CU_ASSERT_STRING_EQUAL(early, "");
	for (int i = 0; i < 5000 && !bones_table_over(t); i++) {
		CU_ASSERT_EQUAL_FATAL(bones_session_resolve_chance(s), BONES_OK);
		int who = bones_session_to_move(s);
		if (who < 0)
			break;
		bones_move m;
		CU_ASSERT_EQUAL_FATAL(bones_agent_choose(bones_table_agent(t, who),
							 bones_session_state(s), &m), BONES_OK);
		CU_ASSERT_EQUAL_FATAL(bones_table_play(t, m), BONES_OK);
	}
	CU_ASSERT_TRUE_FATAL(bones_table_over(t));
	CU_ASSERT_TRUE(bones_table_end_text(t, buf, cap));
	bones_table_destroy(t);
}

static void test_end_text__dominoes_says_domino_or_blocked_and_the_pips(void)
{
	char text[4096];
	play_out("dominoes", text, sizeof text);
	CU_ASSERT(!strncmp(text, "domino: player ", 15) || !strncmp(text, "blocked: ", 9));
	CU_ASSERT_EQUAL(count(text, "\nplayer "), 2);
	CU_ASSERT_EQUAL(count(text, "left in hand"), 2);
}

static void test_end_text__hegemino_sheets_every_tableau_by_value(void)
{
	char text[4096];
	play_out("hegemino", text, sizeof text);
	CU_ASSERT_EQUAL(strncmp(text, "every domino is placed or discarded", 35), 0);
	CU_ASSERT_EQUAL(count(text, "\ntableau "), 2);
	CU_ASSERT_EQUAL(count(text, "; total "), 2);
	CU_ASSERT(count(text, "squares") + count(text, "square,") >= 2);
}

static void test_end_text__holomino_and_geominos_say_why_and_sheet_each_player(void)
{
	char text[4096];
	play_out("holomino", text, sizeof text);
	CU_ASSERT(!strncmp(text, "the pool of player ", 19) ||
		  !strncmp(text, "every player passed", 19));
	CU_ASSERT_EQUAL(count(text, "points from holes"), 2);
	play_out("geominos", text, sizeof text);
	CU_ASSERT(!strncmp(text, "every dealt tile is placed", 26) ||
		  !strncmp(text, "nobody can place a tile", 23));
	CU_ASSERT_EQUAL(count(text, "\nplayer "), 2);
}

static void test_end_text__a_resignation_is_the_reason(void)
{
	bones_table *t = open_table("holomino", "human");
	CU_ASSERT_EQUAL_FATAL(bones_session_resolve_chance(bones_table_session(t)), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(bones_table_resign(t, 1), BONES_OK);
	char text[256];
	CU_ASSERT_TRUE(bones_table_end_text(t, text, sizeof text));
	CU_ASSERT_STRING_EQUAL(text, "player 2 resigned");
	bones_table_destroy(t);
}

int main(void)
{
	reg = bones_registry_create();
	bones_registry_scan_dir(reg, BONES_BUILD_PLUGIN_DIR);
	static const bones_test_case cases[] = {
		{"dominoes says domino or blocked and the pips", test_end_text__dominoes_says_domino_or_blocked_and_the_pips},
		{"hegemino sheets every tableau by value", test_end_text__hegemino_sheets_every_tableau_by_value},
		{"holomino and geominos say why and sheet each player", test_end_text__holomino_and_geominos_say_why_and_sheet_each_player},
		{"a resignation is the reason", test_end_text__a_resignation_is_the_reason},
		{NULL, NULL}};
	int rc = bones_test_main("end_text", cases);
	bones_registry_destroy(reg);
	return rc;
}
