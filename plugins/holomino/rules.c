/* Holomino rules on the flat state: the deal and draws, placements with incremental
 * open cells (fixed digits and their pattern kept up to date), holes, passing, the end. */
#include <string.h>

#include "holomino.h"

static uint16_t *hash_slots(const hm_game *g, hm_state *s)
{
	return (uint16_t *)(void *)((unsigned char *)s + g->off_hash);
}

static hm_live *live_list(const hm_game *g, hm_state *s)
{
	return (hm_live *)(void *)((unsigned char *)s + g->off_live);
}

static size_t hash_of(const hm_game *g, int q, int r)
{
	return ((size_t)(unsigned)q & (((size_t)1 << g->qbits) - 1)) |
	       ((size_t)(unsigned)r << g->qbits & (g->hash_size - 1));
}

int hm_find(const hm_game *g, const hm_state *s, int q, int r)
{
	const uint16_t *slots =
		(const uint16_t *)(const void *)((const unsigned char *)s + g->off_hash);
	const hm_cell *cells = hm_ccells(g, s);
	for (size_t i = hash_of(g, q, r);; i = (i + 1) & (g->hash_size - 1)) {
		if (!slots[i])
			return -1;
		const hm_cell *c = &cells[slots[i] - 1];
		if (c->q == q && c->r == r)
			return slots[i] - 1;
	}
}

/* The cell (q, r), added as a new open cell when unknown; -1 if the state is full. */
static int find_or_add(const hm_game *g, hm_state *s, int q, int r)
{
	uint16_t *slots = hash_slots(g, s);
	hm_cell *cells = hm_cells(g, s);
	size_t i = hash_of(g, q, r);
	for (; slots[i]; i = (i + 1) & (g->hash_size - 1)) {
		const hm_cell *c = &cells[slots[i] - 1];
		if (c->q == q && c->r == r)
			return slots[i] - 1;
	}
	if (s->ncells >= g->cell_cap)
		return -1;
	int n = s->ncells++;
	hm_cell *c = &cells[n];
	memset(c, 0, sizeof *c);
	c->q = (int16_t)q;
	c->r = (int16_t)r;
	c->tile = HM_NO_TILE;
	c->open_pos = s->nlive;
	hm_live *e = &live_list(g, s)[s->nlive++];
	e->pat = 0;
	e->cell = (uint16_t)n;
	e->q = (int16_t)q;
	e->r = (int16_t)r;
	slots[i] = (uint16_t)(n + 1);
	return n;
}

static void remove_live(const hm_game *g, hm_state *s, int c)
{
	hm_cell *cells = hm_cells(g, s);
	hm_live *live = live_list(g, s);
	uint16_t pos = cells[c].open_pos;
	if (pos == HM_NOT_LIVE)
		return;
	live[pos] = live[--s->nlive];
	cells[live[pos].cell].open_pos = pos;
	cells[c].open_pos = HM_NOT_LIVE;
}


