/* Holomino game knowledge for the search agents (capability "bones.heuristic/1"): move
 * priors from the points a placement scores and the holes it leaves one tile short for
 * the next player, and an evaluation of the scores plus the best gain each pool holds. */
#include <stdbool.h>
#include <string.h>

#include "bones/heuristic.h"
#include "holomino.h"

#define MARGIN 15.0       /* logistic width of evaluate, in points: about one hole */
#define FLOOR 0.05        /* the least weight of a legal move */
#define OWN_SHARE 0.5     /* a hole set up that only the mover's pool closes: its share */
#define BLOCK_SHARE 0.5   /* a ready hole the next player loses by the move: its share */
#define OTHERS_SHARE 0.5  /* evaluate: the best gain of players not to move, discounted */

/* The digit on the edge towards direction j: odd corner mine[j] of a tile is corner
 * theirs[j] of its neighbour in direction j (as rules.c fixes them). */
static const uint8_t mine[6] = {2, 0, 0, 1, 1, 2}, theirs[6] = {1, 1, 2, 2, 0, 0};
/* The hole at the even corner i = j & ~1 of a cell, beside its neighbour j: the cell's
 * own digits there (slots mine[i] and i / 2), and the third one as neighbour j holds it
 * (for odd j it comes from neighbour j - 1 over their shared edge, so at theirs[j + 1]). */
static const uint8_t lo_slot[6] = {2, 2, 0, 0, 1, 1}, hi_slot[6] = {0, 0, 1, 1, 2, 2};
static const uint8_t edge_slot[6] = {0, 2, 1, 0, 2, 1};

/* Holes as hm_points counts them, kept as their count, sum and product: a hole more is
 * added without branches (whether there is one is a coin toss to the CPU). */
typedef struct holes {
	int32_t n, sum, prod;
} holes;

static void add_hole(holes *h, int32_t value, int32_t present)
{
	h->n += present;
	h->sum += present * value;
	h->prod *= 1 + present * (value - 1);
}

static int32_t holes_points(const hm_game *g, holes h)
{
	int32_t many = g->product ? h.prod : h.sum * h.n;
	return h.n <= 1 ? h.sum : many;
}

/* One priors call: the state and the pools, looked up once. */
typedef struct call {
	const hm_game *g;
	const hm_state *s;
	const hm_cell *cells;
	const uint16_t *board;
	const uint64_t *pool;    /* the mover's tiles */
	const uint64_t *next;    /* the next player's */
	bool near;               /* hm_slots_clear for two steps: neighbours of the open
				  * cells are read off the board without comparing keys */
} call;

/* What a tile on an empty cell closes before the view's tile is placed. */
typedef struct ready {
	holes h;              /* the holes ready */
	int32_t points;       /* their points */
	double p_fill;        /* the chance the next player fills it (0 without points) */
} ready;

/* The target cell of a run of moves and what a tile there meets, found once for every
 * tile that may go there (legal_moves lists the placements cell by cell). */
typedef struct view {
	int q, r, c;
	int32_t now;             /* points any tile here scores */
	unsigned scoring;        /* bit j: a tile on neighbour j could score after this one */
	unsigned closing;        /* bit j: and this tile makes a hole there ready (the
				  * cell beyond their shared edge holds a tile) */
	const hm_cell *nb[6];    /* neighbour j, or a cell with no digits when unknown */
	ready e[6];              /* for scoring j: its holes ready already */
} view;

/* Whether a tile of the set m, less tile `but` (-1: none), fits a cell of pattern pat. */
static bool fits(const hm_game *g, int pat, const uint64_t *m, int but)
{
	uint64_t out = but < 0 ? 0 : 1ull << (but & 63);
	if (g->words == 1) /* up to 64 tiles, as in the default game */
		return g->fit0[pat] & m[0] & ~out;
	const uint64_t *f = g->fit + (size_t)pat * HM_WORDS;
	for (int w = 0; w < g->words; w++)
		if (f[w] & m[w] & ~(w == but >> 6 ? out : 0))
			return true;
	return false;
}

/* The chance that the next player can fill a cell of pattern pat on their turn: 1 when
 * their pool fits it, else the share of the supply that fits (their draw). Both are
 * worked out and one taken by arithmetic (n is 0 with an empty supply). */
static double next_fills(const call *k, int pat)
{
	const hm_game *g = k->g;
	const hm_state *s = k->s;
	int n = 0;
	if (g->words == 1) {
		n = (int)hm_popcount(g->fit0[pat] & s->supply[0]);
	} else {
		const uint64_t *f = g->fit + (size_t)pat * HM_WORDS;
		for (int w = 0; w < g->words; w++)
			n += (int)hm_popcount(f[w] & s->supply[w]);
	}
	double drawn = (double)n / (s->supply_n + !s->supply_n);
	double fit = fits(g, pat, k->next, -1);
	return fit + (1.0 - fit) * drawn;
}

