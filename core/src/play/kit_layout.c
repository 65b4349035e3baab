/* The board kit's layout of a line of play: the middle tile at (0, 0), each arm laid
 * outwards tile by tile; two arms snake back at the edges of the view, four (a spinner's)
 * turn once each, every arm the way the next one does not go, so no two cross. */
#include <math.h>
#include <string.h>

#include "kit_internal.h"

#define ARM_W 9.0f  /* a row turns where a tile would pass |x| = ARM_W */
#define ARM_H 5.0f  /* a spinner's up and down arms turn past |y| = ARM_H */

/* An arm being laid: the point its next tile touches, its way along, the way it turns. */
typedef struct walker {
	float x, y;
	int dx, dy, bx, by;
	bool after_double; /* never turn right after a double laid across */
	bool pinwheel;     /* turn once, by a quarter (a spinner's arm) */
	bool turned;
} walker;

void bones_kit_spot_half(const bones_kit_spot *p, float *hw, float *hh)
{
	*hw = p->upright ? 0.5f : 1.0f;
	*hh = p->upright ? 1.0f : 0.5f;
}

/* The turn: a tile along the turning way, its near half beside the row's last half
 * (the snake: under it, then back the other way; the pinwheel: past it, on that way). */
static bones_kit_spot turn(walker *w)
{
	bones_kit_spot p;
	float back = w->pinwheel ? 0.5f : -0.5f, side = w->pinwheel ? 0.5f : 1.5f;
	p.x = w->x + back * (float)w->dx + side * (float)w->bx;
	p.y = w->y + back * (float)w->dy + side * (float)w->by;
	p.upright = w->by != 0;
	p.near_first = w->bx + w->by > 0;
	if (w->pinwheel) { /* on from the turning tile's far end */
		w->x = p.x + (float)w->bx, w->y = p.y + (float)w->by;
		w->dx = w->bx, w->dy = w->by, w->turned = true;
	} else { /* back along the next row */
		w->x += 2.0f * (float)w->bx - (float)w->dx;
		w->y += 2.0f * (float)w->by - (float)w->dy;
		w->dx = -w->dx, w->dy = -w->dy;
	}
	w->after_double = false;
	return p;
}

static bones_kit_spot step(walker *w, bool dbl)
{
	float along = dbl ? 1.0f : 2.0f;
	float nx = w->x + (float)w->dx * along, ny = w->y + (float)w->dy * along;
	bool past = w->dx ? fabsf(nx) > ARM_W : fabsf(ny) > ARM_H;
	if (!dbl && !w->after_double && !w->turned && past)
		return turn(w);
	bones_kit_spot p;
	p.x = w->x + (float)w->dx * along / 2;
	p.y = w->y + (float)w->dy * along / 2;
	p.upright = dbl ? w->dx != 0 : w->dy != 0;
	p.near_first = w->dx + w->dy > 0;
	w->x = nx, w->y = ny;
	w->after_double = dbl;
	return p;
}

static bool is_double(bones_kit_domino d)
{
	return d.near == d.far;
}

void bones_kit_board_lay_out(const bones_kit_line_position *pos, bones_kit_layout *out)
{
	static const int way[BONES_KIT_ARMS][4] = {
		{-1, 0, 0, -1}, {1, 0, 0, 1}, {0, -1, 1, 0}, {0, 1, -1, 0}};
	memset(out, 0, sizeof *out);
	bool dbl = pos->has_middle && is_double(pos->middle), spin = pos->spinner && dbl;
	out->middle = (bones_kit_spot){0, 0, dbl, true};
	for (int a = 0; a < BONES_KIT_ARMS; a++) {
		if (!pos->has_middle) { /* the lead goes in the middle */
			out->next[a] = out->middle;
			out->next[a].upright = false;
			continue;
		}
		walker w = {0, 0, way[a][0], way[a][1], way[a][2], way[a][3], dbl, spin, false};
		float reach = w.dx ? (dbl ? 0.5f : 1.0f) : (dbl ? 1.0f : 0.5f);
		w.x = reach * (float)w.dx, w.y = reach * (float)w.dy;
		int n = pos->arm_len[a] < BONES_KIT_ARM_MAX ? pos->arm_len[a] : BONES_KIT_ARM_MAX;
		for (int i = 0; i < n; i++)
			out->arm[a][i] = step(&w, is_double(pos->arm[a][i]));
		out->next[a] = step(&w, false);
	}
}

