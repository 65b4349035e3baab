/* Board kit capability "bones.kit.grid/1": a game on a grid of square or hexagonal
 * cells (a tableau, a board) said in the tile family's terms instead of drawing code: each cell empty,
 * blocked, a half of a domino or a cell of a polyomino tile; the players' hands and the
 * shared markets as rows of dominoes or tiles, face up or down for the viewer; each legal
 * move as the cells it fills (and the hand or market piece it uses). The host lays the
 * grid out, draws it, maps clicks and draws ghosts: it implements "bones.render/1" for
 * the plugin (docs/abi.md). A plugin with its own "bones.render/1" is drawn by that
 * instead; one with "bones.kit.line/1" by the line kit. Returned by
 * get_extension(BONES_KIT_GRID_ID). */
#ifndef BONES_KIT_GRID_H
#define BONES_KIT_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bones/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BONES_KIT_GRID_ID "bones.kit.grid/1"

#define BONES_KIT_GRID_MAX 16      /* cells along a side at most */
#define BONES_KIT_GRID_HANDS 8     /* hands and markets described at most */
#define BONES_KIT_GRID_PIECES 32   /* pieces in one hand or market at most */
#define BONES_KIT_PLACE_MAX 8      /* cells one move fills at most */
#define BONES_KIT_COLORS 8         /* tile colours: bones_player_color(0..7) */

/* What a cell holds. */
enum {
	BONES_KIT_EMPTY = 0,   /* nothing yet */
	BONES_KIT_BLOCKED = 1, /* can never be filled (a hole, a start token) */
	BONES_KIT_HALF = 2,    /* one half of a domino: pips, join */
	BONES_KIT_TILE = 3     /* one cell of a polyomino tile: tile, color */
};

/* The neighbour that holds a half's other half (a domino's two halves join). On a hex
 * grid the sides are 1..6: BONES_KIT_HEX_SIDE(d) for the directions d0..d5 of
 * bones/hex.h (d0 east, then counter-clockwise); the opposite of side s is
 * (s + 2) % 6 + 1. */
enum {
	BONES_KIT_ALONE = 0, /* none shown (the other half is covered or off the grid) */
	BONES_KIT_EAST = 1,
	BONES_KIT_SOUTH = 2,
	BONES_KIT_WEST = 3,
	BONES_KIT_NORTH = 4
};
#define BONES_KIT_HEX_SIDE(d) ((d) + 1)

/* A highlight of a cell; frontends choose the look (BONES_MARK_ of bones/render.h). */
enum {
	BONES_KIT_MARK_NONE = 0,
	BONES_KIT_MARK_LAST = 1,  /* part of the last move */
	BONES_KIT_MARK_OPEN = 2   /* a spot that may still be filled */
};

/* One cell. A half joined to a neighbour must be joined back by it (EAST by WEST,
 * SOUTH by NORTH, a hex side by its opposite); a tile's cells are outlined together
 * where they touch. */
typedef struct bones_kit_cell {
	uint8_t kind;   /* BONES_KIT_EMPTY.. */
	uint8_t pips;   /* a half: 0..9 */
	uint8_t join;   /* a half: BONES_KIT_ALONE or the side of the neighbour with its
			 * other half (1..4, hex 1..6) */
	uint8_t color;  /* a tile: 0..BONES_KIT_COLORS-1 (bones_player_color) */
	int16_t tile;   /* a tile: its number; cells of one tile share it (0..) */
	uint8_t mark;   /* BONES_KIT_MARK_NONE.. */
	uint8_t reserved;
} bones_kit_cell;

/* A piece in a hand or a market: a domino by its pips, or a polyomino tile by its shape
 * in a 4 x 4 box (bit row * 4 + column set for each cell, at least one). */
enum { BONES_KIT_DOMINO = 0, BONES_KIT_POLYOMINO = 1 };
typedef struct bones_kit_piece {
	uint8_t kind;    /* BONES_KIT_DOMINO or BONES_KIT_POLYOMINO */
	uint8_t a, b;    /* a domino: the pips of its halves, 0..9 (a on the left or top) */
	uint8_t color;   /* a tile: 0..BONES_KIT_COLORS-1 */
	uint16_t shape;  /* a tile: its cells */
} bones_kit_piece;

/* A row of pieces: a player's hand (owner 0..players-1) or a shared market (owner -1).
 * A player's hand is what the host shows as that player's hand (render.h hand_size,
 * draw_piece); markets are drawn by the kit under the grid, clickable. */
typedef struct bones_kit_hand {
	int owner;        /* player 0.., or -1 a market */
	bool face_up;     /* the viewer may see the pieces (else they are not read) */
	int len;          /* pieces in it, 0..BONES_KIT_GRID_PIECES */
	bones_kit_piece piece[BONES_KIT_GRID_PIECES];
} bones_kit_hand;

/* A position as one viewer sees it, written by bones_kit_grid.describe. The host clears
 * it (zero bytes) and sets size before the call, so a plugin fills only what it has;
 * a plugin must write no field that size does not cover. */
typedef struct bones_kit_grid_position {
	uint32_t size;     /* set by the host: sizeof this struct as the host was built */
	int width, height; /* the grid: 1..BONES_KIT_GRID_MAX cells each way */
	bones_kit_cell cell[BONES_KIT_GRID_MAX][BONES_KIT_GRID_MAX]; /* [row][column] */
	bool labels;       /* letters for the columns above the grid, numbers for the rows
			    * beside it (a1 names the bottom left cell, chess-like) */
	bool rows_down;    /* with labels: row 1 is the top one instead */
	bool hex;          /* pointy-topped hexagonal cells, cell[r][q] the axial cell
			    * (q, r) of bones/hex.h, each row half a cell right of the one
			    * above (no labels); else square cells */
	int hands;         /* hands and markets described, 0..BONES_KIT_GRID_HANDS */
	bones_kit_hand hand[BONES_KIT_GRID_HANDS];
} bones_kit_grid_position;

/* A legal player move as what it does on the picture. The host clears it before the
 * call: hand, market and slot -1, no cells. A move that fills no cell and takes from no
 * market (a pass, a discard) is a button. */
typedef struct bones_kit_placement {
	int hand;    /* the piece used: its index in the mover's hand, -1 none */
	int market;  /* a piece taken from a market: its index in position.hand[], -1 none */
	int slot;    /* with market: the piece's index in that market */
	int cells;   /* cells the move fills, 0..BONES_KIT_PLACE_MAX; the first is clicked */
	struct {
		uint8_t column, row;
		bones_kit_cell cell; /* what the cell shows once the move is made */
	} cell[BONES_KIT_PLACE_MAX];
	int variant; /* 0.. among the moves that use the same piece and first cell */
} bones_kit_placement;

/* The capability. Every function may be called from any thread at any time after
 * configure; state is a state of the configured game. */
typedef struct bones_kit_grid {
	uint32_t size; /* sizeof(bones_kit_grid) as the plugin was built */
	/* Say the position as viewer (-1 a spectator) sees it. Required. */
	void (*describe)(const void *game, const void *state, int viewer,
			 bones_kit_grid_position *out);
	/* Say a legal player move as a placement. Returns BONES_EINVAL for a move that is
	 * no legal player move. Required. */
	bones_status (*place)(const void *game, const void *state, bones_move move,
			      bones_kit_placement *out);
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
} bones_kit_grid;

/* The capability's size in version 1: a host accepts any size from it up. */
#define BONES_KIT_GRID_SIZE_1 ((uint32_t)sizeof(bones_kit_grid))

#ifdef __cplusplus
}
#endif
#endif /* BONES_KIT_GRID_H */
