/* All Fives (Muggins) with a double-six set, 2-4 players: the deal, the line with its
 * spinner, scoring the open ends in fives, drawing, and the hand's end.
 *
 * Deal: 7 tiles each for two players, 5 for three or four; the rest is the boneyard.
 * Lead: seat 1 leads any tile (the host rotates the seats from hand to hand).
 * Play: a tile on an open end whose pips it matches. The first double played is the
 *   spinner: once tiles lie on both its sides, tiles may be played up and down off it
 *   too (four open ends).
 * Score: after each play the open ends are counted (a double at an end counts both
 *   halves; a spinner with one side free counts both halves for it); a multiple of 5
 *   scores that many points for the player (the team).
 * Cannot play: draw from the boneyard (the last two tiles stay) until able; pass when
 *   neither is possible.
 * End: a hand is empty (domino) or every player passed in a row (block). The winner (the
 *   domino, or in a block the fewest pips) scores the pips in the other hands (the
 *   opponents' with partners) rounded to the nearest 5. Most points win. */
#include <string.h>

#include "allfives.h"
#include "bones/rng.h"

bool af_dealing(const game *g, const state *s)
{
	return s->dealt < g->players * g->hand_size;
}

int af_pips(const game *g, uint32_t mask)
{
	int sum = 0;
	FOR_TILES(t, mask)
		sum += g->lo[t] + g->hi[t];
	return sum;
}

int af_round5(int n)
{
	return (n + 2) / 5 * 5;
}

bool af_over(const game *g, const state *s)
{
	if (af_dealing(g, s))
		return false;
	for (int p = 0; p < g->players; p++)
		if (!s->hand[p])
			return true;
	return s->passes >= g->players;
}

void af_init_state(const void *vg, void *vs)
{
	state *s = vs;
	(void)vg;
	memset(s, 0, sizeof *s);
	s->boneyard = (1u << TILES) - 1;
	s->center = s->spinner = NONE;
}

int af_to_move(const void *vg, const void *vs)
{
	const game *g = vg;
	const state *s = vs;
	if (af_dealing(g, s))
		return BONES_CHANCE;
	if (af_over(g, s))
		return BONES_TERMINAL;
	return s->drawing ? BONES_CHANCE : s->turn;
}

bool af_spinner_open(const state *s)
{
	if (s->spinner == NONE)
		return false;
	if (s->spin_arm == LEAD)
		return s->arm_len[ARM_L] > 0 && s->arm_len[ARM_R] > 0;
	return s->arm_len[s->spin_arm] > s->spin_at + 1;
}

static bool arm_open(const state *s, int arm)
{
	return arm < ARM_U || af_spinner_open(s);
}

static bool fits(const game *g, const state *s, int t, int arm)
{
	return arm_open(s, arm) && (g->lo[t] == s->end[arm] || g->hi[t] == s->end[arm]);
}

static bool can_draw(const game *g, const state *s)
{
	(void)g;
	return af_count(s->boneyard) > DRAW_RESERVE;
}

size_t af_legal_moves(const void *vg, const void *vs, bones_move *moves, double *probs,
		      size_t cap)
{
	const game *g = vg;
	const state *s = vs;
	size_t n = 0;
	int who = af_to_move(g, s);
	if (who == BONES_CHANCE) {
		int kind = af_dealing(g, s) ? DEAL : DRAWN;
		double p = 1.0 / af_count(s->boneyard);
		FOR_TILES(t, s->boneyard)
			if (n < cap) {
				if (probs)
					probs[n] = p;
				moves[n++] = MOVE(kind, t);
			}
		return n;
	}
	if (who < 0)
		return 0;
	FOR_TILES(t, s->hand[who]) {
		if (s->center == NONE && n < cap)
			moves[n++] = MOVE(LEAD, t);
		for (int arm = 0; s->center != NONE && arm < ARMS; arm++)
			if (fits(g, s, t, arm) && n < cap)
				moves[n++] = MOVE(arm, t);
	}
	if (n == 0 && cap > 0)
		moves[n++] = MOVE(can_draw(g, s) ? DRAW : PASS, 0);
	return n;
}

bool af_is_legal(const game *g, const state *s, bones_move m)
{
	bones_move moves[MAX_MOVES];
	size_t n = af_legal_moves(g, s, moves, NULL, MAX_MOVES);
	for (size_t i = 0; i < n; i++)
		if (moves[i] == m)
			return true;
	return false;
}

/* An arm's end: its pips, twice when the tile there is a double laid across. */
static int end_value(const game *g, const state *s, int arm)
{
	int last = -1;
	for (int i = 0; i < s->length; i++)
		if (s->seq[i] >> 5 == arm)
			last = s->seq[i] & 31;
	return last >= 0 && g->lo[last] == g->hi[last] ? 2 * s->end[arm] : s->end[arm];
}

int af_count_ends(const game *g, const state *s)
{
	if (s->center == NONE)
		return 0;
	int c = s->center;
	bool dbl = g->lo[c] == g->hi[c];
	int empty = (s->arm_len[ARM_L] == 0) + (s->arm_len[ARM_R] == 0), sum = 0;
	for (int arm = 0; arm < ARMS; arm++)
		if (s->arm_len[arm] > 0)
			sum += end_value(g, s, arm);
	if (!dbl) /* the lead's free halves */
		return sum + (s->arm_len[ARM_L] ? 0 : g->lo[c]) + (s->arm_len[ARM_R] ? 0 : g->hi[c]);
	return sum + (empty ? 2 * g->lo[c] : 0); /* a double lead counts once, both halves */
}

