/* Analysis of a played game: each player move searched from its mover's view, the
 * preferred move's value against the played move's, and a verdict by the game's
 * thresholds (docs/ai.md, Analysis). */
#include "bones/analysis.h"
#include "bones/i18n.h"
#include "bones/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The thresholds of docs/ai.md's table: loss in win share, loss in margin points. */
typedef struct game_thresholds {
	const char *id;
	bones_analysis_thresholds t;
} game_thresholds;

static const game_thresholds known[] = {
	{"holomino", {{0.10, 0.20, 0.30}, {15, 30, 60}}},
	{"hegemino", {{0.10, 0.20, 0.30}, {10, 20, 40}}},
	{"geominos", {{0.10, 0.20, 0.30}, {5, 10, 20}}},
	{"dominoes", {{0.10, 0.20, 0.30}, {5, 10, 20}}},
};

static const bones_analysis_thresholds fallback = {{0.10, 0.20, 0.30}, {0, 0, 0}};

bones_analysis_thresholds bones_analysis_thresholds_for(const char *game_id)
{
	for (size_t i = 0; game_id && i < sizeof known / sizeof known[0]; i++)
		if (!strcmp(known[i].id, game_id))
			return known[i].t;
	return fallback;
}

/* The verdict of a loss against three ascending thresholds (0: not judged). */
static bones_verdict by_loss(double loss, const double *limit)
{
	bones_verdict v = BONES_VERDICT_GOOD;
	for (int k = 0; k < 3; k++)
		if (limit[k] > 0 && loss >= limit[k])
			v = (bones_verdict)(BONES_VERDICT_INACCURACY + k);
	return v;
}

bones_verdict bones_analysis_verdict(const bones_analysis_thresholds *t, double win_before,
				     double margin_before, double win_after,
				     double margin_after)
{
	double win_loss = win_before - win_after, margin_loss = margin_before - margin_after;
	if (win_loss <= 0 && margin_loss <= 0)
		return BONES_VERDICT_BEST;
	bones_verdict a = by_loss(win_loss, t->win), b = by_loss(margin_loss, t->points);
	return a > b ? a : b;
}

const char *bones_analysis_verdict_name(bones_verdict v)
{
	static const char *const names[BONES_VERDICT_COUNT] = {
		N_("best"), N_("good"), N_("inaccuracy"), N_("mistake"), N_("blunder")};
	return v < BONES_VERDICT_COUNT ? names[v] : "?";
}

/* What every position's analysis needs. */
typedef struct analyser {
	const bones_session *s;
	const char *spec;
	uint64_t seed;
	double seconds;
	bones_agent *agent;      /* the current move's */
	bones_search_move *root; /* max_moves entries */
	size_t cap;
	const bones_analysis_thresholds *t;
} analyser;

/* A fresh agent seeded for history index i (the seed alone when i is SIZE_MAX): each
 * move's analysis depends on the seed and its position only, not on the moves
 * analysed before it. */
static bones_status new_agent(analyser *an, size_t i, char *err, size_t errcap)
{
	uint64_t x = an->seed ^ (0x9e3779b97f4a7c15ull * (uint64_t)(i + 1));
	uint64_t seed = i == SIZE_MAX ? an->seed : bones_rng__splitmix(&x);
	const bones_plugin *pl = bones_session_plugin(an->s);
	bones_status st = bones_agent_create(an->spec, pl, bones_session_game(an->s),
					     bones_session_info(an->s), seed, &an->agent, err,
					     errcap);
	size_t count;
	if (!st && bones_agent_search_moves(an->agent, NULL, 0, &count)) {
		snprintf(err, errcap, _("agent '%s': analysis needs a searching agent (mcts)"),
			 an->spec);
		st = BONES_EINVAL;
	}
	if (!st && an->seconds > 0)
		bones_agent_set_time_limit(an->agent, an->seconds);
	if (st) {
		bones_agent_destroy(an->agent);
		an->agent = NULL;
	}
	return st;
}

/* Search state for the mover, restricted to only[0..n) when n > 0, and read the value
 * of the chosen move (the preferred one, or the only one allowed). */
