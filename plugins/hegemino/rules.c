/* Hegemino rules: the market flow (order, draws, pick then place, shifting columns),
 * placement legality on the 5x5/7x7 tableaus, stacking, Dorothy's column, Solo Mega. */
#include "hegemino.h"

#include <string.h>

uint8_t *hg_cells(const hg_game *g, hg_state *s, int tab)
{
	return s->cells + (size_t)tab * (size_t)g->grid * (size_t)g->grid;
}

const uint8_t *hg_ccells(const hg_game *g, const hg_state *s, int tab)
{
	return s->cells + (size_t)tab * (size_t)g->grid * (size_t)g->grid;
}

uint8_t *hg_sup(const hg_game *g, hg_state *s, int tab)
{
	return hg_cells(g, s, g->tableaus + tab);
}

const uint8_t *hg_csup(const hg_game *g, const hg_state *s, int tab)
{
	return hg_ccells(g, s, g->tableaus + tab);
}

bool hg_is_dorothy_tab(const hg_game *g, int tab)
{
	return g->mode == HG_MODE_DOROTHY && tab == 1;
}

static void update_support(const hg_game *g, hg_state *s, int tab, int x, int y);

/* ---- Who acts ----------------------------------------------------------------- */

static bool has_free_row(const hg_state *s)
{
	for (int i = 0; i < s->right_n; i++)
		if (s->right_tok[i] == HG_NONE)
			return true;
	return false;
}

static bool row_acts(const hg_state *s, int row)
{
	if (s->left_tok[row] == HG_NONE)
		return false;
	return has_free_row(s) || s->left_dom[row] != HG_NONE;
}

static bool needs_pick(const hg_state *s)
{
	return !s->picked && has_free_row(s);
}

int hg_actor_token(const hg_game *g, const hg_state *s)
{
	(void)g;
	if (s->phase != HG_PH_PLAY)
		return -1;
	return s->left_tok[s->row];
}

int hg_actor_tab(const hg_game *g, const hg_state *s)
{
	if (s->phase == HG_PH_SOLO)
		return 0;
	int t = hg_actor_token(g, s);
	if (t < 0)
		return -1;
	int owner = g->token_owner[t];
	if (!g->spheres)
		return owner;
	if (g->players == 2)
		return t;
	return (s->round & 1) ? owner : (owner + g->players - 1) % g->players;
}

int hg_actor_domino(const hg_game *g, const hg_state *s)
{
	if (s->phase == HG_PH_SOLO)
		return s->solo_hand;
	if (s->phase != HG_PH_PLAY || needs_pick(s))
		return HG_NONE;
	(void)g;
	return s->left_dom[s->row];
}

int hg_to_move(const void *game, const void *state)
{
	const hg_game *g = game;
	const hg_state *s = state;
	switch (s->phase) {
	case HG_PH_PLAY:
		return g->token_owner[s->left_tok[s->row]];
	case HG_PH_SOLO:
		return 0;
	case HG_PH_END:
		return BONES_TERMINAL;
	default:
		return BONES_CHANCE;
	}
}

/* ---- Phases -------------------------------------------------------------------- */

static void finish_draw(const hg_game *g, hg_state *s)
{
	uint8_t ids[HG_ROWS];
	int n = 0;
	for (int i = 0; i < HG_ROWS; i++)
		if (s->right_dom[i] != HG_NONE)
			ids[n++] = s->right_dom[i];
	hg_market_sort(ids, n);
	memset(s->right_dom, HG_NONE, sizeof s->right_dom);
	memcpy(s->right_dom, ids, (size_t)n);
	s->phase = g->mode == HG_MODE_SOLO_MEGA ? HG_PH_SOLO : HG_PH_PLAY;
}

static void start_draw(const hg_game *g, hg_state *s, int target)
{
	if (g->mode == HG_MODE_SOLO_MEGA && s->bone_n == 0) { /* refill the draw pile */
		for (int i = 0; i < HG_DOMINOES; i++) {
			s->bone[i] = (uint8_t)(s->bone[i] + s->setaside[i]);
			s->bone_n = (uint8_t)(s->bone_n + s->setaside[i]);
			s->setaside[i] = 0;
		}
	}
	s->right_target = (uint8_t)target;
	s->phase = HG_PH_DRAW;
	if (s->right_n >= target)
		finish_draw(g, s);
}

