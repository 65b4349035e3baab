/* Agents over the testgame plugin ("count to 10": add 1..max_step, reaching the target
 * scores 1): random plays legal moves, greedy takes the best immediate score (or the
 * lowest when low scores win), plugin agents by name, and bad specs. */
#include "bones_test.h"

#include "bones/agent.h"
#include "bones/agents_ext.h"
#include "bones/registry.h"

#include <stdlib.h>
#include <string.h>

static bool is_legal(const bones_test_game *g, const void *state, bones_move m)
{
	bones_move moves[16];
	size_t n = g->plugin->legal_moves(g->game, state, moves, NULL, 16);
	for (size_t i = 0; i < n; i++)
		if (moves[i] == m)
			return true;
	return false;
}

/* 2000 games of four random agents counting to 50 in steps of 1..5: every choice is
 * legal, every game ends, and each step size is chosen about equally often. */
static void test_agent__random_plays_only_legal_moves_uniformly(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, "players=4 target=50 max_step=5 "
							   "opening=chance"), BONES_OK);
	bones_agent *a = bones_test_agent(&g, "random", 1);
	void *s = bones_test_new_state(&g);
	bones_rng rng;
	bones_rng_seed(&rng, 2);
	long seen[6] = {0};
	for (int game = 0; game < 2000; game++) {
		g.plugin->init_state(g.game, s);
		bones_test_random_playout(&g, s, &rng, 1); /* the chance start */
		int steps = 0;
		while (g.plugin->to_move(g.game, s) >= 0 && steps++ < 100) {
			bones_move m = 0;
			CU_ASSERT_EQUAL_FATAL(bones_agent_choose(a, s, &m), BONES_OK);
			CU_ASSERT_FATAL(is_legal(&g, s, m));
			seen[m]++;
			CU_ASSERT_EQUAL_FATAL(g.plugin->apply(g.game, s, m), BONES_OK);
		}
		CU_ASSERT_EQUAL(g.plugin->to_move(g.game, s), BONES_TERMINAL);
	}
	/* about 2000 * 50/3 moves, mostly with all 5 legal: each size near 1/5 of them */
	long total = seen[1] + seen[2] + seen[3] + seen[4] + seen[5];
	for (int k = 1; k <= 5; k++)
		CU_ASSERT(seen[k] * 5 > total * 8 / 10 && seen[k] * 5 < total * 12 / 10);
	CU_ASSERT_EQUAL(bones_agent_choose(a, s, &(bones_move){0}), BONES_EINVAL);
	free(s);
	bones_agent_destroy(a);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

/* At total 8 of 10 every seed of greedy plays `want`. */
static void expect_greedy_at_8(const bones_plugin *pl, bones_move want)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, ""), BONES_OK);
	void *s = bones_test_new_state(&g);
	bones_test_play(&g, s, "+2 +2 +2 +2");
	for (uint64_t seed = 0; seed < 50; seed++) {
		bones_agent *a = bones_test_agent(&g, "greedy", seed);
		bones_move m = 0;
		CU_ASSERT_EQUAL(bones_agent_choose(a, s, &m), BONES_OK);
		CU_ASSERT_EQUAL(m, want);
		bones_agent_destroy(a);
	}
	free(s);
	bones_test_release(&g);
}

/* At total 8 of 10, "+2" reaches the target and scores 1, "+1" scores 0. */
static void test_agent__greedy_takes_the_move_that_scores(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	expect_greedy_at_8(pl, 2);
	bones_registry_destroy(reg);
}

/* The same game with BONES_LOW_SCORE_WINS: reaching 10 (1 point) is now the worst. */
static void test_agent__greedy_avoids_points_when_low_scores_win(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_plugin low = *pl;
	low.flags |= BONES_LOW_SCORE_WINS;
	expect_greedy_at_8(&low, 1);
	bones_registry_destroy(reg);
}

/* epsilon=1 always plays at random: at total 8 both moves come up; epsilon=0 never. */
static void test_agent__greedy_epsilon_mixes_in_random_moves(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, ""), BONES_OK);
	void *s = bones_test_new_state(&g);
	bones_test_play(&g, s, "+2 +2 +2 +2");
	int ones[3] = {0}; /* epsilon 0, 0.5, 1 */
	const char *specs[3] = {"greedy epsilon=0", "greedy epsilon=0.5", "greedy  epsilon=1"};
	for (int k = 0; k < 3; k++) {
		for (uint64_t seed = 0; seed < 400; seed++) {
			bones_agent *a = bones_test_agent(&g, specs[k], seed);
			bones_move m = 0;
			CU_ASSERT_EQUAL(bones_agent_choose(a, s, &m), BONES_OK);
			ones[k] += m == 1;
			bones_agent_destroy(a);
		}
	}
	/* the random move is +1 half the time: 0, about 100 and about 200 of 400 */
	CU_ASSERT_EQUAL(ones[0], 0);
	CU_ASSERT(ones[1] > 60 && ones[1] < 140);
	CU_ASSERT(ones[2] > 160 && ones[2] < 240);
	free(s);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

