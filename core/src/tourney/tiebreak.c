/* Swiss tiebreaks; see bones/tiebreak.h. */
#include "bones/tiebreak.h"

#include <stdlib.h>
#include <string.h>

/* Each participant's list of (opponent's points x weight), for the median Buchholz. */
typedef struct opp_list {
	double *v;
	size_t n, cap;
} opp_list;

static bool push(opp_list *l, double x)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 8;
		double *v = realloc(l->v, cap * sizeof *v);
		if (!v)
			return false;
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n++] = x;
	return true;
}

static double median_buchholz(const opp_list *l)
{
	double sum = 0, lo = 0, hi = 0;
	for (size_t k = 0; k < l->n; k++) {
		sum += l->v[k];
		if (!k || l->v[k] < lo)
			lo = l->v[k];
		if (!k || l->v[k] > hi)
			hi = l->v[k];
	}
	return l->n >= 3 ? sum - lo - hi : sum;
}

bones_status bones_tiebreaks_compute(int players, const double *points,
				     const bones_tiebreak_game *games, size_t count,
				     bones_tiebreaks *out)
{
	opp_list *lists = calloc((size_t)(players > 0 ? players : 1), sizeof *lists);
	if (!lists)
		return BONES_ENOMEM;
	memset(out, 0, (size_t)players * sizeof *out);
	bones_status st = BONES_OK;
	for (size_t g = 0; g < count && !st; g++) {
		const bones_tiebreak_game *game = &games[g];
		if (game->seats < 2)
			continue;
		double w = 1.0 / (game->seats - 1);
		for (int i = 0; i < game->seats; i++) {
			int a = game->who[i];
			for (int j = 0; j < game->seats; j++) {
				int b = game->who[j];
				if (i == j || a < 0 || b < 0 || a >= players || b >= players)
					continue;
				double result = game->standing[i] > game->standing[j]	   ? 1
						: game->standing[i] == game->standing[j] ? 0.5
											 : 0;
				out[a].buchholz += w * points[b];
				out[a].sonneborn_berger += w * result * points[b];
				if (!push(&lists[a], w * points[b]))
					st = BONES_ENOMEM;
			}
		}
	}
	for (int i = 0; i < players; i++) {
		out[i].median_buchholz = median_buchholz(&lists[i]);
		free(lists[i].v);
	}
	free(lists);
	return st;
}

static int cmp(double a, double b)
{
	return a > b ? -1 : a < b ? 1 : 0;
}

int bones_tiebreaks_compare(double points_a, const bones_tiebreaks *a, double points_b,
			    const bones_tiebreaks *b)
{
	int c = cmp(points_a, points_b);
	if (!c)
		c = cmp(a->buchholz, b->buchholz);
	if (!c)
		c = cmp(a->sonneborn_berger, b->sonneborn_berger);
	if (!c)
		c = cmp(a->median_buchholz, b->median_buchholz);
	return c;
}