static int first_acting_row(const hg_state *s, int from)
{
	int r = from;
	while (r < s->left_n && !row_acts(s, r))
		r++;
	return r;
}

static void end_round(const hg_game *g, hg_state *s)
{
	uint8_t carried = HG_NONE;
	bool tokens = false;
	if (g->four_lights)
		for (int i = s->right_n - 1; i >= 0 && carried == HG_NONE; i--)
			if (s->right_tok[i] == HG_NONE)
				carried = s->right_dom[i];
	s->left_n = s->right_n;
	for (int i = 0; i < HG_ROWS; i++) {
		s->left_tok[i] = s->right_tok[i];
		s->left_dom[i] = s->right_tok[i] != HG_NONE ? s->right_dom[i] : HG_NONE;
		tokens |= s->right_tok[i] != HG_NONE;
	}
	memset(s->right_dom, HG_NONE, sizeof s->right_dom);
	memset(s->right_tok, HG_NONE, sizeof s->right_tok);
	s->right_n = 0;
	s->round++;
	s->picked = 0;
	if (!tokens) {
		s->phase = HG_PH_END;
		return;
	}
	int fresh = s->bone_n < 4 ? s->bone_n : 4;
	if (fresh > 0 && carried != HG_NONE) {
		s->right_dom[0] = carried;
		s->right_n = 1;
	}
	s->row = (uint8_t)first_acting_row(s, 0);
	if (fresh > 0)
		start_draw(g, s, fresh + s->right_n);
	else
		s->phase = HG_PH_PLAY;
}

static void advance(const hg_game *g, hg_state *s)
{
	s->picked = 0;
	int r = first_acting_row(s, s->row + 1);
	if (r >= s->left_n) {
		end_round(g, s);
		return;
	}
	s->row = (uint8_t)r;
}

static void after_solo_place(const hg_game *g, hg_state *s)
{
	s->solo_hand = HG_NONE;
	s->solo_picks++;
	if (s->solo_picks >= g->solo_target) {
		s->phase = HG_PH_END;
		return;
	}
	bool all = true;
	for (int i = 0; i < 4; i++)
		all &= s->right_tok[i] != HG_NONE;
	if (all) {
		for (int i = 0; i < HG_ROWS; i++)
			if (s->right_dom[i] != HG_NONE)
				s->setaside[s->right_dom[i]]++;
		memset(s->right_dom, HG_NONE, sizeof s->right_dom);
		memset(s->right_tok, HG_NONE, sizeof s->right_tok);
		s->right_n = 0;
	}
	start_draw(g, s, 4);
}

void hg_init_state(const void *game, void *state)
{
	const hg_game *g = game;
	hg_state *s = state;
	int c = g->grid / 2;
	memset(s, 0, g->state_size);
	memset(s->left_dom, HG_NONE, sizeof s->left_dom);
	memset(s->right_dom, HG_NONE, sizeof s->right_dom);
	memset(s->left_tok, HG_NONE, sizeof s->left_tok);
	memset(s->right_tok, HG_NONE, sizeof s->right_tok);
	memcpy(s->bone, g->pool, sizeof s->bone);
	for (int i = 0; i < HG_DOMINOES; i++)
		s->bone_n = (uint8_t)(s->bone_n + g->pool[i]);
	s->solo_hand = HG_NONE;
	s->last_tab = HG_NONE;
	s->to_remove = (uint8_t)g->removals;
	for (int k = 0; k < g->tableaus; k++) {
		hg_tab *t = &s->tab[k];
		if (hg_is_dorothy_tab(g, k)) {
			t->x0 = 1; /* empty box */
			continue;
		}
		t->x0 = t->x1 = t->y0 = t->y1 = (uint8_t)c;
		hg_cells(g, s, k)[c * g->grid + c] = HG_GAP;
		update_support(g, s, k, c, c);
	}
	s->left_n = (uint8_t)g->tokens;
	if (g->mode == HG_MODE_SOLO_MEGA) {
		start_draw(g, s, 4);
		return;
	}
	if (g->orders > 0) {
		s->phase = HG_PH_ORDER;
		return;
	}
	memcpy(s->left_tok, g->fixed_order, (size_t)g->tokens);
	s->phase = s->to_remove ? HG_PH_REMOVE : HG_PH_DRAW;
	if (!s->to_remove)
		start_draw(g, s, 4 + g->four_lights);
}

