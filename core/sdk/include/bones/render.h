/* Rendering capability "bones.render/1": the plugin draws onto a host canvas of vector
 * primitives in its own world units, and maps legal moves to a hand piece and a target
 * so that one generic UI can play any game. Returned by get_extension(BONES_RENDER_ID). */
#ifndef BONES_RENDER_H
#define BONES_RENDER_H

#include <stdbool.h>
#include <stddef.h>

#include "bones/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BONES_RENDER_ID "bones.render/1"

/* 0xRRGGBBAA. Alpha 0 means "none" (no fill, no stroke). */
typedef uint32_t bones_color;
#define BONES_RGBA(r, g, b, a) \
	((bones_color)(((uint32_t)(r) << 24) | ((uint32_t)(g) << 16) | ((uint32_t)(b) << 8) | (uint32_t)(a)))
#define BONES_NONE ((bones_color)0)

/* The house colour of player p (0-based; eight, then repeating). Plugins colour pieces
 * by owner with it and hosts draw their legends with it, so the two always agree. */
static inline bones_color bones_player_color(int p)
{
	static const bones_color palette[8] = {
		BONES_RGBA(214, 69, 65, 255),  BONES_RGBA(52, 120, 200, 255),
		BONES_RGBA(60, 160, 90, 255),  BONES_RGBA(230, 160, 30, 255),
		BONES_RGBA(140, 80, 170, 255), BONES_RGBA(40, 160, 170, 255),
		BONES_RGBA(200, 90, 150, 255), BONES_RGBA(120, 110, 100, 255),
	};
	return palette[(p < 0 ? 0 : p) % 8];
}

/* A colour mixed towards white: t = 0 keeps c, t = 1 is white (alpha kept). */
static inline bones_color bones_color_tint(bones_color c, float t)
{
	uint32_t out = c & 0xffu;
	for (int shift = 8; shift < 32; shift += 8) {
		float v = (float)((c >> shift) & 0xffu);
		out |= (uint32_t)(v + (255.0f - v) * t + 0.5f) << shift;
	}
	return (bones_color)out;
}

/* Text anchor for bones_canvas.text. */
enum { BONES_ALIGN_CENTER = 0, BONES_ALIGN_LEFT = 1, BONES_ALIGN_RIGHT = 2 };

/* Highlight kinds a plugin may mark; frontends choose the look. */
enum {
	BONES_MARK_TARGET = 0,  /* a legal target of the selected piece */
	BONES_MARK_LAST = 1,    /* part of the last move */
	BONES_MARK_BLOCKED = 2, /* a spot that can never be filled */
	BONES_MARK_OPEN = 3     /* an open spot */
};

/* Provided by the host; every call draws immediately. Coordinates are world units of
 * the plugin, y grows downwards. All pointers are borrowed for the call only. */
typedef struct bones_canvas {
	uint32_t size;  /* sizeof(bones_canvas) as the host was built */
	void *user;     /* host-private */
	void (*polygon)(void *user, const float *xy, int points, bones_color fill,
			bones_color stroke, float stroke_width);
	void (*circle)(void *user, float x, float y, float radius, bones_color fill,
		       bones_color stroke, float stroke_width);
	void (*line)(void *user, float x0, float y0, float x1, float y1, bones_color color,
		     float width);
	/* UTF-8 text of the given height, anchored at (x, y) = vertical centre. */
	void (*text)(void *user, float x, float y, float height, bones_color color, int align,
		     const char *utf8);
	/* Domino pips 0..9 in the square of side `side` centred on (x, y). */
	void (*pips)(void *user, float x, float y, float side, int count, bones_color color);
	/* Mark a region (a polygon) as a highlight of the given BONES_MARK_ kind. */
	void (*mark)(void *user, const float *xy, int points, int kind);
	/* Appended in ABI 1.2 (read through BONES_CANVAS_SEAT_NAME): each seat's name as the
	 * table shows it ("Ann"), by seat from 0; NULL, or a NULL entry, where the host has
	 * none (the plugin then writes its own "Player N"). */
	const char *const *seat_names;
} bones_canvas;

/* Seat p's name for a board's label from the host, or NULL (an older host's canvas
 * lacks the field: its size says so). */
#define BONES_CANVAS_SEAT_NAME(cv, p) \
	((cv)->size >= offsetof(bones_canvas, seat_names) + sizeof((cv)->seat_names) && \
			 (cv)->seat_names ? (cv)->seat_names[p] : (const char *)0)

/* Where a legal move comes from and where it goes, for point-and-click UIs. */
typedef struct bones_move_place {
	int piece;      /* index into the mover's hand (draw_piece), -1 for none (pass) */
	int target;     /* plugin's id of the target spot, -1 for none */
	float x, y;     /* target centre in board world units */
	int variant;    /* 0.. among the moves with the same piece and target */
} bones_move_place;

