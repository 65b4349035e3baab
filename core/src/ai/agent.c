/* Agents: the spec parser, the table of built-in kinds (random, greedy), and plugin
 * agents found through "bones.agents/1"; see bones/agent.h and agent_internal.h. */
#include "agent_internal.h"
#include "mcts_internal.h"
#include "bones/choices.h"
#include "bones/guard.h"
#include "bones/i18n.h"
#include "bones/suggest.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- random: a uniform legal move ---------------------------------------------- */

static bones_status random_choose(bones_agent *a, const void *state, bones_move *move)
{
	size_t n = bones_guard_legal_moves(a->plugin, a->game, state, a->moves, NULL,
					   a->info.max_moves, NULL, 0);
	if (!n)
		return BONES_EINVAL;
	*move = a->moves[bones_rng_below(&a->rng, (uint32_t)n)];
	return BONES_OK;
}

static const bones_agent_ops random_ops = {NULL, 0, NULL, random_choose, NULL};

/* ---- greedy: the best immediate score change for the mover ----------------------- */

/* Each move is judged by the points it scores its mover at once, as every player
 * interface shows them (bones_choices_points: chance is not resolved, only scores() is
 * read, so nothing hidden leaks beyond what scores expose). Ties are broken uniformly
 * with the agent's RNG. */
static bones_status greedy_choose(bones_agent *a, const void *state, bones_move *move)
{
	const bones_plugin *pl = a->plugin;
	int mover = pl->to_move(a->game, state);
	size_t n = bones_guard_legal_moves(pl, a->game, state, a->moves, NULL, a->info.max_moves,
					   NULL, 0);
	if (!n || mover < 0 || mover >= a->info.players)
		return BONES_EINVAL;
	if (a->params[0] > 0 && bones_rng_double(&a->rng) < a->params[0]) {
		*move = a->moves[bones_rng_below(&a->rng, (uint32_t)n)];
		return BONES_OK; /* epsilon: now and then a random move, for variety */
	}
	double sign = (pl->flags & BONES_LOW_SCORE_WINS) ? -1.0 : 1.0;
	pl->scores(a->game, state, a->scores);
	double best = -INFINITY, gain;
	uint32_t ties = 0;
	for (size_t i = 0; i < n; i++) {
		if (bones_choices_points(pl, a->game, &a->info, state, a->scores, a->moves[i],
					 a->scratch, &gain) != BONES_OK)
			continue;
		gain *= sign;
		if (gain > best + 1e-9) {
			best = gain;
			ties = 1;
			*move = a->moves[i];
		} else if (gain >= best - 1e-9 && bones_rng_below(&a->rng, ++ties) == 0) {
			*move = a->moves[i];
		}
	}
	return ties ? BONES_OK : BONES_EILLEGAL;
}

static const bones_agent_param greedy_params[] = {
	{"epsilon", 0.0, 0.0, 1.0, false, NULL},
};

static const bones_agent_ops greedy_ops = {greedy_params, 1, NULL, greedy_choose, NULL};

/* ---- the table of kinds: add a row to both arrays, in the same order ------------ */

static const bones_agent_kind kinds[] = {
	{"random", N_("a uniformly random legal move"), ""},
	{"greedy", N_("the move that gains the most points at once (ties at random)"),
	 N_("epsilon=F (0): the chance of a random move instead")},
	{"mcts", N_("Monte Carlo tree search: chance sampled, hidden information resampled"),
	 N_("iterations=N (1000) time=S (0: none; both: the first reached) c=F (0.7) "
	 "rollout=greedy|random (greedy) reward=margin|rank (margin) scale=F (10: margin "
	 "width) pw=F (2: children <= F*sqrt(visits); 0: all) widen=F (0: chance outcomes "
	 "<= F*sqrt(visits); 0: all) depth=N (the game's advice, else -1: full "
	 "rollouts; N: with a heuristic, evaluate after N moves) sample=N (0: greedy rollouts weigh every legal move by "
	 "its prior; N: choose among N drawn moves by prior squared, faster, weaker per "
	 "iteration) threads=N (1) "
	 "nodes=N (0: from memory_mb) memory_mb=N (128) reuse=0|1 (1)")},
	{NULL, NULL, NULL},
};

static const bones_agent_ops *const kind_ops[] = {&random_ops, &greedy_ops,
						    &bones_mcts_ops};

_Static_assert(sizeof kinds / sizeof kinds[0] == sizeof kind_ops / sizeof kind_ops[0] + 1,
	       "every agent kind needs its ops");

const bones_agent_kind *bones_agent_kinds(void)
{
	return kinds;
}

/* ---- spec parsing ---------------------------------------------------------------- */

static const bones_agents_ext *plugin_agents(const bones_plugin *plugin, const void *game)
{
	if (!plugin || !plugin->get_extension || !game)
		return NULL;
	const bones_agents_ext *ext = plugin->get_extension(game, BONES_AGENTS_ID);
	if (!ext || ext->size < sizeof *ext || (ext->count && !ext->agents))
		return NULL;
	return ext;
}

