/* Hegemino plugin internals shared by its source files and its test suites.
 * Nothing here is exported from the shared object (hidden visibility). */
#ifndef HEGEMINO_H
#define HEGEMINO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bones/plugin.h"
#include "bones/translate.h"

#define HG_NONE 0xFF     /* no domino / no token in a market slot */
#define HG_ROWS 6        /* market column rows (five bones at most, one spare) */
#define HG_DOMINOES 28   /* distinct double-six dominoes */
#define HG_MAX_TOKENS 4
#define HG_MAX_TABS 4

/* Cell byte: low nibble 0 empty, 1..7 pips 0..6 (+1), 8 the gap (start token). */
#define HG_EMPTY 0
#define HG_GAP 8
#define HG_STACKED 0x10  /* a stacked domino shows here */
#define HG_JOIN_E 0x20   /* this half's partner is the east neighbour */
#define HG_JOIN_S 0x40   /* this half's partner is the south neighbour */
#define HG_CODE(c) ((c) & 0x0F)

/* Move packing: kind in the top 4 bits. */
enum {
	HG_MV_PICK = 1,    /* low bits: row 0.. */
	HG_MV_PLACE = 2,   /* x | y << 8 | dir << 16 | a << 17 | b << 20 (grid cells) */
	HG_MV_DISCARD = 3,
	HG_MV_STACK = 4,   /* as PLACE */
	HG_MV_ORDER = 5,   /* index into the game's order table */
	HG_MV_DRAW = 6,    /* domino id */
	HG_MV_REMOVE = 7   /* domino id */
};
#define HG_KIND(m) ((int)((m) >> 28))
#define HG_MOVE(kind, low) (((bones_move)(kind) << 28) | (bones_move)(low))
#define HG_PLACE_MOVE(kind, x, y, dir, a, b)                                        \
	HG_MOVE(kind, (uint32_t)(x) | (uint32_t)(y) << 8 | (uint32_t)(dir) << 16 |   \
			      (uint32_t)(a) << 17 | (uint32_t)(b) << 20)
#define HG_MX(m) ((int)((m) & 0xFF))
#define HG_MY(m) ((int)(((m) >> 8) & 0xFF))
#define HG_MDIR(m) ((int)(((m) >> 16) & 1))
#define HG_MA(m) ((int)(((m) >> 17) & 7))
#define HG_MB(m) ((int)(((m) >> 20) & 7))

enum { HG_PH_ORDER, HG_PH_REMOVE, HG_PH_DRAW, HG_PH_PLAY, HG_PH_SOLO, HG_PH_END };
enum { HG_WILDS_PENALTY, HG_WILDS_FRIENDLY, HG_WILDS_BELOW_ZERO, HG_WILDS_PORK };
enum { HG_MODE_STANDARD, HG_MODE_DOROTHY, HG_MODE_SOLO_MEGA };
enum { HG_CHAOS_OFF, HG_CHAOS_HIDDEN, HG_CHAOS_OPEN };

/* How regions score (the scoring variants). */
typedef struct hg_rules {
	int wilds;        /* HG_WILDS_* */
	bool boiling;     /* Boiling Point: every region with a wild scores */
	bool stack_points;/* Stacking for Points: regions with a stacked half count twice */
	int board;        /* bonus board side (5, 7); 0: no bonuses */
} hg_rules;

/* The scoring of one pip value in one tableau. */
typedef struct hg_value_score {
	int squares;    /* cells of the scored region (summed under Boiling Point) */
	int wilds;      /* zeros in it */
	int multiplier; /* pips after the wild rule */
	int points;
	int regions;    /* regions scored (0 or 1; more under Boiling Point) */
	bool doubled;   /* Stacking for Points */
} hg_value_score;

typedef struct hg_score {
	hg_value_score value[7]; /* index 1..6 */
	int complete, centre, corner; /* bonus points awarded */
	int total;
} hg_score;

