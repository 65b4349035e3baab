/* The plugin registry against the broken plugins of tests/plugins: each is refused with
 * a one-line error naming the file and the reason, and the valid ones still load. */
#include "bones_test.h"

#include "bones/bench.h"

#include "bones/registry.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PLUGIN(name) BONES_TEST_PLUGIN_DIR "/" name

/* Load one file into a fresh registry; expect status st and, when st is not OK, one
 * error line that starts with the path and contains each of the NULL-terminated parts. */
static void expect_refused(const char *path, bones_status st, const char *const *parts)
{
	bones_registry *reg = bones_registry_create();
	CU_ASSERT_FATAL(reg != NULL);
	CU_ASSERT_EQUAL(bones_registry_load(reg, path), st);
	CU_ASSERT_EQUAL(bones_registry_count(reg), 0);
	CU_ASSERT_EQUAL_FATAL(bones_registry_error_count(reg), 1);
	const char *e = bones_registry_error(reg, 0);
	CU_ASSERT_NSTRING_EQUAL(e, path, strlen(path));
	CU_ASSERT(!strncmp(e + strlen(path), ": ", 2));
	CU_ASSERT(!strchr(e, '\n'));
	for (const char *const *p = parts; *p; p++)
		if (!strstr(e, *p)) {
			fprintf(stderr, "\n  error line '%s' lacks '%s'\n", e, *p);
			CU_FAIL("error line lacks an expected part");
		}
	bones_registry_destroy(reg);
}

static void test_registry__a_text_file_is_refused_with_the_loader_reason(void)
{
	/* glibc says "invalid ELF header" or "file too short" for a text file. */
	const char *const parts[] = {"not a loadable shared object: ", NULL};
	expect_refused(PLUGIN("not_a_shared_object.so"), BONES_EABI, parts);
	bones_registry *reg = bones_registry_create();
	bones_registry_load(reg, PLUGIN("not_a_shared_object.so"));
	const char *e = bones_registry_error(reg, 0);
	CU_ASSERT(strstr(e, "ELF") || strstr(e, "too short"));
	bones_registry_destroy(reg);
}

static void test_registry__a_missing_entry_symbol_is_named(void)
{
	const char *const parts[] = {"no entry symbol 'bones_plugin_entry'",
				     "BONES_PLUGIN_ENTRY", NULL};
	expect_refused(PLUGIN("missing_entry.so"), BONES_EABI, parts);
}

static void test_registry__a_wrong_major_names_both_versions(void)
{
	char plugin_abi[32], host_abi[32];
	snprintf(plugin_abi, sizeof plugin_abi, "has ABI %d.%d", BONES_ABI_MAJOR + 1,
		 BONES_ABI_MINOR);
	snprintf(host_abi, sizeof host_abi, "host has %d.%d", BONES_ABI_MAJOR, BONES_ABI_MINOR);
	const char *const parts[] = {"'bones_plugin_entry'", plugin_abi, host_abi,
				     "rebuild the plugin against this Bones", NULL};
	expect_refused(PLUGIN("wrong_major.so"), BONES_EABI, parts);
}

static void test_registry__a_truncated_entry_gives_both_sizes(void)
{
	char sizes[80];
	snprintf(sizes, sizeof sizes, "%zu bytes, host ABI %d.%d needs %zu",
		 offsetof(bones_plugin, render_text), BONES_ABI_MAJOR, BONES_ABI_MINOR,
		 (size_t)BONES_PLUGIN_SIZE_1_0);
	const char *const parts[] = {"truncated", sizes, "rebuild the plugin", NULL};
	expect_refused(PLUGIN("truncated.so"), BONES_EABI, parts);
}

static void test_registry__an_entry_smaller_than_its_header_is_refused(void)
{
	const char *const parts[] = {"'bones_plugin_entry' is 4 bytes, too small", NULL};
	expect_refused(PLUGIN("tiny_entry.so"), BONES_EABI, parts);
}

static void test_registry__a_missing_function_is_named(void)
{
	const char *const parts[] = {"plugin 'testgame'", "required function 'apply' is NULL",
				     NULL};
	expect_refused(PLUGIN("missing_function.so"), BONES_EABI, parts);
}

