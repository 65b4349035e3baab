/* Option values against a schema (core/src/options.c): defaults, each type's checks and
 * messages, unknown keys, variants, settings lists and the canonical record text. */
#include "bones_test.h"

#include <string.h>

static const char *const rules[] = {"sum", "max", "product", NULL};

static const bones_option_def schema[] = {
	{"players", BONES_OPT_INT, "2", 2, 4, NULL, "number of players"},
	{"misere", BONES_OPT_BOOL, "false", 0, 0, NULL, "lowest wins"},
	{"rule", BONES_OPT_ENUM, "sum", 0, 0, rules, "how points add up"},
	{"title", BONES_OPT_STRING, "Fake game", 0, 0, NULL, "a label"},
	{"offset", BONES_OPT_INT, "-3", -10, 10, NULL, "negative numbers work"},
};

static const bones_variant variants[] = {
	{"chaos", "Chaos", "everything at once", "players=4 misere=on rule=product"},
	{"named", "Named", "a title with spaces", "title=\"A long title\""},
};

/* Only the metadata matters here: bones_options never calls a plugin function. */
static const bones_plugin fake = {
	.abi_major = BONES_ABI_MAJOR, .abi_minor = BONES_ABI_MINOR, .size = sizeof(bones_plugin),
	.id = "fake", .name = "Fake", .version = "0", .summary = "",
	.min_players = 2, .max_players = 4,
	.options = schema, .option_count = sizeof schema / sizeof schema[0],
	.variants = variants, .variant_count = sizeof variants / sizeof variants[0],
};

/* Each test's options and message buffer. */
#define SETUP                                                                         \
	bones_options opts;                                                           \
	char err[256] = "";                                                           \
	CU_ASSERT_EQUAL_FATAL(bones_options_init(&opts, &fake, err, sizeof err), BONES_OK)

/* Set key=value, expect status st and (unless NULL) exactly the message msg. */
static void expect_set(bones_options *opts, const char *key, const char *value,
		       bones_status st, const char *msg)
{
	char err[256] = "";
	CU_ASSERT_EQUAL(bones_options_set(opts, key, value, err, sizeof err), st);
	if (msg)
		CU_ASSERT_STRING_EQUAL(err, msg);
}

static void test_options__start_from_the_schema_defaults(void)
{
	SETUP;
	CU_ASSERT_EQUAL(opts.values[0].i, 2);
	CU_ASSERT_STRING_EQUAL(opts.values[0].s, "2");
	CU_ASSERT_EQUAL(opts.values[1].i, 0);
	CU_ASSERT_EQUAL(opts.values[2].i, 0);
	CU_ASSERT_STRING_EQUAL(opts.values[2].s, "sum");
	CU_ASSERT_STRING_EQUAL(opts.values[3].s, "Fake game");
	CU_ASSERT_EQUAL(opts.values[4].i, -3);
	bones_options_release(&opts);
	bones_options_release(&opts); /* twice is harmless */
}

static void test_options__an_int_is_checked_for_form_and_range(void)
{
	SETUP;
	expect_set(&opts, "players", "x", BONES_EINVAL, "players: 'x' is not a whole number");
	expect_set(&opts, "players", "3 ", BONES_EINVAL, "players: '3 ' is not a whole number");
	expect_set(&opts, "players", "", BONES_EINVAL, "players: '' is not a whole number");
	expect_set(&opts, "players", "99999999999999999999", BONES_EINVAL, NULL);
	expect_set(&opts, "players", "7", BONES_ERANGE, "players: 7 is out of range 2..4");
	expect_set(&opts, "offset", "-11", BONES_ERANGE, "offset: -11 is out of range -10..10");
	CU_ASSERT_EQUAL(opts.values[0].i, 2); /* a refused value changes nothing */
	expect_set(&opts, "players", "+4", BONES_OK, NULL);
	CU_ASSERT_EQUAL(opts.values[0].i, 4);
	CU_ASSERT_STRING_EQUAL(opts.values[0].s, "4"); /* canonical text */
	bones_options_release(&opts);
}