int32_t hm_points(const hm_game *g, int n, const uint8_t *hole)
{
	int32_t sum = 0, prod = 1;
	for (int i = 0; i < n; i++) {
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
	int nb[6], n = 0;
	for (int j = 0; j < 6; j++)
		nb[j] = hm_find(g, s, x->q + bones_hex_dirs[j].q,
					    x->r + bones_hex_dirs[j].r);
	for (int i = 0; i < 6; i += 2) {
		int a = nb[i], b = nb[(i + 1) % 6];
		if (a < 0 || b < 0 || !cells[a].placed || !cells[b].placed)
			continue;
		if (corner)
			corner[n] = i;
		hole[n++] = hole_value(x, &cells[a], i);
	}
	return n;
}

/* The neighbour n of a tile just placed beside it gets the digit at their shared number
 * point (digit) at its corner slot (placed tiles keep theirs): its pattern, also in its
 * entry of the live list. A cell no tile fits any more stays in the list (its count is
 * zero): taking it out cost more than the shorter list saved. */
static void fix_digit(const hm_game *g, hm_state *s, int c, int slot, unsigned digit)
{
	hm_cell *n = &hm_cells(g, s)[c];
	hm_live *live = live_list(g, s);
	/* no branch on whether n is placed or live (coin tosses): masks and a write to the
	 * spare entry past the live list (a connected layout never fills the state) */
	unsigned keep = 0u - n->placed, old = n->d[slot];
	unsigned now = (old & keep) | (digit & ~keep);
	n->d[slot] = (uint8_t)now;
	/* the pattern by the digit's change at its place (none on a placed cell): no
	 * digits read back after the store (that would stall on store forwarding) */
	n->pat = (uint16_t)(n->pat + (now - old) * g->pat_weight[slot]);
	unsigned pos = n->open_pos, is_live = pos != HM_NOT_LIVE;
	live[is_live ? pos : s->nlive].pat = n->pat;
}

/* Put tile t turned by k on open cell c: fix the neighbours' digits, close holes. */
static void place_tile(const hm_game *g, hm_state *s, int c, int t, int k, hm_moverec *rec)
{
	hm_cell *cells = hm_cells(g, s);
	hm_cell *x = &cells[c];
	hm_digits(g, t, k, x->d);
	x->placed = 1;
	x->tile = (uint8_t)t;
	x->turn = (uint8_t)k;
	s->placed[t >> 6] |= 1ull << (t & 63);
	remove_live(g, s, c);
	int nb[6], bad = 0;
	for (int j = 0; j < 6; j++) {
		/* the number point on the shared edge: odd corner o of x (o = j for odd j,
		 * else j - 1) is corner j + 2 (odd j) or j + 3 (even j) of the neighbour */
		static const uint8_t mine[6] = {2, 0, 0, 1, 1, 2}, theirs[6] = {1, 1, 2, 2, 0, 0};
		nb[j] = find_or_add(g, s, x->q + bones_hex_dirs[j].q, x->r + bones_hex_dirs[j].r);
		bad |= nb[j];
		if (nb[j] >= 0) /* always: 3 x tiles + 6 cells hold any layout */
			fix_digit(g, s, nb[j], theirs[j], x->d[mine[j]]);
	}
	/* the holes, without branches (whether a corner closes is a coin toss): each
	 * corner's digits are written at the next free place, which only a hole takes */
	int nh = 0;
	for (int i = 0; i < 6 && bad >= 0; i += 2) {
		const hm_cell *a = &cells[nb[i]], *b = &cells[nb[(i + 1) % 6]];
		uint8_t *dg = rec->digit[nh];
		dg[0] = x->d[(i / 2 + 2) % 3];
		dg[1] = x->d[i / 2];
		dg[2] = a->d[i / 2];
		rec->hole[nh] = hole_value(x, a, i);
		nh += a->placed & b->placed;
	}
	if (nh < 3) { /* a corner that closed nothing wrote at most this place: zero again */
		memset(rec->digit[nh], 0, sizeof rec->digit[nh]);
		rec->hole[nh] = 0;
	}
	rec->nholes = (uint8_t)nh;
	int xx = 2 * x->q + x->r;
	s->minr = x->r < s->minr ? x->r : s->minr;
	s->maxr = x->r > s->maxr ? x->r : s->maxr;
	s->minx = (int16_t)(xx < s->minx ? xx : s->minx);
	s->maxx = (int16_t)(xx > s->maxx ? xx : s->maxx);
	rec->points = hm_points(g, rec->nholes, rec->hole);
}

void hm_init_state(const void *game, void *state)
{
	const hm_game *g = game;
	hm_state *s = state;
	memset(s, 0, g->state_size);
	for (int t = 0; t < g->ntiles; t++)
		s->supply[t >> 6] |= 1ull << (t & 63);
	s->supply_n = (uint8_t)g->ntiles;
	s->phase = HM_PHASE_DEAL;
	for (int p = 0; p < HM_MAX_PLAYERS; p++)
		memset(s->pool[p], HM_NO_TILE, HM_POOL_MAX);
}

int hm_to_move(const void *game, const void *state)
{
	(void)game;
	const hm_state *s = state;
	if (s->phase == HM_PHASE_OVER)
		return BONES_TERMINAL;
	return s->phase == HM_PHASE_MOVE ? s->player : BONES_CHANCE;
}

unsigned hm_turns(const hm_game *g, const hm_state *s, int c, int t)
{
	const hm_cell *x = &hm_ccells(g, s)[c];
	if (x->placed || !hm_extent_ok(g, s, x->q, x->r))
		return 0;
	return g->ori[(size_t)x->pat * (size_t)g->ntiles + (size_t)t];
}

static void pool_mask(const hm_state *s, int p, uint64_t m[HM_WORDS])
{
	memset(m, 0, HM_WORDS * sizeof *m);
	for (int i = 0; i < s->pool_n[p]; i++)
		m[s->pool[p][i] >> 6] |= 1ull << (s->pool[p][i] & 63);
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
	uint64_t pm[HM_WORDS];
	pool_mask(s, s->player, pm);
	const hm_live *live = hm_clive(g, s);
	size_t n = 0, ntiles = (size_t)g->ntiles;
	if (g->words == 1 && !g->max_extent) {
		/* the common case (up to 64 tiles, unbounded) without the word loop */
		const uint64_t pm0 = pm[0];
		for (int o = 0; o < s->nlive; o++) {
			const hm_live *x = &live[o];
			uint64_t m = g->fit[(size_t)x->pat * HM_WORDS] & pm0;
			if (!m)
				continue;
			if (any)
				return 1;
			const uint8_t *turns = g->ori + (size_t)x->pat * ntiles;
			bones_move base = hm_pack(HM_PLACE, 0, 0, x->q, x->r);
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
		const hm_live *x = &live[o];
		const uint64_t *f = g->fit + (size_t)x->pat * HM_WORDS;
		uint64_t hit = 0;
		for (int w = 0; w < g->words; w++)
			hit |= f[w] & pm[w];
		if (!hit || !hm_extent_ok(g, s, x->q, x->r))
			continue;
		if (any)
			return 1;
		const uint8_t *turns = g->ori + (size_t)x->pat * ntiles;
		bones_move base = hm_pack(HM_PLACE, 0, 0, x->q, x->r);
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

/* Where tile t is in p's pool, -1 if not there. The slots past pool_n hold HM_NO_TILE,
 * which no tile is, so all of them are compared without branches. */
static int pool_index(const hm_state *s, int p, int t)
{
	unsigned hit = 0;
	for (int i = 0; i < HM_POOL_MAX; i++)
		hit |= (unsigned)(s->pool[p][i] == t) << i;
	return hit ? __builtin_ctz(hit) : -1;
}

bool hm_legal(const hm_game *g, const hm_state *s, bones_move m)
{
	int kind = hm_kind(m), t = hm_tile(m);
	if (t >= g->ntiles || s->phase == HM_PHASE_OVER)
		return false;
	if (kind == HM_DRAW)
		return s->phase != HM_PHASE_MOVE && hm_has(s->supply, t) &&
		       m == hm_pack(HM_DRAW, t, 0, 0, 0);
	if (s->phase != HM_PHASE_MOVE || pool_index(s, s->player, t) < 0)
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
	uint8_t *pool = s->pool[p];
	for (int k = 0; k + 1 < HM_POOL_MAX; k++)
		pool[k] = pool[k + (k >= i)];
	pool[HM_POOL_MAX - 1] = HM_NO_TILE;
	s->pool_n[p]--;
}

static void begin_turn(hm_state *s, int p)
{
	s->player = (uint8_t)p;
	s->phase = s->supply_n ? HM_PHASE_DRAW : HM_PHASE_MOVE;
}

static void apply_draw(const hm_game *g, hm_state *s, int t)
{
	s->supply[t >> 6] &= ~(1ull << (t & 63));
	s->supply_n--;
	int dealt = s->dealt;
	if (s->phase == HM_PHASE_DRAW) {
		s->pool[s->player][s->pool_n[s->player]++] = (uint8_t)t;
		s->phase = HM_PHASE_MOVE;
	} else if (dealt < g->players * g->pool_size) {
		int p = dealt / g->pool_size;
		s->pool[p][s->pool_n[p]++] = (uint8_t)t;
		s->player = (uint8_t)p;
		s->dealt++;
	} else {
		hm_moverec start;
		memset(&start, 0, sizeof start);
		int c = find_or_add(g, s, 0, 0);
		place_tile(g, s, c, t, 0, &start);
		s->dealt++;
		begin_turn(s, 0);
	}
}

bones_status hm_apply(const void *game, void *state, bones_move m)
{
	const hm_game *g = game;
	hm_state *s = state;
	int c = -1, at = -1;
	if (hm_kind(m) == HM_PLACE) {
		/* the hot path: one look-up of the cell serves the check and the placement */
		if (s->phase != HM_PHASE_MOVE || hm_tile(m) >= g->ntiles ||
		    (at = pool_index(s, s->player, hm_tile(m))) < 0)
			return BONES_EILLEGAL;
		c = hm_find(g, s, hm_q(m), hm_r(m));
		if (c < 0 || !((hm_turns(g, s, c, hm_tile(m)) >> hm_turn(m)) & 1u))
			return BONES_EILLEGAL;
	} else if (!hm_legal(g, s, m)) {
		return BONES_EILLEGAL;
	}
	int t = hm_tile(m), p = s->player;
	if (hm_kind(m) == HM_DRAW) {
		apply_draw(g, s, t);
		s->last_play = 0;
		return BONES_OK;
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
