/* Many games of one configuration stepped at once, chance resolved from a seed, every
 * answer into one caller-owned buffer; see bones/batch.h. */
#include "bones/batch.h"

#include "bones/dense.h"
#include "bones/guard.h"
#include "bones/observe.h"
#include "bones/result.h"
#include "bones/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bones_batch {
	const bones_plugin *plugin;     /* borrowed from the session */
	const void *game;               /* the session's configured game */
	const bones_game_info *info;    /* the session's */
	bones_dense dense;              /* the dense action space, found once */
	const bones_observation *obs;   /* NULL when the plugin offers none */
	size_t obs_count;               /* floats of one observation */
	size_t n;                       /* games */
	unsigned char *states;          /* n x info->state_size */
	bones_rng *rngs;                /* one a game: its chance */
	bones_move *moves;              /* scratch of max_moves */
	double *probs;                  /* scratch of max_moves */
	double *scores;                 /* 3 x players: scores, final scores, returns */
	int *ranks;                     /* 2 x players: the plugin's, the final */
	char fault[256];                /* the plugin's first fault, "" while none */
};

static void *state_at(const bones_batch *b, size_t i)
{
	return b->states + i * b->info->state_size;
}

/* Keep why as the batch's fault (the first one) and in err; BONES_EABI. */
static bones_status fail(bones_batch *b, const char *why, char *err, size_t errcap)
{
	if (!b->fault[0])
		snprintf(b->fault, sizeof b->fault, "%s", why);
	if (errcap)
		snprintf(err, errcap, "%s", why);
	return BONES_EABI;
}

/* Resolve chance in game i with its RNG until a player is to move or the game is over. */
static bones_status settle(bones_batch *b, size_t i, char *err, size_t errcap)
{
	const bones_plugin *p = b->plugin;
	void *st = state_at(b, i);
	char why[256] = "";
	while (bones_guard_to_move(p, b->game, b->info, st, why, sizeof why) == BONES_CHANCE) {
		size_t k = bones_guard_legal_moves(p, b->game, st, b->moves, b->probs,
						   b->info->max_moves, why, sizeof why);
		if (k == 0) {
			if (!why[0])
				snprintf(why, sizeof why, "plugin '%s': a chance node without outcomes",
					 p->id);
			break;
		}
		bones_move m = b->moves[bones_rng_pick(&b->rngs[i], b->probs, k)];
		if (p->apply(b->game, st, m) != BONES_OK) {
			snprintf(why, sizeof why, "plugin '%s': chance outcome %u it listed is not legal",
				 p->id, (unsigned)m);
			break;
		}
	}
	return why[0] ? fail(b, why, err, errcap) : BONES_OK;
}

static bones_status start(bones_batch *b, size_t i, char *err, size_t errcap)
{
	b->plugin->init_state(b->game, state_at(b, i));
	return settle(b, i, err, errcap);
}

