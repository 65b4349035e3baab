/* Hegemino scoring: per pip value the largest region holding a wild, the wild rules of
 * the variants, the bonuses, Between Two Spheres' lower score, and the breakdown text. */
#include "hegemino.h"

#include <stdio.h>
#include <string.h>

#include "bones/text.h"

#define MAXC 512 /* filled cells of one tableau, gap included */

/* The filled cells of a tableau as a list with their orthogonal neighbours. */
typedef struct cell_list {
	int n;
	uint8_t code[MAXC];  /* cell byte: HG_CODE and HG_STACKED */
	int16_t x[MAXC], y[MAXC];
	int16_t nb[MAXC][4]; /* neighbour indices, -1 for none */
} cell_list;

#define MAP_CAP 1024

/* Neighbour links; through a map of the bounding box when it is small, else pairwise. */
static void link_neighbours(cell_list *l, int w, int h)
{
	int16_t map[MAP_CAP];
	for (int i = 0; i < l->n; i++)
		for (int k = 0; k < 4; k++)
			l->nb[i][k] = -1;
	if (l->n == 0)
		return;
	int x0 = l->x[0], y0 = l->y[0];
	for (int i = 1; i < l->n; i++) {
		if (l->x[i] < x0) x0 = l->x[i];
		if (l->y[i] < y0) y0 = l->y[i];
	}
	if (w * h <= MAP_CAP) {
		for (int i = 0; i < w * h; i++)
			map[i] = -1;
		for (int i = 0; i < l->n; i++)
			map[(l->y[i] - y0) * w + l->x[i] - x0] = (int16_t)i;
		for (int i = 0; i < l->n; i++) {
			int x = l->x[i] - x0, y = l->y[i] - y0;
			if (x + 1 < w && map[y * w + x + 1] >= 0) {
				l->nb[i][0] = map[y * w + x + 1];
				l->nb[map[y * w + x + 1]][2] = (int16_t)i;
			}
			if (y + 1 < h && map[(y + 1) * w + x] >= 0) {
				l->nb[i][1] = map[(y + 1) * w + x];
				l->nb[map[(y + 1) * w + x]][3] = (int16_t)i;
			}
		}
		return;
	}
	for (int i = 0; i < l->n; i++)
		for (int j = i + 1; j < l->n; j++) {
			int dx = l->x[j] - l->x[i], dy = l->y[j] - l->y[i];
			int k = dx == 1 && dy == 0 ? 0 : dx == 0 && dy == 1 ? 1 : -1;
			if (k < 0)
				continue;
			l->nb[i][k] = (int16_t)j;     /* east or south of i */
			l->nb[j][k + 2] = (int16_t)i; /* west or north of j */
		}
}

static int multiplier(int wilds_rule, int v, int zeros)
{
	switch (wilds_rule) {
	case HG_WILDS_FRIENDLY:
		return v;
	case HG_WILDS_BELOW_ZERO:
		return v - (zeros - 1);
	case HG_WILDS_PORK:
		return v * zeros;
	default:
		return v - (zeros - 1) > 1 ? v - (zeros - 1) : 1;
	}
}

/* One region's figures. */
typedef struct region {
	int squares, wilds, multiplier, points, count;
	bool doubled;
} region;

static void add_region(region *sum, const region *r, int sign)
{
	sum->squares += sign * r->squares;
	sum->wilds += sign * r->wilds;
	sum->points += sign * r->points;
	sum->count += sign * r->count;
	sum->doubled |= r->doubled;
}

/* Flood the region of v (cells showing v or 0) from cell s, marking seen. */
static void flood(const cell_list *l, int v, int s, uint8_t *seen, int *sq, int *zeros,
		  bool *stacked)
{
	int16_t stack[MAXC];
	int top = 0;
	stack[top++] = (int16_t)s;
	seen[s] = 1;
	*sq = *zeros = 0;
	*stacked = false;
	while (top > 0) {
		int c = stack[--top], code = HG_CODE(l->code[c]);
		(*sq)++;
		*zeros += code == 1;
		*stacked |= (l->code[c] & HG_STACKED) != 0;
		for (int k = 0; k < 4; k++) {
			int n = l->nb[c][k];
			if (n < 0 || seen[n])
				continue;
			int nc = HG_CODE(l->code[n]);
			if (nc == v + 1 || nc == 1) {
				seen[n] = 1;
				stack[top++] = (int16_t)n;
			}
		}
	}
}

/* Score pip value v: the largest region holding a wild (the better one among equal
 * sizes); Boiling Point adds every other such region that scores above zero. */
