/* Classic block dominoes with a double-six set, 2-4 players: the worked example for
 * plugin authors. docs/plugin-guide.md walks through it section by section; the numbered
 * banners are the guide's sections. This file holds the rules (1, 4, 5, 7, 9); plugin.c
 * the entry (11); dominoes_internal.h the moves and the state (2, 3); text.c the notation,
 * the breakdown and the text view (6, 7, 8); draw.c the pictures and observation.c the
 * observation tensor (10); heuristic.c the game knowledge for the search. */
#include <stdio.h>
#include <string.h>

#include "bones/rng.h"
#include "dominoes_internal.h"

/* ==== 1. The rules, and how this file models them ====================================
 * Set: 28 tiles, one per pair a-b with 0 <= a <= b <= 6.
 * Deal: hand_size tiles to each player in turn, one chance node per tile (every tile not
 *   dealt yet is an outcome of probability 1/remaining). The tiles left form the boneyard.
 * Lead: whoever holds the highest double leads it; if nobody holds a double, the holder of
 *   the heaviest tile (most pips, then the higher half: 6-5 > 6-4 > 5-4) leads that tile.
 * Play: in turn, add a tile from your hand to the left or right open end of the line; the
 *   touching halves must show the same pips.
 * Block game: a player who cannot play passes.
 * Draw game: a player who cannot play draws from the boneyard until able to play; the
 *   last DRAW_RESERVE tiles are never drawn, and only a player who can neither play nor
 *   draw passes. Drawing is two steps: the player's move "draw" (their only legal move),
 *   then a chance node, one outcome per boneyard tile. The explicit move keeps whose turn
 *   it is public: a chance node right away would tell everybody the player cannot play,
 *   and a resampled hand that could play would change who is to move.
 * End: domino (a hand is empty) or block: every player passed in a row, so nobody can
 *   play (nor draw). Ending on the passes, not on inspecting the hands, keeps the end of
 *   the game public knowledge, as at a real table where everybody knocks.
 * Score: each player scores the pips left in their own hand; the lowest score wins and
 *   ties share a rank (BONES_LOW_SCORE_WINS). Scores read 0 until the game is over, so
 *   they reveal nothing about hidden hands. */

/* ==== 4. Options, variants and configure ======================================================
 * The host validates values against this schema before configure sees them. */
static const char *const variant_choices[] = {"block", "draw", NULL};

const bones_option_def dom_options[] = {
	{"players", BONES_OPT_INT, "2", 2, 4, NULL, N_("number of players")},
	{"hand_size", BONES_OPT_INT, "0", 0, 14, NULL,
	 N_("tiles dealt to each player; 0 = 7 for two players, 5 for three or four")},
	{"variant", BONES_OPT_ENUM, "block", 0, 0, variant_choices,
	 N_("block: pass when you cannot play; draw: draw from the boneyard first")},
};

const bones_variant dom_variants[] = {
	{"block", N_("Block game"), N_("who cannot play passes"), "variant=block"},
	{"draw", N_("Draw game"), N_("who cannot play draws from the boneyard"), "variant=draw"},
};

bones_status dom_configure(const bones_host *host, const bones_value *values,
			   void **out, bones_game_info *info, char *err, size_t errcap)
{
	int players = (int)values[0].i, hand = (int)values[1].i;
	if (hand == 0)
		hand = players == 2 ? 7 : 5;
	if (players * hand > TILES) {
		/* TRANSLATORS: keep the option key "hand_size:" */
		snprintf(err, errcap, TR(host, "hand_size: %d players x %d tiles need %d, the set has %d"),
			 players, hand, players * hand, TILES);
		return BONES_EINVAL;
	}
	game *g = host->alloc(host, sizeof *g);
	if (!g) {
		snprintf(err, errcap, "%s", TR(host, "out of memory"));
		return BONES_ENOMEM;
	}
	memset(g, 0, sizeof *g);
	g->host = host;
	g->players = players;
	g->hand_size = hand;
	g->draw_game = values[2].i == 1;
	int t = 0; /* the tables that make the hot paths a few bit operations */
	for (int a = 0; a <= 6; a++)
		for (int b = a; b <= 6; b++, t++) {
			g->lo[t] = (uint8_t)a;
			g->hi[t] = (uint8_t)b;
			g->with_pip[a] |= 1u << t;
			g->with_pip[b] |= 1u << t;
		}
	info->players = players;
	info->state_size = sizeof(state);
	info->max_moves = MAX_MOVES;
	*out = g;
	return BONES_OK;
}

void dom_destroy_game(void *vg)
{
	game *g = vg;
	if (g)
		g->host->free(g->host, g);
}

