/* The engine's last resort (see engine_internal.h and docs/formats.md): when no repair
 * of its guesses fits a move within the repair's budget, the engine plays on a position
 * of its own, a copy of its guessed one whose hidden part is resampled (the plugin's
 * resample for the engine's seat) until the move fits. What the seat sees stays as it
 * is, so the seat's own legal moves there are its legal moves in the real game; what it
 * cannot see may no longer agree with the whole history, which only a repair promises. */
#include "engine_internal.h"

#include "bones/guard.h"
#include "bones/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIT_TRIES 4096   /* resamples of the position itself per move that must fit */
#define BACK_TRIES 4096  /* then resamples at each earlier entry tried */
#define BACK_WORK 50000  /* history entries those replay at most */

bool bones_engine_goal_holds(const bones_plugin *p, const void *game, const void *state,
			     bones_redeal_goal goal)
{
	bones_move m;
	int who = p->to_move(game, state);
	if ((goal.seat >= 0 && who != goal.seat) || (goal.chance && who != BONES_CHANCE))
		return false;
	return !goal.text || (who != BONES_TERMINAL && !p->parse_move(game, state, goal.text, &m));
}

const void *bones_engine_position(const bones_engine *e)
{
	return e->lost ? e->lost : bones_session_state(e->session);
}

int bones_engine_to_move(const bones_engine *e)
{
	/* checked: a player out of range reads as the end (tomove names the fault) */
	return bones_guard_to_move(bones_session_plugin(e->session), bones_session_game(e->session),
				   bones_session_info(e->session), bones_engine_position(e), NULL, 0);
}

bool bones_engine_masked_outcome(bones_engine *e, const void *state, const char *text,
				 bones_move *move)
{
	const bones_plugin *p = bones_session_plugin(e->session);
	const void *game = bones_session_game(e->session);
	size_t len = strlen(text);
	if (!len || text[len - 1] != '?' || p->to_move(game, state) != BONES_CHANCE)
		return false;
	size_t n = bones_guard_legal_moves(p, game, state, e->moves, NULL,
					   bones_session_info(e->session)->max_moves, NULL, 0);
	size_t match = 0;
	for (size_t i = 0; i < n; i++) {
		char t[BONES_MOVE_TEXT_MAX];
		if (p->format_move(game, state, e->moves[i], t, sizeof t) &&
		    !strncmp(t, text, len - 1))
			e->moves[match++] = e->moves[i];
	}
	if (!match)
		return false;
	*move = e->moves[bones_rng_below(&e->guesses, (uint32_t)match)];
	return true;
}

/* Whether a masked goal (its text ends in '?') has an outcome at state. */
static bool fits(bones_engine *e, const void *state, bones_redeal_goal goal)
{
	const bones_plugin *p = bones_session_plugin(e->session);
	const char *text = goal.text;
	size_t len = text ? strlen(text) : 0;
	bones_move m;
	if (len && text[len - 1] == '?') {
		bones_rng keep = e->guesses; /* a look, not a guess: the draws stay as they were */
		bool found = bones_engine_masked_outcome(e, state, text, &m);
		e->guesses = keep;
		goal.text = NULL;
		if (!found)
			return false;
	}
	return bones_engine_goal_holds(p, bones_session_game(e->session), state, goal);
}

/* History entry i's text as the engine was sent it: a guessed outcome masked again
 * ("deal:?"). False when the plugin cannot write it. */
static bool entry_text(const bones_engine *e, size_t i, char *text, size_t cap)
{
	const bones_session *s = e->session;
	size_t n = bones_session_length(s);
	if (i >= n) {
		snprintf(text, cap, "%s", e->lost_texts[i - n]);
		return true;
	}
	if (!bones_session_plugin(s)->format_move(bones_session_game(s),
						   bones_session_state_at(s, i),
						   bones_session_move_at(s, i), text, cap))
		return false;
	if (i < e->masked_cap && e->masked[i]) {
		char *colon = strchr(text, ':');
		strcpy(colon ? colon + 1 : text, "?");
	}
	return true;
}

/* The position before history entry i (i <= the length): the session's, or one kept
 * by bones_engine_lost_play, or the engine's own at the end. */
static const void *state_before(const bones_engine *e, size_t i)
{
	size_t n = bones_session_length(e->session);
	if (i < n || !e->lost)
		return bones_session_state_at(e->session, i);
	if (i == e->lost_length)
		return e->lost;
	return e->lost_before + (i - n) * bones_session_info(e->session)->state_size;
}

/* Replay the entries from `from` on state, the masked ones drawn afresh; false at the
 * first that does not apply there. */