typedef struct bones_render {
	uint32_t size;  /* sizeof(bones_render) as the plugin was built */
	/* Bounding box of the board drawing (x0, y0, x1, y1) in world units. */
	void (*board_bounds)(const void *game, const void *state, float box[4]);
	/* Draw the board as `viewer` (-1 spectator) sees it. */
	void (*draw_board)(const void *game, const void *state, int viewer,
			   const bones_canvas *canvas);
	/* Number of pieces in a player's hand as `viewer` sees it. */
	int (*hand_size)(const void *game, const void *state, int player, int viewer);
	/* Draw hand piece `piece` of `player` centred on (0, 0), fitting a 1x1 box;
	 * face down when viewer may not see it. */
	void (*draw_piece)(const void *game, const void *state, int player, int piece,
			   int viewer, const bones_canvas *canvas);
	/* Where a legal move comes from and goes to. BONES_EINVAL if not legal. */
	bones_status (*move_place)(const void *game, const void *state, bones_move move,
				   bones_move_place *place);
	/* Draw move as a translucent ghost on the board (before it is applied). */
	void (*draw_ghost)(const void *game, const void *state, bones_move move,
			   const bones_canvas *canvas);
	/* Appended fields: present when size covers them (BONES_RENDER_HAS), may be NULL. */
	/* What the player to move does now, in a few words for a status line ("pick a
	 * domino from the market", "place 3-5 on your tableau or discard it"). Writes a
	 * NUL-terminated text and returns true, or returns false to leave the host's. */
	bool (*prompt)(const void *game, const void *state, char *buf, size_t cap);
	/* A chance outcome in words for people ("tile 146 starts the board", "2-5 comes to
	 * the market"), state being the state before it. Writes a NUL-terminated text and
	 * returns true, or returns false to leave the notation. */
	bool (*describe_chance)(const void *game, const void *state, bones_move move, char *buf,
				size_t cap);
	/* The label of a button for a legal move that has no target on the board (move_place
	 * gives target -1: a pass, a discard, a draw), a word or two in the player's language
	 * ("Pass", "Discard 3-5"). Writes a NUL-terminated text and returns true, or returns
	 * false to leave the notation. */
	bool (*move_label)(const void *game, const void *state, bones_move move, char *buf,
			   size_t cap);
	/* A player's legal move in words for people, in the player's language: a phrase
	 * that follows the mover's name ("places Snake to the right of Chair, flipped", "picks
	 * 4-5 from row 2"; German "legt ...", "nimmt ..."), state being the state before it.
	 * The host writes the name before it and the points after it; the notation stays
	 * for records and a details view. Writes a NUL-terminated text and returns true, or
	 * returns false to leave the notation. */
	bool (*move_words)(const void *game, const void *state, bones_move move, char *buf,
			   size_t cap);
	/* The game's full rules for people who have never played it, in the plugin's own
	 * words and the player's language, as this configured game plays them: the goal,
	 * a turn, what is legal, how it ends and how it scores. Plain UTF-8 paragraphs
	 * separated by an empty line, lines unwrapped (the host wraps them to its window
	 * or terminal; a line starting with "- " is a list item). Writes a NUL-terminated
	 * text (cut at cap - 1 bytes; 16 KiB always suffice) and returns true, or returns
	 * false to leave only the summary. May be called at any time on any thread. */
	bool (*rules_text)(const void *game, char *buf, size_t cap);
	/* At game over, for people, in the player's language: why the game ended in a few
	 * words on the first line ("the boneyard and the market are empty", "blocked:
	 * every player passed in a row"), then the score sheet, one line per player (or
	 * tableau) saying how the score comes about ("tableau 1: 2s: 4 squares, 1 wild, x2
	 * = 8; ...; total 31"). Writes a NUL-terminated text and returns true, or returns
	 * false when the game is not over (the host then says only "game over"). */
	bool (*end_text)(const void *game, const void *state, char *buf, size_t cap);
} bones_render;

/* The capability's size in each ABI minor: a host accepts any size from the 1.0 one up
 * (1.1 added nothing here) and reads an appended field only where BONES_RENDER_HAS says
 * the plugin's size covers it. ABI 1.2 appended prompt, describe_chance, move_label,
 * move_words, rules_text and end_text in that order; a 1.2 plugin built before one of them has a
 * size between the two. */
#define BONES_RENDER_SIZE_1_0 ((uint32_t)offsetof(bones_render, prompt))
#define BONES_RENDER_SIZE_1_2 ((uint32_t)sizeof(bones_render))

/* Whether render struct r has the appended field f set. */
#define BONES_RENDER_HAS(r, f) \
	((r)->size >= offsetof(bones_render, f) + sizeof((r)->f) && (r)->f != NULL)

#ifdef __cplusplus
}
#endif
#endif /* BONES_RENDER_H */
