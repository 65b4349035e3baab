/* "Grid dominoes", the grid kit's example (bones/kit_grid.h, docs/plugin-guide.md): a
 * small game drawn with no drawing code. Two players share a 4 x 4 grid whose cells b2
 * and c3 are blocked, a double-three set dealt open: three dominoes each, four in the
 * market. A turn places a domino of one's hand on two empty neighbouring cells (1 point,
 * +1 for each neighbouring half of equal pips), or takes one from the market while the
 * hand holds fewer than three, or passes when neither is possible; two passes in a row
 * end the game, the most points win. Built as gridgame (dominoes drawn as dominoes) and,
 * with GRIDGAME_TILES, gridtiles (each placed domino a two-cell tile in its player's
 * colour, the hands as tiles), with GRIDGAME_HEX, gridhex (the same grid drawn as hex
 * cells: east and south are two of a hexagon's six sides), and with GRIDGAME_BREAK_JOIN, gridbad (a placement whose
 * halves disagree: the kit refuses it and `bones check` fails). */
#include "bones/kit_grid.h"
#include "bones/plugin.h"

#include <stdio.h>
#include <string.h>

#ifndef GRIDGAME_ID
#define GRIDGAME_ID "gridgame"
#endif

#define SIDE 4
#define CELLS (SIDE * SIDE)
#define HAND 3
#define MARKET 4
#define EMPTY (-1)
#define BLOCKED (-2)
#define MAX_MOVES (HAND * 2 * 2 * SIDE * (SIDE - 1) + MARKET + 1)

/* Moves: PLACE | tile << 16 | cell << 8 | dir << 1 | flip (dir 0: the second half east of
 * the cell, 1: south; flip: the tile's high half first), TAKE | tile, PASS. */
enum { PLACE = 1 << 24, TAKE = 2 << 24, PASS = 3 << 24 };
#define KIND(m) ((m) & 0xff000000u)

static const uint8_t lo[10] = {0, 0, 0, 0, 1, 1, 1, 2, 2, 3};
static const uint8_t hi[10] = {0, 1, 2, 3, 1, 2, 3, 2, 3, 3};

typedef struct game {
	const bones_host *host;
} game;

typedef struct state {
	int8_t cell[CELLS];   /* pips, EMPTY or BLOCKED */
	uint8_t join[CELLS];  /* BONES_KIT_EAST.. : where the other half lies */
	int8_t piece[CELLS];  /* which placement (0..) filled it, -1 none */
	int8_t owner[CELLS];  /* who placed it, -1 none */
	int8_t hand[2][HAND]; /* tile ids in hand order, -1 none */
	int8_t market[MARKET];
	int8_t last[2];       /* the cells of the last placement, -1 none */
	int32_t score[2];
	int32_t turn;         /* 0, 1 or BONES_TERMINAL */
	int32_t passes;       /* passes in a row */
	int32_t placed;
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
	info->players = 2;
	info->state_size = sizeof(state);
	info->max_moves = MAX_MOVES;
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
	static const int8_t deal[2][HAND] = {{1, 5, 8}, {3, 4, 7}};
	static const int8_t market[MARKET] = {0, 2, 6, 9};
	state *s = sp;
	memset(s, 0, sizeof *s);
	memset(s->cell, EMPTY, sizeof s->cell);
	memset(s->piece, -1, sizeof s->piece);
	memset(s->owner, -1, sizeof s->owner);
	s->cell[1 * SIDE + 1] = s->cell[2 * SIDE + 2] = BLOCKED;
	memcpy(s->hand, deal, sizeof deal);
	memcpy(s->market, market, sizeof market);
	s->last[0] = s->last[1] = -1;
}

static int to_move(const void *g, const void *s)
{
	(void)g;
	return ((const state *)s)->turn;
}

static int hand_len(const state *s, int p)
{
	int n = 0;
	while (n < HAND && s->hand[p][n] >= 0)
		n++;
	return n;
}

