/* The picture of a game without "bones.render/1": its text view (plugin.h render_text)
 * drawn line by line as the board, with no hands and every move a button (no target),
 * so that the window, the web and `bones render` play and show every game the terminal
 * plays. Library bones_picture. */
#ifndef BONES_TEXT_BOARD_H
#define BONES_TEXT_BOARD_H

#include "bones/kit_board.h"
#include "bones/plugin.h"
#include "bones/render.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the text board's render functions read: fill it with bones_text_board_render. */
typedef struct bones_text_board {
	const bones_plugin *plugin; /* borrowed */
	const void *game;           /* borrowed: the plugin's configured game */
	int players;                /* bones_game_info.players: the viewers sized for */
	bones_kit_board kit;        /* what the board kit's render reads, for its plugins */
} bones_text_board;

/* The render table to draw a configured game with: the plugin's own "bones.render/1"
 * when it has one (then *draw_game = game), else the board kit's for a plugin with
 * "bones.kit.line/1" (bones/kit_board.h; *draw_game = &tb->kit), else the text board's,
 * filling tb (then *draw_game = tb). tb must outlive every call. Pass *draw_game as the
 * game argument of each function of the table; never NULL. */
const bones_render *bones_text_board_render(bones_text_board *tb, const bones_plugin *plugin,
					    const void *game, int players,
					    const void **draw_game);

/* Whether r is the text board's table (the plugin draws nothing itself). */
bool bones_text_board_is(const bones_render *r);

#ifdef __cplusplus
}
#endif
#endif /* BONES_TEXT_BOARD_H */
