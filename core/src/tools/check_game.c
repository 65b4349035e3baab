/* The checks along one random game of `bones check`: at every state, what plugin.h
 * promises about legal moves, notation, refusals, flat states, chance and hidden
 * information; at the end, ranks and scores. See check_internal.h. */
#include "check_internal.h"

#include "bones/dense.h"
#include "bones/i18n.h"
#include "bones/sort.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool in_list(const bones_move *moves, size_t n, bones_move m)
{
	for (size_t i = 0; i < n; i++)
		if (moves[i] == m)
			return true;
	return false;
}

static int compare_moves(const void *x, const void *y)
{
	bones_move a = *(const bones_move *)x, b = *(const bones_move *)y;
	return (a > b) - (a < b);
}

/* Whether m is one of the n legal moves of state a: ck->moves2 holds them sorted from
 * check_legal until check_hidden lists another state's. */
static bool legal_here(const checker *ck, size_t n, bones_move m)
{
	return bsearch(&m, ck->moves2, n, sizeof m, compare_moves) != NULL;
}

/* The first byte where two states differ, or -1. */
static long first_difference(const unsigned char *x, const unsigned char *y, size_t n)
{
	if (!memcmp(x, y, n)) /* the usual case, at memcmp's speed */
		return -1;
	for (size_t i = 0; i < n; i++)
		if (x[i] != y[i])
			return (long)i;
	return -1;
}

/* A state buffer of size bytes between two runs of canary bytes; NULL when out of
 * memory. Freed with free_state. */
static unsigned char *alloc_state(const checker *ck, size_t size)
{
	unsigned char *p = malloc(size + 2 * CHECK_GUARD);
	if (!p)
		return NULL;
	memcpy(p, ck->canary, CHECK_GUARD);
	memcpy(p + CHECK_GUARD + size, ck->canary, CHECK_GUARD);
	return p + CHECK_GUARD;
}

static void free_state(unsigned char *state)
{
	if (state)
		free(state - CHECK_GUARD);
}

/* The observation capability, when the plugin offers one, and two tensors of its
 * shape; a shape that is not valid leaves tensor set with tensor_count 0, for
 * check_init to report. */
static bool alloc_tensors(checker *ck)
{
	ck->tensor = bones_observe_find(ck->p, ck->game);
	if (!ck->tensor)
		return true;
	size_t dims[BONES_OBSERVATION_MAX_RANK];
	if (bones_observe_shape(ck->tensor, ck->game, dims, &ck->tensor_rank,
				&ck->tensor_count) ||
	    ck->tensor_count > ((size_t)1 << 28)) {
		ck->tensor_count = 0;
		return true;
	}
	ck->ten1 = malloc(ck->tensor_count * sizeof *ck->ten1);
	ck->ten2 = malloc(ck->tensor_count * sizeof *ck->ten2);
	return ck->ten1 && ck->ten2;
}

bool bones_check_alloc(checker *ck)
{
	size_t s = ck->info.state_size ? ck->info.state_size : 1;
	size_t m = ck->info.max_moves + 2;
	for (size_t i = 0; i < CHECK_GUARD; i++)
		ck->canary[i] = (unsigned char)(0x3c + 0x65 * i);
	ck->a = alloc_state(ck, s), ck->b = alloc_state(ck, s), ck->c = alloc_state(ck, s);
	ck->t = alloc_state(ck, s), ck->u = alloc_state(ck, s);
	ck->moves = malloc(m * sizeof *ck->moves);
	ck->moves2 = malloc(m * sizeof *ck->moves2);
	ck->sorting = malloc(m * sizeof *ck->sorting);
	ck->probs = malloc(m * sizeof *ck->probs);
	ck->obs1 = malloc(CHECK_OBS_CAP);
	ck->obs2 = malloc(CHECK_OBS_CAP);
	ck->cap = 1024;
	ck->history = malloc(ck->cap * sizeof *ck->history);
	ck->heap_moves = SIZE_MAX;
	bones_dense dense;
	bones_dense_init(&dense, ck->p, ck->game, &ck->info);
	ck->bound = dense.max_game_length;
	ck->render = bones_kit_board_render(&ck->kit, ck->p, ck->game, &ck->rg);
	if (!alloc_tensors(ck))
		return false;
	return ck->a && ck->b && ck->c && ck->t && ck->u && ck->moves && ck->moves2 &&
	       ck->sorting && ck->probs && ck->obs1 && ck->obs2 && ck->history;
}

