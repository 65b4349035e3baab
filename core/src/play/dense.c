/* Dense action ids: the plugin's "bones.actions/1" capability, checked, and a state's
 * legal actions sorted; see bones/dense.h. */
#include "bones/dense.h"

#include "bones/guard.h"
#include "bones/sort.h"

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
	/* the moves are read: their buffer is free for the sort; ids (0..count) sort alike
	 * as unsigned, and a plugin's order can be far from sorted (Holomino's is) */
	if (!st)
		bones_sort_u32((uint32_t *)out, moves, *n, (uint32_t)(d->count - 1));
	return st;
}
