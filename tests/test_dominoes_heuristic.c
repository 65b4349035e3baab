/* Dominoes's game knowledge (plugins/dominoes/heuristic.c): the priors offered to the
 * search, the agent `keeper` that sheds a heavy tile and keeps suits to play on, and
 * that both read only the mover's hand and the line (a resampled world changes
 * nothing). */
#include "bones_test.h"

#include <stdlib.h>
#include <string.h>

#include "bones/agents_ext.h"
#include "bones/heuristic.h"

extern const bones_plugin bones_plugin_entry;

static const bones_plugin *P = &bones_plugin_entry;

static void test_dominoes_heuristic__priors_and_keeper_are_offered(void)
{
	bones_test_game g;
	void *s = bones_test_start(&g, P, "");
	const bones_heuristic *h = P->get_extension(g.game, BONES_HEURISTIC_ID);
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_PTR_NOT_NULL(h->priors);
	CU_ASSERT_PTR_NULL(h->evaluate); /* rollouts play to the end */
	CU_ASSERT(h->flags & BONES_HEURISTIC_PRIORS_PER_MOVE);
	const bones_agents_ext *a = P->get_extension(g.game, BONES_AGENTS_ID);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(a->count, 1);
	CU_ASSERT_STRING_EQUAL(a->agents[0].name, "keeper");
	bones_test_finish(&g, s);
}

/* Player 2 holds 5-6, 1-6 and 1-1 against the lead 6-6: the heavy 5-6 goes (11 pips
 * shed, 1-6 kept to play on the 6) rather than 1-6, whichever end. */
static void test_dominoes_heuristic__keeper_sheds_the_heavy_tile(void)
{
	bones_test_game g;
	void *s = bones_test_start(&g, P, "hand_size=3");
	bones_test_play(&g, s, "deal:6-6 deal:5-6 deal:0-1 deal:1-6 deal:0-2 deal:1-1 6-6");
	for (uint64_t seed = 1; seed <= 8; seed++) {
		bones_agent *a = bones_test_agent(&g, "keeper", seed);
		bones_move m;
		char text[32];
		CU_ASSERT_EQUAL_FATAL(bones_agent_choose(a, s, &m), BONES_OK);
		P->format_move(g.game, s, m, text, sizeof text);
		CU_ASSERT(strncmp(text, "5-6:", 4) == 0);
		bones_agent_destroy(a);
	}
	bones_test_finish(&g, s);
}

/* The priors of the mover's moves do not change when the others' hands and the
 * boneyard are dealt again as the mover might imagine them. */
static void test_dominoes_heuristic__priors_read_only_the_movers_view(void)
{
	bones_test_game g;
	void *s = bones_test_start(&g, P, "");
	const bones_heuristic *h = P->get_extension(g.game, BONES_HEURISTIC_ID);
	void *world = malloc(g.info.state_size);
	CU_ASSERT_PTR_NOT_NULL_FATAL(world);
	bones_rng rng;
	bones_rng_seed(&rng, 5);
	int checked = 0;
	for (int game = 0; game < 200; game++) {
		P->init_state(g.game, s);
		while (P->to_move(g.game, s) != BONES_TERMINAL) {
			int who = P->to_move(g.game, s);
			if (who >= 0) {
				bones_move moves[64];
				double w[64], again[64];
				size_t n = P->legal_moves(g.game, s, moves, NULL, 64);
				h->priors(g.game, s, moves, n, w);
				memcpy(world, s, g.info.state_size);
				P->resample(g.game, world, who, bones_rng_next_void, &rng);
				h->priors(g.game, world, moves, n, again);
				for (size_t i = 0; i < n; i++)
					CU_ASSERT(w[i] > 0 && w[i] == again[i]);
				checked++;
			}
			bones_test_random_playout(&g, s, &rng, 1);
		}
	}
	CU_ASSERT(checked > 1000);
	free(world);
	bones_test_finish(&g, s);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"priors and keeper are offered",
		 test_dominoes_heuristic__priors_and_keeper_are_offered},
		{"keeper sheds the heavy tile", test_dominoes_heuristic__keeper_sheds_the_heavy_tile},
		{"priors read only the mover's view",
		 test_dominoes_heuristic__priors_read_only_the_movers_view},
		{NULL, NULL},
	};
	return bones_test_main("dominoes_heuristic", cases);
}
