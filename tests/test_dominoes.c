/* The dominoes plugin (the plugin guide's worked example): deal, matching, passing,
 * drawing, both endings with their exact scores, notation, hidden information, and
 * invariants over thousands of random games. */
#include "bones_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/kit_board.h"
#include "bones/render.h"

extern const bones_plugin bones_plugin_entry;
#define P (&bones_plugin_entry)

/* The plugin's state layout (section 3 of plugins/dominoes/dominoes.c), mirrored so the
 * invariants can look inside; its size is checked against info.state_size. */
typedef struct dom_state {
	uint32_t hand[4];
	uint32_t boneyard;
	uint8_t line[28]; /* tile | 0x80 when shown high half first */
	uint8_t length, left, right, turn, dealt, passes, drawing;
	uint8_t lead; /* index of the lead tile in line */
	uint8_t voids[4]; /* bit v: holds no tile showing v; 0x80: drew since, on hold */
} dom_state;

#define MAXM 64

/* Tile t's halves, in the plugin's order 0-0, 0-1, .., 0-6, 1-1, .., 6-6. */
static void halves(int t, int *lo, int *hi)
{
	*lo = *hi = 0;
	for (int a = 0; a <= 6; a++)
		for (int b = a; b <= 6; b++)
			if (t-- == 0) {
				*lo = a;
				*hi = b;
				return;
			}
}

static int popcount(uint32_t m)
{
	int n = 0;
	for (; m; m &= m - 1)
		n++;
	return n;
}

static int hand_pips(uint32_t m)
{
	int sum = 0, lo, hi;
	for (int t = 0; t < 28; t++)
		if (m >> t & 1u) {
			halves(t, &lo, &hi);
			sum += lo + hi;
		}
	return sum;
}

static dom_state *new_game(bones_test_game *g, const char *settings)
{
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(g, P, settings), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(g->info.state_size, sizeof(dom_state));
	return bones_test_new_state(g);
}

/* The legal moves as notation, space-separated, in the plugin's order. */
static const char *legal_text(const bones_test_game *g, const void *s, char *buf, size_t cap)
{
	bones_move m[MAXM];
	size_t n = P->legal_moves(g->game, s, m, NULL, MAXM), len = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n && len + BONES_MOVE_TEXT_MAX < cap; i++) {
		if (i)
			buf[len++] = ' ';
		len += P->format_move(g->game, s, m[i], buf + len, cap - len);
	}
	return buf;
}

/* Deal order is round-robin from player 1: P1 gets the 1st, 3rd, 5th tile (2 players). */
static void test_dominoes__the_deal_is_chance_with_probabilities_summing_to_one(void)
{
	bones_test_game g;
	dom_state *s = new_game(&g, "");
	bones_move m[MAXM];
	double pr[MAXM];
	for (int k = 0; k < 14; k++) {
		CU_ASSERT_EQUAL_FATAL(P->to_move(g.game, s), BONES_CHANCE);
		size_t n = P->legal_moves(g.game, s, m, pr, MAXM);
		CU_ASSERT_EQUAL(n, (size_t)(28 - k)); /* one outcome per tile not dealt yet */
		double sum = 0;
		for (size_t i = 0; i < n; i++) {
			CU_ASSERT_DOUBLE_EQUAL(pr[i], 1.0 / (28 - k), 1e-12);
			sum += pr[i];
		}
		CU_ASSERT_DOUBLE_EQUAL(sum, 1.0, 1e-9);
		CU_ASSERT_EQUAL_FATAL(P->apply(g.game, s, m[n / 2]), BONES_OK);
	}
	CU_ASSERT_EQUAL(popcount(s->hand[0]), 7);
	CU_ASSERT_EQUAL(popcount(s->hand[1]), 7);
	CU_ASSERT_EQUAL(popcount(s->boneyard), 14);
	CU_ASSERT(P->to_move(g.game, s) >= 0);
	free(s);
	bones_test_release(&g);
}

