/* The conformance suite: it passes on good plugins and catches each broken promise of
 * the liar_* plugins (tests/plugins/liar_game.c), saving a replayable record. */
#include "bones_test.h"

#include "bones/check.h"
#include "bones/record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bones_registry *open_registry(void)
{
	bones_registry *reg = bones_registry_create();
	CU_ASSERT_FATAL(reg != NULL);
	bones_registry_scan_dir(reg, BONES_TEST_PLUGIN_DIR);
	bones_registry_scan_dir(reg, BONES_BUILD_PLUGIN_DIR);
	return reg;
}

static bones_check_config small_run(size_t games)
{
	bones_check_config cfg;
	memset(&cfg, 0, sizeof cfg);
	cfg.games = games;
	cfg.seed = 99;
	cfg.max_game_length = 5000;
	const char *dir = getenv("TMPDIR");
	cfg.record_dir = dir && *dir ? dir : "/tmp";
	return cfg;
}

static void test_check__good_plugins_pass_every_configuration(void)
{
	bones_registry *reg = open_registry();
	const char *ids[] = {"testgame", "liar_none", "dominoes"};
	/* defaults, variants, other player counts; dominoes' "block" variant is its
	 * defaults: the same game, checked once */
	size_t configs[] = {5, 1, 4}, skipped[] = {0, 0, 1};
	for (int i = 0; i < 3; i++) {
		const bones_plugin *p = bones_registry_find(reg, ids[i]);
		if (!p && i == 2)
			continue; /* dominoes not built */
		CU_ASSERT_FATAL(p != NULL);
		bones_check_config cfg = small_run(i == 2 ? 100 : 300);
		bones_check_report rep;
		bones_status st = bones_check_run(p, &cfg, &rep);
		if (st)
			fprintf(stderr, "\n%s\n", rep.failure);
		CU_ASSERT_EQUAL(st, BONES_OK);
		CU_ASSERT_FALSE(rep.failed);
		CU_ASSERT_EQUAL(rep.configurations, configs[i]);
		CU_ASSERT_EQUAL(rep.skipped, skipped[i]);
		CU_ASSERT_EQUAL(rep.games, configs[i] * cfg.games);
		CU_ASSERT(rep.moves > rep.games);
		CU_ASSERT(rep.checks > 10 * rep.moves);
		CU_ASSERT_STRING_EQUAL(rep.record, "");
	}
	bones_registry_destroy(reg);
}

/* Each liar, and the words its failure must contain. */
static const struct {
	const char *id, *words;
} liars[] = {
	{"liar_accepts_illegal", "apply accepted random value"},
	{"liar_notation", "'+1' is legal move 0x1 but parses to 0x2"},
	{"liar_probs", "the 3 chance probabilities sum to 0.75, not 1"},
	{"liar_padding", "differ at byte 24: a byte left unset"},
	{"liar_pointer", "or a pointer in the state"},
	{"liar_peeks", "observation changed when only what they cannot see was resampled"},
	{"liar_ranks", "final rank is 0 (expected 1..2)"},
	{"liar_endless", "the game did not end after 5000 moves"},
	{"liar_max_moves", "legal_moves listed 3 moves (expected 1..max_moves = 2)"},
	{"liar_nondeterministic", "the same seed gave a different move"},
	{"liar_tensor_shape", "the observation capability's shape is not valid (rank 1"},
	{"liar_tensor_unset", "between two fills of one state: a value left unset"},
	{"liar_tensor_peeks", "changed at index 3 when only what they cannot see"},
	{"liar_tensor_nan", "holds nan at index 0 (values must be finite)"},
	{"liar_place", ",0.5, far outside the board's bounds 0,0..11,1"},
	{"liar_hand", "gave hand index 1, but the mover's hand has 1 pieces (hand_size)"},
	{"liar_game_length", "player move 6 is past max_game_length's 5 (bones.actions/1)"},
};

