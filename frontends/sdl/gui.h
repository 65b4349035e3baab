/* The SDL2 GUI's internal header: the Cairo canvas shown through SDL, fonts, the game
 * model, the agent worker, the layout and the screens. Only frontends/sdl includes SDL; nothing here is
 * game-specific: every game is drawn and played through "bones.render/1". */
#ifndef BONES_GUI_H
#define BONES_GUI_H

#include <SDL.h>
#include <cairo.h>
#include <stdbool.h>
#include <stdio.h>

#include "bones/agent.h"
#include "bones/choices.h"
#include "bones/clock.h"
#include "bones/match.h"
#include "bones/picture.h"
#include "bones/preset.h"
#include "bones/record.h"
#include "bones/registry.h"
#include "bones/render.h"
#include "bones/session.h"
#include "bones/table.h"
#include "bones/text_board.h"

/* ---- fonts (font.c) ------------------------------------------------------------- */

typedef struct gui_fonts gui_fonts;

/* DejaVu Sans found through fontconfig (BONES_GUI_FONT overrides the file), checked to
 * open; NULL when it cannot be (err says why). Cairo draws with it (bones/picture.h). */
gui_fonts *gui_fonts_create(char *err, size_t errcap);
/* Also frees Cairo's and fontconfig's caches: call after gui_draw_release. */
void gui_fonts_destroy(gui_fonts *f);

/* ---- the canvas: Cairo on an image surface, shown as a texture (canvas_sdl.c) ---- */

/* World to screen: sx = x * scale + ox, sy = y * scale + oy. */
typedef struct gui_view {
	float scale, ox, oy;
} gui_view;

#define GUI_POLY_MAX 16
/* A highlight region the plugin marked, kept in world units for hit tests. */
typedef struct gui_mark {
	float xy[2 * GUI_POLY_MAX];
	int points;
	int kind;
} gui_mark;

/* Every frame is drawn with Cairo (bones/picture.h) onto an image surface of the
 * window's pixel size, then uploaded as one texture: anti-aliased, and the same code
 * that writes PNG, SVG and PDF pictures. */
typedef struct gui_draw {
	bones_canvas canvas;  /* handed to plugins; draws through d->view */
	SDL_Renderer *r;      /* borrowed; NULL: off-screen only */
	gui_fonts *fonts;     /* borrowed */
	gui_view view;
	bool capture;         /* record marks into marks[] while drawing */
	gui_mark *marks;      /* owned */
	int mark_count, mark_cap;
	bones_picture_canvas pc; /* the Cairo canvas (pc.cr draws on surface) */
	cairo_surface_t *surface; /* owned, w x h ARGB32 */
	SDL_Texture *texture;  /* owned, same size */
	int w, h;
	int last_marks;        /* last moves marked in the last board drawn (scripts) */
	FILE *text_log;        /* not NULL: every gui_text_px writes "text: TEXT" here */
} gui_draw;

void gui_draw_init(gui_draw *d, SDL_Renderer *r, gui_fonts *fonts);
void gui_draw_release(gui_draw *d);
/* Start a frame of w x h pixels filled with background; false if out of memory. */
bool gui_draw_begin(gui_draw *d, int w, int h, bones_color background);
/* Show the frame: upload to the texture and copy it to the renderer (if any). */
void gui_draw_present(gui_draw *d);
/* The frame as PNG. */
bool gui_draw_save_png(gui_draw *d, const char *path);
/* Clip further drawing to a rectangle of pixels / drop the clip. */
void gui_clip(gui_draw *d, SDL_FRect rect);
void gui_unclip(gui_draw *d);
/* What is drawn between these two is laid over the frame at the given opacity (0..1)
 * as one picture, so that a plugin's ghost, opaque parts and all, reads as a ghost. */
void gui_ghost_begin(gui_draw *d);
void gui_ghost_end(gui_draw *d, double opacity);
/* The pixel at (x, y) of the frame as 0xRRGGBBAA (0 outside). */
bones_color gui_draw_pixel(gui_draw *d, int x, int y);
void gui_draw_color(gui_draw *d, bones_color c);
/* Screen-space primitives (pixels of the renderer's output). */
void gui_fill_rect(gui_draw *d, SDL_FRect rect, bones_color fill);
void gui_stroke_rect(gui_draw *d, SDL_FRect rect, bones_color color, float width);
/* A rounded rectangle (radius in pixels), filled and/or stroked. */
void gui_round_rect(gui_draw *d, SDL_FRect rect, float radius, bones_color fill,
		    bones_color stroke, float width);
void gui_poly_px(gui_draw *d, const float *xy, int points, bones_color fill,
		 bones_color stroke, float width);
void gui_circle_px(gui_draw *d, float x, float y, float radius, bones_color fill,
		   bones_color stroke, float width);
void gui_line_px(gui_draw *d, float x0, float y0, float x1, float y1, bones_color color,
		 float width);
/* Text of pixel height h, vertically centred on y; returns its width in pixels. */
float gui_text_px(gui_draw *d, float x, float y, float h, bones_color color, int align,
		  const char *utf8);
float gui_text_width(gui_draw *d, float h, const char *utf8);
/* gui_text_px at height h, smaller when the text would be wider than max_w. */
float gui_text_fit(gui_draw *d, float x, float y, float h, float max_w, bones_color color,
		   int align, const char *utf8);