static void test_dominoes__hand_sizes_default_to_seven_or_five(void)
{
	static const struct {
		const char *settings;
		int players, hand, boneyard;
	} cases[] = {{"players=2", 2, 7, 14}, {"players=3", 3, 5, 13}, {"players=4", 4, 5, 8},
		     {"players=4 hand_size=7", 4, 7, 0}, {"players=3 hand_size=9", 3, 9, 1}};
	bones_rng rng;
	bones_rng_seed(&rng, 5);
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		bones_test_game g;
		dom_state *s = new_game(&g, cases[c].settings);
		CU_ASSERT_EQUAL(g.info.players, cases[c].players);
		while (P->to_move(g.game, s) == BONES_CHANCE)
			bones_test_random_playout(&g, s, &rng, 1);
		for (int p = 0; p < cases[c].players; p++)
			CU_ASSERT_EQUAL(popcount(s->hand[p]), cases[c].hand);
		CU_ASSERT_EQUAL(popcount(s->boneyard), cases[c].boneyard);
		free(s);
		bones_test_release(&g);
	}
}

static void test_dominoes__a_deal_larger_than_the_set_is_refused(void)
{
	bones_test_game g;
	CU_ASSERT_EQUAL(bones_test_configure(&g, P, "players=4 hand_size=8"), BONES_EINVAL);
	CU_ASSERT_STRING_EQUAL(g.error, "hand_size: 4 players x 8 tiles need 32, the set has 28");
	CU_ASSERT_NOT_EQUAL(bones_test_configure(&g, P, "variant=domino"), BONES_OK);
}

/* P1: 6-6 6-1 2-3, P2: 6-4 4-4 0-1. P1 holds the highest double and leads it; P2 then
 * empties their hand. Scores are the pips left: P1 2+3 = 5, P2 0. */
static void test_dominoes__domino_ends_the_game_and_scores_pips_left(void)
{
	bones_test_game g;
	char buf[1024];
	dom_state *s = new_game(&g, "hand_size=3");
	bones_test_play(&g, s, "deal:6-6 deal:4-6 deal:1-6 deal:4-4 deal:2-3 deal:0-1");
	CU_ASSERT_EQUAL(P->to_move(g.game, s), 0);
	CU_ASSERT_STRING_EQUAL(legal_text(&g, s, buf, sizeof buf), "6-6");
	bones_test_play(&g, s, "6-6");
	/* the open ends are 6 and 6: 6-4 matches both, nothing else does */
	CU_ASSERT_STRING_EQUAL(legal_text(&g, s, buf, sizeof buf), "4-6:L 4-6:R");
	bones_test_play(&g, s, "4-6:R 1-6:L");
	CU_ASSERT_EQUAL(s->left, 1);
	CU_ASSERT_EQUAL(s->right, 4);
	CU_ASSERT_STRING_EQUAL(legal_text(&g, s, buf, sizeof buf), "0-1:L 4-4:R");
	bones_move m;
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "0-1:R", &m), BONES_EILLEGAL);
	bones_test_play(&g, s, "4-4:R pass 0-1:L");
	P->render_text(g.game, s, -1, buf, sizeof buf);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "Line: [0|1] [1|6] [6|6] [6|4] [4|4]"));
	CU_ASSERT_EQUAL(P->to_move(g.game, s), BONES_TERMINAL);
	double sc[4];
	int rk[4];
	P->scores(g.game, s, sc);
	P->ranks(g.game, s, rk);
	CU_ASSERT_DOUBLE_EQUAL(sc[0], 5, 0);
	CU_ASSERT_DOUBLE_EQUAL(sc[1], 0, 0);
	CU_ASSERT_EQUAL(rk[0], 2);
	CU_ASSERT_EQUAL(rk[1], 1);
	P->breakdown(g.game, s, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "domino by player 2, pips left: player 1 (5), player 2 (0)");
	free(s);
	bones_test_release(&g);
}

/* P1: 6-6 1-2 0-0, P2: 5-6 5-5 3-4. After 6-6, 5-6:R, pass, 5-5:R the ends are 6 and 5
 * and nobody holds a 5 or a 6: both pass, blocked. P1 keeps 1+2+0+0 = 3 pips, P2 3+4 = 7. */
