/* The mcts agent over small games: "count to N" (tests/plugins/testgame, loaded
 * through the registry), "secret count" (liar_none: chance and hidden information)
 * and a gamble defined here whose chance node sits after the decision. */
#include "bones_test.h"

#include "bones/agent.h"
#include "bones/heuristic.h"
#include "bones/registry.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- forced wins, two and more players ------------------------------------------------ */

/* Count to 21 adding 1..3: the mover wins by leaving a multiple of 4 to go, so from
 * every total t with (21 - t) % 4 != 0 the only winning move is +((21 - t) % 4). From
 * t >= 6 (up to 15 plies to the end); plain UCT needs far more iterations further out. */
static void test_mcts__finds_the_forced_win_from_every_winning_total(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, "target=21 max_step=3"), BONES_OK);
	bones_agent *a = bones_test_agent(&g, "mcts iterations=3000 reuse=0", 7);
	int checked = 0;
	for (int t = 6; t < 21; t++) {
		if ((21 - t) % 4 == 0)
			continue;
		void *s = bones_test_count_state(&g, t, t % 2);
		CU_ASSERT_EQUAL(bones_test_choose(a, s), (bones_move)((21 - t) % 4));
		free(s);
		checked++;
	}
	CU_ASSERT_EQUAL(checked, 12);
	bones_agent_destroy(a);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

/* Three players, misere (reaching 10 loses, the others win): at total 8, +2 loses at
 * once while +1 leaves 9 and forces the next player to reach 10. Whoever is to move
 * (seat 1, 2 or 3) must see that the move is good for itself. */
static void test_mcts__plays_for_itself_with_three_players(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, "players=3 misere=true"), BONES_OK);
	for (int p = 0; p < 3; p++) {
		bones_agent *a = bones_test_agent(&g, "mcts iterations=500", (uint64_t)p);
		void *s = bones_test_count_state(&g, 8, p);
		CU_ASSERT_EQUAL(bones_test_choose(a, s), 1);
		free(s);
		bones_agent_destroy(a);
	}
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

/* Four players counting to 21 in steps of 1..3 (whoever reaches it wins): mcts, in
 * each seat in turn against three random players, wins far more than its 1 in 4. */
static void test_mcts__beats_three_random_players_at_four_player_counting(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, "players=4 target=21 max_step=3"),
			      BONES_OK);
	bones_agent *m = bones_test_agent(&g, "mcts iterations=400", 3);
	bones_agent *r = bones_test_agent(&g, "random", 4);
	void *s = bones_test_new_state(&g);
	int wins = 0, games = 40;
	double sc[4];
	for (int game = 0; game < games; game++) {
		g.plugin->init_state(g.game, s);
		int who;
		while ((who = g.plugin->to_move(g.game, s)) >= 0)
			CU_ASSERT_EQUAL_FATAL(g.plugin->apply(g.game, s, bones_test_choose(who == game % 4 ? m : r,
										 s)), BONES_OK);
		g.plugin->scores(g.game, s, sc);
		wins += sc[game % 4] == 1.0;
	}
	/* a fair share is 10 of 40 (sd 2.7); 18 is three sd above, mcts wins about 23 */
	CU_ASSERT(wins >= 18);
	free(s);
	bones_agent_destroy(m);
	bones_agent_destroy(r);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

/* ---- chance ---------------------------------------------------------------------------- */

/* "Gamble": one decision, then a chance node, then the end. Move 0 wins with
 * probability 0.7 (outcome 0 of four: 0.7, 0.1, 0.1, 0.1), move 1 with 0.5 (outcome 0 of
 * two). Sampling outcomes uniformly would rate move 0 at 1/4 and choose move 1. */
typedef struct gamble_state {
	int32_t phase; /* 0: decide, 1: chance, 2: over */
	int32_t choice, outcome, pad;
} gamble_state;

static bones_status gamble_configure(const bones_host *host, const bones_value *values,
				     void **game, bones_game_info *info, char *err,
				     size_t errcap)
{
	(void)host, (void)values, (void)err, (void)errcap;
	static const int nothing;
	*game = (void *)&nothing; /* any non-NULL: the game holds nothing */
	info->players = 2;
	info->state_size = sizeof(gamble_state);
	info->max_moves = 4;
	return BONES_OK;
}

