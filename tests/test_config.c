/* Presets: reading preset files, every error with its FILE:LINE, variants,
 * options over the testgame plugin's schema, seats, --set overrides, finding presets. */
#include "bones_test.h"

#include "bones/agent.h"
#include "bones/preset.h"
#include "bones/registry.h"
#include "bones/session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIXTURE(name) BONES_TEST_FIXTURES "/config/" name

/* testgame.so from the test plugin folder, loaded once per test. */
/* The value of an option by key, as text. */
static const char *value_of(const bones_options *opts, const char *key)
{
	int i = bones_options_find(opts->plugin, key);
	return i < 0 ? "(none)" : opts->values[i].s;
}

static void test_config__good_preset_reads_every_section(void)
{
	bones_preset p;
	char err[512] = "";
	CU_ASSERT_EQUAL_FATAL(bones_preset_load(FIXTURE("good.ini"), &p, err, sizeof err),
			      BONES_OK);
	CU_ASSERT_STRING_EQUAL(p.id, "good");
	CU_ASSERT_STRING_EQUAL(p.plugin, "testgame");
	CU_ASSERT_EQUAL(p.plugin_line, 3);
	CU_ASSERT_STRING_EQUAL(p.variant, "long");
	CU_ASSERT_EQUAL(p.variant_line, 4);
	CU_ASSERT_STRING_EQUAL(p.name, "Count Long");
	CU_ASSERT_STRING_EQUAL(p.description, "count to 21 with three players");
	CU_ASSERT_EQUAL(p.option_count, 2);
	CU_ASSERT_STRING_EQUAL(p.options[0].key, "players");
	CU_ASSERT_EQUAL(p.options[0].line, 9);
	CU_ASSERT_STRING_EQUAL(p.options[1].value, "yes");
	CU_ASSERT_EQUAL(p.options[1].line, 10);
	/* seats: 1 is a named human, 2 is unset, 3 is greedy */
	CU_ASSERT_STRING_EQUAL(p.seats[0].agent, "human");
	CU_ASSERT_STRING_EQUAL(p.seats[0].name, "You");
	CU_ASSERT_STRING_EQUAL(p.seats[1].agent, "");
	CU_ASSERT_EQUAL(p.seats[1].line, 0);
	CU_ASSERT_STRING_EQUAL(p.seats[2].agent, "greedy");
	CU_ASSERT_EQUAL(p.seats[2].line, 17);
}

/* A combination the plugin's configure refuses is placed where its key was set: a
 * --set naming it, else the preset's line, else the variant's line. */
static void test_config__a_refused_combination_names_the_line_that_set_it(void)
{
	bones_preset p;
	char err[512];
	CU_ASSERT_EQUAL_FATAL(bones_preset_load(FIXTURE("good.ini"), &p, err, sizeof err),
			      BONES_OK);
	snprintf(err, sizeof err, "players: 3 players need target 30");
	bones_preset_locate(&p, NULL, 0, err, sizeof err);
	CU_ASSERT_STRING_EQUAL(err, FIXTURE("good.ini") ":9: players: 3 players need target 30");
	snprintf(err, sizeof err, "target: too low for misere");
	bones_preset_locate(&p, NULL, 0, err, sizeof err);
	CU_ASSERT_STRING_EQUAL(err, FIXTURE("good.ini") ":4: target: too low for misere");
	const char *sets[] = {"players=2", "target=5", "players=4"};
	snprintf(err, sizeof err, "players: 4 players need target 30");
	bones_preset_locate(&p, sets, 3, err, sizeof err);
	CU_ASSERT_STRING_EQUAL(err, "--set players=4: players: 4 players need target 30");
	p.path[0] = '\0'; /* a game id's preset: no file to name */
	snprintf(err, sizeof err, "players: 3 players need target 30");
	bones_preset_locate(&p, sets + 1, 1, err, sizeof err); /* a --set of another key */
	CU_ASSERT_STRING_EQUAL(err, "players: 3 players need target 30");
}

