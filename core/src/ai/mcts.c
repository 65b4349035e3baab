/* The mcts agent kind: parameters, one tree per thread (root parallelism), budgets by
 * iterations or time, and the final choice by visit counts merged over the trees. */
#define _POSIX_C_SOURCE 200809L
#include "agent_internal.h"
#include "mcts_internal.h"
#include "bones/i18n.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct mcts_impl {
	bones_mcts_config cfg;
	bones_mcts_tree *trees;  /* cfg.threads trees */
	int trees_ready;         /* trees initialised, for destroy */
	uint64_t *visits;        /* max_moves: merged root visits of the legal moves */
	double *rewards;         /* max_moves: merged root rewards */
	bones_move *only;        /* max_moves: the restricted root's moves (analysis) */
	size_t only_n;           /* 0: no restriction */
	bones_search_move *root; /* max_moves: the last search's root, merged, as means */
	size_t root_n;
	bones_mcts_stats stats;  /* of the last move */
} mcts_impl;

/* One thread's job: make state its tree's root, then search it. */
typedef struct mcts_job {
	bones_mcts_tree *tree;
	const void *state;
	int me;
	uint64_t iterations;
	double deadline;
} mcts_job;

#define DEPTH_ADVISED -2 /* depth not given: the heuristic's rollout_moves, else -1 */

static const char *const rollout_choices[] = {"random", "greedy", NULL};
static const char *const reward_choices[] = {"rank", "margin", NULL};

enum { P_ITERATIONS, P_TIME, P_C, P_ROLLOUT, P_THREADS, P_NODES, P_MEMORY, P_REWARD,
       P_SCALE, P_DEPTH, P_REUSE, P_WIDEN, P_PW, P_SAMPLE, P_COUNT };

static const bones_agent_param mcts_params[P_COUNT] = {
	[P_ITERATIONS] = {"iterations", 1000, 0, 1e9, true, NULL},
	[P_TIME] = {"time", 0, 0, 3600, false, NULL},
	[P_C] = {"c", 0.7, 0, 100, false, NULL},
	[P_ROLLOUT] = {"rollout", 1, 0, 1, true, rollout_choices},
	[P_THREADS] = {"threads", 1, 1, 64, true, NULL},
	[P_NODES] = {"nodes", 0, 0, 4e9, true, NULL},
	[P_MEMORY] = {"memory_mb", 128, 1, 1 << 20, true, NULL},
	[P_REWARD] = {"reward", 1, 0, 1, true, reward_choices},
	[P_SCALE] = {"scale", 10, 1e-9, 1e12, false, NULL},
	[P_DEPTH] = {"depth", DEPTH_ADVISED, -1, 1e6, true, NULL},
	[P_REUSE] = {"reuse", 1, 0, 1, true, NULL},
	[P_WIDEN] = {"widen", 0, 0, 1e6, false, NULL},
	[P_PW] = {"pw", 2, 0, 1e6, false, NULL},
	[P_SAMPLE] = {"sample", 0, 0, 1024, true, NULL},
};

_Static_assert(P_COUNT <= BONES_AGENT_MAX_PARAMS, "mcts needs more parameter slots");

static const bones_heuristic *find_heuristic(const bones_agent *a)
{
	if (!a->plugin->get_extension)
		return NULL;
	const bones_heuristic *h = a->plugin->get_extension(a->game, BONES_HEURISTIC_ID);
	if (!h || h->size < BONES_HEURISTIC_SIZE_1_0 || (!h->evaluate && !h->priors))
		return NULL;
	return h;
}

/* The capability's flags: 0 from a plugin built before ABI 1.1 added them. */
static uint32_t heuristic_flags(const bones_heuristic *h)
{
	bool covered = h && h->size >= offsetof(bones_heuristic, flags) + sizeof h->flags;
	return covered ? h->flags : 0;
}

