/* The board kit (bones/kit_board.h) on positions written by hand: a long line snakes
 * within the bounds, a spinner's four arms never cross, a double lies across, and a
 * tile that fits both ends has a place and a ghost at each. */
#include "bones_test.h"

#include "bones/kit_board.h"

#include <math.h>
#include <string.h>

/* A plugin whose state is the position itself; a move is piece << 4 | arm, or 0xff for
 * a pass. */
static void k_describe(const void *game, const void *state, int viewer,
		       bones_kit_line_position *out)
{
	(void)game, (void)viewer;
	*out = *(const bones_kit_line_position *)state;
}

static bones_status k_move_tile(const void *game, const void *state, bones_move m,
				int *piece, int *arm)
{
	(void)game, (void)state;
	*piece = m == 0xff ? -1 : (int)(m >> 4), *arm = (int)(m & 15u);
	return BONES_OK;
}

static int k_to_move(const void *game, const void *state)
{
	(void)game, (void)state;
	return 0;
}

static const bones_kit_line kit = {sizeof kit, k_describe, k_move_tile, NULL, NULL,
				   NULL, NULL, NULL, NULL};

static const void *k_extension(const void *game, const char *id)
{
	(void)game;
	return !strcmp(id, BONES_KIT_LINE_ID) ? &kit : NULL;
}

static const bones_plugin plugin = {.to_move = k_to_move, .get_extension = k_extension};

static bones_kit_domino dom(int near, int far)
{
	return (bones_kit_domino){(uint8_t)near, (uint8_t)far};
}

/* A line of pips chaining outwards on arm a from `from`, n tiles, a double every
 * `doubles` tiles (0: none). */
static void grow(bones_kit_line_position *p, int a, int from, int n, int doubles)
{
	for (int i = 0; i < n; i++) {
		int to = doubles && i % doubles == doubles - 1 ? from : (from + 1 + i % 3) % 7;
		p->arm[a][p->arm_len[a]++] = dom(from, to);
		from = to;
	}
	p->open[a] = from;
}

static void box_of(const bones_kit_spot *s, float b[4])
{
	float hw, hh;
	hw = s->upright ? 0.5f : 1.0f, hh = s->upright ? 1.0f : 0.5f;
	b[0] = s->x - hw, b[1] = s->y - hh, b[2] = s->x + hw, b[3] = s->y + hh;
}

/* Every tile inside box, and no two overlapping (touching is fine). */
static int overlaps(const bones_kit_line_position *p, const bones_kit_layout *at,
		    const float box[4])
{
	float b[1 + BONES_KIT_ARMS * BONES_KIT_ARM_MAX][4];
	int n = 0, bad = 0;
	box_of(&at->middle, b[n++]);
	for (int a = 0; a < BONES_KIT_ARMS; a++)
		for (int i = 0; i < p->arm_len[a]; i++)
			box_of(&at->arm[a][i], b[n++]);
	for (int i = 0; i < n; i++) {
		CU_ASSERT(b[i][0] >= box[0] && b[i][1] >= box[1]);
		CU_ASSERT(b[i][2] <= box[2] && b[i][3] <= box[3]);
		for (int j = 0; j < i; j++)
			bad += b[i][0] < b[j][2] - 1e-4f && b[j][0] < b[i][2] - 1e-4f &&
			       b[i][1] < b[j][3] - 1e-4f && b[j][1] < b[i][3] - 1e-4f;
	}
	return bad;
}

