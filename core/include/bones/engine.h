/* The engine protocol (`bones engine`, docs/formats.md): a line protocol that lets any
 * program drive any plugin. One command per line in, exactly one reply line out (or a
 * block ended by a line "."), errors as one line "error: ..." (docs/formats.md). */
#ifndef BONES_ENGINE_H
#define BONES_ENGINE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "bones/registry.h"
#include "bones/session.h"

typedef struct bones_engine bones_engine;

/* An engine without a game. reg is borrowed and must outlive the engine; games are
 * found in it by id, or through configs/ presets. NULL when out of memory. */
bones_engine *bones_engine_create(bones_registry *reg);
/* Ends the current game. NULL is a no-op. */
void bones_engine_destroy(bones_engine *e);

/* Give the engine an agent spec ("mcts iterations=200"): every later `new` creates that
 * agent for its game, and `genmove [MS]` answers `move M` with its choice (the engine
 * is then a player for `bones tourney`). A bad spec is reported by `new`. NULL removes
 * it. BONES_ENOMEM when out of memory. (Added for tournaments.) */
bones_status bones_engine_set_agent(bones_engine *e, const char *spec);

/* A chooser answers `genmove` in place of an agent: a program that embeds the engine
 * (the Python package, docs/python.md) chooses with its own code, while the engine keeps
 * the game, guesses masked outcomes and repairs its guesses as it does for an agent.
 * Called on the engine's thread with the game (its state is the engine's current guess
 * of the position, the seat to move its own), that seat and the seconds allowed (0:
 * no limit). Returns BONES_OK with a legal move in *move, else any other status
 * (answered "error: genmove: the agent found no move"). */
typedef bones_status (*bones_engine_chooser)(void *user, const bones_session *s, int seat,
					     double seconds, bones_move *move);

/* Answer every later `genmove` with fn (user passed back), in place of an agent spec;
 * NULL goes back to the spec. user is borrowed and must outlive the engine. */
void bones_engine_set_chooser(bones_engine *e, bones_engine_chooser fn, void *user);

/* Called by a chooser before it fails: why ("ZeroDivisionError: division by zero
 * (agent.py:7 in choose)", cut at 199 bytes, line breaks made spaces) is answered
 * "error: genmove: WHY" in place of "the agent found no move", for this genmove only,
 * so that a tournament's forfeit reason names it. */
void bones_engine_chooser_failed(bones_engine *e, const char *why);

/* How much work a repair of the engine's guesses may do when a move contradicts them
 * (or, at `genmove`, they have another player to move): history entries replayed, 0:
 * 4 million (about a second); at `genmove MS` at most 1,000 per millisecond of MS.
 * Work, not time: the result is the same on an idle and a loaded machine. When no
 * repair is found the engine plays on a resampled position of its own (docs/formats.md);
 * a budget of 1 leaves only that. */
void bones_engine_set_repair_budget(bones_engine *e, long entries);

/* Handle one command line (with or without its newline) and write the reply to out.
 * Returns false after `quit` (the reply "ok" is written), true otherwise. */
bool bones_engine_command(bones_engine *e, const char *line, FILE *out);

/* Read commands from in until `quit` or end of input, flushing out after each reply.
 * Returns the process exit status: 0. */
int bones_engine_run(bones_engine *e, FILE *in, FILE *out);

#endif /* BONES_ENGINE_H */
