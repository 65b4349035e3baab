/* What the files of the dominoes plugin share: the constants, the packed moves, the
 * configured game and the flat state (sections 2 and 3 of docs/plugin-guide.md), the
 * functions one file offers the others, and the mover's view of a position that
 * heuristic.c reads. Not a public API. */
#ifndef DOMINOES_INTERNAL_H
#define DOMINOES_INTERNAL_H

#include "bones/plugin.h"
#include "bones/kit_line.h"
#include "bones/observation.h"
#include "bones/translate.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The plugin's own texts in the player's language (docs/plugin-guide.md, "Speaking the
 * player's language"). The host translates the static texts marked N_ (name, summary,
 * option help, variant names and summaries) in the gettext domain named by the entry's
 * text_domain; the texts made at run time go through the host's translate service with
 * TR and TRN. Pass NULL as the host for English: the observation, which the host
 * compares, never changes with the language. po/de.po holds the German. */
#define TEXT_DOMAIN "bones-dominoes"
#define N_(s) s
#define TR(host, s) bones_translate(host, TEXT_DOMAIN, s)
#define TRN(host, s, p, n) bones_translate_plural(host, TEXT_DOMAIN, s, p, (unsigned long)(n))

#define TILES 28        /* tiles in a double-six set */
#define MAX_PLAYERS 4
#define DRAW_RESERVE 2  /* boneyard tiles that are never drawn in the draw game */
#define MAX_MOVES (2 * TILES) /* a hand of at most 28 tiles, each at two ends */
#define FLIPPED 0x80u   /* line entry flag: the tile is shown high half first */

/* ==== 2. Moves: small integers packed by the plugin ==================================
 * A move is kind << 5 | tile; the host never looks inside. Notation (section 6, text.c):
 *   LEAD "6-6"  LEFT "3-5:L"  RIGHT "3-5:R"  PASS "pass"  DRAW "draw"   (players)
 *   DEAL "deal:3-5"  DRAWN "draw:3-5"                                    (chance) */
enum { LEAD, LEFT, RIGHT, PASS, DRAW, DEAL, DRAWN };
#define MOVE(kind, tile) ((bones_move)((unsigned)(kind) << 5 | (unsigned)(tile)))
#define KIND(m) ((int)((m) >> 5))
#define TILE(m) ((int)((m)&31u))

/* ==== 3. The configured game and the flat state ======================================
 * The game is built once by configure and is read-only afterwards (many threads may
 * share it). The state is flat bytes: no pointers, so the host copies it with memcpy. */
typedef struct game {
	const bones_host *host;     /* borrowed; outlives the game */
	int players, hand_size;
	bool draw_game;             /* the draw variant */
	uint8_t lo[TILES], hi[TILES]; /* pips of tile t, lo <= hi: 0-0, 0-1, .., 0-6, 1-1, .. */
	uint32_t with_pip[7];       /* bitmask of the tiles showing pip value v on a half */
} game;

typedef struct state {
	uint32_t hand[MAX_PLAYERS]; /* bitmask of the tiles in each hand */
	uint32_t boneyard;          /* tiles neither dealt nor drawn yet */
	uint8_t line[TILES];        /* the line left to right: tile | FLIPPED */
	uint8_t length;             /* tiles on the line */
	uint8_t left, right;        /* pips of the two open ends, when length > 0 */
	uint8_t turn;               /* player to move, or receiving the next deal or draw */
	uint8_t dealt;              /* tiles dealt so far */
	uint8_t passes;             /* passes in a row since the last tile was played */
	uint8_t drawing;            /* 1 after a "draw" move: the next node deals it a tile */
	uint8_t lead;               /* index in line of the lead tile (for the picture) */
	uint8_t voids[MAX_PLAYERS]; /* public: bit v, player holds no tile showing pip v;
				     * VOIDS_OPEN while a tile drawn since may break it */
} state;
_Static_assert(sizeof(state) == 60, "state has no hidden padding");

/* voids[p] bit 7: p drew a tile after the voids were learnt and has not moved since, so
 * the tile (hidden) may show one of them; resample ignores the voids until p's move. */
#define VOIDS_OPEN 0x80u

/* Every tile of a bitmask, lowest first. */
#define FOR_TILES(t, mask) \
	for (int t = 0; t < TILES; t++) \
		if ((mask) >> t & 1u)

