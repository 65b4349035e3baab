/* Geominos move generation: every placement of the tiles in a hand, twelve anchor rows at
 * a time in four 64-bit lanes (one vector op for AVX2, two for SSE2 or NEON); whether a
 * hand has one; and random moves drawn without the list (sample_move). */
#include "geominos.h"

#include "bones/rng.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Lane i of a block with first row y0 holds rows y0+3i to y0+3i+2, 21 bits each, so a
 * block's four lanes are rows y0 to y0+11 in reading order. A board is kept as the
 * block from each row on (S[y] = rows y to y+11), one load for a section dy rows down.
 * Shifting a lane by a section's column offset moves bits across rows only at the
 * columns the orientation's xmask rules out. */
#define BLOCK_ROWS 12
#define S_ROWS (BLOCK_ROWS + GEO_MAX_SECTIONS) /* blocks from rows 0 and 12, dy <= 8 */
#define ROW_BITS ((1ull << GEO_N) - 1ull)

/* A block is NV vectors: one with AVX2, else two of 16 bytes (SSE2, NEON), which GCC
 * keeps in registers where it spills a 32-byte vector it must split. */
#ifdef __AVX2__
#define NV 1
typedef uint64_t lanes __attribute__((vector_size(32)));
#else
#define NV 2
typedef uint64_t lanes __attribute__((vector_size(16)));
#endif
#define VL (4 / NV) /* lanes in a vector */

typedef struct packed_board {
	uint64_t want[GEO_PIPS][S_ROWS][4]; /* empty squares next to p pips, 0 past the board */
	uint64_t empty[S_ROWS][4];
	uint32_t wrows[GEO_PIPS];           /* rows where want[p] has a square */
	uint32_t packed;                    /* pips whose want rows are packed yet */
} packed_board;

/* A move's column and row from the bit of a lane: bit b is column b % 21 of row b / 21. */
#define BP(b) ((bones_move)((b) % GEO_N) << 8 | (bones_move)((b) / GEO_N) << 13)
#define BP8(b) BP(b), BP(b + 1), BP(b + 2), BP(b + 3), BP(b + 4), BP(b + 5), BP(b + 6), \
	BP(b + 7)
static const bones_move bit_place[64] = {BP8(0),  BP8(8),  BP8(16), BP8(24),
					 BP8(32), BP8(40), BP8(48), BP8(56)};

static void pack(const uint32_t *rows, uint64_t (*q)[4])
{
	uint64_t p[S_ROWS + 9]; /* rows y to y + 2 */
	for (int y = 0; y < GEO_N - 2; y++)
		p[y] = rows[y] | (uint64_t)rows[y + 1] << GEO_N |
		       (uint64_t)rows[y + 2] << (2 * GEO_N);
	p[GEO_N - 2] = rows[GEO_N - 2] | (uint64_t)rows[GEO_N - 1] << GEO_N;
	p[GEO_N - 1] = rows[GEO_N - 1];
	for (int y = GEO_N; y < S_ROWS + 9; y++)
		p[y] = 0;
	for (int y = 0; y < S_ROWS; y++) {
		q[y][0] = p[y];
		q[y][1] = p[y + 3];
		q[y][2] = p[y + 6];
		q[y][3] = p[y + 9];
	}
}

static void pack_empty(const geo_state *s, packed_board *b)
{
	uint32_t empty[GEO_N];
	for (int y = 0; y < GEO_N; y++)
		empty[y] = ~s->occ[y] & (uint32_t)ROW_BITS;
	pack(empty, b->empty);
	b->packed = 0;
	for (int p = 0; p < GEO_PIPS; p++) {
		uint32_t w = 0;
		for (int y = 0; y < GEO_N; y++)
			w |= (uint32_t)(s->want[p][y] != 0) << y;
		b->wrows[p] = w;
	}
}

/* The anchors of both blocks (rows 0 to 11 and 12 to 23) where the orientation lies on
 * empty squares, one section next to a section with its pips, into out[0..7]. (Vectors
 * stay inside: passing them between functions would depend on the target's ABI.) */
