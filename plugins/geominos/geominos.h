/* Geominos plugin internals shared by its files: the configured game (tile set, board,
 * precomputed orientations), the flat state and the rules functions. Not a public API. */
#ifndef GEOMINOS_H
#define GEOMINOS_H

#include "bones/plugin.h"
#include "bones/translate.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define GEO_N 21                    /* board side */
#define GEO_CELLS (GEO_N * GEO_N)
#define GEO_CENTRE (GEO_N / 2)      /* the middle square is (10, 10), 0-based */
#define GEO_MAX_TILES 32            /* hands are 32-bit masks */
#define GEO_MAX_SECTIONS 9
#define GEO_MIN_SECTIONS 5
#define GEO_MAX_ORIENT 8            /* 2 sides x 4 rotations */
#define GEO_NAME_MAX 16             /* tile name with its NUL */
#define GEO_MAX_PLAYERS 4
#define GEO_PIPS 7                  /* 0..6 */
#define GEO_EMPTY 0xFF              /* state cell value of an empty square */
#define GEO_CHEAP_LEVELS 8          /* points levels of geo_game's cheap anchors */

enum { GEO_DEAL_ALL = 0, GEO_DEAL_FIVE = 1, GEO_DEAL_ONE = 2 };

/* Move packing: placements are tile | orient << 5 | x << 8 | y << 13 (x, y of the
 * anchor, 0-based); chance draws and the pass carry a kind bit. */
#define GEO_MOVE_PASS (1u << 20)
#define GEO_MOVE_DRAW (1u << 21)

/* One distinct orientation (side x rotation) of a tile. The anchor is the first
 * section in reading order (top row, then leftmost); offsets are from it. */
typedef struct geo_orient {
	uint8_t side, rot;              /* first side (0 = a) and quarter turns giving it */
	uint8_t count, height;          /* sections; rows spanned */
	int8_t minx, maxx;              /* columns spanned, relative to the anchor */
	int8_t dx[GEO_MAX_SECTIONS], dy[GEO_MAX_SECTIONS]; /* reading order, [0] = (0,0) */
	uint8_t pips[GEO_MAX_SECTIONS];
	uint8_t rs[GEO_MAX_SECTIONS], ls[GEO_MAX_SECTIONS]; /* shifts bringing dx to 0 */
	uint8_t pipmask;                /* bit p: a section has p pips */
	uint32_t rows[GEO_MAX_SECTIONS];   /* section bits per row, bit 0 = column minx */
	uint32_t xmask;                 /* anchor columns that keep the tile inside */
	uint64_t xmask3;                /* the same for three rows packed 21 bits apart */
} geo_orient;

typedef struct geo_tile {
	char name[GEO_NAME_MAX];
	int count;                      /* sections per side */
	int orient_count;
	geo_orient orient[GEO_MAX_ORIENT];
	int8_t orient_of[2][4];         /* side, rotation -> orientation index */
	int8_t centre_x, centre_y;      /* anchor of orientation 0 on the middle square */
} geo_tile;

/* A tile's sections by their pips, over all its orientations (for drawing moves). */
typedef struct geo_pip_sections {
	uint8_t count[GEO_PIPS];
	uint8_t at[GEO_PIPS][GEO_MAX_ORIENT * GEO_MAX_SECTIONS]; /* each: orient << 4 | k */
} geo_pip_sections;

/* The configured game: immutable after configure. */
typedef struct geo_game {
	const bones_host *host;
	int players, deal, starter, penalty;
	int quota;                      /* tiles each player receives in the game */
	int initial;                    /* tiles each receives before play begins */
	int hand_max;
	int tile_count, max_orient;
	geo_tile tiles[GEO_MAX_TILES];
	uint8_t light[GEO_CELLS], free_area[GEO_CELLS];
	uint32_t cost_rows[GEO_N];      /* light squares outside the free area */
	char set_name[64], board_name[64];
	uint8_t later[GEO_MAX_TILES];   /* heuristic.c: tile's least cost off the free area */
	uint8_t floor[GEO_MAX_TILES];   /* the least points of any placement of the tile */
	double saving[511];             /* heuristic.c: a prior's exp(d / TEMPER), d + 255 */
	/* the points of each placement, by tile, orientation and the square of the
	 * placement's leftmost column on the anchor's row (y * GEO_N + x + minx) */
	uint8_t points[GEO_MAX_TILES][GEO_MAX_ORIENT][GEO_CELLS];
	/* where a move's points are in points, less its y * GEO_N + x, by tile | orient << 5 */
	int32_t points_at[GEO_MAX_TILES * GEO_MAX_ORIENT];
	geo_pip_sections by_pip[GEO_MAX_TILES]; /* apart from tiles[]: seldom read */
	/* movegen.c: the anchors of each tile and orientation (laid out as movegen.c's
	 * blocks of rows) whose placement costs at most c points, c < GEO_CHEAP_LEVELS */
	uint64_t cheap[GEO_MAX_TILES][GEO_MAX_ORIENT][GEO_CHEAP_LEVELS][8];
	/* movegen.c: by_pip's counts, pips 0-3 and 4-6 in 16-bit lanes (sample_move) */
	uint64_t pip_sections[GEO_MAX_TILES][2];
} geo_game;