static const hm_cell no_cell = {.open_pos = HM_NOT_LIVE, .tile = HM_NO_TILE};

/* The cell whose board entry is at (0: none, then a cell with no tile, digits or tiles
 * around). No branch on which: a coin toss. */
static const hm_cell *cell_of_entry(const hm_cell *cells, unsigned at)
{
	uintptr_t known = 0u - (uintptr_t)(at != 0);
	uintptr_t x = (uintptr_t)&cells[at - (at != 0)];
	return (const hm_cell *)((x & known) | ((uintptr_t)&no_cell & ~known));
}

/* The neighbours of the cell (q, r) whose home slot is `home`, each or no_cell. */
static void find_neighbours(const call *k, int q, int r, unsigned home, const hm_cell *nb[6])
{
	const hm_game *g = k->g;
	const uint16_t *board = k->board;
	const hm_cell *cells = k->cells;
	if (k->near) { /* the usual case: the home slots hold the answers */
#pragma GCC unroll 6
		for (int j = 0; j < 6; j++)
			nb[j] = cell_of_entry(cells, board[(home + g->home_step[j]) & g->board_mask]);
		return;
	}
	for (int j = 0; j < 6; j++) {
		int c = hm_cell_at(g, k->s, q + bones_hex_dirs[j].q, r + bones_hex_dirs[j].r);
		nb[j] = c >= 0 ? &cells[c] : &no_cell;
	}
}

/* The holes ready on the empty cell x and what they are worth to the next player. */
static void find_ready(const call *k, const hm_cell *x, ready *e)
{
	uint8_t hole[3];
	int n = hm_holes_at(k->g, k->s, (int)(x - k->cells), hole, NULL);
	e->h = (holes){0, 0, 1};
	for (int i = 0; i < n; i++)
		add_hole(&e->h, hole[i], 1);
	e->points = holes_points(k->g, e->h);
	e->p_fill = e->points ? next_fills(k, x->pat) : 0.0;
}

/* The view of the cell (q, r). */
static void make_view(const call *k, int q, int r, view *v)
{
	const hm_game *g = k->g;
	v->q = q;
	v->r = r;
	v->c = hm_cell_at(g, k->s, q, r);
	v->scoring = 0;
	if (v->c < 0)
		return;
	const hm_cell *x = &k->cells[v->c];
	unsigned around = x->around, ready_bits = 0;
	find_neighbours(k, q, r, hm_home(g, q, r), v->nb);
#pragma GCC unroll 6
	for (int j = 0; j < 6; j++) {
		unsigned a = v->nb[j]->around;
		ready_bits |= (unsigned)((a & a >> 1 & 0x15u) != 0) << j;
		v->e[j] = (ready){.h = {0, 0, 1}};
	}
	/* the empty neighbours with a hole ready, or one that this tile makes ready; the
	 * others score nothing before or after, whatever the tile */
	unsigned empty = ~around & 0x3Fu, far = (around >> 1 & 0x15u) | (around << 1 & 0x2Au);
	v->closing = empty & far;
	v->scoring = empty & (far | ready_bits);
	for (unsigned b = v->scoring & ready_bits; b; b &= b - 1) {
		int j = __builtin_ctz(b);
		find_ready(k, v->nb[j], &v->e[j]);
	}
	/* the holes this cell closes: at its even corner i where neighbours i and i + 1
	 * hold tiles (as hm_holes_at finds them) */
	holes now = {0, 0, 1};
	for (int i = 0; i < 6; i += 2)
		add_hole(&now, x->d[lo_slot[i]] + x->d[hi_slot[i]] + v->nb[i]->d[i / 2],
			 (int32_t)(around >> i & around >> (i + 1) & 1));
	v->now = holes_points(g, now);
}

/* The points of the holes a tile on the empty neighbour j of the view's cell would close
 * once the tile with digits xd sits on that cell: those ready already, and the one at
 * the corner between them when this tile makes it ready. */
static int32_t points_after(const hm_game *g, const view *v, int j, const uint8_t xd[3])
{
	holes h = v->e[j].h;
	add_hole(&h, xd[lo_slot[j]] + xd[hi_slot[j]] + v->nb[j]->d[edge_slot[j]],
		 (int32_t)(v->closing >> j & 1) & (h.n < 3));
	return holes_points(g, h);
}

/* The weight of placing tile t with digits xd on the view's cell: 1 + its points, minus
 * what it hands the next player on the cells it leaves one tile short, plus a share of
 * the holes it sets up that only the mover can close or takes from them. Terms that do
 * not apply are multiplied by 0, not branched over. */