static void test_check__each_broken_promise_is_caught_with_a_record(void)
{
	bones_registry *reg = open_registry();
	for (size_t i = 0; i < sizeof liars / sizeof *liars; i++) {
		const bones_plugin *p = bones_registry_find(reg, liars[i].id);
		CU_ASSERT_FATAL(p != NULL);
		bones_check_config cfg = small_run(200);
		cfg.deep = true; /* every check at every state: each liar is caught by its own */
		bones_check_report rep;
		CU_ASSERT_EQUAL(bones_check_run(p, &cfg, &rep), BONES_EILLEGAL);
		CU_ASSERT(rep.failed);
		if (!strstr(rep.failure, liars[i].words))
			fprintf(stderr, "\n%s: got '%s'\n", liars[i].id, rep.failure);
		CU_ASSERT_PTR_NOT_NULL(strstr(rep.failure, liars[i].words));
		char prefix[128];
		snprintf(prefix, sizeof prefix, "%s defaults: game ", liars[i].id);
		CU_ASSERT(!strncmp(rep.failure, prefix, strlen(prefix)));
		CU_ASSERT_FATAL(rep.record[0] != '\0');
		/* the record holds the moves up to the failure and names it */
		FILE *f = fopen(rep.record, "r");
		CU_ASSERT_FATAL(f != NULL);
		char line[1200];
		bool named = false;
		while (fgets(line, sizeof line, f))
			named |= !strncmp(line, "; bones check failed: ", 22) &&
				 strstr(line, liars[i].words);
		fclose(f);
		CU_ASSERT(named);
		unlink(rep.record);
	}
	bones_registry_destroy(reg);
}

/* Without --deep the costly checks run at a sample of positions, but the first games
 * of a configuration get every check: each planted fault is still found, whichever
 * positions the sample would have picked. */
static void test_check__the_default_depth_catches_each_broken_promise_too(void)
{
	bones_registry *reg = open_registry();
	for (size_t i = 0; i < sizeof liars / sizeof *liars; i++) {
		const bones_plugin *p = bones_registry_find(reg, liars[i].id);
		CU_ASSERT_FATAL(p != NULL);
		bones_check_config cfg = small_run(4);
		bones_check_report rep;
		CU_ASSERT_EQUAL(bones_check_run(p, &cfg, &rep), BONES_EILLEGAL);
		if (!strstr(rep.failure, liars[i].words))
			fprintf(stderr, "\n%s: got '%s'\n", liars[i].id, rep.failure);
		CU_ASSERT_PTR_NOT_NULL(strstr(rep.failure, liars[i].words));
		if (rep.record[0])
			unlink(rep.record);
	}
	bones_registry_destroy(reg);
}

/* The record of a failure replays through `bones replay` up to the failing move. */
static void test_check__the_failing_game_replays_to_the_failure(void)
{
	bones_registry *reg = open_registry();
	const bones_plugin *p = bones_registry_find(reg, "liar_ranks");
	CU_ASSERT_FATAL(p != NULL);
	bones_check_config cfg = small_run(10);
	bones_check_report rep;
	CU_ASSERT_EQUAL(bones_check_run(p, &cfg, &rep), BONES_EILLEGAL);
	bones_session *s = NULL;
	char err[512];
	CU_ASSERT_EQUAL(bones_record_replay(rep.record, reg, &s, err, sizeof err), BONES_OK);
	CU_ASSERT_FATAL(s != NULL);
	/* ranks fail at the end of the first game: the record is a finished game */
	CU_ASSERT_EQUAL(bones_session_to_move(s), BONES_TERMINAL);
	bones_session_destroy(s);
	unlink(rep.record);
	bones_registry_destroy(reg);
}

static void test_check__one_seed_gives_one_run_and_bad_settings_are_refused(void)
{
	bones_registry *reg = open_registry();
	const bones_plugin *p = bones_registry_find(reg, "testgame");
	CU_ASSERT_FATAL(p != NULL);
	bones_check_config cfg = small_run(50);
	bones_check_report a, b;
	CU_ASSERT_EQUAL(bones_check_run(p, &cfg, &a), BONES_OK);
	CU_ASSERT_EQUAL(bones_check_run(p, &cfg, &b), BONES_OK);
	CU_ASSERT_EQUAL(a.moves, b.moves);
	CU_ASSERT_EQUAL(a.checks, b.checks);
	cfg.variant = "long";
	cfg.settings = "players=3";
	CU_ASSERT_EQUAL(bones_check_run(p, &cfg, &a), BONES_OK);
	CU_ASSERT_EQUAL(a.configurations, 1);
	cfg.variant = "fast";
	CU_ASSERT_EQUAL(bones_check_run(p, &cfg, &a), BONES_EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(a.failure, "'fast' is no variant"));
	cfg.variant = NULL;
	cfg.settings = "players=7";
	CU_ASSERT_EQUAL(bones_check_run(p, &cfg, &a), BONES_EINVAL);
	CU_ASSERT_STRING_EQUAL(a.failure, "testgame: --set: players: 7 is out of range 2..4");
	bones_registry_destroy(reg);
}

