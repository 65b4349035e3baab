/* The grid kit (bones/kit_grid.h) on positions written by hand: a wrong description is
 * refused with the bad field named (and drawn as its message), a placement gives the
 * click at its cells with the hand index, a market take the slot's middle, a pass a
 * button; hands face down show no pips; the ghost draws the cells filled, faintly; hex
 * cells join on six sides. */
#include "bones_test.h"

#include "bones/kit_board.h"

#include <string.h>

/* A plugin whose state is the position with the placements of its legal moves: move k
 * is placement k. */
typedef struct fake {
	bones_kit_grid_position pos;
	bones_kit_placement pl[4];
	int moves;
} fake;

static void k_describe(const void *game, const void *state, int viewer,
		       bones_kit_grid_position *out)
{
	(void)game, (void)viewer;
	*out = ((const fake *)state)->pos;
}

static bones_status k_place(const void *game, const void *state, bones_move m,
			    bones_kit_placement *out)
{
	(void)game;
	const fake *f = state;
	if ((int)m >= f->moves)
		return BONES_EINVAL;
	*out = f->pl[m];
	return BONES_OK;
}

static int k_to_move(const void *game, const void *state)
{
	(void)game, (void)state;
	return 0;
}

static size_t k_legal(const void *game, const void *state, bones_move *moves, double *probs,
		      size_t cap)
{
	(void)game, (void)probs;
	const fake *f = state;
	size_t n = 0;
	for (int k = 0; k < f->moves && n < cap; k++)
		moves[n++] = (bones_move)k;
	return n;
}

static const bones_kit_grid kit = {.size = sizeof kit, .describe = k_describe,
				   .place = k_place};

static const void *k_extension(const void *game, const char *id)
{
	(void)game;
	return !strcmp(id, BONES_KIT_GRID_ID) ? &kit : NULL;
}

static const bones_plugin plugin = {.to_move = k_to_move, .legal_moves = k_legal,
				    .get_extension = k_extension};

static bones_kit_cell half(int pips, int join)
{
	return (bones_kit_cell){.kind = BONES_KIT_HALF, .pips = (uint8_t)pips,
				.join = (uint8_t)join};
}

/* A 3 x 2 grid: a 1-2 domino across the top left, c2 blocked; the mover's hand holds
 * 3-4 and 5-5, the other hand two unseen pieces, a market one tile. */
static void position(fake *f)
{
	memset(f, 0, sizeof *f);
	bones_kit_grid_position *p = &f->pos;
	p->size = sizeof *p, p->width = 3, p->height = 2;
	p->cell[0][0] = half(1, BONES_KIT_EAST), p->cell[0][1] = half(2, BONES_KIT_WEST);
	p->cell[1][2].kind = BONES_KIT_BLOCKED;
	p->hands = 3;
	p->hand[0] = (bones_kit_hand){.owner = 0, .face_up = true, .len = 2};
	p->hand[0].piece[0] = (bones_kit_piece){BONES_KIT_DOMINO, 3, 4, 0, 0};
	p->hand[0].piece[1] = (bones_kit_piece){BONES_KIT_DOMINO, 5, 5, 0, 0};
	p->hand[1] = (bones_kit_hand){.owner = 1, .face_up = false, .len = 2};
	p->hand[2] = (bones_kit_hand){.owner = -1, .face_up = true, .len = 1};
	p->hand[2].piece[0] = (bones_kit_piece){BONES_KIT_POLYOMINO, 0, 0, 2, 0x13};
	/* move 0: 3-4 upright in a1-a2; move 1: take the market's tile; move 2: pass */
	f->moves = 3;
	for (int k = 0; k < 3; k++)
		f->pl[k] = (bones_kit_placement){.hand = -1, .market = -1, .slot = -1};
	f->pl[0].hand = 0, f->pl[0].cells = 2;
	f->pl[0].cell[0].column = 2, f->pl[0].cell[0].row = 0;
	f->pl[0].cell[0].cell = half(3, BONES_KIT_SOUTH);
	f->pl[0].cell[1].column = 2, f->pl[0].cell[1].row = 1; /* c2 is blocked: fine here */
	f->pl[0].cell[1].cell = half(4, BONES_KIT_NORTH);
	f->pl[1].market = 2, f->pl[1].slot = 0;
}

