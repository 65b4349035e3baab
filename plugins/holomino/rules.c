/* Holomino rules on the flat state: the deal and draws, placements with incremental
 * open cells (fixed digits and their pattern kept up to date), holes, passing, the end. */
#include <string.h>

#include "holomino.h"

static uint16_t *board_of(const hm_game *g, hm_state *s)
{
	return (uint16_t *)(void *)((unsigned char *)s + g->off_board);
}

static hm_live *live_list(const hm_game *g, hm_state *s)
{
	return (hm_live *)(void *)((unsigned char *)s + g->off_live);
}

/* The board slot of the cell keyed k whose look-up starts at slot i: its own, or the
 * empty one where it would go. One branch, taken only past a shared slot (an empty
 * slot reads cell 0 in passing, whose key is ignored there). */
static inline unsigned slot_of(const hm_game *g, const uint16_t *board, const hm_cell *cells,
			       unsigned i, uint32_t k)
{
	for (;; i = (i + 1) & g->board_mask) {
		unsigned at = board[i];
		/* zero when the slot is empty or holds the cell: one test, no && */
		uint32_t differ = (hm_key_of(&cells[at - (at != 0)]) ^ k) & (0u - (at != 0));
		if (!differ)
			return i;
	}
}

int hm_find(const hm_game *g, const hm_state *s, int q, int r)
{
	const uint16_t *board =
		(const uint16_t *)(const void *)((const unsigned char *)s + g->off_board);
	unsigned i = slot_of(g, board, hm_ccells(g, s), hm_home(g, q, r), hm_key(q, r));
	return (int)board[i] - 1;
}

int32_t hm_points(const hm_game *g, int n, const uint8_t *hole)
{
	int32_t sum = 0, prod = 1;
	for (int i = 0; i < n && i < 3; i++) { /* a move closes 3 holes at most */
		sum += hole[i];
		prod *= hole[i];
	}
	if (n <= 1)
		return sum;
	return g->product ? prod : sum * n;
}

/* The value of the hole at even corner i of cell c whose other cells are nb (i) and
 * nb (i+1): c's digits beside the corner and the far digit of neighbour i. */
static uint8_t hole_value(const hm_cell *c, const hm_cell *ni, int i)
{
	return (uint8_t)(c->d[(i / 2 + 2) % 3] + c->d[i / 2] + ni->d[i / 2]);
}

int hm_holes_at(const hm_game *g, const hm_state *s, int c, uint8_t hole[3],
			    int *corner)
{
	const hm_cell *cells = hm_ccells(g, s);
	const hm_cell *x = &cells[c];
	int n = 0;
	/* a hole at even corner i where neighbours i and i + 1 hold tiles */
	for (unsigned at = x->around & x->around >> 1 & 0x15u; at; at &= at - 1) {
		int i = __builtin_ctz(at);
		int a = hm_cell_at(g, s, x->q + bones_hex_dirs[i].q, x->r + bones_hex_dirs[i].r);
		if (corner)
			corner[n] = i;
		hole[n++] = hole_value(x, &cells[a], i);
	}
	return n;
}

/* The known cells, board and live list of a state, and their counts, in locals while a
 * placement updates them (the compiler cannot keep fields of the state in registers
 * across stores into the same bytes). */
typedef struct layout {
	hm_cell *cells;
	uint16_t *board;
	hm_live *live;
	unsigned ncells, nlive;
} layout;

/* Write c as a new open cell at (q, r), number pos in the live list. Two 64-bit stores
 * where the target is little-endian (the cell's layout below), not a zeroed vector and
 * four narrow stores that the placement's reads of the cell then wait on. */
static inline void new_cell(hm_cell *c, int q, int r, unsigned pos)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	_Static_assert(offsetof(hm_cell, r) == 2 && offsetof(hm_cell, open_pos) == 10 &&
			       offsetof(hm_cell, tile) == 12 && sizeof(hm_cell) == 16,
		       "hm_cell layout");
	uint64_t half[2] = {(uint64_t)(uint16_t)q | (uint64_t)(uint16_t)r << 16,
			    (uint64_t)(uint16_t)pos << 16 | (uint64_t)HM_NO_TILE << 32};
	memcpy(c, half, sizeof half);
