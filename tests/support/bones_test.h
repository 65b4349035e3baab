/* Test support shared by every CUnit suite: a runner, a host, and helpers to configure
 * a plugin, play notation and run random games straight through the entry struct. */
#ifndef BONES_TEST_H
#define BONES_TEST_H

#include <CUnit/CUnit.h>

#include "bones/agent.h"
#include "bones/host.h"
#include "bones/options.h"
#include "bones/plugin.h"
#include "bones/registry.h"
#include "bones/rng.h"
#include "bones/session.h"

typedef struct bones_test_case {
	const char *name; /* reads as a sentence: "triple hole scores 135" */
	CU_TestFunc run;
} bones_test_case;

/* Run the cases (terminated by {NULL, NULL}) as one suite in CUnit's basic mode.
 * Returns the process exit status: 0 when every assertion passed. */
int bones_test_main(const char *suite, const bones_test_case *cases);

/* A registry holding the test plugin `file` (from tests/plugins, e.g. "testgame.so"),
 * whose plugin `id` goes to *plugin (a CUnit fatal failure when missing).
 * bones_registry_destroy it. */
bones_registry *bones_test_load_plugin(const char *file, const char *id,
				       const bones_plugin **plugin);

/* A configured game of a plugin, for tests. */
typedef struct bones_test_game {
	const bones_plugin *plugin;
	bones_host host;
	void *game;
	bones_game_info info;
	char error[256]; /* why configure failed, when it did */
} bones_test_game;

/* Configure plugin with space-separated key=value settings over its defaults.
 * Returns the status; on failure g->error says why (and nothing needs releasing). */
bones_status bones_test_configure(bones_test_game *g, const bones_plugin *plugin,
				  const char *settings);
void bones_test_release(bones_test_game *g);

/* A session of plugin with space-separated key=value settings over its defaults, and
 * seed (a CUnit fatal failure, printing why, if refused). bones_session_destroy it. */
bones_session *bones_test_session(const bones_plugin *plugin, const char *settings,
				  uint64_t seed);

/* A fresh zeroed state buffer of the game's size, from init_state. free() it. */
void *bones_test_new_state(const bones_test_game *g);

/* Configure (a CUnit fatal failure if refused) and return a fresh state; undo both with
 * bones_test_finish. */
void *bones_test_start(bones_test_game *g, const bones_plugin *plugin, const char *settings);
void bones_test_finish(bones_test_game *g, void *state);

/* An agent from a spec for g's game (a CUnit fatal failure, printing why, if refused).
 * bones_agent_destroy it. */
bones_agent *bones_test_agent(const bones_test_game *g, const char *spec, uint64_t seed);

/* The move agent a chooses in state, and the statistics of its last search (a CUnit
 * fatal failure when either is refused). */
bones_move bones_test_choose(bones_agent *a, const void *state);
bones_search_stats bones_test_search_stats(const bones_agent *a);

/* A state of tests/plugins/testgame ("count to N") at total t with player p to move,
 * the last move's player before p; free() it. */
void *bones_test_count_state(const bones_test_game *g, int total, int player);

/* Parse and apply each space-separated move of `moves` in turn; a CUnit failure
 * (naming the move) on the first that does not parse or apply. Returns true if all did. */
bool bones_test_play(const bones_test_game *g, void *state, const char *moves);

/* Play uniformly random moves and chance outcomes (by their probabilities) until the
 * game ends or max_steps moves were made. Returns the number of moves made. */
size_t bones_test_random_playout(const bones_test_game *g, void *state, bones_rng *rng,
				 size_t max_steps);

/* ABI 1.1's sample_move in state: per_move x n draws (n the legal moves), each a listed
 * move (a CUnit fatal failure if not), whose counts pass a chi-square test against
 * legal_moves' probabilities (uniform for a player's move) at a generous bound. */
void bones_test_check_draws(const bones_test_game *g, const void *state, bones_rng *rng,
			    unsigned per_move);

/* bones_test_check_draws at every `every`-th step (from every / 2) of `games` random
 * games of plugin (settings over its defaults) from seed, and at each game's end
 * sample_move's BONES_EILLEGAL. */
void bones_test_draws_follow_the_list(const bones_plugin *plugin, const char *settings,
				      uint64_t seed, int games, int every, unsigned per_move);

/* The mean total score of `games` random games from seed, their moves drawn with
 * sample_move (draw) or picked from legal_moves' list. */
double bones_test_mean_score(const bones_test_game *g, bool draw, int games, uint64_t seed);

/* A new file in the temporary folder holding text, its path into path (cap 64 or more;
 * the caller unlinks it). With text NULL only the unique name is kept (the file is
 * removed), for a program that creates the file itself. */
void bones_test_temp_file(char *path, size_t cap, const char *text);

#endif /* BONES_TEST_H */
