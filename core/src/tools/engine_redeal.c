/* Repairing the engine's guesses of masked chance outcomes when a later move
 * contradicts them; see engine_internal.h and docs/formats.md.
 *
 * Histories are kept as notation, not as packed moves: a move's number may depend on
 * the state it was made in, its text does not. A guessed outcome's text is its prefix
 * ("deal:") and an item ("3-5"); the same item may come under another prefix later
 * ("draw:3-5"), which is how a change of one guess swaps with a later one. */
#include "engine_internal.h"

#include "bones/rng.h"

#include <stdlib.h>
#include <string.h>

#define STALE_STEPS 24   /* steps without progress before a kick */
#define KICK 3           /* guesses a kick changes at random */
#define RESTART_KICKS 8  /* every so many kicks, all guesses are drawn afresh */

typedef char move_text[BONES_MOVE_TEXT_MAX];

/* How far a history got: the first entry that failed (length when all replayed), the
 * legal moves there (fewer is closer: a pass becomes legal once nothing else is), and
 * whether everything replayed and the goal holds. */
typedef struct score {
	size_t reached, legal;
	bool done;
} score;

struct search {
	bones_session *s;
	const bones_plugin *p;
	const bool *masked;
	size_t length, first;   /* entries; the first guessed one */
	size_t *prefix;         /* per guessed entry: the length of its prefix ("deal:") */
	move_text *keep;        /* the best history so far */
	move_text *trial;       /* the history being tried */
	move_text *top;         /* the best history of this step */
	move_text *names;       /* outcomes that match a prefix, info.max_moves */
	bones_move *moves;      /* info.max_moves */
	bones_redeal_goal goal;
	bones_rng rng;
	long budget;            /* entries left to replay */
};

static bool better(score a, score b)
{
	if (a.done != b.done)
		return a.done;
	if (a.reached != b.reached)
		return a.reached > b.reached;
	return a.legal < b.legal;
}

static void back_to(bones_session *s, size_t length)
{
	while (bones_session_length(s) > length)
		bones_session_undo(s);
}

static bool play_text(struct search *q, const char *text)
{
	bones_move m;
	return bones_session_to_move(q->s) != BONES_TERMINAL &&
	       !q->p->parse_move(bones_session_game(q->s), bones_session_state(q->s), text, &m) &&
	       !bones_session_play(q->s, m);
}

static size_t legal_count(struct search *q)
{
	if (bones_session_to_move(q->s) == BONES_TERMINAL)
		return 0;
	return q->p->legal_moves(bones_session_game(q->s), bones_session_state(q->s), q->moves,
				 NULL, bones_session_info(q->s)->max_moves);
}

/* The outcomes legal now with the prefix of guessed entry k, into q->names. */
static size_t matching(struct search *q, size_t k)
{
	const void *game = bones_session_game(q->s), *state = bones_session_state(q->s);
	size_t n = legal_count(q), found = 0;
	for (size_t i = 0; i < n; i++)
		if (q->p->format_move(game, state, q->moves[i], q->names[found], sizeof(move_text)) &&
		    !strncmp(q->names[found], q->keep[k], q->prefix[k]))
			found++;
	return found;
}

static bool goal_holds(struct search *q)
{
	return bones_engine_goal_holds(q->p, bones_session_game(q->s), bones_session_state(q->s),
				       q->goal);
}

/* Count one entry replayed; true when the budget is spent. */
static bool spent(struct search *q)
{
	if (q->budget > 0)
		q->budget--;
	return q->budget <= 0;
}

/* Replay q->trial from entry j (the session holds the entries before j). A guess that
 * no longer fits (another guess took its item) is drawn again among those that do, as
 * every guess is when `fresh`. */
static score replay(struct search *q, size_t j, bool fresh)
{
	back_to(q->s, j);
	for (size_t k = j; k < q->length; k++) {
		if (spent(q))
			return (score){k, 0, false};
		if ((!fresh || !q->masked[k]) && play_text(q, q->trial[k]))
			continue;
		size_t n = q->masked[k] ? matching(q, k) : 0;
		if (!n)
			return (score){k, legal_count(q), false};
		memcpy(q->trial[k], q->names[bones_rng_below(&q->rng, (uint32_t)n)],
		       sizeof(move_text));
		play_text(q, q->trial[k]);
	}
	return (score){q->length, q->goal.text ? legal_count(q) : 0, goal_holds(q)};
}

/* A random guess before entry `before`, or q->length when there is none. */
static size_t random_guess(struct search *q, size_t before)
{
	size_t count = 0, j = q->first;
	for (size_t k = q->first; k < before && k < q->length; k++)
		count += q->masked[k];
	if (!count)
		return q->length;
	for (size_t pick = bones_rng_below(&q->rng, (uint32_t)count);; j++)
		if (q->masked[j] && pick-- == 0)
			return j;
}

/* Bring the session to the kept history's first j entries. */
static void sync_to(struct search *q, size_t j)
{
	back_to(q->s, q->first);
	for (size_t k = q->first; k < j; k++)
		play_text(q, q->keep[k]);
}

/* Guess j changed to outcome c: the first later guess of c's item takes j's old item. */
static score try_change(struct search *q, size_t j, const char *c)
{
	const char *item = c + q->prefix[j], *old = q->keep[j] + q->prefix[j];
	memcpy(q->trial, q->keep, q->length * sizeof *q->trial);
	for (size_t k = j + 1; k < q->length; k++)
		if (q->masked[k] && !strcmp(q->keep[k] + q->prefix[k], item)) {
			if (q->prefix[k] + strlen(old) < sizeof(move_text))
				strcpy(q->trial[k] + q->prefix[k], old);
			break;
		}
	memcpy(q->trial[j], c, sizeof(move_text));
	return replay(q, j, false);
}

