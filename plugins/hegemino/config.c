/* Hegemino's options, named variants and configure: sets, tokens, boards and market
 * orders per player count and variant. */
#include "hegemino.h"

#include <stdio.h>
#include <string.h>

static const char *const board_choices[] = {"standard", "mega", "sprawl", NULL};
static const char *const chaos_choices[] = {"off", "hidden", "open", NULL};
static const char *const stacking_choices[] = {"off", "on", "points", NULL};
static const char *const wilds_choices[] = {"penalty", "friendly", "below_zero",
					    "pork_barrel", NULL};
static const char *const solo_choices[] = {"off", "dorothy", "mega", NULL};

enum { OPT_PLAYERS, OPT_BOARD, OPT_CHAOS, OPT_STACKING, OPT_WILDS, OPT_BOILING,
       OPT_LIGHTS, OPT_SPHERES, OPT_SOLO };

const bones_option_def hg_options[HG_OPTION_COUNT] = {
	{"players", BONES_OPT_INT, "2", 1, 4, NULL,
	 N_("number of players (1: Solo Mega-Hegemino; 2 with solo=dorothy)")},
	{"board", BONES_OPT_ENUM, "standard", 0, 0, board_choices,
	 N_("standard 5x5, mega 7x7 (Mega-Hegemino), sprawl (Sprawlomino: no bound, no bonuses)")},
	{"chaos", BONES_OPT_ENUM, "off", 0, 0, chaos_choices,
	 N_("remove 4 random dominoes per set: hidden (Chaos) or open (Open Chaos)")},
	{"stacking", BONES_OPT_ENUM, "off", 0, 0, stacking_choices,
	 N_("keep every domino and allow stacks: on (Stacking), points (Stacking for Points)")},
	{"wilds", BONES_OPT_ENUM, "penalty", 0, 0, wilds_choices,
	 N_("extra wilds: penalty (floor 1), friendly, below_zero (no floor), pork_barrel (x wilds)")},
	{"boiling_point", BONES_OPT_BOOL, "false", 0, 0, NULL,
	 N_("Boiling Point: every region with a wild scores, not just the largest")},
	{"four_lights", BONES_OPT_BOOL, "false", 0, 0, NULL,
	 N_("There Are Four Lights: one more bone per column, the unpicked one carries forward")},
	{"spheres", BONES_OPT_BOOL, "false", 0, 0, NULL,
	 N_("Between Two Spheres: shared tableaus, score the lower of your two")},
	{"solo", BONES_OPT_ENUM, "off", 0, 0, solo_choices,
	 N_("dorothy: you against President Dorothy (seat 2); mega: Solo Mega-Hegemino")},
};

const bones_variant hg_variants[HG_VARIANT_COUNT] = {
	{"base", N_("Hegemino"), N_("the rule sheet's game"), ""},
	{"chaos", N_("Chaos"), N_("random dominoes removed face down"), "chaos=hidden"},
	{"open-chaos", N_("Open Chaos"), N_("random dominoes removed face up"), "chaos=open"},
	{"mega", N_("Mega-Hegemino"), N_("7x7 tableaus, twice the dominoes"), "board=mega"},
	{"sprawlomino", N_("Sprawlomino"), N_("Mega-Hegemino without the 7x7 bound and bonuses"),
	 "board=sprawl"},
	{"stacking", N_("Stacking"), N_("every domino kept; stack twice per tableau"),
	 "stacking=on"},
	{"stacking-points", N_("Stacking for Points"),
	 N_("stacking; regions with a stack count twice"), "stacking=points"},
	{"friendly-wilds", N_("Friendly Wilds"), N_("no penalty for extra wilds"),
	 "wilds=friendly"},
	{"four-lights", N_("There Are Four Lights"), N_("five-bone market, unpicked bone carries"),
	 "four_lights=true"},
	{"spheres", N_("Between Two Spheres"), N_("shared tableaus, the lower score counts"),
	 "spheres=true"},
	{"below-zero", N_("Below Zero"), N_("the wild penalty has no floor"), "wilds=below_zero"},
	{"boiling-point", N_("Boiling Point"), N_("every region with a wild scores"),
	 "boiling_point=true"},
	{"pork-barrel", N_("President Dorothy's Pork Barrel"),
	 N_("wilds multiply: pips x wilds x squares"), "wilds=pork_barrel"},
	{"dorothy", N_("President Dorothy"), N_("solo against the automaton in seat 2"),
	 "players=2 solo=dorothy"},
	{"solo-mega", N_("Solo Mega-Hegemino"), N_("one player, 7x7, row-marking market"),
	 "players=1 solo=mega"},
};

