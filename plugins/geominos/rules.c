/* Geominos rules: the deal as chance nodes, placement (move generation is movegen.c),
 * assessment, the blocked-player penalty and the end of the game. */
#include "geominos.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

_Static_assert(sizeof(geo_state) == 1188, "geo_state has no padding");
_Static_assert(offsetof(geo_state, want) + sizeof(uint32_t) * (GEO_PIPS * GEO_N + 3) <=
	       sizeof(geo_state), "four rows from any row of want stay inside the state");

#define NONE 0xFF

static int popcount32(uint32_t x)
{
	return __builtin_popcount(x);
}

static int ctz32(uint32_t x)
{
	return __builtin_ctz(x);
}

int geo_hand_tile(const geo_state *s, int player, int index)
{
	uint32_t h = s->hand[player];
	for (int i = 0; h; i++, h &= h - 1)
		if (i == index)
			return ctz32(h);
	return -1;
}

int geo_hand_index(const geo_state *s, int player, int tile)
{
	uint32_t h = s->hand[player];
	if (!(h >> tile & 1u))
		return -1;
	return popcount32(h & ((1u << tile) - 1u));
}

bool geo_placement_legal(const geo_game *g, const geo_state *s, int tile, int orient,
			 int x, int y)
{
	if (tile < 0 || tile >= g->tile_count || orient < 0 ||
	    orient >= g->tiles[tile].orient_count)
		return false;
	const geo_orient *o = &g->tiles[tile].orient[orient];
	if (!geo_fits(o, s, x, y))
		return false;
	uint32_t touch = 0; /* some section next to its pips: all of them looked at */
	for (int k = 0; k < o->count; k++)
		touch |= s->want[o->pips[k]][y + o->dy[k]] >> (x + o->dx[k]);
	return touch & 1u;
}

/* Points of tile's orientation with its anchor at (x, y), section by section. */
static int count_points(const geo_game *g, int tile, int orient, int x, int y)
{
	const geo_orient *o = &g->tiles[tile].orient[orient];
	int points = 0;
	for (int k = 0; k < o->count; k++)
		if (g->cost_rows[y + o->dy[k]] >> (x + o->dx[k]) & 1u)
			points += o->pips[k];
	return points;
}

/* The table of every placement's points, once per game: the priors and the evaluation
 * of the search ask for them a hundred times a move. */
void geo_points_prepare(geo_game *g)
{
	for (int t = 0; t < g->tile_count; t++) {
		g->floor[t] = 255;
		for (int oi = 0; oi < g->tiles[t].orient_count; oi++) {
			const geo_orient *o = &g->tiles[t].orient[oi];
			g->points_at[t | oi << 5] = (t * GEO_MAX_ORIENT + oi) * GEO_CELLS + o->minx;
			for (int y = 0; y + o->height <= GEO_N; y++)
				for (int x = -o->minx; x + o->maxx < GEO_N; x++) {
					uint8_t *pts = &g->points[t][oi][y * GEO_N + x + o->minx];
					*pts = (uint8_t)count_points(g, t, oi, x, y);
					if (*pts < g->floor[t])
						g->floor[t] = *pts;
				}
		}
	}
}

void geo_init_state(const void *game, void *state)
{
	const geo_game *g = game;
	geo_state *s = state;
	memset(s, 0, sizeof *s);
	memset(s->cell, GEO_EMPTY, sizeof s->cell);
	s->deck = g->tile_count == 32 ? 0xFFFFFFFFu : (1u << g->tile_count) - 1u;
	s->phase = GEO_PH_CENTRE;
	s->current = (uint8_t)g->starter;
	s->last_kind = GEO_LAST_NONE;
	s->last_player = s->last_tile = NONE;
}

int geo_to_move(const void *game, const void *state)
{
	const geo_state *s = state;
	(void)game;
	if (s->phase == GEO_PH_OVER)
		return BONES_TERMINAL;
	if (s->phase == GEO_PH_PLAY)
		return s->current;
	return BONES_CHANCE;
}

size_t geo_legal_moves(const void *game, const void *state, bones_move *moves,
		       double *probs, size_t cap)
{
	const geo_game *g = game;
	const geo_state *s = state;
	if (s->phase == GEO_PH_OVER || cap == 0)
		return 0;
	if (s->phase != GEO_PH_PLAY) {
		size_t n = 0;
		double p = 1.0 / popcount32(s->deck);
		for (uint32_t d = s->deck; d && n < cap; d &= d - 1, n++) {
			moves[n] = GEO_MOVE_DRAW | (bones_move)ctz32(d);
			if (probs)
				probs[n] = p;
		}
		return n;
	}
	if (s->blocked) {
		moves[0] = GEO_MOVE_PASS;
		return 1;
	}
	return geo_generate(g, s, s->hand[s->current], moves, cap);
}

