/* The observation tensor of dominoes (capability "bones.observation/1"), which
 * get_extension in dominoes.c hands out. */
#include <string.h>

#include "bones/observation.h"
#include "dominoes_internal.h"

/* The observation tensor ("bones.observation/1"), one row of floats: the player's hand
 * (28), the tiles on the line (28), the open ends' pips (7 + 7), each seat's hand size
 * from the player's on (MAX_PLAYERS), the boneyard's size, whose turn it is from the
 * player's seat on (MAX_PLAYERS), whether a draw is pending, the passes in a row. A
 * spectator's hand reads empty; nobody sees another hand or the boneyard's tiles. */
#define OBS_LENGTH (2 * TILES + 14 + 2 * MAX_PLAYERS + 3)

static int obs_shape(const void *vg, size_t dims[BONES_OBSERVATION_MAX_RANK])
{
	(void)vg;
	dims[0] = OBS_LENGTH;
	return 1;
}

static void obs_fill(const void *vg, const void *vs, int player, float *v)
{
	const game *g = vg;
	const state *s = vs;
	int me = player < 0 ? 0 : player;
	memset(v, 0, OBS_LENGTH * sizeof *v);
	FOR_TILES(t, player < 0 ? 0u : s->hand[player])
		v[t] = 1;
	for (int i = 0; i < s->length; i++)
		v[TILES + (s->line[i] & ~FLIPPED)] = 1;
	if (s->length > 0) {
		v[2 * TILES + s->left] = 1;
		v[2 * TILES + 7 + s->right] = 1;
	}
	float *rest = v + 2 * TILES + 14;
	for (int i = 0; i < g->players; i++)
		rest[i] = (float)dom_count(s->hand[(me + i) % g->players]);
	rest[MAX_PLAYERS] = (float)dom_count(s->boneyard);
	rest[MAX_PLAYERS + 1 + (s->turn + g->players - me) % g->players] = 1;
	rest[2 * MAX_PLAYERS + 1] = s->drawing;
	rest[2 * MAX_PLAYERS + 2] = s->passes;
}

const bones_observation dom_tensor = {
	.size = sizeof(bones_observation),
	.shape = obs_shape,
	.fill = obs_fill,
};