/* One tableau's bounding box (gap included) and counters. */
typedef struct hg_tab {
	uint8_t x0, y0, x1, y1; /* grid cells; x0 > x1 while empty (Dorothy) */
	uint8_t filled;         /* cells showing a pip */
	uint8_t stacks;         /* stacks used (Stacking) */
	uint8_t rows;           /* Dorothy's column: dominoes in it */
	uint8_t placed;         /* dominoes placed or stacked */
} hg_tab;

/* The state: flat bytes, this header then tableaus * grid * grid cells. */
typedef struct hg_state {
	uint8_t phase;         /* HG_PH_* */
	uint8_t round;         /* columns shifted so far; placement rounds are >= 1 */
	uint8_t row;           /* left-column row whose token acts */
	uint8_t picked;        /* the acting token has picked this turn */
	uint8_t left_n, right_n;
	uint8_t right_target;  /* rows the right column holds once drawn */
	uint8_t to_remove;     /* Chaos removals still to come */
	uint8_t left_dom[HG_ROWS], right_dom[HG_ROWS];
	uint8_t left_tok[HG_ROWS], right_tok[HG_ROWS]; /* token id or HG_NONE; solo: marks */
	uint8_t bone[HG_DOMINOES];    /* boneyard counts */
	uint8_t removed[HG_DOMINOES]; /* removed at setup (Chaos, fixed removals not kept) */
	uint8_t setaside[HG_DOMINOES];/* Solo Mega-Hegemino: set aside, refills the boneyard */
	uint8_t bone_n;
	uint8_t solo_hand;     /* Solo Mega: the domino taken, HG_NONE */
	uint8_t solo_picks;
	uint8_t last_tab;      /* tableau of the last placement, HG_NONE */
	uint8_t last_placed;   /* the last move applied was that placement (breakdown) */
	hg_tab tab[HG_MAX_TABS];
	uint8_t cells[];       /* tableau k, cell (x, y): cells[(k * grid + y) * grid + x];
				* then per tableau the support bits of each cell (hg_sup) */
} hg_state;

/* A configured game. */
typedef struct hg_game {
	const bones_host *host;
	int players, tokens, tableaus;
	int mode, chaos, stacking, wilds, four_lights, spheres;
	bool boiling;
	int board;       /* 5, 7; 0 for Sprawlomino */
	int grid;        /* cells per side of the stored grid; the gap at (grid/2, grid/2) */
	int sets;
	int stack_limit; /* stacks per tableau */
	int solo_target; /* Solo Mega: picks */
	int removals;    /* Chaos: dominoes removed face down */
	uint8_t pool[HG_DOMINOES];
	int token_owner[HG_MAX_TOKENS];
	int orders;      /* first-round orders (0: fixed order) */
	uint8_t order[24][HG_MAX_TOKENS];
	uint8_t fixed_order[HG_MAX_TOKENS];
	size_t state_size, max_moves;
} hg_game;

/* The plugin's texts in the player's language (bones/translate.h): N_ marks static
 * metadata the host translates, TR and TRN run-time texts (breakdowns, the terminal
 * view, pictures, prompts, chance words, configure errors); g is anything with the
 * host pointer, usually the configured game. Never in hot paths, notation,
 * observations or records. */
#define HG_TEXT_DOMAIN "bones-hegemino"
#define N_(s) s
#define TR(g, s) bones_translate((g)->host, HG_TEXT_DOMAIN, s)
#define TRN(g, s, p, n) \
	bones_translate_plural((g)->host, HG_TEXT_DOMAIN, s, p, (unsigned long)(n))

/* Options, variants and configure (config.c). */
#define HG_OPTION_COUNT 9
#define HG_VARIANT_COUNT 15
extern const bones_option_def hg_options[HG_OPTION_COUNT];
extern const bones_variant hg_variants[HG_VARIANT_COUNT];
bones_status hg_configure(const bones_host *host, const bones_value *values, void **game,
			  bones_game_info *info, char *err, size_t errcap);
void hg_destroy_game(void *game);

