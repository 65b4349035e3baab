/* Hegemino over thousands of random games in every variant: invariants of the market
 * and tableaus, notation round trips, memcpy clones, hidden information in Chaos. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones_test.h"
#include "bones/render.h"
#include "../plugins/hegemino/hegemino.h"

extern const bones_plugin bones_plugin_entry;

static const char *const configs[] = {
	"players=2", "players=3", "players=4", "chaos=hidden", "chaos=open players=3",
	"board=mega", "board=mega players=3", "board=sprawl", "stacking=on",
	"stacking=points players=4", "wilds=friendly", "four_lights=true",
	"four_lights=true players=3", "four_lights=true players=4", "spheres=true players=3",
	"spheres=true players=2", "spheres=true players=4", "wilds=below_zero",
	"boiling_point=true", "wilds=pork_barrel", "players=2 solo=dorothy",
	"players=1 solo=mega", "board=mega stacking=on players=4 chaos=hidden",
};
#define NCONFIGS (sizeof configs / sizeof configs[0])
#define SPARE 4096

/* Every tableau stays within its bound, holds the gap where it started, and its filled
 * count matches its cells. */
static void check_tableaus(const hg_game *g, const hg_state *s)
{
	for (int k = 0; k < g->tableaus; k++) {
		const hg_tab *t = &s->tab[k];
		if (hg_is_dorothy_tab(g, k)) {
			CU_ASSERT(t->rows <= 12);
			continue;
		}
		const uint8_t *cells = hg_ccells(g, s, k);
		int c = g->grid / 2, filled = 0;
		CU_ASSERT_EQUAL(HG_CODE(cells[c * g->grid + c]), HG_GAP);
		if (g->board) {
			CU_ASSERT(t->x1 - t->x0 < g->board && t->y1 - t->y0 < g->board);
		}
		for (int i = 0; i < g->grid * g->grid; i++) {
			int code = HG_CODE(cells[i]);
			filled += code >= 1 && code <= 7;
			if (code != HG_EMPTY) {
				int x = i % g->grid, y = i / g->grid;
				CU_ASSERT(x >= t->x0 && x <= t->x1 && y >= t->y0 && y <= t->y1);
			}
		}
		CU_ASSERT_EQUAL(filled, t->filled);
		CU_ASSERT(t->stacks <= g->stack_limit);
	}
}

/* The support bits kept up to date move by move equal the ones recomputed. */
static void check_support(const hg_game *g, const hg_state *s)
{
	hg_state *copy = malloc(g->state_size);
	memcpy(copy, s, g->state_size);
	for (int k = 0; k < g->tableaus; k++) {
		if (hg_is_dorothy_tab(g, k))
			continue;
		hg_refresh_tab(g, copy, k);
		CU_ASSERT(memcmp(&copy->tab[k], &s->tab[k], sizeof s->tab[k]) == 0);
		CU_ASSERT(memcmp(hg_csup(g, copy, k), hg_csup(g, s, k),
				 (size_t)(g->grid * g->grid)) == 0);
	}
	free(copy);
}

/* Every legal move formats, parses back to itself, and the texts are distinct. */
static void check_notation(const bones_test_game *tg, const void *state,
			   const bones_move *moves, size_t n)
{
	char text[BONES_MOVE_TEXT_MAX], prev[BONES_MOVE_TEXT_MAX] = "";
	for (size_t i = 0; i < n; i++) {
		bones_move back = 0;
		size_t len = tg->plugin->format_move(tg->game, state, moves[i], text, sizeof text);
		CU_ASSERT_FATAL(len > 0);
		CU_ASSERT_EQUAL(tg->plugin->parse_move(tg->game, state, text, &back), BONES_OK);
		CU_ASSERT_EQUAL(back, moves[i]);
		CU_ASSERT(strcmp(text, prev) != 0);
		memcpy(prev, text, sizeof prev);
	}
}

static void nop_polygon(void *u, const float *xy, int n, bones_color f, bones_color s, float w)
{
	(void)u, (void)xy, (void)n, (void)f, (void)s, (void)w;
}
static void nop_circle(void *u, float x, float y, float r, bones_color f, bones_color s, float w)
{
	(void)u, (void)x, (void)y, (void)r, (void)f, (void)s, (void)w;
}
static void nop_line(void *u, float x0, float y0, float x1, float y1, bones_color c, float w)
{
	(void)u, (void)x0, (void)y0, (void)x1, (void)y1, (void)c, (void)w;
}
static void nop_text(void *u, float x, float y, float h, bones_color c, int a, const char *t)
{
	(void)u, (void)x, (void)y, (void)h, (void)c, (void)a, (void)t;
}
static void nop_pips(void *u, float x, float y, float side, int count, bones_color c)
{
	(void)u, (void)x, (void)y, (void)side, (void)c;
	CU_ASSERT(count >= 0 && count <= 6);
}
static void nop_mark(void *u, const float *xy, int n, int kind)
{
	(void)u, (void)xy, (void)n, (void)kind;
}

/* The texts and the canvas work on every finished game. */
static void check_views(const bones_test_game *tg, const void *state)
{
	static char buf[1 << 16];
	const bones_render *r = tg->plugin->get_extension(tg->game, BONES_RENDER_ID);
	bones_canvas cv = {sizeof cv, NULL, nop_polygon, nop_circle, nop_line,
			   nop_text, nop_pips, nop_mark, NULL};
	size_t n = tg->plugin->render_text(tg->game, state, -1, buf, sizeof buf);
	CU_ASSERT(n > 0 && n < sizeof buf - 1 && strlen(buf) == n);
	CU_ASSERT(strstr(buf, "game over") != NULL);
	n = tg->plugin->breakdown(tg->game, state, buf, sizeof buf);
	CU_ASSERT(n > 0 && strstr(buf, "total") != NULL);
	n = tg->plugin->observation(tg->game, state, 0, buf, sizeof buf);
	CU_ASSERT(n > 0 && n < sizeof buf - 1);
	r->draw_board(tg->game, state, -1, &cv);
}