static void blocks(const packed_board *b, const geo_orient *o, uint64_t *out)
{
	enum { N = 2 * NV, NEXT = BLOCK_ROWS * 4 }; /* vectors; words to the second block */
	lanes m[N], v;
	for (int j = 0; j < N; j++)
		m[j] = (lanes){0};
	for (int k = 0; k < o->count; k++) {
		const uint64_t *q = b->want[o->pips[k]][o->dy[k]];
		uint64_t rs = o->rs[k], ls = o->ls[k];
#pragma GCC unroll 4
		for (int j = 0; j < N; j++) {
			memcpy(&v, q + (j / NV) * NEXT + (j % NV) * VL, sizeof v);
			m[j] |= v >> rs << ls;
		}
	}
	for (int j = 0; j < N; j++)
		m[j] &= o->xmask3;
	for (int k = 0; k < o->count; k++) {
		const uint64_t *q = b->empty[o->dy[k]];
		uint64_t rs = o->rs[k], ls = o->ls[k];
#pragma GCC unroll 4
		for (int j = 0; j < N; j++) {
			memcpy(&v, q + (j / NV) * NEXT + (j % NV) * VL, sizeof v);
			m[j] &= v >> rs << ls;
		}
	}
	memcpy(out, m, sizeof m);
}

#ifdef __POPCNT__
static inline int pop64(uint64_t x) { return __builtin_popcountll(x); }
#else /* a portable build: no call into libgcc */
static inline int pop64(uint64_t x)
{
	x -= x >> 1 & 0x5555555555555555ull;
	x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
	x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
	return (int)((x * 0x0101010101010101ull) >> 56);
}
#endif

/* Write the placements of the bits of lane j (rows 3j to 3j+2) from moves[n] on,
 * keeping to cap; returns the new count. Most lanes hold a few anchors or none: four
 * slots are written at a time whatever their number, the count moving on only for the
 * real ones (bit 63, never an anchor, stands in for the rest), so the loop seldom
 * takes a branch it cannot predict. */
static inline size_t emit(bones_move *moves, size_t n, size_t cap, bones_move base,
			  uint64_t bits)
{
	if (n + 64 + 4 <= cap) {
		bones_move *out = moves + n;
		do {
			for (int i = 0; i < 4; i++) {
				*out = base + bit_place[__builtin_ctzll(bits | 1ull << 63)];
				out += bits != 0;
				bits &= bits - 1;
			}
		} while (bits);
		return (size_t)(out - moves);
	}
	for (; bits; bits &= bits - 1, n++)
		if (n < cap)
			moves[n] = base + bit_place[__builtin_ctzll(bits)];
	return n;
}

/* What scan does with the placements it finds. */
typedef struct scan_out {
	bones_move *moves; /* the list, up to cap of them; NULL: none */
	size_t cap;
	bool any;          /* stop at the first one */
	size_t pick;       /* with moves == NULL: the index of the one to put in picked */
	bones_move picked;
} scan_out;

/* The anchors of orientation o into found[0..7] (see blocks), packing the wanted rows
 * of its pips first where they are not yet; returns the anchor rows that may have one
 * (bit y), 0 when none can (found is then not written). */
static uint32_t anchors(const geo_state *s, packed_board *b, const geo_orient *o,
			uint64_t *found)
{
	int last = GEO_N - o->height; /* the lowest anchor row */
	uint32_t rows = 0;
	for (int k = 0; k < o->count; k++)
		rows |= b->wrows[o->pips[k]] >> o->dy[k];
	rows &= (2u << last) - 1u;
	if (!rows)
		return 0;
	for (uint32_t need = o->pipmask & ~b->packed; need; need &= need - 1)
		pack(s->want[__builtin_ctz(need)], b->want[__builtin_ctz(need)]);
	b->packed |= o->pipmask;
	blocks(b, o, found);
	return rows;
}

/* Placements of the tiles in mask, tile by tile, orientation by orientation, then in
 * reading order of the anchor: the anchors where some section lands on an empty square
 * next to a section with its pips (only blocks of rows near placed tiles are looked at)
 * and every section on an empty square. Returns how many (up to the pick, or 1 for
 * any). */
