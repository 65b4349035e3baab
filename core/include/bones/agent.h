/* Agents: anything that chooses a move for a seat, given a state and a budget. Named
 * by a spec string "NAME key=value ..." ("random", "greedy", "mcts iterations=5000").
 * Built-in kinds work on any plugin through the ABI alone; a plugin may add its own
 * through the "bones.agents/1" extension (bones/agents_ext.h). */
#ifndef BONES_AGENT_H
#define BONES_AGENT_H

#include "bones/plugin.h"

typedef struct bones_agent bones_agent;

/* The agent every frontend asks for a hint: the strongest within about a second.
 * depth=0 stops rollouts at the plugin's evaluation where it has one (bones.heuristic/1). */
#define BONES_HINT_AGENT "mcts iterations=2000 time=1 rollout=greedy depth=0"

/* One kind of agent, as listed by `bones agents`. */
typedef struct bones_agent_kind {
	const char *name;    /* "greedy" */
	const char *summary; /* one line */
	const char *params;  /* "iterations=N (1000) c=F (0.7) ...", "" for none */
} bones_agent_kind;

/* The built-in kinds (NULL-terminated by a kind with name NULL). */
const bones_agent_kind *bones_agent_kinds(void);

/* Create an agent from a spec for one configured game. Plugin agents (bones.agents/1)
 * are found by name too. err: "agent 'mcts x=1': x: unknown parameter". */
bones_status bones_agent_create(const char *spec, const bones_plugin *plugin,
				const void *game, const bones_game_info *info, uint64_t seed,
				bones_agent **out, char *err, size_t errcap);
void bones_agent_destroy(bones_agent *agent);

/* What an agent takes of the machine that runs it, as its spec makes it. */
typedef struct bones_agent_needs {
	int threads;         /* search threads: 1 for random, greedy and a plugin's agents */
	uint64_t nodes;      /* node pool of all its search trees; 0 when it does not search */
	uint64_t pool_bytes; /* those nodes' memory: nodes times the bytes per node (the
			      * capacity and node_bytes of bones_agent_search_stats) */
} bones_agent_needs;

/* Parse spec with the parser of bones_agent_create (duplicate keys: the last wins;
 * numbers as strtod reads them; nodes= over memory_mb=) and tell what the agent would
 * take, without making it: no tree, no thread. Its errors are bones_agent_create's
 * parse errors ("agent 'mcts x=1': x: unknown parameter"). plugin and game may be NULL:
 * then only the built-in kinds are known (another name is BONES_ENOTFOUND) and the
 * pool is counted with the larger node of a game with nothing hidden. A host that
 * bounds what its clients ask for (bones serve) checks this before it creates. */
bones_status bones_agent_measure(const char *spec, const bones_plugin *plugin,
				 const void *game, bones_agent_needs *needs, char *err,
				 size_t errcap);

/* Bound every later choice to about `seconds` of thinking (a host's time per move),
 * beside the agent's own budget (iterations, time=): a search stops at whichever comes
 * first; quick agents are unaffected. 0 removes the bound. */
void bones_agent_set_time_limit(bones_agent *agent, double seconds);

/* The agent's spec as given. */
const char *bones_agent_spec(const bones_agent *agent);

/* Choose a move for the player to move in state (not a chance node, not terminal).
 * Uses only what that player may see (resampling hidden information when it searches). */
bones_status bones_agent_choose(bones_agent *agent, const void *state, bones_move *move);

/* What a searching agent (mcts) did for its last choice. */
typedef struct bones_search_stats {
	uint64_t iterations; /* all trees */
	uint64_t sim_moves;  /* moves applied while searching, all trees */
	uint64_t nodes;      /* nodes in use at the end, all trees */
	uint64_t capacity;   /* node pool of all trees */
	uint64_t reused;     /* nodes kept from the move before */
	uint32_t node_bytes; /* memory per node of the pool, its index included */
	double seconds;      /* wall time of the search */
	double cpu_seconds;  /* CPU time of the search threads, summed */
} bones_search_stats;

/* The search statistics of agent's last choice; BONES_EINVAL for an agent that does not
 * search (random, greedy, a plugin's agent). */
bones_status bones_agent_search_stats(const bones_agent *agent, bones_search_stats *stats);

/* One move at the root of a searching agent's last choice, from the mover's view, over
 * the iterations of that search alone (not those of a subtree kept from the move
 * before). */
typedef struct bones_search_move {
	bones_move move;
	uint64_t visits; /* iterations through this move */
	double win;      /* mean win share: 1 for beating each other player, 1/2 per tie,
			  * averaged over them (at an evaluated cut-off: the evaluation's
			  * win probability); for one player the reward */
	double margin;   /* mean final margin over the best other player, in points,
			  * positive when the mover is ahead (low-score games: fewer points);
			  * for one player their score */
	double reward;   /* mean reward the search maximised (docs/ai.md) */
} bones_search_move;

/* The root moves of agent's last choice with at least one visit, into moves[0..cap),
 * most visited first; *count is how many there were (possibly more than cap).
 * BONES_EINVAL for an agent that does not search. */
bones_status bones_agent_search_moves(const bones_agent *agent, bones_search_move *moves,
				      size_t cap, size_t *count);

/* Restrict the root of later choices to moves[0..n) (copied; the legal ones among
 * them), n = 0 lifts it. With a restriction the agent searches even a single move,
 * so bones_agent_search_moves values the position after it from the mover's view
 * (analysis). BONES_EINVAL for an agent that does not search. */
bones_status bones_agent_restrict_root(bones_agent *agent, const bones_move *moves,
				       size_t n);

#endif /* BONES_AGENT_H */
