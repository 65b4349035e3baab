/* The host's time-per-move clock and match-play bookkeeping. */
#include "bones_test.h"

#include "bones/clock.h"
#include "bones/match.h"

static void test_clock__durations_parse_with_units(void)
{
	int64_t ms;
	CU_ASSERT(bones_clock_parse_duration("60", &ms) && ms == 60000);
	CU_ASSERT(bones_clock_parse_duration("2m", &ms) && ms == 120000);
	CU_ASSERT(bones_clock_parse_duration("1500ms", &ms) && ms == 1500);
	CU_ASSERT(bones_clock_parse_duration("0.5s", &ms) && ms == 500);
	CU_ASSERT_FALSE(bones_clock_parse_duration("soon", &ms));
	CU_ASSERT(bones_clock_parse_duration("2h", &ms) && ms == 7200000);
	CU_ASSERT(bones_clock_parse_duration("3d", &ms) && ms == 3LL * 86400000);
	CU_ASSERT(bones_clock_parse_duration("30d", &ms) && ms == BONES_CLOCK_MAX_MS);
	CU_ASSERT_FALSE(bones_clock_parse_duration("31d", &ms)); /* days per move: 30 at most */
	CU_ASSERT_FALSE(bones_clock_parse_duration("1e300d", &ms));
	CU_ASSERT_FALSE(bones_clock_parse_duration("3y", &ms));
	CU_ASSERT_FALSE(bones_clock_parse_duration("-1", &ms));
}

/* A duration that would overflow the 64-bit millisecond count (undefined behaviour,
 * a negative grace in practice: the player forfeited as the time ran out) is refused,
 * as are infinity, not-a-number and anything over the documented 30 days. */
static void test_clock__durations_out_of_range_are_refused(void)
{
	int64_t ms = 7;
	static const char *const bad[] = {"1e30s", "1e30", "1e300ms", "inf", "infinity", "-inf",
					  "nan", "NAN", "-0.5s", "43201m", "2592000.001s"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		CU_ASSERT_FALSE(bones_clock_parse_duration(bad[i], &ms));
		CU_ASSERT_EQUAL(ms, 7); /* untouched */
	}
	CU_ASSERT(bones_clock_parse_duration("43200m", &ms) && ms == BONES_CLOCK_MAX_MS);
	CU_ASSERT(bones_clock_parse_duration("2592000s", &ms) && ms == 2592000000LL);
}

/* Geominos: one minute, then a 5-point penalty and one more minute, then forfeit. */
static void test_clock__penalty_once_then_grace_then_forfeit(void)
{
	bones_time_control tc = {60000, 5, 60000, true, 0, 0};
	bones_clock c;
	bool pen;
	bones_clock_init(&c, &tc);
	bones_clock_start(&c, 1000);
	CU_ASSERT_EQUAL(bones_clock_update(&c, 30000, &pen), BONES_CLOCK_RUNNING);
	CU_ASSERT_FALSE(pen);
	CU_ASSERT_EQUAL(bones_clock_remaining(&c, 30000), 31000);
	CU_ASSERT_EQUAL(bones_clock_update(&c, 61000, &pen), BONES_CLOCK_GRACE);
	CU_ASSERT_TRUE(pen);
	CU_ASSERT_EQUAL(bones_clock_update(&c, 62000, &pen), BONES_CLOCK_GRACE);
	CU_ASSERT_FALSE(pen);
	CU_ASSERT_EQUAL(bones_clock_remaining(&c, 91000), 30000);
	CU_ASSERT_EQUAL(bones_clock_update(&c, 121000, &pen), BONES_CLOCK_FORFEIT);
	bones_clock_start(&c, 200000);
	CU_ASSERT_EQUAL(bones_clock_update(&c, 200001, &pen), BONES_CLOCK_RUNNING);
}

static void test_clock__no_limit_is_off_and_never_penalises(void)
{
	bones_time_control tc = {0, 5, 0, true, 0, 0};
	bones_clock c;
	bool pen;
	bones_clock_init(&c, &tc);
	bones_clock_start(&c, 0);
	CU_ASSERT_EQUAL(bones_clock_update(&c, 1000000000, &pen), BONES_CLOCK_OFF);
	CU_ASSERT_FALSE(pen);
}

static void test_clock__without_forfeit_waits_in_overtime(void)
{
	bones_time_control tc = {1000, 5, 1000, false, 0, 0};
	bones_clock c;
	bool pen;
	bones_clock_init(&c, &tc);
	bones_clock_start(&c, 0);
	CU_ASSERT_EQUAL(bones_clock_update(&c, 5000, &pen), BONES_CLOCK_OVERTIME);
	CU_ASSERT_TRUE(pen);
}

