/* Internal to the engine (engine.c, engine_redeal.c, engine_lost.c): repairing a
 * determinisation. A tournament host sends outcomes this seat may not see masked
 * ("deal:?"); the engine fills them in at random, and a later move may show that a guess
 * was wrong. */
#ifndef BONES_ENGINE_REDEAL_H
#define BONES_ENGINE_REDEAL_H

#include <stdbool.h>
#include <stdint.h>

#include "bones/agent.h"
#include "bones/engine.h"
#include "bones/preset.h"
#include "bones/rng.h"
#include "bones/session.h"

/* History entries a repair replays at most, by default (about a second). */
#define BONES_ENGINE_REPAIR_DEFAULT 4000000L

struct bones_engine {
	bones_registry *reg;    /* borrowed */
	bones_session *session; /* the current game, NULL before `new` */
	bones_preset preset;    /* what `new` resolved, for the record's tags */
	bones_move *moves;      /* max_moves of the current game */
	uint64_t games;         /* games started, mixed into clock seeds */
	char *agent_spec;       /* set by bones_engine_set_agent: answers genmove; owned */
	bones_agent *agent;     /* the agent for the current game, NULL without a spec */
	bool *masked;           /* per history entry: a masked outcome the engine guessed */
	size_t masked_cap;
	int seat;               /* `new ... seat=N`: the player this engine is (0-based), or -1 */
	int minor;              /* the protocol's minor version agreed by `protocol`: 0 or 1 */
	bones_rng guesses;      /* draws the masked outcomes; seeded by the game's seed */
	long repair_budget;     /* bones_engine_set_repair_budget; 0: the default */
	bones_engine_chooser chooser; /* bones_engine_set_chooser: answers genmove, or NULL */
	void *chooser_user;     /* borrowed; passed back to chooser */
	char chooser_why[360];  /* bones_engine_chooser_failed: why, "" when not said (a
				   Python exception: type, message, frame) */
	/* The last resort (engine_lost.c): once no repair of the guesses fits a move, the
	 * engine plays on a position of its own, NULL until then. */
	void *lost;
	size_t lost_length;     /* history entries, those played on lost included */
	char (*lost_texts)[BONES_MOVE_TEXT_MAX]; /* those played on lost, as sent */
	unsigned char *lost_before; /* per entry played on lost: the position before it */
	size_t lost_cap;
};

/* What the repaired history must allow at its end. */
typedef struct bones_redeal_goal {
	const char *text; /* a move or outcome that must be legal there, or NULL */
	int seat;         /* the player who must be to move there, or -1 */
	bool chance;      /* whether a chance node must be there */
} bones_redeal_goal;

/* Whether goal holds in state: its mover is to move and its text parses as a legal move. */
bool bones_engine_goal_holds(const bones_plugin *p, const void *game, const void *state,
			     bones_redeal_goal goal);

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

/* engine_lost.c: the position the engine answers about: its own after a repair failed,
 * else the session's. */
const void *bones_engine_position(const bones_engine *e);
int bones_engine_to_move(const bones_engine *e);
/* A masked outcome ("draw:?") at state: one of the legal outcomes whose notation starts
 * with the text before '?', drawn with the engine's guesses; false when none is. */
bool bones_engine_masked_outcome(bones_engine *e, const void *state, const char *text,
				 bones_move *move);
/* The last resort when no repair of the guesses is found: play on a copy of the position
 * whose hidden part (what the engine's seat cannot see) is resampled until goal holds,
 * a bounded number of tries. False, the engine as it was, when the game hides nothing,
 * the engine has no seat or no resample fits; true when it has that position. */
bool bones_engine_lose(bones_engine *e, bones_redeal_goal goal);
/* Play text (a masked outcome too) on the engine's own position after bones_engine_lose;
 * err as bones_session_play_text writes it. */
bones_status bones_engine_lost_play(bones_engine *e, const char *text, char *err,
				    size_t errcap);

#endif /* BONES_ENGINE_REDEAL_H */