/* The rollout cut-off when the spec gives no depth: the heuristic's advice (a plugin
 * built before ABI 1.2 has none), which needs its evaluate; else to the end (-1). */
static int advised_depth(const bones_heuristic *h)
{
	bool covered = h && h->size >= offsetof(bones_heuristic, rollout_moves) +
						sizeof h->rollout_moves;
	if (!covered || !h->evaluate || !h->rollout_moves || h->rollout_moves > 1000000)
		return -1;
	return (int)h->rollout_moves;
}

static void fill_config(bones_agent *a, bones_mcts_config *c)
{
	const double *p = a->params;
	c->plugin = a->plugin;
	c->game = a->game;
	c->info = a->info;
	c->heur = find_heuristic(a);
	c->sample = (int)p[P_SAMPLE];
	c->draw = c->sample > 0 && a->plugin->sample_move;
	c->cheap_draw = (a->plugin->flags & BONES_CHEAP_SAMPLE) && a->plugin->sample_move;
	c->sample_priors = c->sample > 0 && c->heur && c->heur->priors &&
			   (heuristic_flags(c->heur) & BONES_HEURISTIC_PRIORS_PER_MOVE);
	c->iterations = (uint64_t)p[P_ITERATIONS];
	c->seconds = p[P_TIME];
	c->c = p[P_C];
	c->rollout = (int)p[P_ROLLOUT];
	c->threads = (int)p[P_THREADS];
	c->reward = (int)p[P_REWARD];
	c->scale = p[P_SCALE];
	c->depth = p[P_DEPTH] == DEPTH_ADVISED ? advised_depth(c->heur) : (int)p[P_DEPTH];
	c->reuse = p[P_REUSE] != 0;
	c->widen = p[P_WIDEN];
	c->pw = p[P_PW];
	c->hidden = (a->plugin->flags & BONES_HIDDEN_INFO) && a->plugin->resample;
	c->sign = (a->plugin->flags & BONES_LOW_SCORE_WINS) ? -1.0 : 1.0;
	c->nodes = p[P_NODES] > 0 ? (uint64_t)p[P_NODES] :
		(uint64_t)p[P_MEMORY] * (1u << 20) /
		(sizeof(bones_mcts_node) + sizeof(uint32_t));
}

static void mcts_destroy(bones_agent *a)
{
	mcts_impl *m = a->impl;
	if (!m)
		return;
	for (int i = 0; i < m->trees_ready; i++)
		bones_mcts_tree_release(&m->trees[i]);
	free(m->trees);
	free(m->visits);
	free(m->rewards);
	free(m->only);
	free(m->root);
	free(m);
	a->impl = NULL;
}

static bones_status mcts_create(bones_agent *a, char *err, size_t errcap)
{
	mcts_impl *m = calloc(1, sizeof *m);
	if (!m)
		goto out_nomem;
	a->impl = m;
	fill_config(a, &m->cfg);
	bones_mcts_config *c = &m->cfg;
	if (!c->iterations && !(c->seconds > 0)) {
		snprintf(err, errcap, _("agent '%s': iterations=0 needs a time budget (time=S)"),
			 a->spec);
		mcts_destroy(a);
		return BONES_EINVAL;
	}
	uint64_t per_tree = c->nodes / (uint64_t)c->threads;
	if (per_tree < 1)
		per_tree = 1;
	if (per_tree > UINT32_MAX - 1)
		per_tree = UINT32_MAX - 1;
	size_t mm = a->info.max_moves ? a->info.max_moves : 1;
	m->trees = aligned_alloc(BONES_MCTS_LINE, (size_t)c->threads * sizeof *m->trees);
	if (m->trees)
		memset(m->trees, 0, (size_t)c->threads * sizeof *m->trees);
	m->visits = calloc(mm, sizeof *m->visits);
	m->rewards = calloc(mm, sizeof *m->rewards);
	m->only = calloc(mm, sizeof *m->only);
	m->root = calloc(mm, sizeof *m->root);
	if (!m->trees || !m->visits || !m->rewards || !m->only || !m->root)
		goto out_destroy;
	for (; m->trees_ready < c->threads; m->trees_ready++)
		if (bones_mcts_tree_init(&m->trees[m->trees_ready], c, (uint32_t)per_tree,
					 bones_rng_next(&a->rng)))
			goto out_destroy;
	return BONES_OK;
out_destroy:
	mcts_destroy(a);
out_nomem:
	snprintf(err, errcap, _("agent '%s': out of memory (try a smaller memory_mb or nodes)"),
		 a->spec);
	return BONES_ENOMEM;
}