#else
	*c = (hm_cell){.q = (int16_t)q, .r = (int16_t)r, .open_pos = (uint16_t)pos,
		       .tile = HM_NO_TILE};
#endif
}

/* The neighbour (q, r) of a tile being placed, added as an open cell when unknown,
 * gets digit at its corner slot (placed tiles keep theirs): its pattern, and the tiles
 * fitting it in its entry of the live list. A cell no tile fits any more stays in the
 * list (its count is zero): taking it out cost more than the shorter list saved. Its mask of tiles around
 * gains `back`, the bit of the direction to the tile. With `clear`, the cell is in its
 * home slot or nowhere (no look-up). Returns the cell. */
static inline __attribute__((always_inline)) unsigned
touch_neighbour(const hm_game *g, layout *l, int q, int r, unsigned home, bool clear,
		int slot, unsigned digit, unsigned back)
{
	unsigned i = clear ? home : slot_of(g, l->board, l->cells, home, hm_key(q, r));
	/* no branch on whether the cell is new, placed or live (coin tosses): a new cell
	 * is written in any case, at the spare place past the known cells, and counted
	 * only when new; masks; writes to the spare entry past the live list (a connected
	 * layout never fills the state) */
	unsigned at = l->board[i], fresh = at == 0;
	unsigned n = at - 1 + ((l->ncells + 1) & (0u - fresh)); /* a mask, not a multiply */
	new_cell(&l->cells[l->ncells], q, r, l->nlive);
	l->board[i] = (uint16_t)(n + 1);
	l->ncells += fresh;
	l->nlive += fresh;
	hm_cell *c = &l->cells[n];
	c->around = (uint8_t)(c->around | back);
	unsigned placed = c->placed, keep = 0u - placed, old = c->d[slot];
	unsigned now = (old & keep) | (digit & ~keep);
	c->d[slot] = (uint8_t)now;
	/* the pattern by the digit's change at its place (none on a placed cell) */
	unsigned pat = (uint16_t)(c->pat + (now - old) * g->pat_weight[slot]);
	c->pat = (uint16_t)pat;
	l->live[(c->open_pos & ~keep) | (l->nlive & keep)] =
		(g->fit0[pat] & g->live_tiles) | (hm_live)n << HM_LIVE_CELL_SHIFT;
	return n;
}

/* Take the cell c, about to be placed, out of the live list. */
static void leave_live(layout *l, unsigned c)
{
	unsigned pos = l->cells[c].open_pos;
	hm_live last = l->live[--l->nlive];
	l->live[pos] = last;
	l->cells[hm_live_cell(last)].open_pos = (uint16_t)pos;
	l->cells[c].open_pos = HM_NOT_LIVE;
}

/* The holes (bits 0, 2, 4 of `holes` for the even corners) that a tile with digits d
 * closes with its neighbours nb, into the zeroed record rec: their digits, values and
 * points. */
static void close_holes(const hm_game *g, hm_moverec *rec, const uint8_t d[3],
			const hm_cell *cells, const unsigned nb[6], unsigned holes)
{
	int nh = 0;
	for (; holes; holes &= holes - 1, nh++) {
		int i = __builtin_ctz(holes);
		uint8_t *dg = rec->digit[nh];
		dg[0] = d[(i / 2 + 2) % 3];
		dg[1] = d[i / 2];
		dg[2] = cells[nb[i]].d[i / 2];
		rec->hole[nh] = (uint8_t)(dg[0] + dg[1] + dg[2]);
	}
	rec->nholes = (uint8_t)nh;
	rec->points = hm_points(g, nh, rec->hole);
}

