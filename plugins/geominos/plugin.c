/* Geominos entry point: options, variants, configure (loads the data files) and the
 * bones_plugin table. Rules are in rules.c, notation in text.c, drawing in draw.c. */
#include "geominos.h"

#include "bones/heuristic.h"

#include <stdio.h>
#include <string.h>

static const char *const deal_choices[] = {"all", "five", "one", NULL};

static const bones_option_def options[] = {
	{"players", BONES_OPT_INT, "2", 2, 4, NULL, N_("number of players")},
	{"deal", BONES_OPT_ENUM, "all", 0, 0, deal_choices,
	 N_("all: every tile dealt first; five: five each, refilled; one: draw and place")},
	{"tiles", BONES_OPT_STRING, "geominos/tiles.ini", 0, 0, NULL,
	 N_("tile-set file (under configs/ or a path)")},
	{"board", BONES_OPT_STRING, "geominos/board.ini", 0, 0, NULL,
	 N_("board file (under configs/ or a path)")},
	{"starter", BONES_OPT_INT, "1", 1, 4, NULL,
	 N_("the starting player (match play rotates it)")},
	{"penalty", BONES_OPT_INT, "5", 0, 100, NULL,
	 N_("points assessed to a player who cannot place a tile")},
};
enum { OPT_PLAYERS, OPT_DEAL, OPT_TILES, OPT_BOARD, OPT_STARTER, OPT_PENALTY };

static const bones_variant variants[] = {
	{"all-tile", N_("All-Tile"), N_("every tile is dealt before play begins"), "deal=all"},
	{"five-tile", N_("Five-Tile"), N_("five tiles each, one drawn after each placement"),
	 "deal=five"},
	{"one-tile", N_("One-Tile"), N_("draw a tile and place it on the same turn"),
	 "deal=one"},
};

static void destroy_game(void *game)
{
	geo_game *g = game;
	if (g)
		g->host->free(g->host, g);
}

static bones_status configure(const bones_host *host, const bones_value *values,
			      void **game, bones_game_info *info, char *err, size_t errcap)
{
	geo_game *g = host->alloc(host, sizeof *g);
	if (!g) {
		const struct { const bones_host *host; } h = {host};
		snprintf(err, errcap, "%s", TR(&h, "geominos: out of memory"));
		return BONES_ENOMEM;
	}
	memset(g, 0, sizeof *g);
	g->host = host;
	g->players = (int)values[OPT_PLAYERS].i;
	g->deal = (int)values[OPT_DEAL].i;
	g->starter = (int)values[OPT_STARTER].i - 1;
	g->penalty = (int)values[OPT_PENALTY].i;
	bones_status st = BONES_EINVAL;
	if (g->starter >= g->players) {
		snprintf(err, errcap, TR(g, "starter: player %d does not play in a %d-player game"),
			 g->starter + 1, g->players);
		goto out_free;
	}
	st = geo_load_tiles(g, values[OPT_TILES].s, err, errcap);
	if (st == BONES_OK)
		st = geo_load_board(g, values[OPT_BOARD].s, err, errcap);
	if (st != BONES_OK)
		goto out_free;
	/* One tile goes to the centre; the rest are shared out evenly, the remainder unplayed. */
	g->quota = (g->tile_count - 1) / g->players;
	if (g->quota < 1) {
		snprintf(err, errcap, TR(g, "players: %d players need at least %d tiles, '%s' has %d"),
			 g->players, g->players + 1, values[OPT_TILES].s, g->tile_count);
		st = BONES_EINVAL;
		goto out_free;
	}
	geo_points_prepare(g);
	geo_movegen_prepare(g);
	geo_heuristic_prepare(g);
	g->initial = g->deal == GEO_DEAL_ALL ? g->quota
		     : g->deal == GEO_DEAL_FIVE ? (g->quota < 5 ? g->quota : 5) : 0;
	g->hand_max = g->deal == GEO_DEAL_ONE ? 1 : g->initial;
	info->players = g->players;
	info->state_size = sizeof(geo_state);
	info->max_moves = (size_t)g->hand_max * (size_t)g->max_orient * GEO_CELLS;
	if (info->max_moves < GEO_MAX_TILES)
		info->max_moves = GEO_MAX_TILES;
	*game = g;
	return BONES_OK;
out_free:
	host->free(host, g);
	return st;
}

/* The heuristic (heuristic.c), else the drawing capabilities (draw.c). */
static const void *get_extension(const void *game, const char *id)
{
	if (strcmp(id, BONES_HEURISTIC_ID) == 0)
		return &geo_heuristic;
	return geo_get_extension(game, id);
}

BONES_PLUGIN_ENTRY = {
	.abi_major = BONES_ABI_MAJOR,
	.abi_minor = BONES_ABI_MINOR,
	.size = sizeof(bones_plugin),
	.id = "geominos",
	.name = N_("Geominos"),
	.version = "1.0.0",
	.summary = N_("Polyomino dominoes: match pips, keep your pips off the light squares"),
	.min_players = 2,
	.max_players = 4,
	.flags = BONES_LOW_SCORE_WINS | BONES_HAS_CHANCE | BONES_CHEAP_SAMPLE,
	.options = options,
	.option_count = sizeof options / sizeof options[0],
	.variants = variants,
	.variant_count = sizeof variants / sizeof variants[0],
	.configure = configure,
	.destroy_game = destroy_game,
	.init_state = geo_init_state,
	.to_move = geo_to_move,
	.legal_moves = geo_legal_moves,
	.apply = geo_apply,
	.format_move = geo_format_move,
	.parse_move = geo_parse_move,
	.scores = geo_scores,
	.ranks = NULL,
	.breakdown = geo_breakdown,
	.observation = NULL,
	.resample = NULL,
	.move_visible = NULL,
	.render_text = geo_render_text,
	.get_extension = get_extension,
	.sample_move = geo_sample_move,
	.text_domain = GEO_TEXT_DOMAIN,
};