static void test_options__a_bool_takes_the_usual_words(void)
{
	static const char *const yes[] = {"true", "yes", "on", "1", "TRUE", "On"};
	static const char *const no[] = {"false", "no", "off", "0", "False"};
	SETUP;
	for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
		expect_set(&opts, "misere", yes[i], BONES_OK, NULL);
		CU_ASSERT_EQUAL(opts.values[1].i, 1);
		CU_ASSERT_STRING_EQUAL(opts.values[1].s, "true");
	}
	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) {
		expect_set(&opts, "misere", no[i], BONES_OK, NULL);
		CU_ASSERT_EQUAL(opts.values[1].i, 0);
		CU_ASSERT_STRING_EQUAL(opts.values[1].s, "false");
	}
	expect_set(&opts, "misere", "maybe", BONES_EINVAL, "misere: 'maybe' is not true or false");
	expect_set(&opts, "misere", "2", BONES_EINVAL, "misere: '2' is not true or false");
	bones_options_release(&opts);
}

static void test_options__an_enum_lists_its_choices(void)
{
	SETUP;
	expect_set(&opts, "rule", "product", BONES_OK, NULL);
	CU_ASSERT_EQUAL(opts.values[2].i, 2);
	expect_set(&opts, "rule", "Sum", BONES_EINVAL, "rule: 'Sum' is not one of sum, max, product");
	CU_ASSERT_EQUAL(opts.values[2].i, 2);
	bones_options_release(&opts);
}

static void test_options__a_string_takes_any_text(void)
{
	SETUP;
	expect_set(&opts, "title", "", BONES_OK, NULL);
	CU_ASSERT_STRING_EQUAL(opts.values[3].s, "");
	expect_set(&opts, "title", "two words = 3", BONES_OK, NULL);
	CU_ASSERT_STRING_EQUAL(opts.values[3].s, "two words = 3");
	bones_options_release(&opts);
}

static void test_options__an_unknown_key_lists_the_known_ones(void)
{
	SETUP;
	expect_set(&opts, "colour", "red", BONES_ENOTFOUND,
		   "colour: unknown option of 'fake' (known: players, misere, rule, title, "
		   "offset)");
	expect_set(&opts, "ruel", "x", BONES_ENOTFOUND,
		   "ruel: unknown option of 'fake' (did you mean 'rule'?) (known: players, "
		   "misere, rule, title, offset)");
	CU_ASSERT_EQUAL(bones_options_find(&fake, "rule"), 2);
	CU_ASSERT_EQUAL(bones_options_find(&fake, "Rule"), -1);
	bones_options_release(&opts);
}

