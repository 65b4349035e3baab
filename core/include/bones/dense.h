/* Dense action ids on the host side: the plugin's optional "bones.actions/1" capability
 * (bones/actions.h) found and checked once, and a state's legal moves as sorted dense
 * ids, for learning agents (the Python package, bones/batch.h). */
#ifndef BONES_DENSE_H
#define BONES_DENSE_H

#include <stdint.h>

#include "bones/actions.h"

/* A plugin's dense action space for one configured game: a small value, filled by
 * bones_dense_init, valid as long as the game. */
typedef struct bones_dense {
	const bones_plugin *plugin; /* borrowed */
	const void *game;           /* borrowed: the plugin's configured game */
	const bones_actions *cap;   /* the plugin's, NULL when it numbers no dense space */
	size_t count;               /* the number of actions, 0 without one */
	size_t max_moves;           /* the game's bound of legal_moves() */
	size_t max_game_length;     /* the most player moves of a game (the capability's
				       v1.1 max_game_length), 0 when the plugin states none */
} bones_dense;

/* Find the capability of plugin's configured game (info as configure filled it). Returns
 * false, with d->cap NULL and d->count 0, when the plugin has none, an older one, one
 * without its functions, or a count of 0 or above INT32_MAX; d->max_game_length is set
 * whenever the capability states it, a dense action space or not. */
bool bones_dense_init(bones_dense *d, const bones_plugin *plugin, const void *game,
		      const bones_game_info *info);

/* The legal actions of state at a player node, in the plugin's order of its moves, into
 * out[0..d->max_moves) (caller-owned); their number into *n (0 at a chance node or the
 * end). moves is the caller's scratch of d->max_moves entries. BONES_EABI with fault
 * (faultcap >= 1) written (the plugin's name, the call, the value) when the plugin lists
 * more than max_moves moves or a legal move without an index; *n is 0 then. Any thread;
 * states of one game at once. */
bones_status bones_dense_legal(const bones_dense *d, const void *state, bones_move *moves,
			       int32_t *out, size_t *n, char *fault, size_t faultcap);
/* The same sorted ascending (pyspiel's order; the sort costs about a third of a
 * Holomino step in a batch, so a batch leaves it out). */
bones_status bones_dense_legal_sorted(const bones_dense *d, const void *state,
				      bones_move *moves, int32_t *out, size_t *n, char *fault,
				      size_t faultcap);

#endif /* BONES_DENSE_H */