static void test_registry__a_default_that_does_not_validate_is_refused(void)
{
	const char *const parts[] = {"invalid option schema",
				     "target: 'ten' is not a whole number", NULL};
	expect_refused(PLUGIN("bad_option_default.so"), BONES_EABI, parts);
}

static void test_registry__an_id_with_capitals_is_refused(void)
{
	const char *const parts[] = {"metadata 'id' is 'Count10'", NULL};
	expect_refused(PLUGIN("bad_id.so"), BONES_EABI, parts);
}

static void test_registry__a_missing_file_is_not_found(void)
{
	const char *const parts[] = {"no such plugin file", NULL};
	expect_refused(PLUGIN("no_such_plugin.so"), BONES_ENOTFOUND, parts);
}

static void test_registry__a_duplicate_id_names_both_files(void)
{
	bones_registry *reg = bones_registry_create();
	CU_ASSERT_EQUAL(bones_registry_load(reg, PLUGIN("testgame.so")), BONES_OK);
	CU_ASSERT_EQUAL(bones_registry_load(reg, PLUGIN("testgame_dup.so")), BONES_EINVAL);
	CU_ASSERT_EQUAL(bones_registry_count(reg), 1);
	CU_ASSERT_EQUAL_FATAL(bones_registry_error_count(reg), 1);
	const char *e = bones_registry_error(reg, 0);
	CU_ASSERT(!strncmp(e, PLUGIN("testgame_dup.so: "), strlen(PLUGIN("testgame_dup.so: "))));
	CU_ASSERT(strstr(e, "duplicate plugin id 'testgame'") != NULL);
	CU_ASSERT(strstr(e, "already loaded from '" PLUGIN("testgame.so") "'") != NULL);
	bones_registry_destroy(reg);
}

/* The index of the plugin loaded from path, or -1. */
static long loaded_index(const bones_registry *reg, const char *path)
{
	for (size_t i = 0; i < bones_registry_count(reg); i++)
		if (!strcmp(bones_registry_path(reg, i), path))
			return (long)i;
	return -1;
}

/* The index of the error line about path, or -1; a CUnit failure if there are two. */
static long error_index(const bones_registry *reg, const char *path)
{
	long found = -1;
	size_t len = strlen(path);
	for (size_t i = 0; i < bones_registry_error_count(reg); i++) {
		const char *e = bones_registry_error(reg, i);
		if (!strncmp(e, path, len) && e[len] == ':') {
			CU_ASSERT_EQUAL(found, -1);
			found = (long)i;
		}
	}
	return found;
}

/* The folder also holds the valid plugins of other suites (liar_*.so for test_check);
 * in name order the broken files sit before and after testgame.so. */
static void test_registry__valid_plugins_load_beside_broken_ones(void)
{
	static const char *const refused[] = {
		"abi_newer.so", "bad_id.so", "bad_option_default.so", "missing_entry.so", "missing_function.so",
		"not_a_shared_object.so", "testgame_dup.so", "tiny_entry.so", "truncated.so",
		"wrong_major.so"};
	bones_registry *reg = bones_registry_create();
	CU_ASSERT_EQUAL(bones_registry_scan_dir(reg, BONES_TEST_PLUGIN_DIR), BONES_OK);
	long game = loaded_index(reg, PLUGIN("testgame.so"));
	CU_ASSERT_FATAL(game >= 0);
	CU_ASSERT_STRING_EQUAL(bones_registry_get(reg, (size_t)game)->id, "testgame");
	CU_ASSERT_PTR_EQUAL(bones_registry_find(reg, "testgame"),
			    bones_registry_get(reg, (size_t)game));
	long previous = -1;
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		char path[512];
		snprintf(path, sizeof path, "%s/%s", BONES_TEST_PLUGIN_DIR, refused[i]);
		long e = error_index(reg, path);
		CU_ASSERT(e > previous); /* present, and met in name order */
		previous = e;
		CU_ASSERT_EQUAL(loaded_index(reg, path), -1);
	}
	CU_ASSERT_EQUAL(error_index(reg, PLUGIN("testgame.so")), -1);
	CU_ASSERT_PTR_NULL(bones_registry_error(reg, bones_registry_error_count(reg)));
	CU_ASSERT_PTR_NULL(bones_registry_get(reg, bones_registry_count(reg)));
	bones_registry_destroy(reg);
}

