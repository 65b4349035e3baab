/* A game in progress: configured game, state, history and chance RNG; see session.h. */
#include "bones/kit_board.h"
#include "bones/session.h"

#include "bones/guard.h"
#include "bones/host.h"
#include "bones/i18n.h"
#include "bones/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bones_session {
	const bones_plugin *plugin;
	bones_host host;
	void *game;
	bones_game_info info;
	char *options_text;
	uint64_t seed;       /* chance at move i draws from an RNG seeded by (seed, i), so
				an undo cannot re-roll a draw and a seed reproduces a game */
	size_t length;       /* moves made */
	size_t capacity;     /* room in moves, movers and states (states holds capacity+1) */
	bones_move *moves;
	int *movers;
	unsigned char *states; /* state before move i at i * state_size; current at length */
	bones_move *scratch;   /* max_moves moves and probabilities for chance */
	double *probs;
	char *fault; /* FAULT_MAX bytes: the plugin's first value out of range,
			"" while none; behind a pointer so const readers may
			note it */
};

#define FAULT_MAX 256

static unsigned char *state_slot(const bones_session *s, size_t index)
{
	return s->states + index * s->info.state_size;
}

static bones_status grow(bones_session *s)
{
	size_t cap = s->capacity ? s->capacity * 2 : 64;
	bones_move *moves = realloc(s->moves, cap * sizeof *moves);
	if (!moves)
		return BONES_ENOMEM;
	s->moves = moves;
	int *movers = realloc(s->movers, cap * sizeof *movers);
	if (!movers)
		return BONES_ENOMEM;
	s->movers = movers;
	unsigned char *states = realloc(s->states, (cap + 1) * s->info.state_size);
	if (!states)
		return BONES_ENOMEM;
	s->states = states;
	s->capacity = cap;
	return BONES_OK;
}

bones_status bones_session_create(const bones_plugin *plugin, const bones_options *opts,
				  uint64_t seed, bones_session **out, char *err,
				  size_t errcap)
{
	bones_session *s = calloc(1, sizeof *s);
	char text[1024];
	bones_status st = BONES_ENOMEM;
	*out = NULL;
	if (!s)
		goto out_nomem;
	s->plugin = plugin;
	s->seed = seed;
	bones_host_init(&s->host);
	bones_options_format(opts, true, text, sizeof text);
	s->options_text = strdup(text);
	if (!s->options_text)
		goto out_nomem;
	s->info.size = sizeof s->info;
	if (errcap)
		err[0] = '\0';
	st = plugin->configure(&s->host, opts->values, &s->game, &s->info, err, errcap);
	if (st) {
		if (errcap && !err[0])
			snprintf(err, errcap, _("%s: the plugin refused these options"),
				 plugin->id);
		goto out_free;
	}
	if ((st = bones_guard_info(plugin, &s->info, err, errcap)))
		goto out_free;
	s->scratch = malloc(s->info.max_moves * sizeof *s->scratch);
	s->probs = malloc(s->info.max_moves * sizeof *s->probs);
	s->fault = calloc(1, FAULT_MAX);
	st = BONES_ENOMEM;
	if (!s->scratch || !s->probs || !s->fault || grow(s))
		goto out_nomem;
	bones_session_restart(s, seed);
	*out = s;
	return BONES_OK;
out_nomem:
	if (errcap)
		snprintf(err, errcap, _("%s: out of memory"), plugin->id);
out_free:
	bones_session_destroy(s);
	return st;
}

void bones_session_restart(bones_session *s, uint64_t seed)
{
	s->seed = seed;
	s->length = 0;
	s->fault[0] = '\0';
	memset(state_slot(s, 0), 0, s->info.state_size);
	s->plugin->init_state(s->game, state_slot(s, 0));
}

void bones_session_destroy(bones_session *s)
{
	if (!s)
		return;
	if (s->game)
		s->plugin->destroy_game(s->game);
	free(s->options_text);
	free(s->moves);
	free(s->movers);
	free(s->states);
	free(s->scratch);
	free(s->probs);
	free(s->fault);
	free(s);
}

const bones_plugin *bones_session_plugin(const bones_session *s) { return s->plugin; }
const void *bones_session_game(const bones_session *s) { return s->game; }
const bones_game_info *bones_session_info(const bones_session *s) { return &s->info; }
const bones_host *bones_session_host(const bones_session *s) { return &s->host; }
const char *bones_session_options_text(const bones_session *s) { return s->options_text; }
uint64_t bones_session_seed(const bones_session *s) { return s->seed; }
size_t bones_session_length(const bones_session *s) { return s->length; }

const void *bones_session_state(const bones_session *s)
{
	return state_slot(s, s->length);
}

int bones_session_to_move(const bones_session *s)
{
	if (s->fault[0])
		return BONES_TERMINAL;
	return bones_guard_to_move(s->plugin, s->game, &s->info, bones_session_state(s), s->fault,
				   FAULT_MAX);
}

const char *bones_session_fault(const bones_session *s)
{
	return s->fault[0] ? s->fault : NULL;
}

