/* Head-to-head matches between two agents (`bones match`): N games on the same deals
 * with the seats rotated, played on worker threads (one game per thread, results kept
 * in game order), and the tally with a 95% confidence interval.
 *
 * Games come in groups of `players`: game g uses deal g / players (its seed) and puts
 * agent A in seat g % players, agent B in every other seat. The session draws chance
 * from (seed, move number), so the games of one group see the same chance outcomes as
 * long as the moves allow. With more than two players B fills all the other seats: A
 * wins a game when it ranks first alone, draws when it shares first place with B, and
 * loses otherwise; B's line is the mirror image (B's wins are A's losses). */
#ifndef BONES_HEADTOHEAD_H
#define BONES_HEADTOHEAD_H

#include "bones/options.h"
#include "bones/plugin.h"

#define BONES_HEADTOHEAD_MAX_PLAYERS 8

/* Wins, draws and losses of one agent. */
typedef struct bones_headtohead_tally {
	int wins, draws, losses;
} bones_headtohead_tally;

/* One game's result. */
typedef struct bones_headtohead_game {
	uint64_t seed;                               /* the deal's seed */
	int seat_a;                                  /* agent A's seat (0-based) */
	int moves;                                   /* moves and chance outcomes played */
	double scores[BONES_HEADTOHEAD_MAX_PLAYERS]; /* final, by seat */
	int ranks[BONES_HEADTOHEAD_MAX_PLAYERS];     /* final, by seat (1 best) */
	uint64_t search_moves[2];    /* moves simulated by mcts agents A and B (else 0) */
	double search_seconds[2];    /* CPU time the mcts agents of A and B spent searching */
	bones_status status;         /* BONES_OK, else err says why */
	char err[256];
} bones_headtohead_game;

/* The seed of game g's deal and A's seat in it, for a match seeded with seed. */
uint64_t bones_headtohead_seed(uint64_t seed, int game, int players);
int bones_headtohead_seat_a(int game, int players);

/* Add a finished game (ranks by seat, A in seat_a) to A's tally and B's mirror one. */
void bones_headtohead_add(bones_headtohead_tally *a, bones_headtohead_tally *b,
			  int players, const int *ranks, int seat_a);

/* A's results by deal in a two-player match (duplicate scoring): the two games of each
 * whole pair (one deal, A in either seat) count as one, won when A scored more than one
 * point over the pair (1 a win, 1/2 a draw), drawn at one, lost below. The luck of the
 * deal cancels, so this measures the agents where a deal's hands differ more than the
 * agents do. A tally of zero deals for more than two players or fewer than two games. */
bones_headtohead_tally bones_headtohead_deals(const bones_headtohead_game *games, int count,
					      int players);

/* The score (wins + draws / 2) / games, 0 for no game. */
double bones_headtohead_score(const bones_headtohead_tally *t);
/* Half-width of the 95% interval of the score: 1.96 * sqrt(v / n) with v the variance
 * of the per-game points (1, 1/2, 0) around the score. 0 for no game. */
double bones_headtohead_interval(const bones_headtohead_tally *t);

/* Play one game: seat i played by specs[i] (an agent spec), chance drawn from
 * out->seed; out->seat_a (set by the caller) says whose search figures are A's.
 * Fills the rest of *out and returns its status. */
bones_status bones_headtohead_play(const bones_plugin *plugin, const bones_options *opts,
				   const char *const *specs, bones_headtohead_game *out);

/* Play games [0, games) of the match between spec_a and spec_b on up to threads
 * worker threads; out[games] receives each game in order. Returns BONES_OK when
 * every game was played (else the first failing game's status; its err says why). */
bones_status bones_headtohead_run(const bones_plugin *plugin, const bones_options *opts,
				  const char *spec_a, const char *spec_b, int games,
				  int threads, uint64_t seed, bones_headtohead_game *out);

#endif /* BONES_HEADTOHEAD_H */
