/* Board kit capability "bones.kit.line/1": a domino game's position said in the family's
 * terms (the line of play with its arms and spinner, the hands, the boneyard, the open
 * ends) instead of drawing code. The host lays the line out, draws it, maps clicks and
 * draws ghosts: it implements "bones.render/1" for the plugin (docs/abi.md). A plugin
 * with its own "bones.render/1" is drawn by that instead. Returned by
 * get_extension(BONES_KIT_LINE_ID). */
#ifndef BONES_KIT_LINE_H
#define BONES_KIT_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bones/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BONES_KIT_LINE_ID "bones.kit.line/1"

/* The arms of the line, outwards from the tile in its middle. Up and down grow only off
 * a spinner. A move's arm may also be BONES_KIT_LEAD: the first tile of the line. */
enum { BONES_KIT_LEFT, BONES_KIT_RIGHT, BONES_KIT_UP, BONES_KIT_DOWN, BONES_KIT_ARMS };
#define BONES_KIT_LEAD BONES_KIT_ARMS

#define BONES_KIT_ARM_MAX 32     /* tiles on one arm at most */
#define BONES_KIT_HAND_MAX 32    /* tiles in one hand at most */
#define BONES_KIT_PLAYERS_MAX 8  /* hands described at most */

/* A domino by the pips of its halves (0..9). On the line, near is the half that touches
 * the tile before it on its arm (the middle tile: near is its left, or top, half). */
typedef struct bones_kit_domino {
	uint8_t near, far;
} bones_kit_domino;

/* A position as one viewer sees it, written by bones_kit_line.describe. The host clears
 * it before the call (zero bytes, every open end and the boneyard -1), so a plugin
 * fills only what it has. */
typedef struct bones_kit_line_position {
	bool has_middle;            /* false before the first tile is laid */
	bool spinner;               /* the middle tile is a spinner: up and down may grow */
	bones_kit_domino middle;    /* the lead, or the spinner once there is one */
	int arm_len[BONES_KIT_ARMS];                        /* tiles on each arm */
	bones_kit_domino arm[BONES_KIT_ARMS][BONES_KIT_ARM_MAX]; /* outwards from the middle */
	int open[BONES_KIT_ARMS];   /* the pips a tile must match to go on each arm's end,
				     * -1 where no tile may go (no open end is marked) */
	int hands;                  /* hands described: the players */
	int hand_len[BONES_KIT_PLAYERS_MAX];                        /* tiles in each hand */
	bones_kit_domino hand[BONES_KIT_PLAYERS_MAX][BONES_KIT_HAND_MAX]; /* in hand order */
	bool face_up[BONES_KIT_PLAYERS_MAX]; /* the viewer may see the hand (else its pips
					      * are not read: leave them 0) */
	int boneyard;               /* tiles in the boneyard; -1 shows none */
} bones_kit_line_position;

/* The capability. Every function may be called from any thread at any time after
 * configure; state is a state of the configured game. */
typedef struct bones_kit_line {
	uint32_t size; /* sizeof(bones_kit_line) as the plugin was built */
	/* Say the position as viewer (-1 a spectator) sees it. Required. */
	void (*describe)(const void *game, const void *state, int viewer,
			 bones_kit_line_position *out);
	/* A legal player move as the tile it lays: its index in the mover's hand (as
	 * described) and the arm it goes on (BONES_KIT_LEFT.. or BONES_KIT_LEAD); *piece
	 * = -1 for a move that lays none (pass, draw: the host shows a button). Returns
	 * BONES_EINVAL for a move that is no legal player move. Required. */
	bones_status (*move_tile)(const void *game, const void *state, bones_move move,
				  int *piece, int *arm);
	/* Optional words, each exactly as bones_render's field of the same name
	 * (bones/render.h); the host's render passes them on. NULL where absent. */
	bool (*prompt)(const void *game, const void *state, char *buf, size_t cap);
	bool (*describe_chance)(const void *game, const void *state, bones_move move,
				char *buf, size_t cap);
	bool (*move_label)(const void *game, const void *state, bones_move move, char *buf,
			   size_t cap);
	bool (*move_words)(const void *game, const void *state, bones_move move, char *buf,
			   size_t cap);
	bool (*rules_text)(const void *game, char *buf, size_t cap);
	bool (*end_text)(const void *game, const void *state, char *buf, size_t cap);
	/* Fields appended later are read only where size covers them. */
} bones_kit_line;

/* The capability's size in version 1: a host accepts any size from it up. */
#define BONES_KIT_LINE_SIZE_1 ((uint32_t)sizeof(bones_kit_line))

#ifdef __cplusplus
}
#endif
#endif /* BONES_KIT_LINE_H */
