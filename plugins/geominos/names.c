/* The tiles' names in the player's language: the standard set (configs/geominos/tiles.ini)
 * names its tiles in English, which notation and records keep; words for people (the
 * window's log and tooltips, the terminal's history) give the catalogue's name. A tile
 * set of one's own keeps its names as written. */
#include "geominos.h"

#include <string.h>

static const char *const standard[] = {
	N_("Chair"), N_("Seahorse"), N_("Gorilla"), N_("Cross"), N_("Stairs"), N_("Snake"),
	N_("Hook"), N_("Kite"), N_("Magnet"), N_("Bridge"), N_("Boot"), N_("Sword"), N_("Duck"),
	N_("Key"), N_("Tower"), N_("Anchor"), N_("Crown"), N_("Fish"), N_("Lightning"),
	N_("Camel"), N_("Ladder"),
};

const char *geo_tile_words(const geo_game *g, int tile)
{
	const char *name = g->tiles[tile].name;
	for (size_t i = 0; i < sizeof standard / sizeof *standard; i++)
		if (!strcmp(name, standard[i]))
			return TR(g, standard[i]);
	return name;
}
