/* The mcts agent kind: parameters, one tree per thread (root parallelism), budgets by
 * iterations or time, and the final choice by visit counts merged over the trees. */
#define _POSIX_C_SOURCE 200809L
#include "agent_internal.h"
#include "mcts_internal.h"
#include "bones/guard.h"
#include "bones/i18n.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One search's orders for every tree: make state the root, then search it. */
typedef struct mcts_job {
	const void *state;
	int me;
	double deadline;
	_Atomic uint64_t *pool; /* balance=shared: the iterations all trees take from */
} mcts_job;

/* The worker threads of one agent (threads - 1 of them; the calling thread searches
 * tree 0): made with the agent, each allocating and first touching its own tree, then
 * parked on `wake` between choices, so that a choice creates no thread and every tree
 * stays warm in its thread's memory and heap. */
typedef struct mcts_pool {
	pthread_mutex_t lock;
	pthread_cond_t wake;     /* a new generation of work, or quit */
	pthread_cond_t done;     /* a worker finished its part */
	uint64_t generation;     /* bumped for each search */
	int pending;             /* workers yet to finish the current generation */
	int failed;              /* workers whose tree could not be made */
	bool quit;
	mcts_job job;            /* the current search, written under lock */
	/* balance=shared: iterations taken this search, padded to a cache line of its own
	 * (every thread bumps it every BONES_MCTS_BATCH iterations) */
	char pad_before[BONES_MCTS_LINE];
	_Atomic uint64_t taken;
	char pad_after[BONES_MCTS_LINE];
} mcts_pool;

typedef struct mcts_impl mcts_impl;

/* A worker: its tree and its place in the pool. */
typedef struct mcts_worker {
	mcts_impl *m;
	int index;               /* its tree */
	uint64_t seed;
	uint32_t cap;            /* its node pool */
	bool threaded;           /* a thread was started for it (else the caller runs it) */
	pthread_t tid;
} mcts_worker;

struct mcts_impl {
	bones_mcts_config cfg;
	bones_mcts_tree **trees; /* cfg.threads trees, each allocated by its own thread */
	uint64_t *shares;        /* cfg.threads: each tree's iterations (fixed: deterministic) */
	mcts_pool pool;
	bool pool_ready;         /* lock and conditions initialised */
	mcts_worker *workers;    /* cfg.threads; [i].threaded: tree i has a thread */
	uint64_t *visits;        /* max_moves: merged root visits of the legal moves */
	double *rewards;         /* max_moves: merged root rewards */
	bones_move *only;        /* max_moves: the restricted root's moves (analysis) */
	size_t only_n;           /* 0: no restriction */
	bones_search_move *root; /* max_moves: the last search's root, merged, as means */
	size_t root_n;
	bones_mcts_stats stats;  /* of the last move */
};

#define DEPTH_ADVISED -2 /* depth not given: the heuristic's rollout_moves, else -1 */

static const char *const rollout_choices[] = {"random", "greedy", NULL};
static const char *const reward_choices[] = {"rank", "margin", NULL};
static const char *const balance_choices[] = {"fixed", "shared", NULL};

enum { P_ITERATIONS, P_TIME, P_C, P_ROLLOUT, P_THREADS, P_NODES, P_MEMORY, P_REWARD,
       P_SCALE, P_DEPTH, P_REUSE, P_WIDEN, P_PW, P_SAMPLE, P_BALANCE, P_COUNT };

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
	[P_BALANCE] = {"balance", 0, 0, 1, true, balance_choices},
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

/* Bytes one node takes in a tree's pool: the node, its renumbering map entry and, when
 * nothing is hidden, its legal list's index (memory_mb is divided by this). */
static size_t node_bytes(bool hidden)
{
	return sizeof(bones_mcts_node) + sizeof(uint32_t) * (hidden ? 1 : 2);
}

/* The node pool of all trees from the parameters: nodes=, else memory_mb=. */
static uint64_t pool_nodes(const double *p, bool hidden)
{
	if (p[P_NODES] > 0)
		return (uint64_t)p[P_NODES];
	return (uint64_t)p[P_MEMORY] * (1u << 20) / node_bytes(hidden);
}

/* Each tree's share of nodes among threads trees, as a tree's pool can hold it. */
static uint64_t tree_nodes(uint64_t nodes, int threads)
{
	uint64_t per_tree = nodes / (uint64_t)threads;
	if (per_tree < 1)
		per_tree = 1;
	if (per_tree > UINT32_MAX - 1)
		per_tree = UINT32_MAX - 1;
	return per_tree;
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
	c->shared = p[P_BALANCE] != 0 && c->threads > 1;
	c->reward = (int)p[P_REWARD];
	c->scale = p[P_SCALE];
	c->depth = p[P_DEPTH] == DEPTH_ADVISED ? advised_depth(c->heur) : (int)p[P_DEPTH];
	c->reuse = p[P_REUSE] != 0;
	c->widen = p[P_WIDEN];
	c->pw = p[P_PW];
	c->hidden = (a->plugin->flags & BONES_HIDDEN_INFO) && a->plugin->resample;
	c->sign = (a->plugin->flags & BONES_LOW_SCORE_WINS) ? -1.0 : 1.0;
	c->nodes = pool_nodes(p, c->hidden);
}

