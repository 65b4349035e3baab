/* The sequential probability ratio test of engine testing (cutechess-cli, fastchess,
 * fishtest): play A against B until the results say, with error rates alpha and beta,
 * whether A is elo0 or elo1 Elo stronger. The log-likelihood ratio is the generalised
 * SPRT's normal approximation on the logistic Elo scale,
 *     LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v),   s = 1 / (1 + 10^(-elo/400)),
 * over N results of mean m and variance v: single games (scores 0, 1/2, 1), or with
 * duplicate deals the pairs of games on one deal (pentanomial: 0, 1/4, .. 1), whose
 * correlated luck then cancels. The test stops when LLR leaves
 * [log(beta / (1 - alpha)), log((1 - beta) / alpha)]. */
#ifndef BONES_SPRT_H
#define BONES_SPRT_H

#include <stdbool.h>
#include <stddef.h>

#include "bones/plugin.h"

typedef struct bones_sprt {
	double elo0, elo1;   /* the hypotheses H0 and H1, elo0 < elo1 */
	double alpha, beta;  /* false positive and false negative rates */
} bones_sprt;

typedef enum bones_sprt_verdict {
	BONES_SPRT_RUNNING,  /* no decision yet */
	BONES_SPRT_H0,       /* accept H0: A is elo0 stronger (or less) */
	BONES_SPRT_H1        /* accept H1: A is elo1 stronger (or more) */
} bones_sprt_verdict;

/* Results so far: count, sum and sum of squares of the scores (games or pairs). */
typedef struct bones_sprt_totals {
	double n, sum, sumsq;
} bones_sprt_totals;

typedef struct bones_sprt_state {
	double llr, lower, upper;
	double score;        /* A's mean score so far */
	double results;      /* games or pairs counted */
	bones_sprt_verdict verdict;
} bones_sprt_state;

/* Parse "elo0=0 elo1=5 alpha=0.05 beta=0.05" (alpha and beta default to 0.05). On
 * error why says which word is wrong. */
bones_status bones_sprt_parse(const char *text, bones_sprt *out, char *why, size_t whycap);

void bones_sprt_add(bones_sprt_totals *t, double score);
void bones_sprt_evaluate(const bones_sprt *s, const bones_sprt_totals *t,
			 bones_sprt_state *out);

/* "H1 accepted", "H0 accepted" or "running". */
const char *bones_sprt_verdict_name(bones_sprt_verdict v);

/* One line: "SPRT elo0=0 elo1=5 alpha=0.05 beta=0.05: H1 accepted: LLR 2.97 in
 * (-2.94, 2.94), A scored 0.712 over 812 games" (unit: "games" or "pairs"). */
size_t bones_sprt_format(const bones_sprt *s, const bones_sprt_state *st, const char *unit,
			 char *buf, size_t cap);

#endif /* BONES_SPRT_H */
