/* Holomino's observation tensor ("bones.observation/1"): the tiles of every pool, the
 * supply and the layout, how many open cells each tile fits, scores and turn, as one
 * row of floats. Holomino hides nothing, so every seat sees the same things; seats are
 * listed from the observing player's on. */
#include "holomino.h"

/* Rows of ntiles: the pools of players seats, the supply, the placed tiles, the fits;
 * then scores and whose turn it is (players each) and the phase (4). */
static size_t obs_length(const hm_game *g)
{
	return (size_t)(g->players + 3) * (size_t)g->ntiles + 2 * (size_t)g->players + 4;
}

static int obs_shape(const void *game, size_t dims[BONES_OBSERVATION_MAX_RANK])
{
	dims[0] = obs_length(game);
	return 1;
}

static bool in_set(const uint64_t *set, int t)
{
	return set[t >> 6] >> (t & 63) & 1u;
}

static void obs_fill(const void *game, const void *state, int player, float *v)
{
	const hm_game *g = game;
	const hm_state *s = state;
	int n = g->ntiles, me = player < 0 ? 0 : player;
	memset(v, 0, obs_length(g) * sizeof *v);
	for (int i = 0; i < g->players; i++)
		for (int t = 0; t < n; t++)
			v[i * n + t] = in_set(s->pool_set[(me + i) % g->players], t);
	float *row = v + g->players * n;
	for (int t = 0; t < n; t++) {
		row[t] = in_set(s->supply, t);
		row[n + t] = in_set(s->placed, t);
	}
	const hm_live *live = hm_clive(g, s);
	const hm_cell *cells = hm_ccells(g, s);
	for (int c = 0; c < s->nlive; c++) {
		size_t pat = cells[hm_live_cell(live[c])].pat;
		for (int t = 0; t < n; t++)
			row[2 * n + t] += g->ori[pat * (size_t)n + (size_t)t] != 0;
	}
	float *rest = row + 3 * n;
	for (int i = 0; i < g->players; i++)
		rest[i] = (float)s->score[(me + i) % g->players];
	if (s->phase != HM_PHASE_OVER)
		rest[g->players + (s->player + g->players - me) % g->players] = 1;
	rest[2 * g->players + (s->phase & 3)] = 1;
}

static const bones_observation observation = {
	.size = sizeof(bones_observation),
	.shape = obs_shape,
	.fill = obs_fill,
};

const void *hm_observation_ext(void)
{
	return &observation;
}