/* ---- Placement ----------------------------------------------------------------- */

/* Bit v set when a half showing v at empty cell c would match a neighbour. */
static unsigned support_mask(const uint8_t *cells, int grid, int c)
{
	const int nb[4] = {c - 1, c + 1, c - grid, c + grid};
	unsigned m = 0;
	for (int k = 0; k < 4; k++) {
		int code = HG_CODE(cells[nb[k]]);
		if (code == HG_GAP || code == 1)
			return 0x7F;
		if (code != HG_EMPTY)
			m |= 1u | 1u << (code - 1);
	}
	return m;
}

/* Recompute the support bits of interior cell (x, y) and its neighbours. */
static void update_support(const hg_game *g, hg_state *s, int tab, int x, int y)
{
	const uint8_t *cells = hg_ccells(g, s, tab);
	uint8_t *sup = hg_sup(g, s, tab);
	int G = g->grid;
	const int dx[5] = {0, -1, 1, 0, 0}, dy[5] = {0, 0, 0, -1, 1};
	for (int k = 0; k < 5; k++) {
		int nx = x + dx[k], ny = y + dy[k], n = ny * G + nx;
		if (nx < 1 || ny < 1 || nx > G - 2 || ny > G - 2)
			continue;
		sup[n] = cells[n] ? 0 : (uint8_t)support_mask(cells, G, n);
	}
}

static bool fits_box(const hg_game *g, const hg_tab *t, int x, int y, int x2, int y2)
{
	if (!g->board)
		return true;
	int x0 = t->x0 < x ? t->x0 : x, x1 = t->x1 > x2 ? t->x1 : x2;
	int y0 = t->y0 < y ? t->y0 : y, y1 = t->y1 > y2 ? t->y1 : y2;
	return x1 - x0 < g->board && y1 - y0 < g->board;
}

static bool in_grid(const hg_game *g, int x, int y, int dir)
{
	int x2 = x + (dir == 0), y2 = y + (dir == 1);
	return x >= 1 && y >= 1 && x2 <= g->grid - 2 && y2 <= g->grid - 2;
}

static bool place_ok(const hg_game *g, const hg_state *s, int tab, int x, int y, int dir,
		     int a, int b)
{
	const uint8_t *cells = hg_ccells(g, s, tab), *sup = hg_csup(g, s, tab);
	int G = g->grid, c1 = y * G + x, c2 = c1 + (dir ? G : 1);
	if (cells[c1] || cells[c2])
		return false;
	if (!fits_box(g, &s->tab[tab], x, y, x + (dir == 0), y + (dir == 1)))
		return false;
	return (sup[c1] >> a & 1) || (sup[c2] >> b & 1);
}

static bool matches(int code, int v)
{
	return code - 1 == v || code == 1 || v == 0;
}

static bool stack_ok(const hg_game *g, const hg_state *s, int tab, int x, int y, int dir,
		     int a, int b)
{
	const uint8_t *cells = hg_ccells(g, s, tab);
	int G = g->grid, c1 = y * G + x, c2 = c1 + (dir ? G : 1);
	int k1 = HG_CODE(cells[c1]), k2 = HG_CODE(cells[c2]);
	if (s->tab[tab].stacks >= g->stack_limit)
		return false;
	if (k1 == HG_EMPTY || k1 == HG_GAP || k2 == HG_EMPTY || k2 == HG_GAP)
		return false;
	return matches(k1, a) || matches(k2, b);
}

typedef struct movebuf {
	bones_move *moves;
	size_t n, cap;
} movebuf;