static void gamble_destroy(void *game)
{
	(void)game;
}

static void gamble_init(const void *game, void *state)
{
	(void)game;
	memset(state, 0, sizeof(gamble_state));
}

static int gamble_to_move(const void *game, const void *state)
{
	(void)game;
	int phase = ((const gamble_state *)state)->phase;
	return phase == 0 ? 0 : phase == 1 ? BONES_CHANCE : BONES_TERMINAL;
}

static size_t gamble_legal(const void *game, const void *state, bones_move *moves,
			   double *probs, size_t cap)
{
	(void)game, (void)cap;
	const gamble_state *s = state;
	static const double p4[] = {0.7, 0.1, 0.1, 0.1};
	size_t n = s->phase == 0 ? 2 : s->phase == 2 ? 0 : s->choice == 0 ? 4 : 2;
	for (size_t i = 0; i < n; i++) {
		moves[i] = (bones_move)i;
		if (probs && s->phase == 1)
			probs[i] = s->choice == 0 ? p4[i] : 0.5;
	}
	return n;
}

static bones_status gamble_apply(const void *game, void *state, bones_move m)
{
	gamble_state *s = state;
	if (m >= gamble_legal(game, state, (bones_move[4]){0}, NULL, 4))
		return BONES_EILLEGAL;
	if (s->phase == 0)
		s->choice = (int32_t)m;
	else
		s->outcome = (int32_t)m;
	s->phase++;
	return BONES_OK;
}

static void gamble_scores(const void *game, const void *state, double *scores)
{
	(void)game;
	const gamble_state *s = state;
	bool won = s->phase == 2 && s->outcome == 0;
	scores[0] = won;
	scores[1] = s->phase == 2 && !won;
}

static const bones_plugin gamble = {
	.abi_major = BONES_ABI_MAJOR,
	.abi_minor = BONES_ABI_MINOR,
	.size = sizeof(bones_plugin),
	.id = "gamble",
	.name = "Gamble",
	.min_players = 2,
	.max_players = 2,
	.flags = BONES_HAS_CHANCE,
	.configure = gamble_configure,
	.destroy_game = gamble_destroy,
	.init_state = gamble_init,
	.to_move = gamble_to_move,
	.legal_moves = gamble_legal,
	.apply = gamble_apply,
	.scores = gamble_scores,
};

static void test_mcts__samples_chance_outcomes_with_the_plugins_probabilities(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, &gamble, ""), BONES_OK);
	void *s = bones_test_new_state(&g);
	int first = 0;
	for (uint64_t seed = 0; seed < 10; seed++) {
		bones_agent *a = bones_test_agent(&g, "mcts iterations=2000 c=0.3", seed);
		first += bones_test_choose(a, s) == 0;
		bones_search_stats st = bones_test_search_stats(a);
		/* root + 2 decisions + at most their 4 + 2 outcomes (the rarely tried move 1
		 * may have seen only one of its two) */
		CU_ASSERT(st.nodes >= 7 && st.nodes <= 9);
		bones_agent_destroy(a);
	}
	CU_ASSERT_EQUAL(first, 10);
	/* widen=0.01: a chance node keeps one outcome until 0.01 * sqrt(visits) > 1, i.e.
	 * never in 2000 visits: root, two decisions, one outcome under each */
	bones_agent *w = bones_test_agent(&g, "mcts iterations=2000 widen=0.01", 1);
	bones_test_choose(w, s);
	CU_ASSERT_EQUAL(bones_test_search_stats(w).nodes, 5);
	bones_agent_destroy(w);
	free(s);
	bones_test_release(&g);
}

/* With the chance start (0 or 1, each 1/2) of count to 10 in steps of 1..2, the first
 * player wins from 0 (leaving 9) and loses from 1 (9 to go is a multiple of 3): two
 * mcts players reach exactly that result whatever the draw. */