/* Tree i: allocated, first touched and made by the thread that will search it, so that
 * its memory comes from that thread's heap (and NUMA node) and stays warm there. */
static bones_status make_tree(mcts_impl *m, int i)
{
	bones_mcts_tree *t = aligned_alloc(BONES_MCTS_LINE, sizeof *t);
	if (!t)
		return BONES_ENOMEM;
	m->trees[i] = t;
	return bones_mcts_tree_init(t, &m->cfg, m->workers[i].cap, m->workers[i].seed);
}

/* Make tree i the root of job and search it for its share (balance=shared: for what
 * it takes from the budget of all). */
static void run_tree(mcts_impl *m, int i, const mcts_job *job)
{
	uint64_t iterations = job->pool ? m->cfg.iterations : m->shares[i];
	bones_mcts_tree_set_root(m->trees[i], job->state);
	bones_mcts_tree_search(m->trees[i], job->me, iterations, job->deadline, job->pool);
}

/* One worker's part of the pool's generation is done: the last one tells the caller
 * (after unlocking, so that the caller does not wake only to wait for the lock). */
static void worker_done(mcts_pool *p)
{
	pthread_mutex_lock(&p->lock);
	bool last = --p->pending == 0;
	pthread_mutex_unlock(&p->lock);
	if (last)
		pthread_cond_signal(&p->done);
}

/* A worker thread: make its tree, then search it at each new generation until quit. */
static void *worker_main(void *arg)
{
	mcts_worker *w = arg;
	mcts_pool *p = &w->m->pool;
	bones_status st = make_tree(w->m, w->index);
	if (st) {
		pthread_mutex_lock(&p->lock);
		p->failed++;
		pthread_mutex_unlock(&p->lock);
	}
	worker_done(p);
	for (uint64_t seen = 0; st == BONES_OK;) {
		pthread_mutex_lock(&p->lock);
		while (!p->quit && p->generation == seen)
			pthread_cond_wait(&p->wake, &p->lock);
		bool quit = p->quit;
		seen = p->generation;
		mcts_job job = p->job;
		pthread_mutex_unlock(&p->lock);
		if (quit)
			break;
		run_tree(w->m, w->index, &job);
		worker_done(p);
	}
	return NULL;
}

/* Wait until every started worker has finished the current generation. */
static void wait_workers(mcts_pool *p)
{
	pthread_mutex_lock(&p->lock);
	while (p->pending > 0)
		pthread_cond_wait(&p->done, &p->lock);
	pthread_mutex_unlock(&p->lock);
}

/* Start a thread for each tree but the first (the caller's), with every signal blocked
 * (they stay the program's threads' business, never a parked worker's); a tree whose
 * thread cannot start is made here and searched by the caller. Waits until every tree
 * is made; BONES_ENOMEM when one could not be. */