static void test_registry__finds_a_plugin_by_id_and_by_path(void)
{
	bones_registry *reg = bones_registry_create();
	CU_ASSERT_PTR_NULL(bones_registry_find(reg, "testgame"));
	const bones_plugin *by_path = bones_registry_find(reg, PLUGIN("testgame.so"));
	CU_ASSERT_FATAL(by_path != NULL);
	CU_ASSERT_STRING_EQUAL(by_path->id, "testgame");
	CU_ASSERT_PTR_EQUAL(bones_registry_find(reg, "testgame"), by_path);
	/* The same file by another spelling is the same plugin, not a duplicate. */
	CU_ASSERT_PTR_EQUAL(bones_registry_find(reg, BONES_TEST_PLUGIN_DIR "/./testgame.so"),
			    by_path);
	CU_ASSERT_EQUAL(bones_registry_load(reg, PLUGIN("testgame.so")), BONES_OK);
	CU_ASSERT_EQUAL(bones_registry_count(reg), 1);
	CU_ASSERT_EQUAL(bones_registry_error_count(reg), 0);
	CU_ASSERT_PTR_NULL(bones_registry_find(reg, "no_such_game"));
	CU_ASSERT_PTR_NULL(bones_registry_find(reg, PLUGIN("wrong_major.so")));
	CU_ASSERT_EQUAL(bones_registry_error_count(reg), 1);
	bones_registry_destroy(reg);
}

static void test_registry__a_missing_folder_is_no_error(void)
{
	bones_registry *reg = bones_registry_create();
	CU_ASSERT_EQUAL(bones_registry_scan_dir(reg, BONES_TEST_PLUGIN_DIR "/nowhere"), BONES_OK);
	CU_ASSERT_EQUAL(bones_registry_scan_path(reg, NULL), BONES_OK);
	CU_ASSERT_EQUAL(bones_registry_scan_path(reg, ":/nowhere::"), BONES_OK);
	CU_ASSERT_EQUAL(bones_registry_count(reg), 0);
	CU_ASSERT_EQUAL(bones_registry_error_count(reg), 0);
	bones_registry_destroy(reg);
	bones_registry_destroy(NULL);
}

/* BONES_PLUGIN_PATH comes first: all of its plugins load before the build's ones. */
static void test_registry__the_plugin_path_is_scanned_first(void)
{
	CU_ASSERT_EQUAL_FATAL(setenv("BONES_PLUGIN_PATH", "/nonexistent::" BONES_TEST_PLUGIN_DIR,
				     1), 0);
	bones_registry *reg = bones_registry_create();
	CU_ASSERT_EQUAL(bones_registry_scan_default(reg), BONES_OK);
	const bones_plugin *game = bones_registry_find(reg, "testgame");
	CU_ASSERT_FATAL(game != NULL);
	size_t n = bones_registry_count(reg), from_path = 0;
	while (from_path < n && !strncmp(bones_registry_path(reg, from_path),
					 BONES_TEST_PLUGIN_DIR "/", strlen(BONES_TEST_PLUGIN_DIR "/")))
		from_path++;
	CU_ASSERT(from_path >= 1);
	for (size_t i = from_path; i < n; i++) /* the rest: the build's plugin folder */
		CU_ASSERT(!strncmp(bones_registry_path(reg, i), BONES_BUILD_PLUGIN_DIR "/",
				   strlen(BONES_BUILD_PLUGIN_DIR "/")));
	for (size_t i = 0; i < n; i++) /* each id once */
		for (size_t j = 0; j < i; j++)
			CU_ASSERT_STRING_NOT_EQUAL(bones_registry_get(reg, i)->id,
						   bones_registry_get(reg, j)->id);
	CU_ASSERT(error_index(reg, PLUGIN("wrong_major.so")) >= 0);
	bones_registry_destroy(reg);
	unsetenv("BONES_PLUGIN_PATH");
}