static void push(movebuf *mb, bones_move m)
{
	if (mb->n < mb->cap)
		mb->moves[mb->n] = m;
	mb->n++;
}

static void gen_dorothy(const hg_state *s, int a, int b, movebuf *mb)
{
	const hg_tab *t = &s->tab[1];
	if (t->rows >= 12)
		return;
	for (int y = 0; y <= t->rows; y++) {
		push(mb, HG_PLACE_MOVE(HG_MV_PLACE, 0, y, 0, a, b));
		if (a != b)
			push(mb, HG_PLACE_MOVE(HG_MV_PLACE, 0, y, 0, b, a));
	}
}

/* The cells a new half may take: next to the box, and within the bound. */
static void scan_box(const hg_game *g, const hg_tab *t, int pad, int *x0, int *y0,
		     int *x1, int *y1)
{
	int lo = 1, hi = g->grid - 2;
	*x0 = t->x0 - pad;
	*y0 = t->y0 - pad;
	*x1 = t->x1 + pad;
	*y1 = t->y1 + pad;
	if (g->board) {
		int w = g->board - 1;
		if (*x0 < t->x1 - w) *x0 = t->x1 - w;
		if (*y0 < t->y1 - w) *y0 = t->y1 - w;
		if (*x1 > t->x0 + w) *x1 = t->x0 + w;
		if (*y1 > t->y0 + w) *y1 = t->y0 + w;
	}
	if (*x0 < lo) *x0 = lo;
	if (*y0 < lo) *y0 = lo;
	if (*x1 > hi) *x1 = hi;
	if (*y1 > hi) *y1 = hi;
}

static void emit(movebuf *mb, int x, int y, int dir, unsigned s1, unsigned s2, int a, int b)
{
	if ((s1 >> a & 1) || (s2 >> b & 1))
		push(mb, HG_PLACE_MOVE(HG_MV_PLACE, x, y, dir, a, b));
	if (a != b && ((s1 >> b & 1) || (s2 >> a & 1)))
		push(mb, HG_PLACE_MOVE(HG_MV_PLACE, x, y, dir, b, a));
}

/* Placements from the frontier (empty cells with support bits): each such cell as the
 * first half eastwards or southwards, or as the second half when the first half has no
 * support (else that domino comes from the first half). */
static void gen_place_tab(const hg_game *g, const hg_state *s, int tab, int a, int b,
			  movebuf *mb)
{
	const uint8_t *cells = hg_ccells(g, s, tab), *sup = hg_csup(g, s, tab);
	int G = g->grid, x0, y0, x1, y1, X0, Y0, X1, Y1;
	scan_box(g, &s->tab[tab], 1, &x0, &y0, &x1, &y1); /* where the frontier lies */
	scan_box(g, &s->tab[tab], 2, &X0, &Y0, &X1, &Y1); /* where a partner may lie */
	for (int y = y0; y <= y1; y++)
		for (int x = x0; x <= x1; x++) {
			int c = y * G + x;
			unsigned sc = sup[c];
			if (!sc || cells[c])
				continue;
			if (y > Y0 && !cells[c - G] && !sup[c - G])
				emit(mb, x, y - 1, 1, 0, sc, a, b);
			if (x > X0 && !cells[c - 1] && !sup[c - 1])
				emit(mb, x - 1, y, 0, 0, sc, a, b);
			if (x < X1 && !cells[c + 1])
				emit(mb, x, y, 0, sc, sup[c + 1], a, b);
			if (y < Y1 && !cells[c + G])
				emit(mb, x, y, 1, sc, sup[c + G], a, b);
		}
}

static void gen_stack_tab(const hg_game *g, const hg_state *s, int tab, int a, int b,
			  movebuf *mb)
{
	const hg_tab *t = &s->tab[tab];
	for (int y = t->y0; y <= t->y1; y++)
		for (int x = t->x0; x <= t->x1; x++)
			for (int dir = 0; dir < 2; dir++) {
				if (!in_grid(g, x, y, dir))
					continue;
				for (int o = 0; o < (a == b ? 1 : 2); o++) {
					int p = o ? b : a, q = o ? a : b;
					if (stack_ok(g, s, tab, x, y, dir, p, q))
						push(mb, HG_PLACE_MOVE(HG_MV_STACK, x, y, dir, p, q));
				}
			}
}

