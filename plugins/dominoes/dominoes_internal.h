/* What dominoes.c shares with heuristic.c: the mover's view of a position (their hand
 * and the line, nothing hidden), the moves that lay a tile, and the game knowledge the
 * plugin offers the search and as its own agent. Not a public API. */
#ifndef DOMINOES_INTERNAL_H
#define DOMINOES_INTERNAL_H

#include "bones/plugin.h"

#include <stdbool.h>
#include <stdint.h>

/* The player to move's view: what they hold and what lies on the table. */
typedef struct dom_view {
	const uint8_t *lo, *hi;    /* pips of each tile's halves, lo <= hi */
	const uint32_t *with_pip;  /* [7]: the tiles showing each pip value */
	uint32_t hand;             /* the mover's tiles */
	uint32_t line;             /* the tiles on the line */
	int left, right;           /* the open ends; -1 while the line is empty */
} dom_view;

/* dominoes.c */
void dom_view_of(const void *game, const void *state, dom_view *v);
/* Whether m lays a tile: its tile and the end it goes to (-1 lead, 0 left, 1 right). */
bool dom_move_lays(bones_move m, int *tile, int *end);
size_t dom_legal_moves(const void *game, const void *state, bones_move *moves, size_t cap);

/* heuristic.c: what a player keeps by laying tile at end (dom_move_lays), in points:
 * higher is better. */
double dom_keep_value(const dom_view *v, int tile, int end);
extern const struct bones_heuristic dom_heuristic;
extern const struct bones_agents_ext dom_agents;

#endif /* DOMINOES_INTERNAL_H */