/* At total 0 of 50 no move scores: greedy picks among all five, by its seed. */
static void test_agent__greedy_breaks_ties_at_random_by_its_seed(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, "target=50 max_step=5"), BONES_OK);
	void *s = bones_test_new_state(&g);
	int seen[6] = {0};
	for (uint64_t seed = 0; seed < 500; seed++) {
		bones_agent *a = bones_test_agent(&g, "greedy", seed), *b = bones_test_agent(&g, "greedy", seed);
		bones_move m = 0, m2 = 0;
		CU_ASSERT_EQUAL(bones_agent_choose(a, s, &m), BONES_OK);
		CU_ASSERT_EQUAL(bones_agent_choose(b, s, &m2), BONES_OK);
		CU_ASSERT_EQUAL(m, m2);
		CU_ASSERT_FATAL(m >= 1 && m <= 5);
		seen[m]++;
		bones_agent_destroy(a);
		bones_agent_destroy(b);
	}
	for (int k = 1; k <= 5; k++)
		CU_ASSERT(seen[k] > 60 && seen[k] < 140);
	free(s);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

static void expect_error(const bones_test_game *g, const char *spec, bones_status want,
			 const char *message)
{
	bones_agent *a = (bones_agent *)1;
	char err[256] = "";
	CU_ASSERT_EQUAL(bones_agent_create(spec, g->plugin, g->game, &g->info, 1, &a, err,
					   sizeof err), want);
	CU_ASSERT_PTR_NULL(a);
	CU_ASSERT_STRING_EQUAL(err, message);
	if (strcmp(err, message))
		fprintf(stderr, "\n  got    '%s'\n  wanted '%s'\n", err, message);
}

static void test_agent__bad_specs_are_refused_with_the_known_names(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, ""), BONES_OK);
	expect_error(&g, "wizard", BONES_ENOTFOUND,
		     "agent 'wizard': unknown agent 'wizard' (known: random, greedy, mcts)");
	expect_error(&g, "", BONES_ENOTFOUND,
		     "agent '': empty agent spec (known: random, greedy, mcts)");
	expect_error(&g, "greedy depth=2", BONES_EINVAL,
		     "agent 'greedy depth=2': depth: unknown parameter (known: epsilon)");
	expect_error(&g, "random depth=2", BONES_EINVAL,
		     "agent 'random depth=2': depth: unknown parameter (this agent takes none)");
	expect_error(&g, "greedy epsilon=1.5", BONES_ERANGE,
		     "agent 'greedy epsilon=1.5': epsilon: 1.5 is out of range 0..1");
	/* whole numbers print as such, not as 1.04858e+06 */
	expect_error(&g, "mcts memory_mb=2000000", BONES_ERANGE,
		     "agent 'mcts memory_mb=2000000': memory_mb: 2000000 is out of range 1..1048576");
	expect_error(&g, "greedy epsilon=lots", BONES_EINVAL,
		     "agent 'greedy epsilon=lots': epsilon: 'lots' is not a number");
	expect_error(&g, "greedy epsilon=", BONES_EINVAL,
		     "agent 'greedy epsilon=': epsilon: '' is not a number");
	expect_error(&g, "random fast", BONES_EPARSE,
		     "agent 'random fast': 'fast': expected key=value");
	/* surrounding blanks are fine */
	bones_agent *a = bones_test_agent(&g, "  random  ", 3);
	CU_ASSERT_STRING_EQUAL(bones_agent_spec(a), "  random  ");
	bones_agent_destroy(a);
	bones_agent_destroy(NULL);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

/* A plugin agent through "bones.agents/1": "one" always adds 1, "cheat" adds 9. */
static bones_move choose_one(const void *game, const void *state,
			     uint64_t (*next_random)(void *), void *rng)
{
	(void)game, (void)state, (void)next_random, (void)rng;
	return 1;
}

static bones_move choose_cheat(const void *game, const void *state,
			       uint64_t (*next_random)(void *), void *rng)
{
	(void)game, (void)state;
	next_random(rng);
	return 9;
}

static const bones_plugin_agent test_agents[] = {
	{"one", "always adds 1", choose_one},
	{"cheat", "adds 9, which is never legal", choose_cheat},
};

static const bones_agents_ext test_ext = {sizeof(bones_agents_ext), 2, test_agents};

static const void *get_extension(const void *game, const char *id)
{
	(void)game;
	return strcmp(id, BONES_AGENTS_ID) ? NULL : &test_ext;
}

static void test_agent__plugin_agents_are_found_by_name_and_checked(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_plugin with = *pl;
	with.get_extension = get_extension;
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, &with, ""), BONES_OK);
	void *s = bones_test_new_state(&g);
	bones_agent *a = bones_test_agent(&g, "one", 5);
	bones_move m = 0;
	CU_ASSERT_EQUAL(bones_agent_choose(a, s, &m), BONES_OK);
	CU_ASSERT_EQUAL(m, 1);
	bones_agent_destroy(a);
	a = bones_test_agent(&g, "cheat", 5);
	CU_ASSERT_EQUAL(bones_agent_choose(a, s, &m), BONES_EILLEGAL);
	bones_agent_destroy(a);
	expect_error(&g, "dorothy", BONES_ENOTFOUND,
		     "agent 'dorothy': unknown agent 'dorothy' (known: random, greedy, mcts; "
		     "this game's: one, cheat)");
	expect_error(&g, "one speed=3", BONES_EINVAL,
		     "agent 'one speed=3': speed: unknown parameter (this agent takes none)");
	free(s);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