static bool replay_on(bones_engine *e, void *state, size_t from)
{
	const bones_plugin *p = bones_session_plugin(e->session);
	const void *game = bones_session_game(e->session);
	size_t end = e->lost ? e->lost_length : bones_session_length(e->session);
	for (size_t i = from; i < end; i++) {
		char text[BONES_MOVE_TEXT_MAX];
		bones_move m;
		if (!entry_text(e, i, text, sizeof text) ||
		    p->to_move(game, state) == BONES_TERMINAL ||
		    (!bones_engine_masked_outcome(e, state, text, &m) &&
		     p->parse_move(game, state, text, &m)) ||
		    p->apply(game, state, m))
			return false;
	}
	return true;
}

/* A position where goal holds, into state (which holds the engine's position): first
 * that position resampled, then the one 1, 2, 4, ... entries back resampled and the
 * entries since replayed on it, the masked ones drawn afresh (at the lead, who leads
 * was drawn with the deal). A bounded number of tries. */
static bool refit(bones_engine *e, void *state, void *tried, bones_redeal_goal goal)
{
	const bones_plugin *p = bones_session_plugin(e->session);
	const void *game = bones_session_game(e->session);
	size_t size = bones_session_info(e->session)->state_size;
	size_t end = e->lost ? e->lost_length : bones_session_length(e->session);
	long work = 0;
	if (fits(e, state, goal))
		return true;
	for (int i = 0; i < FIT_TRIES; i++) {
		memcpy(tried, state, size);
		p->resample(game, tried, e->seat, bones_rng_next_void, &e->guesses);
		if (fits(e, tried, goal))
			return memcpy(state, tried, size), true;
	}
	for (size_t back = 1; back <= end && work < BACK_WORK; back *= 2)
		for (int i = 0; i < BACK_TRIES && work < BACK_WORK; i++) {
			memcpy(tried, state_before(e, end - back), size);
			p->resample(game, tried, e->seat, bones_rng_next_void, &e->guesses);
			work += (long)back;
			if (replay_on(e, tried, end - back) && fits(e, tried, goal))
				return memcpy(state, tried, size), true;
		}
	return false;
}

bool bones_engine_lose(bones_engine *e, bones_redeal_goal goal)
{
	const bones_plugin *p = bones_session_plugin(e->session);
	size_t size = bones_session_info(e->session)->state_size;
	bool guessed = e->lost != NULL;
	for (size_t i = 0; i < bones_session_length(e->session) && i < e->masked_cap; i++)
		guessed |= e->masked[i];
	if (!guessed || !p->resample || e->seat < 0)
		return false;
	void *state = malloc(size), *tried = malloc(size);
	bool ok = state && tried;
	if (ok) {
		memcpy(state, bones_engine_position(e), size);
		ok = refit(e, state, tried, goal);
	}
	free(tried);
	if (!ok) {
		free(state);
		return false;
	}
	if (!e->lost)
		e->lost_length = bones_session_length(e->session);
	free(e->lost);
	e->lost = state;
	return true;
}

bones_status bones_engine_lost_play(bones_engine *e, const char *text, char *err,
				    size_t errcap)
{
	const bones_plugin *p = bones_session_plugin(e->session);
	const void *game = bones_session_game(e->session);
	size_t size = bones_session_info(e->session)->state_size;
	size_t k = e->lost_length - bones_session_length(e->session);
	bones_move m;
	bones_status st = BONES_EILLEGAL;
	if (k >= e->lost_cap) { /* room to keep the text and the position before it */
		size_t cap = (k + 1) * 2;
		char(*texts)[BONES_MOVE_TEXT_MAX] = realloc(e->lost_texts, cap * sizeof *texts);
		if (texts)
			e->lost_texts = texts;
		unsigned char *before = texts ? realloc(e->lost_before, cap * size) : NULL;
		if (!before) {
			snprintf(err, errcap, "out of memory");
			return BONES_ENOMEM;
		}
		e->lost_before = before;
		e->lost_cap = cap;
	}
	memcpy(e->lost_before + k * size, e->lost, size);
	int who = p->to_move(game, e->lost);
	if (who != BONES_TERMINAL)
		st = bones_engine_masked_outcome(e, e->lost, text, &m)
			     ? BONES_OK
			     : p->parse_move(game, e->lost, text, &m);
	if (!st)
		st = p->apply(game, e->lost, m);
	if (!st) {
		snprintf(e->lost_texts[k], sizeof e->lost_texts[k], "%s", text);
		e->lost_length++;
	}
	else
		snprintf(err, errcap, _("move %zu: '%s': %s"), e->lost_length + 1, text,
			 who == BONES_TERMINAL	 ? _("the game is over")
			 : st == BONES_EPARSE ? _("not a move of this game")
					      : _("not legal now"));
	return st;
}