void bones_kit_describe(const bones_kit_board *kb, const void *state, int viewer,
			bones_kit_line_position *pos)
{
	memset(pos, 0, sizeof *pos);
	for (int a = 0; a < BONES_KIT_ARMS; a++)
		pos->open[a] = -1;
	pos->boneyard = -1;
	kb->line->describe(kb->game, state, viewer, pos);
	for (int a = 0; a < BONES_KIT_ARMS; a++)
		pos->arm_len[a] = pos->arm_len[a] < 0 ? 0
				  : pos->arm_len[a] > BONES_KIT_ARM_MAX ? BONES_KIT_ARM_MAX
				  : pos->arm_len[a];
	pos->hands = pos->hands < 0 ? 0
		     : pos->hands > BONES_KIT_PLAYERS_MAX ? BONES_KIT_PLAYERS_MAX : pos->hands;
	for (int p = 0; p < BONES_KIT_PLAYERS_MAX; p++)
		pos->hand_len[p] = pos->hand_len[p] < 0 ? 0
				   : pos->hand_len[p] > BONES_KIT_HAND_MAX ? BONES_KIT_HAND_MAX
				   : pos->hand_len[p];
}

bool bones_kit_after(const bones_kit_board *kb, const void *state, bones_move move,
		     bones_kit_line_position *pos, int *arm, int *index)
{
	int piece, mover = kb->plugin->to_move(kb->game, state);
	if (kb->line->move_tile(kb->game, state, move, &piece, arm) != BONES_OK || piece < 0 ||
	    mover < 0 || *arm < 0 || *arm > BONES_KIT_LEAD)
		return false;
	bones_kit_describe(kb, state, mover, pos);
	if (mover >= pos->hands || piece >= pos->hand_len[mover])
		return false;
	bones_kit_domino t = pos->hand[mover][piece];
	if (*arm == BONES_KIT_LEAD) {
		pos->has_middle = true, pos->middle = t, *index = -1;
		return true;
	}
	*index = pos->arm_len[*arm];
	if (*index >= BONES_KIT_ARM_MAX)
		return false;
	if (t.near != pos->open[*arm]) /* the matching half touches the end */
		t = (bones_kit_domino){t.far, t.near};
	pos->arm[*arm][pos->arm_len[*arm]++] = t;
	return true;
}

static void spot_box(const bones_kit_spot *p, float box[4])
{
	float hw, hh;
	bones_kit_spot_half(p, &hw, &hh);
	box[0] = fminf(box[0], p->x - hw), box[1] = fminf(box[1], p->y - hh);
	box[2] = fmaxf(box[2], p->x + hw), box[3] = fmaxf(box[3], p->y + hh);
}

void bones_kit_bounds(const void *vkb, const void *state, float box[4])
{
	bones_kit_line_position pos;
	bones_kit_layout at;
	bones_kit_describe(vkb, state, -1, &pos);
	bones_kit_board_lay_out(&pos, &at);
	box[0] = -ARM_W - 1.0f, box[1] = -3.5f, box[2] = ARM_W + 1.0f, box[3] = 3.5f;
	if (pos.has_middle)
		spot_box(&at.middle, box);
	for (int a = 0; a < BONES_KIT_ARMS; a++) {
		for (int i = 0; i < pos.arm_len[a]; i++)
			spot_box(&at.arm[a][i], box);
		if (pos.open[a] >= 0)
			spot_box(&at.next[a], box);
	}
	box[1] -= 2.0f; /* room for the boneyard above */
}