/* Lay tile t on arm (or lead it); the matching half touches the end. */
static void place(const game *g, state *s, int kind, int t)
{
	bool dbl = g->lo[t] == g->hi[t];
	if (kind == LEAD) {
		s->center = (uint8_t)t;
		s->end[ARM_L] = g->lo[t], s->end[ARM_R] = g->hi[t];
		s->end[ARM_U] = s->end[ARM_D] = g->lo[t];
		s->seq[s->length++] = (uint8_t)(t | LEAD << 5);
		if (dbl)
			s->spinner = (uint8_t)t, s->spin_arm = LEAD, s->spin_at = 0;
		return;
	}
	int arm = kind;
	s->end[arm] = g->lo[t] == s->end[arm] ? g->hi[t] : g->lo[t];
	if (dbl && s->spinner == NONE) {
		s->spinner = (uint8_t)t, s->spin_arm = (uint8_t)arm, s->spin_at = s->arm_len[arm];
		s->end[ARM_U] = s->end[ARM_D] = g->lo[t];
	}
	s->arm_len[arm]++;
	s->seq[s->length++] = (uint8_t)(t | arm << 5);
}

bones_status af_apply(const void *vg, void *vs, bones_move m)
{
	const game *g = vg;
	state *s = vs;
	if (!af_is_legal(g, s, m))
		return BONES_EILLEGAL;
	uint32_t bit = 1u << TILE(m);
	switch (KIND(m)) {
	case DEAL:
		s->boneyard &= ~bit;
		s->hand[s->turn] |= bit;
		s->dealt++;
		s->turn = (uint8_t)(s->dealt % g->players); /* seat 1 leads after the deal */
		break;
	case DRAW:
		s->drawing = 1;
		break;
	case DRAWN:
		s->boneyard &= ~bit;
		s->hand[s->turn] |= bit;
		s->drawing = 0;
		break;
	case PASS:
		s->passes++;
		s->scored = 0;
		s->turn = (uint8_t)((s->turn + 1) % g->players);
		break;
	default: { /* LEAD or an arm */
		s->hand[s->turn] &= ~bit;
		s->passes = 0;
		place(g, s, KIND(m), TILE(m));
		int count = af_count_ends(g, s);
		s->scored = (uint8_t)(count % 5 == 0 ? count : 0);
		s->points[s->turn] = (uint16_t)(s->points[s->turn] + s->scored);
		s->turn = (uint8_t)((s->turn + 1) % g->players);
	}
	}
	return BONES_OK;
}

/* Pips of seat p's side: their hand, or their team's. */
static int side_pips(const game *g, const state *s, int p)
{
	int sum = af_pips(g, s->hand[p]);
	return g->partners ? sum + af_pips(g, s->hand[(p + 2) % 4]) : sum;
}

int af_hand_bonus(const game *g, const state *s, int *winner)
{
	*winner = -1;
	if (!af_over(g, s))
		return 0;
	for (int p = 0; p < g->players; p++)
		if (!s->hand[p])
			*winner = p;
	if (*winner < 0) { /* blocked: the fewest pips (by side) wins, a tie nobody */
		int best = -1, tied = 0;
		for (int p = 0; p < g->players; p++) {
			int v = side_pips(g, s, p);
			if (best < 0 || v < side_pips(g, s, best))
				best = p, tied = 0;
			else if (v == side_pips(g, s, best) && (!g->partners || p % 2 != best % 2))
				tied = 1;
		}
		if (tied)
			return 0;
		*winner = best;
	}
	int others = 0;
	for (int p = 0; p < g->players; p++)
		if (p != *winner && (!g->partners || p % 2 != *winner % 2))
			others += af_pips(g, s->hand[p]);
	return af_round5(others);
}

void af_scores(const void *vg, const void *vs, double *out)
{
	const game *g = vg;
	const state *s = vs;
	int winner, bonus = af_hand_bonus(g, s, &winner);
	for (int p = 0; p < g->players; p++) {
		int own = s->points[p] + (p == winner ? bonus : 0);
		if (g->partners) {
			int q = (p + 2) % 4;
			own += s->points[q] + (q == winner ? bonus : 0);
		}
		out[p] = own;
	}
}

/* The other hands and the boneyard dealt afresh, every count kept. */
void af_resample(const void *vg, void *vs, int player, uint64_t (*next_random)(void *rng),
		 void *rng)
{
	const game *g = vg;
	state *s = vs;
	if (af_over(g, s))
		return;
	uint8_t pool[TILES];
	int n = 0, room[MAX_PLAYERS + 1];
	uint32_t unseen = s->boneyard;
	for (int p = 0; p < g->players; p++)
		if (p != player)
			unseen |= s->hand[p];
	FOR_TILES(t, unseen)
		pool[n++] = (uint8_t)t;
	for (int i = n - 1; i > 0; i--) {
		int j = (int)bones_random_below(next_random, rng, (uint32_t)i + 1);
		uint8_t swap = pool[i];
		pool[i] = pool[j], pool[j] = swap;
	}
	for (int k = 0; k <= g->players; k++) {
		uint32_t *group = k < g->players ? &s->hand[k] : &s->boneyard;
		room[k] = k == player ? 0 : af_count(*group);
		if (k != player)
			*group = 0;
	}
	for (int i = 0, k = 0; i < n; i++) {
		while (room[k] == 0)
			k++;
		*(k < g->players ? &s->hand[k] : &s->boneyard) |= 1u << pool[i];
		room[k]--;
	}
}

bool af_move_visible(const void *vg, const void *vs, bones_move m, int player)
{
	const state *s = vs;
	(void)vg;
	return KIND(m) < DEAL || player == s->turn;
}
