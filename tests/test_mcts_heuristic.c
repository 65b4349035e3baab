/* The mcts agent with a plugin's heuristic capability (evaluation, priors, advised
 * rollout cut-offs) and its greedy rollouts' candidates, over tests/plugins/testgame
 * ("count to N"). */
#include "bones_test.h"

#include "bones/agent.h"
#include "bones/heuristic.h"
#include "bones/registry.h"

#include <stdlib.h>
#include <string.h>

/* ---- the heuristic capability ------------------------------------------------------------ */

/* Count to 21 in steps of 1..3 with a perfect evaluation: the player to move at total t
 * loses when 21 - t is a multiple of 4. Priors name the winning step (weight 1). */
static size_t evaluate_calls; /* calls of count_evaluate */

static void count_evaluate(const void *game, const void *state, double *final)
{
	(void)game;
	evaluate_calls++;
	const int32_t *s = state; /* {total, player, last, pad} */
	bool mover_wins = (21 - s[0]) % 4 != 0;
	final[s[1]] = mover_wins;
	final[1 - s[1]] = !mover_wins;
}

static size_t priors_calls, priors_of_5; /* calls of count_priors, those with 5 moves */

static void count_priors(const void *game, const void *state, const bones_move *moves,
			 size_t n, double *weights)
{
	(void)game;
	const int32_t *s = state;
	priors_calls++;
	priors_of_5 += n == 5;
	for (size_t i = 0; i < n; i++)
		weights[i] = (bones_move)((21 - s[0]) % 4) == moves[i];
}

static const bones_heuristic count_heuristic = {.size = sizeof(bones_heuristic),
						.evaluate = count_evaluate,
						.margin_scale = 0.25,
						.priors = count_priors};

static const void *count_extension(const void *game, const char *id)
{
	(void)game;
	return !strcmp(id, BONES_HEURISTIC_ID) ? &count_heuristic : NULL;
}

/* From t = 0 plain UCT misses the win even with 10,000 iterations (the end is 21 plies
 * away); evaluating every new leaf at once (depth=0) finds it in 300. And with
 * a single iteration the one root child expanded is the one the priors favour. */
static void test_mcts__uses_the_plugins_evaluation_and_priors(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_plugin with = *pl;
	with.get_extension = count_extension;
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, &with, "target=21 max_step=3"), BONES_OK);
	bones_agent *a = bones_test_agent(&g, "mcts iterations=300 depth=0 rollout=random", 1);
	bones_agent *one = bones_test_agent(&g, "mcts iterations=1 rollout=random", 1);
	for (int t = 0; t < 21; t++) {
		if ((21 - t) % 4 == 0)
			continue;
		void *s = bones_test_count_state(&g, t, t % 2);
		CU_ASSERT_EQUAL(bones_test_choose(a, s), (bones_move)((21 - t) % 4));
		CU_ASSERT_EQUAL(bones_test_choose(one, s), (bones_move)((21 - t) % 4));
		free(s);
	}
	bones_agent_destroy(a);
	bones_agent_destroy(one);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

static const bones_heuristic *current; /* current_extension's answer */

static const void *current_extension(const void *game, const char *id)
{
	(void)game;
	return !strcmp(id, BONES_HEURISTIC_ID) ? current : NULL;
}

/* The move an agent of spec chooses from total 0 of count-to-21, the plugin pl offering
 * heuristic h. */
static bones_move choose_with_heuristic(const bones_plugin *pl, const bones_heuristic *h,
					const char *spec)
{
	bones_plugin with = *pl;
	with.get_extension = current_extension;
	current = h;
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, &with, "target=21 max_step=3"), BONES_OK);
	bones_agent *a = bones_test_agent(&g, spec, 1);
	void *s = bones_test_count_state(&g, 0, 0);
	bones_move m = bones_test_choose(a, s);
	free(s);
	bones_agent_destroy(a);
	bones_test_release(&g);
	return m;
}

/* count_priors weighs each move on its own, so a greedy rollout step may weigh a few
 * moves drawn from the legal list: sample=5 weighs 5 draws (repeats: only 3 moves are
 * legal), sample=0 the legal list. A heuristic of ABI 1.0's size has no flags: it is
 * used, but never given draws. */
static void test_mcts__greedy_rollouts_weigh_a_sample_when_priors_are_per_move(void)
{
	static const bones_heuristic per_move = {.size = sizeof(bones_heuristic),
						 .priors = count_priors,
						 .flags = BONES_HEURISTIC_PRIORS_PER_MOVE};
	static const bones_heuristic old = {.size = BONES_HEURISTIC_SIZE_1_0,
					    .priors = count_priors,
					    .flags = BONES_HEURISTIC_PRIORS_PER_MOVE};
	static const struct {
		const bones_heuristic *h;
		const char *spec;
		bool draws;
	} cases[] = {{&per_move, "mcts iterations=200 sample=5", true},
		     {&per_move, "mcts iterations=200 sample=0", false},
		     {&old, "mcts iterations=200 sample=5", false}};
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		priors_calls = priors_of_5 = 0;
		bones_move m = choose_with_heuristic(pl, cases[k].h, cases[k].spec);
		CU_ASSERT(m >= 1 && m <= 3);
		CU_ASSERT(priors_calls > 0);
		CU_ASSERT_EQUAL(priors_of_5 > 0, cases[k].draws);
	}
	bones_registry_destroy(reg);
}