/* The second cell of a placement at cell c, or -1 off the grid. */
static int other_cell(int c, int dir)
{
	if (dir == 0)
		return c % SIDE + 1 < SIDE ? c + 1 : -1;
	return c + SIDE < CELLS ? c + SIDE : -1;
}

static size_t legal_moves(const void *gp, const void *sp, bones_move *moves, double *probs,
			  size_t cap)
{
	(void)gp, (void)probs;
	const state *s = sp;
	size_t n = 0;
	if (s->turn < 0)
		return 0;
	int p = s->turn, len = hand_len(s, p);
	for (int i = 0; i < len; i++)
		for (int c = 0; c < CELLS; c++)
			for (int dir = 0; dir < 2; dir++) {
				int o = other_cell(c, dir), t = s->hand[p][i];
				if (o < 0 || s->cell[c] != EMPTY || s->cell[o] != EMPTY)
					continue;
				for (int flip = 0; flip < 1 + (lo[t] != hi[t]) && n < cap; flip++)
					moves[n++] = (bones_move)(PLACE | t << 16 | c << 8 |
								  dir << 1 | flip);
			}
	for (int k = 0; len < HAND && k < MARKET && n < cap; k++)
		if (s->market[k] >= 0)
			moves[n++] = (bones_move)(TAKE | s->market[k]);
	if (n == 0 && cap > 0)
		moves[n++] = PASS;
	return n;
}

static bool is_legal(const void *gp, const state *s, bones_move m)
{
	bones_move moves[MAX_MOVES];
	size_t n = legal_moves(gp, s, moves, NULL, MAX_MOVES);
	for (size_t i = 0; i < n; i++)
		if (moves[i] == m)
			return true;
	return false;
}

static int place_of(const int8_t *row, int len, int t)
{
	for (int i = 0; i < len; i++)
		if (row[i] == t)
			return i;
	return -1;
}

static bones_status apply(const void *gp, void *sp, bones_move m)
{
	state *s = sp;
	if (!is_legal(gp, s, m))
		return BONES_EILLEGAL;
	int p = s->turn, t = (int)(m >> 16 & 0xff);
	if (KIND(m) == PASS) {
		s->passes++;
	} else if (KIND(m) == TAKE) {
		int k = place_of(s->market, MARKET, (int)(m & 0xff));
		s->hand[p][hand_len(s, p)] = s->market[k];
		s->market[k] = -1;
		s->passes = 0;
	} else {
		int c = (int)(m >> 8 & 0xff), dir = (int)(m >> 1 & 1), flip = (int)(m & 1);
		int o = other_cell(c, dir), i = place_of(s->hand[p], HAND, t), points = 1;
		s->cell[c] = (int8_t)(flip ? hi[t] : lo[t]);
		s->cell[o] = (int8_t)(flip ? lo[t] : hi[t]);
		s->join[c] = dir ? BONES_KIT_SOUTH : BONES_KIT_EAST;
		s->join[o] = dir ? BONES_KIT_NORTH : BONES_KIT_WEST;
		s->piece[c] = s->piece[o] = (int8_t)s->placed;
		s->owner[c] = s->owner[o] = (int8_t)p;
		for (int h = 0; h < 2; h++) { /* equal neighbouring halves */
			int at = h ? o : c;
			const int nb[4] = {at % SIDE ? at - 1 : -1, at % SIDE + 1 < SIDE ? at + 1 : -1,
					   at - SIDE, at + SIDE};
			for (int j = 0; j < 4; j++)
				points += nb[j] >= 0 && nb[j] < CELLS && nb[j] != c && nb[j] != o &&
					  s->cell[nb[j]] == s->cell[at];
		}
		s->score[p] += points;
		memmove(&s->hand[p][i], &s->hand[p][i + 1], (size_t)(HAND - 1 - i));
		s->hand[p][HAND - 1] = -1;
		s->last[0] = (int8_t)c, s->last[1] = (int8_t)o;
		s->placed++;
		s->passes = 0;
	}
	s->turn = s->passes >= 2 ? BONES_TERMINAL : 1 - p;
	return BONES_OK;
}

