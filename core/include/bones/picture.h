/* Pictures of game positions, drawn with Cairo: the "bones.render/1" canvas over a
 * cairo_t, and whole pictures (board, hands as one viewer sees them, a ghost move, the
 * last move) written as PNG, SVG or PDF to a file or to memory. Library bones_picture;
 * needs neither SDL nor a display. The window (bones-gui) draws each frame on the
 * canvas; `bones render`, the web server (SVG) and tournament reports (SVG) write whole
 * pictures; so the plugin's board looks the same in each.
 *
 * Coordinates: the plugin draws in its world units; a picture maps them to picture
 * units (pixels for PNG, points for SVG and PDF, one per pixel of the requested size)
 * by px = x * scale + ox, py = y * scale + oy (bones_picture_view). A client that wants
 * clickable targets maps each legal move's bones_move_place (x, y) through the view the
 * render call reports. */
#ifndef BONES_PICTURE_H
#define BONES_PICTURE_H

#include <stdbool.h>
#include <stddef.h>

#include "bones/plugin.h"
#include "bones/render.h"
#include "bones/session.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct _cairo cairo_t;
typedef struct _cairo_font_face cairo_font_face_t;

/* World to picture: px = x * scale + ox, py = y * scale + oy. */
typedef struct bones_picture_view {
	double scale, ox, oy;
} bones_picture_view;

/* Fit a board's box (x0, y0, x1, y1 in world units) into area (x0, y0, x1, y1 in
 * picture or screen units), centred: the one rule of every picture and window, a margin
 * of 5% of the box's larger side plus 0.3 world units on each side, and at most a third
 * of the area's smaller side per world unit (a lone tile is not blown up). */
bones_picture_view bones_picture_fit(const double box[4], const double area[4]);

/* Told of every mark a plugin draws, in world units (e.g. for hit tests). */
typedef void (*bones_picture_mark_fn)(void *ctx, const float *xy, int points, int kind);

/* ---- the canvas over a cairo_t ---------------------------------------------------- */

#define BONES_PICTURE_MARKS_ALL 0xFu /* bit (1u << kind) per BONES_MARK_ kind */

typedef struct bones_picture_canvas {
	bones_canvas canvas;          /* hand &canvas to the plugin; canvas.user is this */
	cairo_t *cr;                  /* borrowed */
	bones_picture_view view;      /* world to device units of cr */
	unsigned mark_kinds;          /* kinds of mark drawn (others only reported) */
	bones_picture_mark_fn on_mark; /* optional */
	void *mark_ctx;
	cairo_font_face_t *face;      /* owned: DejaVu Sans, or $BONES_GUI_FONT */
	unsigned marks_seen;          /* bit (1u << kind) per kind of mark drawn (reset it) */
} bones_picture_canvas;

/* A canvas drawing on cr (which may be replaced later by assigning c->cr). The font is
 * DejaVu Sans found through fontconfig; BONES_GUI_FONT names a font file instead. */
bones_status bones_picture_canvas_init(bones_picture_canvas *c, cairo_t *cr, char *err,
				       size_t errcap);
void bones_picture_canvas_release(bones_picture_canvas *c);

/* Device-space primitives (units of c->cr, no view applied), anti-aliased. A colour
 * with alpha 0 draws nothing; points beyond 4096 are ignored. */
void bones_picture_polygon(bones_picture_canvas *c, const float *xy, int points,
			   bones_color fill, bones_color stroke, double width);
void bones_picture_circle(bones_picture_canvas *c, double x, double y, double radius,
			  bones_color fill, bones_color stroke, double width);
void bones_picture_line(bones_picture_canvas *c, double x0, double y0, double x1,
			double y1, bones_color color, double width);
/* A rectangle with corner radius (0: square corners). */
void bones_picture_rect(bones_picture_canvas *c, double x, double y, double w, double h,
			double radius, bones_color fill, bones_color stroke, double width);
/* Text of height h (the line's height; digits are ~0.62 h tall), vertically centred on
 * y, anchored by align (BONES_ALIGN_*). Returns its width; text_width only measures. */
double bones_picture_text(bones_picture_canvas *c, double x, double y, double h,
			  bones_color color, int align, const char *utf8);
double bones_picture_text_width(bones_picture_canvas *c, double h, const char *utf8);
/* A mark region given in WORLD units, drawn with the house look for its kind. */
void bones_picture_mark(bones_picture_canvas *c, const float *xy, int points, int kind);

/* The last move of every player outlined in gold (with the player's colour inside) at
 * the piece the move put down: the plugin's ghost of each move drawn as outlines, in the
 * state before it, from the first `upto` history entries of s. A move whose ghost has no
 * shape the board shows now (a discard; a piece moved on since, as Hegemino's market
 * column at a new round) gives way to the player's move before it. Hosts call it after the
 * plugin's draw_board when that drew no BONES_MARK_LAST mark (marks_seen), so every game
 * shows where each player moved last, in play, replay and pictures alike. Returns the
 * number of moves outlined. */
