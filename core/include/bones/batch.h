/* Many games of one configuration stepped at once, for learning agents (self-play):
 * dense actions in, legal actions, masks, observation tensors, returns and who is to
 * move out, each into one contiguous caller-owned buffer; chance resolved by the batch
 * from its seed, so a state is always at a player's turn or over. The Python package's
 * game.new_initial_states(N) (docs/python.md) is this. */
#ifndef BONES_BATCH_H
#define BONES_BATCH_H

#include <stdint.h>

#include "bones/session.h"

typedef struct bones_batch bones_batch;

/* n (>= 1) initial states of the game configured in s, chance resolved: state i draws
 * its chance from seed and i, the same games for the same seed. s is borrowed and must
 * outlive the batch; the plugin must offer "bones.actions/1". BONES_EINVAL (n of 0, no
 * dense actions), BONES_ENOMEM, BONES_EABI (the plugin's fault), with err written. */
bones_status bones_batch_create(const bones_session *s, size_t n, uint64_t seed,
				bones_batch **out, char *err, size_t errcap);
void bones_batch_destroy(bones_batch *b);

size_t bones_batch_size(const bones_batch *b);    /* n */
size_t bones_batch_actions(const bones_batch *b); /* A: actions are 0..A-1 */
/* The state of game i (0..n-1): plugin bytes of the session's state_size, owned by b,
 * valid until the next call that steps or resets b. */
const void *bones_batch_state(const bones_batch *b, size_t i);

/* Restart the games i with which[i] != 0 (every game when which is NULL) from a new
 * initial state, chance resolved; their number returned. */
size_t bones_batch_reset(bones_batch *b, const uint8_t *which);
/* Restart the games that are over; which[0..n) (when not NULL) gets 1 for each. Their
 * number returned. */
size_t bones_batch_reset_over(bones_batch *b, uint8_t *which);

/* Play actions[i] in game i, then resolve chance; the action of a game that is over is
 * ignored. BONES_ERANGE, nothing played, when an action of a game to move is out of
 * 0..A-1; BONES_EILLEGAL when one is not legal: that game is left as it was, every other
 * one played; err names the first such game. BONES_EABI on the plugin's fault. */
bones_status bones_batch_apply(bones_batch *b, const int32_t *actions, char *err,
			       size_t errcap);

/* Who is to move in each game into players[0..n): a seat from 0, or BONES_TERMINAL. */
void bones_batch_players(bones_batch *b, int32_t *players);

/* The legal actions of every game, in the plugin's order (not sorted), one after the
 * other into
 * actions[0..n * max_moves) (caller-owned, max_moves from the session's info), game i's
 * at actions[offsets[i] .. offsets[i + 1]) (offsets: n + 1 entries; none for a game that
 * is over). BONES_EABI with err written on the plugin's fault. */
bones_status bones_batch_legal(bones_batch *b, int32_t *actions, int64_t *offsets,
			       char *err, size_t errcap);
/* The legal actions as a mask of n x A bytes, 1 for legal (all 0 for a game that is
 * over). BONES_EABI with err written on the plugin's fault. */
bones_status bones_batch_mask(bones_batch *b, uint8_t *mask, char *err, size_t errcap);

/* Utilities of every game into returns[n x players], zero-sum in [-1, 1] at the end of
 * a game (the players ranked below less those above, over players - 1), 0 before. */
bones_status bones_batch_returns(bones_batch *b, double *returns, char *err,
				 size_t errcap);

/* The plugin's observation tensors ("bones.observation/1", bones/observe.h) into
 * values[n x count]: game i seen by viewers[i] (a seat, or -1 a spectator), or by its
 * player to move when viewers is NULL (a spectator once it is over). BONES_EINVAL when
 * the plugin offers none, or a viewer out of range, with err written. count: below. */
bones_status bones_batch_observe(bones_batch *b, const int32_t *viewers, float *values,
				 char *err, size_t errcap);
/* Floats in one game's observation tensor; 0 when the plugin offers none. */
size_t bones_batch_observation_size(const bones_batch *b);

/* The first fault of the plugin the batch met ("plugin 'x': ..."), or NULL. */
const char *bones_batch_fault(const bones_batch *b);

#endif /* BONES_BATCH_H */