static void test_dominoes__block_ends_the_game_and_the_fewest_pips_win(void)
{
	bones_test_game g;
	char buf[1024];
	dom_state *s = new_game(&g, "hand_size=3");
	bones_test_play(&g, s, "deal:6-6 deal:5-6 deal:1-2 deal:5-5 deal:0-0 deal:3-4 6-6");
	bones_test_play(&g, s, "5-6:R");
	CU_ASSERT_STRING_EQUAL(legal_text(&g, s, buf, sizeof buf), "pass");
	bones_test_play(&g, s, "pass");
	CU_ASSERT_STRING_EQUAL(legal_text(&g, s, buf, sizeof buf), "5-5:R");
	double sc[4];
	P->scores(g.game, s, sc);
	CU_ASSERT_DOUBLE_EQUAL(sc[0], 0, 0); /* nothing is scored before the end */
	bones_test_play(&g, s, "5-5:R pass");
	CU_ASSERT_EQUAL(P->to_move(g.game, s), 1);
	CU_ASSERT_STRING_EQUAL(legal_text(&g, s, buf, sizeof buf), "pass");
	bones_test_play(&g, s, "pass");
	CU_ASSERT_EQUAL(P->to_move(g.game, s), BONES_TERMINAL);
	P->scores(g.game, s, sc);
	CU_ASSERT_DOUBLE_EQUAL(sc[0], 3, 0);
	CU_ASSERT_DOUBLE_EQUAL(sc[1], 7, 0);
	int rk[4];
	P->ranks(g.game, s, rk);
	CU_ASSERT_EQUAL(rk[0], 1);
	CU_ASSERT_EQUAL(rk[1], 2);
	P->breakdown(g.game, s, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "blocked, pips left: player 1 (3), player 2 (7)");
	free(s);
	bones_test_release(&g);
}

/* Three players, no double dealt: the heaviest tile 5-6 leads; a tie on pips shares a rank. */
static void test_dominoes__without_doubles_the_heaviest_tile_leads(void)
{
	bones_test_game g;
	char buf[256];
	dom_state *s = new_game(&g, "players=3 hand_size=1");
	bones_test_play(&g, s, "deal:0-1 deal:5-6 deal:2-3");
	CU_ASSERT_EQUAL(P->to_move(g.game, s), 1);
	CU_ASSERT_STRING_EQUAL(legal_text(&g, s, buf, sizeof buf), "5-6");
	bones_test_play(&g, s, "5-6");
	CU_ASSERT_EQUAL(P->to_move(g.game, s), BONES_TERMINAL); /* P2 dominoed at once */
	int rk[4];
	P->ranks(g.game, s, rk);
	CU_ASSERT(rk[0] == 2 && rk[1] == 1 && rk[2] == 3); /* 1 pip, 0 pips, 5 pips */
	free(s);
	bones_test_release(&g);
}

/* Draw game, P1: 6-6 0-1, P2: 2-3 2-4. P2 holds no 6, so draws (the tile seen by P2
 * alone) until the 5-6 arrives: three times "draw" and its chance node, then P2 plays. */
static void test_dominoes__the_draw_game_draws_until_a_tile_fits(void)
{
	bones_test_game g;
	char buf[1024];
	dom_state *s = new_game(&g, "variant=draw hand_size=2");
	bones_test_play(&g, s, "deal:6-6 deal:2-3 deal:0-1 deal:2-4 6-6");
	bones_move m[MAXM];
	double pr[MAXM];
	CU_ASSERT_EQUAL(P->to_move(g.game, s), 1);
	CU_ASSERT_STRING_EQUAL(legal_text(&g, s, buf, sizeof buf), "draw");
	bones_test_play(&g, s, "draw");
	CU_ASSERT_EQUAL(P->to_move(g.game, s), BONES_CHANCE);
	size_t n = P->legal_moves(g.game, s, m, pr, MAXM);
	CU_ASSERT_EQUAL(n, 24);
	CU_ASSERT_DOUBLE_EQUAL(pr[0], 1.0 / 24, 1e-12);
	CU_ASSERT(P->format_move(g.game, s, m[0], buf, sizeof buf) > 0);
	CU_ASSERT_STRING_EQUAL(buf, "draw:0-0");
	CU_ASSERT_FALSE(P->move_visible(g.game, s, m[0], 0));
	CU_ASSERT_FALSE(P->move_visible(g.game, s, m[0], -1));
	CU_ASSERT_TRUE(P->move_visible(g.game, s, m[0], 1));
	bones_test_play(&g, s, "draw:0-2");
	CU_ASSERT_EQUAL(P->to_move(g.game, s), 1);
	CU_ASSERT_STRING_EQUAL(legal_text(&g, s, buf, sizeof buf), "draw");
	bones_test_play(&g, s, "draw draw:1-5 draw");
	CU_ASSERT_EQUAL(P->to_move(g.game, s), BONES_CHANCE);
	bones_test_play(&g, s, "draw:5-6");
	CU_ASSERT_EQUAL(P->to_move(g.game, s), 1);
	CU_ASSERT_EQUAL(popcount(s->hand[1]), 5);
	CU_ASSERT_STRING_EQUAL(legal_text(&g, s, buf, sizeof buf), "5-6:L 5-6:R");
	free(s);
	bones_test_release(&g);
}