/* Placements (then stacks) of domino id on tab; discard when there is none. */
static void gen_placements(const hg_game *g, const hg_state *s, int tab, int id, movebuf *mb)
{
	int a = hg_dom_a(id), b = hg_dom_b(id);
	size_t before = mb->n;
	if (hg_is_dorothy_tab(g, tab)) {
		gen_dorothy(s, a, b, mb);
	} else {
		gen_place_tab(g, s, tab, a, b, mb);
		if (g->stacking && s->tab[tab].stacks < g->stack_limit)
			gen_stack_tab(g, s, tab, a, b, mb);
	}
	if (mb->n == before)
		push(mb, HG_MOVE(HG_MV_DISCARD, 0));
}

static void gen_chance(const hg_state *s, int kind, movebuf *mb, double *probs)
{
	double scale = s->bone_n ? 1.0 / (double)s->bone_n : 0.0;
	for (int i = 0; i < HG_DOMINOES; i++) {
		if (!s->bone[i])
			continue;
		if (probs && mb->n < mb->cap)
			probs[mb->n] = (double)s->bone[i] * scale;
		push(mb, HG_MOVE(kind, i));
	}
}

static void gen_moves(const hg_game *g, const hg_state *s, movebuf *mb, double *probs)
{
	switch (s->phase) {
	case HG_PH_ORDER:
		for (int i = 0; i < g->orders; i++) {
			if (probs && mb->n < mb->cap)
				probs[mb->n] = 1.0 / g->orders;
			push(mb, HG_MOVE(HG_MV_ORDER, i));
		}
		return;
	case HG_PH_REMOVE:
		gen_chance(s, HG_MV_REMOVE, mb, probs);
		return;
	case HG_PH_DRAW:
		gen_chance(s, HG_MV_DRAW, mb, probs);
		return;
	case HG_PH_SOLO:
	case HG_PH_PLAY:
		break;
	default:
		return;
	}
	int id = hg_actor_domino(g, s);
	if (id != HG_NONE) {
		gen_placements(g, s, hg_actor_tab(g, s), id, mb);
		return;
	}
	for (int i = 0; i < HG_ROWS; i++) {
		bool free = s->phase == HG_PH_SOLO
				    ? s->right_dom[i] != HG_NONE && s->right_tok[i] == HG_NONE
				    : i < s->right_n && s->right_tok[i] == HG_NONE;
		if (free)
			push(mb, HG_MOVE(HG_MV_PICK, i));
	}
}

size_t hg_legal_moves(const void *game, const void *state, bones_move *moves,
		      double *probs, size_t cap)
{
	movebuf mb = {moves, 0, cap};
	gen_moves(game, state, &mb, probs);
	return mb.n < cap ? mb.n : cap;
}

bool hg_move_legal(const hg_game *g, const hg_state *s, bones_move m)
{
	int kind = HG_KIND(m), low = (int)(m & 0x0FFFFFFF);
	switch (kind) {
	case HG_MV_ORDER:
		return s->phase == HG_PH_ORDER && low < g->orders;
	case HG_MV_REMOVE:
		return s->phase == HG_PH_REMOVE && low < HG_DOMINOES && s->bone[low];
	case HG_MV_DRAW:
		return s->phase == HG_PH_DRAW && low < HG_DOMINOES && s->bone[low];
	default:
		break;
	}
	if (s->phase != HG_PH_PLAY && s->phase != HG_PH_SOLO)
		return false;
	int id = hg_actor_domino(g, s), tab = hg_actor_tab(g, s);
	if (kind == HG_MV_PICK) {
		if (id != HG_NONE || low >= HG_ROWS || s->right_tok[low] != HG_NONE)
			return false;
		return s->phase == HG_PH_SOLO ? s->right_dom[low] != HG_NONE : low < s->right_n;
	}
	if (id == HG_NONE)
		return false;
	if (kind == HG_MV_DISCARD) {
		bones_move first;
		if (low != 0)
			return false;
		movebuf mb = {&first, 0, 1};
		gen_placements(g, s, tab, id, &mb);
		return HG_KIND(first) == HG_MV_DISCARD;
	}
	if ((kind != HG_MV_PLACE && kind != HG_MV_STACK) || (low >> 23) != 0)
		return false;
	int a = HG_MA(m), b = HG_MB(m), x = HG_MX(m), y = HG_MY(m), dir = HG_MDIR(m);
	if (hg_dom_id(a, b) != id || a > 6 || b > 6)
		return false;
	if (hg_is_dorothy_tab(g, tab))
		return kind == HG_MV_PLACE && x == 0 && dir == 0 && y <= s->tab[1].rows &&
		       s->tab[1].rows < 12;
	if (!in_grid(g, x, y, dir))
		return false;
	if (kind == HG_MV_STACK)
		return g->stacking && stack_ok(g, s, tab, x, y, dir, a, b);
	return place_ok(g, s, tab, x, y, dir, a, b);
}

