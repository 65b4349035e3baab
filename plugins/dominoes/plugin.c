/* The dominoes plugin's entry (section 11 of docs/plugin-guide.md): metadata, options
 * and the functions of the other files, and the capabilities get_extension hands out.
 * Nothing calls this file. */
#include <string.h>

#include "bones/actions.h"
#include "bones/agents_ext.h"
#include "bones/heuristic.h"
#include "dominoes_internal.h"

/* The position for the host's board kit (draw.c), the observation tensor (observation.c), and the game knowledge
 * of heuristic.c: move priors and `keeper`. */
static const void *get_extension(const void *vg, const char *id)
{
	(void)vg;
	if (!strcmp(id, BONES_HEURISTIC_ID))
		return &dom_heuristic;
	if (!strcmp(id, BONES_AGENTS_ID))
		return &dom_agents;
	if (!strcmp(id, BONES_OBSERVATION_ID))
		return &dom_tensor;
	if (!strcmp(id, BONES_ACTIONS_ID))
		return &dom_actions;
	return !strcmp(id, BONES_KIT_LINE_ID) ? &dom_kit : NULL;
}

/* ==== 11. The one exported symbol ================================================= */
BONES_PLUGIN_ENTRY = {
	.abi_major = BONES_ABI_MAJOR,
	.abi_minor = BONES_ABI_MINOR,
	.size = sizeof(bones_plugin),
	.id = "dominoes",
	.name = N_("Dominoes"),
	.version = "1.0.0",
	.summary = N_("Classic block and draw dominoes with a double-six set"),
	.min_players = 2,
	.max_players = 4,
	.flags = BONES_LOW_SCORE_WINS | BONES_HIDDEN_INFO | BONES_HAS_CHANCE,
	.options = dom_options,
	.option_count = DOM_OPTION_COUNT,
	.variants = dom_variants,
	.variant_count = DOM_VARIANT_COUNT,
	.configure = dom_configure,
	.destroy_game = dom_destroy_game,
	.init_state = dom_init_state,
	.to_move = dom_to_move,
	.legal_moves = dom_list_moves,
	.apply = dom_apply,
	.format_move = dom_format_move,
	.parse_move = dom_parse_move,
	.scores = dom_scores,
	.ranks = dom_ranks,
	.breakdown = dom_breakdown,
	.observation = dom_observation,
	.resample = dom_resample,
	.move_visible = dom_move_visible,
	.render_text = dom_render_text,
	.get_extension = get_extension,
	.text_domain = TEXT_DOMAIN, /* ABI 1.2: the catalogues' gettext domain */
};