int bones_picture_last_moves(bones_picture_canvas *c, const bones_session *s, size_t upto);

/* Frees the process-wide caches of Cairo and fontconfig (fonts, patterns). Optional:
 * call it once at the end of a program, after every canvas and cairo object is gone,
 * so that leak checkers see a clean exit. Pictures may be drawn again afterwards. */
void bones_picture_release_caches(void);

/* The colour of player p (0..): the same in every picture, legend and panel. */
bones_color bones_picture_player_color(int p);

/* ---- whole pictures ---------------------------------------------------------------- */

typedef enum bones_picture_format {
	BONES_PICTURE_PNG = 0,
	BONES_PICTURE_SVG = 1,
	BONES_PICTURE_PDF = 2
} bones_picture_format;

enum {
	BONES_PICTURE_HANDS = 1u << 0,   /* a column of the players' hands at the right */
	BONES_PICTURE_LAST = 1u << 1,    /* highlight the last move (the plugin's marks) */
	BONES_PICTURE_OPEN = 1u << 2,    /* outline open spots (plugin's BONES_MARK_OPEN) */
	BONES_PICTURE_TARGETS = 1u << 3, /* dot every legal target of the player to move */
	BONES_PICTURE_GHOST = 1u << 4,   /* draw `ghost` translucently on the board */
	BONES_PICTURE_ENDED = 1u << 5    /* the game ended outside its rules (a resignation,
					  * the clock): nobody is shown to move */
};

typedef struct bones_picture_request {
	int width, height;   /* picture size; 64..8192 */
	int viewer;          /* -1 spectator: hidden pieces face down */
	unsigned flags;      /* BONES_PICTURE_* */
	bones_move ghost;    /* with BONES_PICTURE_GHOST; must be legal in the state */
	const char *title;   /* optional caption at the top left, e.g. "Holomino - move 12" */
	const char *const *names; /* optional: each seat's name in the hands column (the
				   * table's "Ann"), NULL or a NULL entry: "Player N" */
} bones_picture_request;

/* The position to draw: borrowed pointers. */
typedef struct bones_picture_game {
	const bones_plugin *plugin;
	const void *game;     /* the configured game */
	int players;          /* bones_game_info.players */
	size_t max_moves;     /* bones_game_info.max_moves (for BONES_PICTURE_TARGETS) */
	const void *state;
	/* optional (NULL: none): the history it came from, for the players' last moves */
	const bones_session *session;
	size_t index;         /* the state is the session's after `index` entries */
} bones_picture_game;

/* The position of a session after its first `index` history entries (index past the
 * end: the current state). */
bones_picture_game bones_picture_game_of(const bones_session *s, size_t index);

/* A request with defaults: 1200x800, spectator, hands and last move shown. */
bones_picture_request bones_picture_defaults(void);

#define BONES_PICTURE_MAX_SLOTS 256

/* Where things went: the board's view and box, and each drawn hand piece. */
typedef struct bones_picture_layout {
	bones_picture_view board;  /* world units of the board to picture units */
	double board_box[4];       /* the board area x0, y0, x1, y1 in picture units */
	int slot_count;
	struct {
		int player, piece;     /* piece: index for draw_piece/move_place's piece */
		double x, y, w, h;     /* its box in picture units */
	} slot[BONES_PICTURE_MAX_SLOTS];
} bones_picture_layout;

/* Draw a position onto cr (device units = picture units) at the requested size.
 * layout may be NULL. Fails if the game cannot be drawn (no bones.render/1). */
bones_status bones_picture_draw(bones_picture_canvas *c, const bones_picture_game *pos,
				const bones_picture_request *req, bones_picture_layout *layout,
				char *err, size_t errcap);

/* Render to a file (path) in the format; layout may be NULL. */
bones_status bones_picture_write(const bones_picture_game *pos,
				 const bones_picture_request *req, bones_picture_format format,
				 const char *path, bones_picture_layout *layout, char *err,
				 size_t errcap);
/* Render to memory: *data (malloc'd, the caller frees) of *size bytes. */
bones_status bones_picture_encode(const bones_picture_game *pos,
				  const bones_picture_request *req, bones_picture_format format,
				  unsigned char **data, size_t *size,
				  bones_picture_layout *layout, char *err, size_t errcap);

/* "png", "svg", "pdf" (any case, or a file name ending so); false if none. */
bool bones_picture_format_parse(const char *text, bones_picture_format *format);

#ifdef __cplusplus
}
#endif
#endif /* BONES_PICTURE_H */