bones_status bones_batch_create(const bones_session *s, size_t n, uint64_t seed,
				bones_batch **out, char *err, size_t errcap)
{
	*out = NULL;
	const bones_plugin *p = bones_session_plugin(s);
	if (n == 0) {
		snprintf(err, errcap, "a batch needs at least one game");
		return BONES_EINVAL;
	}
	bones_batch *b = calloc(1, sizeof *b);
	if (!b)
		goto out_of_memory;
	b->plugin = p;
	b->game = bones_session_game(s);
	b->info = bones_session_info(s);
	b->n = n;
	if (!bones_dense_init(&b->dense, p, b->game, b->info)) {
		snprintf(err, errcap, "plugin '%s' numbers no dense actions (bones.actions/1)",
			 p->id);
		bones_batch_destroy(b);
		return BONES_EINVAL;
	}
	b->obs = bones_observe_find(p, b->game);
	size_t dims[BONES_OBSERVATION_MAX_RANK];
	int rank;
	if (b->obs && bones_observe_shape(b->obs, b->game, dims, &rank, &b->obs_count))
		b->obs = NULL, b->obs_count = 0;
	size_t players = (size_t)b->info->players, cap = b->info->max_moves;
	b->states = n <= SIZE_MAX / b->info->state_size ?
		calloc(n, b->info->state_size) : NULL;
	b->rngs = calloc(n, sizeof *b->rngs);
	b->moves = calloc(cap, sizeof *b->moves);
	b->probs = calloc(cap, sizeof *b->probs);
	b->scores = calloc(3 * players, sizeof *b->scores);
	b->ranks = calloc(2 * players, sizeof *b->ranks);
	if (!b->states || !b->rngs || !b->moves || !b->probs || !b->scores || !b->ranks)
		goto out_of_memory;
	for (size_t i = 0; i < n; i++) {
		bones_rng_seed(&b->rngs[i], seed ^ (0x9e3779b97f4a7c15ull * (i + 1)));
		bones_status st = start(b, i, err, errcap);
		if (st) {
			bones_batch_destroy(b);
			return st;
		}
	}
	*out = b;
	return BONES_OK;
out_of_memory:
	bones_batch_destroy(b);
	snprintf(err, errcap, "out of memory");
	return BONES_ENOMEM;
}

void bones_batch_destroy(bones_batch *b)
{
	if (!b)
		return;
	free(b->states);
	free(b->rngs);
	free(b->moves);
	free(b->probs);
	free(b->scores);
	free(b->ranks);
	free(b);
}

size_t bones_batch_size(const bones_batch *b)
{
	return b->n;
}

size_t bones_batch_actions(const bones_batch *b)
{
	return b->dense.count;
}

const void *bones_batch_state(const bones_batch *b, size_t i)
{
	return state_at(b, i);
}

const char *bones_batch_fault(const bones_batch *b)
{
	return b->fault[0] ? b->fault : NULL;
}

size_t bones_batch_observation_size(const bones_batch *b)
{
	return b->obs_count;
}

static bool over(const bones_batch *b, size_t i)
{
	return b->plugin->to_move(b->game, state_at(b, i)) < 0;
}

size_t bones_batch_reset(bones_batch *b, const uint8_t *which)
{
	size_t done = 0;
	for (size_t i = 0; i < b->n; i++)
		if (!which || which[i]) {
			start(b, i, NULL, 0); /* a fault is kept: bones_batch_fault */
			done++;
		}
	return done;
}

size_t bones_batch_reset_over(bones_batch *b, uint8_t *which)
{
	size_t done = 0;
	for (size_t i = 0; i < b->n; i++) {
		bool end = over(b, i);
		if (end) {
			start(b, i, NULL, 0);
			done++;
		}
		if (which)
			which[i] = end;
	}
	return done;
}

bones_status bones_batch_apply(bones_batch *b, const int32_t *actions, char *err,
			       size_t errcap)
{
	for (size_t i = 0; i < b->n; i++)
		if (!over(b, i) && (actions[i] < 0 || (size_t)actions[i] >= b->dense.count)) {
			snprintf(err, errcap, "game %zu: action %ld is out of range 0..%zu", i,
				 (long)actions[i], b->dense.count - 1);
			return BONES_ERANGE;
		}
	bones_status result = BONES_OK;
	for (size_t i = 0; i < b->n; i++) {
		bones_move m;
		if (over(b, i))
			continue;
		if (!b->dense.cap->to_move(b->game, (size_t)actions[i], &m) ||
		    b->plugin->apply(b->game, state_at(b, i), m) != BONES_OK) {
			if (!result) {
				snprintf(err, errcap, "game %zu: action %ld is not legal", i,
					 (long)actions[i]);
				result = BONES_EILLEGAL;
			}
			continue;
		}
		bones_status st = settle(b, i, err, errcap);
		if (st)
			return st;
	}
	return result;
}