/* Draw a mark region in world units with the GUI's look for kind. */
/* Start counting the plugin's marks (before its draw_board); after it, outline every
 * player's last move of the first `upto` history entries of s unless the plugin marked
 * the last move itself (bones_picture_last_moves). */
void gui_marks_begin(gui_draw *d);
void gui_last_moves(gui_draw *d, const bones_session *s, size_t upto);
void gui_mark_world(gui_draw *d, const float *xy, int points, int kind);
bool gui_point_in_poly(const float *xy, int points, float x, float y);

/* ---- the game model (game.c) ----------------------------------------------------- */

#define GUI_MAX_SEATS BONES_TABLE_MAX_SEATS

/* Who sits in a seat: "human" (or "") or an agent spec, and a name. */
typedef bones_table_seat gui_seat;

/* The game on screen: a table (bones/table.h: the session, seats and agents, clock,
 * penalties, forfeit, match, undo and redo) and what the window needs besides: the
 * choices of the seat to move (bones/choices.h: the legal moves with their places,
 * spots and points), and a scratch state for the breakdown of a preview. */
typedef struct gui_game {
	const bones_plugin *plugin;   /* borrowed from the registry */
	const bones_render *render;   /* the plugin's, or the text board's (its text view) */
	bones_text_board text_board;  /* what the text board's (or the kit's) render reads */
	bones_table *table;           /* owned */
	bones_session *s;             /* the table's game in progress; borrowed */
	char label[112];              /* what was started: the entry's or the plugin's name */
	char title[128];              /* the label, with "K/N" in a match */
	int players;
	bones_choices *choices;       /* what the seat to move can do; owned */
	size_t move_count;            /* bones_choices_count(choices) */
	void *scratch;                /* one state, for previews */
	char record[1024];            /* the file the game is kept in, "" until it is saved */
	unsigned kept;                /* the app's generation when it was last kept */
} gui_game;

/* Start a game (or match) as set up. */
bones_status gui_game_start(gui_game *g, const bones_table_setup *setup, char *err,
			    size_t errcap);
/* Take over a session (e.g. from a record); seats as given (NULL: all human). */
bones_status gui_game_adopt(gui_game *g, bones_session *s, const gui_seat *seats,
			    char *err, size_t errcap);
void gui_game_release(gui_game *g);
/* Resolve chance and list the legal moves of the current state. */
bones_status gui_game_refresh(gui_game *g);
bones_status gui_game_play(gui_game *g, bones_move move);
/* Take back moves until a human is to move again, at least one human move. */
bool gui_game_undo(gui_game *g);
/* Play again what the last undo took back (the same chance outcomes and replies);
 * false when there is nothing to redo. Any other move forgets it. */
bool gui_game_redo(gui_game *g);
/* The match's next game (seats rotated); false (err says why) when there is none. */
bool gui_game_next(gui_game *g, char *err, size_t errcap);
bool gui_game_human(const gui_game *g, int player);
/* The game argument of g->render's functions (the plugin's game, or its text board). */
const void *gui_game_drawn(const gui_game *g);
/* The render table found again after g was copied to where it now lives (the board
 * kit's table lies inside g). */
void gui_game_moved(gui_game *g);
int gui_game_to_move(const gui_game *g);
/* Choice i (< move_count) of the seat to move. */
const bones_choice *gui_game_choice(const gui_game *g, size_t i);
/* The breakdown of what move would score (the move applied to a copy). */
void gui_game_preview(gui_game *g, bones_move move, char *bd, size_t cap);
/* Notation of history entry i, and the breakdown of the state after it. */
void gui_game_move_text(const gui_game *g, size_t i, char *buf, size_t cap);
void gui_game_breakdown_after(const gui_game *g, size_t i, char *buf, size_t cap);
/* A seat's label as the record has it: its name, or "Player N" and its agent. */
const char *gui_game_seat_label(const gui_game *g, int p);
/* The same in the player's language, for the screen ("Spieler 2 (greedy)"). Returns buf. */
const char *gui_game_seat_text(const gui_game *g, int p, char *buf, size_t cap);
/* A participant's label in the player's language (the match's totals). Returns buf. */
const char *gui_game_participant_text(const gui_game *g, int participant, char *buf,
				      size_t cap);

/* ---- the agent worker thread (worker.c) ------------------------------------------ */

typedef struct gui_worker {
	SDL_Thread *thread;
	SDL_atomic_t done;
	bones_agent *agent;  /* borrowed while running */
	void *state;         /* owned copy */
	size_t state_size;
	bones_move move;
	bones_status status;
	unsigned generation; /* of the game position it was asked about */
	Uint32 wake;         /* SDL user event pushed when done */
} gui_worker;

void gui_worker_init(gui_worker *w, Uint32 wake_event);
bool gui_worker_busy(const gui_worker *w);
bool gui_worker_start(gui_worker *w, bones_agent *agent, const void *state, size_t size,
		      unsigned generation);
/* When the agent has chosen: join, return true with the move and its generation. */
bool gui_worker_poll(gui_worker *w, bones_move *move, unsigned *generation,
		     bones_status *status);
/* Wait for a running agent to finish and drop its answer. */
void gui_worker_join(gui_worker *w);
void gui_worker_release(gui_worker *w);

#endif /* BONES_GUI_H */
