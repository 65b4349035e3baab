/* The host's game in progress: playing, refusing, undoing, and seeded chance. */
#include "bones_test.h"

#include "bones/registry.h"
#include "bones/session.h"

#include <stdlib.h>
#include <string.h>

static bones_registry *reg;

static bones_session *open_session(const char *id, const char *settings, uint64_t seed)
{
	const bones_plugin *p = bones_registry_find(reg, id);
	bones_options opts;
	bones_session *s = NULL;
	char err[256];
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL_FATAL(bones_options_init(&opts, p, err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(bones_options_apply(&opts, settings, err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(bones_session_create(p, &opts, seed, &s, err, sizeof err), BONES_OK);
	bones_options_release(&opts);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	return s;
}

/* The first legal move of the player to move, as text. */
static void first_move(bones_session *s, char *text, size_t cap)
{
	const bones_plugin *p = bones_session_plugin(s);
	bones_move moves[512];
	size_t n = p->legal_moves(bones_session_game(s), bones_session_state(s), moves, NULL,
				  512);
	CU_ASSERT_FATAL(n > 0);
	CU_ASSERT_FATAL(p->format_move(bones_session_game(s), bones_session_state(s), moves[0],
				       text, cap) > 0);
}

static void test_session__one_seed_deals_the_same_game(void)
{
	bones_session *a = open_session("holomino", "", 77), *b = open_session("holomino", "", 77);
	bones_session *c = open_session("holomino", "", 78);
	CU_ASSERT_EQUAL(bones_session_resolve_chance(a), BONES_OK);
	CU_ASSERT_EQUAL(bones_session_resolve_chance(b), BONES_OK);
	CU_ASSERT_EQUAL(bones_session_resolve_chance(c), BONES_OK);
	size_t n = bones_session_length(a), size = bones_session_info(a)->state_size;
	CU_ASSERT(n > 0);
	CU_ASSERT_EQUAL(bones_session_length(b), n);
	CU_ASSERT_EQUAL(memcmp(bones_session_state(a), bones_session_state(b), size), 0);
	CU_ASSERT_NOT_EQUAL(memcmp(bones_session_state(a), bones_session_state(c), size), 0);
	CU_ASSERT_EQUAL(bones_session_mover_at(a, 0), BONES_CHANCE);
	bones_session_destroy(a);
	bones_session_destroy(b);
	bones_session_destroy(c);
}

/* Undo back to before a draw and draw again: the same tile comes (no re-rolling). */
static void test_session__undo_cannot_reroll_a_draw(void)
{
	bones_session *s = open_session("holomino", "", 5);
	char text[BONES_MOVE_TEXT_MAX], err[256];
	bones_session_resolve_chance(s);
	first_move(s, text, sizeof text);
	CU_ASSERT_EQUAL_FATAL(bones_session_play_text(s, text, err, sizeof err), BONES_OK);
	size_t before = bones_session_length(s);
	CU_ASSERT_EQUAL(bones_session_to_move(s), BONES_CHANCE);
	bones_session_resolve_chance(s);
	bones_move drawn = bones_session_move_at(s, before);
	for (int i = 0; i < 5; i++) {
		while (bones_session_length(s) > before)
			CU_ASSERT_EQUAL(bones_session_undo(s), BONES_OK);
		bones_move again;
		CU_ASSERT_EQUAL(bones_session_sample_chance(s, &again), BONES_OK);
		CU_ASSERT_EQUAL(again, drawn);
		bones_session_resolve_chance(s);
		CU_ASSERT_EQUAL(bones_session_move_at(s, before), drawn);
	}
	bones_session_destroy(s);
}

static void test_session__undo_restores_the_earlier_state(void)
{
	bones_session *s = open_session("dominoes", "", 9);
	char text[BONES_MOVE_TEXT_MAX], err[256];
	size_t size = bones_session_info(s)->state_size;
	bones_session_resolve_chance(s);
	unsigned char *saved = malloc(size);
	memcpy(saved, bones_session_state(s), size);
	size_t len = bones_session_length(s);
	first_move(s, text, sizeof text);
	CU_ASSERT_EQUAL(bones_session_play_text(s, text, err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(bones_session_length(s), len + 1);
	CU_ASSERT_EQUAL(bones_session_undo(s), BONES_OK);
	CU_ASSERT_EQUAL(bones_session_length(s), len);
	CU_ASSERT_EQUAL(memcmp(saved, bones_session_state(s), size), 0);
	while (bones_session_length(s))
		bones_session_undo(s);
	CU_ASSERT_EQUAL(bones_session_undo(s), BONES_ERANGE);
	free(saved);
	bones_session_destroy(s);
}

/* Refused moves name the move number and leave the game as it was. */
static void test_session__refused_moves_name_the_move_and_change_nothing(void)
{
	bones_session *s = open_session("dominoes", "", 9);
	char err[256];
	bones_session_resolve_chance(s);
	size_t len = bones_session_length(s);
	CU_ASSERT_EQUAL(bones_session_play_text(s, "7-9:L", err, sizeof err), BONES_EPARSE);
	char want[64];
	snprintf(want, sizeof want, "move %zu: '7-9:L': not a move of this game", len + 1);
	CU_ASSERT_STRING_EQUAL(err, want);
	CU_ASSERT_EQUAL(bones_session_length(s), len);
	CU_ASSERT_EQUAL(bones_session_play(s, 0xffffffffu), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(bones_session_length(s), len);
	bones_move m;
	CU_ASSERT_EQUAL(bones_session_sample_chance(s, &m), BONES_EINVAL);
	bones_session_destroy(s);
}

static void test_session__bad_options_are_the_plugins_message(void)
{
	const bones_plugin *p = bones_registry_find(reg, "holomino");
	bones_options opts;
	bones_session *s = (bones_session *)1;
	char err[256];
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	bones_options_init(&opts, p, err, sizeof err);
	CU_ASSERT_EQUAL(bones_options_apply(&opts, "players=4 pool_size=6 digits=3", err,
					    sizeof err), BONES_OK);
	CU_ASSERT_NOT_EQUAL(bones_session_create(p, &opts, 1, &s, err, sizeof err), BONES_OK);
	CU_ASSERT_PTR_NULL(s);
	CU_ASSERT(strlen(err) > 0);
	bones_options_release(&opts);
}

/* Play chance and each player's first legal move until the end or `limit` moves. */
static void play_first_moves(bones_session *s, size_t limit)
{
	char text[BONES_MOVE_TEXT_MAX], err[256];
	while (bones_session_length(s) < limit) {
		CU_ASSERT_EQUAL_FATAL(bones_session_resolve_chance(s), BONES_OK);
		if (bones_session_to_move(s) == BONES_TERMINAL)
			return;
		first_move(s, text, sizeof text);
		CU_ASSERT_EQUAL_FATAL(bones_session_play_text(s, text, err, sizeof err), BONES_OK);
	}
}

/* A restarted session plays the game a new session of that seed plays, move for move:
 * nothing of the earlier game is left in it. */
static void test_session__restart_is_a_new_game_of_the_same_configuration(void)
{
	static const char *const games[] = {"holomino", "hegemino", "geominos", "dominoes"};
	for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
		bones_session *used = open_session(games[k], "", 1);
		bones_session *fresh = open_session(games[k], "", 2);
		play_first_moves(used, 40);
		bones_session_restart(used, 2);
		CU_ASSERT_EQUAL(bones_session_length(used), 0);
		CU_ASSERT_EQUAL(bones_session_seed(used), 2);
		play_first_moves(used, 30);
		play_first_moves(fresh, 30);
		size_t n = bones_session_length(fresh), size = bones_session_info(used)->state_size;
		CU_ASSERT(n > 0);
		CU_ASSERT_EQUAL(bones_session_length(used), n);
		for (size_t i = 0; i <= n && i <= bones_session_length(used); i++)
			CU_ASSERT_EQUAL(memcmp(bones_session_state_at(used, i),
					       bones_session_state_at(fresh, i), size), 0);
		bones_session_destroy(used);
		bones_session_destroy(fresh);
	}
}

/* Dominoes deals face down: seat 2's tile is "deal:?" to seat 1 and to a spectator. */
static void test_session__a_hidden_deal_is_masked_for_those_who_may_not_see_it(void)
{
	bones_session *s = open_session("dominoes", "players=2", 3);
	CU_ASSERT_EQUAL_FATAL(bones_session_resolve_chance(s), BONES_OK);
	char mine[64], theirs[64], spectator[64], own[64];
	CU_ASSERT_TRUE(bones_session_seen_text(s, 0, 0, mine, sizeof mine));
	CU_ASSERT_FALSE(bones_session_seen_text(s, 1, 0, theirs, sizeof theirs));
	CU_ASSERT_FALSE(bones_session_seen_text(s, 1, -1, spectator, sizeof spectator));
	CU_ASSERT_TRUE(bones_session_seen_text(s, 1, 1, own, sizeof own));
	CU_ASSERT_STRING_EQUAL(theirs, "deal:?");
	CU_ASSERT_STRING_EQUAL(spectator, "deal:?");
	CU_ASSERT_EQUAL(strncmp(own, "deal:", 5), 0);
	CU_ASSERT_STRING_NOT_EQUAL(own, "deal:?");
	CU_ASSERT_STRING_NOT_EQUAL(mine, "deal:?");
	bones_session_destroy(s);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"a hidden deal is masked for those who may not see it", test_session__a_hidden_deal_is_masked_for_those_who_may_not_see_it},
		{"one seed deals the same game", test_session__one_seed_deals_the_same_game},
		{"undo cannot reroll a draw", test_session__undo_cannot_reroll_a_draw},
		{"undo restores the earlier state", test_session__undo_restores_the_earlier_state},
		{"refused moves name the move and change nothing", test_session__refused_moves_name_the_move_and_change_nothing},
		{"bad options are the plugins message", test_session__bad_options_are_the_plugins_message},
		{"restart is a new game of the same configuration", test_session__restart_is_a_new_game_of_the_same_configuration},
		{NULL, NULL}};
	reg = bones_registry_create();
	bones_registry_scan_dir(reg, BONES_BUILD_PLUGIN_DIR);
	int rc = bones_test_main("session", cases);
	bones_registry_destroy(reg);
	return rc;
}
