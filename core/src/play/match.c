/* Match play bookkeeping; see bones/match.h. */
#include "bones/match.h"

#include <math.h>
#include <string.h>

bones_status bones_match_init(bones_match *match, int players, int games, bool low_wins)
{
	memset(match, 0, sizeof *match);
	if (players < 1 || players > BONES_MATCH_MAX_PLAYERS || games < 1)
		return BONES_EINVAL;
	match->players = players;
	match->games = games;
	match->low_wins = low_wins;
	return BONES_OK;
}

bones_status bones_match_set_target(bones_match *match, double target)
{
	if (!(target > 0) || !isfinite(target))
		return BONES_EINVAL;
	match->target = target;
	return BONES_OK;
}

int bones_match_seat(const bones_match *match, int game, int participant)
{
	int n = match->players;
	return ((participant - game) % n + n) % n;
}

int bones_match_participant(const bones_match *match, int game, int seat)
{
	return (seat + game) % match->players;
}

bones_status bones_match_add(bones_match *match, const double *seat_scores,
			     const int *seat_ranks)
{
	if (bones_match_over(match))
		return BONES_ERANGE;
	for (int seat = 0; seat < match->players; seat++) {
		int p = bones_match_participant(match, match->played, seat);
		match->total[p] += seat_scores[seat];
		match->wins[p] += seat_ranks[seat] == 1;
	}
	match->played++;
	return BONES_OK;
}

bool bones_match_target_reached(const bones_match *match)
{
	for (int p = 0; match->target > 0 && p < match->players; p++)
		if (match->total[p] >= match->target)
			return true;
	return false;
}

bool bones_match_over(const bones_match *match)
{
	return match->played >= match->games || bones_match_target_reached(match);
}

void bones_match_ranks(const bones_match *match, int *ranks)
{
	for (int p = 0; p < match->players; p++) {
		ranks[p] = 1;
		for (int q = 0; q < match->players; q++) {
			double a = match->total[p], b = match->total[q];
			ranks[p] += match->low_wins ? b < a : b > a;
		}
	}
}
