/* `bones check`: which option sets to check (and which of them are the same game), the
 * games of one option set in this process, and the records of failing games; see
 * bones/check.h. check_run.c runs these in child processes. */
#include "check_internal.h"

#include "bones/i18n.h"

#include "bones/host.h"
#include "bones/record.h"
#include "bones/session.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) && !defined(__SANITIZE_ADDRESS__)
#define __SANITIZE_ADDRESS__ 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
/* sanitizer/allocator_interface.h, which not every toolchain installs */
extern size_t __sanitizer_get_current_allocated_bytes(void) __attribute__((weak));
#elif defined(__GLIBC__)
#include <malloc.h>
#endif

/* fmt comes translated: _("...") where report_fail is called. */
__attribute__((format(printf, 3, 4))) static bones_status
report_fail(bones_check_report *rep, bones_status st, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(rep->failure, sizeof rep->failure, fmt, ap);
	va_end(ap);
	rep->failed = true;
	return st;
}

static bones_status build_options(const check_plan *plan, const check_configuration *c,
				  bones_options *opts, bones_check_report *rep)
{
	const bones_plugin *p = plan->p;
	const bones_check_config *cfg = &plan->cfg;
	char err[512];
	if (bones_options_init(opts, p, err, sizeof err))
		return report_fail(rep, BONES_EILLEGAL, _("%s: the defaults do not validate: %s"),
				   p->id, err);
	bones_status st = BONES_OK;
	/* a variant the user named is their mistake; a plugin's own that fails is its bug */
	if (c->variant && bones_options_apply_variant(opts, c->variant, err, sizeof err))
		st = report_fail(rep, cfg->variant ? BONES_EINVAL : BONES_EILLEGAL,
				 _("%s: variant '%s': %s"), p->id, c->variant, err);
	if (!st && c->players) {
		char num[16];
		snprintf(num, sizeof num, "%d", c->players);
		if (bones_options_set(opts, "players", num, err, sizeof err))
			st = report_fail(rep, BONES_EILLEGAL, "%s: %s", p->id, err);
	}
	if (!st && cfg->settings && bones_options_apply(opts, cfg->settings, err, sizeof err))
		st = report_fail(rep, BONES_EINVAL, "%s: --set: %s", p->id, err);
	if (st)
		bones_options_release(opts);
	return st;
}

static void add(check_plan *plan, const char *variant, int players)
{
	if (plan->count < CHECK_MAX_CONFIGS)
		plan->list[plan->count++] = (check_configuration){variant, players, "", "", -1};
}

const bones_variant *bones_check_variant(const bones_plugin *p, const char *id)
{
	for (size_t i = 0; i < p->variant_count; i++)
		if (!strcmp(p->variants[i].id, id))
			return &p->variants[i];
	return NULL;
}

/* One variant, or the defaults, every variant and every other player count. */
static void list_configurations(check_plan *plan)
{
	const bones_plugin *p = plan->p;
	const bones_check_config *cfg = &plan->cfg;
	if (cfg->variant) {
		add(plan, cfg->variant, 0);
		return;
	}
	add(plan, NULL, 0);
	for (size_t i = 0; i < p->variant_count; i++)
		add(plan, p->variants[i].id, 0);
	int k = bones_options_find(p, "players");
	if (k < 0 || p->options[k].type != BONES_OPT_INT ||
	    (cfg->settings && strstr(cfg->settings, "players=")))
		return;
	const bones_option_def *def = &p->options[k];
	long dflt = strtol(def->default_value, NULL, 10);
	for (int64_t v = def->min; v <= def->max; v++)
		if (v != dflt && v >= p->min_players && v <= p->max_players)
			add(plan, NULL, (int)v);
}

/* Whether variant v's settings set players=n ("a player count the variant covers"). */
static bool variant_sets_players(const bones_variant *v, int n)
{
	char want[32];
	snprintf(want, sizeof want, "players=%d", n);
	size_t len = strlen(want);
	for (const char *s = strstr(v->settings, want); s; s = strstr(s + 1, want))
		if ((s == v->settings || s[-1] == ' ') && (s[len] == '\0' || s[len] == ' '))
			return true;
	return false;
}

/* The same game twice is checked once: configurations whose every option value is the
 * same (the defaults and a "base" variant with no settings; players=3 and a variant of
 * players=3), and a player count that a variant already covers (Hegemino's players=1
 * is its solo-mega variant). */