/* Put a tile on the board and keep the occupancy and "wanted pips" rows up to date;
 * returns the pips it puts on light squares outside the free area. */
static int put_tile(const geo_game *g, geo_state *s, const geo_orient *o, int tile, int x,
		    int y)
{
	int points = 0;
	for (int k = 0; k < o->count; k++) {
		int cx = x + o->dx[k], cy = y + o->dy[k], p = o->pips[k];
		s->cell[cy * GEO_N + cx] = (uint8_t)(tile << 3 | p);
		s->occ[cy] |= 1u << cx;
		points += p & -(int)(g->cost_rows[cy] >> cx & 1u);
	}
	/* The empty squares next to a section want its pips; ... */
	for (int k = 0; k < o->count; k++) {
		int cx = x + o->dx[k], cy = y + o->dy[k], p = o->pips[k];
		uint32_t bit = 1u << cx;
		s->want[p][cy] |= (bit << 1 | bit >> 1) & ~s->occ[cy] & ((1u << GEO_N) - 1u);
		if (cy > 0) s->want[p][cy - 1] |= bit & ~s->occ[cy - 1];
		if (cy < GEO_N - 1) s->want[p][cy + 1] |= bit & ~s->occ[cy + 1];
	}
	/* ... and the squares now taken want nothing: four rows at a time for every pip
	 * (the rows past a pip's last are the state's next bytes, written back as they
	 * were). */
	int shift = x + o->minx;
	for (int r = 0; r < o->height; r += 4) {
		geo_rows4 taken, w;
		for (int i = 0; i < 4; i++)
			taken[i] = r + i < o->height ? o->rows[r + i] << shift : 0;
		for (int p = 0; p < GEO_PIPS; p++) {
			char *at = (char *)s + offsetof(geo_state, want) +
				   sizeof(uint32_t) * (size_t)(p * GEO_N + y + r);
			memcpy(&w, at, sizeof w);
			w &= ~taken;
			memcpy(at, &w, sizeof w);
		}
	}
	return points;
}

/* Whether player could do something on a turn: place a tile in hand, or (One-Tile)
 * draw one. Players who can do neither are skipped; when nobody can, the game ends. */
static bool can_place(const geo_game *g, const geo_state *s, int player)
{
	return geo_has_placement(g, s, s->hand[player]);
}

static bool may_draw(const geo_game *g, const geo_state *s, int player)
{
	return g->deal == GEO_DEAL_ONE && !s->hand[player] && s->received[player] < g->quota &&
	       s->deck;
}

/* Give the turn to the first player from p on who holds tiles or may draw. */
static void begin_turn(const geo_game *g, geo_state *s, int p)
{
	for (int i = 0; i < g->players; i++, p = (p + 1) % g->players) {
		if (may_draw(g, s, p)) {
			s->current = (uint8_t)p;
			s->phase = GEO_PH_DRAW;
			s->blocked = 0;
			return;
		}
		if (!s->hand[p])
			continue;
		s->current = (uint8_t)p;
		s->phase = GEO_PH_PLAY;
		s->blocked = !can_place(g, s, p);
		if (!s->blocked)
			return;
		for (int j = 1; j < g->players; j++) {
			int q = (p + j) % g->players;
			if (may_draw(g, s, q) || can_place(g, s, q))
				return; /* p passes; someone else can still play */
		}
		break; /* nobody can place any tile */
	}
	s->phase = GEO_PH_OVER;
	s->blocked = 0;
}