static void test_mcts__two_searchers_reach_the_result_theory_predicts(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, "opening=chance"), BONES_OK);
	bones_agent *a = bones_test_agent(&g, "mcts iterations=1500", 1);
	bones_agent *b = bones_test_agent(&g, "mcts iterations=1500 threads=2", 2);
	void *s = bones_test_new_state(&g);
	bones_rng rng;
	bones_rng_seed(&rng, 9);
	for (int game = 0; game < 8; game++) {
		g.plugin->init_state(g.game, s);
		bones_test_random_playout(&g, s, &rng, 1);
		int start = ((int32_t *)s)[0], who;
		while ((who = g.plugin->to_move(g.game, s)) >= 0)
			g.plugin->apply(g.game, s, bones_test_choose(who ? b : a, s));
		double sc[2];
		g.plugin->scores(g.game, s, sc);
		CU_ASSERT_EQUAL(sc[0], start == 0 ? 1.0 : 0.0);
	}
	free(s);
	bones_agent_destroy(a);
	bones_agent_destroy(b);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

/* ---- hidden information --------------------------------------------------------------- */

/* Secret count: each player's secret (0..2) adds to their score and is hidden from the
 * other. For every value of the opponent's secret the same seeded search must run the
 * very same way (same move, same number of simulated moves, same tree size): the root
 * is resampled for the searcher at every iteration, so the true secret is never read. */
static void test_mcts__never_reads_the_opponents_hidden_secret(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("liar_none.so", "liar_none", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, ""), BONES_OK);
	CU_ASSERT_FATAL(g.plugin->flags & BONES_HIDDEN_INFO);
	void *s = bones_test_new_state(&g);
	for (int total = 0; total <= 8; total += 2) {
		bones_move first_move = 0;
		bones_search_stats first = {0};
		for (int secret = 0; secret < 3; secret++) {
			g.plugin->init_state(g.game, s);
			char moves[64];
			snprintf(moves, sizeof moves, "s1 s%d", secret);
			bones_test_play(&g, s, moves);
			((int32_t *)s)[0] = total; /* {total, player, last, dealt, secret[2]} */
			bones_agent *a = bones_test_agent(&g, "mcts iterations=600", 11);
			bones_move m = bones_test_choose(a, s);
			bones_search_stats st = bones_test_search_stats(a);
			if (secret == 0) {
				first_move = m;
				first = st;
			}
			CU_ASSERT_EQUAL(m, first_move);
			CU_ASSERT_EQUAL(st.sim_moves, first.sim_moves);
			CU_ASSERT_EQUAL(st.nodes, first.nodes);
			bones_agent_destroy(a);
		}
	}
	free(s);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

/* ---- budgets, memory, threads, reuse ---------------------------------------------------- */

static void test_mcts__runs_exactly_the_iterations_asked_over_all_threads(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, "target=50 max_step=5"), BONES_OK);
	void *s = bones_test_count_state(&g, 0, 0);
	static const char *const specs[] = {"mcts iterations=1", "mcts iterations=250",
					     "mcts iterations=1000 threads=3",
					     "mcts iterations=7 threads=2 rollout=greedy",
					     "mcts iterations=1001 threads=3 balance=shared",
					     "mcts iterations=5 threads=4 balance=shared"};
	static const uint64_t want[] = {1, 250, 1000, 7, 1001, 5};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		bones_agent *a = bones_test_agent(&g, specs[i], 5);
		bones_test_choose(a, s);
		CU_ASSERT_EQUAL(bones_test_search_stats(a).iterations, want[i]);
		bones_agent_destroy(a);
	}
	bones_agent *a = bones_test_agent(&g, "mcts iterations=0 time=0.2", 5);
	bones_test_choose(a, s);
	bones_search_stats st = bones_test_search_stats(a);
	CU_ASSERT(st.seconds >= 0.2); /* no upper bound: a loaded machine may be late */
	CU_ASSERT(st.iterations > 10);
	bones_agent_destroy(a);
	free(s);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

/* A host's time per move (bones_agent_set_time_limit) stops a search whose own budget
 * is far larger, and does not lengthen one whose budget is shorter. The bounds are wide:
 * a search that ignored the limit would run 30 s. */