/* Put tile t turned by k on open cell c: fix the neighbours' digits, close holes. */
static void place_tile(const hm_game *g, hm_state *s, int c, int t, int k, hm_moverec *rec)
{
	/* the number point on the shared edge with neighbour j: odd corner o of the tile
	 * (o = j for odd j, else j - 1) is corner j + 2 (odd j) or j + 3 (even j) there */
	static const uint8_t mine[6] = {2, 0, 0, 1, 1, 2}, theirs[6] = {1, 1, 2, 2, 0, 0};
	layout l = {hm_cells(g, s), board_of(g, s), live_list(g, s), s->ncells, s->nlive};
	hm_cell *x = &l.cells[c];
	const int q = x->q, r = x->r;
	uint8_t d[3]; /* the tile's digits, kept here: x is not read back while written */
	hm_digits(g, t, k, d);
	memcpy(x->d, d, sizeof d);
	x->placed = 1;
	x->tile = (uint8_t)t;
	x->turn = (uint8_t)k;
	s->placed[t >> 6] |= 1ull << (t & 63);
	leave_live(&l, (unsigned)c);
	int xx = 2 * q + r;
	s->minr = (int16_t)(r < s->minr ? r : s->minr);
	s->maxr = (int16_t)(r > s->maxr ? r : s->maxr);
	s->minx = (int16_t)(xx < s->minx ? xx : s->minx);
	s->maxx = (int16_t)(xx > s->maxx ? xx : s->maxx);
	/* the usual small layout: no two cells share a slot, no look-up (one branch, the
	 * same way all game long but for a few large layouts' last moves) */
	bool clear = hm_slots_clear(g, s, 1);
	unsigned nb[6], around = x->around; /* bit j: a tile on neighbour j */
	unsigned home = hm_home(g, q, r), mask = g->board_mask;
	/* unrolled: the directions and corner slots become constants */
	if (clear)
#pragma GCC unroll 6
		for (int j = 0; j < 6; j++)
			nb[j] = touch_neighbour(g, &l, q + bones_hex_dirs[j].q,
						r + bones_hex_dirs[j].r,
						(home + g->home_step[j]) & mask, true, theirs[j],
						d[mine[j]], 1u << (j + 3) % 6);
	else
#pragma GCC unroll 6
		for (int j = 0; j < 6; j++)
			nb[j] = touch_neighbour(g, &l, q + bones_hex_dirs[j].q,
						r + bones_hex_dirs[j].r,
						(home + g->home_step[j]) & mask, false, theirs[j],
						d[mine[j]], 1u << (j + 3) % 6);
	s->ncells = (uint16_t)l.ncells;
	s->nlive = (uint16_t)l.nlive;
	/* a hole at even corner i when neighbours i and i + 1 hold tiles: one placement
	 * in fourteen closes one, so a branch costs less than writing every corner */
	unsigned holes = around & around >> 1 & 0x15u;
	if (holes)
		close_holes(g, rec, d, l.cells, nb, holes);
}

void hm_init_state(const void *game, void *state)
{
	const hm_game *g = game;
	hm_state *s = state;
	memset(s, 0, g->state_size);
	/* every tile in the supply: whole words, then the low bits of the last (no loop
	 * over the tiles, a fortieth of a playout) */
	for (int w = 0; w < g->words; w++) {
		int left = g->ntiles - 64 * w;
		s->supply[w] = left >= 64 ? ~0ull : (1ull << left) - 1;
	}
	s->supply_n = (uint8_t)g->ntiles;
	s->phase = HM_PHASE_DEAL;
	for (int p = 0; p < HM_MAX_PLAYERS; p++)
		memset(s->pool[p], HM_NO_TILE, sizeof s->pool[p]);
}

int hm_to_move(const void *game, const void *state)
{
	(void)game;
	const hm_state *s = state;
	if (s->phase == HM_PHASE_OVER)
		return BONES_TERMINAL;
	return s->phase == HM_PHASE_MOVE ? s->player : BONES_CHANCE;
}

