/* Head-to-head matches: seats rotated on the same deals, games on worker threads with
 * results kept in game order, tallies and their 95% interval; see bones/headtohead.h. */
#include "bones/headtohead.h"
#include "bones/guard.h"

#include "bones/agent.h"
#include "bones/i18n.h"
#include "bones/record.h"
#include "bones/rng.h"
#include "bones/session.h"
#include "mcts_internal.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define MAX_GAME_MOVES 1000000 /* a game longer than this is reported, not played on */

uint64_t bones_headtohead_seed(uint64_t seed, int game, int players)
{
	uint64_t x = seed ^ (0xd1b54a32d192ed03ull * (uint64_t)(game / (players > 0 ? players : 1)));
	return bones_rng__splitmix(&x);
}

int bones_headtohead_seat_a(int game, int players)
{
	return players > 0 ? game % players : 0;
}

void bones_headtohead_add(bones_headtohead_tally *a, bones_headtohead_tally *b,
			  int players, const int *ranks, int seat_a)
{
	int better = 0, equal = 0;
	for (int s = 0; s < players; s++) {
		if (s == seat_a)
			continue;
		better += ranks[s] < ranks[seat_a];
		equal += ranks[s] == ranks[seat_a];
	}
	if (!better && !equal) {
		a->wins++;
		b->losses++;
	} else if (!better) {
		a->draws++;
		b->draws++;
	} else {
		a->losses++;
		b->wins++;
	}
}

bones_headtohead_tally bones_headtohead_deals(const bones_headtohead_game *games, int count,
					      int players)
{
	bones_headtohead_tally deals = {0, 0, 0};
	for (int i = 0; players == 2 && i + 1 < count; i += 2) {
		bones_headtohead_tally a = {0, 0, 0}, b = {0, 0, 0};
		for (int k = i; k < i + 2; k++)
			bones_headtohead_add(&a, &b, players, games[k].ranks, games[k].seat_a);
		int half_points = 2 * a.wins + a.draws; /* twice A's points: 2 is one point */
		deals.wins += half_points > 2;
		deals.draws += half_points == 2;
		deals.losses += half_points < 2;
	}
	return deals;
}

double bones_headtohead_score(const bones_headtohead_tally *t)
{
	int n = t->wins + t->draws + t->losses;
	return n ? (t->wins + 0.5 * t->draws) / n : 0.0;
}

double bones_headtohead_interval(const bones_headtohead_tally *t)
{
	int n = t->wins + t->draws + t->losses;
	if (!n)
		return 0.0;
	double p = bones_headtohead_score(t);
	double v = (t->wins * (1 - p) * (1 - p) + t->draws * (0.5 - p) * (0.5 - p) +
		    t->losses * p * p) / n;
	return 1.96 * sqrt(v / n);
}

/* ---- one game ---------------------------------------------------------------------- */

static void add_search(bones_headtohead_game *out, int side, const bones_agent *agent)
{
	bones_mcts_stats st;
	if (bones_mcts_stats_get(agent, &st) == BONES_OK) {
		out->search_moves[side] += st.sim_moves;
		out->search_seconds[side] += st.cpu_seconds;
	}
}

/* Resolve chance and let the agents move until the game is over. */
static bones_status play_out(bones_session *s, bones_agent **agents,
			     bones_headtohead_game *out)
{
	const bones_plugin *pl = bones_session_plugin(s);
	for (int n = 0; n < MAX_GAME_MOVES; n++) {
		bones_status st = bones_session_resolve_chance(s);
		if (st) {
			snprintf(out->err, sizeof out->err, _("move %zu: %s"),
				 bones_session_length(s) + 1,
				 bones_session_fault(s) ? bones_session_fault(s) : _("chance failed"));
			return st;
		}
		int who = bones_session_to_move(s);
		if (who == BONES_TERMINAL && !bones_session_fault(s))
			return BONES_OK;
		bones_move m;
		const void *state = bones_session_state(s);
		st = who == BONES_TERMINAL ? BONES_EABI : bones_agent_choose(agents[who], state, &m);
		if (!st)
			st = bones_session_play(s, m);
		if (st && bones_session_check(s)) { /* the plugin's fault, not the agent's */
			snprintf(out->err, sizeof out->err, _("move %zu: %s"),
				 bones_session_length(s) + 1, bones_session_fault(s));
			return BONES_EABI;
		}
		if (st) {
			char text[BONES_MOVE_TEXT_MAX] = "?";
			pl->format_move(bones_session_game(s), state, m, text, sizeof text);
			snprintf(out->err, sizeof out->err,
				 st == BONES_EILLEGAL ? _("move %zu: agent '%s' (seat %d): illegal move")
						      : _("move %zu: agent '%s' (seat %d): no move"),
				 bones_session_length(s) + 1, bones_agent_spec(agents[who]), who + 1);
			return st;
		}
		add_search(out, who == out->seat_a ? 0 : 1, agents[who]);
	}
	snprintf(out->err, sizeof out->err, _("the game did not end in %d moves"),
		 MAX_GAME_MOVES);
	return BONES_ERANGE;
}

