/* Geominos' observation tensor ("bones.observation/1") as one row of floats: the board's
 * squares, the hands and the deck, scores and turn. Geominos hides nothing (hands are
 * open), so every seat sees the same things; seats are listed from the observer's on. */
#include "geominos.h"

#include <string.h>

#include "bones/observation.h"

/* Planes of GEO_CELLS: an empty square, pips 0..6 on it, a light square (9); rows of
 * tile_count: each seat's hand, the deck; then scores, whose turn (players each), the
 * phase (6). */
#define OBS_PLANES 9

static size_t obs_length(const geo_game *g)
{
	return OBS_PLANES * GEO_CELLS + (size_t)(g->players + 1) * (size_t)g->tile_count +
	       2 * (size_t)g->players + 6;
}

static int obs_shape(const void *game, size_t dims[BONES_OBSERVATION_MAX_RANK])
{
	dims[0] = obs_length(game);
	return 1;
}

static void obs_fill(const void *game, const void *state, int player, float *v)
{
	const geo_game *g = game;
	const geo_state *s = state;
	int n = g->tile_count, me = player < 0 ? 0 : player;
	memset(v, 0, obs_length(g) * sizeof *v);
	for (int c = 0; c < GEO_CELLS; c++) {
		int plane = s->cell[c] == GEO_EMPTY ? 0 : 1 + (s->cell[c] & 7);
		v[plane * GEO_CELLS + c] = 1;
		v[8 * GEO_CELLS + c] = g->light[c] != 0;
	}
	float *rows = v + OBS_PLANES * GEO_CELLS;
	for (int i = 0; i < g->players; i++)
		for (int t = 0; t < n; t++)
			rows[i * n + t] = (float)(s->hand[(me + i) % g->players] >> t & 1u);
	for (int t = 0; t < n; t++)
		rows[g->players * n + t] = (float)(s->deck >> t & 1u);
	float *rest = rows + (g->players + 1) * n;
	for (int i = 0; i < g->players; i++)
		rest[i] = (float)s->score[(me + i) % g->players];
	if (s->phase != GEO_PH_OVER)
		rest[g->players + (s->current + g->players - me) % g->players] = 1;
	rest[2 * g->players + (s->phase < 6 ? s->phase : 5)] = 1;
}

static const bones_observation observation = {
	.size = sizeof(bones_observation),
	.shape = obs_shape,
	.fill = obs_fill,
};

const void *geo_observation_ext(void)
{
	return &observation;
}