static size_t scan(const geo_game *g, const geo_state *s, uint32_t mask, scan_out *out)
{
	packed_board b;
	pack_empty(s, &b);
	size_t n = 0;
	for (; mask; mask &= mask - 1) {
		int t = __builtin_ctz(mask);
		const geo_tile *tile = &g->tiles[t];
		for (int oi = 0; oi < tile->orient_count; oi++) {
			uint64_t found[8];
			uint32_t rows = anchors(s, &b, &tile->orient[oi], found);
			if (!rows)
				continue;
			if (out->any) {
				if ((found[0] | found[1] | found[2] | found[3] | found[4] | found[5] |
				     found[6] | found[7]) != 0)
					return 1;
			} else if (out->moves) {
				int first = __builtin_ctz(rows), last = 31 - __builtin_clz(rows);
				for (int j = first / 3; j <= last / 3; j++)
					n = emit(out->moves, n, out->cap, geo_move_place(t, oi, 0, 3 * j),
						 found[j]);
			} else {
				for (int j = 0; j < 8; j++) {
					size_t c = (size_t)pop64(found[j]);
					if (out->pick - n < c) {
						uint64_t w = found[j];
						for (size_t i = out->pick - n; i; i--)
							w &= w - 1;
						out->picked = geo_move_place(t, oi, 0, 3 * j) +
							      bit_place[__builtin_ctzll(w)];
						return out->pick + 1;
					}
					n += c;
				}
			}
		}
	}
	return n;
}

size_t geo_generate(const geo_game *g, const geo_state *s, uint32_t mask,
		    bones_move *moves, size_t cap)
{
	scan_out out = {moves, cap, cap == 0, 0, 0};
	size_t n = scan(g, s, mask, &out);
	return n < cap || cap == 0 ? n : cap;
}

/* The least points among the anchors found[] of orientation oi of tile t, no less
 * than floor (a lower bound: the scan stops there), or best when none is less. */
static int least_points(const geo_game *g, int t, int oi, const uint64_t *found,
			int best, int floor)
{
	const uint8_t *row0 = g->points[t][oi] + g->tiles[t].orient[oi].minx;
	for (int j = 0; j < 8 && best > floor; j++) /* lane j: squares from row 3j on */
		for (uint64_t bits = found[j]; bits; bits &= bits - 1) {
			int pts = row0[GEO_N * 3 * j + __builtin_ctzll(bits)];
			if (pts < best && (best = pts) <= floor)
				break;
		}
	return best;
}

/* Whether some anchor of found[] is in the mask m. */
static inline bool meets(const uint64_t *found, const uint64_t *m)
{
	uint64_t any = 0;
	for (int j = 0; j < 8; j++)
		any |= found[j] & m[j];
	return any != 0;
}

/* The least points among the anchors found[] of orientation oi of tile t when less than
 * best, else best. When an anchor is in the cheap mask below best, the least is the
 * first level whose mask holds one; when best is past the masks and none is in them,
 * every anchor's points are read. */
static int cheaper(const geo_game *g, int t, int oi, const uint64_t *found, int best)
{
	const uint64_t(*cheap)[8] = g->cheap[t][oi];
	if (meets(found, cheap[best <= GEO_CHEAP_LEVELS ? best - 1 : GEO_CHEAP_LEVELS - 1])) {
		int c = g->floor[t];
		while (!meets(found, cheap[c]))
			c++;
		return c;
	}
	return best > GEO_CHEAP_LEVELS ? least_points(g, t, oi, found, best, g->floor[t]) :
					 best;
}

/* The least points of tile t's placements, or -1 when it has none. */
static int tile_cheapest(const geo_game *g, const geo_state *s, packed_board *b, int t)
{
	const geo_tile *tile = &g->tiles[t];
	int best = 255;
	for (int oi = 0; oi < tile->orient_count && best > g->floor[t]; oi++) {
		uint64_t found[8];
		if (anchors(s, b, &tile->orient[oi], found))
			best = cheaper(g, t, oi, found, best);
	}
	return best < 255 ? best : -1;
}

void geo_cheapest(const geo_game *g, const geo_state *s, uint32_t mask, int *cost)
{
	packed_board b;
	pack_empty(s, &b);
	for (; mask; mask &= mask - 1)
		cost[__builtin_ctz(mask)] = tile_cheapest(g, s, &b, __builtin_ctz(mask));
}

