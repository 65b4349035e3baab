/* Internals of the agent module shared by the kinds' files: the agent object and the
 * table row a kind provides. A new kind (mcts) is one bones_agent_ops in its own file
 * plus one row in agent.c's tables. Not a public header. */
#ifndef BONES_AGENT_IMPL_H
#define BONES_AGENT_IMPL_H

#include "bones/agent.h"
#include "bones/agents_ext.h"
#include "bones/rng.h"

#define BONES_AGENT_MAX_PARAMS 16

/* A numeric parameter of a kind, given in the spec as key=value. */
typedef struct bones_agent_param {
	const char *key;
	double def, min, max; /* default and inclusive range */
	bool integer;         /* whole numbers only */
	const char *const *choices; /* NULL, or named values (NULL-terminated): the
				     * spec gives a name, the value is its index */
} bones_agent_param;

/* What a kind does. create and destroy are optional; choose is called only when a
 * player (not chance) is to move, with agent->moves sized info.max_moves. */
typedef struct bones_agent_ops {
	const bones_agent_param *params;
	size_t param_count;
	bones_status (*create)(bones_agent *agent, char *err, size_t errcap);
	bones_status (*choose)(bones_agent *agent, const void *state, bones_move *move);
	void (*destroy)(bones_agent *agent);
} bones_agent_ops;

struct bones_agent {
	const bones_agent_ops *ops;             /* NULL for a plugin agent */
	const bones_plugin_agent *plugin_agent; /* set for a plugin agent; plugin-owned */
	char *spec;                             /* as given; owned */
	const bones_plugin *plugin;             /* borrowed */
	const void *game;                       /* borrowed; outlives the agent */
	bones_game_info info;
	bones_rng rng;                          /* seeded at create */
	double params[BONES_AGENT_MAX_PARAMS];  /* ops->params values, in their order */
	bones_move *moves;                      /* info.max_moves entries; owned */
	void *scratch;                          /* info.state_size bytes; owned */
	double *scores;                         /* info.players entries; owned */
	void *impl;                             /* the kind's own data; its destroy frees */
	double time_limit;                      /* seconds a choice may take, 0 = the spec's
						 * budget alone (bones_agent_set_time_limit) */
};

#endif /* BONES_AGENT_IMPL_H */
