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

/* The target cell of a run of moves and its neighbours, looked up once for every tile
 * that may go there (legal_moves lists the placements cell by cell). */
typedef struct view {
	int q, r, c;
	int32_t now;          /* points any tile here scores */
	int nb[6];            /* neighbour cells, -1 when unknown */
	uint8_t nready[6];    /* for an empty neighbour j: its holes ready already */
	uint8_t ready[6][3];  /* and their values */
	int32_t before[6];    /* their points */
	double p_before[6];   /* the chance the next player fills it (0 without points) */
	unsigned scoring;     /* bit j: a tile on neighbour j could score after this one */
} view;

static bool is_placed(const hm_cell *cells, int i)
{
	return i >= 0 && cells[i].placed;
}

/* What a tile on the empty cell c scores now. */
static int32_t cell_points(const hm_game *g, const hm_state *s, int c)
{
	const uint8_t *d = hm_ccells(g, s)[c].d;
	/* a ready hole needs two placed neighbours, which fix two of the cell's digits */
	if ((d[0] != 0) + (d[1] != 0) + (d[2] != 0) < 2)
		return 0;
	uint8_t hole[3];
	int n = hm_holes_at(g, s, c, hole, NULL);
	return n ? hm_points(g, n, hole) : 0;
}

static double next_fills(const hm_game *g, const hm_state *s, int pat, const uint64_t *next);

/* The view of the cell (q, r) for a pool `next` of the next player. */
static void make_view(const hm_game *g, const hm_state *s, int q, int r, const uint64_t *next,
		      view *v)
{
	const hm_cell *cells = hm_ccells(g, s);
	v->q = q;
	v->r = r;
	v->c = hm_find(g, s, q, r);
	for (int j = 0; j < 6; j++) {
		v->nb[j] = hm_find(g, s, q + bones_hex_dirs[j].q,
					       r + bones_hex_dirs[j].r);
		v->nready[j] = 0;
		v->before[j] = 0;
		v->p_before[j] = 0.0;
		int e = v->nb[j];
		if (e < 0 || cells[e].placed)
			continue;
		const uint8_t *d = cells[e].d;
		if ((d[0] != 0) + (d[1] != 0) + (d[2] != 0) >= 2) /* as in cell_points */
			v->nready[j] = (uint8_t)hm_holes_at(g, s, e, v->ready[j],
									NULL);
		if (v->nready[j]) { /* the same for every tile on the view's cell */
			v->before[j] = hm_points(g, v->nready[j], v->ready[j]);
			if (v->before[j])
				v->p_before[j] = next_fills(g, s, cells[e].pat, next);
		}
	}
	/* the empty neighbours with a hole ready, or one that this tile would make ready
	 * (the cell beyond their shared edge placed: see points_after); the others score
	 * nothing before or after, whatever the tile */
	v->scoring = 0;
	for (int j = 0; j < 6; j++) {
		int far = j & 1 ? v->nb[j - 1] : v->nb[j + 1];
		if (v->nb[j] >= 0 && !cells[v->nb[j]].placed &&
		    (v->nready[j] || is_placed(cells, far)))
			v->scoring |= 1u << j;
	}
	/* the holes the cell closes, as hm_holes_at finds them */
	uint8_t hole[3];
	int n = 0;
	for (int i = 0; v->c >= 0 && i < 6; i += 2) {
		const uint8_t *d = cells[v->c].d;
		if (is_placed(cells, v->nb[i]) && is_placed(cells, v->nb[i + 1]))
			hole[n++] = (uint8_t)(d[(i / 2 + 2) % 3] + d[i / 2] +
					      cells[v->nb[i]].d[i / 2]);
	}
	v->now = n ? hm_points(g, n, hole) : 0;
}

/* The holes a tile on the empty neighbour j of the view's cell would close once the
 * tile with digits xd sits on that cell: those ready already, and the one on their
 * shared edge when the cell beyond it is placed. Returns the points of all of them. */
static int32_t points_after(const hm_game *g, const hm_state *s, const view *v, int j,
			    const uint8_t xd[3])
{
	const hm_cell *cells = hm_ccells(g, s);
	uint8_t hole[3];
	int n = v->nready[j];
	memcpy(hole, v->ready[j], 3);
	int i = j & ~1; /* the even corner of the view's cell on that edge */
	int far = j & 1 ? v->nb[j - 1] : v->nb[j + 1];
	if (is_placed(cells, far) && n < 3)
		hole[n++] = (uint8_t)(xd[(i / 2 + 2) % 3] + xd[i / 2] +
				      cells[v->nb[i]].d[i / 2]);
	return n ? hm_points(g, n, hole) : 0;
}

static void pool_mask(const hm_state *s, int p, uint64_t m[HM_WORDS])
{
	memset(m, 0, HM_WORDS * sizeof *m);
	for (int i = 0; i < s->pool_n[p]; i++)
		m[s->pool[p][i] >> 6] |= 1ull << (s->pool[p][i] & 63);
}