/* A heuristic may advise a rollout cut-off (rollout_moves, appended in ABI 1.2): without
 * `depth` in its spec mcts then evaluates after that many rollout moves. depth=-1 still
 * plays to the end, and neither a heuristic of 1.1's size (the field unread) nor one
 * without advice cuts anything. */
static void test_mcts__cuts_rollouts_where_the_heuristic_advises(void)
{
	static const bones_heuristic advised = {.size = sizeof(bones_heuristic),
						.evaluate = count_evaluate,
						.margin_scale = 0.25,
						.rollout_moves = 2};
	static const bones_heuristic older = {.size = BONES_HEURISTIC_SIZE_1_1,
					      .evaluate = count_evaluate,
					      .margin_scale = 0.25,
					      .rollout_moves = 2};
	static const bones_heuristic silent = {.size = sizeof(bones_heuristic),
					       .evaluate = count_evaluate,
					       .margin_scale = 0.25};
	static const struct {
		const bones_heuristic *h;
		const char *spec;
		bool cut;
	} cases[] = {{&advised, "mcts iterations=200 rollout=random", true},
		     {&advised, "mcts iterations=200 rollout=random depth=-1", false},
		     {&advised, "mcts iterations=200 rollout=random depth=1", true},
		     {&older, "mcts iterations=200 rollout=random", false},
		     {&silent, "mcts iterations=200 rollout=random", false}};
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		evaluate_calls = 0;
		bones_move m = choose_with_heuristic(pl, cases[k].h, cases[k].spec);
		CU_ASSERT(m >= 1 && m <= 3);
		CU_ASSERT_EQUAL(evaluate_calls > 0, cases[k].cut);
	}
	bones_registry_destroy(reg);
}

/* The testgame's sample_move, counted: draws, those legal_moves does not list; or
 * failing every draw. */
static const bones_plugin *drawing;
static size_t draws, unlisted;
static bool fail_draws;

static bones_status counted_sample(const void *game, const void *state,
				   uint64_t (*next_random)(void *rng), void *rng, bones_move *move)
{
	draws++;
	bones_status st = fail_draws ? BONES_EILLEGAL :
		drawing->sample_move(game, state, next_random, rng, move);
	bones_move list[16];
	size_t n = drawing->legal_moves(game, state, list, NULL, 16), i = 0;
	while (st == BONES_OK && i < n && list[i] != *move)
		i++;
	unlisted += st != BONES_OK || i == n;
	return st;
}

/* The winning totals of count to 21 from `from` on where agent a misses the only
 * winning move, +((21 - t) % 4). */
static int missed_wins(bones_agent *a, const bones_test_game *g, int from)
{
	int missed = 0;
	for (int t = from; t < 21; t++) {
		if ((21 - t) % 4 == 0)
			continue;
		void *s = bones_test_count_state(g, t, t % 2);
		missed += bones_test_choose(a, s) != (bones_move)((21 - t) % 4);
		free(s);
	}
	return missed;
}

/* A plugin flagged BONES_CHEAP_SAMPLE gives greedy rollouts their candidates by
 * sample_move, never one it does not list, and the search still finds every forced win;
 * unflagged its sample_move is left alone (sample=0), and flagged with draws that fail
 * the rollouts list the moves instead. */
static void test_mcts__greedy_rollouts_draw_candidates_when_sampling_is_cheap(void)
{
	static const struct {
		uint32_t flags;
		bool fail, draws;
	} cases[] = {{BONES_CHEAP_SAMPLE, false, true}, {0, false, false},
		     {BONES_CHEAP_SAMPLE, true, true}};
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		bones_plugin with = *pl;
		with.flags |= cases[k].flags;
		with.sample_move = counted_sample;
		drawing = pl;
		draws = unlisted = 0;
		fail_draws = cases[k].fail;
		bones_test_game g;
		CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, &with, "target=21 max_step=3"),
				      BONES_OK);
		bones_agent *a = bones_test_agent(&g, "mcts iterations=3000 reuse=0", 7);
		CU_ASSERT_EQUAL(missed_wins(a, &g, 6), 0);
		CU_ASSERT_EQUAL(draws > 0, cases[k].draws);
		CU_ASSERT_EQUAL(unlisted, cases[k].fail ? draws : 0);
		bones_agent_destroy(a);
		bones_test_release(&g);
	}
	bones_registry_destroy(reg);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"uses the plugin's evaluation and priors",
		 test_mcts__uses_the_plugins_evaluation_and_priors},
		{"greedy rollouts weigh a sample when priors are per move",
		 test_mcts__greedy_rollouts_weigh_a_sample_when_priors_are_per_move},
		{"greedy rollouts draw candidates when sampling is cheap",
		 test_mcts__greedy_rollouts_draw_candidates_when_sampling_is_cheap},
		{"cuts rollouts where the heuristic advises",
		 test_mcts__cuts_rollouts_where_the_heuristic_advises},
		{NULL, NULL},
	};
	return bones_test_main("mcts heuristic", cases);
}
