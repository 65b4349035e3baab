/* Holomino plugin internals shared by its source files: the configured game (tile set,
 * pattern tables, state layout) and the flat state. Nothing here is exported from the .so. */
#ifndef BONES_HOLOMINO_INTERNAL_H
#define BONES_HOLOMINO_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bones/heuristic.h"
#include "bones/hex.h"
#include "bones/observation.h"
#include "bones/plugin.h"
#include "bones/translate.h"

#define HM_MAX_TILES 256   /* 2 x C(9,3) = 168 unique, 249 with repeated digits */
#define HM_WORDS 4         /* 64-bit words of a tile bitmask */
#define HM_POOL_MAX 7      /* pool_size 6 plus the tile drawn at the start of a turn */
#define HM_MAX_PLAYERS 4
#define HM_NO_TILE 0xFF
#define HM_NOT_LIVE 0xFFFF
#define HM_COORD_BIAS 512  /* q and r are stored in moves as 10-bit q + 512 */

/* Move packing: kind in bits 0-1, tile 2-9, turn 10-11, q+512 12-21, r+512 22-31. */
enum { HM_PLACE = 0, HM_PASS = 1, HM_DRAW = 2 };
enum { HM_PHASE_DEAL = 0, HM_PHASE_DRAW = 1, HM_PHASE_MOVE = 2, HM_PHASE_OVER = 3 };

typedef struct hm_game {
	const bones_host *host;       /* borrowed; outlives the game */
	int players, pool_size, digits, max_extent;
	bool unique;                  /* unique_digits */
	bool product;                 /* scoring = product */
	int ntiles;                   /* size of the tile set */
	int words;                    /* used words of a tile bitmask */
	uint8_t tile_digit[HM_MAX_TILES][3]; /* digits at c1, c3, c5 at turn 0 */
	uint8_t turned[HM_MAX_TILES][3][3];  /* ... and at each turn */
	uint16_t tile_name[HM_MAX_TILES];    /* the name read as a number, e.g. 135 */
	int16_t name_index[1000];            /* name -> tile, -1 for none */
	int npat;                     /* (digits + 1)^3 constraint patterns */
	unsigned pat_weight[3];       /* pattern = sum of d[i] x pat_weight[i] */
	uint64_t *fit;                /* npat x HM_WORDS: tiles fitting the pattern; owned */
	uint64_t *fit0;               /* npat: the first word of each, packed (one-word sets
				       * read it in their hot loops); owned */
	uint8_t *ori;                 /* npat x ntiles: bit k = turn k fits; owned */
	size_t cell_cap;              /* cells a state can know (placed + open) */
	size_t live_cap;              /* entries of the live list (open cells + a spare) */
	uint64_t live_tiles;          /* HM_LIVE_TILES where live entries hold the fitting
				       * tiles (one-word games), else 0 */
	unsigned board_mask;          /* slots of the board - 1 (a power of two - 1) */
	int qbits;                    /* the board's rows are 2^qbits slots long */
	unsigned home_step[6];        /* a neighbour's slot - its cell's, modulo the board */
	int clear_q, clear_r;         /* spans of the layout (2 x q and r) below which no two
				       * cells next to it share a slot (see hm_state) */
	bool popcnt;                  /* the CPU has POPCNT (HM_POPCNT_DISPATCH builds) */
	size_t off_cells, off_board, off_live, state_size;
	size_t max_moves;
} hm_game;

/* One record of a move and what it scored. */
typedef struct hm_moverec {
	uint32_t move;     /* the move, valid when `valid` */
	int32_t points;    /* what it scored */
	uint8_t player;    /* who made it (chance outcomes: the receiving player) */
	uint8_t valid;     /* 1 once a move is recorded */
	uint8_t chance;    /* 1 for draw: outcomes */
	uint8_t nholes;    /* holes it closed */
	uint8_t hole[3];   /* their values */
	uint8_t digit[3][3]; /* the three digits of each hole */
	uint8_t pad[2];
} hm_moverec;

