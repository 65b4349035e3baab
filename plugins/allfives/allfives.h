/* What the files of the All Fives plugin share: the packed moves, the configured game,
 * the flat state and the functions one file offers the others. Not a public API. */
#ifndef ALLFIVES_H
#define ALLFIVES_H

#include "bones/kit_line.h"
#include "bones/plugin.h"
#include "bones/translate.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Texts in the player's language: N_ marks static texts the host translates in the
 * domain TEXT_DOMAIN, TR and TRN the texts made at run time (NULL host: English). */
#define TEXT_DOMAIN "bones-allfives"
#define N_(s) s
#define TR(host, s) bones_translate(host, TEXT_DOMAIN, s)
#define TRN(host, s, p, n) bones_translate_plural(host, TEXT_DOMAIN, s, p, (unsigned long)(n))

#define TILES 28        /* a double-six set */
#define MAX_PLAYERS 4
#define DRAW_RESERVE 2  /* boneyard tiles that are never drawn */
#define ARMS 4          /* the ends of the line: left, right, and up, down off the spinner */
#define MAX_MOVES (TILES * ARMS)
#define NONE 0xffu

/* A move is kind << 5 | tile. Notation (text.c):
 *   LEAD "5-5"  on an arm "3-5:L" (:R, :U, :D)  PASS "pass"  DRAW "draw"   (players)
 *   DEAL "deal:3-5"  DRAWN "draw:3-5"                                     (chance) */
enum { ARM_L, ARM_R, ARM_U, ARM_D, LEAD, PASS, DRAW, DEAL, DRAWN };
#define MOVE(kind, tile) ((bones_move)((unsigned)(kind) << 5 | (unsigned)(tile)))
#define KIND(m) ((int)((m) >> 5))
#define TILE(m) ((int)((m)&31u))

typedef struct game {
	const bones_host *host;     /* borrowed; outlives the game */
	int players, hand_size;
	bool partners;              /* four players, seats 1+3 against 2+4 */
	uint8_t lo[TILES], hi[TILES]; /* pips of tile t, lo <= hi */
} game;

/* Flat bytes, every one set: the host copies and compares states with memcpy/memcmp. */
typedef struct state {
	uint32_t hand[MAX_PLAYERS]; /* bitmask of the tiles in each hand */
	uint32_t boneyard;          /* tiles neither dealt nor drawn yet */
	uint16_t points[MAX_PLAYERS]; /* points scored on the ends so far, by seat */
	uint8_t seq[TILES];         /* the tiles in the order played: tile | arm << 5 */
	uint8_t arm_len[ARMS];      /* tiles on each arm beyond the lead tile */
	uint8_t end[ARMS];          /* pips of each arm's open end (the lead's, while empty) */
	uint8_t length;             /* tiles on the table */
	uint8_t center;             /* the lead tile, NONE before the lead */
	uint8_t spinner;            /* the first double played, NONE before it */
	uint8_t spin_arm, spin_at;  /* where it lies: arm and index on it (LEAD: the lead) */
	uint8_t turn;               /* player to move, or receiving the next deal or draw */
	uint8_t dealt, passes, drawing; /* tiles dealt; passes in a row; 1: a draw is due */
	uint8_t scored;             /* points of the last play (the breakdown) */
	uint8_t pad[2];              /* 0 */
} state;
_Static_assert(sizeof(state) == 76, "state has no hidden padding");

#define FOR_TILES(t, mask) \
	for (int t = 0; t < TILES; t++) \
		if ((mask) >> t & 1u)

static inline int af_count(uint32_t mask)
{
	int n = 0;
	for (; mask; mask &= mask - 1)
		n++;
	return n;
}

/* config.c: the options, variants and configure. */
extern const bones_option_def af_options[];
extern const size_t af_option_count;
bones_status af_configure(const bones_host *host, const bones_value *values, void **out,
			  bones_game_info *info, char *err, size_t errcap);
void af_destroy(void *vg);

/* rules.c: game flow, scoring, hidden information. */
bool af_dealing(const game *g, const state *s);
bool af_over(const game *g, const state *s);
void af_init_state(const void *vg, void *vs);
int af_to_move(const void *vg, const void *vs);
size_t af_legal_moves(const void *vg, const void *vs, bones_move *moves, double *probs,
		      size_t cap);
bool af_is_legal(const game *g, const state *s, bones_move m);
bones_status af_apply(const void *vg, void *vs, bones_move m);
/* The count of the open ends (doubles count both halves). */
int af_count_ends(const game *g, const state *s);
/* The points the winner of a finished hand scores (the others' pips rounded to 5), the
 * winning seat into *winner (-1: a blocked hand with tied lowest pips). */
int af_hand_bonus(const game *g, const state *s, int *winner);
int af_pips(const game *g, uint32_t mask);
/* The nearest multiple of 5 (halves round up). */
int af_round5(int n);
void af_scores(const void *vg, const void *vs, double *out);
void af_resample(const void *vg, void *vs, int player, uint64_t (*next_random)(void *rng),
		 void *rng);
bool af_move_visible(const void *vg, const void *vs, bones_move m, int player);
/* The arm where the up and down arms may be played on: true once the spinner has
 * tiles on both sides. */
bool af_spinner_open(const state *s);

/* text.c: notation, breakdown and the text view (also the observation). */
size_t af_format_move(const void *vg, const void *vs, bones_move m, char *buf, size_t cap);
bones_status af_parse_move(const void *vg, const void *vs, const char *text, bones_move *out);
size_t af_breakdown(const void *vg, const void *vs, char *buf, size_t cap);
size_t af_render_text(const void *vg, const void *vs, int viewer, char *buf, size_t cap);
size_t af_observation(const void *vg, const void *vs, int player, char *buf, size_t cap);

/* actions.c: the dense action space, "bones.actions/1" */
extern const struct bones_actions af_actions;
/* observation.c: the observation tensor, "bones.observation/1" */
extern const struct bones_observation af_tensor;
/* draw.c: the position for the host's board kit, "bones.kit.line/1" */
extern const bones_kit_line af_kit;
/* heuristic.c: the points a move scores at once, priors for the search; the
 * capabilities get_extension hands out. */
const void *af_extension(const void *vg, const char *id);

#endif /* ALLFIVES_H */
