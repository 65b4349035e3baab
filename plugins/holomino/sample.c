/* ABI 1.1's sample_move for Holomino: a draw from the supply or a uniform legal move,
 * found by counting the fitting tiles of each live cell (popcounts) instead of listing
 * every move; the same distribution as hm_legal_moves. */
#include "bones/rng.h"
#include "holomino.h"

#define HM_LIVE_MAX 256 /* live cells of a one-word game: 2 x 48 + 6 at most */

#if defined(__BMI2__) && !defined(__tune_znver1__) && !defined(__tune_znver2__)
#include <immintrin.h>
#define HAVE_FAST_PDEP 1 /* (microcoded, slow, before Zen 3) */
#endif

#if defined(__AVX512F__) && defined(__AVX512BW__)
#include <immintrin.h>
#define HM_AVX512 1 /* the moves counted 8 live cells a vector */
#endif

/* The j-th (from 0) set bit of m; m has more than j set bits. */
static int select_bit(uint64_t m, unsigned j)
{
#ifdef HAVE_FAST_PDEP
	return __builtin_ctzll(_pdep_u64(1ull << j, m));
#else
	int pos = 0;
	for (int w = 32; w; w >>= 1) {
		uint64_t low = m & ((1ull << w) - 1);
		unsigned c = hm_popcount(low);
		/* without branches: which half holds the bit is a coin toss */
		uint64_t up = (uint64_t)0 - (uint64_t)(j >= c);
		j -= c & (unsigned)up;
		m = ((m >> w) & up) | (low & ~up);
		pos += w & (int)up;
	}
	return pos;
#endif
}

/* select_bit for a pool's few tiles (j < HM_POOL_MAX): the lowest bit cleared j times,
 * without branches (j is a draw) or popcounts. */
static int select_few(uint64_t m, unsigned j)
{
#ifdef HAVE_FAST_PDEP
	return select_bit(m, j);
#else
	for (unsigned i = 0; i + 1 < HM_POOL_MAX; i++)
		m &= ~((m & (0 - m)) & ((uint64_t)0 - (uint64_t)(i < j)));
	return __builtin_ctzll(m);
#endif
}

static bones_move draw(const hm_game *g, const hm_state *s, unsigned j)
{
	for (int w = 0; w < g->words; w++) {
		unsigned c = hm_popcount(s->supply[w]);
		if (j < c)
			return hm_pack(HM_DRAW, w * 64 + select_bit(s->supply[w], j), 0, 0, 0);
		j -= c;
	}
	return 0; /* not reached: j < supply_n */
}

/* Placements on the live cell x with tiles of the pool mask pm: their count, or with
 * out != NULL the j-th of them in hm_legal_moves' order (j below the count). */
static unsigned at_cell(const hm_game *g, const hm_state *s, const hm_live *x,
			const uint64_t *pm, unsigned j, bones_move *out)
{
	const hm_cell *at = &hm_ccells(g, s)[hm_live_cell(*x)];
	const uint64_t *f = g->fit + (size_t)at->pat * HM_WORDS;
	const uint8_t *turns = g->ori + (size_t)at->pat * (size_t)g->ntiles;
	unsigned n = 0;
	if (!hm_extent_ok(g, s, at->q, at->r))
		return 0;
	for (int w = 0; w < g->words; w++)
		for (uint64_t m = f[w] & pm[w]; m; m &= m - 1) {
			int t = w * 64 + __builtin_ctzll(m);
			for (unsigned tb = turns[t]; tb; tb &= tb - 1, n++)
				if (out && n == j) {
					*out = hm_pack(HM_PLACE, t, __builtin_ctz(tb), at->q, at->r);
					return n;
				}
		}
	return n;
}

#ifndef HM_AVX512
/* The fitting tiles of pool mask pm on the live cells (their masks in the live list):
 * into upto[o] those on cells 0 to o; returns their total. */