void bones_batch_players(bones_batch *b, int32_t *players)
{
	char why[256] = "";
	for (size_t i = 0; i < b->n; i++)
		players[i] = bones_guard_to_move(b->plugin, b->game, b->info, state_at(b, i), why,
						 sizeof why);
	if (why[0])
		fail(b, why, NULL, 0);
}

bones_status bones_batch_legal(bones_batch *b, int32_t *actions, int64_t *offsets,
			       char *err, size_t errcap)
{
	char why[256];
	int64_t at = 0;
	for (size_t i = 0; i < b->n; i++) {
		size_t k;
		offsets[i] = at;
		if (bones_dense_legal(&b->dense, state_at(b, i), b->moves, actions + at, &k, why,
				      sizeof why))
			return fail(b, why, err, errcap);
		at += (int64_t)k;
	}
	offsets[b->n] = at;
	return BONES_OK;
}

bones_status bones_batch_mask(bones_batch *b, uint8_t *mask, char *err, size_t errcap)
{
	char why[256];
	int32_t *ids = (int32_t *)(void *)b->probs; /* max_moves doubles hold as many ids */
	size_t a = b->dense.count;
	memset(mask, 0, b->n * a);
	for (size_t i = 0; i < b->n; i++) {
		size_t k;
		if (bones_dense_legal(&b->dense, state_at(b, i), b->moves, ids, &k, why, sizeof why))
			return fail(b, why, err, errcap);
		for (size_t j = 0; j < k; j++)
			mask[i * a + (size_t)ids[j]] = 1;
	}
	return BONES_OK;
}

/* The utilities of the game that is over in state st into ret[players]. */
static bones_status utilities(bones_batch *b, const void *st, double *ret, char *err,
			      size_t errcap)
{
	const bones_plugin *p = b->plugin;
	int n = b->info->players;
	double *scores = b->scores, *final = b->scores + n;
	int *plugin_ranks = p->ranks ? b->ranks : NULL, *ranks = b->ranks + n;
	char why[256] = "";
	if (!bones_guard_scores(p, b->game, b->info, st, scores, why, sizeof why))
		return fail(b, why, err, errcap);
	if (plugin_ranks)
		p->ranks(b->game, st, plugin_ranks);
	bones_preset_final_result(p->flags & BONES_LOW_SCORE_WINS, n, scores, plugin_ranks,
				  NULL, -1, final, ranks);
	for (int i = 0; i < n; i++) {
		int sum = 0;
		for (int j = 0; j < n; j++)
			sum += (ranks[i] < ranks[j]) - (ranks[i] > ranks[j]);
		ret[i] = n > 1 ? (double)sum / (n - 1) : 0;
	}
	return BONES_OK;
}

bones_status bones_batch_returns(bones_batch *b, double *returns, char *err,
				 size_t errcap)
{
	size_t players = (size_t)b->info->players;
	for (size_t i = 0; i < b->n; i++) {
		double *ret = returns + i * players;
		if (!over(b, i)) {
			memset(ret, 0, players * sizeof *ret);
			continue;
		}
		bones_status st = utilities(b, state_at(b, i), ret, err, errcap);
		if (st)
			return st;
	}
	return BONES_OK;
}

bones_status bones_batch_observe(bones_batch *b, const int32_t *viewers, float *values,
				 char *err, size_t errcap)
{
	if (!b->obs) {
		snprintf(err, errcap, "plugin '%s' offers no observation tensor "
			 "(bones.observation/1)", b->plugin->id);
		return BONES_EINVAL;
	}
	for (size_t i = 0; i < b->n; i++) {
		int who = viewers ? viewers[i] : b->plugin->to_move(b->game, state_at(b, i));
		if (viewers && (who < -1 || who >= b->info->players)) {
			snprintf(err, errcap, "game %zu: viewer %d is out of range -1..%d", i, who,
				 b->info->players - 1);
			return BONES_EINVAL;
		}
		bones_observe_fill(b->obs, b->game, state_at(b, i), who < 0 ? -1 : who,
				   values + i * b->obs_count);
	}
	return BONES_OK;
}
