/* Internals of the mcts agent: the search configuration, one search tree (a node pool
 * with no allocation while searching) and the statistics the tests read. The agent
 * kind itself (parameters, threads, merging) is in mcts.c; the tree in mcts_tree.c, the
 * subtree kept for the next move in mcts_reuse.c. */
#ifndef BONES_MCTS_H
#define BONES_MCTS_H

#include <stdint.h>
#include <string.h>

#include "agent_internal.h"
#include "bones/heuristic.h"
#include "bones/rng.h"

#define BONES_MCTS_NIL UINT32_MAX
#define BONES_MCTS_MAX_DEPTH 512    /* tree path length; deeper iterations roll out */
#define BONES_MCTS_REUSE_DEPTH 8    /* plies searched below the old root for the new one */

enum { BONES_MCTS_ROLLOUT_RANDOM, BONES_MCTS_ROLLOUT_GREEDY };
enum { BONES_MCTS_REWARD_RANK, BONES_MCTS_REWARD_MARGIN };

/* What every tree of one agent shares; read-only while searching. */
typedef struct bones_mcts_config {
	const bones_plugin *plugin;     /* borrowed */
	const void *game;               /* borrowed */
	bones_game_info info;
	const bones_heuristic *heur;    /* plugin-owned, NULL when absent */
	uint64_t iterations;            /* per move, all trees together; 0: time only */
	double seconds;                 /* per move; 0: iterations only */
	double c;                       /* UCT exploration constant */
	double scale;                   /* margin reward: m / (|m| + scale) */
	double widen;                   /* chance outcomes kept: widen * sqrt(visits) */
	double pw;                      /* moves expanded: pw * sqrt(visits); 0 all */
	int rollout, reward, threads;
	bool shared;                    /* threads draw iterations from one budget */
	int depth;                      /* rollout moves before evaluating; -1: none */
	int sample;                     /* greedy rollout steps weigh this many drawn moves
					 * by prior (0: every legal move) */
	bool sample_priors;             /* sample > 0 and priors weigh moves one by one */
	bool draw;                      /* sample > 0 and the plugin has sample_move:
					 * rollouts draw chance and random moves with it */
	bool cheap_draw;                /* BONES_CHEAP_SAMPLE and sample_move: greedy
					 * rollout steps draw their candidates with it */
	bool reuse;                     /* keep the subtree of the new position */
	bool hidden;                    /* determinise by resample each iteration */
	double sign;                    /* +1, or -1 when low scores win */
	uint64_t nodes;                 /* node pool of all trees together */
} bones_mcts_config;

/* One node: the move or chance outcome that led to it and its statistics from the
 * viewpoint of the player who made that move (max^n: each mover maximises its own). */
typedef struct bones_mcts_node {
	bones_move move;
	uint32_t first_child, next_sibling; /* BONES_MCTS_NIL when none */
	uint32_t visits;
	uint32_t avail;  /* parent visits in which move was legal (determinised search) */
	int32_t mover;   /* who made move: a player or BONES_CHANCE */
	uint32_t index;  /* move's index in the parent's legal list (open information) */
	float prior;     /* normalised heuristic prior, 0 without one */
	double reward;   /* sum of the mover's rewards */
} bones_mcts_node;

/* One tree with its buffers; single-threaded. Aligned to a cache line (so its size is
 * a multiple of one): the counters each thread bumps every simulated move (rng,
 * sim_moves, used) never share a line with a neighbouring tree's (false sharing). */