bool hm_blocked(const hm_game *g, const hm_state *s, int c)
{
	const hm_cell *x = &hm_ccells(g, s)[c];
	if (x->placed)
		return false;
	if (!hm_extent_ok(g, s, x->q, x->r))
		return true;
	const uint64_t *f = g->fit + (size_t)x->pat * HM_WORDS;
	for (int w = 0; w < g->words; w++)
		if (f[w] & ~s->placed[w])
			return false;
	return true;
}

/* Placements of the player to move into moves (up to cap); with `any`, only whether
 * there is one. Returns how many were written (1 for `any`). */
static size_t placements(const hm_game *g, const hm_state *s, bones_move *moves, size_t cap,
			 bool any)
{
	const uint64_t *pm = s->pool_set[s->player];
	const hm_live *live = hm_clive(g, s);
	const hm_cell *cells = hm_ccells(g, s);
	size_t n = 0, ntiles = (size_t)g->ntiles;
	if (g->live_tiles && !g->max_extent) {
		/* the common case (one word of tiles, unbounded): masks in the live list */
		const uint64_t pm0 = pm[0];
		for (int o = 0; o < s->nlive; o++) {
			uint64_t m = live[o] & pm0;
			if (!m)
				continue;
			if (any)
				return 1;
			const hm_cell *at = &cells[hm_live_cell(live[o])];
			const uint8_t *turns = g->ori + (size_t)at->pat * ntiles;
			bones_move base = hm_pack(HM_PLACE, 0, 0, at->q, at->r);
			if (g->unique && n + HM_POOL_MAX <= cap) {
				/* one turn per fitting tile: bit k of turns[t] -> k = bit >> 1 */
				for (; m; m &= m - 1) {
					unsigned t = (unsigned)__builtin_ctzll(m);
					moves[n++] = base | t << 2 | (bones_move)(turns[t] >> 1) << 10;
				}
				continue;
			}
			for (; m; m &= m - 1) {
				int t = __builtin_ctzll(m);
				for (unsigned tb = turns[t]; tb && n < cap; tb &= tb - 1)
					moves[n++] = base | (bones_move)t << 2 |
						     (bones_move)__builtin_ctz(tb) << 10;
			}
		}
		return n;
	}
	for (int o = 0; o < s->nlive; o++) {
		const hm_cell *at = &cells[hm_live_cell(live[o])];
		const uint64_t *f = g->fit + (size_t)at->pat * HM_WORDS;
		uint64_t hit = 0;
		for (int w = 0; w < g->words; w++)
			hit |= f[w] & pm[w];
		if (!hit || !hm_extent_ok(g, s, at->q, at->r))
			continue;
		if (any)
			return 1;
		const uint8_t *turns = g->ori + (size_t)at->pat * ntiles;
		bones_move base = hm_pack(HM_PLACE, 0, 0, at->q, at->r);
		for (int w = 0; w < g->words; w++)
			for (uint64_t m = f[w] & pm[w]; m; m &= m - 1) {
				int t = w * 64 + __builtin_ctzll(m);
				for (unsigned tb = turns[t]; tb && n < cap; tb &= tb - 1)
					moves[n++] = base | (bones_move)t << 2 |
						     (bones_move)__builtin_ctz(tb) << 10;
			}
	}
	return n;
}

size_t hm_legal_moves(const void *game, const void *state, bones_move *moves,
				  double *probs, size_t cap)
{
	const hm_game *g = game;
	const hm_state *s = state;
	size_t n = 0;
	if (s->phase == HM_PHASE_OVER)
		return 0;
	if (s->phase != HM_PHASE_MOVE) {
		double p = 1.0 / s->supply_n;
		for (int w = 0; w < g->words; w++)
			for (uint64_t m = s->supply[w]; m && n < cap; m &= m - 1) {
				if (probs)
					probs[n] = p;
				moves[n++] = hm_pack(HM_DRAW, w * 64 + __builtin_ctzll(m), 0, 0, 0);
			}
		return n;
	}
	n = placements(g, s, moves, cap, false);
	if (n)
		return n;
	for (int i = 0; i < s->pool_n[s->player] && n < cap; i++)
		moves[n++] = hm_pack(HM_PASS, s->pool[s->player][i], 0, 0, 0);
	return n;
}