static bones_status start_workers(mcts_impl *m)
{
	mcts_pool *p = &m->pool;
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	bones_status st = BONES_OK;
	for (int i = 1; i < m->cfg.threads; i++) {
		pthread_mutex_lock(&p->lock);
		p->pending++;
		pthread_mutex_unlock(&p->lock);
		mcts_worker *w = &m->workers[i];
		w->threaded = !pthread_create(&w->tid, NULL, worker_main, w);
		if (w->threaded)
			continue;
		pthread_mutex_lock(&p->lock);
		p->pending--;
		pthread_mutex_unlock(&p->lock);
		if (make_tree(m, i))
			st = BONES_ENOMEM;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	wait_workers(p);
	return p->failed ? BONES_ENOMEM : st;
}

static void stop_workers(mcts_impl *m)
{
	mcts_pool *p = &m->pool;
	pthread_mutex_lock(&p->lock);
	p->quit = true;
	pthread_cond_broadcast(&p->wake);
	pthread_mutex_unlock(&p->lock);
	for (int i = 1; i < m->cfg.threads; i++)
		if (m->workers[i].threaded)
			pthread_join(m->workers[i].tid, NULL);
}

static void mcts_destroy(bones_agent *a)
{
	mcts_impl *m = a->impl;
	if (!m)
		return;
	if (m->pool_ready && m->workers) {
		stop_workers(m);
		pthread_mutex_destroy(&m->pool.lock);
		pthread_cond_destroy(&m->pool.wake);
		pthread_cond_destroy(&m->pool.done);
	}
	for (int i = 0; m->trees && i < m->cfg.threads; i++) {
		if (m->trees[i])
			bones_mcts_tree_release(m->trees[i]);
		free(m->trees[i]);
	}
	free(m->trees);
	free(m->shares);
	free(m->workers);
	free(m->visits);
	free(m->rewards);
	free(m->only);
	free(m->root);
	free(m);
	a->impl = NULL;
}

static bool init_pool(mcts_pool *p)
{
	if (pthread_mutex_init(&p->lock, NULL))
		return false;
	if (pthread_cond_init(&p->wake, NULL)) {
		pthread_mutex_destroy(&p->lock);
		return false;
	}
	if (pthread_cond_init(&p->done, NULL)) {
		pthread_cond_destroy(&p->wake);
		pthread_mutex_destroy(&p->lock);
		return false;
	}
	return true;
}

/* Each tree's node pool, seed (drawn in tree order, as the agent's seed gives them)
 * and iteration share: fixed, so that an iteration budget gives the same search
 * whatever the threads' speeds. */
static void plan_trees(bones_agent *a, mcts_impl *m)
{
	const bones_mcts_config *c = &m->cfg;
	uint64_t per_tree = tree_nodes(c->nodes, c->threads);
	uint64_t t_count = (uint64_t)c->threads;
	for (int i = 0; i < c->threads; i++) {
		m->workers[i] = (mcts_worker){.m = m, .index = i, .cap = (uint32_t)per_tree,
					      .seed = bones_rng_next(&a->rng)};
		uint64_t share = c->iterations / t_count + ((uint64_t)i < c->iterations % t_count);
		m->shares[i] = c->iterations && !share ? 1 : share;
	}
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
	size_t mm = a->info.max_moves ? a->info.max_moves : 1;
	size_t nt = (size_t)c->threads;
	m->trees = calloc(nt, sizeof *m->trees);
	m->shares = calloc(nt, sizeof *m->shares);
	m->workers = calloc(nt, sizeof *m->workers);
	m->visits = calloc(mm, sizeof *m->visits);
	m->rewards = calloc(mm, sizeof *m->rewards);
	m->only = calloc(mm, sizeof *m->only);
	m->root = calloc(mm, sizeof *m->root);
	if (!m->trees || !m->shares || !m->workers || !m->visits || !m->rewards || !m->only ||
	    !m->root)
		goto out_destroy;
	plan_trees(a, m);
	if (make_tree(m, 0) || !(m->pool_ready = init_pool(&m->pool)) || start_workers(m))
		goto out_destroy;
	return BONES_OK;
out_destroy:
	mcts_destroy(a);
out_nomem:
	snprintf(err, errcap, _("agent '%s': out of memory (try a smaller memory_mb or nodes)"),
		 a->spec);
	return BONES_ENOMEM;
}

/* Search every tree: the workers theirs, the caller tree 0 (and any tree whose thread
 * could not start), for at most `seconds` (0: the iterations alone). */
static void search_all(mcts_impl *m, const void *state, int me, double seconds)
{
	mcts_pool *p = &m->pool;
	bool shared = m->cfg.shared && m->cfg.iterations; /* every tree takes from one budget */
	mcts_job job = {state, me, seconds > 0 ? bones_mcts_now() + seconds : 0,
			shared ? &p->taken : NULL};
	atomic_store_explicit(&p->taken, 0, memory_order_relaxed);
	for (int i = 0; i < m->cfg.threads; i++) {
		m->trees[i]->root_only = m->only_n ? m->only : NULL;
		m->trees[i]->root_only_n = m->only_n;
	}
	pthread_mutex_lock(&p->lock);
	p->job = job;
	for (int i = 1; i < m->cfg.threads; i++)
		p->pending += m->workers[i].threaded;
	p->generation++;
	pthread_mutex_unlock(&p->lock);
	pthread_cond_broadcast(&p->wake); /* unlocked: the woken need not wait for the lock */
	for (int i = 0; i < m->cfg.threads; i++)
		if (!m->workers[i].threaded)
			run_tree(m, i, &job);
	wait_workers(p);
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
		const bones_mcts_tree *t = m->trees[i];
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
	int me = bones_guard_to_move(pl, a->game, &a->info, state, NULL, 0);
	size_t n = bones_mcts_keep_only(a->moves,
					bones_guard_legal_moves(pl, a->game, state, a->moves, NULL,
								a->info.max_moves, NULL, 0),
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
		const bones_mcts_tree *t = m->trees[i];
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
		m->trees[i]->chosen = *move;
		m->trees[i]->has_chosen = search;
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
	stats->node_bytes = (uint32_t)node_bytes(((const mcts_impl *)agent->impl)->cfg.hidden);
	return BONES_OK;
}

void bones_mcts_measure(const bones_agent *agent, bones_agent_needs *needs)
{
	const double *p = agent->params;
	bool hidden = agent->plugin && (agent->plugin->flags & BONES_HIDDEN_INFO) &&
		      agent->plugin->resample;
	int threads = (int)p[P_THREADS];
	needs->threads = threads;
	needs->nodes = tree_nodes(pool_nodes(p, hidden), threads) * (uint64_t)threads;
	needs->pool_bytes = needs->nodes * node_bytes(hidden);
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