/* Phases of play. */
enum { GEO_PH_CENTRE, GEO_PH_DEAL, GEO_PH_REFILL, GEO_PH_DRAW, GEO_PH_PLAY, GEO_PH_OVER };
/* What the last move was, for breakdown and rendering. */
enum { GEO_LAST_NONE, GEO_LAST_CENTRE, GEO_LAST_PLACE, GEO_LAST_PASS };

/* The state: flat, no pointers, no padding (uint32 arrays first). */
typedef struct geo_state {
	uint32_t occ[GEO_N];            /* occupied squares, bit x of row y */
	uint32_t want[GEO_PIPS][GEO_N]; /* empty squares next to a section with p pips */
	uint32_t hand[GEO_MAX_PLAYERS]; /* tile masks */
	uint32_t deck;                  /* tiles not drawn yet */
	int16_t score[GEO_MAX_PLAYERS];
	uint8_t cell[GEO_CELLS];        /* tile << 3 | pips, GEO_EMPTY when empty */
	uint8_t received[GEO_MAX_PLAYERS]; /* tiles drawn so far by each player */
	uint8_t phase;
	uint8_t current;                /* player to move, or to receive a card */
	uint8_t blocked;                /* current player has no placement (must pass) */
	uint8_t last_kind, last_player, last_tile, last_points;
	uint8_t owner[GEO_MAX_TILES];   /* 1 + the player who placed tile t; 0: not placed
					   by a player (the centre tile, or not yet) */
	uint8_t pad[4];                 /* zero; keeps the size a multiple of 4 */
} geo_state;

/* data.c: load and validate the tile set and board named by the options. */
bones_status geo_load_tiles(geo_game *g, const char *name, char *err, size_t errcap);
bones_status geo_load_board(geo_game *g, const char *name, char *err, size_t errcap);

/* rules.c */
void geo_init_state(const void *game, void *state);
int geo_to_move(const void *game, const void *state);
size_t geo_legal_moves(const void *game, const void *state, bones_move *moves,
		       double *probs, size_t cap);
bones_status geo_apply(const void *game, void *state, bones_move move);
void geo_scores(const void *game, const void *state, double *scores);
size_t geo_breakdown(const void *game, const void *state, char *buf, size_t cap);
bool geo_placement_legal(const geo_game *g, const geo_state *s, int tile, int orient,
			 int x, int y);
void geo_points_prepare(geo_game *g);
int geo_hand_tile(const geo_state *s, int player, int index);
int geo_hand_index(const geo_state *s, int player, int tile);

static inline bones_move geo_move_place(int tile, int orient, int x, int y)
{
	return (bones_move)tile | (bones_move)orient << 5 | (bones_move)x << 8 |
	       (bones_move)y << 13;
}
/* The points of a placement, from the table geo_points_prepare made. */
static inline int geo_placement_points(const geo_game *g, int tile, int orient, int x,
				       int y)
{
	return g->points[tile][orient][y * GEO_N + x + g->tiles[tile].orient[orient].minx];
}

/* The points of placement m, straight from its packing. */
static inline int geo_move_points(const geo_game *g, bones_move m)
{
	int at = g->points_at[m & 255u] + (int)(m >> 13 & 31u) * GEO_N + (int)(m >> 8 & 31u);
	return ((const uint8_t *)g->points)[at]; /* the table as one array */
}

static inline int geo_move_tile(bones_move m) { return (int)(m & 31u); }
static inline int geo_move_orient(bones_move m) { return (int)(m >> 5 & 7u); }
static inline int geo_move_x(bones_move m) { return (int)(m >> 8 & 31u); }
static inline int geo_move_y(bones_move m) { return (int)(m >> 13 & 31u); }
static inline bool geo_move_is_place(bones_move m) { return m < (1u << 18); }

