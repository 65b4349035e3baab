/* What a player can do now, once for every player interface: the legal moves of the
 * seat to move as that seat sees them, each with its notation, its button label (moves
 * off the board), its piece and spot (render.h move_place), its spot's rank in reading
 * order and its way among the moves of one piece at one spot, and the points it scores
 * its mover; the groups by piece and by spot. Also what a viewer may see of the
 * history: the one visibility rule, the points of each move and the numbering of
 * player moves (chance outcomes are not numbered). The terminal UI, the window,
 * `bones render`, the web server and the greedy agent all read these. */
#ifndef BONES_CHOICES_H
#define BONES_CHOICES_H

#include <stdbool.h>
#include <stddef.h>

#include "bones/plugin.h"
#include "bones/session.h"

/* Scores of more players than this are not read (bones_choices_points: BONES_ERANGE). */
#define BONES_CHOICES_MAX_PLAYERS 16
/* A piece argument meaning "any piece, or none" (bones_choices_ways). */
#define BONES_CHOICES_ANY_PIECE (-2)

/* One legal move as its player sees it. */
typedef struct bones_choice {
	bones_move move;
	char text[BONES_MOVE_TEXT_MAX];  /* its notation, as typed */
	char label[BONES_MOVE_TEXT_MAX]; /* off the board (target -1): the button's label in
					  * the player's language (render.h move_label, else
					  * the notation); "" on the board */
	int piece;     /* the hand piece it plays (render.h move_place), -1 none */
	int target;    /* the plugin's id of its spot, -1 off the board (a pass, a draw) */
	float x, y;    /* the spot's centre in board world units (target >= 0) */
	int variant;   /* render.h's variant: 0.. among the moves of one piece and target */
	int spot;      /* 0.. the spot's rank in reading order (upper row first, then left
			* to right), the same whatever the piece; -1 off the board */
	int way;       /* 1.. among the moves of the same piece at the same spot, in the
			* order of legal_moves (orientations); 0 off the board */
	double points; /* what it scores its mover at once (bones_choices_points) */
} bones_choice;

typedef struct bones_choices bones_choices;

/* The choices of the games of session s (borrowed: it must outlive them). Empty until
 * bones_choices_build. BONES_ENOMEM when out of memory. */
bones_status bones_choices_create(const bones_session *s, bones_choices **out);
void bones_choices_destroy(bones_choices *c);

/* List what viewer (a seat, or -1 for a spectator) can do in the session's current
 * state: the legal moves when viewer is the seat to move, none otherwise (a viewer never
 * sees another player's choices, which may tell hidden pieces). Moves the plugin cannot
 * format are left out. BONES_ENOMEM leaves the list empty. */
bones_status bones_choices_build(bones_choices *c, int viewer);
/* The number of choices and choice i (0 <= i < count), in legal_moves order. */
size_t bones_choices_count(const bones_choices *c);
const bones_choice *bones_choices_at(const bones_choices *c, size_t i);
/* The index of the choice that plays move, -1 when it is not one. */
long bones_choices_find(const bones_choices *c, bones_move move);

/* ---- groups ---- */
/* Choices that play a hand piece (the rest are typed or clicked as buttons). */
size_t bones_choices_with_piece(const bones_choices *c);
/* The highest hand piece of any choice, -1 when none plays one. */
int bones_choices_last_piece(const bones_choices *c);
/* The distinct spots on the board (spot ranks are 0..this-1). */
size_t bones_choices_spots(const bones_choices *c);
/* The choices of piece (-1: those without a piece), the first of them in *first (may be
 * NULL). */
size_t bones_choices_of_piece(const bones_choices *c, int piece, size_t *first);
/* The choices of piece (BONES_CHOICES_ANY_PIECE: of every piece) at spot rank spot,
 * the k-th of them (0-based, in legal_moves order) in *index when there are more than
 * k (index may be NULL). */
size_t bones_choices_ways(const bones_choices *c, int piece, int spot, size_t k,
			  size_t *index);

/* ---- points ---- */
/* The points move scores its mover at once: the mover's score after it less the score
 * in state (chance that follows is not resolved; only scores() is read, so nothing
 * hidden leaks). scratch holds info->state_size bytes; before holds the scores of state,
 * or is NULL to have them computed (pass them when scoring many moves of one state).
 * BONES_EILLEGAL when move cannot be applied, BONES_EINVAL when no player is to move,
 * BONES_ERANGE for more than BONES_CHOICES_MAX_PLAYERS players; *points is 0 then. */
bones_status bones_choices_points(const bones_plugin *p, const void *game,
				  const bones_game_info *info, const void *state,
				  const double *before, bones_move move, void *scratch,
				  double *points);

/* ---- the history as a viewer sees it ---- */
/* The one visibility rule: whether viewer (a seat, or -1 for a spectator) may see what
 * history entry index was (the plugin's move_visible; every move when it has none). The
 * notation as seen is bones_session_seen_text. */
bool bones_choices_visible_at(const bones_session *s, size_t index, int viewer);
/* The points history entry index scored its mover (0 for chance outcomes). */
double bones_choices_points_at(const bones_session *s, size_t index);
/* Player moves (chance outcomes not counted) among the first upto entries: entry index
 * of a player is player move bones_choices_player_moves(s, index) + 1. */
size_t bones_choices_player_moves(const bones_session *s, size_t upto);
/* The history length after n player moves (and the chance outcomes that follow none of
 * them yet): the position to show for "after move n"; n < 0: the whole history. */
size_t bones_choices_after_player_moves(const bones_session *s, long n);

#endif /* BONES_CHOICES_H */