static void *run_job(void *arg)
{
	mcts_job *j = arg;
	bones_mcts_tree_set_root(j->tree, j->state); /* on the thread that searches it */
	bones_mcts_tree_search(j->tree, j->me, j->iterations, j->deadline);
	return NULL;
}

/* Search every tree, threads - 1 of them on new threads, tree 0 on this one, for at
 * most `seconds` (0: the iterations alone). */
static void search_all(mcts_impl *m, const void *state, int me, double seconds)
{
	const bones_mcts_config *c = &m->cfg;
	mcts_job jobs[64];
	pthread_t tids[64];
	bool started[64] = {false};
	double deadline = seconds > 0 ? bones_mcts_now() + seconds : 0;
	uint64_t t_count = (uint64_t)c->threads;
	for (int i = 0; i < c->threads; i++) {
		m->trees[i].root_only = m->only_n ? m->only : NULL;
		m->trees[i].root_only_n = m->only_n;
		uint64_t share = c->iterations / t_count + ((uint64_t)i < c->iterations % t_count);
		jobs[i] = (mcts_job){&m->trees[i], state, me, share, deadline};
		if (c->iterations && !share)
			jobs[i].iterations = 1;
	}
	for (int i = 1; i < c->threads; i++)
		started[i] = !pthread_create(&tids[i], NULL, run_job, &jobs[i]);
	run_job(&jobs[0]);
	for (int i = 1; i < c->threads; i++) {
		if (started[i])
			pthread_join(tids[i], NULL);
		else
			run_job(&jobs[i]);
	}
}

static int by_visits(const void *a, const void *b)
{
	const bones_search_move *x = a, *y = b;
	return (x->visits < y->visits) - (x->visits > y->visits);
}

/* The trees' root statistics of the last search, merged by move, as means. */
static void merge_root(mcts_impl *m, size_t cap)
{
	m->root_n = 0;
	for (int i = 0; i < m->cfg.threads; i++) {
		const bones_mcts_tree *t = &m->trees[i];
		for (uint32_t s = 0; s < t->root_used; s++) {
			const bones_search_move *r = &t->root[s];
			size_t k = 0;
			while (k < m->root_n && m->root[k].move != r->move)
				k++;
			if (!r->visits || (k == m->root_n && m->root_n == cap))
				continue;
			if (k == m->root_n)
				m->root[m->root_n++] = (bones_search_move){.move = r->move};
			m->root[k].visits += r->visits;
			m->root[k].win += r->win;
			m->root[k].margin += r->margin;
			m->root[k].reward += r->reward;
		}
	}
	for (size_t k = 0; k < m->root_n; k++) {
		double v = (double)m->root[k].visits;
		m->root[k].win /= v;
		m->root[k].margin /= v;
		m->root[k].reward /= v;
	}
	qsort(m->root, m->root_n, sizeof *m->root, by_visits);
}

/* The legal move with the most root visits over all trees (then the best mean, then
 * the first listed). */
