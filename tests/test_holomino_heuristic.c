/* Holomino's heuristic capability ("bones.heuristic/1"): priors on worked positions
 * (scoring first, no hole handed to the next player), evaluate on a worked example and
 * against brute force over random states, and that neither writes the state. */
#include "bones_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../plugins/holomino/holomino.h"
#include "bones/heuristic.h"

extern const bones_plugin bones_plugin_entry;

static const bones_plugin *P = &bones_plugin_entry;

#define MAXM 4096

static void *start(bones_test_game *g, const char *settings)
{
	return bones_test_start(g, P, settings);
}


static const bones_heuristic *heuristic(const bones_test_game *g)
{
	const bones_heuristic *h = P->get_extension(g->game, BONES_HEURISTIC_ID);
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	return h;
}

/* The prior of the move written as text among all legal moves of s (-1 if not legal). */
static double prior_of(const bones_test_game *g, const void *s, const char *text)
{
	bones_move moves[MAXM], m;
	double w[MAXM];
	size_t n = P->legal_moves(g->game, s, moves, NULL, MAXM);
	CU_ASSERT_EQUAL_FATAL(P->parse_move(g->game, s, text, &m), BONES_OK);
	heuristic(g)->priors(g->game, s, moves, n, w);
	for (size_t i = 0; i < n; i++)
		if (moves[i] == m)
			return w[i];
	return -1;
}

static void test_holomino_heuristic__is_offered_with_both_functions_and_a_margin(void)
{
	bones_test_game g;
	void *s = start(&g, "");
	const bones_heuristic *h = heuristic(&g);
	CU_ASSERT_EQUAL(h->size, sizeof(bones_heuristic));
	CU_ASSERT(h->flags & BONES_HEURISTIC_PRIORS_PER_MOVE);
	CU_ASSERT_PTR_NOT_NULL(h->evaluate);
	CU_ASSERT_PTR_NOT_NULL(h->priors);
	CU_ASSERT(h->margin_scale > 0);
	bones_test_finish(&g, s);
}

/* mcts cuts its rollouts after 8 moves for the evaluation unless told otherwise
 * (measured in docs/ai.md), whatever the number of players. */
static void test_holomino_heuristic__advises_a_rollout_cut_off(void)
{
	static const char *const settings[] = {"players=2", "players=3", "players=4"};
	for (int k = 0; k < 3; k++) {
		bones_test_game g;
		void *s = start(&g, settings[k]);
		CU_ASSERT_EQUAL(heuristic(&g)->rollout_moves, 8);
		bones_test_finish(&g, s);
	}
}

/* The rule sheet's first hole (see test_holomino.c): player 1 holds 123, 146, 456, 124;
 * 123@1,-1 closes 5 + 2 + 3 = 10 and weighs 1 + 10 = 11 (the other cell it touches,
 * (0,-1), already had its hole of 9 ready and keeps it: nothing handed over). Every
 * other placement scores nothing, so its weight is far lower. */
static const char *const first_hole =
	"draw:135 draw:123 draw:146 draw:245 draw:256 draw:346 draw:235"
	" draw:456 135@1,0 draw:156 346@-1,0 draw:124";

static void test_holomino_heuristic__a_scoring_placement_outweighs_every_other(void)
{
	bones_test_game g;
	void *s = start(&g, "");
	bones_test_play(&g, s, first_hole);
	bones_move moves[MAXM], best;
	double w[MAXM];
	size_t n = P->legal_moves(g.game, s, moves, NULL, MAXM);
	CU_ASSERT_FATAL(n > 5);
	CU_ASSERT_EQUAL_FATAL(P->parse_move(g.game, s, "123@1,-1", &best), BONES_OK);
	heuristic(&g)->priors(g.game, s, moves, n, w);
	size_t found = 0;
	for (size_t i = 0; i < n; i++) {
		if (moves[i] == best) {
			CU_ASSERT_DOUBLE_EQUAL(w[i], 11.0, 1e-9);
			found++;
		} else {
			CU_ASSERT(w[i] < 6.0);
			CU_ASSERT(w[i] >= 0.05);
		}
	}
	CU_ASSERT_EQUAL(found, 1);
	bones_test_finish(&g, s);
}