/* ==== 5. Game flow: init_state, to_move, legal_moves, apply =================================== */
bool dom_dealing(const game *g, const state *s)
{
	return s->dealt < g->players * g->hand_size;
}

/* The tiles of player p that fit an open end of a line of at least one tile. */
static uint32_t playable(const game *g, const state *s, int p)
{
	return s->hand[p] & (g->with_pip[s->left] | g->with_pip[s->right]);
}

static bool can_draw(const game *g, const state *s)
{
	return g->draw_game && dom_count(s->boneyard) > DRAW_RESERVE;
}

/* Lead order: doubles first (6-6 highest), then by pips, then by the higher half. */
static int weight(const game *g, int t)
{
	int lo = g->lo[t], hi = g->hi[t];
	return lo == hi ? 100 + lo : (lo + hi) * 8 + hi;
}

static int best_tile(const game *g, uint32_t mask)
{
	int best = -1;
	FOR_TILES(t, mask)
		if (best < 0 || weight(g, t) > weight(g, best))
			best = t;
	return best;
}

/* Domino (some hand is empty) or block (every player passed in a row). */
bool dom_game_over(const game *g, const state *s)
{
	if (dom_dealing(g, s))
		return false;
	for (int p = 0; p < g->players; p++)
		if (!s->hand[p])
			return true;
	return s->passes >= g->players;
}

/* Everything in the boneyard: the first node is the chance node of the deal. */
void dom_init_state(const void *vg, void *vs)
{
	state *s = vs;
	(void)vg;
	memset(s, 0, sizeof *s); /* every byte, padding included, is defined */
	s->boneyard = (1u << TILES) - 1;
}

int dom_to_move(const void *vg, const void *vs)
{
	const game *g = vg;
	const state *s = vs;
	if (dom_dealing(g, s))
		return BONES_CHANCE;
	if (dom_game_over(g, s))
		return BONES_TERMINAL;
	if (s->drawing)
		return BONES_CHANCE; /* the tile the player asked to draw */
	return s->turn;
}

size_t dom_list_moves(const void *vg, const void *vs, bones_move *moves, double *probs,
		      size_t cap)
{
	const game *g = vg;
	const state *s = vs;
	size_t n = 0;
	int who = dom_to_move(g, s);
	if (who == BONES_CHANCE) { /* every tile left is equally likely */
		int kind = dom_dealing(g, s) ? DEAL : DRAWN;
		double p = 1.0 / dom_count(s->boneyard);
		FOR_TILES(t, s->boneyard)
			if (n < cap) {
				if (probs)
					probs[n] = p;
				moves[n++] = MOVE(kind, t);
			}
	} else if (who >= 0 && s->length == 0) {
		if (cap > 0)
			moves[n++] = MOVE(LEAD, best_tile(g, s->hand[who]));
	} else if (who >= 0) {
		FOR_TILES(t, playable(g, s, who)) { /* fits the left end, the right, or both */
			bool l = g->lo[t] == s->left || g->hi[t] == s->left;
			bool r = g->lo[t] == s->right || g->hi[t] == s->right;
			if (l && n < cap)
				moves[n++] = MOVE(LEFT, t);
			if (r && n < cap)
				moves[n++] = MOVE(RIGHT, t);
		}
		if (n == 0 && cap > 0) /* nothing fits */
			moves[n++] = MOVE(can_draw(g, s) ? DRAW : PASS, 0);
	}
	return n;
}

/* The short way to check a move: it must be one of the legal ones. */
bool dom_is_legal(const game *g, const state *s, bones_move m)
{
	bones_move moves[MAX_MOVES];
	size_t n = dom_list_moves(g, s, moves, NULL, MAX_MOVES);
	for (size_t i = 0; i < n; i++)
		if (moves[i] == m)
			return true;
	return false;
}

/* Put tile t on the line. Its halves are shown lo-hi unless FLIPPED; the half that
 * touches the open end must match it, the other half becomes the new open end. */
static void place(const game *g, state *s, int kind, int t)
{
	uint8_t lo = g->lo[t], hi = g->hi[t];
	if (kind == LEAD) {
		s->line[0] = (uint8_t)t;
		s->left = lo;
		s->right = hi;
	} else if (kind == LEFT) { /* shown x-y with y touching the left end */
		bool flip = hi != s->left;
		memmove(s->line + 1, s->line, s->length);
		s->line[0] = (uint8_t)(t | (flip ? FLIPPED : 0));
		s->lead++;
		s->left = flip ? hi : lo;
	} else { /* shown x-y with x touching the right end */
		bool flip = lo != s->right;
		s->line[s->length] = (uint8_t)(t | (flip ? FLIPPED : 0));
		s->right = flip ? lo : hi;
	}
	s->length++;
}

