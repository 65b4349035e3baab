/* Plugin capability "bones.heuristic/1": game knowledge for the search agents — a
 * static evaluation of a state and prior weights for moves. Optional: mcts plays any
 * plugin without it and uses whichever of the two functions a plugin provides. */
#ifndef BONES_HEURISTIC_H
#define BONES_HEURISTIC_H

#include "bones/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BONES_HEURISTIC_ID "bones.heuristic/1"

/* Returned by get_extension(game, BONES_HEURISTIC_ID); owned by the plugin, valid as
 * long as the game. Both functions are called from search threads, several at once on
 * one game, on determinised states (resampled hidden information): they may read the
 * whole state but must not allocate, write to the game or keep anything between calls. */
typedef struct bones_heuristic {
	uint32_t size; /* sizeof(bones_heuristic) as the plugin was built */

	/* Optional (NULL when absent). Estimate every player's final score from a state
	 * that is not terminal, in the game's own points (so with BONES_LOW_SCORE_WINS lower
	 * is better). Writes info.players values. The search turns the estimated margin
	 * m = mine - best opponent's into a win probability 1 / (1 + exp(-m / margin_scale))
	 * and uses it in place of the rest of a rollout (mcts depth=N). */
	void (*evaluate)(const void *game, const void *state, double *final_scores);

	/* The score difference that makes a win about 73% likely (logistic width) for
	 * evaluate; e.g. about a third of a typical winning margin. > 0 when evaluate is set. */
	double margin_scale;

	/* Optional (NULL when absent). Non-negative weights for the n legal moves of the
	 * player to move in state, in the order legal_moves listed them (moves[i] gets
	 * weights[i]); larger is more promising. Need not sum to 1: the search normalises.
	 * Used to order expansion, as a progressive bias in selection, and as the rollout
	 * policy of rollout=greedy. All zero means "no opinion" (uniform). */
	void (*priors)(const void *game, const void *state, const bones_move *moves,
		       size_t n, double *weights);

	/* ---- Added in ABI 1.1: read only when size covers it ------------------------ */

	/* BONES_HEURISTIC_* flags below; 0 when absent. */
	uint32_t flags;
	uint32_t reserved; /* 0; keeps the next field out of a 1.1 plugin's padding */

	/* ---- Added in ABI 1.2: read only when size covers it ------------------------ */

	/* How many moves mcts plays into a rollout before it evaluates, when the agent's
	 * spec does not give `depth`: the length the plugin's authors measured to play at
	 * least as well as rollouts to the end (and faster), with evaluate set. 0: no
	 * advice, rollouts to the end. It may depend on the configured game. */
	uint32_t rollout_moves;
} bones_heuristic;

/* priors weighs each move on its own: given any legal moves of the player to move (a few
 * drawn at random, repeats allowed) it writes the weights the full legal list would give
 * them. mcts then chooses a greedy rollout move among a few drawn moves instead of
 * weighing every legal move (its parameter sample=K). */
#define BONES_HEURISTIC_PRIORS_PER_MOVE (1u << 0)

/* The capability's size in each ABI minor, frozen: a host accepts any size from the
 * 1.0 one up (reading only the fields a plugin's size covers). */
#define BONES_HEURISTIC_SIZE_1_0 ((uint32_t)offsetof(bones_heuristic, flags))
#define BONES_HEURISTIC_SIZE_1_1 ((uint32_t)offsetof(bones_heuristic, rollout_moves))
#define BONES_HEURISTIC_SIZE_1_2 ((uint32_t)sizeof(bones_heuristic))

#ifdef __cplusplus
}
#endif
#endif /* BONES_HEURISTIC_H */
