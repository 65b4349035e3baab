/* The text board: a game without "bones.render/1" drawn from its text view on a grid
 * of the terminal's columns and lines, no hands, every move a button. */
#include <stdbool.h>
#include <string.h>

#include "bones/text_board.h"

#define TEXT_MAX 16384   /* a text view's bytes drawn at most */
#define CELL_W 0.55f     /* world units per column */
#define CELL_H 1.2f      /* world units per line */
#define GLYPH_H 0.9f     /* the characters' height */
#define INK BONES_RGBA(34, 38, 46, 255)

static size_t view_text(const bones_text_board *tb, const void *state, int viewer,
			char *buf, size_t cap)
{
	size_t n = tb->plugin->render_text ? tb->plugin->render_text(tb->game, state, viewer,
								      buf, cap)
					   : 0;
	n = n < cap ? n : cap - 1;
	buf[n] = '\0';
	return n;
}

/* Length of the UTF-8 sequence starting with byte c (1 for a stray byte). */
static size_t utf8_len(unsigned char c)
{
	return c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
}

/* Columns and lines of a text (a character is one column, a tab eight). */
static void text_extent(const char *s, int *cols, int *lines)
{
	int col = 0;
	*cols = 0, *lines = 0;
	for (size_t i = 0; s[i];) {
		if (s[i] == '\n') {
			++*lines, col = 0, i++;
			continue;
		}
		col = s[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
		*cols = col > *cols ? col : *cols;
		i += utf8_len((unsigned char)s[i]);
	}
	if (col > 0)
		++*lines;
}

static void tb_bounds(const void *game, const void *state, float box[4])
{
	const bones_text_board *tb = game;
	char buf[TEXT_MAX];
	int cols = 1, lines = 1;
	for (int viewer = -1; viewer < tb->players; viewer++) { /* the widest any viewer sees */
		int c, l;
		view_text(tb, state, viewer, buf, sizeof buf);
		text_extent(buf, &c, &l);
		cols = c > cols ? c : cols;
		lines = l > lines ? l : lines;
	}
	box[0] = 0, box[1] = 0;
	box[2] = (float)cols * CELL_W, box[3] = (float)lines * CELL_H;
}

/* Whether a segment ends at s[i]: a line's end, a tab or two spaces in a row. */
static bool segment_end(const char *s, size_t i)
{
	return !s[i] || s[i] == '\n' || s[i] == '\t' || (s[i] == ' ' && s[i + 1] == ' ');
}

/* Each segment of a line (its text up to a tab or two spaces) starts at its column:
 * prose reads as one piece and the columns of a table line up in any font. */
static void tb_draw_board(const void *game, const void *state, int viewer,
			  const bones_canvas *canvas)
{
	const bones_text_board *tb = game;
	char buf[TEXT_MAX], segment[TEXT_MAX];
	view_text(tb, state, viewer, buf, sizeof buf);
	int col = 0, line = 0;
	for (size_t i = 0; buf[i];) {
		if (segment_end(buf, i) || buf[i] == ' ') {
			col = buf[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
			if (buf[i] == '\n')
				line++, col = 0;
			i++;
			continue;
		}
		size_t k = 0;
		int start = col;
		while (!segment_end(buf, i)) {
			for (size_t len = utf8_len((unsigned char)buf[i]); len > 0 && buf[i]; len--)
				segment[k++] = buf[i++];
			col++;
		}
		segment[k] = '\0';
		canvas->text(canvas->user, (float)start * CELL_W, ((float)line + 0.5f) * CELL_H,
			     GLYPH_H, INK, BONES_ALIGN_LEFT, segment);
	}
}

static int tb_hand_size(const void *game, const void *state, int player, int viewer)
{
	(void)game, (void)state, (void)player, (void)viewer;
	return 0;
}

static void tb_draw_piece(const void *game, const void *state, int player, int piece,
			  int viewer, const bones_canvas *canvas)
{
	(void)game, (void)state, (void)player, (void)piece, (void)viewer, (void)canvas;
}

/* Every move is a button: no piece, no target. */
static bones_status tb_move_place(const void *game, const void *state, bones_move move,
				  bones_move_place *place)
{
	(void)game, (void)state, (void)move;
	*place = (bones_move_place){-1, -1, 0, 0, 0};
	return BONES_OK;
}

static void tb_draw_ghost(const void *game, const void *state, bones_move move,
			  const bones_canvas *canvas)
{
	(void)game, (void)state, (void)move, (void)canvas;
}

static const bones_render text_render = {
	.size = BONES_RENDER_SIZE_1_2,
	.board_bounds = tb_bounds,
	.draw_board = tb_draw_board,
	.hand_size = tb_hand_size,
	.draw_piece = tb_draw_piece,
	.move_place = tb_move_place,
	.draw_ghost = tb_draw_ghost,
};

const bones_render *bones_text_board_render(bones_text_board *tb, const bones_plugin *plugin,
					    const void *game, int players,
					    const void **draw_game)
{
	const bones_render *r = bones_kit_board_render(&tb->kit, plugin, game, draw_game);
	if (r)
		return r;
	tb->plugin = plugin, tb->game = game, tb->players = players;
	*draw_game = tb;
	return &text_render;
}

bool bones_text_board_is(const bones_render *r)
{
	return r == &text_render;
}