static inline int dom_count(uint32_t mask)
{
	int n = 0;
	for (; mask; mask &= mask - 1)
		n++;
	return n;
}

static inline int dom_pips(const game *g, uint32_t mask)
{
	int sum = 0;
	FOR_TILES(t, mask)
		sum += g->lo[t] + g->hi[t];
	return sum;
}

/* The player to move's view: what they hold and what lies on the table. */
typedef struct dom_view {
	const uint8_t *lo, *hi;    /* pips of each tile's halves, lo <= hi */
	const uint32_t *with_pip;  /* [7]: the tiles showing each pip value */
	uint32_t hand;             /* the mover's tiles */
	uint32_t line;             /* the tiles on the line */
	int left, right;           /* the open ends; -1 while the line is empty */
} dom_view;

/* dominoes.c */
bool dom_dealing(const game *g, const state *s);
bool dom_game_over(const game *g, const state *s);
/* Whether m is one of the legal moves of s. */
bool dom_is_legal(const game *g, const state *s, bones_move m);
bones_status dom_apply(const void *vg, void *vs, bones_move m);
void dom_view_of(const void *vg, const void *vs, dom_view *v);
/* Whether m lays a tile: its tile and the end it goes to (-1 lead, 0 left, 1 right). */
bool dom_move_lays(bones_move m, int *tile, int *end);
size_t dom_legal_moves(const void *vg, const void *vs, bones_move *moves, size_t cap);
/* The rule functions of the entry (plugin.c): see plugin.h for each. */
#define DOM_OPTION_COUNT 3
#define DOM_VARIANT_COUNT 2
extern const bones_option_def dom_options[DOM_OPTION_COUNT];
extern const bones_variant dom_variants[DOM_VARIANT_COUNT];
bones_status dom_configure(const bones_host *host, const bones_value *values, void **out,
			   bones_game_info *info, char *err, size_t errcap);
void dom_destroy_game(void *vg);
void dom_init_state(const void *vg, void *vs);
int dom_to_move(const void *vg, const void *vs);
size_t dom_list_moves(const void *vg, const void *vs, bones_move *moves, double *probs,
		      size_t cap);
void dom_scores(const void *vg, const void *vs, double *out);
void dom_ranks(const void *vg, const void *vs, int *out);
void dom_resample(const void *vg, void *vs, int player, uint64_t (*next_random)(void *rng),
		  void *rng);
bool dom_move_visible(const void *vg, const void *vs, bones_move m, int player);

/* text.c: the notation, the breakdown, the text view and the words of the pictures. */
size_t dom_format_move(const void *vg, const void *vs, bones_move m, char *buf,
		       size_t cap);
bones_status dom_parse_move(const void *vg, const void *vs, const char *text,
			    bones_move *out);
size_t dom_breakdown(const void *vg, const void *vs, char *buf, size_t cap);
size_t dom_render_text(const void *vg, const void *vs, int viewer, char *buf,
		       size_t cap);
size_t dom_observation(const void *vg, const void *vs, int player, char *buf,
		       size_t cap);
bool dom_describe_chance(const void *vg, const void *vs, bones_move m, char *buf,
			 size_t cap);
bool dom_move_label(const void *vg, const void *vs, bones_move m, char *buf,
		    size_t cap);
bool dom_move_words(const void *vg, const void *vs, bones_move m, char *buf,
		    size_t cap);
bool dom_end_text(const void *vg, const void *vs, char *buf, size_t cap);
bool dom_rules_text(const void *vg, char *buf, size_t cap);

/* draw.c: the position for the host's board kit ("bones.kit.line/1"). */
extern const bones_kit_line dom_kit;

/* observation.c: the observation tensor ("bones.observation/1"). */
extern const bones_observation dom_tensor;
/* actions.c: the dense action space, "bones.actions/1" */
extern const struct bones_actions dom_actions;

/* heuristic.c: what a player keeps by laying tile at end (dom_move_lays), in points:
 * higher is better. */
double dom_keep_value(const dom_view *v, int tile, int end);
extern const struct bones_heuristic dom_heuristic;
extern const struct bones_agents_ext dom_agents;

#endif /* DOMINOES_INTERNAL_H */