static void test_kit_grid__a_wrong_description_names_its_field(void)
{
	fake f;
	char err[256];
	position(&f);
	CU_ASSERT_TRUE(bones_kit_grid_check(&f.pos, err, sizeof err));
	f.pos.cell[0][1].pips = 12;
	CU_ASSERT_FALSE(bones_kit_grid_check(&f.pos, err, sizeof err));
	CU_ASSERT_STRING_EQUAL(err, "grid kit: cell[0][1].pips is 12, not 0..9");
	position(&f);
	f.pos.cell[0][1].join = BONES_KIT_SOUTH; /* a1 joins east, b1 does not join back */
	CU_ASSERT_FALSE(bones_kit_grid_check(&f.pos, err, sizeof err));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "cell[0][0].join is 1"));
	position(&f);
	f.pos.width = 17;
	CU_ASSERT_FALSE(bones_kit_grid_check(&f.pos, err, sizeof err));
	CU_ASSERT_STRING_EQUAL(err, "grid kit: width is 17, not 1..16");
	position(&f);
	f.pos.hand[1].owner = 0; /* two hands of player 0 */
	CU_ASSERT_FALSE(bones_kit_grid_check(&f.pos, err, sizeof err));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "hand[1].owner is 0"));
	position(&f);
	f.pos.hand[2].piece[0].shape = 0;
	CU_ASSERT_FALSE(bones_kit_grid_check(&f.pos, err, sizeof err));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "hand[2].piece[0].shape"));
	position(&f);
	f.pos.hand[1].piece[0].a = 77; /* face down: its pips are not read */
	CU_ASSERT_TRUE(bones_kit_grid_check(&f.pos, err, sizeof err));
}

static void test_kit_grid__a_wrong_placement_names_its_field(void)
{
	fake f;
	char err[256];
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, &plugin, NULL, &rg);
	CU_ASSERT_FATAL(r && bones_kit_board_is(r) && rg == &kb);
	position(&f);
	CU_ASSERT_TRUE(bones_kit_board_sound(&kb, &f, 2, err, sizeof err));
	f.pl[0].cell[1].column = 3; /* off the 3-wide grid */
	CU_ASSERT_FALSE(bones_kit_board_sound(&kb, &f, 2, err, sizeof err));
	CU_ASSERT_STRING_EQUAL(err, "grid kit: placement.cell[1].column is 3, not a cell of "
				    "the grid");
	bones_move_place mp;
	CU_ASSERT_EQUAL(r->move_place(rg, &f, 0, &mp), BONES_EINVAL);
	position(&f);
	f.pl[0].hand = 2; /* the mover holds two pieces */
	CU_ASSERT_FALSE(bones_kit_board_sound(&kb, &f, 2, err, sizeof err));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "placement.hand is 2"));
	position(&f);
	f.pl[1].market = 1; /* a player's hand, no market */
	CU_ASSERT_FALSE(bones_kit_board_sound(&kb, &f, 2, err, sizeof err));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "placement.market is 1"));
	position(&f);
	f.pl[0].cell[1].cell.join = BONES_KIT_ALONE; /* the placed domino's halves disagree */
	CU_ASSERT_FALSE(bones_kit_board_sound(&kb, &f, 2, err, sizeof err));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "placement.cell[0].cell.join"));
}

static void test_kit_grid__moves_are_clicked_where_they_go(void)
{
	fake f;
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, &plugin, NULL, &rg);
	position(&f);
	bones_move_place place, take, pass;
	CU_ASSERT_EQUAL(r->move_place(rg, &f, 0, &place), BONES_OK);
	CU_ASSERT_EQUAL(r->move_place(rg, &f, 1, &take), BONES_OK);
	CU_ASSERT_EQUAL(r->move_place(rg, &f, 2, &pass), BONES_OK);
	CU_ASSERT_EQUAL(r->move_place(rg, &f, 3, &pass), BONES_EINVAL);
	/* the first cell is the target, the click in the middle of the two */
	CU_ASSERT(place.piece == 0 && place.target == 2);
	CU_ASSERT_DOUBLE_EQUAL(place.x, 2.5, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(place.y, 1.0, 1e-6);
	/* the market's piece: under the grid, within the bounds */
	float box[4];
	r->board_bounds(rg, &f, box);
	CU_ASSERT(take.piece == -1 && take.target >= 0 && take.target != place.target);
	CU_ASSERT(take.y > 2.0f && take.y < box[3] && take.x > box[0] && take.x < box[2]);
	CU_ASSERT(pass.piece == -1 && pass.target == -1);
	CU_ASSERT_EQUAL(r->hand_size(rg, &f, 0, 0), 2);
	CU_ASSERT_EQUAL(r->hand_size(rg, &f, 1, 0), 2);
	CU_ASSERT_EQUAL(r->hand_size(rg, &f, 2, 0), 0);
}

/* What a drawing does: polygons and their lowest alpha, pips, texts. */
typedef struct seen {
	int polygons, pips, texts;
	uint32_t alpha;
	char text[256];
} seen;

static void s_polygon(void *u, const float *xy, int n, bones_color fill, bones_color stroke,
		      float w)
{
	seen *s = u;
	(void)xy, (void)n, (void)stroke, (void)w;
	if (!s->polygons || (fill & 0xffu) < s->alpha)
		s->alpha = fill & 0xffu;
	s->polygons++;
}
static void s_circle(void *u, float x, float y, float r, bones_color f, bones_color k, float w)
{
	(void)u, (void)x, (void)y, (void)r, (void)f, (void)k, (void)w;
}
static void s_line(void *u, float a, float b, float c, float d, bones_color k, float w)
{
	(void)u, (void)a, (void)b, (void)c, (void)d, (void)k, (void)w;
}
static void s_text(void *u, float x, float y, float h, bones_color k, int align, const char *t)
{
	seen *s = u;
	(void)x, (void)y, (void)h, (void)k, (void)align;
	s->texts++;
	snprintf(s->text, sizeof s->text, "%s", t);
}
static void s_pips(void *u, float x, float y, float side, int count, bones_color k)
{
	seen *s = u;
	(void)x, (void)y, (void)side, (void)count, (void)k;
	s->pips++;
}
static void s_mark(void *u, const float *xy, int n, int kind)
{
	(void)u, (void)xy, (void)n, (void)kind;
}

