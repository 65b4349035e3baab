/* What the files of the board kit share (kit_layout.c, kit_draw.c, kit_board.c). */
#ifndef BONES_KIT_INTERNAL_H
#define BONES_KIT_INTERNAL_H

#include "bones/kit_board.h"

/* The position of state as viewer sees it, cleared first (bones/kit_line.h), its
 * counts cut to the arrays' sizes. */
void bones_kit_describe(const bones_kit_board *kb, const void *state, int viewer,
			bones_kit_line_position *pos);

/* The half extents of a spot's domino. */
void bones_kit_spot_half(const bones_kit_spot *p, float *hw, float *hh);

/* The bounding box of the board: the line with its open ends, at least two arms wide
 * and three rows high (the scale stays put as the line grows), the boneyard above. */
void bones_kit_bounds(const void *kb, const void *state, float box[4]);

/* kit_draw.c: the drawing functions of the kit's render table. */
/* A domino centred on (x, y) whose halves are u x u squares, first half on top
 * (upright) or on the left; face down when face is false; alpha 255: opaque (both
 * kits' dominoes). */
void bones_kit_draw_domino(const bones_canvas *c, float x, float y, float u, bool upright,
			   bool face, int first, int second, uint32_t alpha);
void bones_kit_draw_board(const void *kb, const void *state, int viewer,
			  const bones_canvas *canvas);
void bones_kit_draw_piece(const void *kb, const void *state, int player, int piece,
			  int viewer, const bones_canvas *canvas);
void bones_kit_draw_ghost(const void *kb, const void *state, bones_move move,
			  const bones_canvas *canvas);
/* The position with move's tile laid (*arm its arm, *index its place on it; LEAD: the
 * middle); false for a move that lays none. */
bool bones_kit_after(const bones_kit_board *kb, const void *state, bones_move move,
		     bones_kit_line_position *pos, int *arm, int *index);

/* The grid kit (bones/kit_grid.h). kit_grid.c: the position of state as viewer sees it
 * (cleared, size set, then described), false with the fault in err where it breaks the
 * header's rules; where things lie; the render functions that draw nothing. */
bool bones_kit_grid_describe(const bones_kit_board *kb, const void *state, int viewer,
			     bones_kit_grid_position *pos, char *err, size_t cap);
/* The placement of a legal move as its mover sees the position (pos: that view),
 * checked; false with the fault in err (EINVAL: no legal player move). */
bool bones_kit_grid_place(const bones_kit_board *kb, const void *state, bones_move move,
			  bones_kit_grid_position *pos, bones_kit_placement *pl, char *err,
			  size_t cap);
/* The grid's top left corner is (0, 0), a cell 1 x 1; markets lie under it. The centre
 * of market m's piece i, and its half extents. */
void bones_kit_grid_slot(const bones_kit_grid_position *pos, int m, int i, float *x,
			 float *y, float *hw, float *hh);
/* The mover's hand in pos: its index in pos->hand[], or -1. */
int bones_kit_grid_hand_of(const bones_kit_grid_position *pos, int player);
void bones_kit_grid_bounds(const void *kb, const void *state, float box[4]);
int bones_kit_grid_hand_size(const void *kb, const void *state, int player, int viewer);
bones_status bones_kit_grid_move_place(const void *kb, const void *state, bones_move move,
				       bones_move_place *place);
/* kit_grid_geom.c: a cell's sides (4 or 6), the side opposite side, the neighbour on
 * a side (false off the grid), its centre, its corners (xy: 2 x sides floats; returns
 * the count), the ends of its side's edge, the grid's width and height drawn. */
int bones_kit_grid_sides(const bones_kit_grid_position *pos);
int bones_kit_grid_back(const bones_kit_grid_position *pos, int side);
bool bones_kit_grid_step(const bones_kit_grid_position *pos, int col, int row, int side,
			 int *ncol, int *nrow);
void bones_kit_grid_centre(const bones_kit_grid_position *pos, int col, int row, float *x,
			   float *y);
int bones_kit_grid_outline(const bones_kit_grid_position *pos, int col, int row, float *xy);
void bones_kit_grid_edge(const bones_kit_grid_position *pos, int col, int row, int side,
			 float e[4]);
void bones_kit_grid_extent(const bones_kit_grid_position *pos, float *w, float *h);
/* kit_grid_draw.c */
void bones_kit_grid_draw_board(const void *kb, const void *state, int viewer,
			       const bones_canvas *canvas);
void bones_kit_grid_draw_piece(const void *kb, const void *state, int player, int piece,
			       int viewer, const bones_canvas *canvas);
void bones_kit_grid_draw_ghost(const void *kb, const void *state, bones_move move,
			       const bones_canvas *canvas);

#endif /* BONES_KIT_INTERNAL_H */