void geo_movegen_prepare(geo_game *g)
{
	memset(g->pip_sections, 0, sizeof g->pip_sections);
	for (int t = 0; t < g->tile_count; t++)
		for (int p = 0; p < GEO_PIPS; p++)
			g->pip_sections[t][p / 4] |= (uint64_t)g->by_pip[t].count[p] << (16 * (p % 4));
	memset(g->cheap, 0, sizeof g->cheap);
	for (int t = 0; t < g->tile_count; t++)
		for (int oi = 0; oi < g->tiles[t].orient_count; oi++) {
			const geo_orient *o = &g->tiles[t].orient[oi];
			for (int y = 0; y + o->height <= GEO_N; y++)
				for (int x = -o->minx; x + o->maxx < GEO_N; x++) {
					int pts = geo_placement_points(g, t, oi, x, y);
					for (int c = pts; c < GEO_CHEAP_LEVELS; c++)
						g->cheap[t][oi][c][y / 3] |= 1ull << (x + GEO_N * (y % 3));
				}
		}
}

/* The same placements as scan's (any), four anchor rows at a time straight from the
 * state's rows: nothing to pack, and most hands have a placement in the first
 * orientation or two. */
bool geo_has_placement(const geo_game *g, const geo_state *s, uint32_t mask)
{
	for (; mask; mask &= mask - 1) {
		const geo_tile *tile = &g->tiles[__builtin_ctz(mask)];
		for (int oi = 0; oi < tile->orient_count; oi++) {
			const geo_orient *o = &tile->orient[oi];
			int last = GEO_N - o->height;
			for (int y = 0; y <= last; y += 4) {
				geo_rows4 m = {0, 0, 0, 0}, v;
				for (int k = 0; k < o->count; k++) {
					GEO_ROWS4(v, s, GEO_N * (1 + o->pips[k]) + y + o->dy[k]);
					m |= v >> o->rs[k] << o->ls[k];
				}
				geo_rows4 row = {(uint32_t)y, (uint32_t)y + 1, (uint32_t)y + 2,
					     (uint32_t)y + 3};
				m &= o->xmask & (geo_rows4)(row <= (uint32_t)last);
				if (!(m[0] | m[1] | m[2] | m[3]))
					continue;
				for (int k = 0; k < o->count; k++) {
					GEO_ROWS4(v, s, y + o->dy[k]);
					m &= ~v >> o->rs[k] << o->ls[k];
				}
				if (m[0] | m[1] | m[2] | m[3])
					return true;
			}
		}
	}
	return false;
}

/* ---- Random moves without the list (ABI 1.1's sample_move) ----------------------- */

/* Draws before sample_move counts every placement instead. */
#define SAMPLE_TRIES 200

/* The wanted squares of pip p's rows counted by pairs (pair i: row 2i in the low half
 * of a word, row 2i + 1 in the high half; pair 10 is row 20 alone): into before[i] those
 * in the pairs before pair i, for i up to 11, then INT16_MAX; returns their sum. SSE2
 * counts four rows a vector, the sum of each pair's bytes (psadbw). */
#ifdef __SSE2__
static uint32_t count_pairs(const uint32_t *want, int16_t *before)
{
	typedef uint64_t u64x2 __attribute__((vector_size(16)));
	const u64x2 m1 = {0x5555555555555555ull, 0x5555555555555555ull},
		    m2 = {0x3333333333333333ull, 0x3333333333333333ull},
		    m4 = {0x0F0F0F0F0F0F0F0Full, 0x0F0F0F0F0F0F0F0Full},
		    row20 = {0, 0xFFFFFFFF00000000ull}; /* of rows 17 to 20 */
	u64x2 x;
	uint64_t sum = 0;
	before[0] = 0;
	for (int i = 0; i < 6; i++) { /* rows 0-3, ..., 16-19, then 20 */
		memcpy(&x, want + (i < 5 ? 4 * i : GEO_N - 4), sizeof x);
		if (i == 5)
			x &= row20;
		x -= x >> 1 & m1;
		x = (x & m2) + (x >> 2 & m2);
		x = (x + (x >> 4)) & m4;
		x = (u64x2)_mm_sad_epu8((__m128i)x, _mm_setzero_si128());
		if (i < 5)
			before[2 * i + 1] = (int16_t)(sum += x[0]);
		before[2 * i + 2 - (i == 5)] = (int16_t)(sum += x[1]);
	}
	before[12] = before[13] = before[14] = before[15] = INT16_MAX;
	return (uint32_t)sum;
}
#else
static uint32_t count_pairs(const uint32_t *want, int16_t *before)
{
	uint32_t sum = 0;
	before[0] = 0;
	for (int i = 0; i <= GEO_N / 2; i++) {
		uint64_t x = want[2 * i];
		if (2 * i + 1 < GEO_N)
			x |= (uint64_t)want[2 * i + 1] << 32;
		before[i + 1] = (int16_t)(sum += (uint32_t)pop64(x));
	}
	for (int i = GEO_N / 2 + 2; i < 16; i++)
		before[i] = INT16_MAX;
	return sum;
}
#endif