/* p's pool as one number, slot i in bits 8i to 8i + 7 (HM_NO_TILE past the tiles). */
static uint64_t pool_word(const hm_state *s, int p)
{
	uint64_t w;
	memcpy(&w, s->pool[p], sizeof w);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	return w;
}

static void set_pool_word(hm_state *s, int p, uint64_t w)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	memcpy(s->pool[p], &w, sizeof w);
}

#define HM_BYTES_1 0x0101010101010101ull

/* Where tile t is in p's pool, -1 if not there: the first zero byte of the pool word
 * XOR t in every byte, found without a loop (bytes past a zero one may be reported
 * falsely, the first never). */
static int pool_index(const hm_state *s, int p, int t)
{
	uint64_t x = pool_word(s, p) ^ ((uint64_t)t * HM_BYTES_1);
	uint64_t zero = (x - HM_BYTES_1) & ~x & (HM_BYTES_1 << 7);
	return zero ? __builtin_ctzll(zero) / 8 : -1;
}

bool hm_legal(const hm_game *g, const hm_state *s, bones_move m)
{
	int kind = hm_kind(m), t = hm_tile(m);
	if (t >= g->ntiles || s->phase == HM_PHASE_OVER)
		return false;
	if (kind == HM_DRAW)
		return s->phase != HM_PHASE_MOVE && hm_has(s->supply, t) &&
		       m == hm_pack(HM_DRAW, t, 0, 0, 0);
	if (s->phase != HM_PHASE_MOVE || !hm_has(s->pool_set[s->player], t))
		return false;
	if (kind == HM_PASS)
		return m == hm_pack(HM_PASS, t, 0, 0, 0) && !placements(g, s, NULL, 0, true);
	if (kind != HM_PLACE)
		return false;
	int c = hm_find(g, s, hm_q(m), hm_r(m));
	return c >= 0 && (hm_turns(g, s, c, t) >> hm_turn(m)) & 1u;
}

/* Take the tile at index i (pool_index) out of p's pool, the tiles after it moving up;
 * nothing for -1. (The old version wrote HM_NO_TILE at pool[p][pool_n - 1] even for a
 * tile not in the pool, which GCC saw as a write at index 255 of an empty pool:
 * -Wstringop-overflow. Never reached, as moves are checked first, but now impossible.) */
static void remove_from_pool(hm_state *s, int p, int i)
{
	if (i < 0)
		return;
	uint8_t t = s->pool[p][i];
	s->pool_set[p][t >> 6] &= ~(1ull << (t & 63));
	/* the slots above i down by one; the eighth slot's HM_NO_TILE stays and comes down */
	uint64_t w = pool_word(s, p), below = (1ull << (8 * i)) - 1;
	set_pool_word(s, p, (w & below) | ((w >> 8) & ~below) | (w & 0xFFull << 56));
	s->pool_n[p]--;
}

/* The first cell, (0, 0), open on the empty board: where the start tile goes. */
static int add_origin(const hm_game *g, hm_state *s)
{
	hm_cell *c = &hm_cells(g, s)[0];
	*c = (hm_cell){.q = 0, .r = 0, .open_pos = 0, .tile = HM_NO_TILE};
	live_list(g, s)[0] = g->fit0[0] & g->live_tiles; /* cell 0 */
	board_of(g, s)[hm_home(g, 0, 0)] = 1;
	s->ncells = s->nlive = 1;
	return 0;
}

static void begin_turn(hm_state *s, int p)
{
	s->player = (uint8_t)p;
	s->phase = s->supply_n ? HM_PHASE_DRAW : HM_PHASE_MOVE;
}

/* Tile t joins p's pool, last. */
static void add_to_pool(hm_state *s, int p, int t)
{
	s->pool[p][s->pool_n[p]++] = (uint8_t)t;
	s->pool_set[p][t >> 6] |= 1ull << (t & 63);
}