static void test_options__a_variant_applies_its_settings(void)
{
	SETUP;
	CU_ASSERT_EQUAL(bones_options_apply_variant(&opts, "chaos", err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(opts.values[0].i, 4);
	CU_ASSERT_EQUAL(opts.values[1].i, 1);
	CU_ASSERT_EQUAL(opts.values[2].i, 2);
	CU_ASSERT_EQUAL(bones_options_apply_variant(&opts, "named", err, sizeof err), BONES_OK);
	CU_ASSERT_STRING_EQUAL(opts.values[3].s, "A long title");
	CU_ASSERT_EQUAL(bones_options_apply_variant(&opts, "calm", err, sizeof err),
			BONES_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(err, "variant: 'calm' is no variant of 'fake' (known: chaos, named)");
	bones_options_release(&opts);
}

static void test_options__a_settings_list_stops_at_the_first_bad_pair(void)
{
	SETUP;
	CU_ASSERT_EQUAL(bones_options_apply(&opts, "  players=3\tmisere=yes  ", err, sizeof err),
			BONES_OK);
	CU_ASSERT_EQUAL(opts.values[0].i, 3);
	CU_ASSERT_EQUAL(opts.values[1].i, 1);
	CU_ASSERT_EQUAL(bones_options_apply(&opts, "", err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(bones_options_apply(&opts, NULL, err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(bones_options_apply(&opts, "rule=max players", err, sizeof err),
			BONES_EPARSE);
	CU_ASSERT_STRING_EQUAL(err, "settings: 'players' is not a setting: write name=value with "
				    "no spaces around '=' (e.g. players=4), and a value with spaces "
				    "in quotes (name=\"a b\")");
	CU_ASSERT_EQUAL(opts.values[2].i, 1); /* rule=max came first and stays */
	CU_ASSERT_EQUAL(bones_options_apply(&opts, "=4", err, sizeof err), BONES_EPARSE);
	CU_ASSERT_EQUAL(bones_options_apply(&opts, "title=\"open", err, sizeof err), BONES_EPARSE);
	CU_ASSERT_STRING_EQUAL(err, "settings: unclosed quote");
	CU_ASSERT_EQUAL(bones_options_apply(&opts, "players=9", err, sizeof err), BONES_ERANGE);
	CU_ASSERT_STRING_EQUAL(err, "players: 9 is out of range 2..4");
	bones_options_release(&opts);
}

static void test_options__the_record_text_lists_changed_values_and_reads_back(void)
{
	char buf[256];
	SETUP;
	CU_ASSERT_EQUAL(bones_options_format(&opts, false, buf, sizeof buf), 0);
	CU_ASSERT_STRING_EQUAL(buf, "");
	CU_ASSERT_EQUAL(bones_options_apply(&opts, "misere=0 players=03 title=\"A B\"", err,
					    sizeof err), BONES_OK);
	/* misere=0 is the default false: not listed; 03 is written 3. */
	const char *want = "players=3 title=\"A B\"";
	CU_ASSERT_EQUAL(bones_options_format(&opts, false, buf, sizeof buf), strlen(want));
	CU_ASSERT_STRING_EQUAL(buf, want);
	CU_ASSERT_EQUAL(bones_options_format(&opts, false, buf, 5), strlen(want));
	CU_ASSERT_STRING_EQUAL(buf, "play");
	CU_ASSERT_EQUAL(bones_options_format(&opts, false, NULL, 0), strlen(want));
	bones_options_format(&opts, true, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "players=3 misere=false rule=sum title=\"A B\" offset=-3");
	bones_options copy;
	CU_ASSERT_EQUAL_FATAL(bones_options_init(&copy, &fake, err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(bones_options_apply(&copy, buf, err, sizeof err), BONES_OK);
	for (size_t i = 0; i < fake.option_count; i++) {
		CU_ASSERT_EQUAL(copy.values[i].i, opts.values[i].i);
		CU_ASSERT_STRING_EQUAL(copy.values[i].s, opts.values[i].s);
	}
	bones_options_release(&copy);
	bones_options_release(&opts);
}

static void test_options__a_default_that_does_not_validate_fails_init(void)
{
	bones_options opts;
	char err[256];
	static const bones_option_def bad[] = {
		{"size", BONES_OPT_INT, "9", 1, 8, NULL, "too big by default"},
	};
	bones_plugin broken = fake;
	broken.options = bad;
	broken.option_count = 1;
	broken.variant_count = 0;
	CU_ASSERT_EQUAL(bones_options_init(&opts, &broken, err, sizeof err), BONES_ERANGE);
	CU_ASSERT_STRING_EQUAL(err, "size: 9 is out of range 1..8");
	CU_ASSERT_PTR_NULL(opts.values);
	CU_ASSERT_PTR_NULL(opts.texts);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"start from the schema defaults", test_options__start_from_the_schema_defaults},
		{"an int is checked for form and range", test_options__an_int_is_checked_for_form_and_range},
		{"a bool takes the usual words", test_options__a_bool_takes_the_usual_words},
		{"an enum lists its choices", test_options__an_enum_lists_its_choices},
		{"a string takes any text", test_options__a_string_takes_any_text},
		{"an unknown key lists the known ones", test_options__an_unknown_key_lists_the_known_ones},
		{"a variant applies its settings", test_options__a_variant_applies_its_settings},
		{"a settings list stops at the first bad pair", test_options__a_settings_list_stops_at_the_first_bad_pair},
		{"the record text lists changed values and reads back", test_options__the_record_text_lists_changed_values_and_reads_back},
		{"a default that does not validate fails init", test_options__a_default_that_does_not_validate_fails_init},
		{NULL, NULL}};
	return bones_test_main("options", cases);
}