/* A bank of 10 s with 2 s a move: the time used comes off, the increment goes on
 * after the move, and an empty bank forfeits even without forfeit (a game clock). */
static void test_clock__a_bank_runs_down_gains_the_increment_and_forfeits(void)
{
	bones_time_control tc = {0, 0, 0, false, 10000, 2000};
	bones_clock c;
	bool pen;
	CU_ASSERT_TRUE(bones_time_control_on(&tc));
	bones_clock_init(&c, &tc);
	bones_clock_start_bank(&c, 0, 10000);
	CU_ASSERT_EQUAL(bones_clock_update(&c, 4000, &pen), BONES_CLOCK_RUNNING);
	CU_ASSERT_EQUAL(bones_clock_remaining(&c, 4000), 6000);
	CU_ASSERT_EQUAL(bones_clock_bank_after(&c, 4000), 8000); /* 10 - 4 + 2 */
	bones_clock_start_bank(&c, 5000, 8000);
	CU_ASSERT_EQUAL(bones_clock_update(&c, 12999, &pen), BONES_CLOCK_RUNNING);
	CU_ASSERT_EQUAL(bones_clock_remaining(&c, 12999), 1);
	CU_ASSERT_EQUAL(bones_clock_update(&c, 13000, &pen), BONES_CLOCK_FORFEIT);
	CU_ASSERT_FALSE(pen);
	CU_ASSERT_EQUAL(bones_clock_bank_after(&c, 13000), 0); /* no increment when empty */
}

/* Per move and per game together: what is left is the lesser of the two. */
static void test_clock__per_move_and_bank_show_the_lesser(void)
{
	bones_time_control tc = {5000, 1, 0, true, 3000, 0};
	bones_clock c;
	bool pen;
	bones_clock_init(&c, &tc);
	bones_clock_start_bank(&c, 0, 30000);
	CU_ASSERT_EQUAL(bones_clock_remaining(&c, 1000), 4000);
	CU_ASSERT_EQUAL(bones_clock_update(&c, 5000, &pen), BONES_CLOCK_FORFEIT);
	CU_ASSERT_TRUE(pen);
	bones_clock_init(&c, &tc);
	bones_clock_start_bank(&c, 0, 2000);
	CU_ASSERT_EQUAL(bones_clock_remaining(&c, 1000), 1000);
	CU_ASSERT_EQUAL(bones_clock_update(&c, 2000, &pen), BONES_CLOCK_FORFEIT);
	CU_ASSERT_FALSE(pen);
}

/* Days per move read as days: "3d 0:00", not 4320 minutes. */
static void test_clock__long_times_read_in_hours_and_days(void)
{
	char buf[32];
	CU_ASSERT_STRING_EQUAL(bones_clock_text(59001, buf, sizeof buf), "1:00");
	CU_ASSERT_STRING_EQUAL(bones_clock_text(3661000, buf, sizeof buf), "1:01:01");
	CU_ASSERT_STRING_EQUAL(bones_clock_text(3LL * 86400000, buf, sizeof buf), "3d 0:00");
	CU_ASSERT_STRING_EQUAL(bones_clock_text(BONES_CLOCK_MAX_MS + 120000, buf, sizeof buf),
			       "30d 0:02");
}

static void test_match__seats_rotate_so_each_participant_starts_once(void)
{
	bones_match m;
	CU_ASSERT_EQUAL(bones_match_init(&m, 3, 3, false), BONES_OK);
	for (int g = 0; g < 3; g++) {
		CU_ASSERT_EQUAL(bones_match_seat(&m, g, g), 0);
		for (int s = 0; s < 3; s++)
			CU_ASSERT_EQUAL(bones_match_seat(&m, g, bones_match_participant(&m, g, s)), s);
	}
}

/* Two games, two participants, low wins (Geominos): game 1 seats A,B score 12,20;
 * game 2 seats B,A score 9,15. Totals A = 12 + 15 = 27, B = 20 + 9 = 29: A wins. */
