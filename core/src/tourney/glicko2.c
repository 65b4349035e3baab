/* Glicko-2 (glicko2.h), step by step as in Glickman's 2012 paper: the Glicko-2 scale,
 * v and delta from the period's games, the new volatility by the Illinois algorithm
 * (step 5.1-5.5), then the new deviation and rating. */
#include "bones/glicko2.h"

#include <math.h>

#define SCALE 173.7178 /* Glicko to Glicko-2: (r - 1500) / SCALE */
#define EPSILON 0.000001 /* the paper's convergence tolerance */
#define PI 3.14159265358979323846

void bones_glicko2_init(bones_glicko2 *p)
{
	p->rating = BONES_GLICKO2_RATING;
	p->deviation = BONES_GLICKO2_DEVIATION;
	p->volatility = BONES_GLICKO2_VOLATILITY;
}

static double g_of(double phi)
{
	return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (PI * PI));
}

/* f(x) of step 5. */
static double f_of(double x, double delta, double phi, double v, double a, double tau)
{
	double ex = exp(x), d = phi * phi + v + ex;
	return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

/* Step 5: the new volatility. */
static double new_volatility(double sigma, double phi, double v, double delta, double tau)
{
	double a = log(sigma * sigma), big_a = a, big_b;
	if (delta * delta > phi * phi + v) {
		big_b = log(delta * delta - phi * phi - v);
	} else {
		int k = 1;
		while (f_of(a - k * tau, delta, phi, v, a, tau) < 0 && k < 1000)
			k++;
		big_b = a - k * tau;
	}
	double fa = f_of(big_a, delta, phi, v, a, tau), fb = f_of(big_b, delta, phi, v, a, tau);
	for (int i = 0; fabs(big_b - big_a) > EPSILON && i < 1000; i++) {
		double c = big_a + (big_a - big_b) * fa / (fb - fa), fc = f_of(c, delta, phi, v, a, tau);
		if (fc * fb <= 0)
			big_a = big_b, fa = fb;
		else
			fa /= 2.0;
		big_b = c, fb = fc;
	}
	return exp(big_a / 2.0);
}

void bones_glicko2_update(bones_glicko2 *p, const bones_glicko2_game *games, size_t n,
			  double tau)
{
	double mu = (p->rating - BONES_GLICKO2_RATING) / SCALE, phi = p->deviation / SCALE;
	if (!n) { /* no games: only the uncertainty grows */
		phi = sqrt(phi * phi + p->volatility * p->volatility);
		p->deviation = fmin(phi * SCALE, BONES_GLICKO2_DEVIATION);
		return;
	}
	double inv_v = 0, sum = 0;
	for (size_t j = 0; j < n; j++) {
		double mu_j = (games[j].rating - BONES_GLICKO2_RATING) / SCALE;
		double g = g_of(games[j].deviation / SCALE);
		double e = 1.0 / (1.0 + exp(-g * (mu - mu_j)));
		inv_v += g * g * e * (1.0 - e);
		sum += g * (games[j].score - e);
	}
	double v = 1.0 / inv_v, delta = v * sum;
	double sigma = new_volatility(p->volatility, phi, v, delta, tau);
	double phi_star = sqrt(phi * phi + sigma * sigma);
	double phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + inv_v);
	mu += phi_new * phi_new * sum;
	p->rating = mu * SCALE + BONES_GLICKO2_RATING;
	p->deviation = fmin(phi_new * SCALE, BONES_GLICKO2_DEVIATION);
	p->volatility = sigma;
}
