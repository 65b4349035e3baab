/* All Fives' options and configure: players, and partners for four. */
#include <stdio.h>
#include <string.h>

#include "allfives.h"

const bones_option_def af_options[] = {
	{"players", BONES_OPT_INT, "2", 2, 4, NULL, N_("number of players")},
	{"partners", BONES_OPT_BOOL, "false", 0, 0, NULL,
	 N_("four players in two teams, seats 1 and 3 against 2 and 4")},
};
const size_t af_option_count = sizeof af_options / sizeof af_options[0];

bones_status af_configure(const bones_host *host, const bones_value *values, void **out,
			  bones_game_info *info, char *err, size_t errcap)
{
	int players = (int)values[0].i;
	bool partners = values[1].i != 0;
	if (partners && players != 4) {
		/* TRANSLATORS: keep the option key "partners:" */
		snprintf(err, errcap, TR(host, "partners: teams need 4 players, not %d"), players);
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
	g->hand_size = players == 2 ? 7 : 5;
	g->partners = partners;
	int t = 0;
	for (int a = 0; a <= 6; a++)
		for (int b = a; b <= 6; b++, t++)
			g->lo[t] = (uint8_t)a, g->hi[t] = (uint8_t)b;
	info->players = players;
	info->state_size = sizeof(state);
	info->max_moves = MAX_MOVES;
	*out = g;
	return BONES_OK;
}

void af_destroy(void *vg)
{
	game *g = vg;
	if (g)
		g->host->free(g->host, g);
}