/* The start tile 235 (c1 2, c3 3, c5 5); player 1 holds 135, 146, 456 and draws 124.
 * 135@1,0 (turned 3 5 1) sets up the hole 5 + 2 + 3 = 10 at (1,-1), which 123, 234 and
 * 236 close; 135@-1,0 (turned 5 1 3) sets up 5 + 2 + 3 = 10 at (0,-1), closed by 152,
 * 245 and 265. Neither scores now. With 123 in player 2's pool the first hands them
 * 10 points: 1 - 10 floors at 0.05. The second is closed only if they draw one of its
 * 3 tiles from the 32 of the supply: 1 - 10 x 3/32 = 0.0625. */
static void test_holomino_heuristic__a_hole_the_opponent_can_close_is_weighted_lower(void)
{
	bones_test_game g;
	void *s = start(&g, "");
	bones_test_play(&g, s, "draw:135 draw:146 draw:456 draw:123 draw:134 draw:126"
			       " draw:235 draw:124");
	CU_ASSERT_DOUBLE_EQUAL(prior_of(&g, s, "135@1,0"), 0.05, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(prior_of(&g, s, "135@-1,0"), 1 - 10 * 3.0 / 32, 1e-9);
	CU_ASSERT(prior_of(&g, s, "135@1,0") < prior_of(&g, s, "135@-1,0"));
	bones_test_finish(&g, s);
}

/* The same 135@1,0, but player 1 keeps the key tile 123 and player 2 (456, 134, 126)
 * has none: they close it only by drawing 234 or 236 (2 of 32), and player 1's own
 * pool closes it otherwise, for half its value:
 * 1 - 10 x 2/32 + 0.5 x (1 - 2/32) x 10 = 1 - 0.625 + 4.6875 = 5.0625. */
static void test_holomino_heuristic__a_hole_only_the_mover_can_close_is_weighted_higher(void)
{
	bones_test_game g;
	void *s = start(&g, "");
	bones_test_play(&g, s, "draw:135 draw:146 draw:123 draw:456 draw:134 draw:126"
			       " draw:235 draw:124");
	double own = prior_of(&g, s, "135@1,0");
	CU_ASSERT_DOUBLE_EQUAL(own, 5.0625, 1e-9);
	CU_ASSERT(own > 1.0);
	bones_test_finish(&g, s);
}

/* The first-hole position with player 2 drawing 142 instead of 156: player 1 (to move)
 * closes 10 at (1,-1) with 123; player 2's 142 would close the hole of 4 + 2 + 3 = 9 at
 * (0,-1). Scores are 0 - 0, so evaluate = (0 + 10, 0 + 0.5 x 9) = (10, 4.5). */
static void test_holomino_heuristic__evaluate_adds_the_best_gain_at_hand(void)
{
	bones_test_game g;
	void *s = start(&g, "");
	bones_test_play(&g, s, "draw:135 draw:123 draw:146 draw:245 draw:256 draw:346 draw:235"
			       " draw:456 135@1,0 draw:142 346@-1,0 draw:124");
	double est[2];
	heuristic(&g)->evaluate(g.game, s, est);
	CU_ASSERT_DOUBLE_EQUAL(est[0], 10.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(est[1], 4.5, 1e-9);
	bones_test_play(&g, s, "123@1,-1 draw:125");
	/* player 1 has 10; player 2 to move still closes 9 with 142; player 1's 146, 456,
	 * 124 fit no ready hole: (10 + 0, 0 + 9) */
	heuristic(&g)->evaluate(g.game, s, est);
	CU_ASSERT_DOUBLE_EQUAL(est[0], 10.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(est[1], 9.0, 1e-9);
	bones_test_finish(&g, s);
}

/* Brute force: the most player p could score with one placement from s (applying
 * every legal placement to a copy in which p is to move). */
static double best_gain(const bones_test_game *g, const void *s, int p, void *tmp,
			bones_move *moves)
{
	memcpy(tmp, s, g->info.state_size);
	((hm_state *)tmp)->player = (uint8_t)p;
	((hm_state *)tmp)->phase = HM_PHASE_MOVE;
	size_t n = P->legal_moves(g->game, tmp, moves, NULL, MAXM);
	double best = 0, sc[HM_MAX_PLAYERS];
	for (size_t i = 0; i < n; i++) {
		if (hm_kind(moves[i]) != HM_PLACE)
			continue;
		memcpy(tmp, s, g->info.state_size);
		((hm_state *)tmp)->player = (uint8_t)p;
		((hm_state *)tmp)->phase = HM_PHASE_MOVE;
		CU_ASSERT_EQUAL_FATAL(P->apply(g->game, tmp, moves[i]), BONES_OK);
		P->scores(g->game, tmp, sc);
		double gain = sc[p] - ((const hm_state *)s)->score[p];
		if (gain > best)
			best = gain;
	}
	return best;
}

static int32_t points_at(const bones_test_game *g, const hm_state *s, int c)
{
	uint8_t hole[3];
	int n = hm_holes_at(g->game, s, c, hole, NULL);
	return n ? hm_points(g->game, n, hole) : 0;
}

static bool pool_fits(const hm_game *hg, const hm_state *s, int p, int pat, int except)
{
	for (int i = 0; i < s->pool_n[p]; i++) {
		int t = s->pool[p][i];
		if (t != except && hm_has(hg->fit + (size_t)pat * HM_WORDS, t))
			return true;
	}
	return false;
}

/* The chance that the next player fills a cell of pattern pat: 1 with a fitting pool
 * tile, else the fitting share of the supply (their draw). */
static double next_chance(const hm_game *hg, const hm_state *s, int pat)
{
	int next = (s->player + 1) % hg->players, n = 0;
	if (pool_fits(hg, s, next, pat, -1))
		return 1.0;
	for (int t = 0; t < hg->ntiles; t++)
		n += hm_has(s->supply, t) && hm_has(hg->fit + (size_t)pat * HM_WORDS, t);
	return s->supply_n ? (double)n / s->supply_n : 0.0;
}

/* The prior the rule of thumb gives placement m, found by applying it to a copy: 1 +
 * its points, minus for each empty neighbour the points it would then score times the
 * next player's chance to fill it (less what it offered them before; a loss for them
 * counts half), plus half of what it gains when only the mover's pool can fill it. */
static double reference_weight(const bones_test_game *g, const hm_state *s, bones_move m,
			       hm_state *after)
{
	const hm_game *hg = g->game;
	memcpy(after, s, g->info.state_size);
	CU_ASSERT_EQUAL_FATAL(P->apply(g->game, after, m), BONES_OK);
	double w = 1.0 + (after->score[s->player] - s->score[s->player]);
	for (int j = 0; j < 6; j++) {
		int ea = hm_find(hg, after, hm_q(m) + bones_hex_dirs[j].q,
					     hm_r(m) + bones_hex_dirs[j].r);
		int eb = hm_find(hg, s, hm_q(m) + bones_hex_dirs[j].q,
					     hm_r(m) + bones_hex_dirs[j].r);
		if (ea < 0 || hm_ccells(hg, after)[ea].placed)
			continue;
		int pa = hm_ccells(hg, after)[ea].pat;
		int32_t va = points_at(g, after, ea), vb = eb >= 0 ? points_at(g, s, eb) : 0;
		double ca = va ? next_chance(hg, s, pa) : 0.0;
		double cb = vb ? next_chance(hg, s, hm_ccells(hg, s)[eb].pat) : 0.0;
		double handed = ca * va - cb * vb;
		w -= handed > 0 ? handed : 0.5 * handed;
		if (va > vb && pool_fits(hg, s, s->player, pa, hm_tile(m)))
			w += 0.5 * (1.0 - ca) * (va - vb);
	}
	return w > 0.05 ? w : 0.05;
}

/* One player state: priors and evaluate leave it untouched, priors are at least 0.05
 * and those of placements match reference_weight, and evaluate is the scores plus
 * the brute-force best gains (in full for the player to move, half for the others). */
static bool check_state(const bones_test_game *g, const void *s, void *copy, void *tmp,
			bones_move *moves, double *w)
{
	const bones_heuristic *h = heuristic(g);
	const hm_state *st = s;
	bool ok = true;
	memcpy(copy, s, g->info.state_size);
	size_t n = P->legal_moves(g->game, s, moves, NULL, MAXM);
	h->priors(g->game, s, moves, n, w);
	/* BONES_HEURISTIC_PRIORS_PER_MOVE: a move's weight alone, or in another list (here
	 * the legal list reversed), is the same to the bit */
	static double rev[MAXM];
	static bones_move back[MAXM];
	for (size_t k = 0; k < n; k++)
		back[k] = moves[n - 1 - k];
	h->priors(g->game, s, back, n, rev);
	for (size_t i = 0; i < n && ok; i++) {
		ok = isfinite(w[i]) && w[i] >= 0.05;
		if (ok && hm_kind(moves[i]) == HM_PLACE)
			ok = fabs(w[i] - reference_weight(g, s, moves[i], tmp)) < 1e-9;
		double alone;
		h->priors(g->game, s, &moves[i], 1, &alone);
		ok = ok && alone == w[i] && rev[n - 1 - i] == w[i];
		CU_ASSERT(ok);
	}
	double est[HM_MAX_PLAYERS];
	h->evaluate(g->game, s, est);
	CU_ASSERT_FATAL(memcmp(copy, s, g->info.state_size) == 0);
	for (int p = 0; p < g->info.players && ok; p++) {
		double gain = best_gain(g, s, p, tmp, moves);
		double share = p == st->player ? 1.0 : 0.5;
		ok = fabs(est[p] - (st->score[p] + share * gain)) < 1e-9;
		CU_ASSERT(ok);
	}
	return ok;
}

static void random_states(const char *settings, int games, uint64_t seed)
{
	bones_test_game g;
	void *s = start(&g, settings);
	void *copy = malloc(g.info.state_size), *tmp = malloc(g.info.state_size);
	bones_move *moves = malloc(MAXM * sizeof *moves);
	double *w = malloc(MAXM * sizeof *w);
	CU_ASSERT_FATAL(copy && tmp && moves && w);
	CU_ASSERT_FATAL(g.info.max_moves <= MAXM);
	bones_rng rng;
	bones_rng_seed(&rng, seed);
	for (int k = 0; k < games; k++) {
		P->init_state(g.game, s);
		while (P->to_move(g.game, s) != BONES_TERMINAL) {
			if (P->to_move(g.game, s) >= 0 && !check_state(&g, s, copy, tmp, moves, w)) {
				k = games; /* the first failure says enough */
				break;
			}
			if (!bones_test_random_playout(&g, s, &rng, 1))
				break;
		}
	}
	free(copy);
	free(tmp);
	free(moves);
	free(w);
	bones_test_finish(&g, s);
}

static void test_holomino_heuristic__match_reference_and_brute_force_and_never_write(void)
{
	random_states("", 150, 1);
	random_states("scoring=product", 60, 2);
	random_states("players=4", 40, 3);
	random_states("unique_digits=false", 40, 4);
	random_states("max_extent=5 pool_size=5", 40, 5);
	random_states("digits=9", 20, 6);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"the heuristic is offered with both functions and a margin",
		 test_holomino_heuristic__is_offered_with_both_functions_and_a_margin},
		{"advises a rollout cut-off", test_holomino_heuristic__advises_a_rollout_cut_off},
		{"a scoring placement outweighs every other",
		 test_holomino_heuristic__a_scoring_placement_outweighs_every_other},
		{"a hole the opponent can close is weighted lower",
		 test_holomino_heuristic__a_hole_the_opponent_can_close_is_weighted_lower},
		{"a hole only the mover can close is weighted higher",
		 test_holomino_heuristic__a_hole_only_the_mover_can_close_is_weighted_higher},
		{"evaluate adds the best gain at hand",
		 test_holomino_heuristic__evaluate_adds_the_best_gain_at_hand},
		{"priors match the rule on a copy, evaluate brute force, and neither writes",
		 test_holomino_heuristic__match_reference_and_brute_force_and_never_write},
		{NULL, NULL},
	};
	return bones_test_main("holomino_heuristic", cases);
}
