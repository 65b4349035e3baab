/* The pictures of dominoes (docs/plugin-guide.md section 10): the position said to the
 * host's board kit, which lays the line out as a snake, draws it with the boneyard and
 * the hands, and places clicks and ghosts. Their words live in text.c. */
#include "dominoes_internal.h"

/* ==== 10. The "bones.kit.line/1" extension ===========================================
 * The line runs left to right with the lead in the middle: the tiles after the lead
 * are the right arm, those before it the left arm, each listed outwards with the half
 * that touches the tile before it first. No spinner: a double is only laid across. */
static void describe(const void *vg, const void *vs, int viewer, bones_kit_line_position *out)
{
	const game *g = vg;
	const state *s = vs;
	bool over = dom_game_over(g, s);
	int lead = s->lead < s->length ? s->lead : 0;
	for (int i = 0; i < s->length; i++) {
		int t = s->line[i] & ~FLIPPED, flip = s->line[i] & FLIPPED;
		uint8_t a = flip ? g->hi[t] : g->lo[t], b = flip ? g->lo[t] : g->hi[t];
		if (i == lead)
			out->middle = (bones_kit_domino){a, b};
		else if (i > lead)
			out->arm[BONES_KIT_RIGHT][out->arm_len[BONES_KIT_RIGHT]++] =
				(bones_kit_domino){a, b};
	}
	for (int i = lead - 1; i >= 0; i--) { /* outwards: the right half touches */
		int t = s->line[i] & ~FLIPPED, flip = s->line[i] & FLIPPED;
		uint8_t a = flip ? g->hi[t] : g->lo[t], b = flip ? g->lo[t] : g->hi[t];
		out->arm[BONES_KIT_LEFT][out->arm_len[BONES_KIT_LEFT]++] = (bones_kit_domino){b, a};
	}
	out->has_middle = s->length > 0;
	if (s->length > 0 && !over)
		out->open[BONES_KIT_LEFT] = s->left, out->open[BONES_KIT_RIGHT] = s->right;
	out->hands = g->players;
	for (int p = 0; p < g->players; p++) {
		out->face_up[p] = viewer == p || over; /* hand sizes are public */
		FOR_TILES(t, s->hand[p])
			out->hand[p][out->hand_len[p]++] = out->face_up[p]
				? (bones_kit_domino){g->lo[t], g->hi[t]} : (bones_kit_domino){0, 0};
	}
	out->boneyard = dom_dealing(g, s) ? -1 : dom_count(s->boneyard);
}

/* A play's tile is its place among the mover's tiles, lowest first; pass and draw lay
 * none (buttons). */
static bones_status move_tile(const void *vg, const void *vs, bones_move m, int *piece,
			      int *arm)
{
	const game *g = vg;
	const state *s = vs;
	int kind = KIND(m), t = TILE(m);
	if (kind >= DEAL || !dom_is_legal(g, s, m))
		return BONES_EINVAL; /* chance outcomes are no player's move */
	*piece = kind < PASS ? dom_count(s->hand[s->turn] & ((1u << t) - 1)) : -1;
	*arm = kind == LEAD ? BONES_KIT_LEAD : kind == RIGHT ? BONES_KIT_RIGHT : BONES_KIT_LEFT;
	return BONES_OK;
}

/* Designated fields: a later version's appended fields stay NULL (host default). */
const bones_kit_line dom_kit = {
	.size = sizeof(bones_kit_line),
	.describe = describe,
	.move_tile = move_tile,
	.describe_chance = dom_describe_chance,
	.move_label = dom_move_label,
	.move_words = dom_move_words,
	.rules_text = dom_rules_text,
	.end_text = dom_end_text,
};