/* ---- Apply ---------------------------------------------------------------------- */

/* A half showing v now fills cell c: its empty neighbours accept v (and a zero), or
 * anything when v is zero. Cells only fill up, so bits are only added. */
static void add_support(const hg_game *g, hg_state *s, int tab, int c, int v)
{
	const uint8_t *cells = hg_ccells(g, s, tab);
	uint8_t *sup = hg_sup(g, s, tab);
	uint8_t bits = (uint8_t)(v == 0 ? 0x7Fu : (1u | 1u << v));
	const int nb[4] = {c - 1, c + 1, c - g->grid, c + g->grid};
	sup[c] = 0;
	for (int k = 0; k < 4; k++)
		if (!cells[nb[k]])
			sup[nb[k]] = (uint8_t)(sup[nb[k]] | bits);
}

static void do_place(const hg_game *g, hg_state *s, int tab, bones_move m)
{
	int G = g->grid, x = HG_MX(m), y = HG_MY(m), dir = HG_MDIR(m);
	int c1 = y * G + x, c2 = c1 + (dir ? G : 1);
	uint8_t *cells = hg_cells(g, s, tab);
	hg_tab *t = &s->tab[tab];
	uint8_t extra = 0;
	if (HG_KIND(m) == HG_MV_STACK) { /* unpair the halves now covered */
		const int cs[2] = {c1, c2};
		for (int i = 0; i < 2; i++) {
			cells[cs[i]] &= (uint8_t)~(HG_JOIN_E | HG_JOIN_S);
			if (cells[cs[i] - 1] & HG_JOIN_E)
				cells[cs[i] - 1] &= (uint8_t)~HG_JOIN_E;
			if (cells[cs[i] - G] & HG_JOIN_S)
				cells[cs[i] - G] &= (uint8_t)~HG_JOIN_S;
		}
		extra = HG_STACKED;
		t->stacks++;
	} else {
		t->filled = (uint8_t)(t->filled + 2);
		if (x < t->x0) t->x0 = (uint8_t)x;
		if (y < t->y0) t->y0 = (uint8_t)y;
		if (x + (dir == 0) > t->x1) t->x1 = (uint8_t)(x + (dir == 0));
		if (y + (dir == 1) > t->y1) t->y1 = (uint8_t)(y + (dir == 1));
	}
	cells[c1] = (uint8_t)((HG_MA(m) + 1) | extra | (dir ? HG_JOIN_S : HG_JOIN_E));
	cells[c2] = (uint8_t)((HG_MB(m) + 1) | extra);
	t->placed++;
	if (extra) { /* values changed: recompute around both halves */
		update_support(g, s, tab, x, y);
		update_support(g, s, tab, x + (dir == 0), y + (dir == 1));
		return;
	}
	add_support(g, s, tab, c1, HG_MA(m));
	add_support(g, s, tab, c2, HG_MB(m));
}