static bones_status fail(char *err, size_t cap, const char *msg)
{
	snprintf(err, cap, "%s", msg);
	return BONES_EINVAL;
}

static bones_status check_values(const bones_host *host, const bones_value *v, char *err,
				 size_t cap)
{
	const struct { const bones_host *host; } h = {host}, *g = &h; /* for TR */
	int players = (int)v[OPT_PLAYERS].i, solo = (int)v[OPT_SOLO].i;
	if (players == 1 && solo == HG_MODE_DOROTHY)
		return fail(err, cap, TR(g, "players: solo=dorothy needs 2 seats (you and Dorothy)"));
	if (players == 1)
		solo = HG_MODE_SOLO_MEGA; /* players=1 is Solo Mega-Hegemino */
	if (solo == HG_MODE_SOLO_MEGA && players != 1)
		return fail(err, cap, TR(g, "players: solo=mega is for 1 player"));
	if (solo == HG_MODE_DOROTHY && players != 2)
		return fail(err, cap, TR(g, "players: solo=dorothy needs 2 seats (you and Dorothy)"));
	if (solo != HG_MODE_STANDARD && v[OPT_SPHERES].i)
		return fail(err, cap, TR(g, "spheres: Between Two Spheres needs solo=off"));
	if (solo != HG_MODE_STANDARD && v[OPT_LIGHTS].i)
		return fail(err, cap, TR(g, "four_lights: There Are Four Lights needs solo=off"));
	if (solo == HG_MODE_DOROTHY && v[OPT_BOARD].i != 0)
		return fail(err, cap, TR(g, "board: President Dorothy plays on the standard board"));
	if (solo != HG_MODE_STANDARD && v[OPT_CHAOS].i)
		return fail(err, cap, TR(g, "chaos: Chaos needs solo=off"));
	if (solo != HG_MODE_STANDARD && v[OPT_STACKING].i)
		return fail(err, cap, TR(g, "stacking: Stacking needs solo=off"));
	return BONES_OK;
}

static void set_pool(hg_game *g)
{
	static const int one[4][2] = {{0, 6}, {0, 5}, {5, 6}, {4, 5}};
	static const int two[8][2] = {{0, 6}, {6, 6}, {5, 6}, {4, 6},
				      {0, 5}, {5, 5}, {4, 5}, {0, 4}};
	for (int i = 0; i < HG_DOMINOES; i++)
		g->pool[i] = (uint8_t)g->sets;
	g->removals = 0;
	if (g->mode == HG_MODE_SOLO_MEGA || g->stacking)
		return;
	if (g->chaos) {
		g->removals = 4 * g->sets;
		return;
	}
	if (g->sets == 1) {
		for (int i = 0; i < 4; i++)
			g->pool[hg_dom_id(one[i][0], one[i][1])]--;
		return;
	}
	for (int s = 0; s < g->sets / 2; s++) /* the eight from one set of each pair */
		for (int i = 0; i < 8; i++)
			g->pool[hg_dom_id(two[i][0], two[i][1])]--;
}

static void set_orders(hg_game *g)
{
	static const uint8_t babab[4] = {2, 0, 3, 1};
	g->orders = 0;
	memcpy(g->fixed_order, babab, sizeof babab);
	if (g->mode != HG_MODE_STANDARD)
		return;
	if (g->players == 2 && !g->spheres) { /* ABBA or BAAB */
		static const uint8_t two[2][4] = {{0, 2, 3, 1}, {2, 0, 1, 3}};
		memcpy(g->order, two, sizeof two);
		g->orders = 2;
		return;
	}
	int t = g->tokens, n = 0;
	for (int a = 0; a < t; a++)
		for (int b = 0; b < t; b++)
			for (int c = 0; c < t; c++)
				for (int d = 0; d < (t == 4 ? t : 1); d++) {
					if (a == b || a == c || b == c ||
					    (t == 4 && (d == a || d == b || d == c)))
						continue;
					uint8_t p[4] = {(uint8_t)a, (uint8_t)b, (uint8_t)c,
							(uint8_t)(t == 4 ? d : HG_NONE)};
					memcpy(g->order[n++], p, 4);
				}
	g->orders = n;
}