void bones_check_free(checker *ck)
{
	free_state(ck->a), free_state(ck->b), free_state(ck->c);
	free_state(ck->t), free_state(ck->u);
	free(ck->moves), free(ck->moves2), free(ck->sorting), free(ck->probs);
	free(ck->obs1), free(ck->obs2), free(ck->history);
	free(ck->ten1), free(ck->ten2);
}

/* Legal moves of state a into ck->moves: count, sentinel, duplicates, probabilities. */
/* ABI 1.1's sample_move draws a move legal_moves lists (a few draws a state) and
 * leaves the state alone. */
static bool check_sample(checker *ck, size_t n)
{
	for (int k = 0; k < 4; k++) {
		bones_move m;
		memcpy(ck->t, ck->a, ck->info.state_size);
		bones_status st = ck->p->sample_move(ck->game, ck->t, bones_rng_next_void,
						     &ck->aux, &m);
		if (!bones_check_guarded(ck, ck->t, "sample_move"))
			return false;
		if (st != BONES_OK)
			return bones_check_fail(ck, N_("sample_move returned status %d where %zu moves are legal"),
				     (int)st, n);
		if (!legal_here(ck, n, m))
			return bones_check_fail(ck, N_("sample_move drew %#x, which legal_moves does not list"), m);
		if (memcmp(ck->t, ck->a, ck->info.state_size))
			return bones_check_fail(ck, N_("sample_move changed the state"));
	}
	ck->rep->checks += 3;
	return true;
}

static bool check_legal(checker *ck, int who, size_t *count)
{
	*count = 0;
	const bones_plugin *p = ck->p;
	const bones_move sentinel = 0xdeadbeefu;
	size_t max = ck->info.max_moves;
	/* cap one more than max_moves: a plugin that truncates at cap is caught too */
	ck->moves[max + 1] = sentinel;
	if (who == BONES_CHANCE) /* a probability not written shows: all bits set, a NaN */
		memset(ck->probs, 0xff, (max + 1) * sizeof *ck->probs);
	size_t n = p->legal_moves(ck->game, ck->a, ck->moves, ck->probs, max + 1);
	*count = n;
	if (ck->moves[max + 1] != sentinel)
		return bones_check_fail(ck, N_("legal_moves wrote past cap (%zu)"), max + 1);
	if (n == 0 || n > max)
		return bones_check_fail(ck, N_("legal_moves listed %zu moves (expected 1..max_moves = %zu) "
			     "in a state where to_move is %d"), n, max, who);
	memcpy(ck->moves2, ck->moves, n * sizeof *ck->moves);
	bones_sort_u32(ck->moves2, ck->sorting, n, UINT32_MAX);
	for (size_t i = 1; i < n; i++)
		if (ck->moves2[i] == ck->moves2[i - 1])
			return bones_check_fail(ck, N_("legal_moves lists move %#x twice"), ck->moves2[i]);
	ck->rep->checks += 3;
	if (p->sample_move && ck->full && !check_sample(ck, n))
		return false;
	if (who != BONES_CHANCE)
		return true;
	double sum = 0;
	for (size_t i = 0; i < n; i++) {
		if (isnan(ck->probs[i]))
			return bones_check_fail(ck, N_("to_move says chance, but legal_moves wrote no "
						"probability for outcome %zu of %zu (does it list a "
						"player's moves here?)"), i + 1, n);
		if (!(ck->probs[i] > 0) || ck->probs[i] > 1)
			return bones_check_fail(ck, N_("chance outcome %zu of %zu has probability %g (expected "
				     "0 < p <= 1)"), i + 1, n, ck->probs[i]);
		sum += ck->probs[i];
	}
	if (fabs(sum - 1) > 1e-9)
		return bones_check_fail(ck, N_("the %zu chance probabilities sum to %.12g, not 1"), n, sum);
	ck->rep->checks += n + 1;
	return true;
}

