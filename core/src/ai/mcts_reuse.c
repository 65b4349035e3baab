/* The subtree kept from one move to the next (open information): the new position is
 * looked for below the move this tree's agent played (at most REUSE_BUDGET nodes,
 * BONES_MCTS_REUSE_DEPTH plies), and the subtree found is renumbered from 0. Once per
 * move, off the search's hot path. */
#include "mcts_internal.h"

#include <string.h>

#define REUSE_BUDGET 20000    /* nodes visited while looking for the new root */

/* Depth-first below node (whose state is reuse[depth]) for a state equal to target. */
static uint32_t find_state(bones_mcts_tree *t, uint32_t node, int depth, const void *target,
			   uint32_t *budget)
{
	const bones_mcts_config *c = t->cfg;
	size_t ss = c->info.state_size;
	unsigned char *s = t->reuse + (size_t)depth * ss;
	if (!memcmp(s, target, ss))
		return node;
	if (depth == BONES_MCTS_REUSE_DEPTH)
		return BONES_MCTS_NIL;
	for (uint32_t ch = t->nodes[node].first_child; ch != BONES_MCTS_NIL && *budget;
	     ch = t->nodes[ch].next_sibling) {
		--*budget;
		memcpy(s + ss, s, ss);
		if (c->plugin->apply(c->game, s + ss, t->nodes[ch].move) != BONES_OK)
			continue;
		uint32_t found = find_state(t, ch, depth + 1, target, budget);
		if (found != BONES_MCTS_NIL)
			return found;
	}
	return BONES_MCTS_NIL;
}

/* Keep only the subtree of root, renumbered from 0 in the same order. Children are
 * always created after their parent, so a node's new index is never above its old one
 * and one sweep both marks the subtree and moves it down. */
static void keep_subtree(bones_mcts_tree *t, uint32_t root)
{
	uint32_t *map = t->map, next = 0;
	for (uint32_t i = 0; i < t->used; i++)
		map[i] = BONES_MCTS_NIL;
	map[root] = 0;
	t->nodes[root].next_sibling = BONES_MCTS_NIL;
	for (uint32_t i = root; i < t->used; i++) {
		if (map[i] == BONES_MCTS_NIL)
			continue;
		for (uint32_t ch = t->nodes[i].first_child; ch != BONES_MCTS_NIL;
		     ch = t->nodes[ch].next_sibling)
			map[ch] = 0;
		map[i] = next;
		t->nodes[next++] = t->nodes[i];
	}
	for (uint32_t i = 0; i < next; i++) {
		bones_mcts_node *n = &t->nodes[i];
		if (n->first_child != BONES_MCTS_NIL)
			n->first_child = map[n->first_child];
		if (n->next_sibling != BONES_MCTS_NIL)
			n->next_sibling = map[n->next_sibling];
	}
	t->used = next;
}

void bones_mcts_tree_set_root(bones_mcts_tree *t, const void *state)
{
	const bones_mcts_config *c = t->cfg;
	size_t ss = c->info.state_size;
	uint32_t found = BONES_MCTS_NIL;
	t->reused = 0;
	bool restricted = t->root_only_n > 0; /* children indexed by another list */
	if (t->has_root && c->reuse && !c->hidden && !restricted && !t->restricted) {
		uint32_t budget = REUSE_BUDGET, from = 0;
		memcpy(t->reuse, t->root_state, ss);
		if (t->has_chosen) { /* start below the move this tree's agent played */
			from = bones_mcts_find_child(t, 0, t->chosen);
			memcpy(t->reuse + ss, t->reuse, ss);
			if (from != BONES_MCTS_NIL &&
			    c->plugin->apply(c->game, t->reuse + ss, t->chosen) == BONES_OK)
				found = find_state(t, from, 1, state, &budget);
		} else {
			found = find_state(t, 0, 0, state, &budget);
		}
	}
	t->has_chosen = false;
	if (found != BONES_MCTS_NIL) {
		keep_subtree(t, found);
		t->reused = t->used;
	} else {
		t->used = 0;
		bones_mcts_new_node(t, 0, BONES_CHANCE);
	}
	/* the kept nodes' lists are listed anew: a search's lists start from empty */
	t->lists_used = 0;
	for (uint32_t i = 0; t->list_at && i < t->used; i++)
		t->list_at[i] = BONES_MCTS_NIL;
	memcpy(t->root_state, state, ss);
	t->has_root = true;
	t->restricted = restricted;
}