static void test_kit_grid__pieces_face_down_and_ghosts(void)
{
	fake f;
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, &plugin, NULL, &rg);
	position(&f);
	seen up = {0}, down = {0}, ghost = {0}, board = {0}, bad = {0};
	bones_canvas c = {sizeof c, &up,  s_polygon, s_circle, s_line,
			  s_text,   s_pips, s_mark, NULL};
	r->draw_piece(rg, &f, 0, 0, 0, &c);
	c.user = &down;
	r->draw_piece(rg, &f, 1, 0, 0, &c);
	CU_ASSERT(up.polygons == 1 && up.pips == 2);
	CU_ASSERT(down.polygons == 1 && down.pips == 0);
	c.user = &ghost;
	r->draw_ghost(rg, &f, 0, &c);
	CU_ASSERT(ghost.polygons == 2 && ghost.pips == 2 && ghost.alpha < 255);
	c.user = &board; /* 6 cells, the market's tile of three cells */
	r->draw_board(rg, &f, 0, &c);
	CU_ASSERT(board.polygons == 6 + 3 && board.pips == 2 && board.texts == 0);
	f.pos.cell[1][0].kind = 9;
	c.user = &bad;
	r->draw_board(rg, &f, 0, &c);
	CU_ASSERT(bad.polygons == 0 && bad.texts == 1);
	CU_ASSERT_STRING_EQUAL(bad.text, "grid kit: cell[1][0].kind is 9, not 0..3");
}

/* Hex cells: six sides, each joined back by its opposite; the click between two cells'
 * centres; the cells drawn as hexagons. */
static int corners;
static void h_polygon(void *u, const float *xy, int n, bones_color fill, bones_color stroke,
		      float w)
{
	(void)u, (void)xy, (void)fill, (void)stroke, (void)w;
	corners = n;
}

static void test_kit_grid__hex_cells_join_on_six_sides(void)
{
	fake f;
	char err[256];
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, &plugin, NULL, &rg);
	position(&f);
	f.pos.hex = true;
	/* a1 and b1 hold 1-2 joined east and west (d0 and d3): still sound */
	f.pos.cell[0][0].join = BONES_KIT_HEX_SIDE(0), f.pos.cell[0][1].join = BONES_KIT_HEX_SIDE(3);
	CU_ASSERT_TRUE(bones_kit_grid_check(&f.pos, err, sizeof err));
	f.pos.cell[0][1].join = BONES_KIT_HEX_SIDE(2); /* not the opposite side */
	CU_ASSERT_FALSE(bones_kit_grid_check(&f.pos, err, sizeof err));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "cell[0][0].join is 1"));
	f.pos.cell[0][1].join = BONES_KIT_HEX_SIDE(3);
	f.pos.cell[1][0] = half(5, 7);
	CU_ASSERT_FALSE(bones_kit_grid_check(&f.pos, err, sizeof err));
	CU_ASSERT_STRING_EQUAL(err, "grid kit: cell[1][0].join is 7, not 0..6");
	f.pos.cell[1][0].kind = BONES_KIT_EMPTY;
	/* move 0 fills c1 (2, 0) and, down and to the left (d4), b2 (1, 1) */
	f.pl[0].cell[0].cell.join = BONES_KIT_HEX_SIDE(4);
	f.pl[0].cell[1].column = 1, f.pl[0].cell[1].cell.join = BONES_KIT_HEX_SIDE(1);
	CU_ASSERT_TRUE(bones_kit_board_sound(&kb, &f, 2, err, sizeof err));
	bones_move_place mp;
	CU_ASSERT_EQUAL(r->move_place(rg, &f, 0, &mp), BONES_OK);
	/* centres (2.5, 0.577) and (2.0, 1.443) */
	CU_ASSERT_DOUBLE_EQUAL(mp.x, 2.25, 1e-3);
	CU_ASSERT_DOUBLE_EQUAL(mp.y, 1.0104, 1e-3);
	seen any = {0};
	bones_canvas c = {sizeof c, &any, h_polygon, s_circle, s_line, s_text, s_pips, s_mark, NULL};
	r->draw_ghost(rg, &f, 0, &c);
	CU_ASSERT_EQUAL(corners, 6);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"a wrong description names its field", test_kit_grid__a_wrong_description_names_its_field},
		{"a wrong placement names its field", test_kit_grid__a_wrong_placement_names_its_field},
		{"moves are clicked where they go", test_kit_grid__moves_are_clicked_where_they_go},
		{"pieces face down and ghosts", test_kit_grid__pieces_face_down_and_ghosts},
		{"hex cells join on six sides", test_kit_grid__hex_cells_join_on_six_sides},
		{NULL, NULL}};
	return bones_test_main("kit_grid", cases);
}