static bones_status apply_draw(const geo_game *g, geo_state *s, int tile)
{
	if (tile >= g->tile_count || !(s->deck >> tile & 1u))
		return BONES_EILLEGAL;
	s->deck &= ~(1u << tile);
	if (s->phase == GEO_PH_CENTRE) {
		const geo_tile *t = &g->tiles[tile];
		put_tile(g, s, &t->orient[0], tile, t->centre_x, t->centre_y);
		s->last_kind = GEO_LAST_CENTRE;
		s->last_tile = (uint8_t)tile;
		s->last_points = 0;
		s->phase = GEO_PH_DEAL;
		s->current = (uint8_t)g->starter;
		if (g->initial == 0)
			begin_turn(g, s, g->starter);
		return BONES_OK;
	}
	int p = s->current;
	s->hand[p] |= 1u << tile;
	s->received[p]++;
	if (s->phase == GEO_PH_DEAL) {
		int next = (p + 1) % g->players;
		if (s->received[next] < g->initial)
			s->current = (uint8_t)next;
		else
			begin_turn(g, s, g->starter);
	} else if (s->phase == GEO_PH_REFILL) {
		begin_turn(g, s, (p + 1) % g->players);
	} else {
		begin_turn(g, s, p);
	}
	return BONES_OK;
}

static bones_status apply_place(const geo_game *g, geo_state *s, bones_move m)
{
	int p = s->current, t = geo_move_tile(m), oi = geo_move_orient(m);
	int x = geo_move_x(m), y = geo_move_y(m);
	if (s->blocked || !(s->hand[p] >> t & 1u) || !geo_placement_legal(g, s, t, oi, x, y))
		return BONES_EILLEGAL;
	int points = put_tile(g, s, &g->tiles[t].orient[oi], t, x, y);
	s->owner[t] = (uint8_t)(p + 1);
	s->hand[p] &= ~(1u << t);
	s->score[p] = (int16_t)(s->score[p] + points);
	s->last_kind = GEO_LAST_PLACE;
	s->last_player = (uint8_t)p;
	s->last_tile = (uint8_t)t;
	s->last_points = (uint8_t)points;
	if (g->deal != GEO_DEAL_ONE && s->received[p] < g->quota && s->deck)
		s->phase = GEO_PH_REFILL;
	else
		begin_turn(g, s, (p + 1) % g->players);
	return BONES_OK;
}

bones_status geo_apply(const void *game, void *state, bones_move move)
{
	const geo_game *g = game;
	geo_state *s = state;
	if (s->phase == GEO_PH_OVER)
		return BONES_EILLEGAL;
	if (s->phase != GEO_PH_PLAY)
		return (move & ~31u) == GEO_MOVE_DRAW ? apply_draw(g, s, (int)(move & 31u))
						      : BONES_EILLEGAL;
	if (move == GEO_MOVE_PASS) {
		if (!s->blocked)
			return BONES_EILLEGAL;
		int p = s->current;
		s->score[p] = (int16_t)(s->score[p] + g->penalty);
		s->last_kind = GEO_LAST_PASS;
		s->last_player = (uint8_t)p;
		s->last_tile = NONE;
		s->last_points = (uint8_t)g->penalty;
		begin_turn(g, s, (p + 1) % g->players);
		return BONES_OK;
	}
	if (!geo_move_is_place(move))
		return BONES_EILLEGAL;
	return apply_place(g, s, move);
}

void geo_scores(const void *game, const void *state, double *scores)
{
	const geo_game *g = game;
	const geo_state *s = state;
	for (int p = 0; p < g->players; p++)
		scores[p] = s->score[p];
}

size_t geo_breakdown(const void *game, const void *state, char *buf, size_t cap)
{
	const geo_game *g = game;
	const geo_state *s = state;
	int n = 0;
	if (cap == 0)
		return 0;
	buf[0] = '\0';
	if (s->last_kind == GEO_LAST_PASS) {
		n = snprintf(buf, cap, TR(g, "no legal placement: %d penalty points"), s->last_points);
	} else if (s->last_kind == GEO_LAST_PLACE && s->last_points) {
		int len = snprintf(buf, cap, "%s", TR(g, "pips on light squares:"));
		const char *sep = " ";
		for (int i = 0; i < GEO_CELLS && len > 0 && (size_t)len < cap; i++) {
			if (s->cell[i] == GEO_EMPTY || s->cell[i] >> 3 != s->last_tile ||
			    !(s->cell[i] & 7) || !(g->cost_rows[i / GEO_N] >> (i % GEO_N) & 1u))
				continue;
			len += snprintf(buf + len, cap - (size_t)len, "%s%d", sep, s->cell[i] & 7);
			sep = " + ";
		}
		if (len > 0 && (size_t)len < cap)
			len += snprintf(buf + len, cap - (size_t)len, " = %d", s->last_points);
		n = len;
	}
	if (n < 0)
		return 0;
	return (size_t)n < cap ? (size_t)n : cap - 1;
}
