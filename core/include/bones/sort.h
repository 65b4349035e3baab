/* Sorting 32-bit keys without a call through a pointer per comparison, for the host's
 * hot paths where qsort's callbacks cost more than the work around them (the checker's
 * legal moves, the dense actions' ids). */
#ifndef BONES_SORT_H
#define BONES_SORT_H

#include <stddef.h>
#include <stdint.h>

/* Sort v[0..n) ascending, with tmp[0..n) as scratch: by insertion when short, else by
 * a radix sort of a byte a pass, skipping the bytes above max (the largest key there
 * can be) and a byte every key has alike. */
void bones_sort_u32(uint32_t *v, uint32_t *tmp, size_t n, uint32_t max);

#endif /* BONES_SORT_H */
