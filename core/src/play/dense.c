/* Dense action ids: the plugin's "bones.actions/1" capability, checked, and a state's
 * legal actions sorted; see bones/dense.h. */
#include "bones/dense.h"

#include "bones/guard.h"

#include <stdio.h>
#include <string.h>

bool bones_dense_init(bones_dense *d, const bones_plugin *plugin, const void *game,
		      const bones_game_info *info)
{
	*d = (bones_dense){.plugin = plugin, .game = game, .max_moves = info->max_moves};
	if (!plugin->get_extension)
		return false;
	const bones_actions *a = plugin->get_extension(game, BONES_ACTIONS_ID);
	if (!a || a->size < BONES_ACTIONS_SIZE_1_0)
		return false;
	if (BONES_ACTIONS_HAS(a, max_game_length))
		d->max_game_length = a->max_game_length(game);
	if (!a->count || !a->to_index || !a->to_move)
		return false;
	size_t count = a->count(game);
	if (count == 0 || count > INT32_MAX)
		return false;
	d->cap = a;
	d->count = count;
	return true;
}

/* ids[0..n) (each < count) sorted ascending through tmp[n]: by insertion when short,
 * else by a radix sort of 8 bits a pass over the bits count needs. No callback per
 * comparison as qsort's: this is on a learning agent's path, and a plugin's order can
 * be far from sorted (Holomino's is). */
static void sort_ids(int32_t *ids, int32_t *tmp, size_t n, size_t count)
{
	if (n <= 24) {
		for (size_t i = 1; i < n; i++) {
			int32_t v = ids[i];
			size_t j = i;
			for (; j > 0 && ids[j - 1] > v; j--)
				ids[j] = ids[j - 1];
			ids[j] = v;
		}
		return;
	}
	int32_t *src = ids, *dst = tmp;
	for (unsigned shift = 0; shift < 32 && (count - 1) >> shift; shift += 8) {
		size_t start[256] = {0}, at = 0;
		for (size_t i = 0; i < n; i++)
			start[((uint32_t)src[i] >> shift) & 255u]++;
		for (size_t d = 0; d < 256; d++) {
			size_t k = start[d];
			start[d] = at;
			at += k;
		}
		for (size_t i = 0; i < n; i++)
			dst[start[((uint32_t)src[i] >> shift) & 255u]++] = src[i];
		int32_t *t = src;
		src = dst;
		dst = t;
	}
	if (src != ids)
		memcpy(ids, src, n * sizeof *ids);
}

bones_status bones_dense_legal(const bones_dense *d, const void *state, bones_move *moves,
			       int32_t *out, size_t *n, char *fault, size_t faultcap)
{
	const bones_plugin *p = d->plugin;
	*n = 0;
	if (p->to_move(d->game, state) < 0)
		return BONES_OK;
	fault[0] = '\0';
	size_t count = bones_guard_legal_moves(p, d->game, state, moves, NULL, d->max_moves,
					       fault, faultcap);
	if (fault[0])
		return BONES_EABI;
	for (size_t i = 0; i < count; i++) {
		size_t index;
		if (!d->cap->to_index(d->game, moves[i], &index) || index >= d->count) {
			snprintf(fault, faultcap,
				 "plugin '%s': legal move %u has no dense action (bones.actions/1)",
				 p->id, (unsigned)moves[i]);
			return BONES_EABI;
		}
		out[i] = (int32_t)index;
	}
	*n = count;
	return BONES_OK;
}

bones_status bones_dense_legal_sorted(const bones_dense *d, const void *state,
				      bones_move *moves, int32_t *out, size_t *n, char *fault,
				      size_t faultcap)
{
	bones_status st = bones_dense_legal(d, state, moves, out, n, fault, faultcap);
	if (!st) /* the moves are read: their buffer is free */
		sort_ids(out, (int32_t *)moves, *n, d->count);
	return st;
}
