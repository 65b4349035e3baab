/* Plugin capability "bones.observation/1": a player's view of a state as a fixed-size
 * array of floats (an observation tensor), for learning agents. Optional: hosts offer
 * observation tensors only for plugins that provide it. */
#ifndef BONES_OBSERVATION_H
#define BONES_OBSERVATION_H

#include "bones/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BONES_OBSERVATION_ID "bones.observation/1"
#define BONES_OBSERVATION_MAX_RANK 4 /* dimensions a shape may have */

/* Returned by get_extension(game, BONES_OBSERVATION_ID); owned by the plugin, valid as
 * long as the game. Both functions may be called from any thread, several at once on one
 * game; they must not allocate, write to the game or keep anything between calls. */
typedef struct bones_observation {
	uint32_t size; /* sizeof(bones_observation) as the plugin was built */

	/* The shape of every observation of this configured game (it may depend on the
	 * options, e.g. the players): writes the extent of each dimension into
	 * dims[0..rank) and returns rank, 1..BONES_OBSERVATION_MAX_RANK. An observation
	 * holds the product of the extents, row-major (the last dimension varies fastest). */
	int (*shape)(const void *game, size_t dims[BONES_OBSERVATION_MAX_RANK]);

	/* What `player` may see of state (-1: a spectator, who sees only public things),
	 * written into values[0..product of the shape). Every value is written, the same
	 * for equal states, and equal for two states that differ only in what the player
	 * cannot see (as the plugin's observation text). Any state, terminal included. */
	void (*fill)(const void *game, const void *state, int player, float *values);
} bones_observation;

/* The capability's size in each version, frozen: a host accepts any size from the 1.0
 * one up (reading only the fields a plugin's size covers). */
#define BONES_OBSERVATION_SIZE_1_0 ((uint32_t)sizeof(bones_observation))

#ifdef __cplusplus
}
#endif
#endif /* BONES_OBSERVATION_H */
