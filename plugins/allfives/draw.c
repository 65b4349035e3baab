/* The pictures of All Fives: the position said to the host's board kit, which lays out
 * the line around the spinner, draws it with the hands and boneyard, places clicks. */
#include "allfives.h"

/* Tile t laid after pips `from` on an arm: the matching half first. */
static bones_kit_domino laid(const game *g, int t, int from)
{
	return g->lo[t] == from ? (bones_kit_domino){g->lo[t], g->hi[t]}
				: (bones_kit_domino){g->hi[t], g->lo[t]};
}

/* The line from the lead's arms, re-centred on the spinner once it lies on an arm: the
 * tiles between them and the lead then make the other side's arm, turned round. */
static void line_of(const game *g, const state *s, bones_kit_line_position *out)
{
	bones_kit_domino arms[ARMS][TILES];
	int len[ARMS] = {0}, c = s->center, sp = s->spinner, at = s->spin_at;
	int from[ARMS] = {g->lo[c], g->hi[c], sp != NONE ? g->lo[sp] : 0, sp != NONE ? g->lo[sp] : 0};
	for (int i = 1; i < s->length; i++) {
		int arm = s->seq[i] >> 5, t = s->seq[i] & 31;
		arms[arm][len[arm]++] = laid(g, t, from[arm]);
		from[arm] = arms[arm][len[arm] - 1].far;
	}
	out->has_middle = true, out->spinner = sp != NONE;
	out->middle = (bones_kit_domino){g->lo[c], g->hi[c]};
	int side = sp == NONE || s->spin_arm == LEAD ? -1 : s->spin_arm, other = !side;
	for (int a = 0; a < ARMS; a++) /* the arms beyond the middle */
		for (int i = a == side ? at + 1 : 0; i < len[a]; i++)
			out->arm[a][out->arm_len[a]++] = arms[a][i];
	if (side < 0)
		return;
	bones_kit_domino *o = out->arm[other];
	int n = out->arm_len[other], back = at + 1; /* the lead and its tiles go first */
	for (int i = n - 1; i >= 0; i--)
		o[i + back] = o[i];
	for (int i = 0; i < at; i++)
		o[i] = (bones_kit_domino){arms[side][at - 1 - i].far, arms[side][at - 1 - i].near};
	o[at] = side == ARM_R ? (bones_kit_domino){g->hi[c], g->lo[c]} : out->middle;
	out->arm_len[other] = n + back;
	out->middle = arms[side][at];
}

static void describe(const void *vg, const void *vs, int viewer, bones_kit_line_position *out)
{
	const game *g = vg;
	const state *s = vs;
	bool over = af_over(g, s);
	if (s->center != NONE)
		line_of(g, s, out);
	for (int a = 0; a < ARMS && s->center != NONE && !over; a++)
		out->open[a] = a < ARM_U || af_spinner_open(s) ? s->end[a] : -1;
	out->hands = g->players;
	for (int p = 0; p < g->players; p++) {
		out->face_up[p] = viewer == p || over;
		FOR_TILES(t, s->hand[p])
			out->hand[p][out->hand_len[p]++] = out->face_up[p]
				? (bones_kit_domino){g->lo[t], g->hi[t]} : (bones_kit_domino){0, 0};
	}
	out->boneyard = af_dealing(g, s) ? -1 : af_count(s->boneyard);
}

/* A play's tile is its place among the mover's tiles, lowest first; its arm the kit's. */
static bones_status move_tile(const void *vg, const void *vs, bones_move m, int *piece,
			      int *arm)
{
	const state *s = vs;
	int kind = KIND(m), t = TILE(m);
	if (kind >= DEAL || !af_is_legal(vg, s, m))
		return BONES_EINVAL;
	*piece = kind <= LEAD ? af_count(s->hand[s->turn] & ((1u << t) - 1)) : -1;
	*arm = kind == LEAD ? BONES_KIT_LEAD : kind;
	return BONES_OK;
}

const bones_kit_line af_kit = {
	.size = sizeof(bones_kit_line),
	.describe = describe,
	.move_tile = move_tile,
};
