/* Analysis of played games (bones/analysis.h): the verdict thresholds, the one winning
 * move of a count-to-21 position found and its losing alternative called a blunder,
 * greedy's moves judged worse than mcts's over 20 seeded Holomino games, the mover's
 * view alone (hidden secrets), the analysis written into a record that still replays. */
#include "bones_test.h"

#include "bones/agent.h"
#include "bones/analysis.h"
#include "bones/options.h"
#include "bones/record.h"
#include "bones/registry.h"
#include "bones/session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bones_registry *registry(void)
{
	bones_registry *reg = bones_registry_create();
	CU_ASSERT_FATAL(reg != NULL);
	bones_registry_load(reg, BONES_TEST_PLUGIN_DIR "/testgame.so");
	bones_registry_load(reg, BONES_TEST_PLUGIN_DIR "/liar_none.so");
	bones_registry_scan_dir(reg, BONES_BUILD_PLUGIN_DIR);
	return reg;
}

static const bones_plugin *plugin(bones_registry *reg, const char *id)
{
	const bones_plugin *pl = bones_registry_find(reg, id);
	CU_ASSERT_FATAL(pl != NULL);
	return pl;
}

/* Thresholds 0.1/0.2/0.3 in win share and 5/10/20 points: the worse verdict counts. */
static void test_analysis__verdicts_follow_the_worse_of_win_and_margin_loss(void)
{
	bones_analysis_thresholds t = {{0.1, 0.2, 0.3}, {5, 10, 20}};
	CU_ASSERT_EQUAL(bones_analysis_verdict(&t, 0.6, 3, 0.6, 3), BONES_VERDICT_BEST);
	CU_ASSERT_EQUAL(bones_analysis_verdict(&t, 0.6, 3, 0.7, 4), BONES_VERDICT_BEST);
	CU_ASSERT_EQUAL(bones_analysis_verdict(&t, 0.6, 3, 0.55, 0), BONES_VERDICT_GOOD);
	CU_ASSERT_EQUAL(bones_analysis_verdict(&t, 0.6, 3, 0.45, 3), BONES_VERDICT_INACCURACY);
	CU_ASSERT_EQUAL(bones_analysis_verdict(&t, 0.6, 3, 0.6, -8), BONES_VERDICT_MISTAKE);
	CU_ASSERT_EQUAL(bones_analysis_verdict(&t, 0.6, 3, 0.25, 0), BONES_VERDICT_BLUNDER);
	CU_ASSERT_EQUAL(bones_analysis_verdict(&t, 0.6, 3, 0.55, -20), BONES_VERDICT_BLUNDER);
	t.points[0] = t.points[1] = t.points[2] = 0; /* margin not judged */
	CU_ASSERT_EQUAL(bones_analysis_verdict(&t, 0.6, 3, 0.55, -100), BONES_VERDICT_GOOD);
	bones_analysis_thresholds h = bones_analysis_thresholds_for("hegemino");
	bones_analysis_thresholds other = bones_analysis_thresholds_for("no-such-game");
	CU_ASSERT(h.points[0] > 0 && other.points[0] == 0 && other.win[1] > 0);
	CU_ASSERT_STRING_EQUAL(bones_analysis_verdict_name(BONES_VERDICT_MISTAKE), "mistake");
}

/* Count to 21 in steps of 1..3 (who reaches 21 wins): the mover wins by leaving a
 * multiple of 4 to go. At 12 p1 wins with +1; p2, lost at 13, plays +1; at 14 the only
 * winning step is +3, and p1 plays +1 instead. */
static bones_session *count_game(const bones_plugin *pl)
{
	bones_session *s = bones_test_session(pl, "target=21 max_step=3", 1);
	CU_ASSERT_FATAL(bones_session_resolve_chance(s) == BONES_OK);
	const char *moves[] = {"+3", "+3", "+3", "+3", "+1", "+1", "+1"}; /* to 15 */
	char err[256];
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
		CU_ASSERT_EQUAL_FATAL(bones_session_play_text(s, moves[i], err, sizeof err),
				      BONES_OK);
	return s;
}