/* What sample_place draws from: for each pip, its wanted squares (counted by pairs of
 * rows) times the sections with those pips among the hand's tiles' orientations; the
 * draws before pip p's are wbefore[p], before wbefore[7] (the total). */
typedef struct sample_counts {
	uint32_t sections[GEO_PIPS];
	int32_t wbefore[GEO_PIPS + 1];
	int16_t before[GEO_PIPS][16]; /* squares in the pairs before pair i; then INT16_MAX */
	int tiles;                    /* in hand */
	uint8_t tile[GEO_MAX_TILES];  /* the hand's, in order */
	uint16_t ahead[GEO_PIPS][GEO_MAX_TILES]; /* sections with p pips of the tiles before */
} sample_counts;

static void sample_count(const geo_game *g, const geo_state *s, uint32_t hand,
			 sample_counts *c)
{
	uint64_t sums[2] = {0, 0}; /* the hand's sections by pips, 16-bit lanes */
	c->tiles = 0;
	for (uint32_t h = hand; h; h &= h - 1, c->tiles++) {
		c->tile[c->tiles] = (uint8_t)__builtin_ctz(h);
		for (int p = 0; p < GEO_PIPS; p++)
			c->ahead[p][c->tiles] = (uint16_t)(sums[p / 4] >> (16 * (p % 4)));
		sums[0] += g->pip_sections[__builtin_ctz(h)][0];
		sums[1] += g->pip_sections[__builtin_ctz(h)][1];
	}
	c->wbefore[0] = 0;
	for (int p = 0; p < GEO_PIPS; p++) {
		c->sections[p] = (uint32_t)(sums[p / 4] >> (16 * (p % 4)) & 0xFFFFu);
		uint32_t w = c->sections[p] ? count_pairs(s->want[p], c->before[p]) : 0;
		c->wbefore[p + 1] = c->wbefore[p] + (int32_t)(w * c->sections[p]);
	}
}

/* The x and y (x | y << 8) of the sq-th wanted square of pip p in reading order: its
 * pair of rows found without branches (the pairs whose count before is no more than
 * sq, less one), then its bit. */
static int nth_square(const geo_state *s, const sample_counts *c, int p, uint32_t sq)
{
	typedef int16_t i16x8 __attribute__((vector_size(16)));
	i16x8 lo, hi, at = (i16x8){0} + (int16_t)sq;
	memcpy(&lo, c->before[p], sizeof lo);
	memcpy(&hi, c->before[p] + 8, sizeof hi);
	i16x8 ones = ((lo <= at) & 1) + ((hi <= at) & 1);
	uint64_t w[2];
	memcpy(w, &ones, sizeof w);
	int i = (int)((w[0] + w[1]) * 0x0001000100010001ull >> 48) - 1;
	sq -= (uint32_t)c->before[p][i];
	uint64_t bits;
	memcpy(&bits, &s->want[p][2 * i], sizeof bits);
	if (2 * i + 1 == GEO_N)
		bits &= 0xFFFFFFFFu; /* row 20 alone: the high half is not pip p's */
	for (uint32_t k = 0; k < 4; k++) /* the lowest sq bits off: four without branches */
		bits &= bits - (k < sq);
	for (; sq > 4; sq--)
		bits &= bits - 1;
	int b = __builtin_ctzll(bits);
	return (b & 31) | (2 * i + (b >> 5)) << 8;
}