/* One step: the best change of one guess before the failing entry, chosen at random;
 * a change that is no worse is kept. True when it got further. */
static bool step(struct search *q, score *best)
{
	size_t j = random_guess(q, best->reached);
	if (j == q->length)
		return false;
	sync_to(q, j);
	size_t n = matching(q, j);
	move_text *cands = malloc((n ? n : 1) * sizeof *cands);
	if (!cands)
		return false;
	memcpy(cands, q->names, n * sizeof *cands);
	score top = {0, 0, false};
	bool found = false;
	for (size_t i = 0; i < n && q->budget > 0; i++) {
		if (!strcmp(cands[i], q->keep[j]))
			continue;
		score sc = try_change(q, j, cands[i]);
		if (!found || better(sc, top)) {
			top = sc;
			found = true;
			memcpy(q->top, q->trial, q->length * sizeof *q->top);
		}
	}
	free(cands);
	if (!found || better(*best, top))
		return false;
	bool progress = better(top, *best);
	memcpy(q->keep, q->top, q->length * sizeof *q->keep);
	*best = top;
	return progress;
}

/* Stuck: change KICK random guesses at random, whatever that costs, and go on from
 * there; every RESTART_KICKS kicks, draw every guess afresh instead. */
static score kick(struct search *q, score best, int kicks)
{
	if (kicks % RESTART_KICKS == 0) {
		memcpy(q->trial, q->keep, q->length * sizeof *q->trial);
		best = replay(q, q->first, true);
		memcpy(q->keep, q->trial, q->length * sizeof *q->keep);
		return best;
	}
	for (int i = 0; i < KICK; i++) {
		size_t j = random_guess(q, best.reached);
		if (j == q->length)
			break;
		sync_to(q, j);
		size_t n = matching(q, j);
		if (!n)
			continue;
		move_text c;
		memcpy(c, q->names[bones_rng_below(&q->rng, (uint32_t)n)], sizeof c);
		best = try_change(q, j, c);
		memcpy(q->keep, q->trial, q->length * sizeof *q->keep);
	}
	return best;
}

/* The search itself, on the allocated q; on success the session holds the history. */
static bool search(struct search *q)
{
	memcpy(q->trial, q->keep, q->length * sizeof *q->trial);
	score best = replay(q, q->first, false);
	memcpy(q->keep, q->trial, q->length * sizeof *q->keep);
	int blind = 0;
	for (int stale = 0, kicks = 0; !best.done && q->budget > 0;) {
		/* for a goal of who moves, a history that replays whole is no closer or
		 * farther than another: every other try then draws all guesses afresh (a
		 * blind walk of single changes alone has a long tail) */
		if (!q->goal.text && best.reached == q->length && (++blind & 1)) {
			best = kick(q, best, RESTART_KICKS);
			continue;
		}
		if (step(q, &best)) {
			stale = 0;
			continue;
		}
		if (++stale < STALE_STEPS)
			continue;
		stale = 0;
		best = kick(q, best, ++kicks);
	}
	if (!best.done)
		return false;
	memcpy(q->trial, q->keep, q->length * sizeof *q->trial);
	q->budget = (long)q->length + 1;
	return replay(q, q->first, false).done;
}

bones_status bones_engine_redeal(bones_session *s, const bool *masked, bones_redeal_goal goal,
				 uint64_t seed, long budget)
{
	const bones_plugin *p = bones_session_plugin(s);
	size_t length = bones_session_length(s), cap = length + 1;
	size_t max_moves = bones_session_info(s)->max_moves + 1;
	struct search q = {.s = s, .p = p, .masked = masked, .length = length, .first = length,
			   .goal = goal, .budget = budget > 0 ? budget : BONES_ENGINE_REPAIR_DEFAULT};
	bones_rng_seed(&q.rng, seed ^ length);
	q.prefix = calloc(cap, sizeof *q.prefix);
	q.keep = calloc(cap, sizeof *q.keep);
	q.trial = malloc(cap * sizeof *q.trial);
	q.top = malloc(cap * sizeof *q.top);
	q.names = malloc(max_moves * sizeof *q.names);
	q.moves = malloc(max_moves * sizeof *q.moves);
	bool ok = q.prefix && q.keep && q.trial && q.top && q.names && q.moves;
	for (size_t k = 0; ok && k < length; k++) {
		ok = p->format_move(bones_session_game(s), bones_session_state_at(s, k),
				    bones_session_move_at(s, k), q.keep[k], sizeof q.keep[k]) > 0;
		if (!masked[k])
			continue;
		size_t colon = strcspn(q.keep[k], ":"); /* "deal:3-5" -> "deal:", "x" -> "" */
		q.prefix[k] = q.keep[k][colon] ? colon + 1 : 0;
		q.first = q.first < k ? q.first : k;
	}
	move_text *saved = ok ? malloc(cap * sizeof *saved) : NULL;
	if (saved)
		memcpy(saved, q.keep, length * sizeof *saved);
	ok = saved && q.first < length && search(&q);
	if (!ok && saved && q.first < length) { /* put the history back as it was */
		memcpy(q.keep, saved, length * sizeof *saved);
		sync_to(&q, length);
	}
	free(saved);
	free(q.prefix);
	free(q.keep);
	free(q.trial);
	free(q.top);
	free(q.names);
	free(q.moves);
	return ok ? BONES_OK : BONES_EILLEGAL;
}
