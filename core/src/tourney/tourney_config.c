/* Tournament files: reading [tourney], [game.NAME] and [player.NAME] through
 * bones/ini.h and validating all of it ("FILE:LINE: KEY: reason") before anything runs;
 * see bones/tourney.h and docs/tournaments.md. */
#include "bones/tourney.h"

#include "bones/i18n.h"

#include "bones/agent.h"
#include "bones/clock.h"
#include "bones/preset.h"
#include "bones/file.h"
#include "bones/ini.h"
#include "bones/session.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RAW_OPTIONS 32

/* The keys of a [game.NAME] section as read, resolved after the whole file is read. */
struct raw_game {
	char source[64];
	int source_line;
	char variant[64];
	int variant_line;
	int count_line;
	char keys[MAX_RAW_OPTIONS][64];
	char values[MAX_RAW_OPTIONS][256];
	int lines[MAX_RAW_OPTIONS];
	int option_count;
};

struct load_ctx {
	bones_tourney *t;
	struct raw_game *raw; /* BONES_TOURNEY_MAX_GAMES */
	char plugin_path[1024];
	char *err;
	size_t errcap;
	bool failed;
	int tourney_line;
	int sprt_line;
	bool people;          /* [player.NAME] may say person = true (bones serve) */
};

static int fail(struct load_ctx *c, int line, const char *key, const char *reason)
{
	if (!c->failed)
		snprintf(c->err, c->errcap, "%s:%d: %s: %s", c->t->path, line, key, reason);
	c->failed = true;
	return 0;
}

static int copy(struct load_ctx *c, int line, const char *key, const char *value,
		char *field, size_t cap)
{
	if (strlen(value) >= cap)
		return fail(c, line, key, _("value too long"));
	snprintf(field, cap, "%s", value);
	return 1;
}