/* A known cell: placed, or open (empty, next to the layout). 16 bytes: a cell is found
 * by a shift, and written whole when it is added. */
typedef struct hm_cell {
	int16_t q, r;      /* its place; compared as one 32-bit key (hm_key_of) */
	uint8_t d[3];      /* digits at c1, c3, c5: a placed tile's, or the fixed ones (0 = free) */
	uint8_t placed;    /* 1 when a tile is on it */
	uint16_t pat;      /* constraint pattern of d (open cells) */
	uint16_t open_pos; /* index in the live list, HM_NOT_LIVE when not in it */
	uint8_t tile, turn;/* the placed tile and its turn */
	uint8_t around;    /* bit j: a tile on the neighbour in direction j */
	uint8_t pad;
} hm_cell;

/* An entry of the live list: an empty cell next to the layout (whether or not a tile
 * still fits it), its index in bits 48-63 (hm_live_cell) and in one-word games (48
 * tiles at most) the tiles fitting its pattern in the bits below: counting the moves
 * reads one array of masks in order, with no look-up that waits on another. */
typedef uint64_t hm_live;
#define HM_LIVE_CELL_SHIFT 48
#define HM_LIVE_TILES ((1ull << HM_LIVE_CELL_SHIFT) - 1)

static inline unsigned hm_live_cell(hm_live e)
{
	return (unsigned)(e >> HM_LIVE_CELL_SHIFT);
}

/* The flat state header; the cells, board and live list follow at the game's offsets.
 * The board is the plane on a torus, twisted so that a neighbour's slot is its cell's
 * plus a constant: slot (q, r) = (q + r x 2^qbits) mod its size, holding the index + 1
 * of the cell there (0: none). Two cells share a slot only when 2^qbits apart in q, or
 * in one column as many rows apart as the board has (rare: the next slots then). */
typedef struct hm_state {
	uint64_t supply[HM_WORDS];    /* tiles in the supply */
	uint64_t placed[HM_WORDS];    /* tiles on the board */
	uint64_t pool_set[HM_MAX_PLAYERS][HM_WORDS]; /* each pool as a set of tiles */
	int32_t score[HM_MAX_PLAYERS];
	hm_moverec play;              /* the last player move (placement or pass) */
	int16_t minr, maxr, minx, maxx; /* extent of the layout; x = 2q + r */
	uint16_t ncells;              /* known cells: placed and empty neighbours */
	uint16_t nlive;               /* entries of the live list */
	uint8_t phase, player, dealt, passes, supply_n;
	uint8_t last_play;            /* 1 when the last move applied is `play` (breakdown) */
	uint8_t pool_n[HM_MAX_PLAYERS];
	/* each pool in order, HM_NO_TILE past its tiles and always in the eighth slot (a
	 * pool is read as one 64-bit number) */
	uint8_t pool[HM_MAX_PLAYERS][HM_POOL_MAX + 1];
	uint8_t pad[6];
} hm_state;

static inline hm_cell *hm_cells(const hm_game *g, hm_state *s)
{
	return (hm_cell *)(void *)((unsigned char *)s + g->off_cells);
}
static inline const hm_cell *hm_ccells(const hm_game *g, const hm_state *s)
{
	return (const hm_cell *)(const void *)((const unsigned char *)s + g->off_cells);
}
static inline const hm_live *hm_clive(const hm_game *g, const hm_state *s)
{
	return (const hm_live *)(const void *)((const unsigned char *)s + g->off_live);
}

/* A cell's place as one number, equal for equal places (q and r as 16 bits each). */
static inline uint32_t hm_key(int q, int r)
{
	return (uint32_t)(uint16_t)q | (uint32_t)(uint16_t)r << 16;
}
static inline uint32_t hm_key_of(const hm_cell *c)
{
	return hm_key(c->q, c->r);
}

/* The board's slot where the look-up of (q, r) starts. */
static inline unsigned hm_home(const hm_game *g, int q, int r)
{
	return ((unsigned)q + ((unsigned)r << g->qbits)) & g->board_mask;
}

