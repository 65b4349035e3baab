/* Ratings from game results: a Bradley-Terry maximum-likelihood fit on the Elo scale
 * with 95% intervals from the observed information. Multi-player games enter as their
 * pairwise results by rank (each pair: the better rank wins, equal ranks draw). */
#ifndef BONES_RATING_H
#define BONES_RATING_H

#include <stdbool.h>
#include <stddef.h>

#include "bones/plugin.h"

typedef struct bones_rating bones_rating;

/* A fit over n players (0-based indices). NULL when out of memory. */
bones_rating *bones_rating_create(int n);
void bones_rating_destroy(bones_rating *r);

/* One pairwise result: score_a is 1 (a won), 0.5 (draw) or 0 (b won). */
void bones_rating_add_pair(bones_rating *r, int a, int b, double score_a);
/* One game: ranks[i] of players[i] (1 best), decomposed into pairs. */
void bones_rating_add_game(bones_rating *r, int seats, const int *players, const int *ranks);

/* Fit. When the results leave some rating unbounded (a player who never lost or never
 * won within a group), every pair that met gets `prior` virtual draws (e.g. 1) and
 * *regularised tells so. The ratings average 0. */
bones_status bones_rating_fit(bones_rating *r, double prior, bool *regularised);

/* Elo of player i (400 * log10 of the Bradley-Terry strength, mean 0) and the half
 * width of its 95% interval (1.96 standard errors; 0 for a player with no games). */
double bones_rating_elo(const bones_rating *r, int i);
double bones_rating_error(const bones_rating *r, int i);
/* Games (pairwise results) player i took part in. */
double bones_rating_games(const bones_rating *r, int i);

/* One pair's results as cutechess-cli and fastchess report them: the Elo difference of
 * the first's score (w + d/2) / n with the half width of its 95% interval (the
 * trinomial standard error of the mean score, mapped through the Elo curve) and the
 * likelihood of superiority. NAN for what is not defined: no games, a score of 0 or 1
 * (elo), an interval that reaches them (error), no decisive game (los). */
void bones_rating_pair(int wins, int draws, int losses, double *elo, double *error,
		       double *los);

#endif /* BONES_RATING_H */
