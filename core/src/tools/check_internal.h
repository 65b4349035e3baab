/* Shared between check.c (configurations, reports, records) and check_game.c (the
 * checks along one random game). Not a public header. */
#ifndef BONES_CHECK_INTERNAL_H
#define BONES_CHECK_INTERNAL_H

#include "bones/check.h"
#include "bones/rng.h"

#define CHECK_POOL 256      /* moves remembered from earlier states */
#define CHECK_TEXTS 16      /* notations remembered from earlier states */
#define CHECK_OBS_CAP 65536 /* observation text buffer */

/* One configuration being checked. */
typedef struct checker {
	const bones_plugin *p;
	const void *game;
	bones_game_info info;
	const char *label;         /* "default (players=2 ...)" for messages */
	size_t limit;              /* moves before a game counts as endless */
	bones_check_report *rep;
	unsigned char *a, *b, *c;  /* the state from 0x00- and 0xa5-filled buffers, a clone */
	unsigned char *t, *u;      /* scratch states */
	bones_move *moves, *moves2; /* max_moves + 2 (a probe, a sentinel) */
	double *probs;
	char *obs1, *obs2;          /* CHECK_OBS_CAP each */
	bones_move pool[CHECK_POOL];
	size_t pool_len;
	char texts[CHECK_TEXTS][BONES_MOVE_TEXT_MAX];
	size_t text_len;
	bones_move *history;        /* the moves of the current game */
	size_t len, cap;
	bones_rng rng;              /* the current game's choices */
	bones_rng aux;              /* everything else random: probes, resampling */
	uint64_t seed;              /* the current game's seed */
	size_t index;               /* the current game's number, from 1 */
} checker;

/* Allocate the scratch buffers for ck->info; false when out of memory. */
bool bones_check_alloc(checker *ck);
void bones_check_free(checker *ck);

/* Play and check one random game from seed. On failure returns false with the message
 * in ck->rep->failure and the moves made so far in ck->history[0..len). */
bool bones_check_game(checker *ck, uint64_t seed);

/* Play the last game again from its seed without checks: same moves, same end. */
bool bones_check_replay(checker *ck);

#endif /* BONES_CHECK_INTERNAL_H */