static void apply_draw(const hm_game *g, hm_state *s, int t)
{
	s->supply[t >> 6] &= ~(1ull << (t & 63));
	s->supply_n--;
	int dealt = s->dealt;
	if (s->phase == HM_PHASE_DRAW) {
		add_to_pool(s, s->player, t);
		s->phase = HM_PHASE_MOVE;
	} else if (dealt < g->players * g->pool_size) {
		/* pool 0 is dealt full, then pool 1, ...: the next one once this one is full
		 * (no division) */
		int p = s->player + (s->pool_n[s->player] >= g->pool_size);
		add_to_pool(s, p, t);
		s->player = (uint8_t)p;
		s->dealt++;
	} else {
		hm_moverec start;
		memset(&start, 0, sizeof start);
		place_tile(g, s, add_origin(g, s), t, 0, &start);
		s->dealt++;
		begin_turn(s, 0);
	}
}

/* A drawn tile, the other half of a playout's moves: checked and applied apart from
 * the player moves. */
static bones_status apply_drawn(const hm_game *g, hm_state *s, bones_move m)
{
	int t = hm_tile(m);
	if (s->phase == HM_PHASE_MOVE || s->phase == HM_PHASE_OVER || t >= g->ntiles ||
	    !hm_has(s->supply, t) || m != hm_pack(HM_DRAW, t, 0, 0, 0))
		return BONES_EILLEGAL;
	apply_draw(g, s, t);
	s->last_play = 0;
	return BONES_OK;
}

/* A placement or pass, checked: the record, the points, the pool, the next turn. Not
 * inlined, so that the draws do not pay for what it saves on the stack. */
static __attribute__((noinline)) bones_status
apply_play(const hm_game *g, hm_state *s, bones_move m)
{
	int c = -1, at = -1, t = hm_tile(m), p = s->player;
	if (hm_kind(m) == HM_PLACE) {
		/* the hot path: one look-up of the cell serves the check and the placement */
		if (s->phase != HM_PHASE_MOVE || t >= g->ntiles || !hm_has(s->pool_set[p], t))
			return BONES_EILLEGAL;
		c = hm_cell_at(g, s, hm_q(m), hm_r(m));
		if (c < 0 || !((hm_turns(g, s, c, t) >> hm_turn(m)) & 1u))
			return BONES_EILLEGAL;
		at = pool_index(s, p, t);
	} else if (!hm_legal(g, s, m)) {
		return BONES_EILLEGAL;
	}
	/* the record is written in place: a copy of a record just written byte by byte
	 * would stall on store forwarding */
	hm_moverec *rec = &s->play;
	memset(rec, 0, sizeof *rec);
	rec->move = m;
	rec->valid = 1;
	rec->player = (uint8_t)p;
	s->last_play = 1;
	if (hm_kind(m) == HM_PLACE) {
		place_tile(g, s, c, t, hm_turn(m), rec);
		s->score[p] += rec->points;
		s->passes = 0;
	} else {
		s->supply[t >> 6] |= 1ull << (t & 63);
		s->supply_n++;
		s->passes++;
		at = pool_index(s, p, t);
	}
	remove_from_pool(s, p, at);
	if (!s->pool_n[p] || s->passes >= g->players)
		s->phase = HM_PHASE_OVER;
	else
		begin_turn(s, p + 1 < g->players ? p + 1 : 0); /* no division */
	return BONES_OK;
}

bones_status hm_apply(const void *game, void *state, bones_move m)
{
	return hm_kind(m) == HM_DRAW ? apply_drawn(game, state, m) : apply_play(game, state, m);
}

void hm_scores(const void *game, const void *state, double *scores)
{
	const hm_game *g = game;
	const hm_state *s = state;
	for (int p = 0; p < g->players; p++)
		scores[p] = s->score[p];
}

void hm_ranks(const void *game, const void *state, int *ranks)
{
	const hm_game *g = game;
	const hm_state *s = state;
	for (int p = 0; p < g->players; p++) {
		ranks[p] = 1;
		for (int o = 0; o < g->players; o++)
			ranks[p] += s->score[o] > s->score[p];
	}
}
