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

	/* Appended in v1.1: present when size covers it (BONES_ACTIONS_HAS), may be NULL. */

	/* The most player moves (chance outcomes not counted) that any game of this
	 * configuration can have, derived from the rules; 0 when the plugin states no
	 * bound. `bones check` fails a game longer than it, naming the plugin. */
	size_t (*max_game_length)(const void *game);
} bones_actions;

/* The capability's size in each version: a host accepts any size from the v1.0 one up
 * and reads an appended field only where BONES_ACTIONS_HAS says the plugin's size
 * covers it. v1.1 appended max_game_length. */
#define BONES_ACTIONS_SIZE_1_0 ((uint32_t)offsetof(bones_actions, max_game_length))
#define BONES_ACTIONS_SIZE_1_1 ((uint32_t)sizeof(bones_actions))

/* Whether actions struct a has the appended field f set. */
#define BONES_ACTIONS_HAS(a, f) \
	((a)->size >= offsetof(bones_actions, f) + sizeof((a)->f) && (a)->f != NULL)

#ifdef __cplusplus
}
#endif
#endif /* BONES_ACTIONS_H */
