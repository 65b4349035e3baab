/* Presets' host sections: [time] (time per move, penalty, grace, forfeit) and [match]
 * (games), their errors with FILE:LINE: KEY, the command-line overrides, and the host's
 * final result under penalties and forfeit in both score directions. */
#include "bones_test.h"

#include "bones/match.h"
#include "bones/preset.h"
#include "bones/result.h"

#include <stdio.h>
#include <string.h>

#define FIXTURE(name) BONES_TEST_FIXTURES "/config/" name

static void test_config_time__a_timed_match_preset_reads_time_and_match(void)
{
	bones_preset p;
	char err[512] = "";
	CU_ASSERT_EQUAL_FATAL(bones_preset_load(FIXTURE("time_good.ini"), &p, err, sizeof err),
			      BONES_OK);
	CU_ASSERT_EQUAL(p.time.per_move_ms, 90000); /* "90s" */
	CU_ASSERT_DOUBLE_EQUAL(p.time.penalty, 5, 0);
	CU_ASSERT_EQUAL(p.time.grace_ms, 30000); /* "30": seconds */
	CU_ASSERT(p.time.forfeit);
	CU_ASSERT_EQUAL(p.time_line, 7);
	CU_ASSERT_EQUAL(p.match_games, 3);
	CU_ASSERT_EQUAL(p.match_line, 12);
}

static void test_config_time__a_preset_without_them_is_untimed_and_one_game(void)
{
	bones_preset p;
	char err[512] = "";
	CU_ASSERT_EQUAL_FATAL(bones_preset_load(FIXTURE("good.ini"), &p, err, sizeof err),
			      BONES_OK);
	CU_ASSERT_EQUAL(p.time.per_move_ms, 0);
	CU_ASSERT_EQUAL(p.time_line, 0);
	CU_ASSERT_EQUAL(p.match_games, 0);
}

static void test_config_time__a_target_without_games_is_capped_at_100(void)
{
	bones_preset p;
	char err[512] = "";
	CU_ASSERT_EQUAL_FATAL(bones_preset_load(FIXTURE("match_target.ini"), &p, err, sizeof err),
			      BONES_OK);
	CU_ASSERT_EQUAL(p.match_target, 61);
	CU_ASSERT_EQUAL(p.match_target_line, 5);
	CU_ASSERT_EQUAL(p.match_games, BONES_MATCH_TARGET_CAP);
	CU_ASSERT_EQUAL(p.match_line, 0);
}

static const struct {
	const char *file, *where, *reason;
} bad[] = {
	{"time_missing_per_move.ini", "5: per_move: ", "missing in [time]"},
	{"time_bad_duration.ini", "5: per_move: ", "'2 minutes' is not a duration"},
	{"time_negative_penalty.ini", "6: penalty: ", "'-5' is not a number of points >= 0"},
	{"time_bad_forfeit.ini", "6: forfeit: ", "'maybe' is not true or false"},
	{"time_unknown_key.ini", "6: bonus: ", "unknown key in [time]"},
	{"time_bad_games.ini", "5: games: ", "1..1000"},
	{"time_twice.ini", "6: per_move: ", "set twice in [time]"},
	{"time_zero.ini", "5: per_move: ", "more than 0"},
	{"match_bad_target.ini", "5: target: ", "expected a target score in 1..1000000"},
};

static void test_config_time__each_bad_time_or_match_key_names_file_line_and_key(void)
{
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char path[512], where[768], err[512] = "";
		snprintf(path, sizeof path, "%s/config/%s", BONES_TEST_FIXTURES, bad[i].file);
		snprintf(where, sizeof where, "%s:%s", path, bad[i].where);
		bones_preset p;
		CU_ASSERT_NOT_EQUAL(bones_preset_load(path, &p, err, sizeof err), BONES_OK);
		bool ok = !strncmp(err, where, strlen(where)) && strstr(err, bad[i].reason);
		CU_ASSERT(ok);
		if (!ok)
			fprintf(stderr, "\n%s:\n  got    '%s'\n  wanted '%s...%s...'\n", bad[i].file,
				err, where, bad[i].reason);
	}
}

