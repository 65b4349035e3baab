/* One Monte Carlo search tree over any plugin: UCT selection (max^n for any number of
 * players), chance nodes sampled with the plugin's probabilities, determinisation by
 * resample at every iteration, rollouts and a fixed node pool (the subtree kept for the
 * next move: mcts_reuse.c). */
#define _POSIX_C_SOURCE 200809L
#include "bones/guard.h"
#include "mcts_internal.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PROGRESSIVE_BIAS 1.0  /* weight of a prior in selection, fading with visits */
#define GREEDY_SAMPLE 8       /* moves a greedy rollout step compares without priors */
#define MAX_ROLLOUT 100000    /* a safety net against endless games */
#define LISTS_MAX (1u << 20)  /* moves and priors kept of the nodes' legal lists, per
			       * tree (12 MiB) */

/* CPU time of the calling thread: search speed per core even on a busy machine. */
static double thread_cpu(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double bones_mcts_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* n bytes rounded up to whole cache lines (at least one). */
static size_t lines(size_t n)
{
	return (n ? (n + BONES_MCTS_LINE - 1) / BONES_MCTS_LINE : 1) * BONES_MCTS_LINE;
}

bones_status bones_mcts_tree_init(bones_mcts_tree *t, const bones_mcts_config *cfg,
				  uint32_t cap, uint64_t seed)
{
	memset(t, 0, sizeof *t);
	t->cfg = cfg;
	t->cap = cap < 1 ? 1 : cap;
	bones_rng_seed(&t->rng, seed);
	size_t ss = cfg->info.state_size ? cfg->info.state_size : 1;
	size_t mm = cfg->info.max_moves ? cfg->info.max_moves : 1;
	size_t draws = cfg->sample > 0 ? (size_t)cfg->sample : GREEDY_SAMPLE;
	if (mm < draws) /* the weights of a greedy rollout step's draws */
		mm = draws;
	size_t pl = (size_t)cfg->info.players;
	t->nodes = malloc(t->cap * sizeof *t->nodes);
	t->map = malloc(t->cap * sizeof *t->map);
	if (!cfg->hidden) {
		size_t want = (size_t)t->cap * 16;
		t->lists_cap = want < LISTS_MAX ? want : LISTS_MAX;
		t->list_at = malloc(t->cap * sizeof *t->list_at);
		t->lists = malloc(t->lists_cap * sizeof *t->lists);
		t->list_priors = malloc(t->lists_cap * sizeof *t->list_priors);
		if (!t->list_at || !t->lists || !t->list_priors) {
			bones_mcts_tree_release(t);
			return BONES_ENOMEM;
		}
	}
	/* The buffers of one iteration in one block of whole cache lines, each on lines of
	 * its own: a tree's scratch never shares a line with another tree's, as separate
	 * small mallocs from one thread's heap did (false sharing between the threads). */
	struct { void *at; size_t bytes; } part[] = {
		{&t->root_state, ss}, {&t->state, ss}, {&t->scratch, ss},
		{&t->reuse, ss * (BONES_MCTS_REUSE_DEPTH + 1)}, {&t->moves, mm * sizeof *t->moves},
		{&t->drawn, draws * sizeof *t->drawn}, {&t->sorted, mm * sizeof *t->sorted},
		{&t->legal_child, mm}, {&t->probs, mm * sizeof *t->probs},
		{&t->weights, mm * sizeof *t->weights}, {&t->root_rank, mm * sizeof *t->root_rank},
		{&t->root_moves, mm * sizeof *t->root_moves},
		{&t->root_sorted, mm * sizeof *t->root_sorted},
		{&t->before, 5 * pl * sizeof *t->before}, {&t->root, mm * sizeof *t->root},
	};
	size_t total = 0, n = sizeof part / sizeof part[0];
	for (size_t i = 0; i < n; i++)
		total += lines(part[i].bytes);
	t->block = aligned_alloc(BONES_MCTS_LINE, total);
	if (!t->nodes || !t->map || !t->block) {
		bones_mcts_tree_release(t);
		return BONES_ENOMEM;
	}
	unsigned char *at = t->block;
	for (size_t i = 0; i < n; i++) {
		memcpy(part[i].at, &at, sizeof at); /* the part's pointer field */
		at += lines(part[i].bytes);
	}
	t->after = t->before + pl;
	t->reward = t->after + pl;
	t->win = t->reward + pl;
	t->points = t->win + pl;
	return BONES_OK;
}

void bones_mcts_tree_release(bones_mcts_tree *t)
{
	free(t->nodes);
	free(t->map);
	free(t->list_at);
	free(t->lists);
	free(t->list_priors);
	free(t->block);
	memset(t, 0, sizeof *t);
}

/* ---- rewards ----------------------------------------------------------------------- */

/* The mover's margin over the best other player, in "higher is better" points. */
static double margin(const bones_mcts_config *c, const double *scores, int p)
{
	double best = -INFINITY;
	for (int q = 0; q < c->info.players; q++)
		if (q != p && c->sign * scores[q] > best)
			best = c->sign * scores[q];
	return c->info.players > 1 ? c->sign * scores[p] - best : c->sign * scores[p];
}

static double squash(const bones_mcts_config *c, double m)
{
	return 0.5 + 0.5 * m / (fabs(m) + c->scale);
}

/* At a terminal state. rank: 1 for beating each other player, 0.5 per tie, averaged
 * over the others (win/draw/loss with two players). margin: half that, half the
 * squashed score margin, so that points count but a 1-0 game still tells win from loss. */
static void terminal_reward(bones_mcts_tree *t, const void *state)
{
	const bones_mcts_config *c = t->cfg;
	int players = c->info.players;
	c->plugin->scores(c->game, state, t->before);
	if (players < 2) {
		t->points[0] = margin(c, t->before, 0);
		t->reward[0] = t->win[0] = squash(c, t->points[0]);
		return;
	}
	int ranks[64];
	if (c->plugin->ranks && players <= 64) {
		c->plugin->ranks(c->game, state, ranks);
	} else {
		for (int p = 0; p < players && p < 64; p++) {
			ranks[p] = 1;
			for (int q = 0; q < players; q++)
				ranks[p] += c->sign * t->before[q] > c->sign * t->before[p];
		}
	}
	for (int p = 0; p < players; p++) {
		double won = 0;
		for (int q = 0; q < players; q++)
			won += q == p ? 0 : ranks[q] > ranks[p] ? 1.0 : ranks[q] == ranks[p] ? 0.5 : 0;
		t->reward[p] = t->win[p] = won / (players - 1);
		t->points[p] = margin(c, t->before, p);
		if (c->reward == BONES_MCTS_REWARD_MARGIN)
			t->reward[p] = 0.5 * t->reward[p] + 0.5 * squash(c, t->points[p]);
	}
}

/* At a cut-off: the heuristic's estimated margin as a win probability (logistic of
 * width margin_scale), averaged with the squashed margin for reward=margin. */
static void evaluated_reward(bones_mcts_tree *t, const void *state)
{
	const bones_mcts_config *c = t->cfg;
	c->heur->evaluate(c->game, state, t->before);
	double width = c->heur->margin_scale > 0 ? c->heur->margin_scale : 1.0;
	for (int p = 0; p < c->info.players; p++) {
		double m = margin(c, t->before, p);
		t->reward[p] = t->win[p] = 1.0 / (1.0 + exp(-m / width));
		t->points[p] = m;
		if (c->reward == BONES_MCTS_REWARD_MARGIN)
			t->reward[p] = 0.5 * t->reward[p] + 0.5 * squash(c, m);
	}
}

/* ---- policies ---------------------------------------------------------------------- */

static uint32_t sample(bones_rng *rng, const double *w, size_t n, double total)
{
	double u = bones_rng_double(rng) * total, acc = 0;
	for (size_t i = 0; i + 1 < n; i++) {
		acc += w[i];
		if (u < acc)
			return (uint32_t)i;
	}
	return (uint32_t)(n - 1);
}

/* The mover's immediate gain from move (in "higher is better" points), the greedy
 * measure; t->before holds the scores of state. */
static double gain(bones_mcts_tree *t, const void *state, int who, bones_move m)
{
	const bones_mcts_config *c = t->cfg;
	memcpy(t->scratch, state, c->info.state_size);
	if (c->plugin->apply(c->game, t->scratch, m) != BONES_OK)
		return -INFINITY;
	c->plugin->scores(c->game, t->scratch, t->after);
	return c->sign * (t->after[who] - t->before[who]);
}

/* Normalised priors of moves[0..n) into weights; false when no heuristic opinion. */
static bool priors(bones_mcts_tree *t, const void *state, size_t n)
{
	const bones_mcts_config *c = t->cfg;
	if (!c->heur || !c->heur->priors)
		return false;
	c->heur->priors(c->game, state, t->moves, n, t->weights);
	double total = 0;
	for (size_t i = 0; i < n; i++)
		total += t->weights[i] > 0 ? t->weights[i] : (t->weights[i] = 0);
	if (!(total > 0) || !isfinite(total))
		return false;
	for (size_t i = 0; i < n; i++)
		t->weights[i] /= total;
	return true;
}

/* One of t->drawn[0..k) chosen with probability proportional to its prior squared
 * (priors that weigh each move on its own). Weighing a few draws instead of every legal
 * move costs a fraction; proportional to the prior itself a few draws would flatten the
 * policy (a strong move is drawn at all only now and then), and the square gives the
 * strong moves about the share the full list gives them (docs/ai.md). */
static bones_move by_prior_squared(bones_mcts_tree *t, const void *state, size_t k)
{
	const bones_mcts_config *c = t->cfg;
	c->heur->priors(c->game, state, t->drawn, k, t->weights);
	double total = 0;
	for (size_t i = 0; i < k; i++) {
		double w = t->weights[i] > 0 ? t->weights[i] : 0;
		total += t->weights[i] = w * w;
	}
	if (!(total > 0) || !isfinite(total))
		return t->drawn[bones_rng_below(&t->rng, (uint32_t)k)];
	return t->drawn[sample(&t->rng, t->weights, k, total)];
}

/* The best immediate gain for who among moves[0..k) (the first of equals). */
static bones_move best_gain(bones_mcts_tree *t, const void *state, int who,
			    const bones_move *moves, size_t k)
{
	const bones_mcts_config *c = t->cfg;
	c->plugin->scores(c->game, state, t->before);
	bones_move best = moves[0];
	double best_gain = -INFINITY;
	for (size_t i = 0; i < k; i++) {
		double g = gain(t, state, who, moves[i]);
		if (g > best_gain) {
			best_gain = g;
			best = moves[i];
		}
	}
	return best;
}

/* A greedy rollout step of a plugin whose sample_move is cheap (BONES_CHEAP_SAMPLE):
 * sample=K (default GREEDY_SAMPLE) candidates drawn with sample_move, uniformly from the
 * legal moves as from the list, chosen by prior squared when the priors weigh each move
 * on its own, else the best immediate gain among them; false when a draw fails. */
static bool drawn_step(bones_mcts_tree *t, int who, bones_move *m)
{
	const bones_mcts_config *c = t->cfg;
	size_t k = c->sample > 0 ? (size_t)c->sample : GREEDY_SAMPLE;
	for (size_t i = 0; i < k; i++)
		if (c->plugin->sample_move(c->game, t->state, bones_rng_next_void, &t->rng,
					   &t->drawn[i]) != BONES_OK)
			return false;
	*m = c->sample_priors ? by_prior_squared(t, t->state, k) :
				best_gain(t, t->state, who, t->drawn, k);
	return true;
}

/* A rollout step for player who: random, or greedy-biased (by priors when the plugin
 * has them, else the best immediate gain among a few random candidates). */
static bones_move rollout_move(bones_mcts_tree *t, const void *state, int who, size_t n)
{
	const bones_mcts_config *c = t->cfg;
	if (c->rollout == BONES_MCTS_ROLLOUT_RANDOM || n == 1)
		return t->moves[bones_rng_below(&t->rng, (uint32_t)n)];
	if (c->sample_priors) { /* sample=K draws from the list */
		for (size_t i = 0; i < (size_t)c->sample; i++)
			t->drawn[i] = t->moves[bones_rng_below(&t->rng, (uint32_t)n)];
		return by_prior_squared(t, state, (size_t)c->sample);
	}
	if (priors(t, state, n))
		return t->moves[sample(&t->rng, t->weights, n, 1.0)];
	if (n <= GREEDY_SAMPLE)
		return best_gain(t, state, who, t->moves, n);
	for (size_t k = 0; k < GREEDY_SAMPLE; k++)
		t->drawn[k] = t->moves[bones_rng_below(&t->rng, (uint32_t)n)];
	return best_gain(t, state, who, t->drawn, GREEDY_SAMPLE);
}

/* Who is to move in state, checked (bones/guard.h): a player out of range reads as the
 * game's end, never an index into the tree's per-player arrays. */
static int mover(const bones_mcts_config *c, const void *state)
{
	return bones_guard_to_move(c->plugin, c->game, &c->info, state, NULL, 0);
}

/* Play t->state to the end (or to the cut-off depth) and set t->reward. */
static void rollout(bones_mcts_tree *t)
{
	const bones_mcts_config *c = t->cfg;
	bool cut = c->depth >= 0 && c->heur && c->heur->evaluate;
	for (int steps = 0;; steps++) {
		int who = mover(c, t->state);
		if (who == BONES_TERMINAL)
			break;
		if (cut && who >= 0 && steps >= c->depth) {
			evaluated_reward(t, t->state);
			return;
		}
		if (steps >= MAX_ROLLOUT)
			break;
		/* a chance outcome or a random move drawn by the plugin without the list */
		bool draw = (c->draw || c->cheap_draw) &&
			    (who == BONES_CHANCE || c->rollout == BONES_MCTS_ROLLOUT_RANDOM);
		bool drawn = c->cheap_draw && who >= 0 &&
			     c->rollout == BONES_MCTS_ROLLOUT_GREEDY;
		bones_move m;
		if (drawn ? !drawn_step(t, who, &m) :
		    (!draw || c->plugin->sample_move(c->game, t->state, bones_rng_next_void,
						     &t->rng, &m) != BONES_OK)) {
			double *probs = who == BONES_CHANCE ? t->probs : NULL;
			size_t n = bones_guard_legal_moves(c->plugin, c->game, t->state, t->moves,
							   probs, c->info.max_moves, NULL, 0);
			if (!n)
				break;
			m = probs ? t->moves[sample(&t->rng, probs, n, 1.0)] :
				    rollout_move(t, t->state, who, n);
		}
		if (c->plugin->apply(c->game, t->state, m) != BONES_OK)
			break;
		t->sim_moves++;
	}
	terminal_reward(t, t->state);
}

/* ---- selection and expansion ------------------------------------------------------ */

static uint32_t add_child(bones_mcts_tree *t, uint32_t node, bones_move move, int mover)
{
	uint32_t ch = bones_mcts_new_node(t, move, mover);
	if (ch != BONES_MCTS_NIL) {
		t->nodes[ch].next_sibling = t->nodes[node].first_child;
		t->nodes[node].first_child = ch;
	}
	return ch;
}

/* An outcome among the children of a chance node that are possible now, drawn with
 * the plugin's probabilities (renormalised); NIL when none is. */
static uint32_t existing_outcome(bones_mcts_tree *t, uint32_t node, size_t n)
{
	double total = 0;
	size_t k = 0;
	for (uint32_t ch = t->nodes[node].first_child;
	     ch != BONES_MCTS_NIL && k < t->cfg->info.max_moves;
	     ch = t->nodes[ch].next_sibling, k++) {
		t->weights[k] = 0;
		for (size_t i = 0; i < n; i++)
			if (t->moves[i] == t->nodes[ch].move)
				t->weights[k] = t->probs[i];
		total += t->weights[k];
	}
	if (!(total > 0))
		return BONES_MCTS_NIL;
	uint32_t pick = sample(&t->rng, t->weights, k, total);
	uint32_t ch = t->nodes[node].first_child;
	while (pick--)
		ch = t->nodes[ch].next_sibling;
	return ch;
}

/* A chance node: draw an outcome with the plugin's probabilities and follow it. With
 * widen > 0 a node keeps at most about widen * sqrt(visits) outcomes (progressive
 * widening): a new outcome beyond that is replaced by a draw among the kept ones, so
 * that the decisions below a draw of many outcomes get visits enough to mean something. */
static uint32_t chance_step(bones_mcts_tree *t, uint32_t node)
{
	const bones_mcts_config *c = t->cfg;
	size_t n = bones_guard_legal_moves(c->plugin, c->game, t->state, t->moves, t->probs,
					   c->info.max_moves, NULL, 0);
	if (!n)
		return BONES_MCTS_NIL;
	bones_move m = t->moves[sample(&t->rng, t->probs, n, 1.0)];
	uint32_t ch = bones_mcts_find_child(t, node, m);
	if (ch == BONES_MCTS_NIL && c->widen > 0) {
		uint32_t kept = 0;
		for (uint32_t k = t->nodes[node].first_child; k != BONES_MCTS_NIL;
		     k = t->nodes[k].next_sibling)
			kept++;
		if (kept && kept >= c->widen * sqrt(t->nodes[node].visits + 1.0))
			ch = existing_outcome(t, node, n);
		if (ch != BONES_MCTS_NIL)
			m = t->nodes[ch].move;
	}
	if (c->plugin->apply(c->game, t->state, m) != BONES_OK)
		return BONES_MCTS_NIL;
	t->sim_moves++;
	return ch != BONES_MCTS_NIL ? ch : add_child(t, node, m, BONES_CHANCE);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* moves[0..n) as (move << 32 | index), sorted for legal_index. */
static void sort_moves(uint64_t *sorted, const bones_move *moves, size_t n)
{
	for (size_t i = 0; i < n; i++)
		sorted[i] = (uint64_t)moves[i] << 32 | i;
	qsort(sorted, n, sizeof *sorted, cmp_u64);
}

/* The index of move in the legal list sorted[0..n), or -1 (determinised search). */
static long legal_index(const uint64_t *sorted, size_t n, bones_move move)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		uint32_t mv = (uint32_t)(sorted[mid] >> 32);
		if (mv == move)
			return (long)(uint32_t)sorted[mid];
		if (mv < move)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* Mark the legal moves that have a child; count avail; return how many have one. */
static size_t mark_children(bones_mcts_tree *t, uint32_t node, size_t n)
{
	memset(t->legal_child, 0, n);
	const uint64_t *sorted = node == 0 && t->root_n ? t->root_sorted : t->sorted;
	if (t->cfg->hidden && sorted == t->sorted)
		sort_moves(t->sorted, t->moves, n);
	size_t k = 0;
	for (uint32_t ch = t->nodes[node].first_child; ch != BONES_MCTS_NIL;
	     ch = t->nodes[ch].next_sibling) {
		bones_mcts_node *cn = &t->nodes[ch];
		long i = t->cfg->hidden ? legal_index(sorted, n, cn->move) : (long)cn->index;
		if (i < 0 || (size_t)i >= n || t->legal_child[i])
			continue;
		t->legal_child[i] = 1;
		cn->index = (uint32_t)i;
		cn->avail++;
		k++;
	}
	return k;
}

/* The untried legal move to expand: the root's in greedy order (ranked once per
 * search), else the highest prior, else with greedy rollouts the best immediate gain
 * among a few random untried moves, else one at random. */
static size_t pick_untried(bones_mcts_tree *t, uint32_t node, int who, size_t n,
			   size_t untried, bool has_priors)
{
	const double *rank = has_priors ? t->weights : node == 0 && t->root_ranked ?
		t->root_rank : NULL;
	size_t pick = 0;
	if (rank) {
		double best = -INFINITY;
		for (size_t i = 0; i < n; i++)
			if (!t->legal_child[i] && rank[i] > best) {
				best = rank[i];
				pick = i;
			}
		return pick;
	}
	bool greedy = t->cfg->rollout == BONES_MCTS_ROLLOUT_GREEDY && untried > 1;
	size_t tries = greedy ? (untried < GREEDY_SAMPLE ? untried : GREEDY_SAMPLE) : 1;
	double best = -INFINITY;
	if (greedy)
		t->cfg->plugin->scores(t->cfg->game, t->state, t->before);
	for (size_t k = 0; k < tries; k++) {
		uint32_t r = bones_rng_below(&t->rng, (uint32_t)untried);
		size_t i;
		for (i = 0; i < n; i++)
			if (!t->legal_child[i] && r-- == 0)
				break;
		double g = greedy ? gain(t, t->state, who, t->moves[i]) : 0;
		if (k == 0 || g > best) {
			best = g;
			pick = i;
		}
	}
	return pick;
}

size_t bones_mcts_keep_only(bones_move *moves, size_t n, const bones_move *only,
			    size_t only_n)
{
	if (!only_n)
		return n;
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < only_n; j++)
			if (moves[i] == only[j]) {
				moves[k++] = moves[i];
				break;
			}
	return k;
}

/* At the root of a restricted search (analysis): only the allowed of t->moves[0..n). */
static size_t root_filter(bones_mcts_tree *t, size_t n)
{
	return bones_mcts_keep_only(t->moves, n, t->root_only, t->root_only_n);
}

/* Give root child ch a slot in t->root for this search's statistics. */
static void root_slot(bones_mcts_tree *t, uint32_t ch)
{
	if (t->root_used >= t->cfg->info.max_moves) {
		t->map[ch] = BONES_MCTS_NIL;
		return;
	}
	t->map[ch] = t->root_used;
	t->root[t->root_used++] = (bones_search_move){.move = t->nodes[ch].move};
}

/* Keep node's moves t->moves[0..n) for its later visits when nothing is hidden (a
 * node's state, and so its list, is then the same in every iteration) and room is
 * left; its priors are asked later. */
static void keep_list(bones_mcts_tree *t, uint32_t node, size_t n)
{
	if (!t->list_at || n + 1 > t->lists_cap - t->lists_used)
		return;
	t->list_at[node] = (uint32_t)t->lists_used;
	t->lists[t->lists_used] = (bones_move)n;
	t->list_priors[t->lists_used] = NAN;
	memcpy(t->lists + t->lists_used + 1, t->moves, n * sizeof *t->moves);
	t->lists_used += n + 1;
}

/* The root's moves, listed once for the whole search when they are the same in every
 * iteration: the game hides nothing (kept as every node's are), or the root's mover is
 * the searcher, who sees their own moves whatever the determinisation (bones check
 * fails a plugin whose resample changes them; kept in root_moves, with a sorted copy
 * for finding the children). Listing them anew was a quarter of a Geominos iteration.
 * With nothing hidden and greedy rollouts they are also ranked by immediate gain (plus
 * a random tie-break), the order the root expands them in. */
static void list_root(bones_mcts_tree *t, int me)
{
	const bones_mcts_config *c = t->cfg;
	int who = mover(c, t->root_state);
	t->root_n = 0;
	t->root_ranked = false;
	if (who < 0 || (c->hidden && who != me))
		return;
	size_t n =
		root_filter(t, bones_guard_legal_moves(c->plugin, c->game, t->root_state, t->moves,
						       NULL, c->info.max_moves, NULL, 0));
	if (c->hidden) {
		memcpy(t->root_moves, t->moves, n * sizeof *t->moves);
		sort_moves(t->root_sorted, t->root_moves, n);
		t->root_n = n;
		return;
	}
	keep_list(t, 0, n);
	if (c->rollout != BONES_MCTS_ROLLOUT_GREEDY || !n)
		return;
	c->plugin->scores(c->game, t->root_state, t->before);
	for (size_t i = 0; i < n; i++)
		t->root_rank[i] = gain(t, t->root_state, me, t->moves[i]) +
				  1e-6 * bones_rng_double(&t->rng);
	t->root_ranked = true;
}

/* moves[0..n) into t->moves; returns n. */
static size_t list_copy(bones_mcts_tree *t, const bones_move *moves, size_t n)
{
	memcpy(t->moves, moves, n * sizeof *moves);
	return n;
}

/* Node's legal moves into t->moves (the root's filtered for analysis); how many. */
static size_t node_moves(bones_mcts_tree *t, uint32_t node)
{
	if (node == 0 && t->root_n)
		return list_copy(t, t->root_moves, t->root_n);
	uint32_t at = t->list_at ? t->list_at[node] : BONES_MCTS_NIL;
	if (at != BONES_MCTS_NIL)
		return list_copy(t, t->lists + at + 1, t->lists[at]);
	const bones_mcts_config *c = t->cfg;
	size_t n = bones_guard_legal_moves(c->plugin, c->game, t->state, t->moves, NULL,
					   c->info.max_moves, NULL, 0);
	if (node == 0)
		n = root_filter(t, n);
	keep_list(t, node, n);
	return n;
}

/* The priors of node's moves t->moves[0..n) into t->weights (as priors); from the
 * node's kept list when it has one and they were asked before. */
static bool node_priors(bones_mcts_tree *t, uint32_t node, size_t n)
{
	double *kept = t->list_at && t->list_at[node] != BONES_MCTS_NIL ?
		t->list_priors + t->list_at[node] : NULL;
	if (kept && !isnan(kept[0])) {
		if (kept[0] > 0)
			memcpy(t->weights, kept + 1, n * sizeof *t->weights);
		return kept[0] > 0;
	}
	bool has = priors(t, t->state, n);
	if (kept) {
		kept[0] = has;
		if (has)
			memcpy(kept + 1, t->weights, n * sizeof *t->weights);
	}
	return has;
}

/* A player's node: expand an untried legal move if any, else the best UCT child.
 * *expanded tells that the returned child is new (the iteration then rolls out). */
static uint32_t player_step(bones_mcts_tree *t, uint32_t node, int who, bool *expanded)
{
	const bones_mcts_config *c = t->cfg;
	size_t n = node_moves(t, node);
	if (!n)
		return BONES_MCTS_NIL;
	size_t k = mark_children(t, node, n);
	uint32_t best = BONES_MCTS_NIL;
	bool widen = !(c->pw > 0) || k < c->pw * sqrt(t->nodes[node].visits + 1.0);
	if (k < n && widen && t->used < t->cap) {
		/* priors only here: the children made keep theirs for selection */
		bool has_priors = node_priors(t, node, n);
		size_t i = pick_untried(t, node, who, n, n - k, has_priors);
		best = add_child(t, node, t->moves[i], who);
		t->nodes[best].index = (uint32_t)i;
		t->nodes[best].avail = 1;
		t->nodes[best].prior = has_priors ? (float)t->weights[i] : 0.0f;
		if (node == 0)
			root_slot(t, best);
		*expanded = true;
	} else {
		double best_value = -INFINITY;
		for (uint32_t ch = t->nodes[node].first_child; ch != BONES_MCTS_NIL;
		     ch = t->nodes[ch].next_sibling) {
			const bones_mcts_node *cn = &t->nodes[ch];
			if (cn->index >= n || !t->legal_child[cn->index] ||
			    t->moves[cn->index] != cn->move || !cn->visits)
				continue;
			double v = cn->reward / cn->visits +
				   c->c * sqrt(log((double)cn->avail) / cn->visits) +
				   PROGRESSIVE_BIAS * cn->prior / (cn->visits + 1.0);
			if (v > best_value) {
				best_value = v;
				best = ch;
			}
		}
	}
	/* with the pool full and no child legal here: a random move, then roll out */
	bones_move m = best != BONES_MCTS_NIL ? t->nodes[best].move :
		t->moves[bones_rng_below(&t->rng, (uint32_t)n)];
	if (c->plugin->apply(c->game, t->state, m) != BONES_OK)
		return BONES_MCTS_NIL;
	t->sim_moves++;
	return best;
}

/* One iteration: determinise, descend, expand, roll out, back up. */
static void iterate(bones_mcts_tree *t, int me)
{
	const bones_mcts_config *c = t->cfg;
	memcpy(t->state, t->root_state, c->info.state_size);
	if (c->hidden)
		c->plugin->resample(c->game, t->state, me, bones_rng_next_void, &t->rng);
	size_t depth = 0;
	uint32_t node = 0;
	t->path[depth++] = 0;
	while (depth < BONES_MCTS_MAX_DEPTH) {
		int who = mover(c, t->state);
		if (who == BONES_TERMINAL)
			break;
		bool expanded = false;
		node = who == BONES_CHANCE ? chance_step(t, node) :
					     player_step(t, node, who, &expanded);
		if (node == BONES_MCTS_NIL)
			break;
		t->path[depth++] = node;
		if (expanded)
			break;
	}
	rollout(t);
	for (size_t i = 0; i < depth; i++) {
		bones_mcts_node *n = &t->nodes[t->path[i]];
		n->visits++;
		if (n->mover >= 0)
			n->reward += t->reward[n->mover];
	}
	uint32_t slot = depth > 1 ? t->map[t->path[1]] : BONES_MCTS_NIL;
	if (slot != BONES_MCTS_NIL) { /* the root's mover is me */
		bones_search_move *r = &t->root[slot];
		r->visits++;
		r->win += t->win[me];
		r->margin += t->points[me];
		r->reward += t->reward[me];
	}
}

/* The iterations this tree may run next: all that are left of its own budget, or
 * the next batch of the shared pool's (0 when it is spent). */
static uint64_t next_iterations(const bones_mcts_tree *t, uint64_t max_iterations,
				_Atomic uint64_t *pool)
{
	if (!max_iterations)
		return UINT64_MAX;
	if (!pool)
		return max_iterations - t->iterations;
	uint64_t taken = atomic_fetch_add_explicit(pool, BONES_MCTS_BATCH,
						   memory_order_relaxed);
	if (taken >= max_iterations)
		return 0;
	return max_iterations - taken < BONES_MCTS_BATCH ? max_iterations - taken
							 : BONES_MCTS_BATCH;
}

void bones_mcts_tree_search(bones_mcts_tree *t, int me, uint64_t max_iterations,
			    double deadline, _Atomic uint64_t *pool)
{
	double cpu = thread_cpu();
	list_root(t, me);
	t->root_used = 0;
	for (uint32_t ch = t->nodes[0].first_child; ch != BONES_MCTS_NIL;
	     ch = t->nodes[ch].next_sibling)
		root_slot(t, ch);
	t->iterations = 0;
	t->sim_moves = 0;
	for (uint64_t n; (n = next_iterations(t, max_iterations, pool)) > 0;) {
		bool late = false;
		for (uint64_t k = 0; k < n; k++) {
			if (deadline > 0 && (t->iterations & 7) == 0 &&
			    bones_mcts_now() >= deadline) {
				late = true;
				break;
			}
			iterate(t, me);
			t->iterations++;
		}
		if (late)
			break;
	}
	t->cpu_seconds = thread_cpu() - cpu;
}