/* Every legal move formats to one word that parses back to itself: at a position that
 * gets every check, else CHECK_MOVE_SAMPLE of them at random. */
static bool check_notation(checker *ck, size_t n)
{
	const bones_plugin *p = ck->p;
	bool all = ck->full || n <= CHECK_MOVE_SAMPLE;
	size_t count = all ? n : CHECK_MOVE_SAMPLE;
	for (size_t j = 0; j < count; j++) {
		size_t i = all ? j : bones_rng_below(&ck->aux, (uint32_t)n);
		char text[BONES_MOVE_TEXT_MAX + 1];
		text[BONES_MOVE_TEXT_MAX] = '\0';
		size_t len = p->format_move(ck->game, ck->a, ck->moves[i], text,
					    BONES_MOVE_TEXT_MAX);
		if (len == 0 || len >= BONES_MOVE_TEXT_MAX || strlen(text) != len)
			return bones_check_fail(ck, N_("format_move of legal move %#x returned %zu (expected "
				     "1..%d, the length written)"), ck->moves[i], len,
				     BONES_MOVE_TEXT_MAX - 1);
		for (size_t k = 0; k < len; k++)
			if (text[k] <= ' ' || text[k] == ';' || text[k] == 0x7f)
				return bones_check_fail(ck, N_("notation '%s' has a space, ';' or control "
					     "character (records and the engine need one word)"),
					     text);
		bones_move back;
		bones_status st = p->parse_move(ck->game, ck->a, text, &back);
		if (st != BONES_OK)
			return bones_check_fail(ck, N_("parse_move('%s') of a legal move failed with status %d"),
				     text, (int)st);
		if (back != ck->moves[i])
			return bones_check_fail(ck, N_("'%s' is legal move %#x but parses to %#x"), text,
				     ck->moves[i], back);
		if (ck->text_len < CHECK_TEXTS)
			memcpy(ck->texts[ck->text_len++], text, len + 1);
		else
			memcpy(ck->texts[bones_rng_below(&ck->aux, CHECK_TEXTS)], text, len + 1);
	}
	ck->rep->checks += 3 * count;
	return true;
}

/* apply on a copy must refuse m (not legal here) and leave the copy unchanged. */
static bool refuses(checker *ck, bones_move m, const char *where)
{
	const bones_plugin *p = ck->p;
	size_t size = ck->info.state_size;
	char text[BONES_MOVE_TEXT_MAX];
	memcpy(ck->t, ck->a, size);
	bones_status st = p->apply(ck->game, ck->t, m);
	if (!bones_check_guarded(ck, ck->t, "apply"))
		return false;
	if (st != BONES_EILLEGAL)
		return bones_check_fail(ck, N_("apply accepted %s %#x, which legal_moves does not list "
			     "(status %d, expected BONES_EILLEGAL)"), where, m, (int)st);
	long at = first_difference(ck->t, ck->a, size);
	if (at >= 0)
		return bones_check_fail(ck, N_("apply refused %s %#x but changed the state (byte %ld)"), where,
			     m, at);
	if (p->format_move(ck->game, ck->a, m, text, sizeof text) != 0)
		return bones_check_fail(ck, N_("format_move wrote '%s' for %s %#x, which is not legal here "
			     "(expected 0)"), text, where, m);
	ck->rep->checks += 3;
	return true;
}

static bool check_parse_refuses(checker *ck, const char *text, size_t n)
{
	bones_move m;
	bones_status st = ck->p->parse_move(ck->game, ck->a, text, &m);
	if (st == BONES_OK && !legal_here(ck, n, m))
		return bones_check_fail(ck, N_("parse_move('%.80s') gave %#x, which is not legal here"), text, m);
	if (st != BONES_OK && st != BONES_EPARSE && st != BONES_EILLEGAL)
		return bones_check_fail(ck, N_("parse_move('%.80s') returned status %d (expected OK, EPARSE "
			     "or EILLEGAL)"), text, (int)st);
	ck->rep->checks++;
	return true;
}