static void test_kit_board__a_long_line_snakes_within_the_bounds(void)
{
	bones_kit_line_position p = {0};
	bones_kit_layout at;
	const void *rg;
	bones_kit_board kb;
	const bones_render *r = bones_kit_board_render(&kb, &plugin, NULL, &rg);
	CU_ASSERT_FATAL(r && bones_kit_board_is(r) && rg == &kb);
	p.has_middle = true, p.middle = dom(3, 5), p.open[2] = p.open[3] = -1;
	grow(&p, BONES_KIT_LEFT, 3, 7, 0);
	grow(&p, BONES_KIT_RIGHT, 5, 20, 5); /* the whole set: 28 tiles */
	bones_kit_board_lay_out(&p, &at);
	float box[4];
	r->board_bounds(rg, &p, box);
	CU_ASSERT_EQUAL(overlaps(&p, &at, box), 0);
	/* it turns at the edges: two arms wide, and a double's tile past them at most */
	CU_ASSERT(box[2] - box[0] <= 25.0f);
	int turns = 0;
	for (int i = 1; i < 20; i++) /* each turn's upright tile goes a row further down */
		turns += at.arm[BONES_KIT_RIGHT][i].y > at.arm[BONES_KIT_RIGHT][i - 1].y;
	CU_ASSERT(turns >= 2);
	CU_ASSERT(at.arm[BONES_KIT_RIGHT][19].y >= 4.0f);
	CU_ASSERT(at.arm[BONES_KIT_LEFT][6].y <= -2.0f); /* the left arm turns upwards */
}

