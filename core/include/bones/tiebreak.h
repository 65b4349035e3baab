/* Swiss tiebreaks, as chess arbiters use them: Buchholz (the sum of the opponents'
 * points), median Buchholz (without the best and the worst opponent) and
 * Sonneborn-Berger (the opponents' points weighted by the result against each). For
 * games of three or four seats every other seat is an opponent, weighted 1/(seats-1),
 * so a game counts as much as a two-player game. Byes (one seat) have no opponent. */
#ifndef BONES_TIEBREAK_H
#define BONES_TIEBREAK_H

#include <stddef.h>

#include "bones/plugin.h"

/* One game: its seats' participants and how each finished (higher is better: points,
 * or minus the rank). Borrowed for the call. */
typedef struct bones_tiebreak_game {
	int seats;
	const int *who;         /* participant index of each seat, 0..players-1 */
	const double *standing; /* higher beats lower, equal draws */
} bones_tiebreak_game;

typedef struct bones_tiebreaks {
	double buchholz, median_buchholz, sonneborn_berger;
} bones_tiebreaks;

/* The tiebreaks of every participant (out[0..players)) given their total points.
 * BONES_ENOMEM when out of memory. */
bones_status bones_tiebreaks_compute(int players, const double *points,
				     const bones_tiebreak_game *games, size_t count,
				     bones_tiebreaks *out);

/* Order for standings: points, then Buchholz, Sonneborn-Berger, median Buchholz;
 * negative when a ranks before b. */
int bones_tiebreaks_compare(double points_a, const bones_tiebreaks *a, double points_b,
			    const bones_tiebreaks *b);

#endif /* BONES_TIEBREAK_H */