static double placement_weight(const call *k, const view *v, int t, const uint8_t xd[3])
{
	const hm_game *g = k->g;
	double w = 1.0 + v->now;
	for (unsigned sc = v->scoring; sc; sc &= sc - 1) {
		int j = __builtin_ctz(sc), slot = theirs[j];
		const hm_cell *e = v->nb[j];
		/* the neighbour's pattern with this tile's digit on their edge */
		int pat = e->pat + (xd[mine[j]] - e->d[slot]) * (int)g->pat_weight[slot];
		int32_t after = points_after(g, v, j, xd), before = v->e[j].points;
		double p_after = next_fills(k, pat) * (after != 0);
		double handed = p_after * after - v->e[j].p_fill * before;
		double blocked = BLOCK_SHARE * handed; /* when it is negative: taken away */
		w -= handed > blocked ? handed : blocked;
		double own_only = (after > before) & fits(g, pat, k->pool, t);
		w += OWN_SHARE * (1.0 - p_after) * (after - before) * own_only;
	}
	return w > FLOOR ? w : FLOOR;
}

static void priors(const void *game, const void *state, const bones_move *moves, size_t n,
		   double *weights)
{
	const hm_game *g = game;
	const hm_state *s = state;
	call k = {g, s, hm_ccells(g, s),
		  (const uint16_t *)(const void *)((const unsigned char *)s + g->off_board),
		  s->pool_set[s->player], s->pool_set[(s->player + 1) % g->players],
		  hm_slots_clear(g, s, 2)};
	view v;
	bool have = false;
	for (size_t i = 0; i < n; i++) {
		bones_move mv = moves[i];
		weights[i] = FLOOR;
		if (hm_kind(mv) != HM_PLACE || hm_tile(mv) >= g->ntiles)
			continue;
		if (!have || hm_q(mv) != v.q || hm_r(mv) != v.r) {
			make_view(&k, hm_q(mv), hm_r(mv), &v);
			have = true;
		}
		if (v.c < 0)
			continue;
		uint8_t xd[3];
		hm_digits(g, hm_tile(mv), hm_turn(mv), xd);
		weights[i] = placement_weight(&k, &v, hm_tile(mv), xd);
	}
}

/* What a tile on the empty cell c scores now. */
static int32_t cell_points(const hm_game *g, const hm_state *s, int c)
{
	uint8_t hole[3];
	int n = hm_holes_at(g, s, c, hole, NULL);
	return n ? hm_points(g, n, hole) : 0;
}

/* Every player's score plus the best they could close now with their pool: in full for
 * the player to move, discounted for the others (their chance may be taken first). */
static void evaluate(const void *game, const void *state, double *final_scores)
{
	const hm_game *g = game;
	const hm_state *s = state;
	const uint64_t(*pools)[HM_WORDS] = s->pool_set;
	int32_t best[HM_MAX_PLAYERS] = {0};
	for (int p = 0; p < g->players; p++)
		final_scores[p] = s->score[p];
	if (s->phase == HM_PHASE_OVER)
		return;
	const hm_cell *cells = hm_ccells(g, s);
	const hm_live *live = hm_clive(g, s);
	for (int o = 0; o < s->nlive; o++) {
		int c = (int)hm_live_cell(live[o]);
		const hm_cell *x = &cells[c];
		bool fits_a_pool = false; /* most cells fit none: their points are not needed */
		for (int p = 0; p < g->players; p++)
			fits_a_pool |= fits(g, x->pat, pools[p], -1);
		if (!fits_a_pool)
			continue;
		int32_t pts = cell_points(g, s, c);
		if (!pts || (g->max_extent && hm_blocked(g, s, c)))
			continue;
		for (int p = 0; p < g->players; p++)
			if (pts > best[p] && fits(g, x->pat, pools[p], -1))
				best[p] = pts;
	}
	for (int p = 0; p < g->players; p++)
		final_scores[p] += p == s->player ? best[p] : OTHERS_SHARE * best[p];
}

/* Rollouts cut after this many moves for the evaluation play at least as well as
 * rollouts to the end, at a quarter of the cost or less (docs/ai.md, "Faster
 * iterations": 65.2% head to head with two players; with three and four at or above a
 * fair share). */
#define ROLLOUT_MOVES 8

/* priors looks only at each move's own cell and its neighbours */
const bones_heuristic hm_heuristic = {.size = sizeof(bones_heuristic),
				      .evaluate = evaluate,
				      .margin_scale = MARGIN,
				      .priors = priors,
				      .flags = BONES_HEURISTIC_PRIORS_PER_MOVE,
				      .rollout_moves = ROLLOUT_MOVES};
