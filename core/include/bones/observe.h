/* Observation tensors on the host side: the plugin's optional "bones.observation/1"
 * capability (bones/observation.h) found and checked once, its shape and its values. */
#ifndef BONES_OBSERVE_H
#define BONES_OBSERVE_H

#include "bones/observation.h"

/* The capability of plugin for its configured game, or NULL when the plugin offers none
 * (or one smaller than BONES_OBSERVATION_SIZE_1_0, or without both functions). Owned by
 * the plugin, valid as long as game. */
const bones_observation *bones_observe_find(const bones_plugin *plugin, const void *game);

/* The shape of game's observations into dims[0..rank), rank returned (1..4), and the
 * number of values of one in *count; BONES_EINVAL when the plugin wrote a rank out of
 * range or an extent of 0. */
bones_status bones_observe_shape(const bones_observation *obs, const void *game,
				 size_t dims[BONES_OBSERVATION_MAX_RANK], int *rank,
				 size_t *count);

/* What player (-1: a spectator) sees of state into values[0..count) (count from
 * bones_observe_shape); values is caller-owned. */
void bones_observe_fill(const bones_observation *obs, const void *game, const void *state,
			int player, float *values);

#endif /* BONES_OBSERVE_H */
