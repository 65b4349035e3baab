/* The Hegemino plugin entry: metadata and the functions of the other files. Nothing
 * calls this file. */
#include "hegemino.h"

#include <string.h>

#include "bones/actions.h"
#include "bones/agents_ext.h"
#include "bones/observation.h"
#include "bones/render.h"

/* Pictures and click targets (render.c), President Dorothy (dorothy.c). */
static const void *get_extension(const void *game, const char *id)
{
	(void)game;
	if (strcmp(id, BONES_RENDER_ID) == 0)
		return hg_render_ext();
	if (strcmp(id, BONES_AGENTS_ID) == 0)
		return hg_agents_ext();
	if (strcmp(id, BONES_OBSERVATION_ID) == 0)
		return hg_observation_ext();
	if (strcmp(id, BONES_ACTIONS_ID) == 0)
		return hg_actions_ext();
	return NULL;
}

BONES_PLUGIN_ENTRY = {
	.abi_major = BONES_ABI_MAJOR,
	.abi_minor = BONES_ABI_MINOR,
	.size = sizeof(bones_plugin),
	.id = "hegemino",
	.name = N_("Hegemino"),
	.version = "1.0.0",
	.summary = N_("Kingdomino-style dominoes: pick from the market, build a 5x5 tableau"),
	.min_players = 1,
	.max_players = 4,
	.flags = BONES_HAS_CHANCE | BONES_HIDDEN_INFO,
	.options = hg_options,
	.option_count = HG_OPTION_COUNT,
	.variants = hg_variants,
	.variant_count = HG_VARIANT_COUNT,
	.configure = hg_configure,
	.destroy_game = hg_destroy_game,
	.init_state = hg_init_state,
	.to_move = hg_to_move,
	.legal_moves = hg_legal_moves,
	.apply = hg_apply,
	.format_move = hg_format_move,
	.parse_move = hg_parse_move,
	.scores = hg_scores,
	.ranks = NULL,
	.breakdown = hg_breakdown,
	.observation = hg_observation,
	.resample = hg_resample,
	.move_visible = hg_move_visible,
	.render_text = hg_render_text,
	.get_extension = get_extension,
	.text_domain = HG_TEXT_DOMAIN,
};
