/* SDK: square grids, header-only: bounding boxes and orthogonally connected regions. */
#ifndef BONES_GRID_H
#define BONES_GRID_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An inclusive bounding box of cells; empty when x0 > x1. */
typedef struct bones_bbox {
	int x0, y0, x1, y1;
} bones_bbox;

static inline bones_bbox bones_bbox_empty(void)
{
	bones_bbox b = {1, 1, 0, 0};
	return b;
}

static inline bool bones_bbox_is_empty(bones_bbox b)
{
	return b.x0 > b.x1;
}

/* The box grown to contain (x, y). */
static inline bones_bbox bones_bbox_add(bones_bbox b, int x, int y)
{
	if (bones_bbox_is_empty(b)) {
		bones_bbox n = {x, y, x, y};
		return n;
	}
	if (x < b.x0) b.x0 = x;
	if (x > b.x1) b.x1 = x;
	if (y < b.y0) b.y0 = y;
	if (y > b.y1) b.y1 = y;
	return b;
}

static inline int bones_bbox_width(bones_bbox b)
{
	return bones_bbox_is_empty(b) ? 0 : b.x1 - b.x0 + 1;
}

static inline int bones_bbox_height(bones_bbox b)
{
	return bones_bbox_is_empty(b) ? 0 : b.y1 - b.y0 + 1;
}

/* Label the orthogonally connected components of the cells where in[y*w+x] is true.
 * labels[i] gets the component index (0..n-1) or -1 outside the set; sizes[k], when
 * not NULL, the size of component k (room for w*h entries). stack needs w*h ints.
 * Returns n. No allocation: the caller owns every buffer. */
static inline int bones_grid_components(const bool *in, int w, int h, int *labels,
					int *sizes, int *stack)
{
	int n = 0;
	for (int i = 0; i < w * h; i++)
		labels[i] = -1;
	for (int start = 0; start < w * h; start++) {
		if (!in[start] || labels[start] >= 0)
			continue;
		int top = 0, count = 0;
		stack[top++] = start;
		labels[start] = n;
		while (top > 0) {
			int c = stack[--top], x = c % w, y = c / w;
			int nb[4] = {x > 0 ? c - 1 : -1, x < w - 1 ? c + 1 : -1,
				     y > 0 ? c - w : -1, y < h - 1 ? c + w : -1};
			count++;
			for (int k = 0; k < 4; k++) {
				if (nb[k] >= 0 && in[nb[k]] && labels[nb[k]] < 0) {
					labels[nb[k]] = n;
					stack[top++] = nb[k];
				}
			}
		}
		if (sizes)
			sizes[n] = count;
		n++;
	}
	return n;
}

#ifdef __cplusplus
}
#endif
#endif /* BONES_GRID_H */