/* Random values, moves of earlier states and garbage text are all refused. */
static bool check_refusals(checker *ck, size_t n)
{
	static const char *const garbage[] = {
		"", " ", "?", "-", "@", ",", "0", "-1", "4294967295", "99999999999999999999",
		"pass pass", "\t", "zz", "1-", "-1-1", "((", "%s%n", "1@", ";", "\xff\xfe",
	};
	for (int k = 0; k < 8; k++) {
		bones_move m = (bones_move)bones_rng_next(&ck->aux);
		if (k < 4)
			m &= 0xffu << (8 * k); /* small values too, where plugins pack moves */
		if (!legal_here(ck, n, m) && !refuses(ck, m, "random value"))
			return false;
	}
	for (int k = 0; k < 8 && ck->pool_len; k++) {
		bones_move m = ck->pool[bones_rng_below(&ck->aux, (uint32_t)ck->pool_len)];
		if (!legal_here(ck, n, m) && !refuses(ck, m, "a move legal elsewhere"))
			return false;
	}
	for (size_t k = 0; k < sizeof garbage / sizeof *garbage; k++)
		if (!check_parse_refuses(ck, garbage[k], n))
			return false;
	char longtext[300];
	memset(longtext, '1', sizeof longtext - 1);
	longtext[sizeof longtext - 1] = '\0';
	if (!check_parse_refuses(ck, longtext, n))
		return false;
	for (size_t k = 0; k < ck->text_len; k++) {
		char mutated[BONES_MOVE_TEXT_MAX + 2];
		snprintf(mutated, sizeof mutated, "%sx", ck->texts[k]);
		if (!check_parse_refuses(ck, ck->texts[k], n) ||
		    !check_parse_refuses(ck, mutated, n))
			return false;
	}
	return true;
}

/* The index of the first value where two tensors differ bit for bit, or -1. */
static long first_tensor_difference(const float *x, const float *y, size_t n)
{
	if (!memcmp(x, y, n * sizeof *x)) /* the usual case, at memcmp's speed */
		return -1;
	for (size_t i = 0; i < n; i++)
		if (memcmp(&x[i], &y[i], sizeof *x))
			return (long)i;
	return -1;
}

/* Whether the float of these bits is an infinity or a NaN (every exponent bit set). */
static uint32_t not_finite(const float *x)
{
	uint32_t bits;
	memcpy(&bits, x, sizeof bits);
	return (uint32_t)((bits & 0x7f800000u) == 0x7f800000u);
}

/* Whether every value of x[0..n) is finite: without a branch, in blocks of a fixed
 * length that the compiler vectorises (a large tensor is read at every sampled
 * position). */
static bool all_finite(const float *x, size_t n)
{
	uint32_t bad = 0;
	size_t i = 0;
	for (; i + 64 <= n; i += 64)
		for (size_t k = 0; k < 64; k++)
			bad |= not_finite(&x[i + k]);
	for (; i < n; i++)
		bad |= not_finite(&x[i]);
	return !bad;
}

/* Player q's observation tensor of state a (-1: a spectator's), filled into ck->ten1
 * and, over NaNs, into ck->ten2: every value written, finite, the same both times. */
static bool check_tensor(checker *ck, int q)
{
	size_t n = ck->tensor_count;
	memset(ck->ten1, 0, n * sizeof *ck->ten1);
	memset(ck->ten2, 0xff, n * sizeof *ck->ten2); /* all bits set: a NaN */
	bones_observe_fill(ck->tensor, ck->game, ck->a, q, ck->ten1);
	bones_observe_fill(ck->tensor, ck->game, ck->a, q, ck->ten2);
	if (!bones_check_guarded(ck, ck->a, "the observation capability's fill"))
		return false;
	if (!all_finite(ck->ten1, n))
		for (size_t i = 0; i < n; i++) /* which one */
			if (!isfinite(ck->ten1[i]))
				return bones_check_fail(ck, N_("the observation tensor of player %d holds %g at "
					"index %zu (values must be finite)"), q + 1,
					(double)ck->ten1[i], i);
	long at = first_tensor_difference(ck->ten1, ck->ten2, n);
	if (at >= 0)
		return bones_check_fail(ck, N_("the observation tensor of player %d differs at index %ld "
			     "between two fills of one state: a value left unset"), q + 1, at);
	ck->rep->checks++;
	return true;
}