/* "known: random, greedy; this game's: dorothy" into buf. */
static void known_agents(const bones_agents_ext *ext, char *buf, size_t cap)
{
	char builtin[128] = "", own[128] = "";
	size_t used = 0;
	for (size_t i = 0; kinds[i].name && used < sizeof builtin; i++)
		used += (size_t)snprintf(builtin + used, sizeof builtin - used, "%s%s",
					 i ? ", " : "", kinds[i].name);
	used = 0;
	for (size_t i = 0; ext && i < ext->count && used < sizeof own; i++)
		used += (size_t)snprintf(own + used, sizeof own - used, "%s%s", i ? ", " : "",
					 ext->agents[i].name);
	if (own[0])
		snprintf(buf, cap, _("known: %s; this game's: %s"), builtin, own);
	else
		snprintf(buf, cap, _("known: %s"), builtin);
}

/* A named value: its index in p->choices. */
static bones_status set_choice(bones_agent *a, const char *spec, const bones_agent_param *p,
			       size_t slot, const char *value, char *err, size_t errcap)
{
	char known[160] = "";
	size_t used = 0;
	for (size_t k = 0; p->choices[k]; k++) {
		if (!strcmp(p->choices[k], value)) {
			a->params[slot] = (double)k;
			return BONES_OK;
		}
		if (used < sizeof known)
			used += (size_t)snprintf(known + used, sizeof known - used, "%s%s",
						 k ? ", " : "", p->choices[k]);
	}
	snprintf(err, errcap, _("agent '%s': %s: unknown value '%s' (known: %s)"), spec, p->key,
		 value, known);
	return BONES_EINVAL;
}

static bones_status set_param(bones_agent *a, const char *spec, const char *word,
			      char *err, size_t errcap)
{
	const bones_agent_ops *ops = a->ops;
	const char *eq = strchr(word, '=');
	size_t klen = eq ? (size_t)(eq - word) : strlen(word);
	if (!eq || !klen) {
		snprintf(err, errcap, _("agent '%s': '%s': expected key=value"), spec, word);
		return BONES_EPARSE;
	}
	for (size_t i = 0; ops && i < ops->param_count; i++) {
		const bones_agent_param *p = &ops->params[i];
		if (strlen(p->key) != klen || strncmp(p->key, word, klen))
			continue;
		if (p->choices)
			return set_choice(a, spec, p, i, eq + 1, err, errcap);
		char *end;
		double v = strtod(eq + 1, &end);
		if (end == eq + 1 || *end || isnan(v) || (p->integer && v != floor(v))) {
			snprintf(err, errcap,
				 p->integer ? _("agent '%s': %s: '%s' is not a whole number")
					    : _("agent '%s': %s: '%s' is not a number"),
				 spec, p->key, eq + 1);
			return BONES_EINVAL;
		}
		if (v < p->min || v > p->max) {
			/* %.15g: whole numbers as such (1048576, not 1.04858e+06) */
			snprintf(err, errcap, _("agent '%s': %s: %.15g is out of range %.15g..%.15g"),
				 spec, p->key, v, p->min, p->max);
			return BONES_ERANGE;
		}
		a->params[i] = v;
		return BONES_OK;
	}
	char known[160] = "";
	size_t used = 0;
	for (size_t i = 0; ops && i < ops->param_count && used < sizeof known; i++)
		used += (size_t)snprintf(known + used, sizeof known - used, "%s%s",
					 i ? ", " : "", ops->params[i].key);
	if (used)
		snprintf(err, errcap, _("agent '%s': %.*s: unknown parameter (known: %s)"), spec,
			 (int)klen, word, known);
	else
		snprintf(err, errcap,
			 _("agent '%s': %.*s: unknown parameter (this agent takes none)"), spec,
			 (int)klen, word);
	return BONES_EINVAL;
}

/* Find the kind named by the first word of spec; fill a->ops or a->plugin_agent. */
static bones_status find_kind(bones_agent *a, const char *spec, const char *name,
			      char *err, size_t errcap)
{
	for (size_t i = 0; kinds[i].name; i++) {
		if (!strcmp(kinds[i].name, name)) {
			a->ops = kind_ops[i];
			for (size_t k = 0; k < a->ops->param_count; k++)
				a->params[k] = a->ops->params[k].def;
			return BONES_OK;
		}
	}
	const bones_agents_ext *ext = plugin_agents(a->plugin, a->game);
	for (size_t i = 0; ext && i < ext->count; i++) {
		if (ext->agents[i].name && !strcmp(ext->agents[i].name, name) &&
		    ext->agents[i].choose) {
			a->plugin_agent = &ext->agents[i];
			return BONES_OK;
		}
	}
	char known[256];
	known_agents(ext, known, sizeof known);
	bones_suggest s;
	bones_suggest_init(&s, name);
	for (size_t i = 0; kinds[i].name; i++)
		bones_suggest_add(&s, kinds[i].name);
	for (size_t i = 0; ext && i < ext->count; i++)
		bones_suggest_add(&s, ext->agents[i].name);
	if (!*name)
		snprintf(err, errcap, _("agent '%s': empty agent spec (%s)"), spec, known);
	else
		snprintf(err, errcap, _("agent '%s': unknown agent '%s'%s (%s)"), spec, name,
			 bones_suggest_hint(&s), known);
	return BONES_ENOTFOUND;
}