/* A game missing because its file was refused is asked for by its file name or, when
 * the entry could be read, its id: the registry still has the reason. */
static void test_registry__a_refused_plugin_keeps_its_reason_for_lookups(void)
{
	bones_registry *reg = bones_registry_create();
	CU_ASSERT_EQUAL(bones_registry_scan_dir(reg, BONES_TEST_PLUGIN_DIR), BONES_OK);
	const char *why = bones_registry_refusal(reg, "wrong_major");
	CU_ASSERT_FATAL(why != NULL);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "wrong_major.so: "));
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "ABI major differs"));
	why = bones_registry_refusal(reg, "abi_newer"); /* the id and the file's name */
	CU_ASSERT_FATAL(why != NULL);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "update Bones"));
	why = bones_registry_refusal(reg, "Count10"); /* bad_id.so: only by its id */
	CU_ASSERT_FATAL(why != NULL);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "bad_id.so: "));
	CU_ASSERT_PTR_NULL(bones_registry_refusal(reg, "testgame"));
	CU_ASSERT_PTR_NULL(bones_registry_refusal(reg, "nonesuch"));
	CU_ASSERT_PTR_NULL(bones_registry_refusal(reg, NULL));
	bones_registry_destroy(reg);
}

/* The valid test plugin is a real little game: 2+2+2+2+2 = 10, player 1 moves last. */
static void test_registry__the_test_game_is_won_by_who_reaches_ten(void)
{
	bones_registry *reg = bones_registry_create();
	const bones_plugin *p = bones_registry_find(reg, PLUGIN("testgame.so"));
	CU_ASSERT_FATAL(p != NULL);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, p, ""), BONES_OK);
	void *s = bones_test_new_state(&g);
	CU_ASSERT_TRUE(bones_test_play(&g, s, "+2 +2 +2 +2 +1"));
	bones_move moves[4];
	CU_ASSERT_EQUAL(p->legal_moves(g.game, s, moves, NULL, 4), 1); /* 9: only +1 fits */
	CU_ASSERT_TRUE(bones_test_play(&g, s, "+1"));
	CU_ASSERT_EQUAL(p->to_move(g.game, s), BONES_TERMINAL);
	double sc[2];
	p->scores(g.game, s, sc);
	CU_ASSERT_EQUAL(sc[0], 0.0); /* six moves: player 2 made the last */
	CU_ASSERT_EQUAL(sc[1], 1.0);
	free(s);
	bones_test_release(&g);
	/* Misere, 3 players, counting to 5: +2 +2 +1 -> player 3 reached 5 and loses. */
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, p, "misere=true players=3 target=5"),
			      BONES_OK);
	s = bones_test_new_state(&g);
	CU_ASSERT_TRUE(bones_test_play(&g, s, "+2 +2 +1"));
	double sc3[3];
	p->scores(g.game, s, sc3);
	CU_ASSERT(sc3[0] == 1.0 && sc3[1] == 1.0 && sc3[2] == 0.0);
	free(s);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

/* Random games with a chance start: each ends, within target moves, with one winner. */
static void test_registry__random_test_games_end_with_one_winner(void)
{
	bones_registry *reg = bones_registry_create();
	const bones_plugin *p = bones_registry_find(reg, PLUGIN("testgame.so"));
	CU_ASSERT_FATAL(p != NULL);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, p, "opening=chance max_step=3 players=4"),
			      BONES_OK);
	bones_rng rng;
	bones_rng_seed(&rng, 7);
	for (int game = 0; game < 2000; game++) {
		void *s = bones_test_new_state(&g);
		CU_ASSERT_EQUAL(p->to_move(g.game, s), BONES_CHANCE);
		size_t steps = bones_test_random_playout(&g, s, &rng, 100);
		CU_ASSERT(steps >= 1 + 10 / 3 && steps <= 11);
		CU_ASSERT_EQUAL(p->to_move(g.game, s), BONES_TERMINAL);
		double sc[4], sum = 0;
		p->scores(g.game, s, sc);
		for (int i = 0; i < 4; i++)
			sum += sc[i];
		CU_ASSERT_EQUAL(sum, 1.0);
		free(s);
	}
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