static void mark_duplicates(check_plan *plan, bones_check_report *rep)
{
	for (size_t i = 1; i < plan->count; i++) {
		check_configuration *c = &plan->list[i];
		for (size_t j = 0; j < i && c->same_as < 0; j++)
			if (plan->list[j].same_as < 0 && !strcmp(plan->list[j].values, c->values))
				c->same_as = (long)j;
		for (size_t j = 0; j < plan->count && c->same_as < 0 && c->players; j++)
			if (plan->list[j].variant &&
			    variant_sets_players(bones_check_variant(plan->p, plan->list[j].variant),
						 c->players))
				c->same_as = (long)j;
		rep->skipped += c->same_as >= 0;
	}
}

bones_status bones_check_plan(const bones_plugin *p, const bones_check_config *cfg,
			      check_plan *plan, bones_check_report *rep)
{
	memset(plan, 0, sizeof *plan);
	plan->p = p;
	plan->cfg = *cfg;
	if (!plan->cfg.record_dir) {
		const char *tmp = getenv("TMPDIR");
		plan->cfg.record_dir = tmp && *tmp ? tmp : "/tmp";
	}
	if (!plan->cfg.max_game_length)
		plan->cfg.max_game_length = 100000;
	if (plan->cfg.step_seconds <= 0)
		plan->cfg.step_seconds = 5;
	plan->games = cfg->games ? cfg->games : 2000;
	list_configurations(plan);
	for (size_t i = 0; i < plan->count; i++) {
		check_configuration *c = &plan->list[i];
		bones_options opts;
		bones_status st = build_options(plan, c, &opts, rep);
		if (st)
			return st;
		char text[256];
		bones_options_format(&opts, false, text, sizeof text);
		bones_options_format(&opts, true, c->values, sizeof c->values);
		bones_options_release(&opts);
		if (c->variant)
			snprintf(c->label, sizeof c->label, "%s variant %s%s%s%s", p->id, c->variant,
				 *text ? " (" : "", text, *text ? ")" : "");
		else
			snprintf(c->label, sizeof c->label, "%s %s", p->id,
				 *text ? text : "defaults");
	}
	mark_duplicates(plan, rep);
	return BONES_OK;
}

static bool check_info(checker *ck)
{
	const bones_game_info *i = &ck->info;
	if (i->players < ck->p->min_players || i->players > ck->p->max_players)
		snprintf(ck->rep->failure, sizeof ck->rep->failure,
			 _("%s: configure announced %d players (plugin says %d..%d)"), ck->label,
			 i->players, ck->p->min_players, ck->p->max_players);
	else if (i->state_size == 0 || i->max_moves == 0)
		snprintf(ck->rep->failure, sizeof ck->rep->failure,
			 _("%s: configure announced state_size %zu and max_moves %zu (both must "
			   "be > 0)"), ck->label, i->state_size, i->max_moves);
	else
		return true;
	ck->rep->failed = true;
	return false;
}

/* Configure configuration i into ck, with its scratch buffers; undo with close_checker. */
static bones_status open_checker(const check_plan *plan, size_t i, checker *ck,
				 bones_host *host, bones_check_report *rep)
{
	const check_configuration *c = &plan->list[i];
	bones_options opts;
	bones_status st = build_options(plan, c, &opts, rep);
	if (st)
		return st;
	memset(ck, 0, sizeof *ck);
	ck->p = plan->p;
	ck->label = c->label;
	ck->rep = rep;
	ck->limit = plan->cfg.max_game_length;
	ck->deep = plan->cfg.deep;
	ck->again = plan->cfg.deep;
	ck->info.size = sizeof ck->info;
	bones_host_init(host);
	void *game = NULL;
	char err[512] = "";
	st = plan->p->configure(host, opts.values, &game, &ck->info, err, sizeof err);
	bones_options_release(&opts);
	if (st)
		return report_fail(rep, BONES_EILLEGAL, _("%s: configure refused: %s"), c->label,
				   err);
	ck->game = game;
	if (!check_info(ck)) {
		plan->p->destroy_game(game);
		return BONES_EILLEGAL;
	}
	if (!bones_check_alloc(ck)) {
		bones_check_free(ck);
		plan->p->destroy_game(game);
		return report_fail(rep, BONES_ENOMEM, _("%s: out of memory"), c->label);
	}
	return BONES_OK;
}

static void close_checker(checker *ck)
{
	bones_check_free(ck);
	ck->p->destroy_game((void *)ck->game);
}

/* The heap's live bytes: what the allocator has handed out and not had back. */
static size_t live_bytes(void)
{
#if defined(__SANITIZE_ADDRESS__)
	return __sanitizer_get_current_allocated_bytes ? __sanitizer_get_current_allocated_bytes()
						       : 0;
#elif defined(__GLIBC__)
	struct mallinfo2 mi = mallinfo2();
	return mi.uordblks + mi.hblkhd;
#else
	return 0; /* unknown: no leak is found */
#endif
}