/* Domino ids (tables.c): 0..27 over a <= b. */
int hg_dom_a(int id);
int hg_dom_b(int id);
int hg_dom_id(int a, int b);
/* Market order key: smaller sorts higher in a column (docs/games/hegemino.md). */
int hg_market_key(int id);
/* Sort n domino ids into market order. */
void hg_market_sort(uint8_t *ids, int n);

/* Rules (rules.c). */
void hg_init_state(const void *game, void *state);
int hg_to_move(const void *game, const void *state);
size_t hg_legal_moves(const void *game, const void *state, bones_move *moves,
		      double *probs, size_t cap);
bones_status hg_apply(const void *game, void *state, bones_move move);
bool hg_move_legal(const hg_game *g, const hg_state *s, bones_move m);
/* The acting token, its tableau and the domino it must place (HG_NONE). */
int hg_actor_token(const hg_game *g, const hg_state *s);
int hg_actor_tab(const hg_game *g, const hg_state *s);
int hg_actor_domino(const hg_game *g, const hg_state *s);
uint8_t *hg_cells(const hg_game *g, hg_state *s, int tab);
const uint8_t *hg_ccells(const hg_game *g, const hg_state *s, int tab);
/* Per cell of tab, bit v set when a half showing v could go there (kept up to date). */
uint8_t *hg_sup(const hg_game *g, hg_state *s, int tab);
const uint8_t *hg_csup(const hg_game *g, const hg_state *s, int tab);
bool hg_is_dorothy_tab(const hg_game *g, int tab);
/* Recompute tab's box, filled count and support bits from its cells (for tests that
 * write a tableau by hand). */
void hg_refresh_tab(const hg_game *g, hg_state *s, int tab);

/* Scoring (score.c). */
/* Score a w x h grid of cell bytes (bounding box of a tableau, gap included). The
 * position bonuses need w == h == rules->board; the complete bonus every cell filled. */
int hg_score_cells(const uint8_t *cells, int w, int h, const hg_rules *rules,
		   hg_score *out);
/* Score tableau tab of a state under the game's rules. */
int hg_score_tab(const hg_game *g, const hg_state *s, int tab, hg_score *out);
/* Each player's score (Between Two Spheres: the lower of their two tableaus). */
void hg_scores(const void *game, const void *state, double *scores);
size_t hg_breakdown(const void *game, const void *state, char *buf, size_t cap);
/* sc as text in the player's language: "2s: 5 squares, 1 wild, x2 = 10; ...; total 14". */
/* render.h end_text: why the game ended, then each tableau's scoring by value. */
bool hg_end_text(const void *game, const void *state, char *buf, size_t cap);
size_t hg_format_score(const hg_game *g, const hg_score *sc, char *buf, size_t cap);
/* Whether sc has more to say than its total (a region or a bonus). */
bool hg_score_has_parts(const hg_score *sc);

/* Notation (notation.c). */
size_t hg_format_move(const void *game, const void *state, bones_move move, char *buf,
		      size_t cap);
bones_status hg_parse_move(const void *game, const void *state, const char *text,
			   bones_move *move);
size_t hg_format_domino(int id, char *buf, size_t cap);

/* Hidden information and text (view.c). */
size_t hg_observation(const void *game, const void *state, int player, char *buf,
		      size_t cap);
void hg_resample(const void *game, void *state, int player,
		 uint64_t (*next_random)(void *rng), void *rng);
bool hg_move_visible(const void *game, const void *state, bones_move move, int player);
size_t hg_render_text(const void *game, const void *state, int viewer, char *buf,
		      size_t cap);

/* Extensions (render.c, dorothy.c). */
const void *hg_render_ext(void);
const void *hg_agents_ext(void);
/* observation.c: the "bones.observation/1" capability. */
const void *hg_observation_ext(void);
/* actions.c: the dense action space, "bones.actions/1" */
const void *hg_actions_ext(void);
bones_move hg_dorothy_choose(const void *game, const void *state,
			     uint64_t (*next_random)(void *rng), void *rng);

#endif /* HEGEMINO_H */