static void do_dorothy(const hg_game *g, hg_state *s, bones_move m)
{
	uint8_t *cells = hg_cells(g, s, 1);
	hg_tab *t = &s->tab[1];
	int y = HG_MY(m);
	memmove(cells + 2 * (y + 1), cells + 2 * y, (size_t)(2 * (t->rows - y)));
	cells[2 * y] = (uint8_t)((HG_MA(m) + 1) | HG_JOIN_E);
	cells[2 * y + 1] = (uint8_t)(HG_MB(m) + 1);
	t->rows++;
	t->placed++;
	t->filled = (uint8_t)(t->filled + 2);
	t->x0 = 0;
	t->x1 = 1;
	t->y0 = 0;
	t->y1 = (uint8_t)(t->rows - 1);
}

static void apply_chance(const hg_game *g, hg_state *s, bones_move m)
{
	int kind = HG_KIND(m), low = (int)(m & 0x0FFFFFFF);
	if (kind == HG_MV_ORDER) {
		memcpy(s->left_tok, g->order[low], (size_t)g->tokens);
		s->phase = HG_PH_REMOVE;
		if (!s->to_remove)
			start_draw(g, s, 4 + g->four_lights);
		return;
	}
	s->bone[low]--;
	s->bone_n--;
	if (kind == HG_MV_REMOVE) {
		s->removed[low]++;
		if (--s->to_remove == 0)
			start_draw(g, s, 4 + g->four_lights);
		return;
	}
	for (int i = 0; i < HG_ROWS; i++)
		if (s->right_dom[i] == HG_NONE) {
			s->right_dom[i] = (uint8_t)low;
			break;
		}
	s->right_n++;
	if (s->right_n >= s->right_target)
		finish_draw(g, s);
}

bones_status hg_apply(const void *game, void *state, bones_move m)
{
	const hg_game *g = game;
	hg_state *s = state;
	if (!hg_move_legal(g, s, m))
		return BONES_EILLEGAL;
	s->last_placed = 0;
	int kind = HG_KIND(m);
	if (kind == HG_MV_ORDER || kind == HG_MV_REMOVE || kind == HG_MV_DRAW) {
		apply_chance(g, s, m);
		return BONES_OK;
	}
	int row = (int)(m & 0xFF), tab = hg_actor_tab(g, s);
	if (kind == HG_MV_PICK) {
		if (s->phase == HG_PH_SOLO) {
			s->solo_hand = s->right_dom[row];
			s->right_dom[row] = HG_NONE;
			s->right_tok[row] = 1;
			s->right_n--;
			return BONES_OK;
		}
		s->right_tok[row] = s->left_tok[s->row];
		s->picked = 1;
		if (s->left_dom[s->row] == HG_NONE)
			advance(g, s);
		return BONES_OK;
	}
	if (kind != HG_MV_DISCARD) {
		if (hg_is_dorothy_tab(g, tab))
			do_dorothy(g, s, m);
		else
			do_place(g, s, tab, m);
		s->last_tab = (uint8_t)tab;
		s->last_placed = 1;
	}
	if (s->phase == HG_PH_SOLO)
		after_solo_place(g, s);
	else
		advance(g, s);
	return BONES_OK;
}

void hg_refresh_tab(const hg_game *g, hg_state *s, int tab)
{
	const uint8_t *cells = hg_ccells(g, s, tab);
	hg_tab *t = &s->tab[tab];
	int G = g->grid, c = G / 2;
	t->x0 = t->x1 = t->y0 = t->y1 = (uint8_t)c;
	t->filled = 0;
	for (int y = 1; y <= G - 2; y++)
		for (int x = 1; x <= G - 2; x++) {
			int code = HG_CODE(cells[y * G + x]);
			if (code == HG_EMPTY)
				continue;
			t->filled = (uint8_t)(t->filled + (code != HG_GAP));
			if (x < t->x0) t->x0 = (uint8_t)x;
			if (y < t->y0) t->y0 = (uint8_t)y;
			if (x > t->x1) t->x1 = (uint8_t)x;
			if (y > t->y1) t->y1 = (uint8_t)y;
		}
	for (int y = 1; y <= G - 2; y++)
		for (int x = 1; x <= G - 2; x++)
			update_support(g, s, tab, x, y);
}
