/* Repairing the engine's guesses of masked chance outcomes when a later move
 * contradicts them; see engine_redeal.h and docs/formats.md. */
#include "engine_redeal.h"

#include <stdlib.h>
#include <string.h>

#define BUDGET 1000000 /* moves replayed at most per repair */

typedef char prefix_text[BONES_MOVE_TEXT_MAX];

/* Legal outcomes now whose notation starts with prefix, except `except`. */
static size_t matching(const bones_session *s, const char *prefix, bones_move except,
		       bones_move *out)
{
	const bones_plugin *p = bones_session_plugin(s);
	const void *game = bones_session_game(s), *state = bones_session_state(s);
	size_t n = p->legal_moves(game, state, out, NULL, bones_session_info(s)->max_moves);
	size_t k = 0, plen = strlen(prefix);
	for (size_t i = 0; i < n; i++) {
		char t[BONES_MOVE_TEXT_MAX];
		if (out[i] != except && p->format_move(game, state, out[i], t, sizeof t) &&
		    !strncmp(t, prefix, plen))
			out[k++] = out[i];
	}
	return k;
}

static void back_to(bones_session *s, size_t length)
{
	while (bones_session_length(s) > length)
		bones_session_undo(s);
}

/* The state of one repair. */
struct redeal {
	const bool *masked;
	const prefix_text *prefix;
	bones_move *current; /* the history being tried */
	size_t length;
	const char *text;
	bones_move *cands, *scratch;
	long budget[1];      /* moves replayed before giving up */
};

/* Replay saved[from..to); a guess that no longer fits becomes the first that does. */
static bool replay(bones_session *s, const bool *masked, const prefix_text *prefix,
		   const bones_move *saved, size_t from, size_t to, bones_move *scratch,
		   long *budget)
{
	for (size_t k = from; k < to; k++) {
		if (--*budget < 0)
			return false;
		if (!bones_session_play(s, saved[k]))
			continue;
		if (!masked[k] || !matching(s, prefix[k], saved[k], scratch) ||
		    bones_session_play(s, scratch[0]))
			return false;
	}
	return true;
}

/* How far the history with guess j changed to c is from allowing text: -1 when the
 * rest no longer replays, 0 when text is legal after it, else the number of legal moves
 * at the end (fewer is closer: a pass becomes legal once nothing else is). The session
 * is left at the end of that history. */
static long distance(bones_session *s, struct redeal *r, size_t j, bones_move c)
{
	const bones_plugin *p = bones_session_plugin(s);
	bones_move m;
	back_to(s, j);
	if (bones_session_play(s, c) ||
	    !replay(s, r->masked, r->prefix, r->current, j + 1, r->length, r->scratch,
		    &r->budget[0]))
		return -1;
	if (bones_session_to_move(s) == BONES_TERMINAL)
		return -1;
	if (!p->parse_move(bones_session_game(s), bones_session_state(s), r->text, &m))
		return 0;
	return (long)p->legal_moves(bones_session_game(s), bones_session_state(s), r->scratch,
				    NULL, bones_session_info(s)->max_moves) + 1;
}

/* One step of the descent: the single change of a guess that brings text closest;
 * true with *done when text became legal. Applies the best change to r->current. */
static bool step(bones_session *s, struct redeal *r, long *best, bool *done)
{
	size_t best_j = r->length;
	bones_move best_c = 0;
	for (size_t j = r->length; j-- > 0 && r->budget[0] > 0;) {
		if (!r->masked[j])
			continue;
		back_to(s, j);
		size_t n = matching(s, r->prefix[j], r->current[j], r->cands);
		for (size_t c = 0; c < n && r->budget[0] > 0; c++) {
			bones_move cand = r->cands[c];
			long d = distance(s, r, j, cand);
			if (d == 0) {
				*done = true;
				return true;
			}
			if (d > 0 && d < *best) {
				*best = d;
				best_j = j;
				best_c = cand;
			}
		}
	}
	if (best_j == r->length || distance(s, r, best_j, best_c) < 0)
		return false;
	for (size_t k = best_j; k < r->length; k++)
		r->current[k] = bones_session_move_at(s, k);
	return true;
}

bones_status bones_engine_redeal(bones_session *s, const bool *masked, const char *text,
				 bones_move *scratch)
{
	const bones_plugin *p = bones_session_plugin(s);
	size_t length = bones_session_length(s), first = length;
	bones_move *saved = malloc((length + 1) * sizeof *saved);
	struct redeal r = {.masked = masked, .length = length, .text = text, .scratch = scratch,
			   .budget = {BUDGET}};
	prefix_text *prefix = calloc(length + 1, sizeof *prefix);
	r.current = malloc((length + 1) * sizeof *r.current);
	r.cands = malloc((bones_session_info(s)->max_moves + 1) * sizeof *r.cands);
	r.prefix = prefix;
	bool ok = false, done = false;
	for (size_t k = 0; saved && prefix && r.current && r.cands && k < length; k++) {
		saved[k] = r.current[k] = bones_session_move_at(s, k);
		if (!masked[k] || !p->format_move(bones_session_game(s),
						  bones_session_state_at(s, k), saved[k], prefix[k],
						  sizeof prefix[k]))
			continue;
		size_t colon = strcspn(prefix[k], ":"); /* "deal:3-5" -> "deal:", "x" -> "" */
		prefix[k][prefix[k][colon] ? colon + 1 : 0] = '\0';
		first = first < k ? first : k;
	}
	long best = (long)p->legal_moves(bones_session_game(s), bones_session_state(s), scratch,
					 NULL, bones_session_info(s)->max_moves) + 1;
	for (int iter = 0; first < length && iter < 32 && !done; iter++)
		if (!step(s, &r, &best, &done))
			break;
	if (done) {
		bones_move m;
		ok = !p->parse_move(bones_session_game(s), bones_session_state(s), text, &m) &&
		     !bones_session_play(s, m);
	}
	if (!ok && first < length) { /* put the history back as it was */
		back_to(s, first);
		for (size_t k = first; k < length; k++)
			bones_session_play(s, saved[k]);
	}
	free(saved);
	free(prefix);
	free(r.current);
	free(r.cands);
	return ok ? BONES_OK : BONES_EILLEGAL;
}