/* rules.c: index of the cell (q, r) in the state, or -1 when it is not known. */
int hm_find(const hm_game *g, const hm_state *s, int q, int r);

/* hm_find, with the usual case inline: the cell in its home slot, or none there (cells
 * never leave the board, so an empty home slot means no such cell). */
static inline int hm_cell_at(const hm_game *g, const hm_state *s, int q, int r)
{
	const uint16_t *board =
		(const uint16_t *)(const void *)((const unsigned char *)s + g->off_board);
	unsigned at = board[hm_home(g, q, r)];
	if (!at)
		return -1;
	if (hm_key_of(&hm_ccells(g, s)[at - 1]) == hm_key(q, r))
		return (int)at - 1;
	return hm_find(g, s, q, r);
}

static inline bones_move hm_pack(int kind, int tile, int turn, int q, int r)
{
	return (bones_move)((uint32_t)kind | (uint32_t)tile << 2 | (uint32_t)turn << 10 |
			    (uint32_t)(q + HM_COORD_BIAS) << 12 |
			    (uint32_t)(r + HM_COORD_BIAS) << 22);
}
static inline int hm_kind(bones_move m) { return (int)(m & 3u); }
static inline int hm_tile(bones_move m) { return (int)((m >> 2) & 0xFFu); }
static inline int hm_turn(bones_move m) { return (int)((m >> 10) & 3u); }
static inline int hm_q(bones_move m) { return (int)((m >> 12) & 0x3FFu) - HM_COORD_BIAS; }
static inline int hm_r(bones_move m) { return (int)((m >> 22) & 0x3FFu) - HM_COORD_BIAS; }

static inline bool hm_has(const uint64_t *mask, int t)
{
	return (mask[t >> 6] >> (t & 63)) & 1u;
}

/* A portable x86-64 build (no -mpopcnt) still counts bits with POPCNT in its hot loop
 * when the CPU has it: a second copy of that loop built for it, chosen at configure. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__)
#define HM_POPCNT_DISPATCH 1
#endif

/* Set bits of m: the instruction where the target has one, else SWAR without branches
 * (a portable build's __builtin_popcountll is a call into libgcc). */
static inline unsigned hm_popcount(uint64_t m)
{
#ifdef __POPCNT__
	return (unsigned)__builtin_popcountll(m);
#else
	m = m - ((m >> 1) & 0x5555555555555555ull);
	m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
	m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Full;
	return (unsigned)((m * 0x0101010101010101ull) >> 56);
#endif
}

/* The digits of tile t at c1, c3, c5 in turn k: digit k of its name sits at c1. */
static inline void hm_digits(const hm_game *g, int t, int turn, uint8_t out[3])
{
	memcpy(out, g->turned[t][turn], 3);
}

/* Whether a tile on (q, r) keeps the layout within max_extent (always without one). */
static inline bool hm_extent_ok(const hm_game *g, const hm_state *s, int q, int r)
{
	if (!g->max_extent || !s->ncells)
		return true;
	int x = 2 * q + r;
	int minr = r < s->minr ? r : s->minr, maxr = r > s->maxr ? r : s->maxr;
	int minx = x < s->minx ? x : s->minx, maxx = x > s->maxx ? x : s->maxx;
	/* width in half tiles: (maxx - minx) + 2 <= 2N */
	return maxr - minr + 1 <= g->max_extent && maxx - minx + 2 <= 2 * g->max_extent;
}

/* Whether every place up to `steps` (1 or 2) from the layout has a board slot of its own:
 * a cell there is then in its home slot or unknown, with no key to compare (clear_q
 * and clear_r are the spans for one step; each step more adds 2 to each span). */
static inline bool hm_slots_clear(const hm_game *g, const hm_state *s, int steps)
{
	int rspan = s->maxr - s->minr, more = steps - 1;
	return rspan < g->clear_r - 2 * more && s->maxx - s->minx + rspan < g->clear_q - 4 * more;
}