/* A plugin that crashes or hangs does not take the checker with it: the fault is
 * reported with its game, the game is shrunk, and the shortest sequence found replays. */
static void test_check__a_crashing_or_hanging_plugin_is_reported_and_shrunk(void)
{
	bones_registry *reg = open_registry();
	const char *ids[] = {"crasher", "hanger"};
	const char *words[] = {"the plugin crashed (signal 6", "did not answer within 1 s"};
	for (int i = 0; i < 2; i++) {
		const bones_plugin *p = bones_registry_find(reg, ids[i]);
		CU_ASSERT_FATAL(p != NULL);
		bones_check_config cfg = small_run(50);
		cfg.step_seconds = 1;
		cfg.threads = 2;
		bones_check_report rep;
		CU_ASSERT_EQUAL(bones_check_run(p, &cfg, &rep), BONES_EILLEGAL);
		CU_ASSERT_PTR_NOT_NULL(strstr(rep.failure, words[i]));
		CU_ASSERT_PTR_NOT_NULL(strstr(rep.failure, ": game "));
		CU_ASSERT(rep.shrunk_from > 0);
		bones_session *s = NULL;
		char err[512];
		CU_ASSERT_EQUAL_FATAL(bones_record_replay(rep.record, reg, &s, err, sizeof err),
				      BONES_OK);
		/* count to 10 from 0 in steps of 1..2 reaches 7 in at least 4 moves: the
		 * shortest sequence that faults is far shorter than a random game's */
		CU_ASSERT(bones_session_length(s) <= rep.shrunk_from - 1);
		CU_ASSERT(bones_session_length(s) <= 6);
		bones_session_destroy(s);
		unlink(rep.record);
	}
	bones_registry_destroy(reg);
}

/* Faults a normal build would not notice until much later (a heap that breaks in
 * another program, a tournament that runs out of memory, a process that ends with its
 * status) are named by the checker with the call and the move. */
static void test_check__an_overrun_a_leak_and_an_exit_are_named(void)
{
	bones_registry *reg = open_registry();
	const char *ids[] = {"overrun", "leaker", "quitter"};
	const char *words[] = {
		"apply wrote 64 bytes past the state's 16",
		"memory grows by about ",
		"the plugin exited with status 3: a plugin must not call exit",
	};
	for (int i = 0; i < 3; i++) {
		const bones_plugin *p = bones_registry_find(reg, ids[i]);
		CU_ASSERT_FATAL(p != NULL);
		bones_check_config cfg = small_run(300);
		cfg.threads = 1;
		bones_check_report rep;
		CU_ASSERT_EQUAL(bones_check_run(p, &cfg, &rep), BONES_EILLEGAL);
		if (!strstr(rep.failure, words[i]))
			fprintf(stderr, "\n%s: %s\n", ids[i], rep.failure);
		CU_ASSERT_PTR_NOT_NULL(strstr(rep.failure, words[i]));
		CU_ASSERT_PTR_NOT_NULL(strstr(rep.failure, ": game "));
		if (rep.record[0])
			unlink(rep.record);
	}
	bones_registry_destroy(reg);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"good plugins pass every configuration",
		 test_check__good_plugins_pass_every_configuration},
		{"each broken promise is caught with a record",
		 test_check__each_broken_promise_is_caught_with_a_record},
		{"the default depth catches each broken promise too",
		 test_check__the_default_depth_catches_each_broken_promise_too},
		{"the failing game replays to the failure",
		 test_check__the_failing_game_replays_to_the_failure},
		{"one seed gives one run and bad settings are refused",
		 test_check__one_seed_gives_one_run_and_bad_settings_are_refused},
		{"a crashing or hanging plugin is reported and shrunk",
		 test_check__a_crashing_or_hanging_plugin_is_reported_and_shrunk},
		{"an overrun, a leak and an exit are named",
		 test_check__an_overrun_a_leak_and_an_exit_are_named},
		{NULL, NULL}};
	return bones_test_main("check", cases);
}