/* Resampling what a player cannot see changes neither their observation (text and
 * tensor) nor, for the player to move, the legal moves. */
static bool check_hidden(checker *ck, int who, size_t n)
{
	const bones_plugin *p = ck->p;
	if (!p->observation || !p->resample)
		return (p->flags & BONES_HIDDEN_INFO)
			       ? bones_check_fail(ck, N_("BONES_HIDDEN_INFO is set but observation or resample "
				       "is missing"))
			       : true;
	int q = (int)bones_rng_below(&ck->aux, (uint32_t)ck->info.players);
	if (who >= 0 && bones_rng_below(&ck->aux, 2))
		q = who;
	size_t size = ck->info.state_size;
	size_t l1 = p->observation(ck->game, ck->a, q, ck->obs1, CHECK_OBS_CAP);
	memcpy(ck->u, ck->a, size);
	p->resample(ck->game, ck->u, q, bones_rng_next_void, &ck->aux);
	if (!bones_check_guarded(ck, ck->u, "resample"))
		return false;
	size_t l2 = p->observation(ck->game, ck->u, q, ck->obs2, CHECK_OBS_CAP);
	if (l1 != l2 || memcmp(ck->obs1, ck->obs2, l1 < CHECK_OBS_CAP ? l1 : CHECK_OBS_CAP))
		return bones_check_fail(ck, N_("player %d's observation changed when only what they cannot "
			     "see was resampled"), q + 1);
	ck->rep->checks++;
	if (ck->tensor_count) {
		bones_observe_fill(ck->tensor, ck->game, ck->a, q, ck->ten1);
		bones_observe_fill(ck->tensor, ck->game, ck->u, q, ck->ten2);
		long at = first_tensor_difference(ck->ten1, ck->ten2, ck->tensor_count);
		if (at >= 0)
			return bones_check_fail(ck, N_("the observation tensor of player %d changed at index "
				     "%ld when only what they cannot see was resampled"), q + 1, at);
		ck->rep->checks++;
	}
	/* whether another player can move may be hidden (draw when you cannot play), so
	 * only the player to move must stay the player to move */
	if (q != who)
		return true;
	if (p->to_move(ck->game, ck->u) != who)
		return bones_check_fail(ck, N_("resample for player %d, who is to move, changed who is to "
			     "move"), q + 1);
	size_t n2 = p->legal_moves(ck->game, ck->u, ck->moves2, NULL, ck->info.max_moves);
	bool same = n2 == n;
	for (size_t i = 0; same && i < n; i++)
		same = in_list(ck->moves2, n2, ck->moves[i]);
	if (!same)
		return bones_check_fail(ck, N_("player %d's legal moves changed when only what they cannot "
			     "see was resampled"), q + 1);
	ck->rep->checks++;
	return true;
}

/* Text functions handed a small buffer stay inside it and say so. */
static bool check_small_buffers(checker *ck, size_t n)
{
	const bones_plugin *p = ck->p;
	char buf[24];
	for (size_t cap = 1; cap <= 8; cap *= 2) {
		memset(buf, '#', sizeof buf);
		size_t len = n ? p->format_move(ck->game, ck->a, ck->moves[0], buf, cap) : 0;
		if (len >= cap || buf[cap] != '#')
			return bones_check_fail(ck, N_("format_move with cap %zu returned %zu or wrote past the "
				     "buffer"), cap, len);
		memset(buf, '#', sizeof buf);
		len = p->render_text(ck->game, ck->a, -1, buf, cap);
		if (len >= cap || buf[cap] != '#')
			return bones_check_fail(ck, N_("render_text with cap %zu returned %zu or wrote past the "
				     "buffer"), cap, len);
	}
	ck->rep->checks += 8;
	return true;
}