static inline __attribute__((always_inline)) unsigned
count_fits(const hm_live *live, int n, uint64_t pm, uint16_t *upto, bool instruction)
{
	unsigned total = 0;
#pragma GCC unroll 4
	for (int o = 0; o < n; o++) {
		uint64_t m = live[o] & pm;
		total += instruction ? (unsigned)__builtin_popcountll(m) : hm_popcount(m);
		upto[o] = (uint16_t)total;
	}
	return total;
}

static unsigned count_plain(const hm_live *live, int n, uint64_t pm, uint16_t *upto)
{
	return count_fits(live, n, pm, upto, false);
}

#ifdef HM_POPCNT_DISPATCH
/* The same with the POPCNT instruction, for a portable build on a machine that has it
 * (hm_game.popcnt, asked of the CPU at configure time). */
__attribute__((target("popcnt"))) static unsigned
count_popcnt(const hm_live *live, int n, uint64_t pm, uint16_t *upto)
{
	return count_fits(live, n, pm, upto, true);
}
#endif

/* The first o below n with upto[o] > j (upto rises, upto[n - 1] > j): the number of
 * totals up to j, counted over all of them. A loop without branches that the compiler
 * vectorises, where a binary search waits on each load in turn (a third of a draw). */
static int first_above(const uint16_t *upto, int n, unsigned j)
{
	uint16_t below = 0, j16 = (uint16_t)j; /* 16-bit lanes: twice as many a vector */
	for (int o = 0; o < n; o++)
		below = (uint16_t)(below + (upto[o] <= j16));
	return below;
}

#else
/* count_fits 8 cells a vector (AVX-512 has no 64-bit popcount before VPOPCNTDQ: the
 * bits of each byte by a table of nibbles, summed per word): the running totals of each
 * 8 cells into upto[o / 8] as 64-bit lanes, cells past n adding nothing. */
static unsigned count_vec(const hm_live *live, int n, uint64_t pm, __m512i *upto)
{
	const __m512i zero = _mm512_setzero_si512(), nibble = _mm512_set1_epi8(0x0F);
	const __m512i bits = _mm512_broadcast_i32x4(
		_mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4));
	const __m512i tiles = _mm512_set1_epi64((long long)pm), top = _mm512_set1_epi64(7);
	__m512i carry = zero;
	for (int o = 0; o < n; o += 8) {
		__mmask8 in = (__mmask8)(n - o >= 8 ? 0xFFu : (1u << (n - o)) - 1);
		__m512i m = _mm512_and_si512(_mm512_maskz_loadu_epi64(in, live + o), tiles);
		__m512i lo = _mm512_and_si512(m, nibble);
		__m512i hi = _mm512_and_si512(_mm512_srli_epi64(m, 4), nibble);
		__m512i c = _mm512_sad_epu8(_mm512_add_epi8(_mm512_shuffle_epi8(bits, lo),
							    _mm512_shuffle_epi8(bits, hi)),
					    zero);
		/* running totals within the vector: lanes shifted up by 1, 2 and 4 added */
		c = _mm512_add_epi64(c, _mm512_alignr_epi64(c, zero, 7));
		c = _mm512_add_epi64(c, _mm512_alignr_epi64(c, zero, 6));
		c = _mm512_add_epi64(c, _mm512_alignr_epi64(c, zero, 4));
		upto[o / 8] = _mm512_add_epi64(c, carry);
		/* the carry waits on one add a vector, not on the shifts and a permute */
		carry = _mm512_add_epi64(carry, _mm512_permutexvar_epi64(top, c));
	}
	return (unsigned)_mm_cvtsi128_si64(_mm512_castsi512_si128(carry));
}

/* first_above on count_vec's totals: a compare and a popcount each 8 cells. */
static int first_above_vec(const __m512i *upto, int n, unsigned j)
{
	const __m512i v = _mm512_set1_epi64((long long)j);
	int below = 0;
	for (int o = 0; o < n; o += 8)
		below += __builtin_popcount(_mm512_cmple_epu64_mask(upto[o / 8], v));
	return below;
}
#endif

