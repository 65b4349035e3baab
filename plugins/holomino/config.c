/* Holomino configuration: the option schema and variants, the tile set, and the tables
 * built once per game (constraint pattern -> fitting tiles and their turns). */
#include <stdio.h>
#include <string.h>

#include "holomino.h"

static const char *const scoring_choices[] = {"sum", "product", NULL};

const bones_option_def hm_options[HM_OPTION_COUNT] = {
	{"players", BONES_OPT_INT, "2", 2, 4, NULL, N_("number of players")},
	{"pool_size", BONES_OPT_INT, "3", 1, 6, NULL, N_("tiles in each pool between turns")},
	{"scoring", BONES_OPT_ENUM, "sum", 0, 0, scoring_choices,
	 N_("several holes in one move: sum x count, or the product of the hole scores")},
	{"digits", BONES_OPT_INT, "6", 3, 9, NULL, N_("tiles use the digits 1..N")},
	{"unique_digits", BONES_OPT_BOOL, "true", 0, 1, NULL,
	 N_("the three digits of a tile differ (false: 76 tiles with 6 digits)")},
	{"max_extent", BONES_OPT_INT, "0", 0, 99, NULL,
	 N_("keep the layout within N tiles across and N rows (0 = unbounded)")},
};

const bones_variant hm_variants[HM_VARIANT_COUNT] = {
	{"standard", N_("Holomino"), N_("the rule sheets' game for two"), ""},
	{"brettspielnetz", N_("Holomino (Brettspielnetz)"), N_("layout limited to 12 x 12 tiles"),
	 "max_extent=12"},
	{"product", N_("Holomino (product scoring)"),
	 N_("the author's original rule: hole scores of one move are multiplied"),
	 "scoring=product"},
	{"3p", N_("Holomino for three"), N_("three players"), "players=3"},
	{"4p", N_("Holomino for four"), N_("four players"), "players=4"},
	{"repeats", N_("Holomino with repeated digits"), N_("76 tiles, digits may repeat"),
	 "unique_digits=false"},
};

/* Every triple read in corner order whose rotations do not read smaller: one per tile. */
static void build_tiles(hm_game *g)
{
	int d = g->digits, n = 0;
	for (int i = 0; i < 1000; i++)
		g->name_index[i] = -1;
	for (int a = 1; a <= d; a++)
		for (int b = 1; b <= d; b++)
			for (int c = 1; c <= d; c++) {
				int v = a * 100 + b * 10 + c;
				if (g->unique && (a == b || b == c || a == c))
					continue;
				if (v > b * 100 + c * 10 + a || v > c * 100 + a * 10 + b)
					continue;
				g->tile_digit[n][0] = (uint8_t)a;
				g->tile_digit[n][1] = (uint8_t)b;
				g->tile_digit[n][2] = (uint8_t)c;
				for (int k = 0; k < 3; k++) /* turn k: digit k at c1 */
					for (int i = 0; i < 3; i++)
						g->turned[n][k][i] = g->tile_digit[n][(k + i) % 3];
				g->tile_name[n] = (uint16_t)v;
				g->name_index[v] = (int16_t)n;
				n++;
			}
	g->ntiles = n;
	g->words = (n + 63) / 64;
}

static int pattern_of(const hm_game *g, const uint8_t d[3])
{
	int b = g->digits + 1;
	return (d[0] * b + d[1]) * b + d[2];
}

/* For each tile, each distinct turn and each subset of its corners: the pattern of
 * those corners fixed admits the tile in that turn. */
static void build_tables(hm_game *g)
{
	for (int t = 0; t < g->ntiles; t++) {
		uint8_t seen[3][3];
		for (int k = 0; k < 3; k++) {
			uint8_t x[3];
			hm_digits(g, t, k, x);
			memcpy(seen[k], x, 3);
			bool repeat = false;
			for (int j = 0; j < k; j++)
				repeat = repeat || memcmp(seen[j], x, 3) == 0;
			if (repeat)
				continue;
			for (int m = 0; m < 8; m++) {
				uint8_t p[3];
				for (int i = 0; i < 3; i++)
					p[i] = (m >> i) & 1 ? x[i] : 0;
				int pat = pattern_of(g, p);
				g->fit[(size_t)pat * HM_WORDS + (size_t)(t >> 6)] |= 1ull << (t & 63);
				g->ori[(size_t)pat * (size_t)g->ntiles + (size_t)t] |= (uint8_t)(1u << k);
			}
		}
	}
}

/* The state: header, cells, board, live list. A connected layout of n tiles has at most
 * 2n + 4 empty neighbours, so 3 x tiles + 6 cells and 2 x tiles + 6 live entries always
 * suffice (one spare at least). */