static void test_mcts__a_time_limit_stops_a_longer_search(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, "target=50 max_step=5"), BONES_OK);
	void *s = bones_test_count_state(&g, 0, 0);
	bones_agent *a = bones_test_agent(&g, "mcts iterations=1000000000 time=30", 5);
	bones_agent_set_time_limit(a, 0.1);
	bones_test_choose(a, s);
	bones_search_stats st = bones_test_search_stats(a);
	CU_ASSERT(st.seconds >= 0.1 && st.seconds < 10);
	CU_ASSERT(st.iterations > 10 && st.iterations < 1000000000);
	bones_agent_set_time_limit(a, 0); /* removed: the spec's 30 s would apply again */
	bones_agent_destroy(a);
	a = bones_test_agent(&g, "mcts iterations=0 time=0.1", 5);
	bones_agent_set_time_limit(a, 30);
	bones_test_choose(a, s);
	st = bones_test_search_stats(a);
	CU_ASSERT(st.seconds >= 0.1 && st.seconds < 10);
	bones_agent_destroy(a);
	free(s);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

static void test_mcts__keeps_within_its_node_cap(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, "target=50 max_step=5"), BONES_OK);
	void *s = bones_test_count_state(&g, 0, 0);
	bones_agent *a = bones_test_agent(&g, "mcts iterations=5000 nodes=50", 5);
	bones_move m = bones_test_choose(a, s);
	bones_search_stats st = bones_test_search_stats(a);
	CU_ASSERT(m >= 1 && m <= 5);
	CU_ASSERT_EQUAL(st.capacity, 50);
	CU_ASSERT_EQUAL(st.nodes, 50);
	CU_ASSERT_EQUAL(st.iterations, 5000);
	bones_agent_destroy(a);
	/* memory_mb=1: at most 1 MiB of nodes (and their renumbering map) */
	a = bones_test_agent(&g, "mcts iterations=3000 memory_mb=1 threads=2", 5);
	bones_test_choose(a, s);
	st = bones_test_search_stats(a);
	CU_ASSERT(st.capacity * st.node_bytes <= (1u << 20));
	CU_ASSERT(st.node_bytes >= 16); /* a real node, not a zero */
	CU_ASSERT(st.nodes <= st.capacity);
	bones_agent_destroy(a);
	free(s);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

/* Two agents with the same spec and seed play the same moves with the same tree sizes
 * through a whole game (one thread, and two); with two threads every move is legal. */
static void test_mcts__is_deterministic_for_a_seed(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, "players=3 target=40 max_step=4"),
			      BONES_OK);
	static const char *const specs[] = {"mcts iterations=300", "mcts iterations=300 threads=2"};
	for (int k = 0; k < 2; k++) {
		bones_agent *a = bones_test_agent(&g, specs[k], 21), *b = bones_test_agent(&g, specs[k], 21);
		void *s = bones_test_new_state(&g);
		int moves = 0;
		while (g.plugin->to_move(g.game, s) >= 0) {
			bones_move ma = bones_test_choose(a, s), mb = bones_test_choose(b, s);
			CU_ASSERT_EQUAL(ma, mb);
			CU_ASSERT_EQUAL(bones_test_search_stats(a).nodes, bones_test_search_stats(b).nodes);
			CU_ASSERT_EQUAL_FATAL(g.plugin->apply(g.game, s, ma), BONES_OK);
			moves++;
		}
		CU_ASSERT(moves >= 10);
		free(s);
		bones_agent_destroy(a);
		bones_agent_destroy(b);
	}
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

/* After its move and the reply, the search starts from the subtree it had already
 * built for the new position (open information only). */
static void test_mcts__reuses_the_subtree_of_the_new_position(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, "target=30 max_step=3"), BONES_OK);
	bones_agent *a = bones_test_agent(&g, "mcts iterations=2000", 3);
	bones_agent *off = bones_test_agent(&g, "mcts iterations=2000 reuse=0", 3);
	void *s = bones_test_count_state(&g, 0, 0);
	bones_move m = bones_test_choose(a, s);
	bones_test_choose(off, s);
	CU_ASSERT_EQUAL(bones_test_search_stats(a).reused, 0);
	g.plugin->apply(g.game, s, m);
	g.plugin->apply(g.game, s, 1);
	bones_move again = bones_test_choose(a, s);
	bones_search_stats st = bones_test_search_stats(a);
	CU_ASSERT(st.reused > 10);
	CU_ASSERT(st.nodes >= st.reused);
	bones_test_choose(off, s);
	CU_ASSERT_EQUAL(bones_test_search_stats(off).reused, 0);
	CU_ASSERT(again >= 1 && again <= 3);
	free(s);
	bones_agent_destroy(a);
	bones_agent_destroy(off);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

