/* Game knowledge for the search ("bones.heuristic/1"): a move's prior is the points it
 * scores at once, plus a little for getting rid of heavy tiles and doubles. */
#include <string.h>

#include "allfives.h"

#include "bones/actions.h"
#include "bones/heuristic.h"
#include "bones/observation.h"

static void priors(const void *vg, const void *vs, const bones_move *moves, size_t n,
		   double *weights)
{
	const game *g = vg;
	for (size_t i = 0; i < n; i++) {
		int kind = KIND(moves[i]), t = TILE(moves[i]);
		weights[i] = 1;
		if (kind > LEAD)
			continue;
		state next;
		memcpy(&next, vs, sizeof next);
		if (af_apply(g, &next, moves[i]) == BONES_OK)
			weights[i] += next.scored;
		weights[i] += (g->lo[t] + g->hi[t]) / 12.0 + (g->lo[t] == g->hi[t] ? 0.5 : 0);
	}
}

static const bones_heuristic heuristic = {
	.size = sizeof(bones_heuristic),
	.priors = priors,
	.flags = BONES_HEURISTIC_PRIORS_PER_MOVE,
};

const void *af_extension(const void *vg, const char *id)
{
	(void)vg;
	if (!strcmp(id, BONES_ACTIONS_ID))
		return &af_actions;
	if (!strcmp(id, BONES_OBSERVATION_ID))
		return &af_tensor;
	if (!strcmp(id, BONES_KIT_LINE_ID))
		return &af_kit;
	return !strcmp(id, BONES_HEURISTIC_ID) ? &heuristic : NULL;
}