/* Defaults, then the variant (target=21 max_step=3), then [options]. */
static void test_config__options_layer_defaults_variant_then_options(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_preset p;
	bones_options opts;
	char err[512] = "";
	CU_ASSERT_EQUAL_FATAL(bones_preset_load(FIXTURE("good.ini"), &p, err, sizeof err),
			      BONES_OK);
	CU_ASSERT_EQUAL_FATAL(bones_preset_options(&p, pl, &opts, err, sizeof err), BONES_OK);
	CU_ASSERT_STRING_EQUAL(value_of(&opts, "players"), "3");
	CU_ASSERT_STRING_EQUAL(value_of(&opts, "target"), "21");
	CU_ASSERT_STRING_EQUAL(value_of(&opts, "max_step"), "3");
	CU_ASSERT_EQUAL(opts.values[bones_options_find(pl, "misere")].i, 1);
	CU_ASSERT_STRING_EQUAL(value_of(&opts, "opening"), "zero");
	bones_options_release(&opts);
	bones_registry_destroy(reg);
}

/* Each bad file and the message it must produce, "FILE:LINE: KEY: reason": the
 * location exactly, the reason by a telling fragment (options.c words the details). */
struct bad_case {
	const char *file;
	bool at_load;       /* refused by bones_preset_load, else by bones_preset_options */
	const char *where;  /* after "PATH:": "LINE: KEY: " */
	const char *reason; /* a fragment of the reason */
};

static const struct bad_case bad_cases[] = {
	{"unknown_section.ini", true, "5: size: ",
	 "unknown section [board] (known: [game], [options], [seat.N], [time], [match])"},
	{"unknown_game_key.ini", true, "4: colour: ",
	 "unknown key in [game] (known: plugin, variant, name, description, plugin_path)"},
	{"missing_plugin.ini", true, "3: plugin: ", "missing (add 'plugin = GAME' under [game])"},
	{"bad_seat.ini", true, "5: seat.9: ", "seat '9' is not a number in 1..8"},
	{"syntax.ini", true, "4: syntax error", " (expected [section] or key = value)"},
	{"duplicate_option.ini", true, "6: players: ", "set twice in [options]"},
	{"bad_int.ini", false, "7: target: ", "'ten' is not a whole number"},
	{"out_of_range.ini", false, "5: players: ", "9 is out of range 2..4"},
	{"unknown_option.ini", false, "6: board_size: ", "unknown option"},
	{"bad_enum.ini", false, "5: opening: ", "'random' is not one of"},
	{"bad_variant.ini", false, "5: variant: ", "'short' is no variant"},
	{"seat_over_max.ini", false, "5: seat.5: ", "testgame has at most 4 players"},
};

static void test_config__each_bad_preset_names_its_file_line_and_key(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
		const struct bad_case *c = &bad_cases[i];
		char path[512], where[768], err[512] = "";
		snprintf(path, sizeof path, "%s/config/%s", BONES_TEST_FIXTURES, c->file);
		snprintf(where, sizeof where, "%s:%s", path, c->where);
		bones_preset p;
		bones_options opts;
		bones_status st = bones_preset_load(path, &p, err, sizeof err);
		if (!c->at_load) {
			CU_ASSERT_EQUAL(st, BONES_OK);
			if (st == BONES_OK)
				st = bones_preset_options(&p, pl, &opts, err, sizeof err);
		}
		CU_ASSERT_NOT_EQUAL(st, BONES_OK);
		bool ok = !strncmp(err, where, strlen(where)) && strstr(err, c->reason);
		CU_ASSERT(ok);
		if (!ok)
			fprintf(stderr, "\n%s:\n  got    '%s'\n  wanted '%s...%s...'\n", c->file,
				err, where, c->reason);
	}
	bones_registry_destroy(reg);
}

