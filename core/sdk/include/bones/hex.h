/* SDK: the axial hexagonal grid of docs/games/holomino.md, header-only for hot paths.
 * Directions d0..d5 run counter-clockwise from d0 = (+1, 0); corner ci of a cell lies
 * between directions di and d(i+1), shared with the neighbours in those directions. */
#ifndef BONES_HEX_H
#define BONES_HEX_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bones_hex {
	int q, r;
} bones_hex;

static const bones_hex bones_hex_dirs[6] = {
	{+1, 0}, {+1, -1}, {0, -1}, {-1, 0}, {-1, +1}, {0, +1}
};

static inline bones_hex bones_hex_neighbour(bones_hex h, int dir)
{
	bones_hex n = {h.q + bones_hex_dirs[dir].q, h.r + bones_hex_dirs[dir].r};
	return n;
}

static inline bool bones_hex_equal(bones_hex a, bones_hex b)
{
	return a.q == b.q && a.r == b.r;
}

/* Grid distance in steps between two cells. */
static inline int bones_hex_distance(bones_hex a, bones_hex b)
{
	int dq = a.q - b.q, dr = a.r - b.r, ds = -dq - dr;
	dq = dq < 0 ? -dq : dq;
	dr = dr < 0 ? -dr : dr;
	ds = ds < 0 ? -ds : ds;
	return dq > dr ? (dq > ds ? dq : ds) : (dr > ds ? dr : ds);
}

/* A grid vertex, named canonically: every vertex is corner c0 (kind 0, even corners)
 * or corner c1 (kind 1, odd corners) of exactly one cell. */
typedef struct bones_hex_vertex {
	bones_hex cell;
	int kind; /* 0: an even corner (c0, c2, c4); 1: an odd one (c1, c3, c5) */
} bones_hex_vertex;

/* The canonical name of corner `corner` (0..5) of cell h.
 * c2 of X is c0 of X+d3, c4 is c0 of X+d4; c3 is c1 of X+d4, c5 is c1 of X+d5. */
static inline bones_hex_vertex bones_hex_corner(bones_hex h, int corner)
{
	static const int owner_dir[6] = {-1, -1, 3, 4, 4, 5};
	bones_hex_vertex v;
	v.cell = owner_dir[corner] < 0 ? h : bones_hex_neighbour(h, owner_dir[corner]);
	v.kind = corner & 1;
	return v;
}

/* Screen layout (pointy-topped, d0 to the right, d1 up and to the right, y down):
 * the centre of h for hexagons of circumradius 1. */
static inline void bones_hex_center(bones_hex h, float *x, float *y)
{
	*x = 1.7320508f * ((float)h.q + 0.5f * (float)h.r);
	*y = 1.5f * (float)h.r;
}

/* Offset of corner ci from the centre, circumradius 1, y down: ci sits at 30 + 60i
 * degrees counter-clockwise from the right. */
static inline void bones_hex_corner_offset(int corner, float *dx, float *dy)
{
	static const float cx[6] = {0.8660254f, 0.0f, -0.8660254f, -0.8660254f, 0.0f, 0.8660254f};
	static const float cy[6] = {-0.5f, -1.0f, -0.5f, 0.5f, 1.0f, 0.5f};
	*dx = cx[corner];
	*dy = cy[corner];
}

#ifdef __cplusplus
}
#endif
#endif /* BONES_HEX_H */