static void test_config_time__command_line_overrides_replace_the_preset_values(void)
{
	bones_preset p;
	char err[512] = "";
	CU_ASSERT_EQUAL_FATAL(bones_preset_load(FIXTURE("time_good.ini"), &p, err, sizeof err),
			      BONES_OK);
	CU_ASSERT_EQUAL(bones_preset_set_time(&p, "per_move", "2m", err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(p.time.per_move_ms, 120000);
	CU_ASSERT_EQUAL(bones_preset_set_time(&p, "grace", "1500ms", err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(p.time.grace_ms, 1500);
	CU_ASSERT_EQUAL(bones_preset_set_time(&p, "forfeit", "no", err, sizeof err), BONES_OK);
	CU_ASSERT(!p.time.forfeit);
	CU_ASSERT_EQUAL(p.time.penalty, 5); /* untouched */
	CU_ASSERT_EQUAL(bones_preset_set_games(&p, "4", err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(p.match_games, 4);
	/* a bad value changes nothing and says which key */
	CU_ASSERT_NOT_EQUAL(bones_preset_set_time(&p, "per_move", "soon", err, sizeof err),
			    BONES_OK);
	CU_ASSERT_EQUAL(p.time.per_move_ms, 120000);
	CU_ASSERT(!strncmp(err, "per_move: 'soon' is not a duration", 34));
	CU_ASSERT_NOT_EQUAL(bones_preset_set_time(&p, "grace", "1e30s", err, sizeof err),
			    BONES_OK);
	CU_ASSERT_STRING_EQUAL(err, "grace: '1e30s' is not a duration of at most 30 days "
				    "(try 60, 90s, 2m, 1500ms, 3d)");
	CU_ASSERT_NOT_EQUAL(bones_preset_set_games(&p, "x", err, sizeof err), BONES_OK);
	CU_ASSERT(!strncmp(err, "games: 'x'", 10));
	CU_ASSERT_EQUAL(p.match_games, 4);
}

/* Low wins (Geominos): a penalty of 5 is added. Seat 0 had 30 and took 5 -> 35, seat 1
 * had 33 -> 33: seat 1 now wins although the plugin ranked seat 0 first. */
static void test_config_time__a_penalty_is_added_when_fewest_points_win(void)
{
	const double scores[2] = {30, 33}, pen[2] = {5, 0};
	const int plugin_ranks[2] = {1, 2};
	double fs[2];
	int fr[2];
	bones_preset_final_result(true, 2, scores, plugin_ranks, pen, -1, fs, fr);
	CU_ASSERT_DOUBLE_EQUAL(fs[0], 35, 0);
	CU_ASSERT_DOUBLE_EQUAL(fs[1], 33, 0);
	CU_ASSERT_EQUAL(fr[0], 2);
	CU_ASSERT_EQUAL(fr[1], 1);
}

/* High wins: the same penalty is subtracted, 40 - 5 = 35 < 38. */
static void test_config_time__a_penalty_is_subtracted_when_most_points_win(void)
{
	const double scores[2] = {40, 38}, pen[2] = {5, 0};
	const int plugin_ranks[2] = {1, 2};
	double fs[2];
	int fr[2];
	bones_preset_final_result(false, 2, scores, plugin_ranks, pen, -1, fs, fr);
	CU_ASSERT_DOUBLE_EQUAL(fs[0], 35, 0);
	CU_ASSERT_EQUAL(fr[0], 2);
	CU_ASSERT_EQUAL(fr[1], 1);
}

/* Without penalties the plugin's tie-break stands: equal 20s, the plugin said 2, 1. */
static void test_config_time__without_penalties_the_plugin_ranks_stand(void)
{
	const double scores[3] = {20, 20, 25}, pen[3] = {0, 0, 0};
	const int plugin_ranks[3] = {2, 1, 3};
	double fs[3];
	int fr[3];
	bones_preset_final_result(true, 3, scores, plugin_ranks, pen, -1, fs, fr);
	CU_ASSERT_EQUAL(fr[0], 2);
	CU_ASSERT_EQUAL(fr[1], 1);
	CU_ASSERT_EQUAL(fr[2], 3);
	/* a plugin whose ranks are not its scores' order keeps them too */
	const double odd[2] = {10, 30};
	const int odd_ranks[2] = {2, 1};
	bones_preset_final_result(true, 2, odd, odd_ranks, pen, -1, fs, fr);
	CU_ASSERT_EQUAL(fr[0], 2);
	CU_ASSERT_EQUAL(fr[1], 1);
	/* no plugin ranks (an unfinished game): equal scores share */
	bones_preset_final_result(true, 3, scores, NULL, pen, -1, fs, fr);
	CU_ASSERT_EQUAL(fr[0], 1);
	CU_ASSERT_EQUAL(fr[1], 1);
	CU_ASSERT_EQUAL(fr[2], 3);
}

/* A forfeit ranks last whatever the score: seat 1 has the fewest points (3 + 5 = 8)
 * but forfeited; seats 0 (20) and 2 (12) rank 2 and 1. */
static void test_config_time__the_forfeiting_seat_ranks_last(void)
{
	const double scores[3] = {20, 3, 12}, pen[3] = {0, 5, 0};
	double fs[3];
	int fr[3];
	bones_preset_final_result(true, 3, scores, NULL, pen, 1, fs, fr);
	CU_ASSERT_DOUBLE_EQUAL(fs[1], 8, 0);
	CU_ASSERT_EQUAL(fr[1], 3);
	CU_ASSERT_EQUAL(fr[0], 2);
	CU_ASSERT_EQUAL(fr[2], 1);
}

static void test_config_time__the_result_text_reads_like_a_record_result(void)
{
	const double scores[2] = {35, 12.5};
	const int ranks[2] = {2, 1};
	char buf[128];
	size_t n = bones_preset_result_text(2, scores, ranks, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "ranks 2 1; scores 35 12.5");
	CU_ASSERT_EQUAL(n, strlen(buf));
	char small[8];
	n = bones_preset_result_text(2, scores, ranks, small, sizeof small);
	CU_ASSERT_STRING_EQUAL(small, "ranks 2"); /* truncated, still terminated */
	CU_ASSERT_EQUAL(n, strlen(buf));
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"a timed match preset reads [time] and [match]",
		 test_config_time__a_timed_match_preset_reads_time_and_match},
		{"a target without games is capped at 100",
		 test_config_time__a_target_without_games_is_capped_at_100},
		{"a preset without them is untimed and one game",
		 test_config_time__a_preset_without_them_is_untimed_and_one_game},
		{"each bad [time] or [match] key names file, line and key",
		 test_config_time__each_bad_time_or_match_key_names_file_line_and_key},
		{"command-line overrides replace the preset's values",
		 test_config_time__command_line_overrides_replace_the_preset_values},
		{"a penalty is added when the fewest points win",
		 test_config_time__a_penalty_is_added_when_fewest_points_win},
		{"a penalty is subtracted when the most points win",
		 test_config_time__a_penalty_is_subtracted_when_most_points_win},
		{"without penalties the plugin's ranks stand",
		 test_config_time__without_penalties_the_plugin_ranks_stand},
		{"the forfeiting seat ranks last", test_config_time__the_forfeiting_seat_ranks_last},
		{"the result text reads like a record's Result",
		 test_config_time__the_result_text_reads_like_a_record_result},
		{NULL, NULL},
	};
	return bones_test_main("config_time", cases);
}