static void set_shape(hg_game *g, int board_opt)
{
	int p = g->players;
	g->tokens = g->mode == HG_MODE_SOLO_MEGA ? 0 : (p == 3 ? 3 : 4);
	g->tableaus = g->spheres && p == 2 ? 4 : p;
	for (int t = 0; t < HG_MAX_TOKENS; t++)
		g->token_owner[t] = p == 3 ? t : t / 2;
	if (p == 4)
		for (int t = 0; t < HG_MAX_TOKENS; t++)
			g->token_owner[t] = t;
	g->board = board_opt == 0 ? 5 : board_opt == 1 ? 7 : 0;
	if (g->mode == HG_MODE_SOLO_MEGA && board_opt == 0)
		g->board = 7;
	g->sets = (p <= 2 && !g->spheres) ? 1 : 2;
	if (board_opt != 0 && g->mode == HG_MODE_STANDARD)
		g->sets *= 2;
	if (g->mode != HG_MODE_STANDARD)
		g->sets = 1;
	g->stack_limit = g->stacking ? (g->board == 5 ? 2 : 4) : 0;
	g->solo_target = 24;
	set_pool(g);
	int total = 0;
	for (int i = 0; i < HG_DOMINOES; i++)
		total += g->pool[i];
	if (g->board) {
		g->grid = 2 * g->board + 1;
	} else {
		int reach = (g->mode == HG_MODE_SOLO_MEGA ? 24 : total / g->tableaus + 2);
		g->grid = 4 * reach + 3;
	}
}

bones_status hg_configure(const bones_host *host, const bones_value *values, void **game,
			   bones_game_info *info, char *err, size_t errcap)
{
	bones_status st = check_values(host, values, err, errcap);
	if (st)
		return st;
	hg_game *g = host->alloc(host, sizeof *g);
	if (!g) {
		const struct { const bones_host *host; } h = {host};
		return fail(err, errcap, TR(&h, "hegemino: out of memory"));
	}
	memset(g, 0, sizeof *g);
	g->host = host;
	g->players = (int)values[OPT_PLAYERS].i;
	g->chaos = (int)values[OPT_CHAOS].i;
	g->stacking = (int)values[OPT_STACKING].i;
	g->wilds = (int)values[OPT_WILDS].i;
	g->boiling = values[OPT_BOILING].i != 0;
	g->four_lights = (int)values[OPT_LIGHTS].i;
	g->spheres = (int)values[OPT_SPHERES].i;
	g->mode = (int)values[OPT_SOLO].i;
	if (g->players == 1) /* the rule sheet's one-player game */
		g->mode = HG_MODE_SOLO_MEGA;
	set_shape(g, (int)values[OPT_BOARD].i);
	set_orders(g);
	int inner = g->grid - 2;
	g->state_size = sizeof(hg_state) + 2 * (size_t)g->tableaus * (size_t)g->grid * (size_t)g->grid;
	/* Bounded: every position, both turns, placed or stacked. Sprawlomino: at most
	 * 8 placements per frontier cell (4 per filled cell) and 4 stacks per cell. */
	g->max_moves = (size_t)(8 * inner * inner + 64);
	if (!g->board) {
		int cells = 2 * ((g->grid - 3) / 4) + 1;
		g->max_moves = (size_t)(36 * cells + 64);
	}
	info->players = g->players;
	info->state_size = g->state_size;
	info->max_moves = g->max_moves;
	*game = g;
	return BONES_OK;
}

void hg_destroy_game(void *game)
{
	hg_game *g = game;
	if (g)
		g->host->free(g->host, g);
}

