/* The observation tensor of All Fives ("bones.observation/1"), which af_extension hands
 * out: one row of floats, what the player may see. */
#include <string.h>

#include "allfives.h"
#include "bones/observation.h"

/* The player's hand (28), the tiles on the table (28), each open arm's end pips (4 x
 * 7; up and down once the spinner is open), the count of the open ends (1), each seat's
 * hand size and points from the player's seat on (2 x MAX_PLAYERS), the boneyard's
 * size, whose turn it is from the player's seat on (MAX_PLAYERS), whether a draw is
 * due, the passes in a row. A spectator's hand reads empty; nobody sees another hand
 * or the boneyard's tiles. */
#define OBS_LENGTH (2 * TILES + ARMS * 7 + 1 + 3 * MAX_PLAYERS + 3)

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
		v[TILES + (s->seq[i] & 31)] = 1;
	for (int arm = 0; s->length && arm < ARMS; arm++)
		if (arm < ARM_U || af_spinner_open(s))
			v[2 * TILES + 7 * arm + s->end[arm] % 7] = 1;
	float *rest = v + 2 * TILES + ARMS * 7;
	rest[0] = s->length ? (float)af_count_ends(g, s) : 0;
	for (int i = 0; i < g->players; i++) {
		int seat = (me + i) % g->players;
		rest[1 + i] = (float)af_count(s->hand[seat]);
		rest[1 + MAX_PLAYERS + i] = s->points[seat];
	}
	rest[1 + 2 * MAX_PLAYERS] = (float)af_count(s->boneyard);
	rest[2 + 2 * MAX_PLAYERS + (s->turn + g->players - me) % g->players] = 1;
	rest[2 + 3 * MAX_PLAYERS] = s->drawing;
	rest[3 + 3 * MAX_PLAYERS] = s->passes;
}

const bones_observation af_tensor = {
	.size = sizeof(bones_observation),
	.shape = obs_shape,
	.fill = obs_fill,
};