static void test_mcts__refuses_bad_parameters_with_a_reason(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, ""), BONES_OK);
	bones_agent *a = NULL;
	char err[256];
	CU_ASSERT_EQUAL(bones_agent_create("mcts rollout=smart", g.plugin, g.game, &g.info, 1,
					   &a, err, sizeof err), BONES_EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "agent 'mcts rollout=smart': rollout: unknown value 'smart' "
				    "(known: random, greedy)");
	CU_ASSERT_EQUAL(bones_agent_create("mcts iterations=0", g.plugin, g.game, &g.info, 1,
					   &a, err, sizeof err), BONES_EINVAL);
	CU_ASSERT(strstr(err, "time=S") != NULL);
	CU_ASSERT_EQUAL(bones_agent_create("mcts threads=0", g.plugin, g.game, &g.info, 1, &a,
					   err, sizeof err), BONES_ERANGE);
	CU_ASSERT_PTR_NULL(a);
	a = bones_test_agent(&g, "mcts reward=margin rollout=greedy c=1.4 depth=3 scale=2 pw=1 widen=1", 1);
	bones_agent_destroy(a);
	CU_ASSERT_EQUAL(bones_agent_create("greedy", g.plugin, g.game, &g.info, 1, &a, err,
					   sizeof err) == BONES_OK &&
			bones_agent_search_stats(a, &(bones_search_stats){0}), BONES_EINVAL);
	bones_agent_destroy(a);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

/* Threads of this process (Linux: /proc/self/task), -1 where that is unknown. */
static int thread_count(void)
{
	DIR *d = opendir("/proc/self/task");
	if (!d)
		return -1;
	int n = 0;
	for (struct dirent *e; (e = readdir(d)) != NULL;)
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

/* threads=4 makes its three helper threads with the agent, keeps them (no new thread a
 * move) through whole games and a restricted root, and ends them with the agent; two
 * such agents of one seed still play the same moves, and balance=shared runs its whole
 * budget at every move (the shared count starts again each search). */
static void test_mcts__keeps_its_threads_from_move_to_move(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, "players=3 target=30 max_step=4"),
			      BONES_OK);
	int before = thread_count();
	for (int round = 0; round < 3; round++) {
		bones_agent *a = bones_test_agent(&g, "mcts iterations=200 threads=4", 7 + round);
		bones_agent *b = bones_test_agent(&g, "mcts iterations=200 threads=4", 7 + round);
		bones_agent *c = bones_test_agent(&g, "mcts iterations=201 threads=4 balance=shared",
						  7 + round);
		if (before > 0)
			CU_ASSERT_EQUAL(thread_count(), before + 9);
		for (int game = 0; game < 2; game++) {
			void *s = bones_test_new_state(&g);
			while (g.plugin->to_move(g.game, s) >= 0) {
				bones_move ma = bones_test_choose(a, s), mb = bones_test_choose(b, s);
				CU_ASSERT_EQUAL(ma, mb);
				CU_ASSERT_EQUAL(bones_test_search_stats(a).iterations, bones_test_search_stats(b).iterations);
				bones_test_choose(c, s);
				CU_ASSERT_EQUAL(bones_test_search_stats(c).iterations, 201);
				CU_ASSERT_EQUAL_FATAL(g.plugin->apply(g.game, s, ma), BONES_OK);
				if (before > 0)
					CU_ASSERT_EQUAL(thread_count(), before + 9);
			}
			free(s);
		}
		void *s = bones_test_count_state(&g, 28, 0);
		const bones_move one = 1;
		CU_ASSERT_EQUAL(bones_agent_restrict_root(a, &one, 1), BONES_OK);
		CU_ASSERT_EQUAL(bones_test_choose(a, s), 1);
		CU_ASSERT_EQUAL(bones_test_search_stats(a).iterations, 200);
		free(s);
		bones_agent_destroy(a);
		bones_agent_destroy(c);
		if (before > 0)
			CU_ASSERT_EQUAL(thread_count(), before + 3);
		bones_agent_destroy(b);
		if (before > 0)
			CU_ASSERT_EQUAL(thread_count(), before);
	}
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

