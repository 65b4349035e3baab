/* Plugin capability "bones.agents/1": game-specific built-in agents (Hegemino's
 * President Dorothy) offered by a plugin and chosen by name like any other agent. */
#ifndef BONES_AGENTS_EXT_H
#define BONES_AGENTS_EXT_H

#include "bones/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BONES_AGENTS_ID "bones.agents/1"

typedef struct bones_plugin_agent {
	const char *name;    /* "dorothy" */
	const char *summary; /* one line */
	/* Choose a legal move for the player to move. May use next_random(rng). */
	bones_move (*choose)(const void *game, const void *state,
			     uint64_t (*next_random)(void *rng), void *rng);
} bones_plugin_agent;

typedef struct bones_agents_ext {
	uint32_t size; /* sizeof(bones_agents_ext) as the plugin was built */
	size_t count;
	const bones_plugin_agent *agents;
} bones_agents_ext;

#ifdef __cplusplus
}
#endif
#endif /* BONES_AGENTS_EXT_H */
