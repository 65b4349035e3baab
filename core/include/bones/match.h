/* Match play, a host feature for every game: N games between the same participants,
 * the seats rotating so that each participant starts in turn, scores accumulating; or
 * games until a participant's total reaches a target score (All Fives to 61), N then
 * the cap. Pure bookkeeping: the caller plays each game (with a session) and reports
 * it. */
#ifndef BONES_MATCH_H
#define BONES_MATCH_H

#include "bones/plugin.h"

#define BONES_MATCH_MAX_PLAYERS 8
/* The cap on games of a match to a target when none is given. */
#define BONES_MATCH_TARGET_CAP 100

typedef struct bones_match {
	int players;       /* participants = seats of every game */
	int games;         /* games in the match */
	int played;        /* games reported so far */
	bool low_wins;     /* BONES_LOW_SCORE_WINS of the plugin */
	double total[BONES_MATCH_MAX_PLAYERS]; /* accumulated score of each participant */
	int wins[BONES_MATCH_MAX_PLAYERS];     /* games ranked first (ties included) */
	/* added with matches to a target: */
	double target;     /* > 0: over once a participant's total reaches it; 0 = none */
} bones_match;

/* BONES_EINVAL for players outside 1..BONES_MATCH_MAX_PLAYERS or games < 1. */
bones_status bones_match_init(bones_match *match, int players, int games, bool low_wins);
/* Play to a target score: the match is over after the game in which a participant's
 * total first reaches target (or after the games cap). BONES_EINVAL for target <= 0 or
 * not finite. Call after bones_match_init, before the first game is reported. */
bones_status bones_match_set_target(bones_match *match, double target);

/* The seat (0-based) participant sits in during game (0-based): rotated by one per
 * game, so participant p starts game p (seat 0 moves first). */
int bones_match_seat(const bones_match *match, int game, int participant);
/* The participant in a seat of a game (the inverse). */
int bones_match_participant(const bones_match *match, int game, int seat);

/* Report the next game's final scores and ranks, indexed by seat. BONES_ERANGE when
 * every game was already reported. */
bones_status bones_match_add(bones_match *match, const double *seat_scores,
			     const int *seat_ranks);

/* Every game was played, or (to a target) a participant's total reached it. */
bool bones_match_over(const bones_match *match);
/* A participant's total reached the target (false without one). */
bool bones_match_target_reached(const bones_match *match);
/* Ranks of the participants by their totals (1 best, ties share), into ranks[players]. */
void bones_match_ranks(const bones_match *match, int *ranks);

#endif /* BONES_MATCH_H */