static void score_value(const cell_list *l, int v, const hg_rules *r, hg_value_score *out)
{
	uint8_t seen[MAXC];
	region best = {-1, 0, 0, 0, 0, false}, positive = {0, 0, 0, 0, 0, false};
	memset(seen, 0, (size_t)l->n);
	memset(out, 0, sizeof *out);
	for (int s = 0; s < l->n; s++) {
		if (seen[s] || HG_CODE(l->code[s]) != v + 1)
			continue;
		int sq, zeros;
		bool stacked;
		flood(l, v, s, seen, &sq, &zeros, &stacked);
		if (zeros == 0)
			continue;
		region g = {sq, zeros, multiplier(r->wilds, v, zeros), 0, 1,
			    stacked && r->stack_points};
		g.points = g.multiplier * sq * (g.doubled ? 2 : 1);
		if (g.points > 0)
			add_region(&positive, &g, 1);
		if (sq > best.squares || (sq == best.squares && g.points > best.points))
			best = g;
	}
	if (best.count == 0)
		return;
	if (r->boiling) { /* best, plus the positive others */
		if (best.points > 0)
			add_region(&positive, &best, -1);
		add_region(&best, &positive, 1);
	}
	out->squares = best.squares;
	out->wilds = best.wilds;
	out->multiplier = best.multiplier;
	out->points = best.points;
	out->regions = best.count;
	out->doubled = best.doubled;
}

static int score_list(cell_list *l, int w, int h, int gx, int gy, const hg_rules *r,
		      hg_score *out)
{
	memset(out, 0, sizeof *out);
	link_neighbours(l, w, h);
	for (int v = 1; v <= 6; v++) {
		score_value(l, v, r, &out->value[v]);
		out->total += out->value[v].points;
	}
	int W = r->board;
	if (W > 0 && w == W && h == W) {
		if (l->n == W * W)
			out->complete = 5;
		if (gx == W / 2 && gy == W / 2)
			out->centre = 5;
		if ((gx == 0 || gx == W - 1) && (gy == 0 || gy == W - 1))
			out->corner = 10;
	}
	out->total += out->complete + out->centre + out->corner;
	return out->total;
}

int hg_score_cells(const uint8_t *cells, int w, int h, const hg_rules *rules, hg_score *out)
{
	cell_list l;
	int gx = -1, gy = -1;
	l.n = 0;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w && l.n < MAXC; x++) {
			uint8_t c = cells[y * w + x];
			if (HG_CODE(c) == HG_EMPTY)
				continue;
			if (HG_CODE(c) == HG_GAP) {
				gx = x;
				gy = y;
			}
			l.code[l.n] = c;
			l.x[l.n] = (int16_t)x;
			l.y[l.n] = (int16_t)y;
			l.n++;
		}
	return score_list(&l, w, h, gx, gy, rules, out);
}

static hg_rules tab_rules(const hg_game *g, int tab)
{
	hg_rules r = {g->wilds, g->boiling, g->stacking == 2, g->board};
	if (g->mode == HG_MODE_DOROTHY) {
		r.board = 0; /* the human scores without bonuses, Dorothy has no gap */
		if (tab == 1)
			r.wilds = HG_WILDS_PORK;
	}
	return r;
}

int hg_score_tab(const hg_game *g, const hg_state *s, int tab, hg_score *out)
{
	const uint8_t *cells = hg_ccells(g, s, tab);
	const hg_tab *t = &s->tab[tab];
	hg_rules r = tab_rules(g, tab);
	cell_list l;
	int gx = -1, gy = -1, stride = hg_is_dorothy_tab(g, tab) ? 2 : g->grid;
	l.n = 0;
	for (int y = t->y0; y <= t->y1; y++)
		for (int x = t->x0; x <= t->x1 && l.n < MAXC; x++) {
			uint8_t c = cells[y * stride + x];
			if (HG_CODE(c) == HG_EMPTY)
				continue;
			if (HG_CODE(c) == HG_GAP) {
				gx = x - t->x0;
				gy = y - t->y0;
			}
			l.code[l.n] = c;
			l.x[l.n] = (int16_t)x;
			l.y[l.n] = (int16_t)y;
			l.n++;
		}
	if (t->x0 > t->x1) { /* Dorothy before her first domino */
		memset(out, 0, sizeof *out);
		return 0;
	}
	return score_list(&l, t->x1 - t->x0 + 1, t->y1 - t->y0 + 1, gx, gy, &r, out);
}

void hg_scores(const void *game, const void *state, double *scores)
{
	const hg_game *g = game;
	const hg_state *s = state;
	int tabs[HG_MAX_TABS];
	hg_score sc;
	for (int k = 0; k < g->tableaus; k++)
		tabs[k] = hg_score_tab(g, s, k, &sc);
	for (int p = 0; p < g->players; p++) {
		int v = tabs[p];
		if (g->spheres) {
			int other = g->players == 2 ? 2 * p + 1 : (p + g->players - 1) % g->players;
			v = g->players == 2 ? tabs[2 * p] : tabs[p];
			if (tabs[other] < v)
				v = tabs[other];
		}
		scores[p] = v;
	}
}