/* Block game: the same deal passes instead of drawing. */
static void test_dominoes__the_block_game_passes_instead_of_drawing(void)
{
	bones_test_game g;
	char buf[256];
	dom_state *s = new_game(&g, "variant=block hand_size=2");
	bones_test_play(&g, s, "deal:6-6 deal:2-3 deal:0-1 deal:2-4 6-6 pass pass");
	CU_ASSERT_EQUAL(P->to_move(g.game, s), BONES_TERMINAL); /* nobody holds a 6 */
	free(s);
	bones_test_release(&g);
	s = new_game(&g, "variant=block hand_size=2");
	bones_test_play(&g, s, "deal:6-6 deal:2-3 deal:1-6 deal:2-4 6-6");
	CU_ASSERT_EQUAL(P->to_move(g.game, s), 1);
	CU_ASSERT_STRING_EQUAL(legal_text(&g, s, buf, sizeof buf), "pass");
	free(s);
	bones_test_release(&g);
}

static void test_dominoes__malformed_notation_is_a_parse_error(void)
{
	static const char *const bad[] = {"", "7-1", "3-5:X", "3-5:", "deal:3-5:L", "3_5",
					  "pass ", "PASS", "draw:", "35:L", "3-5:LL", NULL};
	bones_test_game g;
	dom_state *s = new_game(&g, "");
	bones_move m;
	for (int i = 0; bad[i]; i++)
		CU_ASSERT_EQUAL(P->parse_move(g.game, s, bad[i], &m), BONES_EPARSE);
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "draw:3-5", &m), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "draw", &m), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "deal:5-3", &m), BONES_OK); /* halves in any order */
	free(s);
	bones_test_release(&g);
}

/* The tiles showing one of the pip values of a mask (bit v: pip value v). */
static uint32_t with_pips(unsigned pips)
{
	uint32_t tiles = 0;
	for (int t = 0, lo, hi; t < 28; t++) {
		halves(t, &lo, &hi);
		if ((pips >> lo & 1u) || (pips >> hi & 1u))
			tiles |= 1u << t;
	}
	return tiles;
}

/* Tile conservation, the shape of the line and the voids (a player marked void in a pip
 * value holds none of it); returns false at the first violation. */
static bool check_invariants(const bones_test_game *g, const dom_state *s)
{
	uint32_t seen = s->boneyard;
	int count = popcount(s->boneyard);
	for (int p = 0; p < g->info.players; p++) {
		CU_ASSERT_EQUAL_FATAL(seen & s->hand[p], 0);
		seen |= s->hand[p];
		count += popcount(s->hand[p]);
	}
	int prev = -1, lo, hi;
	for (int i = 0; i < s->length; i++) {
		int t = s->line[i] & 0x7f;
		CU_ASSERT_FATAL(t < 28 && !(seen >> t & 1u));
		seen |= 1u << t;
		count++;
		halves(t, &lo, &hi);
		int l = s->line[i] & 0x80 ? hi : lo, r = s->line[i] & 0x80 ? lo : hi;
		CU_ASSERT_FATAL(prev < 0 || prev == l); /* touching halves match */
		if (i == 0)
			CU_ASSERT_EQUAL_FATAL(s->left, l);
		prev = r;
	}
	if (s->length)
		CU_ASSERT_EQUAL_FATAL(s->right, prev);
	CU_ASSERT_EQUAL_FATAL(seen, (1u << 28) - 1); /* every tile exactly once */
	CU_ASSERT_EQUAL_FATAL(count, 28);
	for (int p = 0; p < g->info.players; p++) /* the voids are true */
		if (!(s->voids[p] & 0x80))
			CU_ASSERT_EQUAL_FATAL(s->hand[p] & with_pips(s->voids[p]), 0);
	return true;
}

/* The tiles that fit an open end of the line. */
static uint32_t fitting(const dom_state *s)
{
	uint32_t fits = 0;
	for (int t = 0, lo, hi; t < 28; t++) {
		halves(t, &lo, &hi);
		if (lo == s->left || hi == s->left || lo == s->right || hi == s->right)
			fits |= 1u << t;
	}
	return fits;
}