/* ABI minor versions: a plugin built for 1.0 (a shorter entry) loads into this 1.1
 * host, which sees what 1.1 added as absent (its sample_move aborts if called: playouts
 * must use legal_moves); a plugin built for a newer minor than the host's is refused
 * with both versions named. */
static void test_registry__a_1_0_plugin_loads_and_a_newer_minor_is_refused(void)
{
	bones_registry *reg = bones_registry_create();
	char path[512];
	snprintf(path, sizeof path, "%s/abi_one_zero.so", BONES_TEST_PLUGIN_DIR);
	CU_ASSERT_EQUAL_FATAL(bones_registry_load(reg, path), BONES_OK);
	const bones_plugin *p = bones_registry_find(reg, "abi_one_zero");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(p->abi_minor, 0);
	CU_ASSERT_EQUAL(p->size, BONES_PLUGIN_SIZE_1_0);
	CU_ASSERT_PTR_NULL(p->sample_move);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, p, ""), BONES_OK);
	void *s = bones_test_new_state(&g);
	bones_move *moves = calloc(g.info.max_moves, sizeof *moves);
	double *probs = calloc(g.info.max_moves, sizeof *probs);
	bones_rng rng;
	bones_rng_seed(&rng, 3);
	CU_ASSERT(bones_bench_playout(p, g.game, s, moves, probs, g.info.max_moves, &rng,
				      1000) > 0);
	free(moves), free(probs), free(s);
	bones_test_release(&g);
	snprintf(path, sizeof path, "%s/abi_newer.so", BONES_TEST_PLUGIN_DIR);
	CU_ASSERT_EQUAL(bones_registry_load(reg, path), BONES_EABI);
	const char *e = bones_registry_error(reg, bones_registry_error_count(reg) - 1);
	char want[128];
	snprintf(want, sizeof want, "needs ABI %d.%d, this host has only %d.%d", BONES_ABI_MAJOR,
		 BONES_ABI_MINOR + 1, BONES_ABI_MAJOR, BONES_ABI_MINOR);
	CU_ASSERT_PTR_NOT_NULL(e && strstr(e, want));
	bones_registry_destroy(reg);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"a 1.0 plugin loads and a newer minor is refused",
		 test_registry__a_1_0_plugin_loads_and_a_newer_minor_is_refused},
		{"a text file is refused with the loader reason", test_registry__a_text_file_is_refused_with_the_loader_reason},
		{"a missing entry symbol is named", test_registry__a_missing_entry_symbol_is_named},
		{"a wrong major names both versions", test_registry__a_wrong_major_names_both_versions},
		{"a refused plugin keeps its reason for lookups",
		 test_registry__a_refused_plugin_keeps_its_reason_for_lookups},
		{"a truncated entry gives both sizes", test_registry__a_truncated_entry_gives_both_sizes},
		{"an entry smaller than its header is refused", test_registry__an_entry_smaller_than_its_header_is_refused},
		{"a missing function is named", test_registry__a_missing_function_is_named},
		{"a default that does not validate is refused", test_registry__a_default_that_does_not_validate_is_refused},
		{"an id with capitals is refused", test_registry__an_id_with_capitals_is_refused},
		{"a missing file is not found", test_registry__a_missing_file_is_not_found},
		{"a duplicate id names both files", test_registry__a_duplicate_id_names_both_files},
		{"valid plugins load beside broken ones", test_registry__valid_plugins_load_beside_broken_ones},
		{"finds a plugin by id and by path", test_registry__finds_a_plugin_by_id_and_by_path},
		{"a missing folder is no error", test_registry__a_missing_folder_is_no_error},
		{"the plugin path is scanned first", test_registry__the_plugin_path_is_scanned_first},
		{"the test game is won by who reaches ten", test_registry__the_test_game_is_won_by_who_reaches_ten},
		{"random test games end with one winner", test_registry__random_test_games_end_with_one_winner},
		{NULL, NULL}};
	return bones_test_main("registry", cases);
}
