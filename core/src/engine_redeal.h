/* Internal to the engine (engine.c, engine_redeal.c): repairing a determinisation. A
 * tournament host sends outcomes this seat may not see masked ("deal:?"); the engine
 * fills them in at random, and a later move may show that a guess was wrong. */
#ifndef BONES_ENGINE_REDEAL_H
#define BONES_ENGINE_REDEAL_H

#include <stdbool.h>

#include "bones/session.h"

/* Make `text` playable by changing one masked outcome of the history (masked[i] is true
 * for an entry the engine guessed): for each guess, latest first, each other outcome of
 * the same prefix is tried with the rest of the history replayed (later guesses chosen
 * again when they no longer fit). On success the history is rewritten and text played;
 * otherwise the session is as before and BONES_EILLEGAL is returned. scratch holds
 * info.max_moves moves. */
bones_status bones_engine_redeal(bones_session *s, const bool *masked, const char *text,
				 bones_move *scratch);

#endif /* BONES_ENGINE_REDEAL_H */