/* The common game (one word of tiles, unique digits: one turn per fitting tile, no
 * extent): a popcount per live cell, their running totals kept for finding the drawn
 * one. */
static bool sample_unique(const hm_game *g, const hm_state *s, uint64_t pm,
			  uint64_t (*next_random)(void *), void *rng, bones_move *move)
{
	const hm_live *live = hm_clive(g, s);
#ifdef HM_AVX512
	__m512i upto[HM_LIVE_MAX / 8];
	unsigned total = count_vec(live, s->nlive, pm, upto);
	if (!total)
		return false;
	unsigned j = bones_random_below(next_random, rng, total);
	int o = first_above_vec(upto, s->nlive, j);
	uint64_t before = 0;
	if (o)
		memcpy(&before, (const unsigned char *)upto + 8 * (o - 1), sizeof before);
	j -= (unsigned)before;
#else
	uint16_t upto[HM_LIVE_MAX];
#ifdef HM_POPCNT_DISPATCH
	unsigned total = g->popcnt ? count_popcnt(live, s->nlive, pm, upto)
				   : count_plain(live, s->nlive, pm, upto);
#else
	unsigned total = count_plain(live, s->nlive, pm, upto);
#endif
	if (!total)
		return false;
	unsigned j = bones_random_below(next_random, rng, total);
	int o = first_above(upto, s->nlive, j);
	j -= o ? upto[o - 1] : 0;
#endif
	int t = select_few(live[o] & pm, j);
	const hm_cell *at = &hm_ccells(g, s)[hm_live_cell(live[o])];
	const uint8_t *turns = g->ori + (size_t)at->pat * (size_t)g->ntiles;
	*move = hm_pack(HM_PLACE, t, turns[t] >> 1, at->q, at->r);
	return true;
}

static bool sample_any(const hm_game *g, const hm_state *s, const uint64_t *pm,
		       uint64_t (*next_random)(void *), void *rng, bones_move *move)
{
	const hm_live *live = hm_clive(g, s);
	unsigned total = 0;
	for (int o = 0; o < s->nlive; o++)
		total += at_cell(g, s, &live[o], pm, 0, NULL);
	if (!total)
		return false;
	unsigned j = bones_random_below(next_random, rng, total);
	for (int o = 0;; o++) {
		unsigned c = at_cell(g, s, &live[o], pm, 0, NULL);
		if (j < c) {
			at_cell(g, s, &live[o], pm, j, move);
			return true;
		}
		j -= c;
	}
}

/* A player's move: a placement drawn uniformly, or else a pass with a random tile. Not
 * inlined, so that the draws do not pay for what it saves on the stack. */
static __attribute__((noinline)) bones_status
sample_play(const hm_game *g, const hm_state *s, uint64_t (*next_random)(void *), void *rng,
	    bones_move *move)
{
	int p = s->player;
	bool common =
		g->live_tiles && g->unique && !g->max_extent && g->live_cap <= HM_LIVE_MAX;
	bool placed;
	if (common)
		placed = sample_unique(g, s, s->pool_set[p][0], next_random, rng, move);
	else
		placed = sample_any(g, s, s->pool_set[p], next_random, rng, move);
	if (!placed) /* no placement: pass one tile of the pool back */
		*move = hm_pack(HM_PASS,
				s->pool[p][bones_random_below(next_random, rng, s->pool_n[p])],
				0, 0, 0);
	return BONES_OK;
}

bones_status hm_sample(const void *game, const void *state,
		       uint64_t (*next_random)(void *rng), void *rng, bones_move *move)
{
	const hm_game *g = game;
	const hm_state *s = state;
	if (s->phase == HM_PHASE_OVER)
		return BONES_EILLEGAL;
	if (s->phase != HM_PHASE_MOVE) {
		*move = draw(g, s, bones_random_below(next_random, rng, s->supply_n));
		return BONES_OK;
	}
	return sample_play(g, s, next_random, rng, move);
}