bool bones_check_heap(checker *ck)
{
	size_t live = live_bytes(), moves = ck->rep->moves;
	if (ck->heap_moves == SIZE_MAX || moves < ck->heap_moves) {
		ck->heap_base = live, ck->heap_moves = moves;
		return true;
	}
	size_t window = moves - ck->heap_moves;
	if (window < CHECK_LEAK_WINDOW)
		return true;
	size_t grown = live > ck->heap_base ? live - ck->heap_base : 0;
	ck->heap_strikes = grown >= CHECK_LEAK_PER_MOVE * window ? ck->heap_strikes + 1 : 0;
	ck->heap_base = live, ck->heap_moves = moves;
	if (ck->heap_strikes < 2)
		return true;
	snprintf(ck->rep->failure, sizeof ck->rep->failure,
		 _("%s: game %zu (seed %llu): memory grows by about %zu bytes a move (%zu bytes "
		   "over the last %zu moves, and as much before): the plugin allocates and "
		   "never frees; free what apply and the other calls allocate"),
		 ck->label, ck->index, (unsigned long long)ck->seed, grown / window, grown,
		 window);
	snprintf(ck->plain, sizeof ck->plain,
		 "%s: game %zu (seed %llu): memory grows by about %zu bytes a move",
		 ck->label, ck->index, (unsigned long long)ck->seed, grown / window);
	ck->rep->failed = true;
	return false;
}

static uint64_t game_seed(uint64_t seed, size_t config, size_t game)
{
	uint64_t x = seed ^ ((uint64_t)config << 40) ^ (uint64_t)game;
	return bones_rng__splitmix(&x);
}

bones_status bones_check_games(const check_plan *plan, size_t i, size_t first, size_t count,
			       bones_check_watch *watch, bones_check_report *rep)
{
	checker ck;
	bones_host host;
	bones_status st = open_checker(plan, i, &ck, &host, rep);
	if (st)
		return st;
	ck.watch = watch;
	for (size_t g = first; g < first + count && !st; g++) {
		ck.index = g + 1;
		/* the first games in full, whichever slice runs them: a fault that any
		 * state of a short game shows is found at the default depth too */
		ck.deep = plan->cfg.deep || g < CHECK_DEEP_GAMES;
		ck.again = ck.deep || g % CHECK_REPLAY_EVERY == 0;
		if (!bones_check_game(&ck, game_seed(plan->cfg.seed, i, g)) ||
		    (ck.again && !bones_check_replay(&ck)) || !bones_check_heap(&ck))
			st = BONES_EILLEGAL;
		rep->games++;
	}
	if (st) {
		char comment[1200];
		/* records are English: the failure as failf wrote it in English */
		snprintf(comment, sizeof comment, "bones check failed: %s",
			 ck.plain[0] ? ck.plain : rep->failure);
		bones_check_save(plan, i, ck.seed, ck.history, ck.len, comment, rep);
	}
	close_checker(&ck);
	return st;
}

int bones_check_moves(const check_plan *plan, size_t i, uint64_t seed,
		      const bones_move *moves, size_t n, bones_check_watch *watch)
{
	bones_check_report rep;
	memset(&rep, 0, sizeof rep);
	checker ck;
	bones_host host;
	if (open_checker(plan, i, &ck, &host, &rep))
		return 0;
	ck.watch = watch;
	ck.seed = seed;
	int r = bones_check_sequence(&ck, moves, n);
	close_checker(&ck);
	return r;
}

void bones_check_save(const check_plan *plan, size_t i, uint64_t seed,
		      const bones_move *moves, size_t n, const char *comment,
		      bones_check_report *rep)
{
	const check_configuration *c = &plan->list[i];
	bones_check_report scratch;
	bones_options opts;
	if (build_options(plan, c, &opts, &scratch))
		return;
	bones_session *s;
	char err[512];
	if (bones_session_create(plan->p, &opts, seed, &s, err, sizeof err) == BONES_OK) {
		for (size_t k = 0; k < n; k++)
			if (bones_session_play(s, moves[k]))
				break;
		bones_record_players pl;
		memset(&pl, 0, sizeof pl);
		pl.variant = c->variant;
		pl.comment = comment;
		char path[1024];
		snprintf(path, sizeof path, "%s/bones-check-%s-%llu.rec", plan->cfg.record_dir,
			 plan->p->id, (unsigned long long)seed);
		if (bones_record_save(s, &pl, path, err, sizeof err) == BONES_OK)
			snprintf(rep->record, sizeof rep->record, "%s", path);
		bones_session_destroy(s);
	}
	bones_options_release(&opts);
}