/* At 14 of count to 21 the only win is +3: the root statistics say so, in win share and
 * margin (the winner's score is 1), cover every iteration two threads made, and a root
 * restricted to +1 values the loss after it; greedy has no root to report. */
static void test_mcts__reports_its_root_and_values_a_restricted_move(void)
{
	const bones_plugin *pl;
	bones_registry *reg = bones_test_load_plugin("testgame.so", "testgame", &pl);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, pl, "target=21 max_step=3"), BONES_OK);
	bones_agent *a = bones_test_agent(&g, "mcts iterations=2000 threads=2", 3);
	void *s = bones_test_count_state(&g, 14, 0);
	CU_ASSERT_EQUAL(bones_test_choose(a, s), 3);
	bones_search_move root[3];
	size_t n = 0;
	CU_ASSERT_EQUAL_FATAL(bones_agent_search_moves(a, root, 3, &n), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(n, 3);
	CU_ASSERT_EQUAL(root[0].move, 3);
	CU_ASSERT(root[0].visits >= root[1].visits && root[1].visits >= root[2].visits);
	CU_ASSERT_EQUAL(root[0].visits + root[1].visits + root[2].visits, 2000);
	CU_ASSERT(root[0].win > 0.9 && root[0].margin > 0.8 && root[0].reward > 0.7);
	CU_ASSERT(root[1].win < root[0].win && root[2].win < root[0].win);
	const bones_move one = 1;
	CU_ASSERT_EQUAL(bones_agent_restrict_root(a, &one, 1), BONES_OK);
	CU_ASSERT_EQUAL(bones_test_choose(a, s), 1);
	CU_ASSERT_EQUAL_FATAL(bones_agent_search_moves(a, root, 3, &n), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(n, 1);
	CU_ASSERT(root[0].move == 1 && root[0].visits == 2000 && root[0].win < 0.1);
	CU_ASSERT_EQUAL(bones_agent_restrict_root(a, NULL, 0), BONES_OK);
	CU_ASSERT_EQUAL(bones_test_choose(a, s), 3);
	bones_agent *greedy = bones_test_agent(&g, "greedy", 3);
	CU_ASSERT_EQUAL(bones_agent_search_moves(greedy, root, 3, &n), BONES_EINVAL);
	CU_ASSERT_EQUAL(bones_agent_restrict_root(greedy, &one, 1), BONES_EINVAL);
	bones_agent_destroy(greedy);
	free(s);
	bones_agent_destroy(a);
	bones_test_release(&g);
	bones_registry_destroy(reg);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"finds the forced win from every winning total",
		 test_mcts__finds_the_forced_win_from_every_winning_total},
		{"plays for itself with three players", test_mcts__plays_for_itself_with_three_players},
		{"beats three random players at four-player counting",
		 test_mcts__beats_three_random_players_at_four_player_counting},
		{"samples chance outcomes with the plugin's probabilities",
		 test_mcts__samples_chance_outcomes_with_the_plugins_probabilities},
		{"two searchers reach the result theory predicts",
		 test_mcts__two_searchers_reach_the_result_theory_predicts},
		{"never reads the opponent's hidden secret",
		 test_mcts__never_reads_the_opponents_hidden_secret},
		{"runs exactly the iterations asked over all threads",
		 test_mcts__runs_exactly_the_iterations_asked_over_all_threads},
		{"a time limit stops a longer search", test_mcts__a_time_limit_stops_a_longer_search},
		{"keeps within its node cap", test_mcts__keeps_within_its_node_cap},
		{"is deterministic for a seed", test_mcts__is_deterministic_for_a_seed},
		{"keeps its threads from move to move", test_mcts__keeps_its_threads_from_move_to_move},
		{"reuses the subtree of the new position",
		 test_mcts__reuses_the_subtree_of_the_new_position},
		{"refuses bad parameters with a reason",
		 test_mcts__refuses_bad_parameters_with_a_reason},
		{"reports its root and values a restricted move",
		 test_mcts__reports_its_root_and_values_a_restricted_move},
		{NULL, NULL},
	};
	return bones_test_main("mcts", cases);
}
