/* Plugin capability "bones.actions/1": the players' moves of a configured game numbered
 * densely 0..count-1 (a fixed action space, as a learning agent's policy head needs).
 * Optional: hosts without it use the plugin's move numbers. Chance outcomes are not in it. */
#ifndef BONES_ACTIONS_H
#define BONES_ACTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "bones/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BONES_ACTIONS_ID "bones.actions/1"

/* Returned by get_extension(game, BONES_ACTIONS_ID); owned by the plugin, valid as long
 * as the game. The functions may be called from any thread, several at once; they read
 * only the game (no state: an index names the same move in every position). */
typedef struct bones_actions {
	uint32_t size; /* sizeof(bones_actions) as the plugin was built */

	/* How many indices the configured game has; 0 when it has no bounded action space
	 * (the caller then keeps the plugin's move numbers). */
	size_t (*count)(const void *game);

	/* The index of a player's move into *index (< count); false when move is not a
	 * player's move this game can have (a chance outcome, a malformed number). */
	bool (*to_index)(const void *game, bones_move move, size_t *index);

	/* The move of index into *move; false when index >= count. to_index gives index
	 * back for every move this returns. */
	bool (*to_move)(const void *game, size_t index, bones_move *move);
} bones_actions;

#define BONES_ACTIONS_SIZE_1_0 ((uint32_t)sizeof(bones_actions))

#ifdef __cplusplus
}
#endif
#endif /* BONES_ACTIONS_H */