/* "2-3@a1h": the pips as laid (on the cell, then east or south), the cell, h or v;
 * "take:2-3"; "pass". */
static size_t format_move(const void *gp, const void *sp, bones_move m, char *buf,
			  size_t cap)
{
	const state *s = sp;
	int t = (int)(m >> 16 & 0xff), c = (int)(m >> 8 & 0xff), n;
	if (!cap || !is_legal(gp, s, m))
		return 0;
	if (KIND(m) == PASS)
		n = snprintf(buf, cap, "pass");
	else if (KIND(m) == TAKE)
		n = snprintf(buf, cap, "take:%d-%d", lo[m & 0xff], hi[m & 0xff]);
	else
		n = snprintf(buf, cap, "%d-%d@%c%d%c", (m & 1) ? hi[t] : lo[t],
			     (m & 1) ? lo[t] : hi[t], 'a' + c % SIDE, c / SIDE + 1,
			     (m >> 1 & 1) ? 'v' : 'h');
	return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

static bones_status parse_move(const void *gp, const void *sp, const char *text,
			       bones_move *out)
{
	bones_move moves[MAX_MOVES];
	size_t n = legal_moves(gp, sp, moves, NULL, MAX_MOVES);
	char buf[32];
	for (size_t i = 0; i < n; i++)
		if (format_move(gp, sp, moves[i], buf, sizeof buf) && !strcmp(buf, text))
			return *out = moves[i], BONES_OK;
	bool shaped = !strcmp(text, "pass") || !strncmp(text, "take:", 5) || strchr(text, '@');
	return shaped ? BONES_EILLEGAL : BONES_EPARSE;
}

static void scores(const void *gp, const void *sp, double *out)
{
	(void)gp;
	const state *s = sp;
	out[0] = s->score[0], out[1] = s->score[1];
}

static size_t render_text(const void *gp, const void *sp, int viewer, char *buf, size_t cap)
{
	(void)gp, (void)viewer;
	const state *s = sp;
	size_t n = 0;
	for (int c = 0; c < CELLS && n + 4 < cap; c++)
		n += (size_t)snprintf(buf + n, cap - n, "%c%s",
				      s->cell[c] == EMPTY ? '.' : s->cell[c] == BLOCKED ? '#'
							       : (char)('0' + s->cell[c]),
				      c % SIDE == SIDE - 1 ? "\n" : "");
	for (int p = 0; p < 2 && n < cap; p++) {
		n += (size_t)snprintf(buf + n, cap - n, "player %d (%d):", p + 1, s->score[p]);
		for (int i = 0; i < hand_len(s, p) && n < cap; i++)
			n += (size_t)snprintf(buf + n, cap - n, " %d-%d", lo[s->hand[p][i]],
					      hi[s->hand[p][i]]);
		if (n < cap)
			n += (size_t)snprintf(buf + n, cap - n, "\n");
	}
	if (n >= cap)
		n = cap - 1;
	return n;
}

/* ---- The picture: the grid kit ---------------------------------------------------- */

static bones_kit_piece kit_piece(int t, int player)
{
#ifdef GRIDGAME_TILES
	(void)t;
	return (bones_kit_piece){BONES_KIT_POLYOMINO, 0, 0, (uint8_t)player, 0x3};
#else
	(void)player;
	return (bones_kit_piece){BONES_KIT_DOMINO, lo[t], hi[t], 0, 0};
#endif
}

static bones_kit_cell kit_cell(const state *s, int c)
{
	bones_kit_cell k = {0};
	if (s->cell[c] == BLOCKED) {
		k.kind = BONES_KIT_BLOCKED;
	} else if (s->cell[c] != EMPTY) {
#ifdef GRIDGAME_TILES
		k.kind = BONES_KIT_TILE, k.tile = s->piece[c], k.color = (uint8_t)s->owner[c];
#else
		k.kind = BONES_KIT_HALF, k.pips = (uint8_t)s->cell[c], k.join = s->join[c];
#ifdef GRIDGAME_HEX /* east stays east (d0), south is d5, west d3, north d2 */
		static const uint8_t hex_side[5] = {0, BONES_KIT_HEX_SIDE(0), BONES_KIT_HEX_SIDE(5),
						    BONES_KIT_HEX_SIDE(3), BONES_KIT_HEX_SIDE(2)};
		k.join = hex_side[s->join[c]];
#endif
#endif
	}
	if (c == s->last[0] || c == s->last[1])
		k.mark = BONES_KIT_MARK_LAST;
#ifdef GRIDGAME_BAD_PIPS /* the last half placed described with pips past the kit's 9 */
	if (c == s->last[1] && k.kind == BONES_KIT_HALF)
		k.pips = 12;
#endif
	return k;
}

/* The grid with its labels, both hands (open: the game hides nothing), the market. */
static void describe(const void *gp, const void *sp, int viewer, bones_kit_grid_position *out)
{
	(void)gp, (void)viewer;
	const state *s = sp;
	out->width = out->height = SIDE;
	out->labels = out->rows_down = true;
#ifdef GRIDGAME_HEX
	out->hex = true;
#endif
	for (int c = 0; c < CELLS; c++)
		out->cell[c / SIDE][c % SIDE] = kit_cell(s, c);
	out->hands = 3;
	for (int p = 0; p < 2; p++) {
		out->hand[p].owner = p, out->hand[p].face_up = true;
		for (int i = 0; i < hand_len(s, p); i++)
			out->hand[p].piece[out->hand[p].len++] = kit_piece(s->hand[p][i], p);
	}
	out->hand[2].owner = -1, out->hand[2].face_up = true;
	for (int k = 0; k < MARKET; k++)
		if (s->market[k] >= 0)
			out->hand[2].piece[out->hand[2].len++] = kit_piece(s->market[k], 7);
}

/* A placement fills its two cells from the mover's hand; a take names its market
 * slot; a pass is a button. */
static bones_status place(const void *gp, const void *sp, bones_move m,
			  bones_kit_placement *out)
{
	const state *s = sp;
	if (s->turn < 0 || !is_legal(gp, s, m))
		return BONES_EINVAL;
	if (KIND(m) == TAKE) {
		int slot = 0;
		for (int k = 0; k < MARKET && s->market[k] != (int8_t)(m & 0xff); k++)
			slot += s->market[k] >= 0;
		out->market = 2, out->slot = slot;
	} else if (KIND(m) == PLACE) {
		state after = *s;
		int t = (int)(m >> 16 & 0xff), c = (int)(m >> 8 & 0xff);
		int o = other_cell(c, (int)(m >> 1 & 1));
		out->hand = place_of(s->hand[s->turn], HAND, t);
		apply(gp, &after, m);
		after.last[0] = after.last[1] = -1;
		out->cells = 2;
		for (int h = 0; h < 2; h++) {
			int at = h ? o : c;
			out->cell[h].column = (uint8_t)(at % SIDE), out->cell[h].row = (uint8_t)(at / SIDE);
			out->cell[h].cell = kit_cell(&after, at);
		}
#ifdef GRIDGAME_BREAK_JOIN /* the second half does not join the first back */
		out->cell[1].cell.join = BONES_KIT_ALONE;
#endif
		out->variant = (int)(m & 3);
	}
	return BONES_OK;
}

static const bones_kit_grid kit = {
	.size = sizeof(bones_kit_grid),
	.describe = describe,
	.place = place,
};

static const void *get_extension(const void *gp, const char *id)
{
	(void)gp;
	return !strcmp(id, BONES_KIT_GRID_ID) ? &kit : NULL;
}

BONES_PLUGIN_ENTRY = {
	.abi_major = BONES_ABI_MAJOR,
	.abi_minor = BONES_ABI_MINOR,
	.size = sizeof(bones_plugin),
	.id = GRIDGAME_ID,
	.name = "Grid dominoes",
	.version = "1.0.0",
	.summary = "place dominoes on a 4 x 4 grid; equal neighbours score",
	.min_players = 2,
	.max_players = 2,
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
	.render_text = render_text,
	.get_extension = get_extension,
};
