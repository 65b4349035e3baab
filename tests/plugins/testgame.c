/* "Count to 10", a minimal valid plugin for host tests: players in turn add 1..max_step
 * to a running total; whoever reaches the target wins (misere: loses). Also compiled
 * with one TESTGAME_BREAK_* definition into the deliberately broken loader plugins, and
 * with TESTGAME_TEXT_DOMAIN into one that speaks the player's language (a catalogue
 * beside it, tests/plugins/testgame-de.po). */
#include "bones/plugin.h"
#include "bones/rng.h"
#ifdef TESTGAME_TEXT_DOMAIN
#include "bones/translate.h"
#define TR(g, s) bones_translate((g)->host, TESTGAME_TEXT_DOMAIN, s)
#else
#define TR(g, s) (s)
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TESTGAME_ID
#define TESTGAME_ID "testgame"
#endif

typedef struct game {
	const bones_host *host; /* allocated the game; outlives it */
	int players, target, max_step;
	int misere;        /* reaching the target loses */
	int chance_start;  /* the start total is drawn from 0..max_step-1 */
} game;

typedef struct state {
	int32_t total;
	int32_t player;  /* to move, or BONES_CHANCE / BONES_TERMINAL */
	int32_t last;    /* who moved last, -1 before the first move */
	int32_t pad;
} state;

static const char *const openings[] = {"zero", "chance", NULL};

static const bones_option_def options[] = {
	{"players", BONES_OPT_INT, "2", 2, 4, NULL, "number of players"},
#ifdef TESTGAME_BREAK_BAD_DEFAULT
	{"target", BONES_OPT_INT, "ten", 3, 100, NULL, "total that ends the game"},
#else
	{"target", BONES_OPT_INT, "10", 3, 100, NULL, "total that ends the game"},
#endif
	{"max_step", BONES_OPT_INT, "2", 2, 5, NULL, "largest number added in one move"},
	{"misere", BONES_OPT_BOOL, "false", 0, 0, NULL, "reaching the target loses"},
	{"opening", BONES_OPT_ENUM, "zero", 0, 0, openings, "start at zero or by chance"},
	{"title", BONES_OPT_STRING, "Count", 0, 0, NULL, "a label shown by render_text"},
};

static const bones_variant variants[] = {
	{"misere", "Misere", "whoever reaches the target loses", "misere=true"},
	{"long", "Long", "count to 21 adding 1 to 3", "target=21 max_step=3"},
};

static bones_status configure(const bones_host *host, const bones_value *values,
			      void **out, bones_game_info *info, char *err, size_t errcap)
{
	if (values[2].i >= values[1].i) {
		snprintf(err, errcap, "max_step: %lld must be below the target %lld",
			 (long long)values[2].i, (long long)values[1].i);
		return BONES_EINVAL;
	}
	game *g = host->alloc(host, sizeof *g);
	if (!g)
		return BONES_ENOMEM;
	g->host = host;
	g->players = (int)values[0].i;
	g->target = (int)values[1].i;
	g->max_step = (int)values[2].i;
	g->misere = (int)values[3].i;
	g->chance_start = values[4].i == 1;
	*out = g;
	info->players = g->players;
#ifdef TESTGAME_BREAK_STATE0
	info->state_size = 0; /* for the host's checks: no room for a state */
#else
	info->state_size = sizeof(state);
#endif
	info->max_moves = (size_t)g->max_step;
	return BONES_OK;
}

static void destroy_game(void *gp)
{
	game *g = gp;
	g->host->free(g->host, g);
}

static void init_state(const void *gp, void *sp)
{
	const game *g = gp;
	state *s = sp;
	memset(s, 0, sizeof *s);
	s->player = g->chance_start ? BONES_CHANCE : 0;
	s->last = -1;
}

static int to_move(const void *g, const void *s)
{
	(void)g;
#ifdef TESTGAME_BREAK_TO_MOVE
	/* for the host's checks: a player out of range once the total reaches 4 */
	if (((const state *)s)->total >= 4 && ((const state *)s)->player >= 0)
		return 7;
#endif
	return ((const state *)s)->player;
}

