/* Bradley-Terry ratings: the minorisation-maximisation fit of Hunter (2004) with draws
 * as half wins, standard errors from the inverse observed information under the
 * constraint that log-strengths average 0; see bones/rating.h. */
#include "bones/rating.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ELO_PER_NAT (400.0 / 2.302585092994046) /* 400 / ln 10 */

struct bones_rating {
	int n;
	double *wins;  /* n x n: points of i against j */
	double *games; /* n x n: games between i and j (symmetric) */
	double *theta; /* n: natural log-strengths, mean 0 over players with games */
	double *err;   /* n: 1.96 standard errors, Elo */
};

bones_rating *bones_rating_create(int n)
{
	bones_rating *r = calloc(1, sizeof *r);
	size_t nn = (size_t)(n > 0 ? n : 1);
	if (!r)
		return NULL;
	r->n = n;
	r->wins = calloc(nn * nn, sizeof *r->wins);
	r->games = calloc(nn * nn, sizeof *r->games);
	r->theta = calloc(nn, sizeof *r->theta);
	r->err = calloc(nn, sizeof *r->err);
	if (!r->wins || !r->games || !r->theta || !r->err) {
		bones_rating_destroy(r);
		return NULL;
	}
	return r;
}

void bones_rating_destroy(bones_rating *r)
{
	if (!r)
		return;
	free(r->wins);
	free(r->games);
	free(r->theta);
	free(r->err);
	free(r);
}

void bones_rating_add_pair(bones_rating *r, int a, int b, double score_a)
{
	if (a < 0 || b < 0 || a >= r->n || b >= r->n || a == b)
		return;
	r->wins[a * r->n + b] += score_a;
	r->wins[b * r->n + a] += 1.0 - score_a;
	r->games[a * r->n + b] += 1;
	r->games[b * r->n + a] += 1;
}

void bones_rating_add_game(bones_rating *r, int seats, const int *players, const int *ranks)
{
	for (int i = 0; i < seats; i++)
		for (int j = i + 1; j < seats; j++)
			bones_rating_add_pair(r, players[i], players[j],
					      ranks[i] < ranks[j] ? 1.0 : ranks[i] == ranks[j] ? 0.5 : 0);
}

/* Whether every player with games reaches every other through "scored against". */
static bool strongly_connected(const bones_rating *r, const double *wins)
{
	int n = r->n;
	bool *seen = calloc((size_t)n, sizeof *seen);
	int *stack = calloc((size_t)n, sizeof *stack);
	bool ok = seen && stack;
	for (int s = 0; ok && s < n; s++) {
		memset(seen, 0, (size_t)n * sizeof *seen);
		int top = 0;
		stack[top++] = s;
		seen[s] = true;
		while (top) {
			int i = stack[--top];
			for (int j = 0; j < n; j++)
				if (!seen[j] && wins[i * n + j] > 0) {
					seen[j] = true;
					stack[top++] = j;
				}
		}
		for (int j = 0; j < n; j++)
			if (!seen[j] && bones_rating_games(r, j) > 0 && bones_rating_games(r, s) > 0)
				ok = false;
	}
	free(seen);
	free(stack);
	return ok;
}

static void mm_fit(bones_rating *r, const double *wins, const double *games, double *gamma)
{
	int n = r->n;
	for (int i = 0; i < n; i++)
		gamma[i] = 1;
	for (int iter = 0; iter < 100000; iter++) {
		double change = 0, logsum = 0;
		int active = 0;
		for (int i = 0; i < n; i++) {
			double w = 0, d = 0;
			for (int j = 0; j < n; j++) {
				w += wins[i * n + j];
				if (games[i * n + j] > 0)
					d += games[i * n + j] / (gamma[i] + gamma[j]);
			}
			if (d <= 0)
				continue;
			double g = w / d;
			change = fmax(change, fabs(log(g) - log(gamma[i])));
			gamma[i] = g;
			logsum += log(g);
			active++;
		}
		for (int i = 0; i < n && active; i++)
			gamma[i] /= exp(logsum / active);
		if (change < 1e-12)
			break;
	}
}