static bool check_terminal(checker *ck)
{
	const bones_plugin *p = ck->p;
	int players = ck->info.players;
	double scores[64];
	int ranks[64];
	if (p->legal_moves(ck->game, ck->a, ck->moves, ck->probs, ck->info.max_moves) != 0)
		return bones_check_fail(ck, N_("legal_moves lists moves in a terminal state"));
	p->scores(ck->game, ck->a, scores);
	for (int i = 0; i < players && i < 64; i++)
		if (!isfinite(scores[i]))
			return bones_check_fail(ck, N_("player %d's final score is %g"), i + 1, scores[i]);
	if (p->ranks) {
		bool best = false;
		p->ranks(ck->game, ck->a, ranks);
		for (int i = 0; i < players && i < 64; i++) {
			if (ranks[i] < 1 || ranks[i] > players)
				return bones_check_fail(ck, N_("player %d's final rank is %d (expected 1..%d)"), i + 1,
					     ranks[i], players);
			best |= ranks[i] == 1;
		}
		if (!best)
			return bones_check_fail(ck, N_("no player ranks 1 at the end"));
	}
	ck->rep->checks += 3;
	if (!ck->again)
		return true; /* the texts of the end (a costly render_text) in the games
				played again */
	size_t len = p->render_text(ck->game, ck->a, -1, ck->obs1, CHECK_OBS_CAP);
	if (len >= CHECK_OBS_CAP)
		return bones_check_fail(ck, N_("render_text returned %zu for a buffer of %d"), len,
			     CHECK_OBS_CAP);
	ck->rep->checks++;
	return check_small_buffers(ck, 0);
}

/* The move picked for the player to move: chance by probability, else uniform. */
static bones_move choose(bones_rng *rng, const bones_move *moves, const double *probs,
			 size_t n, bool chance)
{
	size_t pick = chance ? bones_rng_pick(rng, probs, n) : bones_rng_below(rng, (uint32_t)n);
	return moves[pick];
}

static bool remember(checker *ck, bones_move m)
{
	if (ck->len == ck->cap) {
		bones_move *h = realloc(ck->history, 2 * ck->cap * sizeof *h);
		if (!h)
			return bones_check_fail(ck, N_("out of memory"));
		ck->history = h;
		ck->cap *= 2;
	}
	ck->history[ck->len++] = m;
	if (ck->watch && ck->len <= ck->watch->cap) {
		ck->watch->moves[ck->len - 1] = m;
		ck->watch->len = ck->len;
	}
	if (ck->pool_len < CHECK_POOL)
		ck->pool[ck->pool_len++] = m;
	else
		ck->pool[bones_rng_below(&ck->aux, CHECK_POOL)] = m;
	return true;
}

/* Apply m to a, b and (once cloned) c; all three must agree byte for byte. */
static bool apply_everywhere(checker *ck, bones_move m, bool cloned)
{
	const bones_plugin *p = ck->p;
	size_t size = ck->info.state_size;
	char text[BONES_MOVE_TEXT_MAX];
	bones_status st = p->apply(ck->game, ck->a, m);
	if (!bones_check_guarded(ck, ck->a, "apply"))
		return false;
	if (st != BONES_OK) {
		p->format_move(ck->game, ck->b, m, text, sizeof text);
		return bones_check_fail(ck, N_("apply refused legal move '%s' (status %d)"), text, (int)st);
	}
	st = p->apply(ck->game, ck->b, m);
	if (!bones_check_guarded(ck, ck->b, "apply"))
		return false;
	if (st != BONES_OK)
		return bones_check_fail(ck, N_("apply refused a legal move in a state built in a differently "
			     "filled buffer"));
	long at = first_difference(ck->a, ck->b, size);
	if (at >= 0)
		return bones_check_fail(ck, N_("after the same moves, states built in buffers filled with 0x00 "
			     "and 0xa5 differ at byte %ld: a byte left unset or a pointer in "
			     "the state"), at);
	if (cloned) {
		st = p->apply(ck->game, ck->c, m);
		if (!bones_check_guarded(ck, ck->c, "apply"))
			return false;
		if (st != BONES_OK)
			return bones_check_fail(ck, N_("apply refused a legal move in a memcpy clone"));
		at = first_difference(ck->a, ck->c, size);
		if (at >= 0)
			return bones_check_fail(ck, N_("a memcpy clone differs from the original at byte %ld "
				     "after the same moves"), at);
	}
	ck->rep->checks += cloned ? 3 : 2;
	return remember(ck, m);
}