static bool parse_int(const char *text, long lo, long hi, int *out)
{
	char *end;
	errno = 0;
	long v = strtol(text, &end, 10);
	if (errno || end == text || *end || v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

static int int_key(struct load_ctx *c, int line, const char *key, const char *value,
		   long lo, long hi, int *out)
{
	if (parse_int(value, lo, hi, out))
		return 1;
	char reason[128];
	snprintf(reason, sizeof reason, _("'%s' is not a whole number in %ld..%ld"), value, lo, hi);
	return fail(c, line, key, reason);
}

static int format_key(struct load_ctx *c, int line, const char *value)
{
	for (int f = BONES_TOURNEY_ROUND_ROBIN; f <= BONES_TOURNEY_KNOCKOUT; f++)
		if (!strcmp(value, bones_tourney_format_name((bones_tourney_format)f))) {
			c->t->format = (bones_tourney_format)f;
			return 1;
		}
	return fail(c, line, "format",
		    _("unknown format (known: round-robin, gauntlet, swiss, knockout)"));
}

static int tourney_key(struct load_ctx *c, const char *key, const char *value, int line)
{
	bones_tourney *t = c->t;
	if (!strcmp(key, "name"))
		return copy(c, line, key, value, t->name, sizeof t->name);
	if (!strcmp(key, "format"))
		return format_key(c, line, value);
	if (!strcmp(key, "rounds"))
		return int_key(c, line, key, value, 1, 10000, &t->rounds);
	if (!strcmp(key, "concurrency") || !strcmp(key, "threads"))
		return int_key(c, line, key, value, 1, 256, &t->concurrency);
	if (!strcmp(key, "sets"))
		return int_key(c, line, key, value, 1, 100000, &t->sets);
	if (!strcmp(key, "pictures"))
		return int_key(c, line, key, value, 0, 100000, &t->pictures);
	if (!strcmp(key, "output"))
		return copy(c, line, key, value, t->output, sizeof t->output);
	if (!strcmp(key, "plugin_path"))
		return copy(c, line, key, value, c->plugin_path, sizeof c->plugin_path);
	if (!strcmp(key, "seed")) {
		char *end;
		errno = 0;
		t->seed = strtoull(value, &end, 10);
		if (errno || end == value || *end || *value == '-')
			return fail(c, line, key, _("not a whole number 0..2^64-1"));
		return 1;
	}
	if (!strcmp(key, "duplicate")) {
		if (strcmp(value, "true") && strcmp(value, "false"))
			return fail(c, line, key, _("expected true or false"));
		t->duplicate = !strcmp(value, "true");
		return 1;
	}
	if (!strcmp(key, "sync")) {
		if (strcmp(value, "full") && strcmp(value, "normal"))
			return fail(c, line, key, _("expected full or normal"));
		t->sync_normal = !strcmp(value, "normal");
		return 1;
	}
	if (!strcmp(key, "sprt")) {
		char why[256];
		if (bones_sprt_parse(value, &t->sprt, why, sizeof why))
			return fail(c, line, key, why);
		t->sprt_on = true;
		c->sprt_line = line;
		return 1;
	}
	if (!strcmp(key, "time_per_move") || !strcmp(key, "hang_time")) {
		int64_t *ms = key[0] == 't' ? &t->move_ms : &t->hang_ms;
		if (!bones_clock_parse_duration(value, ms) || *ms <= 0)
			return fail(c, line, key, _("not a duration of at most 30 days (e.g. 500ms, 2s, 1m)"));
		return 1;
	}
	return fail(c, line, key,
		    _("unknown key in [tourney] (known: name, format, rounds, seed, concurrency, "
		    "sets, duplicate, time_per_move, hang_time, sync, sprt, output, plugin_path, "
		    "pictures)"));
}

/* The index of section "PREFIX.NAME" in names (adding it), or -1 after an error. */
static int named_section(struct load_ctx *c, const char *name, int line, bool game)
{
	bones_tourney *t = c->t;
	int *count = game ? &t->game_count : &t->player_count;
	int max = game ? BONES_TOURNEY_MAX_GAMES : BONES_TOURNEY_MAX_PLAYERS;
	for (int i = 0; i < *count; i++)
		if (!strcmp(game ? t->games[i].name : t->players[i].name, name))
			return i;
	if (!*name || strlen(name) >= 64 || strpbrk(name, " \t,\"'")) {
		fail(c, line, game ? "game" : "player",
		     _("a section name needs 1..63 characters without spaces, commas or quotes"));
		return -1;
	}
	if (*count == max) {
		fail(c, line, game ? "game" : "player", _("too many sections of this kind"));
		return -1;
	}
	int i = (*count)++;
	if (game) {
		snprintf(t->games[i].name, sizeof t->games[i].name, "%s", name);
		t->games[i].line = line;
		t->games[i].weight = -1;
	} else {
		snprintf(t->players[i].name, sizeof t->players[i].name, "%s", name);
		t->players[i].line = line;
	}
	return i;
}

static int game_key(struct load_ctx *c, int i, const char *key, const char *value, int line)
{
	struct raw_game *r = &c->raw[i];
	bones_tourney_game *g = &c->t->games[i];
	if (!strcmp(key, "preset") || !strcmp(key, "plugin")) {
		if (r->source_line)
			return fail(c, line, key, _("the game is named twice (preset or plugin)"));
		r->source_line = line;
		return copy(c, line, key, value, r->source, sizeof r->source);
	}
	if (!strcmp(key, "variant")) {
		r->variant_line = line;
		return copy(c, line, key, value, r->variant, sizeof r->variant);
	}
	if (!strcmp(key, "count")) {
		r->count_line = line;
		return int_key(c, line, key, value, 0, 100000, &g->count);
	}
	if (!strcmp(key, "weight")) {
		char *end;
		g->weight = strtod(value, &end);
		if (end == value || *end || !(g->weight >= 0) || g->weight > 1e6)
			return fail(c, line, key, _("not a number in 0..1000000"));
		return 1;
	}
	if (r->option_count == MAX_RAW_OPTIONS)
		return fail(c, line, key, _("too many options"));
	int k = r->option_count++;
	r->lines[k] = line;
	return copy(c, line, key, key, r->keys[k], sizeof r->keys[k]) &&
	       copy(c, line, key, value, r->values[k], sizeof r->values[k]);
}

static int player_key(struct load_ctx *c, int i, const char *key, const char *value,
		      int line)
{
	bones_tourney_player *p = &c->t->players[i];
	if (!*value)
		return fail(c, line, key, _("empty value"));
	if (!strcmp(key, "agent"))
		return copy(c, line, key, value, p->agent, sizeof p->agent);
	if (!strcmp(key, "engine"))
		return copy(c, line, key, value, p->engine, sizeof p->engine);
	if (!strcmp(key, "person") && c->people) {
		if (strcmp(value, "true"))
			return fail(c, line, key, _("expected true"));
		p->person = true;
		return 1;
	}
	return fail(c, line, key, _("unknown key in a player section (known: agent, engine)"));
}

static int handler(void *user, const char *section, const char *key, const char *value,
		   int line)
{
	struct load_ctx *c = user;
	if (c->failed)
		return 0;
	if (!strcmp(section, "tourney")) {
		c->tourney_line = line;
		return tourney_key(c, key, value, line);
	}
	bool game = !strncmp(section, "game.", 5);
	if (game || !strncmp(section, "player.", 7)) {
		int i = named_section(c, strchr(section, '.') + 1, line, game);
		if (i < 0)
			return 0;
		return game ? game_key(c, i, key, value, line) : player_key(c, i, key, value, line);
	}
	if (!*section)
		return fail(c, line, key, _("key outside any section (start with [tourney])"));
	return fail(c, line, key, _("unknown section (known: [tourney], [game.NAME], [player.NAME])"));
}

/* Resolve one game: preset or plugin, variant, options, then configure it once. */
static bool resolve_game(struct load_ctx *c, int i)
{
	bones_tourney *t = c->t;
	bones_tourney_game *g = &t->games[i];
	struct raw_game *r = &c->raw[i];
	char why[512];
	const bones_plugin *plugin;
	bones_preset *preset = calloc(1, sizeof *preset);
	if (!preset)
		return fail(c, g->line, g->name, _("out of memory"));
	if (!r->source_line) {
		free(preset);
		return fail(c, g->line, g->name, _("no game: add 'preset = NAME' or 'plugin = ID'"));
	}
	if (bones_preset_resolve(r->source, t->reg, preset, &plugin, why, sizeof why)) {
		free(preset);
		return fail(c, r->source_line, "preset", why);
	}
	snprintf(g->source, sizeof g->source, "%s", r->source);
	if (r->variant_line)
		snprintf(preset->variant, sizeof preset->variant, "%s", r->variant);
	bones_status st = bones_preset_options(preset, plugin, &g->options, why, sizeof why);
	free(preset);
	if (st)
		return fail(c, r->variant_line ? r->variant_line : r->source_line, "options", why);
	g->plugin = plugin;
	for (int k = 0; k < r->option_count; k++)
		if (bones_options_set(&g->options, r->keys[k], r->values[k], why, sizeof why))
			return fail(c, r->lines[k], r->keys[k], strchr(why, ':') ? strchr(why, ':') + 2
									: why);
	bones_session *s;
	if (bones_session_create(plugin, &g->options, t->seed, &s, why, sizeof why))
		return fail(c, g->line, g->name, why);
	g->seats = bones_session_info(s)->players;
	bones_session_destroy(s);
	return true;
}

/* Each agent spec must work for each game; each game must fit the format. */
static bool check_game(struct load_ctx *c, int i)
{
	bones_tourney *t = c->t;
	bones_tourney_game *g = &t->games[i];
	char why[512];
	if (g->seats < 2 || g->seats > BONES_TOURNEY_MAX_SEATS)
		snprintf(why, sizeof why, _("%d players per table: tournaments seat 2..%d"), g->seats,
			 BONES_TOURNEY_MAX_SEATS);
	else if (g->seats > t->player_count)
		snprintf(why, sizeof why, _("%d players per table but only %d participants"), g->seats,
			 t->player_count);
	else if (g->seats != 2 && (t->format == BONES_TOURNEY_SWISS ||
				   t->format == BONES_TOURNEY_KNOCKOUT))
		snprintf(why, sizeof why, _("%s pairs two players: set players = 2"),
			 bones_tourney_format_name(t->format));
	else
		why[0] = '\0';
	if (why[0])
		return fail(c, g->line, g->name, why);
	bones_session *s;
	if (bones_session_create(g->plugin, &g->options, t->seed, &s, why, sizeof why))
		return fail(c, g->line, g->name, why);
	for (int p = 0; p < t->player_count && !c->failed; p++) {
		bones_agent *a;
		if (!t->players[p].agent[0])
			continue;
		if (bones_agent_create(t->players[p].agent, g->plugin, bones_session_game(s),
				       bones_session_info(s), 1, &a, why, sizeof why))
			fail(c, t->players[p].line, "agent", why);
		else
			bones_agent_destroy(a);
	}
	bones_session_destroy(s);
	return !c->failed;
}

/* Largest-remainder shares of `sets` among the games that give no count. */
static void apportion(bones_tourney *t)
{
	double total = 0;
	for (int i = 0; i < t->game_count; i++)
		if (t->games[i].count < 0)
			total += t->games[i].weight < 0 ? 1 : t->games[i].weight;
	int given = 0;
	double frac[BONES_TOURNEY_MAX_GAMES] = {0};
	for (int i = 0; i < t->game_count; i++) {
		bones_tourney_game *g = &t->games[i];
		if (g->count >= 0)
			continue;
		double w = g->weight < 0 ? 1 : g->weight;
		double q = total > 0 ? t->sets * w / total : 0;
		g->count = (int)floor(q);
		frac[i] = q - g->count;
		given += g->count;
	}
	while (given < t->sets && total > 0) {
		int best = -1;
		for (int i = 0; i < t->game_count; i++)
			if (frac[i] > 0 && (best < 0 || frac[i] > frac[best]))
				best = i;
		if (best < 0)
			break;
		t->games[best].count++;
		frac[best] = 0;
		given++;
	}
}

/* An SPRT needs one pair, A and B, at tables of two. */
static bool check_sprt(struct load_ctx *c)
{
	const bones_tourney *t = c->t;
	if (!t->sprt_on)
		return true;
	if (t->player_count != 2)
		return fail(c, c->sprt_line, "sprt", _("tests two participants, A and B: give exactly "
			    "two [player.NAME] sections"));
	if (t->format != BONES_TOURNEY_ROUND_ROBIN && t->format != BONES_TOURNEY_GAUNTLET)
		return fail(c, c->sprt_line, "sprt", _("needs format = round-robin or gauntlet"));
	for (int i = 0; i < t->game_count; i++)
		if (t->games[i].seats != 2)
			return fail(c, t->games[i].line, t->games[i].name,
				    _("an SPRT plays tables of two: set players = 2"));
	return true;
}

static bool validate(struct load_ctx *c)
{
	bones_tourney *t = c->t;
	if (!t->game_count)
		return fail(c, c->tourney_line, "game", _("no [game.NAME] section"));
	if (t->player_count < 2)
		return fail(c, c->tourney_line, "player", _("at least two [player.NAME] sections"));
	for (int p = 0; p < t->player_count; p++) {
		bones_tourney_player *pl = &t->players[p];
		if (pl->person && (pl->agent[0] || pl->engine[0]))
			return fail(c, pl->line, pl->name, _("a person has no 'agent' or 'engine'"));
		if (!pl->person && !pl->agent[0] == !pl->engine[0])
			return fail(c, pl->line, pl->name, _("give exactly one of 'agent' and 'engine'"));
	}
	if (c->plugin_path[0])
		bones_registry_scan_path(t->reg, c->plugin_path);
	bool weighted = false;
	for (int i = 0; i < t->game_count; i++) {
		if (c->raw[i].count_line && t->games[i].weight >= 0)
			return fail(c, c->raw[i].count_line, "count", _("give a count or a weight, not both"));
		if (!c->raw[i].count_line) {
			t->games[i].count = -1;
			weighted = true;
		}
		if (!resolve_game(c, i) || !check_game(c, i))
			return false;
	}
	if (weighted && !t->sets)
		for (int i = 0; i < t->game_count; i++)
			t->sets += t->games[i].count < 0;
	apportion(t);
	return check_sprt(c);
}

static void defaults(bones_tourney *t, const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	snprintf(t->path, sizeof t->path, "%s", path);
	snprintf(t->name, sizeof t->name, "%.*s", (int)strcspn(base, "."), base);
	t->rounds = 0;
	t->concurrency = 1;
	t->seed = 1;
	t->move_ms = 10000;
	t->hang_ms = 60000;
	t->pictures = BONES_TOURNEY_PICTURES;
	snprintf(t->output, sizeof t->output, "tourney-%s", t->name);
}

static bool read_text(bones_tourney *t, char *err, size_t errcap)
{
	FILE *f = bones_file_open(t->path, BONES_FILE_MAX_BYTES, NULL, err, errcap);
	if (!f)
		return false;
	size_t n = fread(t->config_text, 1, sizeof t->config_text - 1, f);
	bool failed = ferror(f), big = !failed && !feof(f);
	fclose(f);
	t->config_text[n] = '\0';
	if (failed)
		snprintf(err, errcap, _("'%s': cannot read it"), t->path);
	if (big)
		snprintf(err, errcap, _("'%s': larger than %zu bytes"), t->path,
			 sizeof t->config_text - 1);
	return !big && !failed;
}

/* Parse and validate t->config_text (people: [player.NAME] may say person = true). */
static bones_status load(bones_tourney *t, bool people, bones_tourney **out, char *err,
			 size_t errcap)
{
	struct load_ctx c = {.t = t, .err = err, .errcap = errcap, .people = people};
	c.raw = calloc(BONES_TOURNEY_MAX_GAMES, sizeof *c.raw);
	if (!c.raw) {
		snprintf(err, errcap, "%s", _("out of memory"));
		goto out_fail;
	}
	bones_registry_scan_default(t->reg);
	int line = 0;
	/* the text read whole above: what is parsed is what --resume compares */
	bones_status st = bones_ini_parse_string(t->config_text, handler, &c, &line);
	if (st == BONES_EPARSE && !c.failed)
		fail(&c, line, "ini", _("syntax error"));
	if (st == BONES_ENOMEM && !c.failed)
		snprintf(err, errcap, _("%s: out of memory"), t->path);
	if (st || !validate(&c))
		goto out_fail;
	if (!t->rounds)
		t->rounds = t->format == BONES_TOURNEY_SWISS ? 5 : 1;
	free(c.raw);
	*out = t;
	return BONES_OK;
out_fail:
	free(c.raw);
	bones_tourney_destroy(t);
	return BONES_EINVAL;
}

/* A tourney named by path (or by a server's name) from its file, or from text when text
 * is not NULL (then people may sit in it). */
static bones_status load_from(const char *path, const char *text, bones_tourney **out,
			      char *err, size_t errcap)
{
	bones_tourney *t = calloc(1, sizeof *t);
	*out = NULL;
	if (!t || !(t->reg = bones_registry_create())) {
		snprintf(err, errcap, "%s", _("out of memory"));
		bones_tourney_destroy(t);
		return BONES_EINVAL;
	}
	defaults(t, path);
	bool ok = text ? strlen(text) < sizeof t->config_text : read_text(t, err, errcap);
	if (text && !ok)
		snprintf(err, errcap, _("'%s': larger than %zu bytes"), path,
			 sizeof t->config_text - 1);
	else if (text)
		snprintf(t->config_text, sizeof t->config_text, "%s", text);
	if (!ok) {
		bones_tourney_destroy(t);
		return BONES_EINVAL;
	}
	return load(t, text != NULL, out, err, errcap);
}

bones_status bones_tourney_load(const char *path, bones_tourney **out, char *err,
				size_t errcap)
{
	return load_from(path, NULL, out, err, errcap);
}

bones_status bones_tourney_load_text(const char *name, const char *text, bones_tourney **out,
				     char *err, size_t errcap)
{
	return load_from(name, text, out, err, errcap);
}

void bones_tourney_destroy(bones_tourney *t)
{
	if (!t)
		return;
	for (int i = 0; i < t->game_count; i++)
		if (t->games[i].plugin)
			bones_options_release(&t->games[i].options);
	bones_registry_destroy(t->reg);
	free(t);
}

const char *bones_tourney_format_name(bones_tourney_format format)
{
	static const char *const names[] = {"round-robin", "gauntlet", "swiss", "knockout"};
	return format <= BONES_TOURNEY_KNOCKOUT ? names[format] : "?";
}
