/* The reference for the web's records (tests/web/records.py): `test_web_reference record
 * FILE [OPTIONS]` replays FILE's moves through a bones_table as the terminal keeps its
 * game, with the clock ticked at given times, a seat resigning, and writes the record
 * the core writes for it on stdout, to compare with the web's record of the same game.
 * Options: --time PER_MS,PENALTY,GRACE_MS,FORFEIT(0|1) --tick MS (repeated)
 * --resign SEAT (from 1) --name SEAT=NAME --preset NAME. Run without arguments it
 * checks itself on a game it plays. */
#include "bones_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/record.h"
#include "bones/registry.h"
#include "bones/table.h"

typedef struct reference {
	bones_time_control time;
	int64_t ticks[16];
	int tick_count, resign; /* resign: seat from 0, -1 none */
	const char *preset;
	bones_table_seat seats[BONES_TABLE_MAX_SEATS];
} reference;

/* The table of s's game, options and seed with s's history played on it. */
static bones_table *table_of(const bones_session *s, const reference *ref, char *err,
			     size_t errcap)
{
	bones_table_setup setup;
	memset(&setup, 0, sizeof setup);
	setup.plugin = bones_session_plugin(s);
	bones_options opts;
	if (bones_options_init(&opts, setup.plugin, err, errcap))
		return NULL;
	bones_table *t = NULL;
	setup.options = &opts, setup.seed = bones_session_seed(s), setup.time = ref->time;
	memcpy(setup.seats, ref->seats, sizeof setup.seats);
	if (!bones_options_apply(&opts, bones_session_options_text(s), err, errcap))
		bones_table_create(&setup, &t, NULL, err, errcap);
	bones_options_release(&opts);
	for (size_t i = 0; t && i < bones_session_length(s); i++)
		if (bones_table_play(t, bones_session_move_at(s, i))) {
			snprintf(err, errcap, "move %zu does not play", i + 1);
			bones_table_destroy(t), t = NULL;
		}
	return t;
}

/* The core's record of the table after the ticks and the resignation. */
static bones_status write_reference(bones_table *t, const reference *ref, FILE *f)
{
	for (int i = 0; i < ref->tick_count; i++)
		bones_table_tick(t, ref->ticks[i], NULL);
	if (ref->resign >= 0 && bones_table_resign(t, ref->resign))
		return BONES_EINVAL;
	bones_table_record rec;
	bones_table_record_init(t, &rec);
	rec.players.preset = ref->preset;
	bool was = bones_i18n_set_plain(true);
	bones_status st = bones_record_write(bones_table_session(t), &rec.players, f);
	bones_i18n_set_plain(was);
	return st;
}

static bool parse_args(int argc, char **argv, reference *ref)
{
	memset(ref, 0, sizeof *ref);
	ref->resign = -1;
	for (int i = 0; i < BONES_TABLE_MAX_SEATS; i++)
		snprintf(ref->seats[i].agent, sizeof ref->seats[i].agent, "human");
	for (int i = 3; i + 1 < argc; i += 2) {
		const char *v = argv[i + 1];
		long long per, grace;
		int forfeit, seat;
		if (!strcmp(argv[i], "--time") &&
		    sscanf(v, "%lld,%lf,%lld,%d", &per, &ref->time.penalty, &grace, &forfeit) == 4)
			ref->time.per_move_ms = per, ref->time.grace_ms = grace,
			ref->time.forfeit = forfeit != 0;
		else if (!strcmp(argv[i], "--tick") && ref->tick_count < 16)
			ref->ticks[ref->tick_count++] = strtoll(v, NULL, 10);
		else if (!strcmp(argv[i], "--resign"))
			ref->resign = atoi(v) - 1;
		else if (!strcmp(argv[i], "--preset"))
			ref->preset = v;
		else if (!strcmp(argv[i], "--name") && sscanf(v, "%d=", &seat) == 1 && seat >= 1 &&
			 seat <= BONES_TABLE_MAX_SEATS && strchr(v, '='))
			snprintf(ref->seats[seat - 1].name, sizeof ref->seats[seat - 1].name, "%s",
				 strchr(v, '=') + 1);
		else
			return false;
	}
	return (argc - 3) % 2 == 0;
}

static int reference_main(int argc, char **argv)
{
	reference ref;
	char err[1024];
	if (argc < 3 || !parse_args(argc, argv, &ref)) {
		fprintf(stderr, "usage: test_web_reference record FILE [--time P,PEN,G,F] "
				"[--tick MS]... [--resign SEAT] [--name SEAT=NAME]... [--preset NAME]\n");
		return 2;
	}
	bones_registry *reg = bones_registry_create();
	bones_registry_scan_default(reg);
	bones_session *s = NULL;
	bones_table *t = NULL;
	bones_status st = bones_record_replay(argv[2], reg, &s, err, sizeof err);
	if (!st && !(t = table_of(s, &ref, err, sizeof err)))
		st = BONES_EINVAL;
	if (!st && write_reference(t, &ref, stdout))
		snprintf(err, sizeof err, "the record cannot be written"), st = BONES_EIO;
	if (st)
		fprintf(stderr, "test_web_reference: %s: %s\n", argv[2], err);
	bones_table_destroy(t);
	bones_session_destroy(s);
	bones_registry_destroy(reg);
	return st ? 1 : 0;
}

/* The reference itself: a resigned game's record has the host's result. */
static void test_web_reference__the_reference_of_a_resigned_game(void)
{
	bones_registry *reg = bones_registry_create();
	bones_registry_scan_dir(reg, BONES_BUILD_PLUGIN_DIR);
	const bones_plugin *p = bones_registry_find(reg, "geominos");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	bones_options opts;
	char err[256];
	bones_session *s = NULL;
	CU_ASSERT_EQUAL_FATAL(bones_options_init(&opts, p, err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(bones_session_create(p, &opts, 9, &s, err, sizeof err), BONES_OK);
	bones_options_release(&opts);
	bones_session_resolve_chance(s);
	reference ref;
	char *argv[] = {"x", "record", "f", "--resign", "2", "--preset", "geominos"};
	CU_ASSERT_TRUE_FATAL(parse_args(7, argv, &ref));
	bones_table *t = table_of(s, &ref, err, sizeof err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);
	CU_ASSERT_EQUAL(write_reference(t, &ref, f), BONES_OK);
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "[Resigned \"2\"]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "[FinalResult \"ranks 1 2;"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "; Player 2 (seat 2) resigned"));
	free(text);
	bones_table_destroy(t);
	bones_session_destroy(s);
	bones_registry_destroy(reg);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "record"))
		return reference_main(argc, argv);
	static const bones_test_case cases[] = {
		{"the reference of a resigned game", test_web_reference__the_reference_of_a_resigned_game},
		{NULL, NULL}};
	return bones_test_main("web_reference", cases);
}