static size_t legal_moves(const void *gp, const void *sp, bones_move *moves, double *probs,
			  size_t cap)
{
	const game *g = gp;
	const state *s = sp;
	size_t n = 0;
	if (s->player == BONES_CHANCE) {
		for (int k = 0; k < g->max_step && n < cap; k++) {
			moves[n] = (bones_move)k;
			if (probs)
				probs[n] = 1.0 / g->max_step;
			n++;
		}
		return n;
	}
	if (s->player == BONES_TERMINAL)
		return 0;
#ifdef TESTGAME_BREAK_HANG
	/* for `bones check`: an endless loop once the total reaches 8 */
	for (volatile int spin = s->total >= 8; spin;)
		;
#endif
	for (int k = 1; k <= g->max_step && s->total + k <= g->target && n < cap; k++)
		moves[n++] = (bones_move)k;
#ifdef TESTGAME_BREAK_COUNT
	if (s->total >= 4) /* for the host's checks: more moves than the buffer holds */
		return cap + 1000;
#endif
	return n;
}

static bool is_legal(const game *g, const state *s, bones_move m)
{
	if (s->player == BONES_CHANCE)
		return m < (bones_move)g->max_step;
	return s->player >= 0 && m >= 1 && m <= (bones_move)g->max_step &&
	       s->total + (int)m <= g->target;
}

static bones_status apply(const void *gp, void *sp, bones_move m)
{
	const game *g = gp;
	state *s = sp;
	if (!is_legal(g, s, m))
		return BONES_EILLEGAL;
#ifdef TESTGAME_BREAK_CRASH
	if (s->total + (int)m >= 7 && s->player >= 0) /* for `bones check`: a crash */
		abort();
#endif
#ifdef TESTGAME_BREAK_EXIT
	if (s->total + (int)m >= 7 && s->player >= 0) /* for `bones check`: ends the process */
		exit(3);
#endif
#ifdef TESTGAME_BREAK_EXIT0
	if (s->total + (int)m >= 7 && s->player >= 0) /* ends the process, "successfully" */
		exit(0);
#endif
#ifdef TESTGAME_BREAK_OVERRUN
	if (s->total + (int)m >= 5) /* for `bones check`: 64 bytes past the state */
		memset(s + 1, 0x5a, 64);
#endif
#ifdef TESTGAME_BREAK_LEAK
	/* for `bones check`: 4 KiB a move, allocated through the host and never freed */
	char *lost = g->host->alloc(g->host, 4096);
	if (lost)
		memset(lost, 1, 4096);
#endif
	if (s->player == BONES_CHANCE) {
		s->total = (int32_t)m;
		s->player = 0;
		return BONES_OK;
	}
	s->total += (int32_t)m;
	s->last = s->player;
	s->player = s->total == g->target ? BONES_TERMINAL : (s->player + 1) % g->players;
	return BONES_OK;
}