static void test_kit_board__a_spinners_four_arms_never_cross(void)
{
	bones_kit_line_position p = {0};
	bones_kit_layout at;
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, &plugin, NULL, &rg);
	p.has_middle = p.spinner = true, p.middle = dom(6, 6);
	for (int a = 0; a < BONES_KIT_ARMS; a++)
		grow(&p, a, 6, 7, 4);
	bones_kit_board_lay_out(&p, &at);
	float box[4];
	r->board_bounds(rg, &p, box);
	CU_ASSERT_EQUAL(overlaps(&p, &at, box), 0);
	CU_ASSERT(at.middle.upright); /* the spinner across the line */
	CU_ASSERT_DOUBLE_EQUAL(at.arm[BONES_KIT_UP][0].x, 0, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(at.arm[BONES_KIT_UP][0].y, -2, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(at.arm[BONES_KIT_DOWN][0].y, 2, 1e-6);
	CU_ASSERT(at.arm[BONES_KIT_UP][0].upright && at.arm[BONES_KIT_DOWN][0].upright);
	/* each arm turns once, a quarter, to its side */
	CU_ASSERT(at.arm[BONES_KIT_RIGHT][6].y > 1.0f && at.arm[BONES_KIT_DOWN][6].x < -1.0f);
	CU_ASSERT(at.arm[BONES_KIT_LEFT][6].y < -1.0f && at.arm[BONES_KIT_UP][6].x > 1.0f);
}

static void test_kit_board__a_double_lies_across(void)
{
	bones_kit_line_position p = {0};
	bones_kit_layout at;
	p.has_middle = true, p.middle = dom(2, 4), p.open[0] = 2;
	p.arm[BONES_KIT_RIGHT][0] = dom(4, 4), p.arm[BONES_KIT_RIGHT][1] = dom(4, 1);
	p.arm_len[BONES_KIT_RIGHT] = 2, p.open[1] = 1;
	bones_kit_board_lay_out(&p, &at);
	CU_ASSERT_FALSE(at.middle.upright);
	CU_ASSERT(at.arm[BONES_KIT_RIGHT][0].upright); /* across the row */
	CU_ASSERT_DOUBLE_EQUAL(at.arm[BONES_KIT_RIGHT][0].x, 1.5, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(at.arm[BONES_KIT_RIGHT][1].x, 3.0, 1e-6);
	CU_ASSERT_FALSE(at.arm[BONES_KIT_RIGHT][1].upright);
	CU_ASSERT_DOUBLE_EQUAL(at.next[BONES_KIT_RIGHT].x, 5.0, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(at.next[BONES_KIT_LEFT].x, -2.0, 1e-6);
	/* a spinner's up arm: a double there lies across it, flat */
	p.middle = dom(4, 4), p.spinner = true;
	p.arm[BONES_KIT_UP][0] = dom(4, 4), p.arm_len[BONES_KIT_UP] = 1;
	bones_kit_board_lay_out(&p, &at);
	CU_ASSERT_FALSE(at.arm[BONES_KIT_UP][0].upright);
	CU_ASSERT_DOUBLE_EQUAL(at.arm[BONES_KIT_UP][0].y, -1.5, 1e-6);
}

/* What a ghost draws: the polygons' centres and alpha, the pips left to right. */
typedef struct seen {
	int polygons, pips[4], npips;
	float x, y;
	uint32_t alpha;
} seen;

static void s_polygon(void *u, const float *xy, int n, bones_color fill, bones_color stroke,
		      float w)
{
	seen *s = u;
	(void)n, (void)stroke, (void)w;
	s->x = (xy[0] + xy[4]) / 2, s->y = (xy[1] + xy[5]) / 2, s->alpha = fill & 0xffu;
	s->polygons++;
}
static void s_line(void *u, float a, float b, float c, float d, bones_color k, float w)
{
	(void)u, (void)a, (void)b, (void)c, (void)d, (void)k, (void)w;
}
static void s_pips(void *u, float x, float y, float side, int count, bones_color k)
{
	seen *s = u;
	(void)x, (void)y, (void)side, (void)k;
	if (s->npips < 4)
		s->pips[s->npips++] = count;
}

static void test_kit_board__a_tile_that_fits_both_ends_has_a_ghost_at_each(void)
{
	bones_kit_line_position p = {0};
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, &plugin, NULL, &rg);
	p.has_middle = true, p.middle = dom(3, 4), p.open[0] = 3, p.open[1] = 4;
	p.open[2] = p.open[3] = -1;
	p.hands = 2, p.face_up[0] = true, p.hand_len[0] = 2, p.hand_len[1] = 3;
	p.hand[0][0] = dom(0, 0), p.hand[0][1] = dom(3, 4);
	bones_move_place left, right, pass;
	CU_ASSERT_EQUAL(r->move_place(rg, &p, 1u << 4 | BONES_KIT_LEFT, &left), BONES_OK);
	CU_ASSERT_EQUAL(r->move_place(rg, &p, 1u << 4 | BONES_KIT_RIGHT, &right), BONES_OK);
	CU_ASSERT_EQUAL(r->move_place(rg, &p, 0xff, &pass), BONES_OK);
	CU_ASSERT(left.piece == 1 && left.target == BONES_KIT_LEFT && left.x < -1.0f);
	CU_ASSERT(right.piece == 1 && right.target == BONES_KIT_RIGHT && right.x > 1.0f);
	CU_ASSERT(pass.piece == -1 && pass.target == -1);
	seen a = {0}, b = {0}, none = {0};
	bones_canvas c = {sizeof c, &a, s_polygon, NULL, s_line, NULL, s_pips, NULL, NULL};
	r->draw_ghost(rg, &p, 1u << 4 | BONES_KIT_LEFT, &c);
	c.user = &b;
	r->draw_ghost(rg, &p, 1u << 4 | BONES_KIT_RIGHT, &c);
	c.user = &none;
	r->draw_ghost(rg, &p, 0xff, &c);
	CU_ASSERT(a.polygons == 1 && b.polygons == 1 && none.polygons == 0);
	CU_ASSERT(a.alpha < 255 && b.alpha < 255);
	CU_ASSERT_DOUBLE_EQUAL(a.x, left.x, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(b.x, right.x, 1e-6);
	/* the matching half touches: [4|3][3|4] on the left, [3|4][4|3] on the right */
	CU_ASSERT(a.npips == 2 && a.pips[0] == 4 && a.pips[1] == 3);
	CU_ASSERT(b.npips == 2 && b.pips[0] == 4 && b.pips[1] == 3);
	CU_ASSERT_EQUAL(r->hand_size(rg, &p, 1, 0), 3);
	seen hidden = {0};
	c.user = &hidden;
	r->draw_piece(rg, &p, 1, 0, 0, &c); /* face down: no pips */
	CU_ASSERT(hidden.polygons == 1 && hidden.npips == 0);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"a long line snakes within the bounds", test_kit_board__a_long_line_snakes_within_the_bounds},
		{"a spinner's four arms never cross", test_kit_board__a_spinners_four_arms_never_cross},
		{"a double lies across", test_kit_board__a_double_lies_across},
		{"a tile that fits both ends has a ghost at each", test_kit_board__a_tile_that_fits_both_ends_has_a_ghost_at_each},
		{NULL, NULL}};
	return bones_test_main("kit_board", cases);
}