static bones_status search(analyser *an, const void *state, const bones_move *only,
			   size_t n, bones_move *chosen, double *win, double *margin)
{
	size_t count = 0;
	bones_status st = bones_agent_restrict_root(an->agent, only, n);
	if (!st)
		st = bones_agent_choose(an->agent, state, chosen);
	if (!st)
		st = bones_agent_search_moves(an->agent, an->root, an->cap, &count);
	bones_agent_restrict_root(an->agent, NULL, 0);
	for (size_t i = 0; !st && i < count && i < an->cap; i++)
		if (an->root[i].move == *chosen) {
			*win = an->root[i].win;
			*margin = an->root[i].margin;
			return BONES_OK;
		}
	return st ? st : BONES_EINVAL; /* the chosen move was never searched */
}

/* The searches of the player move at history index i into m: the preferred move's
 * value, then the played move's when it differs. */
static bones_status value_move(analyser *an, size_t i, bones_analysis_move *m)
{
	const void *state = bones_session_state_at(an->s, i);
	memset(m, 0, sizeof *m);
	m->index = i;
	m->mover = bones_session_mover_at(an->s, i);
	m->played = bones_session_move_at(an->s, i);
	/* a single legal move is searched restricted to it: an unrestricted choice of it
	 * searches nothing */
	bones_status st = search(an, state, NULL, 0, &m->preferred, &m->win_before,
				 &m->margin_before);
	if (st == BONES_EINVAL) {
		m->forced = true;
		st = search(an, state, &m->played, 1, &m->preferred, &m->win_before,
			    &m->margin_before);
	}
	m->win_after = m->win_before;
	m->margin_after = m->margin_before;
	bones_move chosen;
	if (!st && m->preferred != m->played)
		st = search(an, state, &m->played, 1, &chosen, &m->win_after,
			    &m->margin_after);
	m->verdict = m->preferred == m->played ? BONES_VERDICT_BEST :
		bones_analysis_verdict(an->t, m->win_before, m->margin_before, m->win_after,
				       m->margin_after);
	return st;
}

/* Analyse the player move at history index i into m with an agent of its own. */
static bones_status analyse_move(analyser *an, size_t i, bones_analysis_move *m, char *err,
				 size_t errcap)
{
	bones_status st = new_agent(an, i, err, errcap);
	if (st)
		return st;
	st = value_move(an, i, m);
	if (st)
		snprintf(err, errcap, _("move %zu: the agent found no value for it"), i + 1);
	bones_agent_destroy(an->agent);
	an->agent = NULL;
	return st;
}

bones_status bones_analysis_run(bones_analysis *out, const bones_session *s,
				const bones_analysis_options *opts, char *err, size_t errcap)
{
	const bones_game_info *info = bones_session_info(s);
	size_t len = bones_session_length(s);
	memset(out, 0, sizeof *out);
	out->thresholds = opts && opts->thresholds ? *opts->thresholds :
		bones_analysis_thresholds_for(bones_session_plugin(s)->id);
	analyser an = {s, opts && opts->agent ? opts->agent : BONES_ANALYSIS_AGENT,
		       opts ? opts->seed : 0, opts ? opts->seconds : 0, NULL, NULL,
		       info->max_moves ? info->max_moves : 1, &out->thresholds};
	bones_status st = new_agent(&an, SIZE_MAX, err, errcap); /* a bad spec: said now */
	bones_agent_destroy(an.agent);
	an.agent = NULL;
	if (st)
		return st;
	an.root = malloc(an.cap * sizeof *an.root);
	out->moves = calloc(len ? len : 1, sizeof *out->moves);
	if (!an.root || !out->moves) {
		snprintf(err, errcap, "%s", _("out of memory"));
		st = BONES_ENOMEM;
	}
	for (size_t i = 0; !st && i < len; i++) {
		if (bones_session_mover_at(s, i) < 0)
			continue;
		if (opts && opts->cancelled && opts->cancelled(opts->ctx)) {
			snprintf(err, errcap, "%s", _("the analysis was stopped"));
			st = BONES_ERANGE; /* out keeps the moves so far */
			break;
		}
		bones_analysis_move *m = &out->moves[out->count];
		st = analyse_move(&an, i, m, err, errcap);
		if (st)
			break;
		out->count++;
		if (opts && opts->progress)
			opts->progress(opts->ctx, m);
	}
	free(an.root);
	if (st && st != BONES_ERANGE)
		bones_analysis_release(out);
	return st;
}

void bones_analysis_release(bones_analysis *a)
{
	if (!a)
		return;
	free(a->moves);
	a->moves = NULL;
	a->count = 0;
}
