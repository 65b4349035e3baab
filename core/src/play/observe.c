/* Observation tensors: the plugin's "bones.observation/1" capability, checked; see
 * observe.h. */
#include "bones/observe.h"

#include <stddef.h>

const bones_observation *bones_observe_find(const bones_plugin *plugin, const void *game)
{
	if (!plugin->get_extension)
		return NULL;
	const bones_observation *o = plugin->get_extension(game, BONES_OBSERVATION_ID);
	if (!o || o->size < BONES_OBSERVATION_SIZE_1_0 || !o->shape || !o->fill)
		return NULL;
	return o;
}

bones_status bones_observe_shape(const bones_observation *obs, const void *game,
				 size_t dims[BONES_OBSERVATION_MAX_RANK], int *rank,
				 size_t *count)
{
	*rank = obs->shape(game, dims);
	*count = 1;
	if (*rank < 1 || *rank > BONES_OBSERVATION_MAX_RANK)
		return BONES_EINVAL;
	for (int i = 0; i < *rank; i++) {
		if (dims[i] == 0)
			return BONES_EINVAL;
		*count *= dims[i];
	}
	return BONES_OK;
}

void bones_observe_fill(const bones_observation *obs, const void *game, const void *state,
			int player, float *values)
{
	obs->fill(game, state, player, values);
}
