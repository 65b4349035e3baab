/* The board kit's pictures: the line of play laid out by kit_layout.c, the boneyard,
 * the open ends marked, the hands face up or down, and a move's ghost. */
#include <stdio.h>

#include "bones/i18n.h"
#include "kit_internal.h"

static const bones_color IVORY = BONES_RGBA(250, 246, 232, 255);
static const bones_color INK = BONES_RGBA(30, 30, 30, 255);
static const bones_color BACK = BONES_RGBA(40, 90, 60, 255);

void bones_kit_draw_domino(const bones_canvas *c, float x, float y, float u, bool upright,
			   bool face, int first, int second, uint32_t alpha)
{
	float hw = upright ? u / 2 : u, hh = upright ? u : u / 2;
	float xy[8] = {x - hw, y - hh, x + hw, y - hh, x + hw, y + hh, x - hw, y + hh};
	c->polygon(c->user, xy, 4, ((face ? IVORY : BACK) & ~0xffu) | alpha,
		   (INK & ~0xffu) | alpha, u / 25);
	if (!face)
		return;
	float dx = upright ? 0 : u / 2, dy = upright ? u / 2 : 0;
	if (upright)
		c->line(c->user, x - hw * 0.8f, y, x + hw * 0.8f, y, INK, u / 25);
	else
		c->line(c->user, x, y - hh * 0.8f, x, y + hh * 0.8f, INK, u / 25);
	c->pips(c->user, x - dx, y - dy, u * 0.9f, first, INK);
	c->pips(c->user, x + dx, y + dy, u * 0.9f, second, INK);
}

static void tile_at(const bones_canvas *c, const bones_kit_spot *p, bones_kit_domino d,
		    uint32_t alpha)
{
	bones_kit_draw_domino(c, p->x, p->y, 1, p->upright, true,
			      p->near_first ? d.near : d.far, p->near_first ? d.far : d.near,
			      alpha);
}

static void box_of(const bones_kit_spot *p, float xy[8])
{
	float hw, hh;
	bones_kit_spot_half(p, &hw, &hh);
	float box[8] = {p->x - hw, p->y - hh, p->x + hw, p->y - hh,
			p->x + hw, p->y + hh, p->x - hw, p->y + hh};
	for (int i = 0; i < 8; i++)
		xy[i] = box[i];
}

/* The boneyard: a face-down tile and the count, in the top left corner. */
static void boneyard(const bones_kit_board *kb, const void *state, int count,
		     const bones_canvas *c)
{
	float box[4];
	char text[64];
	bones_kit_bounds(kb, state, box);
	snprintf(text, sizeof text, _("boneyard: %d"), count);
	if (count > 0)
		bones_kit_draw_domino(c, box[0] + 1.5f, box[1] + 1.0f, 0.6f, false, false, 0, 0,
				      255);
	c->text(c->user, box[0] + (count > 0 ? 2.5f : 0.5f), box[1] + 1.0f, 0.55f,
		BONES_RGBA(70, 60, 50, 255), BONES_ALIGN_LEFT, text);
}

void bones_kit_draw_board(const void *vkb, const void *state, int viewer,
			  const bones_canvas *c)
{
	const bones_kit_board *kb = vkb;
	bones_kit_line_position pos;
	bones_kit_layout at;
	bones_kit_describe(kb, state, viewer, &pos);
	bones_kit_board_lay_out(&pos, &at);
	if (pos.boneyard >= 0)
		boneyard(kb, state, pos.boneyard, c);
	if (!pos.has_middle)
		return;
	tile_at(c, &at.middle, pos.middle, 255);
	for (int a = 0; a < BONES_KIT_ARMS; a++)
		for (int i = 0; i < pos.arm_len[a]; i++)
			tile_at(c, &at.arm[a][i], pos.arm[a][i], 255);
	for (int a = 0; a < BONES_KIT_ARMS; a++) {
		float xy[8];
		if (pos.open[a] < 0)
			continue;
		box_of(&at.next[a], xy);
		c->mark(c->user, xy, 4, BONES_MARK_OPEN);
	}
}

/* Hand piece `piece` upright in the unit box, face down where the viewer may not see. */
void bones_kit_draw_piece(const void *vkb, const void *state, int player, int piece,
			  int viewer, const bones_canvas *c)
{
	bones_kit_line_position pos;
	bones_kit_describe(vkb, state, viewer, &pos);
	if (player < 0 || player >= pos.hands || piece < 0 || piece >= pos.hand_len[player])
		return;
	bones_kit_domino d = pos.hand[player][piece];
	bones_kit_draw_domino(c, 0, 0, 0.5f, true, pos.face_up[player], d.near, d.far, 255);
}

/* The tile the move lays, faintly, where it would lie. */
void bones_kit_draw_ghost(const void *vkb, const void *state, bones_move move,
			  const bones_canvas *c)
{
	bones_kit_line_position pos;
	bones_kit_layout at;
	int arm, index;
	if (!bones_kit_after(vkb, state, move, &pos, &arm, &index))
		return;
	bones_kit_board_lay_out(&pos, &at);
	if (arm == BONES_KIT_LEAD)
		tile_at(c, &at.middle, pos.middle, 150);
	else
		tile_at(c, &at.arm[arm][index], pos.arm[arm][index], 150);
}