static bool fits(const hm_game *g, int pat, const uint64_t *m)
{
	const uint64_t *f = g->fit + (size_t)pat * HM_WORDS;
	for (int w = 0; w < g->words; w++)
		if (f[w] & m[w])
			return true;
	return false;
}

/* The chance that the next player can fill a cell of pattern pat on their turn: 1 when
 * their pool fits it, else the share of the supply that fits (their draw). */
static double next_fills(const hm_game *g, const hm_state *s, int pat, const uint64_t *next)
{
	if (fits(g, pat, next))
		return 1.0;
	if (!s->supply_n)
		return 0.0;
	const uint64_t *f = g->fit + (size_t)pat * HM_WORDS;
	int n = 0;
	for (int w = 0; w < g->words; w++)
		n += (int)hm_popcount(f[w] & s->supply[w]);
	return (double)n / s->supply_n;
}

/* The weight of placing the tile with digits xd on the view's cell: 1 + its points,
 * minus what it hands the next player on the cells it leaves one tile short, plus a
 * share of the holes it sets up that only the mover can close or takes from them. */
static double placement_weight(const hm_game *g, const hm_state *s, const view *v,
			       const uint8_t xd[3], const uint64_t *own, const uint64_t *next)
{
	const hm_cell *cells = hm_ccells(g, s);
	int base = g->digits + 1;
	double w = 1.0 + v->now;
	for (unsigned sc = v->scoring; sc; sc &= sc - 1) {
		int j = __builtin_ctz(sc), e = v->nb[j];
		uint8_t ed[3];
		memcpy(ed, cells[e].d, 3);
		ed[theirs[j]] = xd[mine[j]];
		int32_t after = points_after(g, s, v, j, xd);
		int32_t before = v->before[j];
		if (!after && !before)
			continue;
		int pat = (ed[0] * base + ed[1]) * base + ed[2];
		double p_after = after ? next_fills(g, s, pat, next) : 0.0;
		double p_before = v->p_before[j];
		double handed = p_after * after - p_before * before;
		w -= handed > 0 ? handed : BLOCK_SHARE * handed;
		if (after > before && fits(g, pat, own))
			w += OWN_SHARE * (1.0 - p_after) * (after - before);
	}
	return w > FLOOR ? w : FLOOR;
}

static void priors(const void *game, const void *state, const bones_move *moves, size_t n,
		   double *weights)
{
	const hm_game *g = game;
	const hm_state *s = state;
	uint64_t pool[HM_WORDS], next[HM_WORDS];
	pool_mask(s, s->player, pool);
	pool_mask(s, (s->player + 1) % g->players, next);
	view v;
	bool have = false;
	for (size_t i = 0; i < n; i++) {
		bones_move m = moves[i];
		weights[i] = FLOOR;
		if (hm_kind(m) != HM_PLACE || hm_tile(m) >= g->ntiles)
			continue;
		if (!have || hm_q(m) != v.q || hm_r(m) != v.r) {
			make_view(g, s, hm_q(m), hm_r(m), next, &v);
			have = true;
		}
		if (v.c < 0)
			continue;
		int t = hm_tile(m);
		uint64_t own[HM_WORDS];
		memcpy(own, pool, sizeof own);
		own[t >> 6] &= ~(1ull << (t & 63));
		uint8_t xd[3];
		hm_digits(g, t, hm_turn(m), xd);
		weights[i] = placement_weight(g, s, &v, xd, own, next);
	}
}

/* Every player's score plus the best they could close now with their pool: in full for
 * the player to move, discounted for the others (their chance may be taken first). */
static void evaluate(const void *game, const void *state, double *final_scores)
{
	const hm_game *g = game;
	const hm_state *s = state;
	uint64_t pools[HM_MAX_PLAYERS][HM_WORDS];
	int32_t best[HM_MAX_PLAYERS] = {0};
	for (int p = 0; p < g->players; p++) {
		final_scores[p] = s->score[p];
		pool_mask(s, p, pools[p]);
	}
	if (s->phase == HM_PHASE_OVER)
		return;
	const hm_cell *cells = hm_ccells(g, s);
	const hm_live *live = hm_clive(g, s);
	for (int o = 0; o < s->nlive; o++) {
		int c = live[o].cell;
		const hm_cell *x = &cells[c];
		bool fits_a_pool = false; /* most cells fit none: their points are not needed */
		for (int p = 0; p < g->players; p++)
			fits_a_pool |= fits(g, x->pat, pools[p]);
		if (!fits_a_pool)
			continue;
		int32_t pts = cell_points(g, s, c);
		if (!pts || (g->max_extent && hm_blocked(g, s, c)))
			continue;
		for (int p = 0; p < g->players; p++)
			if (pts > best[p] && fits(g, x->pat, pools[p]))
				best[p] = pts;
	}
	for (int p = 0; p < g->players; p++)
		final_scores[p] += p == s->player ? best[p] : OTHERS_SHARE * best[p];
}

/* priors looks only at each move's own cell and its neighbours */
const bones_heuristic hm_heuristic = {sizeof(bones_heuristic), evaluate, MARGIN, priors,
				      BONES_HEURISTIC_PRIORS_PER_MOVE};
