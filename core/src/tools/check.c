/* `bones check`: which option sets to check, the loop over random games, and the
 * replayable record of the first failure; see bones/check.h. */
#include "check_internal.h"

#include "bones/host.h"
#include "bones/options.h"
#include "bones/record.h"
#include "bones/session.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* One option set: defaults, then a variant, then a player count, then the settings. */
typedef struct configuration {
	const char *variant; /* NULL = none */
	int players;         /* 0 = leave it */
} configuration;

static bones_status report_fail(bones_check_report *rep, bones_status st, const char *fmt,
				...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(rep->failure, sizeof rep->failure, fmt, ap);
	va_end(ap);
	rep->failed = true;
	return st;
}

static bones_status build_options(const bones_plugin *p, const bones_check_config *cfg,
				  const configuration *c, bones_options *opts,
				  bones_check_report *rep)
{
	char err[512];
	if (bones_options_init(opts, p, err, sizeof err))
		return report_fail(rep, BONES_EILLEGAL, "%s: the defaults do not validate: %s",
				   p->id, err);
	bones_status st = BONES_OK;
	/* a variant the user named is their mistake; a plugin's own that fails is its bug */
	if (c->variant && bones_options_apply_variant(opts, c->variant, err, sizeof err))
		st = report_fail(rep, cfg->variant ? BONES_EINVAL : BONES_EILLEGAL,
				 "%s: variant '%s': %s", p->id, c->variant, err);
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

/* Save the failing game so far as a record; its path goes to rep->record. */
static void save_failure(checker *ck, const bones_options *opts, const char *dir,
			 const char *variant)
{
	bones_session *s;
	char err[512];
	if (bones_session_create(ck->p, opts, ck->seed, &s, err, sizeof err))
		return;
	for (size_t i = 0; i < ck->len; i++)
		if (bones_session_play(s, ck->history[i]))
			break;
	bones_record_players pl;
	memset(&pl, 0, sizeof pl);
	pl.variant = variant;
	char comment[1200];
	snprintf(comment, sizeof comment, "bones check failed: %s", ck->rep->failure);
	pl.comment = comment;
	char path[1024];
	snprintf(path, sizeof path, "%s/bones-check-%s-%llu.rec", dir, ck->p->id,
		 (unsigned long long)ck->seed);
	if (bones_record_save(s, &pl, path, err, sizeof err) == BONES_OK)
		snprintf(ck->rep->record, sizeof ck->rep->record, "%s", path);
	bones_session_destroy(s);
}

static uint64_t game_seed(uint64_t seed, size_t config, size_t game)
{
	uint64_t x = seed ^ ((uint64_t)config << 40) ^ (uint64_t)game;
	return bones_rng__splitmix(&x);
}

static bool check_info(checker *ck)
{
	const bones_game_info *i = &ck->info;
	if (i->players < ck->p->min_players || i->players > ck->p->max_players)
		snprintf(ck->rep->failure, sizeof ck->rep->failure,
			 "%s: configure announced %d players (plugin says %d..%d)", ck->label,
			 i->players, ck->p->min_players, ck->p->max_players);
	else if (i->state_size == 0 || i->max_moves == 0)
		snprintf(ck->rep->failure, sizeof ck->rep->failure,
			 "%s: configure announced state_size %zu and max_moves %zu (both must "
			 "be > 0)", ck->label, i->state_size, i->max_moves);
	else
		return true;
	ck->rep->failed = true;
	return false;
}

/* The games of one configuration. */
static bones_status run_games(checker *ck, const bones_check_config *cfg, size_t index,
			      size_t games)
{
	if (!check_info(ck))
		return BONES_EILLEGAL;
	if (!bones_check_alloc(ck)) {
		bones_check_free(ck);
		return report_fail(ck->rep, BONES_ENOMEM, "%s: out of memory", ck->label);
	}
	bones_status st = BONES_OK;
	for (size_t g = 0; g < games && !st; g++) {
		ck->index = g + 1;
		if (!bones_check_game(ck, game_seed(cfg->seed, index, g)) ||
		    (g % 8 == 0 && !bones_check_replay(ck)))
			st = BONES_EILLEGAL;
		ck->rep->games++;
	}
	return st;
}

static bones_status run_configuration(const bones_plugin *p, const bones_check_config *cfg,
				      const configuration *c, size_t index,
				      bones_check_report *rep)
{
	bones_options opts;
	bones_status st = build_options(p, cfg, c, &opts, rep);
	if (st)
		return st;
	char text[1024], label[1200], err[512];
	bones_options_format(&opts, false, text, sizeof text);
	if (c->variant)
		snprintf(label, sizeof label, "%s variant %s%s%s%s", p->id, c->variant,
			 *text ? " (" : "", text, *text ? ")" : "");
	else
		snprintf(label, sizeof label, "%s %s", p->id, *text ? text : "defaults");
	checker ck;
	memset(&ck, 0, sizeof ck);
	ck.p = p;
	ck.label = label;
	ck.rep = rep;
	ck.limit = cfg->max_game_length ? cfg->max_game_length : 100000;
	ck.info.size = sizeof ck.info;
	bones_host host;
	bones_host_init(&host);
	void *game = NULL;
	err[0] = '\0';
	if (p->configure(&host, opts.values, &game, &ck.info, err, sizeof err)) {
		st = report_fail(rep, BONES_EILLEGAL, "%s: configure refused: %s", label, err);
		goto out_release;
	}
	ck.game = game;
	size_t before = rep->games, moves = rep->moves;
	st = run_games(&ck, cfg, index, cfg->games ? cfg->games : 2000);
	if (st == BONES_EILLEGAL)
		save_failure(&ck, &opts, cfg->record_dir, c->variant);
	if (cfg->log)
		fprintf(cfg->log, "%s: %zu games, %zu moves: %s\n", label, rep->games - before,
			rep->moves - moves, st ? "FAILED" : "ok");
	bones_check_free(&ck);
	p->destroy_game(game);
	rep->configurations++;
out_release:
	bones_options_release(&opts);
	return st;
}

/* The configurations: one variant, or the defaults, every variant and player count. */
static size_t list_configurations(const bones_plugin *p, const bones_check_config *cfg,
				  configuration *out, size_t cap)
{
	size_t n = 0;
	if (cfg->variant) {
		out[n++] = (configuration){cfg->variant, 0};
		return n;
	}
	out[n++] = (configuration){NULL, 0};
	for (size_t i = 0; i < p->variant_count && n < cap; i++)
		out[n++] = (configuration){p->variants[i].id, 0};
	int k = bones_options_find(p, "players");
	if (k < 0 || p->options[k].type != BONES_OPT_INT ||
	    (cfg->settings && strstr(cfg->settings, "players=")))
		return n;
	const bones_option_def *def = &p->options[k];
	long dflt = strtol(def->default_value, NULL, 10);
	for (int64_t v = def->min; v <= def->max && n < cap; v++)
		if (v != dflt && v >= p->min_players && v <= p->max_players)
			out[n++] = (configuration){NULL, (int)v};
	return n;
}

bones_status bones_check_run(const bones_plugin *plugin, const bones_check_config *config,
			     bones_check_report *report)
{
	configuration list[64];
	bones_check_config cfg = *config;
	memset(report, 0, sizeof *report);
	if (!cfg.record_dir) {
		const char *tmp = getenv("TMPDIR");
		cfg.record_dir = tmp && *tmp ? tmp : "/tmp";
	}
	size_t n = list_configurations(plugin, &cfg, list, sizeof list / sizeof *list);
	for (size_t i = 0; i < n; i++) {
		bones_status st = run_configuration(plugin, &cfg, &list[i], i, report);
		if (st)
			return st;
	}
	return BONES_OK;
}
