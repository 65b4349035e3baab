/* The board kit on the host's side: "bones.render/1" for a plugin that describes its
 * position with "bones.kit.line/1" (bones/kit_line.h) or "bones.kit.grid/1"
 * (bones/kit_grid.h) instead of drawing it. The line
 * is laid out from its middle tile: two arms snake, turning back at the edges of the
 * view; with a spinner the four arms turn once each, like the blades of a pinwheel, so
 * they never cross. Library bones_core (layer play). */
#ifndef BONES_KIT_BOARD_H
#define BONES_KIT_BOARD_H

#include <stdbool.h>

#include "bones/kit_grid.h"
#include "bones/kit_line.h"
#include "bones/plugin.h"
#include "bones/render.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the kit's render functions read: fill it with bones_kit_board_render. */
typedef struct bones_kit_board {
	const bones_plugin *plugin; /* borrowed */
	const void *game;           /* borrowed: the plugin's configured game */
	const bones_kit_line *line; /* borrowed: the plugin's line capability, or NULL */
	const bones_kit_grid *grid; /* borrowed: the plugin's grid capability, or NULL */
	bones_render words;         /* the plugin's own words (game: the plugin's game) */
	bones_render render;        /* the table handed out: the words where the plugin
				     * has them */
} bones_kit_board;

/* Where one domino of the line lies, in world units (a domino is 2 x 1). */
typedef struct bones_kit_spot {
	float x, y;      /* its centre */
	bool upright;    /* its long side vertical */
	bool near_first; /* its near half is the top (upright) or left one */
} bones_kit_spot;

/* A laid out line: every tile's spot and where the next tile of each arm would go. */
typedef struct bones_kit_layout {
	bones_kit_spot middle;
	bones_kit_spot arm[BONES_KIT_ARMS][BONES_KIT_ARM_MAX];
	bones_kit_spot next[BONES_KIT_ARMS]; /* a tile other than a double laid on each end */
} bones_kit_layout;

/* The render table of a configured game: the plugin's own "bones.render/1" (then
 * *draw_game = game), else the kit's for a plugin with "bones.kit.line/1" or else
 * "bones.kit.grid/1" (&kb->render,
 * its words NULL where the plugin has none; kb is filled and must outlive every call;
 * then *draw_game = kb), else NULL. Pass *draw_game as the game argument of each
 * function of the table. */
const bones_render *bones_kit_board_render(bones_kit_board *kb, const bones_plugin *plugin,
					   const void *game, const void **draw_game);

/* Whether r is the kit's table. */
bool bones_kit_board_is(const bones_render *r);

/* Lay out the line of pos (arm lengths above BONES_KIT_ARM_MAX count as that). */
void bones_kit_board_lay_out(const bones_kit_line_position *pos, bones_kit_layout *out);

/* The grid kit's checks of what a plugin says (bones/kit_grid.h): false with a message
 * naming the bad field ("grid kit: cell[2][3].pips is 12 ...") where pos breaks a rule
 * of the header, or placement does in pos (mover: the player whose hand it uses). */
bool bones_kit_grid_check(const bones_kit_grid_position *pos, char *err, size_t cap);
bool bones_kit_grid_check_placement(const bones_kit_grid_position *pos, int mover,
				    const bones_kit_placement *placement, char *err,
				    size_t cap);

/* For a kit table (kb filled by bones_kit_board_render): false with the message where
 * the plugin's description of state, for the spectator and each of players, or the
 * placement of one of its legal moves (the first 512) breaks the kit's rules; true for
 * a line kit and a sound grid. */
bool bones_kit_board_sound(const bones_kit_board *kb, const void *state, int players,
			   char *err, size_t cap);

#ifdef __cplusplus
}
#endif
#endif /* BONES_KIT_BOARD_H */