/* The pip values of the open ends as void bits (see state.voids). */
static uint8_t ends(const state *s)
{
	return (uint8_t)(1u << s->left | 1u << s->right);
}

bones_status dom_apply(const void *vg, void *vs, bones_move m)
{
	const game *g = vg;
	state *s = vs;
	if (!dom_is_legal(g, s, m))
		return BONES_EILLEGAL; /* and the state is untouched */
	uint32_t bit = 1u << TILE(m);
	switch (KIND(m)) {
	case DEAL:
		s->boneyard &= ~bit;
		s->hand[s->turn] |= bit;
		s->dealt++;
		s->turn = (uint8_t)(s->dealt % g->players);
		if (!dom_dealing(g, s)) { /* the holder of the best tile dealt leads */
			uint32_t lead = 1u << best_tile(g, ~s->boneyard);
			for (int p = 0; p < g->players; p++)
				if (s->hand[p] & lead)
					s->turn = (uint8_t)p;
		}
		break;
	case DRAW: /* the drawer keeps the turn, and holds nothing of the open ends */
		s->voids[s->turn] = (uint8_t)((s->voids[s->turn] & ~VOIDS_OPEN) | ends(s));
		s->drawing = 1;
		break;
	case DRAWN: /* the tile may show any pip: only the open ends' voids stay, on hold */
		s->boneyard &= ~bit;
		s->hand[s->turn] |= bit;
		s->voids[s->turn] = (uint8_t)((s->voids[s->turn] & ends(s)) | VOIDS_OPEN);
		s->drawing = 0;
		break;
	case PASS:
		s->voids[s->turn] = (uint8_t)((s->voids[s->turn] & ~VOIDS_OPEN) | ends(s));
		s->passes++;
		s->turn = (uint8_t)((s->turn + 1) % g->players);
		break;
	default: /* LEAD, LEFT, RIGHT */
		/* after draws the one tile that fits is laid: the voids hold again */
		s->voids[s->turn] &= (uint8_t)~VOIDS_OPEN;
		s->hand[s->turn] &= ~bit;
		s->passes = 0;
		place(g, s, KIND(m), TILE(m));
		s->turn = (uint8_t)((s->turn + 1) % g->players);
	}
	return BONES_OK;
}

/* For heuristic.c: the legal moves, the mover's view and the moves that lay a tile. */
size_t dom_legal_moves(const void *vg, const void *vs, bones_move *moves, size_t cap)
{
	return dom_list_moves(vg, vs, moves, NULL, cap);
}

void dom_view_of(const void *vg, const void *vs, dom_view *v)
{
	const game *g = vg;
	const state *s = vs;
	int who = s->turn;
	*v = (dom_view){g->lo, g->hi, g->with_pip, s->hand[who], 0, -1, -1};
	for (int i = 0; i < s->length; i++)
		v->line |= 1u << (s->line[i] & ~FLIPPED);
	if (s->length) {
		v->left = s->left;
		v->right = s->right;
	}
}

bool dom_move_lays(bones_move m, int *tile, int *end)
{
	int kind = KIND(m);
	*tile = TILE(m);
	*end = kind == LEAD ? -1 : kind == LEFT ? 0 : 1;
	return kind == LEAD || kind == LEFT || kind == RIGHT;
}

/* ==== 7. Scores, ranks and the breakdown (text.c) ================================ */
void dom_scores(const void *vg, const void *vs, double *out)
{
	const game *g = vg;
	const state *s = vs;
	bool over = dom_game_over(g, s);
	for (int p = 0; p < g->players; p++)
		out[p] = over ? dom_pips(g, s->hand[p]) : 0;
}

/* Lowest pips ranks 1; equal pips share a rank (1, 1, 3). */
void dom_ranks(const void *vg, const void *vs, int *out)
{
	const game *g = vg;
	double score[MAX_PLAYERS];
	dom_scores(g, vs, score);
	for (int p = 0; p < g->players; p++) {
		out[p] = 1;
		for (int q = 0; q < g->players; q++)
			out[p] += score[q] < score[p];
	}
}

/* ==== 9. Hidden information =========================================================
 * The observation is the text view in English (text.c, dom_observation). */

/* The tiles dealt to nobody as far as everybody knows: the holder of the best tile
 * dealt led it (dom_apply, DEAL), so every tile that leads before it stayed in the
 * boneyard; none while the line is empty. */
static uint32_t above_lead(const game *g, const state *s)
{
	uint32_t mask = 0;
	if (dom_dealing(g, s) || s->length == 0)
		return 0;
	int lead = s->line[s->lead] & ~FLIPPED;
	for (int t = 0; t < TILES; t++)
		if (weight(g, t) > weight(g, lead))
			mask |= 1u << t;
	return mask;
}

