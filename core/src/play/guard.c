/* The checks of plugin values; see bones/guard.h. Messages stay in English
 * words the records and results files keep, like forfeit reasons. */
#include "bones/guard.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

static void say(char *fault, size_t cap, const bones_plugin *p, const char *fmt, ...)
{
	if (!cap)
		return;
	int n = snprintf(fault, cap, "plugin '%s': ", p->id);
	if (n < 0 || (size_t)n >= cap)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(fault + n, cap - (size_t)n, fmt, ap);
	va_end(ap);
}

bones_status bones_guard_info(const bones_plugin *p, const bones_game_info *info, char *err,
			      size_t errcap)
{
	if (info->players < 1 || info->players > BONES_GUARD_MAX_PLAYERS)
		say(err, errcap, p, "configure announced %d players (1..%d)", info->players,
		    BONES_GUARD_MAX_PLAYERS);
	else if (info->state_size == 0)
		say(err, errcap, p, "configure announced a state_size of 0 bytes");
	else if (info->max_moves == 0)
		say(err, errcap, p, "configure announced max_moves 0");
	else
		return BONES_OK;
	return BONES_EABI;
}

int bones_guard_to_move(const bones_plugin *p, const void *game, const bones_game_info *info,
			const void *state, char *fault, size_t faultcap)
{
	int who = p->to_move(game, state);
	if ((who >= 0 && who < info->players) || who == BONES_CHANCE || who == BONES_TERMINAL)
		return who;
	say(fault, faultcap, p, "to_move returned %d (a player is 0..%d)", who, info->players - 1);
	return BONES_TERMINAL;
}

/* Probabilities must be a distribution the host can draw from. */
static bool probs_fine(const double *probs, size_t n)
{
	double sum = 0;
	for (size_t i = 0; i < n; i++) {
		if (!isfinite(probs[i]) || probs[i] < 0)
			return false;
		sum += probs[i];
	}
	return sum > 0 && isfinite(sum);
}

size_t bones_guard_legal_moves(const bones_plugin *p, const void *game, const void *state,
			       bones_move *moves, double *probs, size_t cap, char *fault,
			       size_t faultcap)
{
	size_t n = p->legal_moves(game, state, moves, probs, cap);
	if (n > cap) {
		say(fault, faultcap, p, "legal_moves returned %zu moves (max_moves is %zu)", n,
		    cap);
		return 0;
	}
	if (probs && n && p->to_move(game, state) == BONES_CHANCE && !probs_fine(probs, n)) {
		say(fault, faultcap, p,
		    "legal_moves gave chance probabilities that are not a "
		    "distribution (negative, not finite or all 0)");
		return 0;
	}
	return n;
}

bool bones_guard_scores(const bones_plugin *p, const void *game, const bones_game_info *info,
			const void *state, double *scores, char *fault, size_t faultcap)
{
	p->scores(game, state, scores);
	for (int i = 0; i < info->players; i++)
		if (!isfinite(scores[i])) {
			say(fault, faultcap, p, "scores returned %g for player %d", scores[i],
			    i + 1);
			for (int k = 0; k < info->players; k++)
				scores[k] = 0;
			return false;
		}
	return true;
}