/* At the end: a hand is empty, or nobody can play (nor draw); scores are the pips. */
static void check_end(const bones_test_game *g, const dom_state *s, const char *settings)
{
	double sc[4];
	P->scores(g->game, s, sc);
	bool empty = false;
	for (int p = 0; p < g->info.players; p++) {
		empty |= s->hand[p] == 0;
		CU_ASSERT_DOUBLE_EQUAL_FATAL(sc[p], hand_pips(s->hand[p]), 0);
	}
	if (empty)
		return;
	CU_ASSERT_FATAL(s->length > 0);
	for (int p = 0; p < g->info.players; p++)
		CU_ASSERT_EQUAL_FATAL(s->hand[p] & fitting(s), 0);
	if (strstr(settings, "draw"))
		CU_ASSERT_FATAL(popcount(s->boneyard) <= 2);
}

/* The legal moves of a player node: pass alone when nothing fits, else no pass. */
static void check_moves(const bones_test_game *g, const dom_state *s, const char *settings)
{
	bones_move m[MAXM];
	double pr[MAXM];
	char text[BONES_MOVE_TEXT_MAX], seen[MAXM][BONES_MOVE_TEXT_MAX] = {""};
	size_t n = P->legal_moves(g->game, s, m, pr, MAXM);
	CU_ASSERT_FATAL(n > 0 && n <= g->info.max_moves);
	for (size_t i = 0; i < n; i++) { /* every move formats and parses back to itself */
		bones_move back;
		CU_ASSERT_FATAL(P->format_move(g->game, s, m[i], text, sizeof text) > 0);
		CU_ASSERT_EQUAL_FATAL(P->parse_move(g->game, s, text, &back), BONES_OK);
		CU_ASSERT_EQUAL_FATAL(back, m[i]);
		for (size_t j = 0; j < i; j++)
			CU_ASSERT_FATAL(strcmp(seen[j], text) != 0);
		strcpy(seen[i], text);
	}
	int who = P->to_move(g->game, s);
	if (who == BONES_CHANCE) {
		double sum = 0;
		for (size_t i = 0; i < n; i++)
			sum += pr[i];
		CU_ASSERT_DOUBLE_EQUAL_FATAL(sum, 1.0, 1e-9);
		if (!strncmp(seen[0], "draw:", 5)) /* the last two tiles are never drawn */
			CU_ASSERT_FATAL(n > 2 && strstr(settings, "draw"));
		return;
	}
	bool stuck = s->length && !(s->hand[who] & fitting(s));
	bool draw = strstr(settings, "draw") && popcount(s->boneyard) > 2;
	CU_ASSERT_FATAL(!stuck || n == 1); /* stuck: draw while two tiles remain, else pass */
	CU_ASSERT_FATAL(!strcmp(seen[0], "pass") == (stuck && !draw));
	CU_ASSERT_FATAL(!strcmp(seen[0], "draw") == (stuck && draw));
}

static void test_dominoes__thousands_of_random_games_keep_every_tile_once(void)
{
	static const char *const configs[] = {"players=2", "players=3", "players=4 hand_size=7",
					      "variant=draw", "variant=draw players=3",
					      "variant=draw players=4", "variant=draw hand_size=3"};
	bones_rng rng;
	bones_rng_seed(&rng, 2026);
	int games = 0, dominoes = 0, blocks = 0;
	for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
		bones_test_game g;
		dom_state *s = new_game(&g, configs[c]);
		for (int k = 0; k < 500; k++, games++) {
			P->init_state(g.game, s);
			size_t steps = 0;
			while (P->to_move(g.game, s) != BONES_TERMINAL && steps++ < 400) {
				check_invariants(&g, s);
				check_moves(&g, s, configs[c]);
				bones_test_random_playout(&g, s, &rng, 1);
			}
			CU_ASSERT_EQUAL_FATAL(P->to_move(g.game, s), BONES_TERMINAL);
			check_invariants(&g, s);
			check_end(&g, s, configs[c]);
			bool domino = false;
			for (int p = 0; p < g.info.players; p++)
				domino |= s->hand[p] == 0;
			dominoes += domino;
			blocks += !domino;
		}
		free(s);
		bones_test_release(&g);
	}
	CU_ASSERT_EQUAL(games, 3500);
	CU_ASSERT(dominoes > 100 && blocks > 100); /* both endings happen */
}