static bones_status mcts_choose(bones_agent *a, const void *state, bones_move *move)
{
	mcts_impl *m = a->impl;
	const bones_plugin *pl = a->plugin;
	int me = pl->to_move(a->game, state);
	size_t n = bones_mcts_keep_only(a->moves, pl->legal_moves(a->game, state, a->moves, NULL,
								 a->info.max_moves),
				       m->only, m->only_n);
	if (!n || me < 0)
		return BONES_EINVAL;
	double start = bones_mcts_now(), seconds = m->cfg.seconds;
	if (a->time_limit > 0 && (seconds <= 0 || a->time_limit < seconds))
		seconds = a->time_limit; /* the host's time per move comes first */
	bool search = n > 1 || m->only_n; /* a restricted root is searched for its value */
	if (search)
		search_all(m, state, me, seconds);
	m->root_n = 0;
	if (search)
		merge_root(m, a->info.max_moves);
	memset(m->visits, 0, n * sizeof *m->visits);
	memset(m->rewards, 0, n * sizeof *m->rewards);
	memset(&m->stats, 0, sizeof m->stats);
	for (int i = 0; i < m->cfg.threads && search; i++) {
		const bones_mcts_tree *t = &m->trees[i];
		for (uint32_t ch = t->nodes[0].first_child; ch != BONES_MCTS_NIL;
		     ch = t->nodes[ch].next_sibling)
			for (size_t k = 0; k < n; k++)
				if (a->moves[k] == t->nodes[ch].move) {
					m->visits[k] += t->nodes[ch].visits;
					m->rewards[k] += t->nodes[ch].reward;
					break;
				}
		m->stats.iterations += t->iterations;
		m->stats.sim_moves += t->sim_moves;
		m->stats.nodes += t->used;
		m->stats.capacity += t->cap;
		m->stats.reused += t->reused;
		m->stats.cpu_seconds += t->cpu_seconds;
	}
	size_t best = 0;
	for (size_t k = 1; k < n; k++) {
		double mk = m->visits[k] ? m->rewards[k] / (double)m->visits[k] : 0;
		double mb = m->visits[best] ? m->rewards[best] / (double)m->visits[best] : 0;
		if (m->visits[k] > m->visits[best] || (m->visits[k] == m->visits[best] && mk > mb))
			best = k;
	}
	*move = a->moves[best];
	for (int i = 0; i < m->cfg.threads; i++) {
		m->trees[i].chosen = *move;
		m->trees[i].has_chosen = search;
	}
	m->stats.seconds = bones_mcts_now() - start;
	return BONES_OK;
}

const bones_agent_ops bones_mcts_ops = {mcts_params, P_COUNT, mcts_create, mcts_choose,
					mcts_destroy};

bones_status bones_mcts_stats_get(const bones_agent *agent, bones_mcts_stats *stats)
{
	if (!agent || agent->ops != &bones_mcts_ops || !agent->impl)
		return BONES_EINVAL;
	*stats = ((const mcts_impl *)agent->impl)->stats;
	stats->node_bytes = (uint32_t)(sizeof(bones_mcts_node) + sizeof(uint32_t));
	return BONES_OK;
}

bones_status bones_agent_search_stats(const bones_agent *agent, bones_search_stats *stats)
{
	return bones_mcts_stats_get(agent, stats);
}

bones_status bones_agent_search_moves(const bones_agent *agent, bones_search_move *moves,
				      size_t cap, size_t *count)
{
	if (!agent || agent->ops != &bones_mcts_ops || !agent->impl)
		return BONES_EINVAL;
	const mcts_impl *m = agent->impl;
	for (size_t k = 0; k < m->root_n && k < cap; k++)
		moves[k] = m->root[k];
	*count = m->root_n;
	return BONES_OK;
}

bones_status bones_agent_restrict_root(bones_agent *agent, const bones_move *moves, size_t n)
{
	if (!agent || agent->ops != &bones_mcts_ops || !agent->impl)
		return BONES_EINVAL;
	mcts_impl *m = agent->impl;
	size_t cap = agent->info.max_moves ? agent->info.max_moves : 1;
	m->only_n = n < cap ? n : cap;
	if (m->only_n)
		memcpy(m->only, moves, m->only_n * sizeof *moves);
	return BONES_OK;
}