static void test_config__a_missing_file_cannot_be_opened(void)
{
	bones_preset p;
	char err[512];
	CU_ASSERT_EQUAL(bones_preset_load(FIXTURE("no_such.ini"), &p, err, sizeof err),
			BONES_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(err, "'" FIXTURE("no_such.ini") "': no such file");
	CU_ASSERT_EQUAL(bones_preset_load("/dev/zero", &p, err, sizeof err), BONES_EIO);
	CU_ASSERT_STRING_EQUAL(err, "'/dev/zero': not a regular file");
}

/* --set comes after the preset: it beats both the variant and [options]. */
static void test_config__set_overrides_apply_after_the_preset(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_preset p;
	bones_options opts;
	char err[512] = "";
	CU_ASSERT_EQUAL_FATAL(bones_preset_load(FIXTURE("good.ini"), &p, err, sizeof err),
			      BONES_OK);
	CU_ASSERT_EQUAL_FATAL(bones_preset_options(&p, pl, &opts, err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(bones_preset_set(&opts, "players=4", err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(bones_preset_set(&opts, "target=30", err, sizeof err), BONES_OK);
	CU_ASSERT_STRING_EQUAL(value_of(&opts, "players"), "4");
	CU_ASSERT_STRING_EQUAL(value_of(&opts, "target"), "30");
	CU_ASSERT_STRING_EQUAL(value_of(&opts, "max_step"), "3"); /* still the variant's */

	CU_ASSERT_EQUAL(bones_preset_set(&opts, "players=9", err, sizeof err), BONES_ERANGE);
	CU_ASSERT(strncmp(err, "--set players=9: players: 9 is out of range 2..4", 49) == 0);
	CU_ASSERT_STRING_EQUAL(value_of(&opts, "players"), "4"); /* unchanged */
	CU_ASSERT_EQUAL(bones_preset_set(&opts, "players", err, sizeof err), BONES_EPARSE);
	CU_ASSERT_STRING_EQUAL(err, "--set players: expected key=value");
	CU_ASSERT_NOT_EQUAL(bones_preset_set(&opts, "size=3", err, sizeof err), BONES_OK);
	CU_ASSERT(strncmp(err, "--set size=3: size: unknown option", 34) == 0);
	bones_options_release(&opts);
	bones_registry_destroy(reg);
}

static void test_config__a_preset_for_another_plugin_is_refused(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_preset p;
	bones_options opts;
	char err[512] = "";
	CU_ASSERT_EQUAL_FATAL(bones_preset_load(FIXTURE("good.ini"), &p, err, sizeof err),
			      BONES_OK);
	strcpy(p.plugin, "holomino");
	CU_ASSERT_EQUAL(bones_preset_options(&p, pl, &opts, err, sizeof err), BONES_EINVAL);
	CU_ASSERT(strstr(err, "preset is for 'holomino', not 'testgame'") != NULL);
	bones_registry_destroy(reg);
}

/* The default preset of a game id: no options, no seats, the plugin's own name. */
static void test_config__a_game_id_resolves_to_a_default_preset(void)
{
	const bones_plugin *pl, *found = NULL;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_preset p;
	char err[512] = "";
	unsetenv("BONES_DATA_PATH");
	CU_ASSERT_EQUAL(bones_preset_resolve("testgame", reg, &p, &found, err, sizeof err),
			BONES_OK);
	CU_ASSERT_PTR_EQUAL(found, pl);
	CU_ASSERT_STRING_EQUAL(p.plugin, "testgame");
	CU_ASSERT_STRING_EQUAL(p.name, "Count to 10");
	CU_ASSERT_EQUAL(p.option_count, 0);
	CU_ASSERT_STRING_EQUAL(p.seats[0].agent, "");
	CU_ASSERT_EQUAL(bones_preset_resolve("nonesuch", reg, &p, &found, err, sizeof err),
			BONES_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(err, "'nonesuch': no such game or preset; `bones games` lists them");
	CU_ASSERT_PTR_NULL(found);
	CU_ASSERT_EQUAL(bones_preset_resolve("testgaem", reg, &p, &found, err, sizeof err),
			BONES_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(err, "'testgaem': no such game or preset (did you mean "
				    "'testgame'?); `bones games` lists them");
	CU_ASSERT_EQUAL(bones_preset_resolve("configs/nosuch.ini", reg, &p, &found, err,
					     sizeof err),
			BONES_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(err, "'configs/nosuch.ini': no such file");
	bones_registry_destroy(reg);
}

static void collect(void *user, const char *path)
{
	char *buf = user;
	const char *base = strrchr(path, '/');
	strcat(buf, base ? base + 1 : path);
	strcat(buf, " ");
}

/* BONES_DATA_PATH is searched first, by name; the list is sorted by file name. */
static void test_config__presets_are_found_and_listed_through_the_data_path(void)
{
	const bones_plugin *pl, *found = NULL;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	char path[1024], err[512] = "";
	setenv("BONES_DATA_PATH", "/nonexistent:" BONES_TEST_FIXTURES "/config", 1);
	CU_ASSERT_EQUAL(bones_preset_find("good", path, sizeof path), BONES_OK);
	CU_ASSERT_STRING_EQUAL(path, FIXTURE("good.ini"));
	CU_ASSERT_EQUAL(bones_preset_find("absent", path, sizeof path), BONES_ENOTFOUND);
	CU_ASSERT_EQUAL(bones_preset_find(FIXTURE("good.ini"), path, sizeof path), BONES_OK);

	bones_preset p;
	CU_ASSERT_EQUAL(bones_preset_resolve("good", reg, &p, &found, err, sizeof err),
			BONES_OK);
	CU_ASSERT_PTR_EQUAL(found, pl);
	CU_ASSERT_STRING_EQUAL(p.variant, "long");

	char names[4096] = "";
	bones_preset_list(collect, names);
	/* sorted: the fixtures in a row, and every name after the one before it (the shipped
	 * presets, allfives.ini first, come in between) */
	CU_ASSERT(strstr(names, "bad_agent.ini bad_enum.ini bad_int.ini bad_seat.ini") != NULL);
	for (char *prev = names, *next; (next = strchr(prev, ' ')) && next[1]; prev = next + 1) {
		size_t a = (size_t)(next - prev), b = strcspn(next + 1, " ");
		CU_ASSERT(strncmp(prev, next + 1, a < b ? a : b) < 0 ||
			  (strncmp(prev, next + 1, a < b ? a : b) == 0 && a <= b));
	}
	CU_ASSERT(strstr(names, "good.ini ") != NULL);
	unsetenv("BONES_DATA_PATH");
	bones_registry_destroy(reg);
}

/* One shipped preset: its options validate, the game configures, every seat's agent
 * exists. Presets of plugins not built here are skipped. */
static void check_shipped(void *user, const char *path)
{
	bones_registry *reg = user;
	bones_preset p;
	bones_options opts;
	bones_session *s = NULL;
	char err[1024] = "";
	CU_ASSERT_EQUAL_FATAL(bones_preset_load(path, &p, err, sizeof err), BONES_OK);
	const bones_plugin *pl = bones_registry_find(reg, p.plugin);
	if (!pl)
		return;
	bones_status st = bones_preset_options(&p, pl, &opts, err, sizeof err);
	if (!st) {
		st = bones_session_create(pl, &opts, 1, &s, err, sizeof err);
		bones_options_release(&opts);
	}
	for (int i = 0; !st && i < bones_session_info(s)->players; i++) {
		bones_agent *a = NULL;
		const char *spec = p.seats[i].agent;
		if (*spec && strcmp(spec, "human"))
			st = bones_agent_create(spec, pl, bones_session_game(s),
						bones_session_info(s), 1, &a, err, sizeof err);
		bones_agent_destroy(a);
	}
	if (st)
		fprintf(stderr, "\n%s: %s\n", path, err);
	CU_ASSERT_EQUAL(st, BONES_OK);
	bones_session_destroy(s);
}

static void test_config__every_shipped_preset_validates_against_its_plugin(void)
{
	bones_registry *reg = bones_registry_create();
	CU_ASSERT_FATAL(reg != NULL);
	bones_registry_scan_dir(reg, BONES_BUILD_PLUGIN_DIR);
	unsetenv("BONES_DATA_PATH");
	bones_preset_list(check_shipped, reg);
	bones_registry_destroy(reg);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"a good preset reads every section", test_config__good_preset_reads_every_section},
		{"options layer defaults, variant, then [options]",
		 test_config__options_layer_defaults_variant_then_options},
		{"each bad preset names its file, line and key",
		 test_config__each_bad_preset_names_its_file_line_and_key},
		{"a missing file cannot be opened", test_config__a_missing_file_cannot_be_opened},
		{"a refused combination names the line that set it",
		 test_config__a_refused_combination_names_the_line_that_set_it},
		{"--set overrides apply after the preset",
		 test_config__set_overrides_apply_after_the_preset},
		{"a preset for another plugin is refused",
		 test_config__a_preset_for_another_plugin_is_refused},
		{"a game id resolves to a default preset",
		 test_config__a_game_id_resolves_to_a_default_preset},
		{"presets are found and listed through the data path",
		 test_config__presets_are_found_and_listed_through_the_data_path},
		{"every shipped preset validates against its plugin",
		 test_config__every_shipped_preset_validates_against_its_plugin},
		{NULL, NULL},
	};
	return bones_test_main("config", cases);
}