/* A memcpy clone is the same game: the same choices give the same future, byte for byte. */
static void test_dominoes__a_memcpy_clone_has_the_same_future(void)
{
	bones_test_game g;
	dom_state *a = new_game(&g, "variant=draw players=3");
	dom_state *b = malloc(sizeof *b);
	bones_rng rng, r1, r2;
	bones_rng_seed(&rng, 9);
	for (int k = 0; k < 200; k++) {
		P->init_state(g.game, a);
		bones_test_random_playout(&g, a, &rng, bones_rng_below(&rng, 30));
		memcpy(b, a, sizeof *b);
		uint64_t seed = bones_rng_next(&rng);
		bones_rng_seed(&r1, seed);
		bones_rng_seed(&r2, seed);
		bones_test_random_playout(&g, a, &r1, 1000);
		bones_test_random_playout(&g, b, &r2, 1000);
		CU_ASSERT_EQUAL_FATAL(memcmp(a, b, sizeof *a), 0);
	}
	free(a);
	free(b);
	bones_test_release(&g);
}

/* Resampling keeps what the player sees (the observation, whose turn it is, their own
 * moves) and every count, and does change what they cannot see. */
static void test_dominoes__resample_keeps_the_players_observation(void)
{
	bones_test_game g;
	dom_state *s = new_game(&g, "variant=draw players=3");
	dom_state *r = malloc(sizeof *r);
	char before[1024], after[1024];
	bones_rng rng;
	bones_rng_seed(&rng, 77);
	int changed = 0;
	for (int k = 0; k < 300; k++) {
		P->init_state(g.game, s);
		bones_test_random_playout(&g, s, &rng, 5 + bones_rng_below(&rng, 30));
		for (int p = -1; p < 3; p++) {
			memcpy(r, s, sizeof *r);
			P->resample(g.game, r, p, bones_rng_next_void, &rng);
			check_invariants(&g, r);
			P->observation(g.game, s, p, before, sizeof before);
			P->observation(g.game, r, p, after, sizeof after);
			CU_ASSERT_STRING_EQUAL_FATAL(before, after);
			CU_ASSERT_EQUAL_FATAL(P->to_move(g.game, r), P->to_move(g.game, s));
			if (p >= 0)
				CU_ASSERT_EQUAL_FATAL(r->hand[p], s->hand[p]);
			if (p >= 0 && P->to_move(g.game, s) == p) /* their own moves stay */
				CU_ASSERT_STRING_EQUAL_FATAL(legal_text(&g, r, after, sizeof after),
							     legal_text(&g, s, before, sizeof before));
			changed += memcmp(r, s, sizeof *r) != 0;
		}
	}
	CU_ASSERT(changed > 800); /* of 1200; unchanged only once the game is over */
	free(s);
	free(r);
	bones_test_release(&g);
}

/* The plugin's lead order: doubles first (6-6 highest), then by pips, then by the higher
 * half; the holder of the best tile dealt leads it. */
static int lead_weight(int t)
{
	int lo, hi;
	halves(t, &lo, &hi);
	return lo == hi ? 100 + lo : (lo + hi) * 8 + hi;
}

/* The tiles that lead before tile lead: nobody was dealt one (none while lead < 0). */
static uint32_t above(int lead)
{
	uint32_t heavy = 0;
	for (int t = 0; t < 28 && lead >= 0; t++)
		heavy |= (uint32_t)(lead_weight(t) > lead_weight(lead)) << t;
	return heavy;
}

/* What a pass or a draw tells everybody: the player holds nothing of the open ends. No
 * resample, from any other player's view, ever deals them such a tile afterwards (after
 * a pass for the rest of the game; after a draw until the tile drawn is dealt), over
 * thousands of random games of every player count; the voids come from the moves seen
 * here, not from the state. And what the lead tells: it was the best tile dealt, so no
 * resample deals a tile that leads before it to a player who never drew (one who drew
 * may have drawn it; in the draw game a pass counts as a draw, the state records both
 * alike), while such tiles still reach the players who drew. */
