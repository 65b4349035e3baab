/* Sorting 32-bit keys (bones/sort.h). */
#include "bones/sort.h"

#include <string.h>

#define BONES_SORT_SHORT 32 /* insertion below this: no pass over 256 counts */

void bones_sort_u32(uint32_t *v, uint32_t *tmp, size_t n, uint32_t max)
{
	if (n <= BONES_SORT_SHORT) {
		for (size_t i = 1; i < n; i++) {
			uint32_t x = v[i];
			size_t j = i;
			for (; j > 0 && v[j - 1] > x; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
		return;
	}
	uint32_t *from = v, *to = tmp;
	for (unsigned shift = 0; shift < 32 && (max >> shift); shift += 8) {
		size_t start[256] = {0}, at = 0;
		for (size_t i = 0; i < n; i++)
			start[(from[i] >> shift) & 0xffu]++;
		if (start[(from[0] >> shift) & 0xffu] == n)
			continue; /* every key has this byte alike */
		for (size_t d = 0; d < 256; d++) {
			size_t k = start[d];
			start[d] = at;
			at += k;
		}
		for (size_t i = 0; i < n; i++)
			to[start[(from[i] >> shift) & 0xffu]++] = from[i];
		uint32_t *x = from;
		from = to, to = x;
	}
	if (from != v)
		memcpy(v, from, n * sizeof *v);
}