static void layout_state(hm_game *g)
{
	size_t t = (size_t)g->ntiles;
	g->cell_cap = 3 * t + 6;
	g->live_cap = 2 * t + 6;
	/* every one-word tile set has 48 tiles or fewer (45 at most: digits=5, repeats) */
	g->live_tiles = g->words == 1 && t <= HM_LIVE_CELL_SHIFT ? HM_LIVE_TILES : 0;
	/* rows of 32 slots and 16 rows at least: random layouts of the default game span
	 * up to 23 places, so two of their cells hardly ever share a slot; at most half
	 * the slots taken, for the rare probe past a shared one */
	int bits = 9;
	while (((size_t)1 << bits) < 2 * g->cell_cap)
		bits++;
	g->qbits = (bits + 1) / 2;
	g->board_mask = (1u << bits) - 1;
	/* cells next to the layout span 2 more than its tiles, in q and in r */
	g->clear_q = 2 * ((1 << g->qbits) - 2);
	g->clear_r = (1 << (bits - g->qbits)) - 2;
	for (int j = 0; j < 6; j++)
		g->home_step[j] = hm_home(g, bones_hex_dirs[j].q, bones_hex_dirs[j].r);
	g->off_cells = (sizeof(hm_state) + 15) & ~(size_t)15;
	g->off_board = g->off_cells + g->cell_cap * sizeof(hm_cell);
	g->off_live = g->off_board + ((size_t)g->board_mask + 1) * sizeof(uint16_t);
	g->state_size = (g->off_live + g->live_cap * sizeof(hm_live) + 15) & ~(size_t)15;
	size_t turns = g->unique ? 1 : 3;
	size_t place = (size_t)(g->pool_size + 1) * (2 * t + 6) * turns;
	g->max_moves = place > t ? place : t;
}

bones_status hm_configure(const bones_host *host, const bones_value *values,
				      void **game, bones_game_info *info, char *err,
				      size_t errcap)
{
	hm_game *g = host->alloc(host, sizeof *g);
	if (!g) {
		const struct { const bones_host *host; } h = {host};
		snprintf(err, errcap, "%s", TR(&h, "holomino: out of memory"));
		return BONES_ENOMEM;
	}
	memset(g, 0, sizeof *g);
	g->host = host;
	g->players = (int)values[0].i;
	g->pool_size = (int)values[1].i;
	g->product = values[2].i == 1;
	g->digits = (int)values[3].i;
	g->unique = values[4].i != 0;
	g->max_extent = (int)values[5].i;
	build_tiles(g);
	int need = g->players * g->pool_size + 1;
	if (need > g->ntiles) {
		/* TRANSLATORS: "pool_size:" and "digits=" are an option key and setting:
		 * keep them as they are. */
		snprintf(err, errcap,
			 TR(g, "pool_size: %d players x %d tiles + the start tile need %d tiles, "
			       "but digits=%d makes only %d; use more digits or smaller pools"),
			 g->players, g->pool_size, need, g->digits, g->ntiles);
		host->free(host, g);
		return BONES_EINVAL;
	}
	g->npat = (g->digits + 1) * (g->digits + 1) * (g->digits + 1);
	g->pat_weight[0] = (unsigned)((g->digits + 1) * (g->digits + 1));
	g->pat_weight[1] = (unsigned)(g->digits + 1);
	g->pat_weight[2] = 1;
	g->fit = host->alloc(host, (size_t)g->npat * HM_WORDS * sizeof(uint64_t));
	g->fit0 = host->alloc(host, (size_t)g->npat * sizeof(uint64_t));
	g->ori = host->alloc(host, (size_t)g->npat * (size_t)g->ntiles);
	if (!g->fit || !g->fit0 || !g->ori) {
		snprintf(err, errcap, "%s", TR(g, "holomino: out of memory"));
		hm_destroy(g);
		return BONES_ENOMEM;
	}
	memset(g->fit, 0, (size_t)g->npat * HM_WORDS * sizeof(uint64_t));
	memset(g->ori, 0, (size_t)g->npat * (size_t)g->ntiles);
	build_tables(g);
#ifdef HM_POPCNT_DISPATCH
	__builtin_cpu_init();
	g->popcnt = __builtin_cpu_supports("popcnt");
#endif
	for (int p = 0; p < g->npat; p++)
		g->fit0[p] = g->fit[(size_t)p * HM_WORDS];
	layout_state(g);
	info->players = g->players;
	info->state_size = g->state_size;
	info->max_moves = g->max_moves;
	*game = g;
	return BONES_OK;
}

void hm_destroy(void *game)
{
	hm_game *g = game;
	if (!g)
		return;
	const bones_host *host = g->host;
	host->free(host, g->fit);
	host->free(host, g->fit0);
	host->free(host, g->ori);
	host->free(host, g);
}