static void test_match__scores_accumulate_by_participant_not_seat(void)
{
	bones_match m;
	int ranks[2];
	CU_ASSERT_EQUAL(bones_match_init(&m, 2, 2, true), BONES_OK);
	const double g1[2] = {12, 20}, g2[2] = {9, 15};
	const int r1[2] = {1, 2}, r2[2] = {1, 2};
	CU_ASSERT_EQUAL(bones_match_add(&m, g1, r1), BONES_OK);
	CU_ASSERT_EQUAL(bones_match_add(&m, g2, r2), BONES_OK);
	CU_ASSERT_EQUAL(bones_match_add(&m, g2, r2), BONES_ERANGE);
	CU_ASSERT_DOUBLE_EQUAL(m.total[0], 27, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(m.total[1], 29, 1e-9);
	CU_ASSERT_EQUAL(m.wins[0], 1);
	CU_ASSERT_EQUAL(m.wins[1], 1);
	bones_match_ranks(&m, ranks);
	CU_ASSERT_EQUAL(ranks[0], 1);
	CU_ASSERT_EQUAL(ranks[1], 2);
}

static void test_match__equal_totals_share_the_rank(void)
{
	bones_match m;
	int ranks[3];
	bones_match_init(&m, 3, 1, false);
	const double s[3] = {10, 30, 10};
	const int r[3] = {2, 1, 2};
	bones_match_add(&m, s, r);
	bones_match_ranks(&m, ranks);
	CU_ASSERT_EQUAL(ranks[0], 2);
	CU_ASSERT_EQUAL(ranks[1], 1);
	CU_ASSERT_EQUAL(ranks[2], 2);
	CU_ASSERT_EQUAL(bones_match_init(&m, 0, 1, false), BONES_EINVAL);
}

/* To 61, capped at 10 games: 30+25 = 55 after two games goes on; 55+6 = 61 ends the
 * match in game 3, the other participant far below. */
static void test_match__a_target_ends_the_match_in_the_game_that_reaches_it(void)
{
	bones_match m;
	CU_ASSERT_EQUAL(bones_match_init(&m, 2, 10, false), BONES_OK);
	CU_ASSERT_EQUAL(bones_match_set_target(&m, 61), BONES_OK);
	const double g1[2] = {30, 5}, g2[2] = {0, 25}, g3[2] = {6, 10};
	const int r[2] = {1, 2};
	bones_match_add(&m, g1, r); /* A 30, B 5 */
	CU_ASSERT_FALSE(bones_match_over(&m));
	bones_match_add(&m, g2, r); /* seats rotated: B 5, A 55 */
	CU_ASSERT_FALSE(bones_match_over(&m));
	CU_ASSERT_FALSE(bones_match_target_reached(&m));
	bones_match_add(&m, g3, r); /* A 61, B 15 */
	CU_ASSERT_DOUBLE_EQUAL(m.total[0], 61, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(m.total[1], 15, 1e-9);
	CU_ASSERT_TRUE(bones_match_target_reached(&m));
	CU_ASSERT_TRUE(bones_match_over(&m));
	CU_ASSERT_EQUAL(bones_match_add(&m, g3, r), BONES_ERANGE);
	CU_ASSERT_EQUAL(m.played, 3);
}

static void test_match__the_cap_ends_a_match_short_of_its_target(void)
{
	bones_match m;
	bones_match_init(&m, 2, 2, false);
	CU_ASSERT_EQUAL(bones_match_set_target(&m, 0), BONES_EINVAL);
	CU_ASSERT_EQUAL(bones_match_set_target(&m, 100), BONES_OK);
	const double s[2] = {10, 20};
	const int r[2] = {2, 1};
	bones_match_add(&m, s, r);
	CU_ASSERT_FALSE(bones_match_over(&m));
	bones_match_add(&m, s, r);
	CU_ASSERT_FALSE(bones_match_target_reached(&m));
	CU_ASSERT_TRUE(bones_match_over(&m));
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"durations parse with units", test_clock__durations_parse_with_units},
		{"durations out of range are refused", test_clock__durations_out_of_range_are_refused},
		{"penalty once then grace then forfeit", test_clock__penalty_once_then_grace_then_forfeit},
		{"no limit is off and never penalises", test_clock__no_limit_is_off_and_never_penalises},
		{"without forfeit waits in overtime", test_clock__without_forfeit_waits_in_overtime},
		{"a bank runs down, gains the increment and forfeits", test_clock__a_bank_runs_down_gains_the_increment_and_forfeits},
		{"per move and bank show the lesser", test_clock__per_move_and_bank_show_the_lesser},
		{"long times read in hours and days", test_clock__long_times_read_in_hours_and_days},
		{"seats rotate so each participant starts once", test_match__seats_rotate_so_each_participant_starts_once},
		{"scores accumulate by participant not seat", test_match__scores_accumulate_by_participant_not_seat},
		{"equal totals share the rank", test_match__equal_totals_share_the_rank},
		{"a target ends the match in the game that reaches it", test_match__a_target_ends_the_match_in_the_game_that_reaches_it},
		{"the cap ends a match short of its target", test_match__the_cap_ends_a_match_short_of_its_target},
		{NULL, NULL}};
	return bones_test_main("clock_match", cases);
}