/* The tile t, orientation oi and section k (t << 8 | oi << 4 | k) of the sec-th
 * section with p pips among the hand's tiles' orientations: the tiles whose sections
 * begin no later than sec, counted without branches. */
static int nth_section(const geo_game *g, const sample_counts *c, int p, uint32_t sec)
{
	const uint16_t *ahead = c->ahead[p];
	int i = 0;
	for (int k = 1; k < c->tiles; k++)
		i += ahead[k] <= sec;
	int t = c->tile[i];
	return t << 8 | g->by_pip[t].at[p][sec - ahead[i]];
}

/* The pip of the j-th draw: the pips whose draws begin no later than j, without
 * branches. */
static int pip_of(const sample_counts *c, int32_t j)
{
	typedef int32_t i32x4 __attribute__((vector_size(16)));
	i32x4 lo, hi, at = (i32x4){0} + j;
	memcpy(&lo, c->wbefore, sizeof lo);
	memcpy(&hi, c->wbefore + 4, sizeof hi);
	i32x4 ones = ((lo <= at) & 1) + ((hi <= at) & 1);
	uint64_t w[2];
	memcpy(w, &ones, sizeof w);
	uint64_t sum = w[0] + w[1];
	return (int)((sum + (sum >> 32)) & 0xFFFFFFFFu) - 1;
}

/* A placement of the mover drawn uniformly, by rejection: a candidate is a section with
 * p pips of a tile in hand on a square next to p pips (pips, square, tile and section
 * drawn uniformly); it is taken when the tile fits there, with probability 1 / the
 * number of its sections that touch so, which makes every placement equally likely. */
static bones_move sample_place(const geo_game *g, const geo_state *s,
			       uint64_t (*next_random)(void *), void *rng)
{
	uint32_t hand = s->hand[s->current];
	sample_counts c;
	sample_count(g, s, hand, &c);
	for (int tries = 0; c.wbefore[GEO_PIPS] && tries < SAMPLE_TRIES; tries++) {
		int32_t j = (int32_t)bones_random_below(next_random, rng,
							 (uint32_t)c.wbefore[GEO_PIPS]);
		int p = pip_of(&c, j);
		j -= c.wbefore[p];
		int xy = nth_square(s, &c, p, (uint32_t)j / c.sections[p]);
		int tok = nth_section(g, &c, p, (uint32_t)j % c.sections[p]);
		int t = tok >> 8, oi = tok >> 4 & 15, k = tok & 15;
		const geo_orient *o = &g->tiles[t].orient[oi];
		int ax = (xy & 0xFF) - o->dx[k], ay = (xy >> 8) - o->dy[k];
		if (!geo_fits(o, s, ax, ay))
			continue;
		uint32_t touching = 0;
		for (int i = 0; i < o->count; i++)
			touching += s->want[o->pips[i]][ay + o->dy[i]] >> (ax + o->dx[i]) & 1u;
		if (touching == 1 || bones_random_below(next_random, rng, touching) == 0)
			return geo_move_place(t, oi, ax, ay);
	}
	scan_out out = {NULL, 0, false, SIZE_MAX, 0};
	out.pick = bones_random_below(next_random, rng, (uint32_t)scan(g, s, hand, &out));
	scan(g, s, hand, &out);
	return out.picked;
}

bones_status geo_sample_move(const void *game, const void *state,
			     uint64_t (*next_random)(void *), void *rng, bones_move *move)
{
	const geo_game *g = game;
	const geo_state *s = state;
	if (s->phase == GEO_PH_OVER)
		return BONES_EILLEGAL;
	if (s->phase != GEO_PH_PLAY) { /* a tile of the deck, each equally likely */
		uint32_t d = s->deck;
		for (uint32_t j = bones_random_below(next_random, rng,
						     (uint32_t)pop64(d)); j; j--)
			d &= d - 1;
		*move = GEO_MOVE_DRAW | (bones_move)__builtin_ctz(d);
		return BONES_OK;
	}
	*move = s->blocked ? GEO_MOVE_PASS : sample_place(g, s, next_random, rng);
	return BONES_OK;
}