static bool check_init(checker *ck)
{
	size_t size = ck->info.state_size;
	memset(ck->a, 0x00, size);
	memset(ck->b, 0xa5, size);
	ck->p->init_state(ck->game, ck->a);
	ck->p->init_state(ck->game, ck->b);
	if (!bones_check_guarded(ck, ck->a, "init_state") || !bones_check_guarded(ck, ck->b, "init_state"))
		return false;
	long at = first_difference(ck->a, ck->b, size);
	if (at >= 0)
		return bones_check_fail(ck, N_("init_state into buffers filled with 0x00 and 0xa5 gives states "
			     "that differ at byte %ld: a byte left unset (memset the state first) "
			     "or a pointer in the state"), at);
	ck->rep->checks++;
	if (ck->tensor && !ck->tensor_count)
		return bones_check_fail(ck, N_("the observation capability's shape is not valid (rank %d, "
			     "expected 1..%d, every extent above 0)"), ck->tensor_rank,
			     BONES_OBSERVATION_MAX_RANK);
	return true;
}

/* Checks of one state; *n gets the number of legal moves. The costly ones (refusals,
 * the observation tensor, hidden information, the picture, sample_move, every legal
 * move's notation) run at every state when deep, else at the first and at one in
 * BONES_CHECK_SAMPLE at random; the other states have CHECK_MOVE_SAMPLE notations
 * checked and the canary bytes. */
static bool check_state(checker *ck, int who, size_t *n)
{
	if (who != BONES_CHANCE && (who < 0 || who >= ck->info.players))
		return bones_check_fail(ck, N_("to_move returned %d (expected 0..%d, BONES_CHANCE or "
			     "BONES_TERMINAL)"), who, ck->info.players - 1);
	ck->full = ck->deep || ck->len == 0 || bones_rng_below(&ck->aux, BONES_CHECK_SAMPLE) == 0;
	if (!check_legal(ck, who, n) || !check_notation(ck, *n))
		return false;
	if (!ck->full)
		return bones_check_guarded(ck, ck->a, "a call that reads the state (legal_moves, "
					   "format_move, parse_move)");
	return check_refusals(ck, *n) &&
	       (ck->len > 0 || !ck->again || check_small_buffers(ck, *n)) &&
	       (!ck->tensor_count ||
		check_tensor(ck, (int)(ck->len % (size_t)(ck->info.players + 1)) - 1)) &&
	       ((!(ck->p->flags & BONES_HIDDEN_INFO) && !ck->p->resample) ||
		check_hidden(ck, who, *n)) &&
	       bones_check_picture(ck, who, *n) &&
	       bones_check_guarded(ck, ck->a, "a call that reads the state (legal_moves, format_move, "
		       "parse_move, render_text, observation)");
}

