/* "Secret count", a small valid plugin with chance and hidden information for the
 * tests of `bones check`, compiled once clean (liar_none) and once per LIAR_* definition
 * into a plugin that breaks one promise of plugin.h on purpose. */
#include "bones/actions.h"
#include "bones/observation.h"
#include "bones/plugin.h"
#include "bones/render.h"

#include <math.h>

#include <stdio.h>
#include <string.h>

#define TARGET 10
#define PLAYERS 2

typedef struct game {
	const bones_host *host;
} game;

typedef struct state {
	int32_t total;
	int32_t player;           /* to move, BONES_CHANCE or BONES_TERMINAL */
	int32_t last;             /* who moved last, -1 before */
	int32_t dealt;            /* secrets dealt so far */
	int32_t secret[PLAYERS];  /* hidden from the other player */
#ifdef LIAR_POINTER
	const struct state *self; /* a pointer in the state: clones break */
#endif
#ifdef LIAR_PADDING
	int32_t unset;            /* never written */
#endif
} state;

static const bones_option_def options[] = {
	{"players", BONES_OPT_INT, "2", 2, 2, NULL, "number of players"},
};

static bones_status configure(const bones_host *host, const bones_value *values,
			      void **out, bones_game_info *info, char *err, size_t errcap)
{
	(void)values, (void)err, (void)errcap;
	game *g = host->alloc(host, sizeof *g);
	if (!g)
		return BONES_ENOMEM;
	g->host = host;
	*out = g;
	info->players = PLAYERS;
	info->state_size = sizeof(state);
#ifdef LIAR_MAX_MOVES
	info->max_moves = 2;
#else
	info->max_moves = 3;
#endif
	return BONES_OK;
}

static void destroy_game(void *gp)
{
	game *g = gp;
	g->host->free(g->host, g);
}

static void init_state(const void *gp, void *sp)
{
	(void)gp;
	state *s = sp;
#ifdef LIAR_PADDING
	s->total = s->dealt = s->secret[0] = s->secret[1] = 0;
#else
	memset(s, 0, sizeof *s);
#endif
	s->player = BONES_CHANCE;
	s->last = -1;
#ifdef LIAR_POINTER
	s->self = s;
#endif
}

static int to_move(const void *g, const void *s)
{
	(void)g;
	return ((const state *)s)->player;
}

static size_t legal_moves(const void *gp, const void *sp, bones_move *moves, double *probs,
			  size_t cap)
{
	(void)gp;
	const state *s = sp;
	size_t n = 0;
	if (s->player == BONES_TERMINAL)
		return 0;
	for (bones_move k = 0; k < 3 && n < cap; k++) {
		if (s->player != BONES_CHANCE && (k == 0 || s->total + (int)k > TARGET))
			continue;
		moves[n] = k;
		if (probs && s->player == BONES_CHANCE)
#ifdef LIAR_PROBS
			probs[n] = 0.25;
#else
			probs[n] = 1.0 / 3;
#endif
		n++;
	}
#ifdef LIAR_NONDETERMINISTIC
	static unsigned turn; /* a mutable global: the order changes from call to call */
	if (n == 2 && (turn++ & 1)) {
		bones_move t = moves[0];
		moves[0] = moves[1];
		moves[1] = t;
	}
#endif
	return n;
}

static bool is_legal(const state *s, bones_move m)
{
	if (s->player == BONES_CHANCE)
		return m < 3;
#ifdef LIAR_ACCEPTS_ILLEGAL
	return s->player >= 0 && m >= 1 && m < 256 && s->total + 2 <= TARGET;
#else
	return s->player >= 0 && m >= 1 && m <= 2 && s->total + (int)m <= TARGET;
#endif
}

static bones_status apply(const void *gp, void *sp, bones_move m)
{
	(void)gp;
	state *s = sp;
	if (!is_legal(s, m))
		return BONES_EILLEGAL;
#ifdef LIAR_POINTER
	s->self = s;
#endif
	if (s->player == BONES_CHANCE) {
		s->secret[s->dealt++] = (int32_t)m;
		s->player = s->dealt == PLAYERS ? 0 : BONES_CHANCE;
		return BONES_OK;
	}
	s->total += (int32_t)(m > 2 ? 1 : m);
	s->last = s->player;
#ifdef LIAR_ENDLESS
	if (s->total >= TARGET - 1)
		s->total = 0;
#endif
	s->player = s->total == TARGET ? BONES_TERMINAL : (s->player + 1) % PLAYERS;
	return BONES_OK;
}