/* Invert the m x m matrix a in place (Gauss-Jordan, partial pivoting). */
static bool invert(double *a, int m)
{
	double *inv = calloc((size_t)(m * m), sizeof *inv);
	if (!inv)
		return false;
	for (int i = 0; i < m; i++)
		inv[i * m + i] = 1;
	for (int c = 0; c < m; c++) {
		int p = c;
		for (int i = c + 1; i < m; i++)
			if (fabs(a[i * m + c]) > fabs(a[p * m + c]))
				p = i;
		if (fabs(a[p * m + c]) < 1e-300) {
			free(inv);
			return false;
		}
		for (int k = 0; k < m; k++) {
			double t = a[c * m + k];
			a[c * m + k] = a[p * m + k];
			a[p * m + k] = t;
			t = inv[c * m + k];
			inv[c * m + k] = inv[p * m + k];
			inv[p * m + k] = t;
		}
		double d = a[c * m + c];
		for (int k = 0; k < m; k++) {
			a[c * m + k] /= d;
			inv[c * m + k] /= d;
		}
		for (int i = 0; i < m; i++) {
			double f = a[i * m + c];
			if (i == c || f == 0)
				continue;
			for (int k = 0; k < m; k++) {
				a[i * m + k] -= f * a[c * m + k];
				inv[i * m + k] -= f * inv[c * m + k];
			}
		}
	}
	memcpy(a, inv, (size_t)(m * m) * sizeof *a);
	free(inv);
	return true;
}

/* Errors: cov = (H + 1 1')^-1 - 1 1' / m^2 over the m players with games, H the
 * observed information of the log-strengths. */
static void errors(bones_rating *r, const double *games, const double *gamma)
{
	int n = r->n, m = 0, idx[4096];
	for (int i = 0; i < n && m < 4096; i++)
		if (bones_rating_games(r, i) > 0)
			idx[m++] = i;
	double *h = calloc((size_t)(m * m) + 1, sizeof *h);
	if (!h)
		return;
	for (int a = 0; a < m; a++)
		for (int b = 0; b < m; b++) {
			int i = idx[a], j = idx[b];
			if (a == b)
				continue;
			double p = gamma[i] / (gamma[i] + gamma[j]);
			double v = games[i * n + j] * p * (1 - p);
			h[a * m + b] -= v;
			h[a * m + a] += v;
		}
	for (int k = 0; k < m * m; k++)
		h[k] += 1;
	if (invert(h, m))
		for (int a = 0; a < m; a++) {
			double var = h[a * m + a] - 1.0 / ((double)m * m);
			r->err[idx[a]] = var > 0 ? 1.96 * sqrt(var) * ELO_PER_NAT : 0;
		}
	free(h);
}

bones_status bones_rating_fit(bones_rating *r, double prior, bool *regularised)
{
	int n = r->n;
	size_t nn = (size_t)(n > 0 ? n * n : 1);
	double *wins = malloc(nn * sizeof *wins), *games = malloc(nn * sizeof *games);
	double *gamma = calloc((size_t)(n > 0 ? n : 1), sizeof *gamma);
	if (!wins || !games || !gamma) {
		free(wins);
		free(games);
		free(gamma);
		return BONES_ENOMEM;
	}
	memcpy(wins, r->wins, nn * sizeof *wins);
	memcpy(games, r->games, nn * sizeof *games);
	*regularised = n > 0 && !strongly_connected(r, wins) && prior > 0;
	for (size_t k = 0; *regularised && k < nn; k++)
		if (games[k] > 0) {
			wins[k] += prior / 2;
			games[k] += prior;
		}
	mm_fit(r, wins, games, gamma);
	for (int i = 0; i < n; i++) {
		r->theta[i] = gamma[i] > 0 ? log(gamma[i]) : 0;
		r->err[i] = 0;
	}
	errors(r, games, gamma);
	free(wins);
	free(games);
	free(gamma);
	return BONES_OK;
}

double bones_rating_elo(const bones_rating *r, int i)
{
	return r->theta[i] * ELO_PER_NAT;
}

double bones_rating_error(const bones_rating *r, int i)
{
	return r->err[i];
}

double bones_rating_games(const bones_rating *r, int i)
{
	double g = 0;
	for (int j = 0; j < r->n; j++)
		g += r->games[i * r->n + j];
	return g;
}

static double elo_of(double s)
{
	return -400.0 * log10(1.0 / s - 1.0);
}

void bones_rating_pair(int wins, int draws, int losses, double *elo, double *error,
		       double *los)
{
	int n = wins + draws + losses;
	*elo = *error = *los = NAN;
	if (wins + losses)
		*los = 0.5 * (1 + erf((wins - losses) / sqrt(2.0 * (wins + losses))));
	double s = n ? (wins + 0.5 * draws) / n : 0;
	if (!n || s <= 0 || s >= 1)
		return;
	double var = (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) +
		      losses * s * s) / n;
	double half = 1.959963985 * sqrt(var / n), lo = s - half, hi = s + half;
	*elo = elo_of(s);
	if (lo > 0 && hi < 1)
		*error = (elo_of(hi) - elo_of(lo)) / 2;
}