static void test_analysis__prefers_the_one_winning_move_and_calls_the_other_a_blunder(void)
{
	bones_registry *reg = registry();
	bones_session *s = count_game(plugin(reg, "testgame"));
	bones_analysis an;
	bones_analysis_options o = {"mcts iterations=2000", 0, 5, NULL, NULL, NULL, NULL};
	char err[256];
	CU_ASSERT_EQUAL_FATAL(bones_analysis_run(&an, s, &o, err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(an.count, 7);
	const bones_analysis_move *m = &an.moves[6]; /* at 14: +1 played, +3 wins */
	CU_ASSERT_EQUAL(m->mover, 0);
	CU_ASSERT_EQUAL(m->played, 1);
	CU_ASSERT_EQUAL(m->preferred, 3);
	CU_ASSERT(m->win_before > 0.9);
	CU_ASSERT(m->win_after < 0.1);
	CU_ASSERT_EQUAL(m->verdict, BONES_VERDICT_BLUNDER);
	CU_ASSERT_EQUAL(an.moves[4].verdict, BONES_VERDICT_BEST); /* 12 +1: wins */
	CU_ASSERT_EQUAL(an.moves[4].played, an.moves[4].preferred);
	bones_analysis_release(&an);
	bones_session_destroy(s);
	bones_registry_destroy(reg);
}

/* A game of Holomino, seat greedy_seat to greedy and the other to mcts, seeded. */
static bones_session *holomino_game(const bones_plugin *pl, uint64_t seed, int greedy_seat)
{
	bones_session *s = bones_test_session(pl, "", seed);
	const bones_game_info *info = bones_session_info(s);
	bones_agent *agents[2];
	char err[256];
	for (int k = 0; k < 2; k++)
		CU_ASSERT_EQUAL_FATAL(bones_agent_create(k == greedy_seat ? "greedy" :
							 "mcts iterations=100 memory_mb=4", pl,
							 bones_session_game(s), info, seed + (uint64_t)k,
							 &agents[k], err, sizeof err), BONES_OK);
	for (int steps = 0; steps < 1000; steps++) {
		CU_ASSERT_FATAL(bones_session_resolve_chance(s) == BONES_OK);
		int who = bones_session_to_move(s);
		if (who < 0)
			break;
		bones_move m;
		CU_ASSERT_FATAL(bones_agent_choose(agents[who], bones_session_state(s), &m) ==
				BONES_OK);
		CU_ASSERT_FATAL(bones_session_play(s, m) == BONES_OK);
	}
	CU_ASSERT_EQUAL(bones_session_to_move(s), BONES_TERMINAL);
	bones_agent_destroy(agents[0]);
	bones_agent_destroy(agents[1]);
	return s;
}

/* 20 games, greedy in seat 1 of the even ones: analysed by mcts at 100 iterations,
 * greedy's mistakes and blunders outnumber mcts's. */
static void test_analysis__flags_more_mistakes_for_greedy_than_for_mcts(void)
{
	bones_registry *reg = registry();
	const bones_plugin *pl = plugin(reg, "holomino");
	size_t bad[2] = {0, 0}, moves[2] = {0, 0}; /* [0] greedy, [1] mcts */
	for (int g = 0; g < 20; g++) {
		int greedy_seat = g % 2;
		bones_session *s = holomino_game(pl, (uint64_t)(100 + g / 2), greedy_seat);
		bones_analysis an;
		bones_analysis_options o = {"mcts iterations=100 memory_mb=4", 0, (uint64_t)g, NULL, NULL,
					    NULL, NULL};
		char err[256];
		CU_ASSERT_EQUAL_FATAL(bones_analysis_run(&an, s, &o, err, sizeof err), BONES_OK);
		for (size_t i = 0; i < an.count; i++) {
			int who = an.moves[i].mover != greedy_seat;
			moves[who]++;
			bad[who] += an.moves[i].verdict >= BONES_VERDICT_MISTAKE;
		}
		bones_analysis_release(&an);
		bones_session_destroy(s);
	}
	printf("\n  mistakes and blunders: greedy %zu of %zu moves, mcts %zu of %zu\n",
	       bad[0], moves[0], bad[1], moves[1]);
	CU_ASSERT(moves[0] > 100 && moves[1] > 100);
	CU_ASSERT(bad[0] > bad[1]);
	bones_registry_destroy(reg);
}

/* The record with the analysis in it replays to the same game, carries the tag and a
 * comment per analysed move, and a second analysis replaces the first. */
static void test_analysis__written_into_a_record_that_still_replays(void)
{
	bones_registry *reg = registry();
	bones_session *s = count_game(plugin(reg, "testgame"));
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	CU_ASSERT_FATAL(f != NULL);
	CU_ASSERT_EQUAL_FATAL(bones_record_write(s, NULL, f), BONES_OK);
	fclose(f);
	bones_analysis an;
	bones_analysis_options o = {"mcts iterations=300", 0, 1, NULL, NULL, NULL, NULL};
	char err[256], *once = NULL, *twice = NULL;
	size_t once_len = 0, twice_len = 0;
	CU_ASSERT_EQUAL_FATAL(bones_analysis_run(&an, s, &o, err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(bones_analysis_annotate(&an, s, 1, "mcts iterations=300; seed 1",
						      text, len, &once, &once_len), BONES_OK);
	CU_ASSERT_EQUAL(bones_analysis_annotate(&an, s, 1, "x\"y", text, len, &twice,
						&twice_len), BONES_EINVAL);
	CU_ASSERT_EQUAL_FATAL(bones_analysis_annotate(&an, s, 1, "mcts iterations=300; seed 1",
						      once, once_len, &twice, &twice_len),
			      BONES_OK);
	CU_ASSERT_EQUAL(once_len, twice_len);
	CU_ASSERT(once_len == twice_len && !memcmp(once, twice, once_len));
	CU_ASSERT(strstr(once, "[Analysis \"mcts iterations=300; seed 1\"]\n") != NULL);
	CU_ASSERT(strstr(once, "7. p1 +1 ; analysis: blunder, win ") != NULL);
	size_t comments = 0;
	for (const char *p = once; (p = strstr(p, "; analysis: ")); p++)
		comments++;
	CU_ASSERT_EQUAL(comments, an.count);
	FILE *in = fmemopen(once, once_len, "r");
	bones_session *back = NULL;
	CU_ASSERT_EQUAL(bones_record_read(in, "annotated", reg, &back, err, sizeof err),
			BONES_OK);
	fclose(in);
	CU_ASSERT_FATAL(back != NULL);
	CU_ASSERT_EQUAL(bones_session_length(back), bones_session_length(s));
	CU_ASSERT_EQUAL(memcmp(bones_session_state(back), bones_session_state(s),
			       bones_session_info(s)->state_size), 0);
	bones_session_destroy(back);
	free(text);
	free(once);
	free(twice);
	bones_analysis_release(&an);
	bones_session_destroy(s);
	bones_registry_destroy(reg);
}

/* Secret count (each player's hidden secret 0..2 adds to their score): p1's moves are
 * judged the same, to the bit, whatever p2's secret, which p1 could not see. */
static void test_analysis__judges_from_the_movers_view_only(void)
{
	bones_registry *reg = registry();
	const bones_plugin *pl = plugin(reg, "liar_none");
	CU_ASSERT_FATAL(pl->flags & BONES_HIDDEN_INFO);
	bones_analysis first = {0};
	for (int secret = 0; secret < 3; secret++) {
		bones_session *s = bones_test_session(pl, "", 1);
		char moves[64], err[256];
		snprintf(moves, sizeof moves, "s1 s%d +1 +2 +1", secret);
		for (char *w = strtok(moves, " "); w; w = strtok(NULL, " "))
			CU_ASSERT_EQUAL_FATAL(bones_session_play_text(s, w, err, sizeof err),
					      BONES_OK);
		bones_analysis an;
		bones_analysis_options o = {"mcts iterations=300", 0, 9, NULL, NULL, NULL, NULL};
		CU_ASSERT_EQUAL_FATAL(bones_analysis_run(&an, s, &o, err, sizeof err), BONES_OK);
		CU_ASSERT_EQUAL_FATAL(an.count, 3);
		if (!secret)
			first = an;
		for (size_t i = 0; i < an.count; i += 2) { /* p1's moves: 3 and 5 */
			const bones_analysis_move *a = &an.moves[i], *b = &first.moves[i];
			CU_ASSERT_EQUAL(a->mover, 0);
			CU_ASSERT_EQUAL(a->preferred, b->preferred);
			CU_ASSERT_EQUAL(a->verdict, b->verdict);
			CU_ASSERT(a->win_before == b->win_before && a->win_after == b->win_after);
			CU_ASSERT(a->margin_before == b->margin_before &&
				  a->margin_after == b->margin_after);
		}
		if (secret)
			bones_analysis_release(&an);
		bones_session_destroy(s);
	}
	bones_analysis_release(&first);
	bones_registry_destroy(reg);
}

/* An agent that does not search cannot analyse, and says so. */
static void test_analysis__refuses_an_agent_that_does_not_search(void)
{
	bones_registry *reg = registry();
	bones_session *s = count_game(plugin(reg, "testgame"));
	bones_analysis an;
	bones_analysis_options o = {"greedy", 0, 1, NULL, NULL, NULL, NULL};
	char err[256] = "";
	CU_ASSERT_EQUAL(bones_analysis_run(&an, s, &o, err, sizeof err), BONES_EINVAL);
	CU_ASSERT(strstr(err, "agent 'greedy': analysis needs a searching agent") != NULL);
	CU_ASSERT(an.moves == NULL && an.count == 0);
	bones_session_destroy(s);
	bones_registry_destroy(reg);
}

/* Stops after `after` moves: the cancellation callback. */
static bool stop_after(void *ctx)
{
	size_t *left = ctx;
	return (*left)-- == 0;
}

/* A cancelled analysis stops before the next move and keeps the moves done. */
static void test_analysis__stops_when_cancelled_keeping_the_moves_done(void)
{
	bones_registry *reg = registry();
	bones_session *s = count_game(plugin(reg, "testgame"));
	bones_analysis an;
	size_t left = 3;
	bones_analysis_options o = {"mcts iterations=50", 0, 1, NULL, NULL, &left, NULL};
	o.cancelled = stop_after;
	char err[256] = "";
	CU_ASSERT_EQUAL(bones_analysis_run(&an, s, &o, err, sizeof err), BONES_ERANGE);
	CU_ASSERT_EQUAL(an.count, 3);
	CU_ASSERT_STRING_EQUAL(err, "the analysis was stopped");
	bones_analysis_release(&an);
	bones_session_destroy(s);
	bones_registry_destroy(reg);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"verdicts follow the worse of win and margin loss",
		 test_analysis__verdicts_follow_the_worse_of_win_and_margin_loss},
		{"prefers the one winning move and calls the other a blunder",
		 test_analysis__prefers_the_one_winning_move_and_calls_the_other_a_blunder},
		{"flags more mistakes for greedy than for mcts",
		 test_analysis__flags_more_mistakes_for_greedy_than_for_mcts},
		{"written into a record that still replays",
		 test_analysis__written_into_a_record_that_still_replays},
		{"judges from the mover's view only", test_analysis__judges_from_the_movers_view_only},
		{"refuses an agent that does not search",
		 test_analysis__refuses_an_agent_that_does_not_search},
		{"stops when cancelled, keeping the moves done",
		 test_analysis__stops_when_cancelled_keeping_the_moves_done},
		{NULL, NULL}};
	return bones_test_main("analysis", cases);
}