/* Four bit rows (occ or want) in one vector: SSE2, NEON. */
typedef uint32_t geo_rows4 __attribute__((vector_size(16)));

/* Four bit rows of the state from row `row` of occ on, where want[p] row y is row
 * GEO_N * (1 + p) + y (the arrays follow each other): rows past an array's end are the
 * next array's or the state's next bytes (the callers mask them out). */
#define GEO_ROWS4(v, s, row) \
	memcpy(&(v), (const char *)(s) + offsetof(geo_state, occ) + 4 * (size_t)(row), sizeof(v))
_Static_assert(offsetof(geo_state, want) == offsetof(geo_state, occ) + 4 * GEO_N,
	       "want follows occ");
_Static_assert(offsetof(geo_state, occ) + 4 * (GEO_N * (1 + GEO_PIPS) + 3) <=
	       sizeof(geo_state), "four rows from any row stay inside the state");

/* Whether the orientation fits on empty squares inside the board at anchor (x, y), its
 * first four rows tested at once (0 past its height): which row fails is a coin toss. */
static inline bool geo_fits(const geo_orient *o, const geo_state *s, int x, int y)
{
	int shift = x + o->minx;
	if (shift < 0 || x + o->maxx >= GEO_N || y < 0 || y + o->height > GEO_N)
		return false;
	geo_rows4 v, rows;
	memcpy(&rows, o->rows, sizeof rows);
	GEO_ROWS4(v, s, y);
	v &= rows << shift;
	if (v[0] | v[1] | v[2] | v[3])
		return false;
	for (int r = 4; r < o->height; r++)
		if (s->occ[y + r] & o->rows[r] << shift)
			return false;
	return true;
}

/* movegen.c: the placements of the tiles in mask (a subset of the mover's hand) in the
 * order tile, orientation, anchor row, anchor column; writes up to cap of them and
 * returns how many there are, or with cap == 0 whether there is one (0 or 1). */
size_t geo_generate(const geo_game *g, const geo_state *s, uint32_t mask,
		    bones_move *moves, size_t cap);

/* movegen.c: for each tile t of mask, the least points of its placements now into
 * cost[t], or -1 when it has none. */
void geo_cheapest(const geo_game *g, const geo_state *s, uint32_t mask, int *cost);

/* movegen.c: geo_game's pip_sections and cheap anchors, from by_pip and the points
 * table (geo_points_prepare). */
void geo_movegen_prepare(geo_game *g);

/* movegen.c: whether some tile of mask has a placement (geo_generate's answer with
 * cap == 0, found sooner). */
bool geo_has_placement(const geo_game *g, const geo_state *s, uint32_t mask);
/* ABI 1.1's sample_move: a move drawn as legal_moves' list and probabilities say,
 * without the list. */
bones_status geo_sample_move(const void *game, const void *state,
			     uint64_t (*next_random)(void *), void *rng, bones_move *move);

/* text.c: notation and the terminal rendering. */
size_t geo_format_move(const void *game, const void *state, bones_move move, char *buf,
		       size_t cap);
bones_status geo_parse_move(const void *game, const void *state, const char *text,
			    bones_move *move);
size_t geo_render_text(const void *game, const void *state, int viewer, char *buf,
		       size_t cap);
int geo_find_tile(const geo_game *g, const char *name, size_t len);

/* draw.c: the "bones.render/1" capability. */
const void *geo_get_extension(const void *game, const char *id);
/* observation.c: the "bones.observation/1" capability. */
const void *geo_observation_ext(void);
/* names.c: tile's name in the player's language, for words (never notation) */
const char *geo_tile_words(const geo_game *g, int tile);

/* actions.c: the dense action space, "bones.actions/1" */
const void *geo_actions_ext(void);

/* heuristic.c: the "bones.heuristic/1" capability. */
extern const struct bones_heuristic geo_heuristic;
void geo_heuristic_prepare(geo_game *g);

/* The plugin's texts in the player's language (bones/translate.h): N_ marks static
 * metadata the host translates, TR and TRN run-time texts (breakdowns, the terminal
 * view, chance words, configure and data-file errors); g is anything with the host
 * pointer, usually the configured game. Never in hot paths, notation or records. */
#define GEO_TEXT_DOMAIN "bones-geominos"
#define N_(s) s
#define TR(g, s) bones_translate((g)->host, GEO_TEXT_DOMAIN, s)
#define TRN(g, s, p, n) \
	bones_translate_plural((g)->host, GEO_TEXT_DOMAIN, s, p, (unsigned long)(n))

#endif /* GEOMINOS_H */