static void test_dominoes__resample_keeps_what_passes_draws_and_the_lead_reveal(void)
{
	static const char *const configs[] = {"players=2", "players=3", "players=4",
					      "variant=draw", "variant=draw players=3",
					      "variant=draw players=4 hand_size=4"};
	bones_rng rng;
	bones_rng_seed(&rng, 29);
	int checked = 0, redealt = 0, heavy_checked = 0, drawn_heavy = 0;
	for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
		bones_test_game g;
		dom_state *s = new_game(&g, configs[c]);
		dom_state *r = malloc(sizeof *r);
		bool draw_game = strstr(configs[c], "draw") != NULL;
		for (int k = 0; k < 400; k++) {
			P->init_state(g.game, s);
			uint32_t banned[4] = {0}; /* the tiles each player passed on */
			bool drew_ever[4] = {false};
			int lead = -1;
			while (P->to_move(g.game, s) != BONES_TERMINAL) {
				int who = s->turn, drew = -1;
				bones_move m[MAXM];
				char text[BONES_MOVE_TEXT_MAX];
				size_t n = P->legal_moves(g.game, s, m, NULL, MAXM);
				bones_move pick = m[bones_rng_below(&rng, (uint32_t)n)];
				P->format_move(g.game, s, pick, text, sizeof text);
				if (!strcmp(text, "pass"))
					banned[who] |= fitting(s);
				if (!strcmp(text, "draw"))
					drew = who;
				if (drew == who || (draw_game && !strcmp(text, "pass")))
					drew_ever[who] = true;
				uint32_t ends = fitting(s);
				CU_ASSERT_EQUAL_FATAL(P->apply(g.game, s, pick), BONES_OK);
				if (lead < 0 && s->length == 1)
					lead = s->line[0] & 0x7f;
				if (P->to_move(g.game, s) == BONES_TERMINAL)
					break;
				uint32_t heavy = above(lead);
				for (int v = 0; v < g.info.players; v++) {
					memcpy(r, s, sizeof *r);
					P->resample(g.game, r, v, bones_rng_next_void, &rng);
					check_invariants(&g, r);
					for (int p = 0; p < g.info.players; p++) {
						if (p == v)
							continue;
						CU_ASSERT_EQUAL_FATAL(r->hand[p] & banned[p], 0);
						CU_ASSERT_FATAL(p != drew || !(r->hand[p] & ends));
						CU_ASSERT_FATAL(drew_ever[p] || !(r->hand[p] & heavy));
						checked += banned[p] != 0 || p == drew;
						heavy_checked += !drew_ever[p] && heavy;
						drawn_heavy += drew_ever[p] && (r->hand[p] & heavy);
						redealt += r->hand[p] != s->hand[p];
					}
				}
			}
		}
		free(r);
		free(s);
		bones_test_release(&g);
	}
	CU_ASSERT(checked > 10000);
	CU_ASSERT(heavy_checked > 10000);
	CU_ASSERT(drawn_heavy > 100);
	CU_ASSERT(redealt > checked / 2); /* the hands are still dealt afresh */
}

/* The observation hides the other hands: two deals that differ only there look alike. */
static void test_dominoes__observation_shows_only_the_own_hand(void)
{
	bones_test_game g;
	char a[1024], b[1024];
	dom_state *s = new_game(&g, "hand_size=2");
	dom_state *t = bones_test_new_state(&g);
	bones_test_play(&g, s, "deal:6-6 deal:2-3 deal:0-1 deal:2-4");
	bones_test_play(&g, t, "deal:6-6 deal:1-3 deal:0-1 deal:4-5");
	P->observation(g.game, s, 0, a, sizeof a);
	P->observation(g.game, t, 0, b, sizeof b);
	CU_ASSERT_STRING_EQUAL(a, b);
	CU_ASSERT_PTR_NOT_NULL(strstr(a, "Player 1 (you): 2 tiles 0-1 6-6"));
	CU_ASSERT_PTR_NOT_NULL(strstr(a, "Player 2: 2 tiles\n"));
	P->observation(g.game, s, 1, a, sizeof a);
	P->observation(g.game, t, 1, b, sizeof b);
	CU_ASSERT_STRING_NOT_EQUAL(a, b);
	free(s);
	free(t);
	bones_test_release(&g);
}

/* A canvas that counts what is drawn. */
typedef struct tally {
	int polygons, pips, marks, texts;
	char text[64];
} tally;
static void c_text(void *u, float x, float y, float h, bones_color k, int align,
		   const char *utf8)
{
	(void)x, (void)y, (void)h, (void)k, (void)align;
	((tally *)u)->texts++;
	snprintf(((tally *)u)->text, sizeof ((tally *)u)->text, "%s", utf8);
}
static void c_polygon(void *u, const float *xy, int n, bones_color f, bones_color s, float w)
{
	(void)xy, (void)n, (void)f, (void)s, (void)w;
	((tally *)u)->polygons++;
}
static void c_line(void *u, float a, float b, float c, float d, bones_color k, float w)
{
	(void)u, (void)a, (void)b, (void)c, (void)d, (void)k, (void)w;
}
static void c_pips(void *u, float x, float y, float side, int count, bones_color k)
{
	(void)x, (void)y, (void)side, (void)k;
	CU_ASSERT(count >= 0 && count <= 6);
	((tally *)u)->pips++;
}
static void c_mark(void *u, const float *xy, int n, int kind)
{
	(void)xy, (void)n, (void)kind;
	((tally *)u)->marks++;
}

