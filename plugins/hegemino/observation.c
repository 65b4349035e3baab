/* Hegemino's observation tensor ("bones.observation/1") as one row of floats: every
 * tableau's cells, the market, the boneyard, phase and turn. With chaos=hidden the
 * dominoes removed face down stay hidden from everyone: they count as boneyard (as in
 * the observation text, view.c). */
#include "hegemino.h"

#include <string.h>

#include "bones/observation.h"

/* Planes of grid x grid cells per tableau: pips 0..6, the gap, a stacked domino (9);
 * the market's left then right column, each row a domino (HG_DOMINOES) and a token
 * (HG_MAX_TOKENS); the boneyard's counts, the open removals' counts (HG_DOMINOES each);
 * the phase (6), the round, the player to move and the observer (HG_MAX_TOKENS each,
 * none at chance and at the end, none for a spectator). */
#define OBS_PLANES 9
#define OBS_ROW (HG_DOMINOES + HG_MAX_TOKENS)

static size_t obs_length(const hg_game *g)
{
	size_t cells = (size_t)g->tableaus * (size_t)g->grid * (size_t)g->grid;
	return OBS_PLANES * cells + 2 * HG_ROWS * OBS_ROW + 2 * HG_DOMINOES + 7 +
	       2 * HG_MAX_TOKENS;
}

static int obs_shape(const void *game, size_t dims[BONES_OBSERVATION_MAX_RANK])
{
	dims[0] = obs_length(game);
	return 1;
}

static void fill_column(const uint8_t *dom, const uint8_t *tok, int rows, float *v)
{
	for (int r = 0; r < rows && r < HG_ROWS; r++) {
		if (dom[r] < HG_DOMINOES)
			v[r * OBS_ROW + dom[r]] = 1;
		if (tok[r] < HG_MAX_TOKENS)
			v[r * OBS_ROW + HG_DOMINOES + tok[r]] = 1;
	}
}

static void obs_fill(const void *game, const void *state, int player, float *v)
{
	const hg_game *g = game;
	const hg_state *s = state;
	size_t cells = (size_t)g->tableaus * (size_t)g->grid * (size_t)g->grid;
	memset(v, 0, obs_length(g) * sizeof *v);
	for (size_t c = 0; c < cells; c++) {
		int code = HG_CODE(s->cells[c]);
		if (code >= 1 && code <= 8)
			v[(size_t)(code - 1) * cells + c] = 1;
		if (s->cells[c] & HG_STACKED)
			v[8 * cells + c] = 1;
	}
	float *market = v + OBS_PLANES * cells;
	fill_column(s->left_dom, s->left_tok, s->left_n, market);
	fill_column(s->right_dom, s->right_tok, s->right_n, market + HG_ROWS * OBS_ROW);
	float *bone = market + 2 * HG_ROWS * OBS_ROW;
	bool hidden = g->chaos == HG_CHAOS_HIDDEN;
	for (int i = 0; i < HG_DOMINOES; i++) {
		bone[i] = (float)(hidden ? s->bone[i] + s->removed[i] : s->bone[i]);
		bone[HG_DOMINOES + i] = hidden ? 0.0f : (float)s->removed[i];
	}
	float *rest = bone + 2 * HG_DOMINOES;
	rest[s->phase <= HG_PH_END ? s->phase : HG_PH_END] = 1;
	rest[6] = s->round;
	int who = hg_to_move(g, s);
	if (who >= 0 && who < HG_MAX_TOKENS)
		rest[7 + who] = 1;
	if (player >= 0 && player < HG_MAX_TOKENS)
		rest[7 + HG_MAX_TOKENS + player] = 1;
}

static const bones_observation observation = {
	.size = sizeof(bones_observation),
	.shape = obs_shape,
	.fill = obs_fill,
};

const void *hg_observation_ext(void)
{
	return &observation;
}
