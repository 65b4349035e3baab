/* The mcts tree lists the root's legal moves once per search, not once per iteration:
 * in a game that hides nothing (testgame) and, from the searcher's own seat, in one
 * that hides a secret (liar_none), where every iteration plays a new determinisation.
 * When nothing is hidden every node's list is kept too. Both games' states start
 * {total, player, ...} and every player's move raises the total, so a state with the
 * root's total and mover is the root's position, and one with a total one higher is
 * the node below the root's "+1" (no other path in the tree reaches that total). */
#include "bones_test.h"

#include "bones/agent.h"
#include "bones/heuristic.h"
#include "bones/registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const bones_plugin *inner;  /* the plugin counted_legal lists for */
static int32_t root_total, root_player;
static size_t root_lists;          /* legal_moves calls in the root's position */
static size_t child_lists;         /* and in the position after the root's "+1" */
static size_t child_priors;        /* priors asked there */
static size_t root_priors;         /* and in the root's position */

static size_t counted_legal(const void *game, const void *state, bones_move *moves,
			    double *probs, size_t cap)
{
	const int32_t *s = state;
	if (s[0] == root_total && s[1] == root_player)
		root_lists++;
	if (s[0] == root_total + 1 && s[1] >= 0 && s[1] != root_player)
		child_lists++;
	return inner->legal_moves(game, state, moves, probs, cap);
}

/* Priors that favour the smallest step, counted after the root's "+1". */
static void counted_priors(const void *game, const void *state, const bones_move *moves,
			   size_t n, double *weights)
{
	(void)game;
	const int32_t *s = state;
	child_priors += s[0] == root_total + 1 && s[1] != root_player;
	root_priors += s[0] == root_total && s[1] == root_player;
	for (size_t i = 0; i < n; i++)
		weights[i] = 1.0 / (1.0 + moves[i]);
}

static const bones_heuristic counted_heuristic = {.size = sizeof(bones_heuristic),
						  .priors = counted_priors};

static const void *counted_extension(const void *game, const char *id)
{
	(void)game;
	return !strcmp(id, BONES_HEURISTIC_ID) ? &counted_heuristic : NULL;
}

/* Search 500 iterations from the position after `moves` in the plugin of file/id, its
 * legal_moves counted; the root is listed at most twice (the search and the agent's
 * own check of the answer), and the answer is legal. When nothing is hidden the node
 * after "+1" is listed at most twice too (once by the rollout of the iteration that
 * made it, once by the tree), and it and the root are asked their priors once, whatever it expands (random
 * rollouts ask none). */
static void lists_the_root_once(const char *file, const char *id, const char *moves,
				bool hidden)
{
	bones_registry *reg = bones_test_load_plugin(file, id, &inner);
	CU_ASSERT_EQUAL(!!(inner->flags & BONES_HIDDEN_INFO), hidden);
	bones_plugin counted = *inner;
	counted.legal_moves = counted_legal;
	if (!hidden)
		counted.get_extension = counted_extension;
	bones_test_game g;
	void *s = bones_test_start(&g, &counted, "");
	bones_test_play(&g, s, moves);
	root_total = ((const int32_t *)s)[0];
	root_player = ((const int32_t *)s)[1];
	CU_ASSERT_FATAL(root_player >= 0);
	bones_agent *a = bones_test_agent(&g, "mcts iterations=500 rollout=random", 5);
	root_lists = child_lists = child_priors = root_priors = 0;
	bones_move m = bones_test_choose(a, s);
	bones_search_stats st = bones_test_search_stats(a);
	CU_ASSERT_EQUAL(st.iterations, 500);
	CU_ASSERT(root_lists >= 1);
	CU_ASSERT(root_lists <= 2);
	if (root_lists > 2)
		printf("\n%s: the root was listed %zu times in 500 iterations\n", id, root_lists);
	if (!hidden) {
		CU_ASSERT(child_lists >= 1);
		CU_ASSERT(child_lists <= 2);
		if (child_lists > 2)
			printf("\n%s: the node after +1 was listed %zu times\n", id, child_lists);
		CU_ASSERT_EQUAL(child_priors, 1);
		CU_ASSERT_EQUAL(root_priors, 1);
		if (root_priors != 1)
			printf("\n%s: the root was asked its priors %zu times\n", id, root_priors);
		if (child_priors != 1)
			printf("\n%s: the node after +1 was asked its priors %zu times\n", id,
			       child_priors);
	}
	CU_ASSERT_EQUAL(g.plugin->apply(g.game, s, m), BONES_OK);
	bones_agent_destroy(a);
	bones_test_finish(&g, s);
	bones_registry_destroy(reg);
}

static void test_mcts_lists__every_node_is_listed_once_when_nothing_is_hidden(void)
{
	lists_the_root_once("testgame.so", "testgame", "+1 +2", false);
}

static void test_mcts_lists__the_root_is_listed_once_in_every_determinisation(void)
{
	lists_the_root_once("liar_none.so", "liar_none", "s1 s2 +1", true);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"every node is listed once when nothing is hidden",
		 test_mcts_lists__every_node_is_listed_once_when_nothing_is_hidden},
		{"the root is listed once in every determinisation",
		 test_mcts_lists__the_root_is_listed_once_in_every_determinisation},
		{NULL, NULL},
	};
	return bones_test_main("mcts_lists", cases);
}