/* Bit k set when turn k of tile t may be placed on the open cell c (extent included). */
static inline unsigned hm_turns(const hm_game *g, const hm_state *s, int c, int t)
{
	const hm_cell *x = &hm_ccells(g, s)[c];
	if (x->placed || (g->max_extent && !hm_extent_ok(g, s, x->q, x->r)))
		return 0;
	return g->ori[(size_t)x->pat * (size_t)g->ntiles + (size_t)t];
}

/* The plugin's texts in the player's language (bones/translate.h): N_ marks static
 * metadata the host translates, TR and TRN run-time texts (breakdowns, the terminal
 * view, chance words, configure errors). Never in hot paths, notation or records. */
#define HM_TEXT_DOMAIN "bones-holomino"
#define N_(s) s
#define TR(g, s) bones_translate((g)->host, HM_TEXT_DOMAIN, s)
#define TRN(g, s, p, n) \
	bones_translate_plural((g)->host, HM_TEXT_DOMAIN, s, p, (unsigned long)(n))

/* config.c */
#define HM_OPTION_COUNT 6
#define HM_VARIANT_COUNT 6
extern const bones_option_def hm_options[HM_OPTION_COUNT];
extern const bones_variant hm_variants[HM_VARIANT_COUNT];
bones_status hm_configure(const bones_host *host, const bones_value *values,
				      void **game, bones_game_info *info, char *err,
				      size_t errcap);
void hm_destroy(void *game);

/* rules.c */
void hm_init_state(const void *game, void *state);
int hm_to_move(const void *game, const void *state);
size_t hm_legal_moves(const void *game, const void *state, bones_move *moves,
				  double *probs, size_t cap);
bones_status hm_apply(const void *game, void *state, bones_move move);
void hm_scores(const void *game, const void *state, double *scores);
void hm_ranks(const void *game, const void *state, int *ranks);
/* Whether move is legal in s (placements, passes and draws). */
bool hm_legal(const hm_game *g, const hm_state *s, bones_move move);
/* Whether the open cell c can never be filled (equal fixed digits, no unplaced tile fits,
 * or beyond max_extent). */
bool hm_blocked(const hm_game *g, const hm_state *s, int c);
/* The holes a tile on open cell c would close: their count, values into hole[3] and,
 * when corner is not NULL, the even corner of c each sits at. */
int hm_holes_at(const hm_game *g, const hm_state *s, int c, uint8_t hole[3],
			    int *corner);
/* Points of a move closing n holes of these values under the game's scoring. */
int32_t hm_points(const hm_game *g, int n, const uint8_t *hole);

/* sample.c: ABI 1.1's sample_move, one move drawn without listing them all */
bones_status hm_sample(const void *game, const void *state,
		       uint64_t (*next_random)(void *rng), void *rng, bones_move *move);

/* notation.c */
size_t hm_format(const void *game, const void *state, bones_move move,
			     char *buf, size_t cap);
bones_status hm_parse(const void *game, const void *state, const char *text,
				  bones_move *move);
size_t hm_breakdown(const void *game, const void *state, char *buf, size_t cap);
/* "hole: 3 + 2 + 5 = 10", "double hole: 2 x (10 + 12) = 44"; "" for no hole. */
size_t hm_explain(const hm_game *g, const hm_moverec *rec, char *buf, size_t cap);
/* The tile's name, e.g. "135". */
void hm_tile_name(const hm_game *g, int t, char out[4]);

/* heuristic.c: priors and evaluation for the search agents ("bones.heuristic/1") */
extern const bones_heuristic hm_heuristic;

/* render.c, text.c */
const void *hm_extension(const void *game, const char *id);
/* observation.c: the "bones.observation/1" capability. */
const void *hm_observation_ext(void);
/* actions.c: the dense action space, "bones.actions/1" */
const void *hm_actions_ext(void);
size_t hm_render_text(const void *game, const void *state, int viewer,
				  char *buf, size_t cap);

#endif /* BONES_HOLOMINO_INTERNAL_H */