/* The tiles player p may hold as far as everybody knows: none showing a pip value p is
 * void in (state.voids), unless p drew since; none that leads before the lead tile
 * (above_lead), unless p ever drew (then voids[p] is not 0: a draw records the open
 * ends) and may have drawn it. */
static uint32_t may_hold(const game *g, const state *s, int p)
{
	uint32_t mask = (1u << TILES) - 1;
	if (!g->draw_game || !s->voids[p])
		mask &= ~above_lead(g, s);
	if (!(s->voids[p] & VOIDS_OPEN))
		for (int v = 0; v < 7; v++)
			if (s->voids[p] >> v & 1u)
				mask &= ~g->with_pip[v];
	return mask;
}

/* The hidden tiles' new owners: group k is hand k, or the boneyard for k == players;
 * room[k] tiles still to give it, allowed[k] the tiles it may take. */
typedef struct redeal {
	int groups;
	int room[MAX_PLAYERS + 1];
	uint32_t allowed[MAX_PLAYERS + 1];
	int8_t owner[TILES]; /* the group of each tile, -1 none yet */
} redeal;

/* Give tile t a group, moving tiles already given along a chain when every group that
 * may take t is full (an augmenting path; `seen` the groups tried). */
static bool give(redeal *r, int t, unsigned *seen)
{
	for (int k = 0; k < r->groups; k++) {
		if (!(r->allowed[k] >> t & 1u) || (*seen >> k & 1u))
			continue;
		*seen |= 1u << k;
		if (r->room[k] > 0) {
			r->room[k]--;
			r->owner[t] = (int8_t)k;
			return true;
		}
		for (int u = 0; u < TILES; u++)
			if (r->owner[u] == k && give(r, u, seen)) {
				r->owner[t] = (int8_t)k;
				return true;
			}
	}
	return false;
}

/* Deal the tiles `player` cannot see (other hands and the boneyard) afresh, keeping every
 * count and every player's voids: each tile in a random order goes to a group that may
 * take it, drawn in proportion to the room left (uniform over the consistent deals with
 * two players). Nothing is hidden once the game is over. */
void dom_resample(const void *vg, void *vs, int player,
		  uint64_t (*next_random)(void *rng), void *rng)
{
	const game *g = vg;
	state *s = vs;
	if (dom_game_over(g, s))
		return;
	uint8_t pool[TILES];
	int n = 0;
	uint32_t unseen = s->boneyard;
	for (int p = 0; p < g->players; p++)
		if (p != player)
			unseen |= s->hand[p];
	FOR_TILES(t, unseen)
		pool[n++] = (uint8_t)t;
	for (int i = n - 1; i > 0; i--) { /* Fisher-Yates shuffle */
		int j = (int)bones_random_below(next_random, rng, (uint32_t)i + 1);
		uint8_t swap = pool[i];
		pool[i] = pool[j];
		pool[j] = swap;
	}
	redeal r = {.groups = g->players + 1};
	memset(r.owner, -1, sizeof r.owner);
	for (int k = 0; k < r.groups; k++) {
		bool yard = k == g->players;
		r.room[k] = k == player ? 0 : dom_count(yard ? s->boneyard : s->hand[k]);
		r.allowed[k] = yard ? unseen : may_hold(g, s, k);
	}
	for (int i = 0; i < n; i++) {
		int t = pool[i], total = 0, k = 0;
		for (int j = 0; j < r.groups; j++)
			total += r.allowed[j] >> t & 1u ? r.room[j] : 0;
		if (total > 0) {
			int pick = (int)bones_random_below(next_random, rng, (uint32_t)total);
			for (k = 0; !(r.allowed[k] >> t & 1u) || (pick -= r.room[k]) >= 0; k++)
				;
			r.room[k]--;
			r.owner[t] = (int8_t)k;
		} else {
			unsigned seen = 0;
			if (!give(&r, t, &seen))
				return; /* voids no deal meets: not from a real game, keep it */
		}
	}
	for (int k = 0; k < r.groups; k++)
		if (k != player)
			*(k < g->players ? &s->hand[k] : &s->boneyard) = 0;
	for (int i = 0; i < n; i++) {
		int k = r.owner[pool[i]];
		*(k < g->players ? &s->hand[k] : &s->boneyard) |= 1u << pool[i];
	}
}

/* A dealt or drawn tile is seen only by the player who receives it. */
bool dom_move_visible(const void *vg, const void *vs, bones_move m, int player)
{
	const state *s = vs;
	(void)vg;
	return KIND(m) < DEAL || player == s->turn;
}
