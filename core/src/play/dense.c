/* Dense action ids: the plugin's "bones.actions/1" capability, checked, and a state's
 * legal actions sorted; see bones/dense.h. */
#include "bones/dense.h"

#include "bones/guard.h"

#include <stdio.h>

bool bones_dense_init(bones_dense *d, const bones_plugin *plugin, const void *game,
		      const bones_game_info *info)
{
	*d = (bones_dense){.plugin = plugin, .game = game, .max_moves = info->max_moves};
	if (!plugin->get_extension)
		return false;
	const bones_actions *a = plugin->get_extension(game, BONES_ACTIONS_ID);
	if (!a || a->size < BONES_ACTIONS_SIZE_1_0 || !a->count || !a->to_index || !a->to_move)
		return false;
	size_t count = a->count(game);
	if (count == 0 || count > INT32_MAX)
		return false;
	d->cap = a;
	d->count = count;
	return true;
}

/* ids[0..n) sorted ascending: by insertion when short, else by a radix sort (10 bits a
 * pass) through tmp[n]; ids are < count. Without a callback per comparison as qsort's:
 * the plugins list their moves nearly in order, and this is on a learning agent's path. */
static void sort_ids(int32_t *ids, uint32_t *tmp, size_t n, size_t count)
{
	if (n <= 64) {
		for (size_t i = 1; i < n; i++) {
			int32_t v = ids[i];
			size_t j = i;
			for (; j > 0 && ids[j - 1] > v; j--)
				ids[j] = ids[j - 1];
			ids[j] = v;
		}
		return;
	}
	for (unsigned shift = 0; (count - 1) >> shift; shift += 10) {
		size_t start[1025] = {0};
		for (size_t i = 0; i < n; i++)
			start[(((uint32_t)ids[i] >> shift) & 1023u) + 1]++;
		for (size_t b = 1; b <= 1024; b++)
			start[b] += start[b - 1];
		for (size_t i = 0; i < n; i++)
			tmp[start[((uint32_t)ids[i] >> shift) & 1023u]++] = (uint32_t)ids[i];
		for (size_t i = 0; i < n; i++)
			ids[i] = (int32_t)tmp[i];
	}
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
	sort_ids(out, moves, count, d->count); /* the moves are read: their buffer is free */
	*n = count;
	return BONES_OK;
}