static bones_status parse_spec(bones_agent *a, const char *spec, char *err, size_t errcap)
{
	char word[256];
	const char *p = spec + strspn(spec, " \t");
	size_t len = strcspn(p, " \t");
	if (len >= sizeof word) {
		snprintf(err, errcap, _("agent '%.40s...': name too long"), spec);
		return BONES_EINVAL;
	}
	memcpy(word, p, len);
	word[len] = '\0';
	bones_status st = find_kind(a, spec, word, err, errcap);
	for (p += len; !st && *(p += strspn(p, " \t"));) {
		len = strcspn(p, " \t");
		if (len >= sizeof word) {
			snprintf(err, errcap, _("agent '%.40s...': parameter too long"), spec);
			return BONES_EINVAL;
		}
		memcpy(word, p, len);
		word[len] = '\0';
		st = set_param(a, spec, word, err, errcap);
		p += len;
	}
	return st;
}

/* ---- lifecycle ------------------------------------------------------------------- */

bones_status bones_agent_create(const char *spec, const bones_plugin *plugin,
				const void *game, const bones_game_info *info, uint64_t seed,
				bones_agent **out, char *err, size_t errcap)
{
	*out = NULL;
	bones_agent *a = calloc(1, sizeof *a);
	if (!a || !(a->spec = strdup(spec ? spec : "")))
		goto out_nomem;
	a->plugin = plugin;
	a->game = game;
	a->info = *info;
	bones_rng_seed(&a->rng, seed);
	a->moves = malloc((info->max_moves ? info->max_moves : 1) * sizeof *a->moves);
	a->scratch = malloc(info->state_size ? info->state_size : 1);
	a->scores = calloc((size_t)(info->players > 0 ? info->players : 1), sizeof *a->scores);
	if (!a->moves || !a->scratch || !a->scores)
		goto out_nomem;
	bones_status st = parse_spec(a, a->spec, err, errcap);
	if (!st && a->ops && a->ops->create)
		st = a->ops->create(a, err, errcap);
	if (st) {
		a->ops = NULL; /* the kind's destroy must not see a failed create */
		bones_agent_destroy(a);
		return st;
	}
	*out = a;
	return BONES_OK;
out_nomem:
	bones_agent_destroy(a);
	snprintf(err, errcap, _("agent '%s': out of memory"), spec ? spec : "");
	return BONES_ENOMEM;
}

bones_status bones_agent_measure(const char *spec, const bones_plugin *plugin,
				 const void *game, bones_agent_needs *needs, char *err,
				 size_t errcap)
{
	bones_agent a = {.plugin = plugin, .game = game}; /* parsed only: nothing to free */
	*needs = (bones_agent_needs){.threads = 1};
	bones_status st = parse_spec(&a, spec ? spec : "", err, errcap);
	if (!st && a.ops == &bones_mcts_ops)
		bones_mcts_measure(&a, needs);
	return st;
}

void bones_agent_destroy(bones_agent *agent)
{
	if (!agent)
		return;
	if (agent->ops && agent->ops->destroy)
		agent->ops->destroy(agent);
	free(agent->moves);
	free(agent->scratch);
	free(agent->scores);
	free(agent->spec);
	free(agent);
}

const char *bones_agent_spec(const bones_agent *agent)
{
	return agent->spec;
}

/* A plugin agent's answer is checked against the legal moves before it is trusted. */
static bones_status plugin_choose(bones_agent *a, const void *state, bones_move *move)
{
	bones_move m = a->plugin_agent->choose(a->game, state, bones_rng_next_void, &a->rng);
	size_t n = bones_guard_legal_moves(a->plugin, a->game, state, a->moves, NULL,
					   a->info.max_moves, NULL, 0);
	for (size_t i = 0; i < n; i++) {
		if (a->moves[i] == m) {
			*move = m;
			return BONES_OK;
		}
	}
	return BONES_EILLEGAL;
}

void bones_agent_set_time_limit(bones_agent *agent, double seconds)
{
	agent->time_limit = seconds > 0 ? seconds : 0;
}

bones_status bones_agent_choose(bones_agent *agent, const void *state, bones_move *move)
{
	int who = bones_guard_to_move(agent->plugin, agent->game, &agent->info, state, NULL, 0);
	if (who < 0)
		return BONES_EINVAL; /* chance node, game over or a player out of range */
	if (agent->plugin_agent)
		return plugin_choose(agent, state, move);
	return agent->ops->choose(agent, state, move);
}
