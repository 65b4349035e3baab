/* The grid kit's geometry: square cells one unit wide, or pointy-topped hexagonal cells
 * one unit across their flats in the axial layout of bones/hex.h (column q, row r; a
 * row half a cell right of the one above). Sides: square 1..4 east, south, west,
 * north; hex 1..6 the directions d0..d5 of bones/hex.h plus one. */
#include <math.h>

#include "kit_internal.h"

#define HEX_R 0.57735027f /* a hexagon's corner radius: 1 / sqrt(3) */
#define HEX_ROW 0.8660254f /* from one row's centres to the next: sqrt(3) / 2 */

int bones_kit_grid_sides(const bones_kit_grid_position *pos)
{
	return pos->hex ? 6 : 4;
}

int bones_kit_grid_back(const bones_kit_grid_position *pos, int side)
{
	int n = bones_kit_grid_sides(pos);
	return (side - 1 + n / 2) % n + 1;
}

bool bones_kit_grid_step(const bones_kit_grid_position *pos, int col, int row, int side,
			 int *ncol, int *nrow)
{
	static const int sq[5][2] = {{0, 0}, {1, 0}, {0, 1}, {-1, 0}, {0, -1}};
	static const int hx[7][2] = {{0, 0}, {1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};
	const int *d = pos->hex ? hx[side] : sq[side];
	*ncol = col + d[0], *nrow = row + d[1];
	return *ncol >= 0 && *nrow >= 0 && *ncol < pos->width && *nrow < pos->height;
}

void bones_kit_grid_centre(const bones_kit_grid_position *pos, int col, int row, float *x,
			   float *y)
{
	if (pos->hex) {
		*x = (float)col + (float)row / 2 + 0.5f;
		*y = (float)row * HEX_ROW + HEX_R;
	} else {
		*x = (float)col + 0.5f, *y = (float)row + 0.5f;
	}
}

/* Corner k of a cell: square corners clockwise from the top right one; hex corners at
 * 30 + 60 k degrees, counter-clockwise from the lower right one of side 1's edge. */
static void corner(const bones_kit_grid_position *pos, float cx, float cy, int k, float *x,
		   float *y)
{
	static const float sq[4][2] = {{0.5f, -0.5f}, {0.5f, 0.5f}, {-0.5f, 0.5f}, {-0.5f, -0.5f}};
	if (pos->hex) {
		float a = (float)(k * 60 - 30) * 3.14159265f / 180;
		*x = cx + HEX_R * cosf(a), *y = cy - HEX_R * sinf(a);
	} else {
		*x = cx + sq[k % 4][0], *y = cy + sq[k % 4][1];
	}
}

int bones_kit_grid_outline(const bones_kit_grid_position *pos, int col, int row, float *xy)
{
	float cx, cy;
	int n = bones_kit_grid_sides(pos);
	bones_kit_grid_centre(pos, col, row, &cx, &cy);
	for (int k = 0; k < n; k++)
		corner(pos, cx, cy, k, &xy[2 * k], &xy[2 * k + 1]);
	return n;
}

void bones_kit_grid_edge(const bones_kit_grid_position *pos, int col, int row, int side,
			 float e[4])
{
	float cx, cy;
	bones_kit_grid_centre(pos, col, row, &cx, &cy);
	/* square side s runs from corner s - 1 to s; hex side s from corner s - 1 to s */
	corner(pos, cx, cy, side - 1, &e[0], &e[1]);
	corner(pos, cx, cy, side % bones_kit_grid_sides(pos), &e[2], &e[3]);
}

void bones_kit_grid_extent(const bones_kit_grid_position *pos, float *w, float *h)
{
	if (pos->hex) {
		*w = (float)pos->width + (float)(pos->height - 1) / 2;
		*h = (float)(pos->height - 1) * HEX_ROW + 2 * HEX_R;
	} else {
		*w = (float)pos->width, *h = (float)pos->height;
	}
}