/* Moves read "+K"; chance outcomes (a secret) read "sK". */
static size_t format_move(const void *gp, const void *sp, bones_move m, char *buf,
			  size_t cap)
{
	(void)gp;
	const state *s = sp;
	if (!is_legal(s, m) || !cap)
		return 0;
	int n = snprintf(buf, cap, "%c%u", s->player == BONES_CHANCE ? 's' : '+', m);
	return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

static bones_status parse_move(const void *gp, const void *sp, const char *text,
			       bones_move *out)
{
	(void)gp;
	const state *s = sp;
	char sign = s->player == BONES_CHANCE ? 's' : '+';
	if (text[0] != sign || text[1] < '0' || text[1] > '9' || text[2])
		return BONES_EPARSE;
	bones_move m = (bones_move)(text[1] - '0');
#ifdef LIAR_NOTATION
	if (sign == '+')
		m = 3 - m;
#endif
	if (!is_legal(s, m))
		return BONES_EILLEGAL;
	*out = m;
	return BONES_OK;
}

/* The player who reaches the target scores 5, everyone adds their secret. */
static void scores(const void *gp, const void *sp, double *out)
{
	(void)gp;
	const state *s = sp;
	for (int p = 0; p < PLAYERS; p++)
		out[p] = s->secret[p] + (s->player == BONES_TERMINAL && p == s->last ? 5 : 0);
}

static void ranks(const void *gp, const void *sp, int *out)
{
	double sc[PLAYERS];
	scores(gp, sp, sc);
	for (int p = 0; p < PLAYERS; p++)
#ifdef LIAR_RANKS
		out[p] = 0;
#else
		out[p] = 1 + (sc[1 - p] > sc[p]);
#endif
}

static size_t observation(const void *gp, const void *sp, int player, char *buf, size_t cap)
{
	(void)gp;
	const state *s = sp;
	int n = snprintf(buf, cap, "total %d, to move %d, dealt %d, secret %d", s->total,
			 s->player, s->dealt, player >= 0 ? s->secret[player] : -1);
#ifdef LIAR_PEEKS
	n = snprintf(buf, cap, "total %d, secrets %d %d", s->total, s->secret[0], s->secret[1]);
#endif
	return n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap - 1;
}

static void resample(const void *gp, void *sp, int player,
		     uint64_t (*next_random)(void *rng), void *rng)
{
	(void)gp;
	state *s = sp;
	for (int p = 0; p < s->dealt; p++)
		if (p != player)
			s->secret[p] = (int32_t)(next_random(rng) % 3);
}

/* The observation tensor: total, to move, dealt, the player's own secret (-1 for a
 * spectator). LIAR_TENSOR_* break one promise of bones/observation.h each. */
static int tensor_shape(const void *gp, size_t dims[BONES_OBSERVATION_MAX_RANK])
{
	(void)gp;
	dims[0] = 4;
#ifdef LIAR_TENSOR_SHAPE
	dims[0] = 0;
#endif
	return 1;
}

static void tensor_fill(const void *gp, const void *sp, int player, float *values)
{
	(void)gp, (void)player;
	const state *s = sp;
	values[0] = (float)s->total;
	values[1] = (float)s->player;
	values[2] = (float)s->dealt;
#ifndef LIAR_TENSOR_UNSET
	values[3] = player >= 0 ? (float)s->secret[player] : -1.0f;
#endif
#ifdef LIAR_TENSOR_PEEKS
	values[3] = (float)(s->secret[0] + 4 * s->secret[1]);
#endif
#ifdef LIAR_TENSOR_NAN
	if (s->total > 3)
		values[0] = NAN;
#endif
}

static const bones_observation tensor = {
	.size = BONES_OBSERVATION_SIZE_1_0,
	.shape = tensor_shape,
	.fill = tensor_fill,
};

/* The picture: the count as a row of TARGET + 1 cells, each player's secret as one
 * piece in hand; a move of k goes from that piece to cell total + k. LIAR_PLACE puts
 * the target far off the board, LIAR_HAND names a piece past the hand's end. */
static void board_bounds(const void *gp, const void *sp, float box[4])
{
	(void)gp, (void)sp;
	box[0] = 0, box[1] = 0, box[2] = TARGET + 1, box[3] = 1;
}

static void draw_board(const void *gp, const void *sp, int viewer, const bones_canvas *cv)
{
	(void)gp, (void)viewer;
	const state *s = sp;
	for (int i = 0; i <= TARGET; i++) {
		const float xy[8] = {(float)i, 0, (float)i + 1, 0, (float)i + 1, 1, (float)i, 1};
		cv->polygon(cv->user, xy, 4, i <= s->total ? BONES_RGBA(200, 200, 200, 255)
							  : BONES_NONE,
			    BONES_RGBA(0, 0, 0, 255), 0.05f);
	}
}

static int hand_size(const void *gp, const void *sp, int player, int viewer)
{
	(void)gp, (void)viewer;
	const state *s = sp;
	return player >= 0 && player < s->dealt ? 1 : 0;
}

static void draw_piece(const void *gp, const void *sp, int player, int piece, int viewer,
		       const bones_canvas *cv)
{
	(void)gp, (void)piece;
	const state *s = sp;
	cv->pips(cv->user, 0, 0, 0.8f, viewer == player ? s->secret[player] : 0,
		 BONES_RGBA(0, 0, 0, 255));
}

static bones_status move_place(const void *gp, const void *sp, bones_move move,
			       bones_move_place *place)
{
	(void)gp;
	const state *s = sp;
	place->piece = s->dealt > s->player ? 0 : -1;
	place->target = s->total + (int)move;
	place->x = (float)place->target + 0.5f, place->y = 0.5f;
	place->variant = 0;
#ifdef LIAR_PLACE
	place->x += 1000;
#endif
#ifdef LIAR_HAND
	place->piece = 1;
#endif
	return BONES_OK;
}

static void draw_ghost(const void *gp, const void *sp, bones_move move, const bones_canvas *cv)
{
	(void)gp;
	const state *s = sp;
	cv->circle(cv->user, (float)(s->total + (int)move) + 0.5f, 0.5f, 0.3f,
		   BONES_RGBA(0, 0, 0, 80), BONES_NONE, 0);
}

static const bones_render render = {
	.size = BONES_RENDER_SIZE_1_0,
	.board_bounds = board_bounds,
	.draw_board = draw_board,
	.hand_size = hand_size,
	.draw_piece = draw_piece,
	.move_place = move_place,
	.draw_ghost = draw_ghost,
};

/* The dense actions: +1 and +2 are 0 and 1. A game adds 1 or 2 until the total is
 * TARGET: at most TARGET player moves. LIAR_GAME_LENGTH claims half of that, which a
 * game of only +2 keeps to and one with a +1 does not; LIAR_ENDLESS states no bound. */
static size_t action_count(const void *gp)
{
	(void)gp;
	return 2;
}

static bool to_index(const void *gp, bones_move m, size_t *index)
{
	(void)gp;
	if (m < 1 || m > 2)
		return false;
	*index = m - 1;
	return true;
}

static bool to_action(const void *gp, size_t index, bones_move *m)
{
	(void)gp;
	if (index >= 2)
		return false;
	*m = (bones_move)index + 1;
	return true;
}

static size_t max_game_length(const void *gp)
{
	(void)gp;
#if defined(LIAR_GAME_LENGTH)
	return TARGET / 2;
#elif defined(LIAR_ENDLESS)
	return 0;
#else
	return TARGET;
#endif
}

static const bones_actions actions = {BONES_ACTIONS_SIZE_1_1, action_count, to_index,
				      to_action, max_game_length};

static const void *get_extension(const void *gp, const char *id)
{
	(void)gp;
	return !strcmp(id, BONES_OBSERVATION_ID) ? &tensor
	       : !strcmp(id, BONES_RENDER_ID)    ? (const void *)&render
	       : !strcmp(id, BONES_ACTIONS_ID)   ? (const void *)&actions
						 : NULL;
}

static size_t render_text(const void *gp, const void *sp, int viewer, char *buf, size_t cap)
{
	return observation(gp, sp, viewer, buf, cap);
}

BONES_PLUGIN_ENTRY = {
	.abi_major = BONES_ABI_MAJOR,
	.abi_minor = BONES_ABI_MINOR,
	.size = sizeof(bones_plugin),
	.id = LIAR_ID,
	.name = "Secret count",
	.version = "1.0.0",
	.summary = "add 1 or 2 to reach 10; secrets add to the score",
	.min_players = 2,
	.max_players = 2,
	.flags = BONES_HAS_CHANCE | BONES_HIDDEN_INFO,
	.options = options,
	.option_count = 1,
	.configure = configure,
	.destroy_game = destroy_game,
	.init_state = init_state,
	.to_move = to_move,
	.legal_moves = legal_moves,
	.apply = apply,
	.format_move = format_move,
	.parse_move = parse_move,
	.scores = scores,
	.ranks = ranks,
	.observation = observation,
	.resample = resample,
	.render_text = render_text,
	.get_extension = get_extension,
};
