/* The host's checks of what a plugin returns, in one place: who is to move, how
 * many moves it listed, chance probabilities, scores and the sizes configure
 * announced. A value out of range is never used: the check writes the fault,
 * naming the plugin, the call and the value ("plugin 'x': to_move returned 7 (a
 * player is 0..1)"), and answers something safe instead. Sessions and agents
 * call these rather than the plugin. */
#ifndef BONES_GUARD_H
#define BONES_GUARD_H

#include "bones/plugin.h"

/* A game's info as configure filled it: players 1..BONES_GUARD_MAX_PLAYERS, a
 * state of at least one byte, max_moves >= 1. BONES_EABI with err written when
 * not. */
#define BONES_GUARD_MAX_PLAYERS 64
bones_status bones_guard_info(const bones_plugin *p, const bones_game_info *info, char *err,
			      size_t errcap);

/* to_move, checked: a player of info, BONES_CHANCE or BONES_TERMINAL. Anything
 * else writes the fault and answers BONES_TERMINAL (nobody is asked to move).
 */
int bones_guard_to_move(const bones_plugin *p, const void *game, const bones_game_info *info,
			const void *state, char *fault, size_t faultcap);

/* legal_moves into moves[0..cap) (probs too at a chance node when not NULL),
 * checked: a count above cap, or a probability that is negative, not finite, or
 * all zero, writes the fault and answers 0, so nothing past the buffer is ever
 * read. */
size_t bones_guard_legal_moves(const bones_plugin *p, const void *game, const void *state,
			       bones_move *moves, double *probs, size_t cap, char *fault,
			       size_t faultcap);

/* scores into scores[info->players], checked: a score that is not finite writes
 * the fault and every score reads 0. Returns false on a fault. */
bool bones_guard_scores(const bones_plugin *p, const void *game, const bones_game_info *info,
			const void *state, double *scores, char *fault, size_t faultcap);

#endif /* BONES_GUARD_H */