bones_status bones_headtohead_play(const bones_plugin *plugin, const bones_options *opts,
				   const char *const *specs, bones_headtohead_game *out)
{
	bones_session *s = NULL;
	bones_agent *agents[BONES_HEADTOHEAD_MAX_PLAYERS] = {NULL};
	int players = 0;
	out->err[0] = '\0';
	out->status = bones_session_create(plugin, opts, out->seed, &s, out->err,
					   sizeof out->err);
	if (out->status)
		return out->status;
	const bones_game_info *info = bones_session_info(s);
	players = info->players;
	if (players > BONES_HEADTOHEAD_MAX_PLAYERS) {
		snprintf(out->err, sizeof out->err, _("%d players: at most %d in a match"), players,
			 BONES_HEADTOHEAD_MAX_PLAYERS);
		out->status = BONES_EINVAL;
		goto out_agents;
	}
	for (int i = 0; i < players; i++) {
		uint64_t x = out->seed + 0x9e3779b97f4a7c15ull * (uint64_t)(i + 1);
		out->status = bones_agent_create(specs[i], plugin, bones_session_game(s), info,
						 bones_rng__splitmix(&x), &agents[i], out->err,
						 sizeof out->err);
		if (out->status)
			goto out_agents;
	}
	out->status = play_out(s, agents, out);
	if (!out->status && !bones_guard_scores(plugin, bones_session_game(s), info,
						bones_session_state(s), out->scores, out->err,
						sizeof out->err))
		out->status = BONES_EABI;
	if (!out->status) {
		bones_record_ranks(plugin, bones_session_game(s), bones_session_state(s),
				   players, out->ranks);
	}
	out->moves = (int)bones_session_length(s);
out_agents:
	for (int i = 0; i < players; i++)
		bones_agent_destroy(agents[i]);
	bones_session_destroy(s);
	return out->status;
}

/* ---- a match on worker threads ------------------------------------------------------ */

typedef struct h2h_work {
	const bones_plugin *plugin;
	const bones_options *opts;
	const char *spec_a, *spec_b;
	int games, players;
	uint64_t seed;
	bones_headtohead_game *out;
	pthread_mutex_t lock;
	int next; /* the next game to play; under lock */
} h2h_work;

static void play_game(h2h_work *w, int g)
{
	const char *specs[BONES_HEADTOHEAD_MAX_PLAYERS];
	bones_headtohead_game *out = &w->out[g];
	memset(out, 0, sizeof *out);
	out->seed = bones_headtohead_seed(w->seed, g, w->players);
	out->seat_a = bones_headtohead_seat_a(g, w->players);
	for (int i = 0; i < BONES_HEADTOHEAD_MAX_PLAYERS; i++)
		specs[i] = i == out->seat_a ? w->spec_a : w->spec_b;
	bones_headtohead_play(w->plugin, w->opts, specs, out);
}

static void *worker(void *arg)
{
	h2h_work *w = arg;
	for (;;) {
		pthread_mutex_lock(&w->lock);
		int g = w->next < w->games ? w->next++ : -1;
		pthread_mutex_unlock(&w->lock);
		if (g < 0)
			return NULL;
		play_game(w, g);
	}
}

/* The number of seats the options give, from a throwaway session. */
static bones_status count_players(const bones_plugin *plugin, const bones_options *opts,
				  int *players, bones_headtohead_game *out)
{
	bones_session *s = NULL;
	bones_status st = bones_session_create(plugin, opts, 1, &s, out->err, sizeof out->err);
	if (!st)
		*players = bones_session_info(s)->players;
	bones_session_destroy(s);
	out->status = st;
	return st;
}

bones_status bones_headtohead_run(const bones_plugin *plugin, const bones_options *opts,
				  const char *spec_a, const char *spec_b, int games,
				  int threads, uint64_t seed, bones_headtohead_game *out)
{
	h2h_work w = {plugin, opts, spec_a, spec_b, games, 0, seed, out,
		      PTHREAD_MUTEX_INITIALIZER, 0};
	if (games < 1)
		return BONES_EINVAL;
	bones_status st = count_players(plugin, opts, &w.players, out);
	if (st)
		return st;
	pthread_t tids[64];
	int started = 0;
	if (threads > 64)
		threads = 64;
	for (int i = 1; i < threads && i < games; i++, started++)
		if (pthread_create(&tids[started], NULL, worker, &w))
			break;
	worker(&w);
	for (int i = 0; i < started; i++)
		pthread_join(tids[i], NULL);
	pthread_mutex_destroy(&w.lock);
	for (int g = 0; g < games; g++)
		if (out[g].status)
			return out[g].status;
	return BONES_OK;
}