bool hg_score_has_parts(const hg_score *sc)
{
	for (int v = 1; v <= 6; v++)
		if (sc->value[v].regions)
			return true;
	return sc->complete || sc->centre || sc->corner;
}

size_t hg_format_score(const hg_game *g, const hg_score *sc, char *buf, size_t cap)
{
	size_t n = 0;
	const char *sep = "";
	if (cap)
		buf[0] = '\0';
#define OUT(...)                                                                  \
	do {                                                                      \
		int k_ = snprintf(buf + n, n < cap ? cap - n : 0, __VA_ARGS__);   \
		n += k_ > 0 ? (size_t)k_ : 0;                                     \
	} while (0)
	/* a list of figures joined by "; " (the terminal view wraps there) */
	for (int v = 1; v <= 6; v++) {
		const hg_value_score *vs = &sc->value[v];
		if (!vs->regions)
			continue;
		OUT("%s", sep);
		/* TRANSLATORS: the region of pip value %d (e.g. "2s:"), its figures follow */
		OUT(TR(g, "%ds:"), v);
		OUT(" ");
		OUT(TRN(g, "%d square", "%d squares", vs->squares), vs->squares);
		OUT(", ");
		OUT(TRN(g, "%d wild", "%d wilds", vs->wilds), vs->wilds);
		OUT(", x%d", vs->multiplier);
		if (vs->regions > 1)
			OUT(" %s", TR(g, "(several regions)"));
		OUT("%s = %d", vs->doubled ? " x2" : "", vs->points);
		sep = "; ";
	}
	if (sc->complete) {
		OUT("%s", sep);
		/* TRANSLATORS: bonus for a tableau without an empty square */
		OUT(TR(g, "complete +%d"), sc->complete);
		sep = "; ";
	}
	if (sc->centre) {
		OUT("%s", sep);
		/* TRANSLATORS: bonus for the start token (the gap) in the middle */
		OUT(TR(g, "centre gap +%d"), sc->centre);
		sep = "; ";
	}
	if (sc->corner) {
		OUT("%s", sep);
		/* TRANSLATORS: bonus for the start token (the gap) in a corner */
		OUT(TR(g, "corner gap +%d"), sc->corner);
		sep = "; ";
	}
	OUT("%s", sep);
	OUT(TR(g, "total %d"), sc->total);
#undef OUT
	if (n >= cap && cap)
		buf[cap - 1] = '\0';
	return n < cap ? n : (cap ? cap - 1 : 0);
}

/* The points of the last move: after a placement, how its tableau scores now; at the
 * end of the game, every tableau's final scoring; "" after picks, draws and discards. */
size_t hg_breakdown(const void *game, const void *state, char *buf, size_t cap)
{
	const hg_game *g = game;
	const hg_state *s = state;
	bool over = s->phase == HG_PH_END;
	size_t n = 0;
	if (cap)
		buf[0] = '\0';
	for (int k = 0; k < g->tableaus && n + 1 < cap; k++) {
		if (!over && !(s->last_placed && k == s->last_tab))
			continue;
		hg_score sc;
		char line[512];
		hg_score_tab(g, s, k, &sc);
		hg_format_score(g, &sc, line, sizeof line);
		int w = snprintf(buf + n, cap - n, "%s", n ? " | " : "");
		n += w > 0 ? (size_t)w : 0;
		if (n + 1 >= cap)
			break;
		w = snprintf(buf + n, cap - n, TR(g, "tableau %d: %s"), k + 1, line);
		n += w > 0 ? (size_t)w : 0;
	}
	return n < cap ? n : (cap ? cap - 1 : 0);
}

bool hg_end_text(const void *game, const void *state, char *buf, size_t cap)
{
	const hg_game *g = game;
	const hg_state *s = state;
	if (s->phase != HG_PH_END || !cap)
		return false;
	bones_text o = {buf, cap, 0};
	bones_text_printf(&o, "%s", TR(g, "every domino is placed or discarded: the boneyard "
					  "and the market are empty"));
	for (int k = 0; k < g->tableaus; k++) { /* the sheet: each tableau by value */
		hg_score sc;
		char line[512];
		hg_score_tab(g, s, k, &sc);
		hg_format_score(g, &sc, line, sizeof line);
		bones_text_printf(&o, "\n");
		bones_text_printf(&o, TR(g, "tableau %d: %s"), k + 1, line);
	}
	return true;
}