/* bones_agent_measure reads a spec as bones_agent_create does, creating nothing. */
static bones_agent_needs measured(const char *spec, const bones_test_game *g)
{
	bones_agent_needs n = {0};
	char err[256] = "";
	CU_ASSERT_EQUAL(bones_agent_measure(spec, g ? g->plugin : NULL, g ? g->game : NULL, &n,
					    err, sizeof err), BONES_OK);
	if (err[0])
		fprintf(stderr, "\n  %s\n", err);
	return n;
}

static void test_agent__measure_reads_a_spec_as_create_does(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, ""), BONES_OK);
	bones_agent_needs n = measured("greedy", &g);
	CU_ASSERT(n.threads == 1 && n.nodes == 0 && n.pool_bytes == 0);
	CU_ASSERT_EQUAL(measured("mcts threads=2 threads=64", &g).threads, 64); /* the last */
	CU_ASSERT_EQUAL(measured("mcts threads=0.64e2", &g).threads, 64);       /* strtod */
	CU_ASSERT_EQUAL(measured("mcts threads=64 threads=1", NULL).threads, 1);
	n = measured("mcts memory_mb=0.3e4", &g);
	CU_ASSERT(n.pool_bytes > (uint64_t)2990 << 20 && n.pool_bytes <= (uint64_t)3000 << 20);
	n = measured("mcts nodes=0.4e10", &g); /* one tree: as many as a tree holds */
	CU_ASSERT_EQUAL(n.nodes, 4000000000u);
	CU_ASSERT(n.pool_bytes >= n.nodes * 16);
	n = measured("mcts memory_mb=1 nodes=1000 threads=2", &g); /* nodes= over memory_mb= */
	CU_ASSERT_EQUAL(n.nodes, 1000);
	/* the parser's own errors */
	bones_agent_needs none;
	char err[256];
	CU_ASSERT_EQUAL(bones_agent_measure("mcts threads=65", pl, g.game, &none, err, sizeof err),
			BONES_ERANGE);
	CU_ASSERT_STRING_EQUAL(err, "agent 'mcts threads=65': threads: 65 is out of range 1..64");
	CU_ASSERT_EQUAL(bones_agent_measure("wizard", NULL, NULL, &none, err, sizeof err),
			BONES_ENOTFOUND);
	/* what a made agent reports for its pool */
	void *s = bones_test_count_state(&g, 0, 0);
	static const char *const specs[] = {"mcts iterations=20 nodes=50",
					    "mcts iterations=20 memory_mb=3 threads=2",
					    "mcts iterations=20 nodes=7 threads=3"};
	for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
		n = measured(specs[i], &g);
		bones_agent *a = bones_test_agent(&g, specs[i], 5);
		bones_test_choose(a, s);
		bones_search_stats st = bones_test_search_stats(a);
		CU_ASSERT_EQUAL(n.nodes, st.capacity);
		CU_ASSERT_EQUAL(n.pool_bytes, st.capacity * st.node_bytes);
		bones_agent_destroy(a);
	}
	free(s);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

static void test_agent__the_kinds_table_lists_random_and_greedy(void)
{
	const bones_agent_kind *k = bones_agent_kinds();
	CU_ASSERT_STRING_EQUAL(k[0].name, "random");
	CU_ASSERT_STRING_EQUAL(k[1].name, "greedy");
	size_t n = 0;
	for (; k[n].name; n++)
		CU_ASSERT(k[n].summary && k[n].params);
	CU_ASSERT(n >= 2);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"random plays only legal moves, uniformly",
		 test_agent__random_plays_only_legal_moves_uniformly},
		{"greedy takes the move that scores", test_agent__greedy_takes_the_move_that_scores},
		{"greedy avoids points when low scores win",
		 test_agent__greedy_avoids_points_when_low_scores_win},
		{"greedy breaks ties at random by its seed",
		 test_agent__greedy_breaks_ties_at_random_by_its_seed},
		{"greedy epsilon mixes in random moves",
		 test_agent__greedy_epsilon_mixes_in_random_moves},
		{"bad specs are refused with the known names",
		 test_agent__bad_specs_are_refused_with_the_known_names},
		{"plugin agents are found by name and checked",
		 test_agent__plugin_agents_are_found_by_name_and_checked},
		{"measure reads a spec as create does",
		 test_agent__measure_reads_a_spec_as_create_does},
		{"the kinds table lists random and greedy",
		 test_agent__the_kinds_table_lists_random_and_greedy},
		{NULL, NULL},
	};
	return bones_test_main("agent", cases);
}