const char *bones_session_check(const bones_session *s)
{
	int who = bones_session_to_move(s);
	if (who == BONES_TERMINAL || s->fault[0])
		return bones_session_fault(s);
	const void *state = bones_session_state(s);
	size_t n = bones_guard_legal_moves(s->plugin, s->game, state, s->scratch,
					   who == BONES_CHANCE ? s->probs : NULL, s->info.max_moves,
					   s->fault, FAULT_MAX);
	if (!n && !s->fault[0])
		snprintf(s->fault, FAULT_MAX, "plugin '%s': legal_moves listed no move where %s is to move",
			 s->plugin->id, who == BONES_CHANCE ? "chance" : "a player");
	double scores[BONES_GUARD_MAX_PLAYERS];
	if (!s->fault[0])
		bones_guard_scores(s->plugin, s->game, &s->info, state, scores, s->fault,
				   FAULT_MAX);
	return bones_session_fault(s);
}

bones_move bones_session_move_at(const bones_session *s, size_t index)
{
	return s->moves[index];
}

const void *bones_session_state_at(const bones_session *s, size_t index)
{
	return index <= s->length ? state_slot(s, index) : NULL;
}

int bones_session_mover_at(const bones_session *s, size_t index)
{
	return s->movers[index];
}

bones_status bones_session_play(bones_session *s, bones_move move)
{
	int mover = bones_session_to_move(s);
	if (mover == BONES_TERMINAL)
		return BONES_EILLEGAL;
	if (s->length == s->capacity && grow(s))
		return BONES_ENOMEM;
	unsigned char *next = state_slot(s, s->length + 1);
	memcpy(next, state_slot(s, s->length), s->info.state_size);
	bones_status st = s->plugin->apply(s->game, next, move);
	if (st)
		return st;
	s->moves[s->length] = move;
	s->movers[s->length] = mover;
	s->length++;
	return BONES_OK;
}

bones_status bones_session_play_text(bones_session *s, const char *text, char *err,
				     size_t errcap)
{
	static const char *const reasons[] = {
		[BONES_EPARSE] = N_("not a move of this game"),
		[BONES_EILLEGAL] = N_("not legal now"),
	};
	bones_move move;
	bones_status st = BONES_EILLEGAL;
	if (bones_session_to_move(s) != BONES_TERMINAL)
		st = s->plugin->parse_move(s->game, bones_session_state(s), text, &move);
	if (!st)
		st = bones_session_play(s, move);
	if (st && errcap) {
		const char *why = bones_session_to_move(s) == BONES_TERMINAL ? _("the game is over")
				  : (st == BONES_EPARSE || st == BONES_EILLEGAL) ? _(reasons[st])
				  : _("refused");
		snprintf(err, errcap, _("move %zu: '%s': %s"), s->length + 1, text, why);
	}
	return st;
}

bones_status bones_session_sample_chance(const bones_session *s, bones_move *move)
{
	if (bones_session_to_move(s) != BONES_CHANCE)
		return BONES_EINVAL;
	size_t n = bones_guard_legal_moves(s->plugin, s->game, bones_session_state(s), s->scratch,
					   s->probs, s->info.max_moves, s->fault, FAULT_MAX);
	if (n == 0)
		return BONES_EINVAL;
	bones_rng rng;
	bones_rng_seed(&rng, s->seed ^ (0x9e3779b97f4a7c15ull * (s->length + 1)));
	*move = s->scratch[bones_rng_pick(&rng, s->probs, n)];
	return BONES_OK;
}

bones_status bones_session_resolve_chance(bones_session *s)
{
	while (bones_session_to_move(s) == BONES_CHANCE) {
		bones_move move;
		bones_status st = bones_session_sample_chance(s, &move);
		if (!st)
			st = bones_session_play(s, move);
		if (st)
			return st;
	}
	return BONES_OK;
}

bones_status bones_session_undo(bones_session *s)
{
	if (s->length == 0)
		return BONES_ERANGE;
	s->length--;
	return BONES_OK;
}

bool bones_session_seen_text(const bones_session *s, size_t index, int viewer, char *text,
			     size_t cap)
{
	const bones_plugin *p = bones_session_plugin(s);
	const void *game = bones_session_game(s), *before = bones_session_state_at(s, index);
	bones_move m = bones_session_move_at(s, index);
	if (!p->format_move(game, before, m, text, cap))
		snprintf(text, cap, "?");
	if (!p->move_visible || p->move_visible(game, before, m, viewer))
		return true;
	char *colon = strchr(text, ':');
	size_t at = colon ? (size_t)(colon - text) + 1 : 0;
	if (at + 2 <= cap)
		memcpy(text + at, "?", 2);
	return false;
}

bool bones_session_move_label(const bones_session *s, bones_move move, char *buf, size_t cap)
{
	const bones_plugin *p = bones_session_plugin(s);
	const void *game = bones_session_game(s), *state = bones_session_state(s);
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, p, game, &rg);
	if (r && BONES_RENDER_HAS(r, move_label) && r->move_label(rg, state, move, buf, cap))
		return true;
	return p->format_move(game, state, move, buf, cap) > 0;
}

bool bones_session_chance_words(const bones_session *s, size_t index, char *buf, size_t cap)
{
	const bones_plugin *p = bones_session_plugin(s);
	const void *game = bones_session_game(s);
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, p, game, &rg);
	return r && BONES_RENDER_HAS(r, describe_chance) &&
	       r->describe_chance(rg, bones_session_state_at(s, index),
				  bones_session_move_at(s, index), buf, cap);
}

bool bones_session_rules_text(const bones_session *s, char *buf, size_t cap)
{
	const bones_plugin *p = bones_session_plugin(s);
	const void *game = bones_session_game(s);
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, p, game, &rg);
	if (cap)
		buf[0] = '\0';
	return r && BONES_RENDER_HAS(r, rules_text) && r->rules_text(rg, buf, cap) && buf[0];
}