/* The listed placements are exactly the legal ones found by trying every cell. */
static void check_complete(const hg_game *g, const hg_state *s, const bones_move *moves,
			   size_t n)
{
	int id = hg_actor_domino(g, s), tab = hg_actor_tab(g, s);
	if (id == HG_NONE || hg_is_dorothy_tab(g, tab) || g->grid > 20)
		return;
	size_t listed = 0, found = 0;
	for (size_t i = 0; i < n; i++)
		listed += HG_KIND(moves[i]) == HG_MV_PLACE;
	int a = hg_dom_a(id), b = hg_dom_b(id);
	for (int y = 0; y < g->grid; y++)
		for (int x = 0; x < g->grid; x++)
			for (int dir = 0; dir < 2; dir++)
				for (int o = 0; o < (a == b ? 1 : 2); o++)
					found += hg_move_legal(g, s, HG_PLACE_MOVE(HG_MV_PLACE, x, y, dir,
										    o ? b : a, o ? a : b));
	CU_ASSERT_EQUAL(listed, found);
}

/* One random game; returns the number of moves. */
static size_t play_checked(const bones_test_game *tg, void *state, bones_rng *rng,
			   bool notation, bones_move *moves, double *probs)
{
	const hg_game *g = tg->game;
	size_t steps = 0;
	while (tg->plugin->to_move(tg->game, state) != BONES_TERMINAL && steps < 2000) {
		int who = tg->plugin->to_move(tg->game, state);
		/* room beyond max_moves, to see a list that would overflow the announced bound */
		size_t n = tg->plugin->legal_moves(tg->game, state, moves, probs,
						   tg->info.max_moves + SPARE);
		CU_ASSERT_FATAL(n > 0 && n <= tg->info.max_moves);
		if (notation) {
			check_notation(tg, state, moves, n);
			check_complete(g, state, moves, n);
		}
		size_t pick = bones_rng_below(rng, (uint32_t)n);
		if (who == BONES_CHANCE) {
			double sum = 0;
			for (size_t i = 0; i < n; i++)
				sum += probs[i];
			CU_ASSERT_DOUBLE_EQUAL(sum, 1.0, 1e-9);
			pick = bones_rng_pick(rng, probs, n);
		}
		CU_ASSERT_EQUAL_FATAL(tg->plugin->apply(tg->game, state, moves[pick]), BONES_OK);
		check_tableaus(g, state);
		steps++;
	}
	CU_ASSERT_EQUAL(tg->plugin->to_move(tg->game, state), BONES_TERMINAL);
	return steps;
}

static void run_config(const char *settings, int games, bool notation)
{
	bones_test_game tg;
	bones_status st = bones_test_configure(&tg, &bones_plugin_entry, settings);
	if (st != BONES_OK)
		fprintf(stderr, "\n%s: %s\n", settings, tg.error);
	CU_ASSERT_FATAL(st == BONES_OK);
	const hg_game *g = tg.game;
	bones_move *moves = malloc((tg.info.max_moves + SPARE) * sizeof *moves);
	double *probs = malloc((tg.info.max_moves + SPARE) * sizeof *probs);
	void *state = bones_test_new_state(&tg);
	bones_rng rng;
	bones_rng_seed(&rng, 12345);
	for (int i = 0; i < games; i++) {
		tg.plugin->init_state(tg.game, state);
		play_checked(&tg, state, &rng, notation && i < 3, moves, probs);
		if (i < 3)
			check_views(&tg, state);
		check_support(g, state);
		const hg_state *s = state;
		int total = 0, removed = 0;
		for (int k = 0; k < g->tableaus; k++)
			total += s->tab[k].placed;
		for (int d = 0; d < HG_DOMINOES; d++)
			removed += s->removed[d];
		/* The boneyard count is the sum of its dominoes; it is empty at the end unless
		 * Solo Mega-Hegemino's set-aside refills keep some. */
		int in_boneyard = 0;
		for (int d = 0; d < HG_DOMINOES; d++)
			in_boneyard += s->bone[d];
		CU_ASSERT_EQUAL(s->bone_n, in_boneyard);
		if (g->mode != HG_MODE_SOLO_MEGA)
			CU_ASSERT_EQUAL(s->bone_n, 0);
		CU_ASSERT_EQUAL(removed, g->removals);
		if (g->mode == HG_MODE_SOLO_MEGA) {
			CU_ASSERT_EQUAL(s->solo_picks, 24);
		}
		CU_ASSERT(total > 0);
		double sc[4];
		tg.plugin->scores(tg.game, state, sc);
		for (int p = 0; p < g->players; p++)
			CU_ASSERT(sc[p] > -1000 && sc[p] < 10000);
	}
	free(state);
	free(moves);
	free(probs);
	bones_test_release(&tg);
}

static void test_hegemino__random_games_keep_the_invariants_in_every_variant(void)
{
	for (size_t i = 0; i < NCONFIGS; i++)
		run_config(configs[i], 150, true);
}

static void test_hegemino__thousands_of_base_games_end_with_every_bone_dealt(void)
{
	run_config("players=2", 1500, false);
	run_config("players=3", 700, false);
	run_config("players=4", 700, false);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"random games keep the invariants in every variant",
		 test_hegemino__random_games_keep_the_invariants_in_every_variant},
		{"thousands of base games end with every bone dealt",
		 test_hegemino__thousands_of_base_games_end_with_every_bone_dealt},
		{NULL, NULL}};
	return bones_test_main("hegemino_random", cases);
}
