/* The board kit's "bones.render/1": found for a plugin with "bones.kit.line/1" and no
 * render of its own; its clicks (move_place) and the plugin's words passed on. */
#include <string.h>

#include "kit_internal.h"

static int kit_hand_size(const void *vkb, const void *state, int player, int viewer)
{
	bones_kit_line_position pos;
	bones_kit_describe(vkb, state, viewer, &pos);
	return player >= 0 && player < pos.hands ? pos.hand_len[player] : 0;
}

/* The tile's hand index and its end: target = the arm (BONES_KIT_LEAD: the middle). */
static bones_status kit_move_place(const void *vkb, const void *state, bones_move move,
				   bones_move_place *place)
{
	const bones_kit_board *kb = vkb;
	int piece, arm;
	bones_status st = kb->line->move_tile(kb->game, state, move, &piece, &arm);
	if (st != BONES_OK)
		return st;
	*place = (bones_move_place){-1, -1, 0, 0, 0};
	if (piece < 0)
		return BONES_OK;
	if (arm < 0 || arm > BONES_KIT_LEAD)
		return BONES_EINVAL;
	bones_kit_line_position pos;
	bones_kit_layout at;
	bones_kit_describe(kb, state, -1, &pos);
	bones_kit_board_lay_out(&pos, &at);
	const bones_kit_spot *p = arm == BONES_KIT_LEAD ? &at.middle : &at.next[arm];
	*place = (bones_move_place){piece, arm, p->x, p->y, 0};
	return BONES_OK;
}

/* The plugin's words: in the table only where it has them. */
static bool kit_prompt(const void *vkb, const void *state, char *buf, size_t cap)
{
	const bones_kit_board *kb = vkb;
	return kb->words.prompt(kb->game, state, buf, cap);
}

static bool kit_describe_chance(const void *vkb, const void *state, bones_move move,
				char *buf, size_t cap)
{
	const bones_kit_board *kb = vkb;
	return kb->words.describe_chance(kb->game, state, move, buf, cap);
}

static bool kit_move_label(const void *vkb, const void *state, bones_move move, char *buf,
			   size_t cap)
{
	const bones_kit_board *kb = vkb;
	return kb->words.move_label(kb->game, state, move, buf, cap);
}

static bool kit_move_words(const void *vkb, const void *state, bones_move move, char *buf,
			   size_t cap)
{
	const bones_kit_board *kb = vkb;
	return kb->words.move_words(kb->game, state, move, buf, cap);
}

static bool kit_rules_text(const void *vkb, char *buf, size_t cap)
{
	const bones_kit_board *kb = vkb;
	return kb->words.rules_text(kb->game, buf, cap);
}

static bool kit_end_text(const void *vkb, const void *state, char *buf, size_t cap)
{
	const bones_kit_board *kb = vkb;
	return kb->words.end_text(kb->game, state, buf, cap);
}

static const bones_render kit_render = {
	.size = BONES_RENDER_SIZE_1_2,
	.board_bounds = bones_kit_bounds,
	.draw_board = bones_kit_draw_board,
	.hand_size = kit_hand_size,
	.draw_piece = bones_kit_draw_piece,
	.move_place = kit_move_place,
	.draw_ghost = bones_kit_draw_ghost,
	.prompt = kit_prompt,
	.describe_chance = kit_describe_chance,
	.move_label = kit_move_label,
	.move_words = kit_move_words,
	.rules_text = kit_rules_text,
	.end_text = kit_end_text,
};

/* The grid kit's table (kit_grid.c, kit_grid_draw.c), the same words. */
static const bones_render grid_render = {
	.size = BONES_RENDER_SIZE_1_2,
	.board_bounds = bones_kit_grid_bounds,
	.draw_board = bones_kit_grid_draw_board,
	.hand_size = bones_kit_grid_hand_size,
	.draw_piece = bones_kit_grid_draw_piece,
	.move_place = bones_kit_grid_move_place,
	.draw_ghost = bones_kit_grid_draw_ghost,
	.prompt = kit_prompt,
	.describe_chance = kit_describe_chance,
	.move_label = kit_move_label,
	.move_words = kit_move_words,
	.rules_text = kit_rules_text,
	.end_text = kit_end_text,
};

/* The plugin's words, from the capability that has them. */
#define KIT_WORDS(kb, cap) \
	((kb)->words.prompt = (cap)->prompt, (kb)->words.describe_chance = (cap)->describe_chance, \
	 (kb)->words.move_label = (cap)->move_label, (kb)->words.move_words = (cap)->move_words, \
	 (kb)->words.rules_text = (cap)->rules_text, (kb)->words.end_text = (cap)->end_text)

const bones_render *bones_kit_board_render(bones_kit_board *kb, const bones_plugin *plugin,
					   const void *game, const void **draw_game)
{
	const bones_render *r = plugin->get_extension
					? plugin->get_extension(game, BONES_RENDER_ID)
					: NULL;
	*draw_game = game;
	if (r && r->size >= BONES_RENDER_SIZE_1_0)
		return r;
	const bones_kit_line *line = plugin->get_extension
					     ? plugin->get_extension(game, BONES_KIT_LINE_ID)
					     : NULL;
	const bones_kit_grid *grid = plugin->get_extension
					     ? plugin->get_extension(game, BONES_KIT_GRID_ID)
					     : NULL;
	memset(kb, 0, sizeof *kb);
	kb->plugin = plugin, kb->game = game;
	if (line && line->size >= BONES_KIT_LINE_SIZE_1 && line->describe && line->move_tile) {
		kb->line = line, kb->render = kit_render;
		KIT_WORDS(kb, line);
	} else if (grid && grid->size >= BONES_KIT_GRID_SIZE_1 && grid->describe &&
		   grid->place) {
		kb->grid = grid, kb->render = grid_render;
		KIT_WORDS(kb, grid);
	} else {
		return NULL;
	}
	if (!kb->words.prompt)
		kb->render.prompt = NULL;
	if (!kb->words.describe_chance)
		kb->render.describe_chance = NULL;
	if (!kb->words.move_label)
		kb->render.move_label = NULL;
	if (!kb->words.move_words)
		kb->render.move_words = NULL;
	if (!kb->words.rules_text)
		kb->render.rules_text = NULL;
	if (!kb->words.end_text)
		kb->render.end_text = NULL;
	*draw_game = kb;
	return &kb->render;
}

bool bones_kit_board_is(const bones_render *r)
{
	return r && (r->board_bounds == kit_render.board_bounds ||
		     r->board_bounds == grid_render.board_bounds);
}
