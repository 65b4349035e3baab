/* Chance outcomes in words (render.h describe_chance) for every shipped plugin: each
 * outcome of a game's opening is described, in the order the rules deal them. */
#include "bones_test.h"

#include "bones/kit_board.h"
#include "bones/registry.h"
#include "bones/render.h"
#include "bones/session.h"

#include <string.h>

static bones_registry *reg;

/* The words for the chance outcomes of game id's opening (seed 3), one per line. */
static void opening_words(const char *id, char *out, size_t cap)
{
	const bones_plugin *p = bones_registry_find(reg, id);
	bones_session *s = bones_test_session(p, "", 3);
	CU_ASSERT_EQUAL_FATAL(bones_session_resolve_chance(s), BONES_OK);
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, p, bones_session_game(s), &rg);
	CU_ASSERT_FATAL(r && BONES_RENDER_HAS(r, describe_chance));
	size_t used = 0;
	out[0] = '\0';
	for (size_t i = 0; i < bones_session_length(s); i++) {
		char words[160] = "";
		CU_ASSERT_EQUAL(bones_session_mover_at(s, i), BONES_CHANCE);
		CU_ASSERT_TRUE(r->describe_chance(rg, bones_session_state_at(s, i),
						  bones_session_move_at(s, i), words, sizeof words));
		CU_ASSERT_PTR_NULL(strchr(words, ':')); /* words, not notation */
		used += (size_t)snprintf(out + used, cap - used, "%s\n", words);
	}
	/* a player's move is not a chance outcome */
	bones_move moves[4096];
	size_t n = p->legal_moves(bones_session_game(s), bones_session_state(s), moves, NULL, 4096);
	char words[160];
	CU_ASSERT_FATAL(n > 0);
	CU_ASSERT_FALSE(r->describe_chance(rg, bones_session_state(s), moves[0],
					   words, sizeof words));
	bones_session_destroy(s);
}

static int count(const char *text, const char *needle)
{
	int n = 0;
	for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* Six tiles dealt to each of two pools, then the start tile, then player 1's draw. */
static void test_chance_words__holomino_deals_pools_then_the_start_tile(void)
{
	char text[4096];
	opening_words("holomino", text, sizeof text);
	CU_ASSERT_EQUAL(count(text, "is dealt to player 1"), 3);
	CU_ASSERT_EQUAL(count(text, "is dealt to player 2"), 3);
	CU_ASSERT_EQUAL(count(text, "starts the board"), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(strstr(text, "starts the board"), "player 1 draws"));
}

static void test_chance_words__hegemino_orders_picks_then_fills_the_market(void)
{
	char text[4096];
	opening_words("hegemino", text, sizeof text);
	CU_ASSERT_EQUAL(strncmp(text, "the players pick in the order", 29), 0);
	CU_ASSERT_EQUAL(count(text, "comes to the market"), 4);
}

static void test_chance_words__geominos_starts_the_board_then_deals(void)
{
	char text[8192];
	opening_words("geominos", text, sizeof text);
	CU_ASSERT_EQUAL(count(text, "starts the board"), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "starts the board\n"));
	CU_ASSERT_EQUAL(count(text, "is dealt to player 1"), 10);
	CU_ASSERT_EQUAL(count(text, "is dealt to player 2"), 10);
}

static void test_chance_words__dominoes_deals_seven_each(void)
{
	char text[4096];
	opening_words("dominoes", text, sizeof text);
	CU_ASSERT_EQUAL(count(text, "is dealt to player 1"), 7);
	CU_ASSERT_EQUAL(count(text, "is dealt to player 2"), 7);
}

int main(void)
{
	reg = bones_registry_create();
	bones_registry_scan_dir(reg, BONES_BUILD_PLUGIN_DIR);
	static const bones_test_case cases[] = {
		{"holomino deals pools then the start tile", test_chance_words__holomino_deals_pools_then_the_start_tile},
		{"hegemino orders picks then fills the market", test_chance_words__hegemino_orders_picks_then_fills_the_market},
		{"geominos starts the board then deals", test_chance_words__geominos_starts_the_board_then_deals},
		{"dominoes deals seven each", test_chance_words__dominoes_deals_seven_each},
		{NULL, NULL}};
	int rc = bones_test_main("chance_words", cases);
	bones_registry_destroy(reg);
	return rc;
}