#define BONES_MCTS_LINE 64
typedef struct bones_mcts_tree {
	_Alignas(BONES_MCTS_LINE) const bones_mcts_config *cfg;
	bones_mcts_node *nodes;     /* cap nodes; nodes[0] is the root */
	uint32_t cap, used;
	uint32_t *map;              /* cap entries: renumbering when a subtree is kept,
				     * then while searching a root child's slot in root */
	void *block;                /* whole cache lines: root_state to root below */
	bones_rng rng;
	bool has_root;
	bool has_chosen;            /* chosen: the move played from the root */
	bones_move chosen;
	unsigned char *root_state;  /* the position searched, as given */
	unsigned char *state;       /* one iteration's state */
	unsigned char *scratch;     /* greedy rollouts try moves here */
	unsigned char *reuse;       /* (REUSE_DEPTH + 1) states for finding the new root */
	bones_move *moves;          /* max_moves */
	bones_move *drawn;          /* cfg->sample, at least 1: a greedy rollout step's draws */
	uint64_t *sorted;           /* max_moves (move << 32 | index), determinised search */
	unsigned char *legal_child; /* max_moves flags */
	double *probs, *weights;    /* max_moves each (and at least cfg->sample) */
	double *root_rank;          /* max_moves: greedy order of the root's moves */
	bool root_ranked;           /* root_rank is valid for this search */
	bones_move *root_moves;     /* max_moves, determinised search: the root's legal
				     * list, listed once per search when the root's mover
				     * is the searcher (the same in every determinisation:
				     * bones check checks it); with nothing hidden the root
				     * is kept in lists as every node is */
	uint64_t *root_sorted;      /* max_moves: root_moves sorted */
	size_t root_n;              /* root_moves listed; 0: none */
	uint32_t *list_at;          /* cap entries, open information only (else NULL):
				     * where lists holds the node's legal list, or NIL */
	bones_move *lists;          /* lists_cap entries: per listed node, its count then
				     * its moves (a node's state, and so its list, is the
				     * same in every iteration when nothing is hidden) */
	double *list_priors;        /* lists_cap entries, beside lists: NAN before the
				     * node's priors are asked, then 1 and the priors, or 0
				     * when the heuristic had no opinion */
	size_t lists_cap, lists_used;
	double *before, *after, *reward; /* players each */
	double *win, *points;       /* players each: the iteration's win share and margin */
	bones_search_move *root;    /* max_moves: this search's statistics of the root's
				     * children, slot by slot (map[child] is its slot) */
	uint32_t root_used;         /* slots in use */
	const bones_move *root_only; /* NULL, or the only root moves to search (analysis) */
	size_t root_only_n;
	bool restricted;            /* the last search's root was restricted: no reuse */
	uint32_t path[BONES_MCTS_MAX_DEPTH];
	uint64_t iterations;        /* done in the last search */
	uint64_t sim_moves;         /* moves applied in the last search (tree + rollout) */
	uint32_t reused;            /* nodes kept from the previous move */
	double cpu_seconds;         /* thread CPU time of the last search */
} bones_mcts_tree;

/* Statistics of the agent's last move, for tests and `bones match --verbose`. */
/* The public bones_search_stats of bones/agent.h. */
typedef bones_search_stats bones_mcts_stats;

/* A new node of the pool for move by mover (no children, no statistics); NIL when the
 * pool is full. */
static inline uint32_t bones_mcts_new_node(bones_mcts_tree *t, bones_move move, int mover)
{
	if (t->used >= t->cap)
		return BONES_MCTS_NIL;
	bones_mcts_node *n = &t->nodes[t->used];
	memset(n, 0, sizeof *n);
	n->move = move;
	n->first_child = n->next_sibling = BONES_MCTS_NIL;
	n->mover = mover;
	if (t->list_at)
		t->list_at[t->used] = BONES_MCTS_NIL;
	return t->used++;
}

/* Node's child reached by move, or NIL. */
static inline uint32_t bones_mcts_find_child(const bones_mcts_tree *t, uint32_t node,
					     bones_move move)
{
	for (uint32_t ch = t->nodes[node].first_child; ch != BONES_MCTS_NIL;
	     ch = t->nodes[ch].next_sibling)
		if (t->nodes[ch].move == move)
			return ch;
	return BONES_MCTS_NIL;
}

bones_status bones_mcts_tree_init(bones_mcts_tree *t, const bones_mcts_config *cfg,
				  uint32_t cap, uint64_t seed);
void bones_mcts_tree_release(bones_mcts_tree *t);
/* Make state the root: the matching subtree of the last search when cfg->reuse allows
 * (open information only), else an empty tree. */
void bones_mcts_tree_set_root(bones_mcts_tree *t, const void *state);
/* Run iterations for player me until max_iterations (0: no limit) or, when
 * deadline > 0, until the monotonic clock passes deadline (seconds). With pool
 * non-NULL the iterations are instead taken from *pool, shared with the other
 * threads' trees, BONES_MCTS_BATCH at a time, until it holds max_iterations taken. */
void bones_mcts_tree_search(bones_mcts_tree *t, int me, uint64_t max_iterations,
			    double deadline, _Atomic uint64_t *pool);
#define BONES_MCTS_BATCH 8
/* Keep in moves[0..n), in order, those among only[0..only_n) (all when only_n is 0);
 * returns how many are kept. */
size_t bones_mcts_keep_only(bones_move *moves, size_t n, const bones_move *only,
			    size_t only_n);
/* The monotonic clock in seconds. */
double bones_mcts_now(void);

/* The kind's row in agent.c's table. */
extern const bones_agent_ops bones_mcts_ops;

/* The stats of an mcts agent's last move; BONES_EINVAL for another kind of agent. */
bones_status bones_mcts_stats_get(const bones_agent *agent, bones_mcts_stats *stats);
/* What an mcts agent whose spec is parsed (params set, not created) will take: its
 * threads and node pool as mcts_create will make them. agent->plugin may be NULL (then
 * nothing counts as hidden: the larger node). */
void bones_mcts_measure(const bones_agent *agent, bones_agent_needs *needs);

#endif /* BONES_MCTS_H */