/* Moves read "+K"; chance outcomes (the start total) read "=K". */
static size_t format_move(const void *gp, const void *sp, bones_move m, char *buf,
			  size_t cap)
{
	const state *s = sp;
	if (!is_legal(gp, s, m) || !cap)
		return 0;
	int n = snprintf(buf, cap, "%c%u", s->player == BONES_CHANCE ? '=' : '+', m);
	return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

static bones_status parse_move(const void *gp, const void *sp, const char *text,
			       bones_move *out)
{
	const state *s = sp;
	char sign = s->player == BONES_CHANCE ? '=' : '+';
	if (text[0] != sign || text[1] < '0' || text[1] > '9' || text[2])
		return BONES_EPARSE;
	bones_move m = (bones_move)(text[1] - '0');
	if (!is_legal(gp, s, m))
		return BONES_EILLEGAL;
	*out = m;
	return BONES_OK;
}

/* 1 for each winner at the end, else 0: normally the player who reached the target
 * wins; in misere everyone but that player wins. */
static void scores(const void *gp, const void *sp, double *out)
{
	const game *g = gp;
	const state *s = sp;
	for (int p = 0; p < g->players; p++) {
		bool reached = s->player == BONES_TERMINAL && p == s->last;
		out[p] = s->player == BONES_TERMINAL && reached != (g->misere != 0) ? 1.0 : 0.0;
	}
#ifdef TESTGAME_BREAK_NAN
	if (s->total >= 4) /* for the host's checks: a score that is not a number */
		out[0] = NAN;
#endif
}

#ifdef TESTGAME_BREAK_RANKS
/* for the host's checks: ranks outside 1..players */
static void ranks(const void *gp, const void *sp, int *out)
{
	const game *g = gp;
	(void)sp;
	for (int p = 0; p < g->players; p++)
		out[p] = p ? 9 : 0;
}
#endif

static size_t render_text(const void *gp, const void *sp, int viewer, char *buf,
			  size_t cap)
{
	const game *g = gp;
	const state *s = sp;
	(void)viewer;
	int n;
	if (s->player == BONES_CHANCE)
		n = snprintf(buf, cap, "count to %d: the start total is drawn\n", g->target);
	else if (s->player == BONES_TERMINAL)
		n = snprintf(buf, cap, "count to %d: player %d reached it\n", g->target,
			     s->last + 1);
	else
		n = snprintf(buf, cap, TR(g, "count to %d: total %d, player %d adds 1..%d\n"),
			     g->target, s->total, s->player + 1, g->max_step);
	if (n < 0)
		return 0;
	return (size_t)n < cap ? (size_t)n : (cap ? cap - 1 : 0);
}

/* ABI 1.1: a draw without the list (the same distribution as legal_moves). */
static bones_status sample_move(const void *gp, const void *sp,
				uint64_t (*next_random)(void *rng), void *rng, bones_move *move)
{
	const game *g = gp;
	const state *s = sp;
#ifdef TESTGAME_ABI_1_0
	abort(); /* a 1.0 entry's size leaves this out: the host must never call it */
#endif
	if (s->player == BONES_TERMINAL)
		return BONES_EILLEGAL;
	if (s->player == BONES_CHANCE) {
		*move = (bones_move)bones_random_below(next_random, rng, (uint32_t)g->max_step);
		return BONES_OK;
	}
	int room = g->target - s->total, top = g->max_step < room ? g->max_step : room;
	*move = (bones_move)(1 + bones_random_below(next_random, rng, (uint32_t)top));
	return BONES_OK;
}

#ifdef TESTGAME_BREAK_WRONG_MAJOR
#define ENTRY_MAJOR (BONES_ABI_MAJOR + 1)
#else
#define ENTRY_MAJOR BONES_ABI_MAJOR
#endif
#ifdef TESTGAME_BREAK_TRUNCATED
#define ENTRY_SIZE offsetof(bones_plugin, render_text)
#elif defined(TESTGAME_ABI_1_0)
#define ENTRY_SIZE BONES_PLUGIN_SIZE_1_0 /* built for a 1.0 host */
#elif defined(TESTGAME_ABI_1_1)
#define ENTRY_SIZE BONES_PLUGIN_SIZE_1_1 /* built for a 1.1 host: no text_domain */
#else
#define ENTRY_SIZE sizeof(bones_plugin)
#endif
#if defined(TESTGAME_ABI_1_0)
#define ENTRY_MINOR 0
#elif defined(TESTGAME_ABI_1_1)
#define ENTRY_MINOR 1
#elif defined(TESTGAME_ABI_NEWER)
#define ENTRY_MINOR (BONES_ABI_MINOR + 1) /* for a host newer than this one */
#else
#define ENTRY_MINOR BONES_ABI_MINOR
#endif
#ifdef TESTGAME_BREAK_MISSING_FUNCTION
#define ENTRY_APPLY NULL
__attribute__((unused)) static bones_status (*const keep_apply)(const void *, void *, bones_move) = apply;
#else
#define ENTRY_APPLY apply
#endif

#ifdef TESTGAME_BREAK_CTOR_EXIT
/* for every command: ends the process while it is loaded, before anything is called */
__attribute__((constructor)) static void quit_on_load(void)
{
	exit(0);
}
#endif

BONES_PLUGIN_ENTRY = {
	.abi_major = ENTRY_MAJOR,
	.abi_minor = ENTRY_MINOR,
	.size = (uint32_t)ENTRY_SIZE,
	.id = TESTGAME_ID,
	.name = "Count to 10",
	.version = "1.0.0",
	.summary = "players in turn add 1 or 2; whoever reaches 10 wins",
	.min_players = 2,
	.max_players = 4,
	.flags = BONES_HAS_CHANCE, /* with opening=chance */
	.options = options,
	.option_count = sizeof options / sizeof options[0],
	.variants = variants,
	.variant_count = sizeof variants / sizeof variants[0],
	.configure = configure,
	.destroy_game = destroy_game,
	.init_state = init_state,
	.to_move = to_move,
	.legal_moves = legal_moves,
	.apply = ENTRY_APPLY,
	.format_move = format_move,
	.parse_move = parse_move,
	.scores = scores,
#ifdef TESTGAME_BREAK_RANKS
	.ranks = ranks,
#endif
	.render_text = render_text,
	.sample_move = sample_move,
#ifdef TESTGAME_TEXT_DOMAIN
	/* past a 1.1 entry's size: such a host, and this one for such a build, never
	 * read it */
	.text_domain = TESTGAME_TEXT_DOMAIN,
#endif
};
