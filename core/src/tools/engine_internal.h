/* Internal to the engine (engine.c, engine_redeal.c): repairing a determinisation. A
 * tournament host sends outcomes this seat may not see masked ("deal:?"); the engine
 * fills them in at random, and a later move may show that a guess was wrong. */
#ifndef BONES_ENGINE_REDEAL_H
#define BONES_ENGINE_REDEAL_H

#include <stdbool.h>
#include <stdint.h>

#include "bones/session.h"

/* What the repaired history must allow at its end. */
typedef struct bones_redeal_goal {
	const char *text; /* a move or outcome that must be legal there, or NULL */
	int seat;         /* the player who must be to move there, or -1 */
} bones_redeal_goal;

/* Change the guesses of the history (masked[i] is true for an entry the engine guessed)
 * so that every other entry still replays and the goal holds at the end. A local search
 * directed by the first entry that fails: it changes one guess at a time to another
 * outcome of the same prefix ("deal:"), swapping with a later guess of that outcome,
 * keeps changes that let more of the history replay, and starts again from fresh random
 * guesses when it stops making progress; seed makes it repeatable. It stops after
 * budget history entries replayed (0: 4 million), never by the clock, so that its
 * result is the same on an idle and a loaded machine. On success the history is
 * rewritten (the goal's text is not played) and BONES_OK returned; otherwise the
 * session is as before and BONES_EILLEGAL is returned. */
bones_status bones_engine_redeal(bones_session *s, const bool *masked, bones_redeal_goal goal,
				 uint64_t seed, long budget);

#endif /* BONES_ENGINE_REDEAL_H */
