/* Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2012): a rating, its
 * deviation and its volatility, updated once per rating period from the games of that
 * period. The server's ladders (frontends/web/web_ratings.c) take one game per period. */
#ifndef BONES_GLICKO2_H
#define BONES_GLICKO2_H

#include <stddef.h>

#define BONES_GLICKO2_RATING 1500.0   /* a new player's rating ... */
#define BONES_GLICKO2_DEVIATION 350.0 /* ... deviation ... */
#define BONES_GLICKO2_VOLATILITY 0.06 /* ... and volatility */
#define BONES_GLICKO2_TAU 0.5         /* the system constant: how fast volatility moves */

/* A player's standing on the Glicko scale (a small value). */
typedef struct bones_glicko2 {
	double rating;     /* r, 1500 for a newcomer */
	double deviation;  /* RD: the rating's uncertainty, 350 for a newcomer */
	double volatility; /* sigma: how erratic the player's results are */
} bones_glicko2;

/* One game of the period as seen by the player: the opponent's standing before the
 * period and the player's score against them (1 win, 0.5 draw, 0 loss). */
typedef struct bones_glicko2_game {
	double rating, deviation;
	double score;
} bones_glicko2_game;

/* A newcomer: 1500, 350, 0.06. */
void bones_glicko2_init(bones_glicko2 *p);
/* p after one rating period with games[0..n-1] (n 0: the deviation alone grows), tau
 * the system constant (BONES_GLICKO2_TAU). The deviation stays at most 350. */
void bones_glicko2_update(bones_glicko2 *p, const bones_glicko2_game *games, size_t n,
			  double tau);

#endif /* BONES_GLICKO2_H */