static void test_dominoes__render_extension_maps_plays_to_hand_and_end(void)
{
	bones_test_game g;
	dom_state *s = new_game(&g, "hand_size=3");
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, P, g.game, &rg);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_PTR_NULL(P->get_extension(g.game, BONES_RENDER_ID)); /* the kit draws it */
	CU_ASSERT_PTR_NULL(P->get_extension(g.game, "bones.nothing/1"));
	bones_test_play(&g, s, "deal:6-6 deal:4-6 deal:1-6 deal:4-4 deal:2-3 deal:0-1 6-6");
	bones_move m;
	bones_move_place place;
	CU_ASSERT_EQUAL(P->parse_move(g.game, s, "4-6:R", &m), BONES_OK);
	CU_ASSERT_EQUAL(r->move_place(rg, s, m, &place), BONES_OK);
	CU_ASSERT_EQUAL(place.piece, 2); /* P2 holds 0-1 4-4 4-6: the third */
	CU_ASSERT_EQUAL(place.target, 1);
	/* The lead 6-6 lies crosswise, x -0.5..0.5: the next tile is centred at 1.5. */
	CU_ASSERT_DOUBLE_EQUAL(place.x, 1.5, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(place.y, 0.0, 1e-6);
	tally t = {0, 0, 0, 0, ""};
	bones_canvas c = {sizeof c, &t, c_polygon, NULL, c_line, c_text, c_pips, c_mark, NULL};
	r->draw_board(rg, s, 0, &c);
	/* the lead and the face-down boneyard tile, and the count of the 22 left */
	CU_ASSERT(t.polygons == 2 && t.pips == 2 && t.marks == 2 && t.texts == 1);
	CU_ASSERT_STRING_EQUAL(t.text, "boneyard: 22");
	CU_ASSERT_EQUAL(r->hand_size(rg, s, 1, 0), 3);
	r->draw_piece(rg, s, 1, 0, 0, &c); /* face down for P1 */
	CU_ASSERT(t.polygons == 3 && t.pips == 2);
	r->draw_piece(rg, s, 1, 0, 1, &c);
	r->draw_ghost(rg, s, m, &c);
	CU_ASSERT(t.polygons == 5 && t.pips == 6);
	free(s);
	bones_test_release(&g);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"the deal is chance with probabilities summing to one", test_dominoes__the_deal_is_chance_with_probabilities_summing_to_one},
		{"hand sizes default to seven or five", test_dominoes__hand_sizes_default_to_seven_or_five},
		{"a deal larger than the set is refused", test_dominoes__a_deal_larger_than_the_set_is_refused},
		{"domino ends the game and scores pips left", test_dominoes__domino_ends_the_game_and_scores_pips_left},
		{"block ends the game and the fewest pips win", test_dominoes__block_ends_the_game_and_the_fewest_pips_win},
		{"without doubles the heaviest tile leads", test_dominoes__without_doubles_the_heaviest_tile_leads},
		{"the draw game draws until a tile fits", test_dominoes__the_draw_game_draws_until_a_tile_fits},
		{"the block game passes instead of drawing", test_dominoes__the_block_game_passes_instead_of_drawing},
		{"malformed notation is a parse error", test_dominoes__malformed_notation_is_a_parse_error},
		{"thousands of random games keep every tile once", test_dominoes__thousands_of_random_games_keep_every_tile_once},
		{"a memcpy clone has the same future", test_dominoes__a_memcpy_clone_has_the_same_future},
		{"resample keeps the player's observation", test_dominoes__resample_keeps_the_players_observation},
		{"resample keeps what passes, draws and the lead reveal", test_dominoes__resample_keeps_what_passes_draws_and_the_lead_reveal},
		{"observation shows only the own hand", test_dominoes__observation_shows_only_the_own_hand},
		{"render extension maps plays to hand and end", test_dominoes__render_extension_maps_plays_to_hand_and_end},
		{NULL, NULL}};
	return bones_test_main("dominoes", cases);
}