bool bones_check_game(checker *ck, uint64_t seed)
{
	ck->seed = seed;
	ck->len = 0;
	ck->text_len = 0;
	bones_rng_seed(&ck->rng, seed);
	bones_rng_seed(&ck->aux, seed ^ 0x5deece66dull);
	if (ck->watch) {
		ck->watch->len = 0;
		ck->watch->game = ck->index;
		ck->watch->seed = seed;
		ck->watch->beat++;
	}
	if (!check_init(ck))
		return false;
	size_t clone_at = bones_rng_below(&ck->aux, 40);
	size_t plays = 0; /* player moves so far, against ck->bound */
	bool cloned = false;
	for (;;) {
		int who = ck->p->to_move(ck->game, ck->a);
		if (who == BONES_TERMINAL)
			return check_terminal(ck);
		if (ck->len >= ck->limit)
			return bones_check_fail(ck, N_("the game did not end after %zu moves"), ck->limit);
		if (ck->len == clone_at) {
			memcpy(ck->c, ck->a, ck->info.state_size);
			cloned = true;
		}
		size_t n = 0;
		if (ck->watch)
			ck->watch->beat++;
		if (!check_state(ck, who, &n))
			return false;
		if (who != BONES_CHANCE && ck->bound && ++plays > ck->bound)
			return bones_check_fail(ck, N_("player move %zu is past max_game_length's %zu "
				     "(bones.actions/1): the plugin's bound on a game's player "
				     "moves is too small"), plays, ck->bound);
		bones_move m = choose(&ck->rng, ck->moves, ck->probs, n, who == BONES_CHANCE);
		if (!apply_everywhere(ck, m, cloned))
			return false;
		ck->rep->moves++;
	}
}

bool bones_check_replay(checker *ck)
{
	const bones_plugin *p = ck->p;
	bones_rng rng;
	bones_rng_seed(&rng, ck->seed);
	memset(ck->t, 0, ck->info.state_size);
	p->init_state(ck->game, ck->t);
	if (!bones_check_guarded(ck, ck->t, "init_state"))
		return false;
	for (size_t i = 0; p->to_move(ck->game, ck->t) != BONES_TERMINAL; i++) {
		int who = p->to_move(ck->game, ck->t);
		size_t n = p->legal_moves(ck->game, ck->t, ck->moves, ck->probs,
					  ck->info.max_moves);
		if (i >= ck->len || n == 0)
			return bones_check_fail(ck, N_("the same seed gave a longer game the second time"));
		bones_move m = choose(&rng, ck->moves, ck->probs, n, who == BONES_CHANCE);
		bones_status st = m == ck->history[i] ? p->apply(ck->game, ck->t, m) : BONES_EILLEGAL;
		if (!bones_check_guarded(ck, ck->t, "apply"))
			return false;
		if (st != BONES_OK)
			return bones_check_fail(ck, N_("the same seed gave a different move %zu the second time "
				     "(legal_moves is not deterministic)"), i + 1);
	}
	if (memcmp(ck->t, ck->a, ck->info.state_size))
		return bones_check_fail(ck, N_("the same seed and moves gave a different final state"));
	ck->rep->checks++;
	return true;
}

int bones_check_sequence(checker *ck, const bones_move *moves, size_t n)
{
	ck->deep = ck->again = true; /* a crash in any check of any state is found again */
	ck->len = 0;
	ck->text_len = 0;
	bones_rng_seed(&ck->aux, ck->seed ^ 0x5deece66dull);
	if (!check_init(ck))
		return 0;
	size_t count = 0;
	for (size_t i = 0;; i++) {
		int who = ck->p->to_move(ck->game, ck->a);
		if (ck->watch)
			ck->watch->beat++;
		if (who == BONES_TERMINAL)
			return i == n && check_terminal(ck) ? 1 : i == n ? 0 : -1;
		if (!check_state(ck, who, &count))
			return 0;
		if (i == n)
			break;
		if (!in_list(ck->moves, count, moves[i]))
			return -1;
		if (!apply_everywhere(ck, moves[i], false))
			return 0;
	}
	for (size_t k = 0; k < count; k++) {
		memcpy(ck->t, ck->a, ck->info.state_size);
		if (ck->watch)
			ck->watch->beat++;
		bones_status st = ck->p->apply(ck->game, ck->t, ck->moves[k]);
		if (!bones_check_guarded(ck, ck->t, "apply"))
			return 0;
		if (st != BONES_OK)
			return bones_check_fail(ck, N_("apply refused a legal move")), 0;
	}
	return 1;
}
