/* Game presets (configs/NAME.ini): reading them through bones/ini.h, checking every
 * value against the plugin's schema with "FILE:LINE: KEY: reason", finding and listing
 * them in the configs folders; see bones/preset.h. */
#include "bones/preset.h"

#include "bones/file.h"
#include "bones/host.h"
#include "bones/i18n.h"
#include "bones/ini.h"
#include "bones/match.h"
#include "bones/paths.h"
#include "bones/suggest.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The state of one bones_preset_load: the first error wins and stops the parse. */
struct load_ctx {
	bones_preset *preset;
	char *err;
	size_t errcap;
	bool failed;
	bool seen[5]; /* [game] keys seen: plugin, variant, name, description, plugin_path */
	int game_line; /* last line of a [game] key, for "plugin: missing" */
	bool time_seen[6]; /* [time] keys seen: per_move, penalty, grace, forfeit, per_game,
			      increment */
	int time_any_line; /* first line of a [time] key, for "per_move: missing" */
	/* name[LL] and description[LL]: the ones for the player's language, and how well
	 * their LL matched it (2: "de_AT" for de_AT, 1: "de" for de_AT, 0: none yet) */
	char local_name[sizeof ((bones_preset *)0)->name];
	char local_description[sizeof ((bones_preset *)0)->description];
	int local_match[2];
	char local_seen[32][32]; /* localized keys seen, for "set twice" */
	int local_seen_count;
};

static int load_fail(struct load_ctx *c, int line, const char *key, const char *reason)
{
	if (!c->failed && c->err && c->errcap)
		snprintf(c->err, c->errcap, "%s:%d: %s: %s", c->preset->path, line, key, reason);
	c->failed = true;
	return 0;
}

/* Copy value into a field of cap bytes, or fail naming the key. */
static int copy_field(struct load_ctx *c, int line, const char *key, const char *value,
		      char *field, size_t cap)
{
	size_t len = strlen(value);
	if (len >= cap) {
		char reason[96];
		snprintf(reason, sizeof reason, _("value too long (%zu characters, at most %zu)"),
			 len, cap - 1);
		return load_fail(c, line, key, reason);
	}
	memcpy(field, value, len + 1);
	return 1;
}

/* How well the language tag of a localized key fits the player's language: 2 for the
 * same ("de_AT" for de_AT), 1 for its language ("de" for de_AT), else 0. */
static int language_match(const char *tag, size_t len)
{
	const char *want = bones_i18n_language();
	size_t lang_len = strcspn(want, "_@.");
	if (strlen(want) == len && !strncmp(want, tag, len))
		return 2;
	return len == lang_len && !strncmp(want, tag, len) ? 1 : 0;
}

/* A language tag as desktop files write it: ll, ll_CC, ll@variant, ll_CC@variant. */
static bool is_language_tag(const char *tag, size_t len)
{
	size_t letters = 0;
	while (letters < len && tag[letters] >= 'a' && tag[letters] <= 'z')
		letters++;
	if (letters < 2 || letters > 3 || len > 15) /* "description[" 15 "]" fits local_seen */
		return false;
	for (size_t i = letters; i < len; i++)
		if (!strchr("_@ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
			    tag[i]))
			return false;
	return true;
}

/* name[LL] = ... and description[LL] = ...: the text in language LL. The one for the
 * player's language replaces the plain key's at the end; others are checked, not kept. */
static int load_localized_key(struct load_ctx *c, const char *key, const char *value,
			      int line)
{
	size_t base = strcspn(key, "[");
	const char *tag = key + base + 1;
	size_t tag_len = strlen(tag);
	int which = base == 4 && !strncmp(key, "name", 4)	       ? 0
		    : base == 11 && !strncmp(key, "description", 11) ? 1
								     : -1;
	if (which < 0) {
		char reason[200];
		snprintf(reason, sizeof reason,
			 _("only name and description have translations (e.g. 'name[de]'), "
			   "not '%.*s'"),
			 (int)base, key);
		return load_fail(c, line, key, reason);
	}
	if (!tag_len || tag[tag_len - 1] != ']' || !is_language_tag(tag, tag_len - 1))
		return load_fail(c, line, key,
				 _("expected a language code in brackets, e.g. 'name[de]'"));
	for (int i = 0; i < c->local_seen_count; i++)
		if (!strcmp(c->local_seen[i], key))
			return load_fail(c, line, key, _("set twice in [game]"));
	if (c->local_seen_count < (int)(sizeof c->local_seen / sizeof c->local_seen[0]))
		snprintf(c->local_seen[c->local_seen_count++], sizeof c->local_seen[0], "%s", key);
	char *field = which ? c->local_description : c->local_name;
	size_t cap = which ? sizeof c->local_description : sizeof c->local_name;
	char scratch[sizeof c->local_description];
	int match = language_match(tag, tag_len - 1);
	if (match <= c->local_match[which]) /* checked, not kept */
		return copy_field(c, line, key, value, scratch, cap);
	if (!copy_field(c, line, key, value, field, cap))
		return 0;
	c->local_match[which] = match;
	return 1;
}

static int load_game_key(struct load_ctx *c, const char *key, const char *value, int line)
{
	static const char *const keys[] = {"plugin", "variant", "name", "description",
					   "plugin_path"};
	bones_preset *p = c->preset;
	char *fields[] = {p->plugin, p->variant, p->name, p->description, p->plugin_path};
	const size_t caps[] = {sizeof p->plugin, sizeof p->variant, sizeof p->name,
			       sizeof p->description, sizeof p->plugin_path};
	size_t base = strcspn(key, "[");
	for (size_t i = 0; key[base] && i < sizeof keys / sizeof keys[0]; i++)
		if (strlen(keys[i]) == base && !strncmp(key, keys[i], base))
			return load_localized_key(c, key, value, line);
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		if (strcmp(key, keys[i]))
			continue;
		if (c->seen[i])
			return load_fail(c, line, key, _("set twice in [game]"));
		c->seen[i] = true;
		if (!strcmp(key, "variant"))
			p->variant_line = line;
		if (!strcmp(key, "plugin"))
			p->plugin_line = line;
		if (!*value && (i == 0 || i == 1))
			return load_fail(c, line, key, _("empty value"));
		return copy_field(c, line, key, value, fields[i], caps[i]);
	}
	return load_fail(c, line, key,
			 _("unknown key in [game] (known: plugin, variant, name, description, "
			   "plugin_path)"));
}

static int load_option(struct load_ctx *c, const char *key, const char *value, int line)
{
	bones_preset *p = c->preset;
	for (int i = 0; i < p->option_count; i++)
		if (!strcmp(p->options[i].key, key))
			return load_fail(c, line, key, _("set twice in [options]"));
	if (p->option_count >= BONES_PRESET_MAX_OPTIONS)
		return load_fail(c, line, key, _("too many options"));
	bones_preset_option *o = &p->options[p->option_count];
	if (!copy_field(c, line, key, key, o->key, sizeof o->key) ||
	    !copy_field(c, line, key, value, o->value, sizeof o->value))
		return 0;
	o->line = line;
	p->option_count++;
	return 1;
}

static int load_seat_key(struct load_ctx *c, const char *section, const char *key,
			 const char *value, int line)
{
	const char *num = section + strlen("seat.");
	char *end;
	long n = strtol(num, &end, 10);
	if (!*num || *end || n < 1 || n > BONES_PRESET_MAX_SEATS) {
		char reason[96];
		snprintf(reason, sizeof reason, _("seat '%s' is not a number in 1..%d"), num,
			 BONES_PRESET_MAX_SEATS);
		return load_fail(c, line, section, reason);
	}
	bones_preset_seat *seat = &c->preset->seats[n - 1];
	if (!strcmp(key, "agent") || !seat->line)
		seat->line = line;
	if (!strcmp(key, "agent"))
		return *value ? copy_field(c, line, key, value, seat->agent, sizeof seat->agent)
			      : load_fail(c, line, key, _("empty agent (try human, random, greedy)"));
	if (!strcmp(key, "name"))
		return copy_field(c, line, key, value, seat->name, sizeof seat->name);
	return load_fail(c, line, key, _("unknown key in a seat section (known: agent, name)"));
}

/* One [time] key into t; NULL when fine, else the reason (into buf). */
static const char *time_key(bones_time_control *t, const char *key, const char *value,
			    char *buf, size_t cap)
{
	static const char *const durations[] = {"per_move", "grace", "per_game", "increment"};
	int64_t *fields[] = {&t->per_move_ms, &t->grace_ms, &t->per_game_ms, &t->increment_ms};
	for (size_t i = 0; i < sizeof durations / sizeof durations[0]; i++) {
		int64_t ms;
		if (strcmp(key, durations[i]))
			continue;
		if (!bones_clock_parse_duration(value, &ms)) {
			snprintf(buf, cap, _("'%s' is not a duration of at most 30 days (try 60, 90s, 2m, 1500ms, 3d)"), value);
			return buf;
		}
		if (i == 0 && ms <= 0)
			return _("the time per move must be more than 0");
		if (i == 2 && ms <= 0)
			return _("the time per game must be more than 0");
		*fields[i] = ms;
		return NULL;
	}
	if (!strcmp(key, "penalty")) {
		char *end;
		double v = strtod(value, &end);
		if (end == value || *end || !(v >= 0 && v <= 1e9)) {
			snprintf(buf, cap, _("'%s' is not a number of points >= 0 (a penalty always "
					   "counts against the mover)"), value);
			return buf;
		}
		t->penalty = v;
	} else if (!strcmp(key, "forfeit")) {
		bool yes = !strcmp(value, "true") || !strcmp(value, "yes") || !strcmp(value, "1");
		bool no = !strcmp(value, "false") || !strcmp(value, "no") || !strcmp(value, "0");
		if (!yes && !no) {
			snprintf(buf, cap, _("'%s' is not true or false"), value);
			return buf;
		}
		t->forfeit = yes;
	} else {
		return _("unknown key in [time] (known: per_move, penalty, grace, forfeit, per_game, increment)");
	}
	return NULL;
}

static int load_time_key(struct load_ctx *c, const char *key, const char *value, int line)
{
	static const char *const keys[] = {"per_move", "penalty", "grace", "forfeit", "per_game",
					   "increment"};
	char buf[160];
	if (!c->time_any_line)
		c->time_any_line = line;
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		if (strcmp(key, keys[i]))
			continue;
		if (c->time_seen[i])
			return load_fail(c, line, key, _("set twice in [time]"));
		c->time_seen[i] = true;
	}
	const char *why = time_key(&c->preset->time, key, value, buf, sizeof buf);
	if (why)
		return load_fail(c, line, key, why);
	if (!strcmp(key, "per_move") || !strcmp(key, "per_game"))
		c->preset->time_line = line;
	return 1;
}

/* games of [match] or --games; NULL when fine, else the reason. */
static const char *games_value(int *games, const char *value)
{
	char *end;
	long n = strtol(value, &end, 10);
	if (end == value || *end || n < 1 || n > 1000)
		return _("expected a number of games in 1..1000");
	*games = (int)n;
	return NULL;
}

/* target of [match]; NULL when fine, else the reason. */
static const char *target_value(int *target, const char *value)
{
	char *end;
	long n = strtol(value, &end, 10);
	if (end == value || *end || n < 1 || n > 1000000)
		return _("expected a target score in 1..1000000");
	*target = (int)n;
	return NULL;
}

static int load_match_key(struct load_ctx *c, const char *key, const char *value, int line)
{
	bool games = !strcmp(key, "games");
	if (!games && strcmp(key, "target"))
		return load_fail(c, line, key, _("unknown key in [match] (known: games, target)"));
	int *seen = games ? &c->preset->match_line : &c->preset->match_target_line;
	if (*seen)
		return load_fail(c, line, key, _("set twice in [match]"));
	const char *why = games ? games_value(&c->preset->match_games, value)
				: target_value(&c->preset->match_target, value);
	if (why)
		return load_fail(c, line, key, why);
	*seen = line;
	return 1;
}

static int load_handler(void *user, const char *section, const char *key,
			const char *value, int line)
{
	struct load_ctx *c = user;
	if (c->failed)
		return 0;
	if (!strcmp(section, "game")) {
		c->game_line = line;
		return load_game_key(c, key, value, line);
	}
	if (!strcmp(section, "options"))
		return load_option(c, key, value, line);
	if (!strncmp(section, "seat.", 5))
		return load_seat_key(c, section, key, value, line);
	if (!strcmp(section, "time"))
		return load_time_key(c, key, value, line);
	if (!strcmp(section, "match"))
		return load_match_key(c, key, value, line);
	char reason[160];
	if (!*section)
		return load_fail(c, line, key, _("key outside any section (start with [game])"));
	snprintf(reason, sizeof reason,
		 _("unknown section [%s] (known: [game], [options], [seat.N], [time], [match])"),
		 section);
	return load_fail(c, line, key, reason);
}

/* The file name without folder and extension. */
static void preset_id_of(const char *path, char *id, size_t cap)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t len = strcspn(base, ".");
	if (len >= cap)
		len = cap - 1;
	memcpy(id, base, len);
	id[len] = '\0';
}

/* plugin_path relative to the preset's folder, as the header promises. */
static bool resolve_plugin_path(bones_preset *p)
{
	if (!p->plugin_path[0] || p->plugin_path[0] == '/')
		return true;
	const char *slash = strrchr(p->path, '/');
	if (!slash)
		return true;
	char joined[sizeof p->plugin_path];
	int n = snprintf(joined, sizeof joined, "%.*s/%s", (int)(slash - p->path), p->path,
			 p->plugin_path);
	if (n < 0 || (size_t)n >= sizeof joined)
		return false;
	memcpy(p->plugin_path, joined, (size_t)n + 1);
	return true;
}

bones_status bones_preset_load(const char *path, bones_preset *preset, char *err,
			       size_t errcap)
{
	memset(preset, 0, sizeof *preset);
	if (err && errcap)
		err[0] = '\0';
	if (strlen(path) >= sizeof preset->path) {
		snprintf(err, errcap, _("'%s': path too long"), path);
		return BONES_EINVAL;
	}
	strcpy(preset->path, path);
	preset_id_of(path, preset->id, sizeof preset->id);
	struct load_ctx c = {.preset = preset, .err = err, .errcap = errcap, .game_line = 1};
	int line = 0;
	bones_status st;
	FILE *f = bones_file_open(path, BONES_FILE_MAX_BYTES, &st, err, errcap);
	if (!f)
		return st;
	st = bones_ini_parse_file(f, load_handler, &c, &line);
	fclose(f);
	if (st == BONES_ENOMEM && !c.failed) {
		snprintf(err, errcap, _("%s: out of memory"), path);
		return st;
	}
	if (st) {
		if (!c.failed)
			snprintf(err, errcap, _("%s:%d: syntax error (expected [section] or key = value)"),
				 path, line);
		return BONES_EPARSE;
	}
	if (!preset->plugin[0]) {
		snprintf(err, errcap, _("%s:%d: plugin: missing (add 'plugin = GAME' under [game])"),
			 path, c.game_line);
		return BONES_EPARSE;
	}
	if (c.time_any_line && !preset->time_line) {
		snprintf(err, errcap, _("%s:%d: per_move: missing in [time] (add 'per_move = 1m' or 'per_game = 10m')"),
			 path, c.time_any_line);
		return BONES_EPARSE;
	}
	if (preset->match_target && !preset->match_games)
		preset->match_games = BONES_MATCH_TARGET_CAP; /* a match to a target, capped */
	if (!resolve_plugin_path(preset)) {
		snprintf(err, errcap, _("%s: plugin_path: path too long"), path);
		return BONES_EINVAL;
	}
	if (c.local_match[0])
		memcpy(preset->name, c.local_name, sizeof preset->name);
	if (c.local_match[1])
		memcpy(preset->description, c.local_description, sizeof preset->description);
	if (!preset->name[0])
		snprintf(preset->name, sizeof preset->name, "%s", preset->id);
	return BONES_OK;
}

/* Prefix err (which reads "KEY: reason") with "FILE:LINE: ". */
static bones_status located(const bones_preset *p, int line, bones_status st, char *err,
			    size_t errcap)
{
	char inner[512];
	if (!p->path[0] || line <= 0)
		return st; /* not from the file (a default preset, --variant): "KEY: reason" */
	snprintf(inner, sizeof inner, "%s", err);
	snprintf(err, errcap, "%s:%d: %s", p->path, line, inner);
	return st;
}

static bones_status check_seats(const bones_preset *p, const bones_plugin *plugin,
				char *err, size_t errcap)
{
	for (int i = plugin->max_players; i < BONES_PRESET_MAX_SEATS; i++) {
		if (!p->seats[i].line)
			continue;
		snprintf(err, errcap, _("%s:%d: seat.%d: %s has at most %d players"), p->path,
			 p->seats[i].line, i + 1, plugin->id, plugin->max_players);
		return BONES_ERANGE;
	}
	return BONES_OK;
}

bones_status bones_preset_options(const bones_preset *preset, const bones_plugin *plugin,
				  bones_options *opts, char *err, size_t errcap)
{
	if (strcmp(preset->plugin, plugin->id)) {
		snprintf(err, errcap, _("%s: plugin: preset is for '%s', not '%s'"), preset->path,
			 preset->plugin, plugin->id);
		return BONES_EINVAL;
	}
	bones_status st = bones_options_init(opts, plugin, err, errcap);
	if (st)
		return st;
	if (preset->variant[0]) {
		st = bones_options_apply_variant(opts, preset->variant, err, errcap);
		if (st)
			goto out_release;
	}
	for (int i = 0; i < preset->option_count; i++) {
		const bones_preset_option *o = &preset->options[i];
		st = bones_options_set(opts, o->key, o->value, err, errcap);
		if (st) {
			located(preset, o->line, st, err, errcap);
			goto out_release;
		}
	}
	st = check_seats(preset, plugin, err, errcap);
	if (st)
		goto out_release;
	return BONES_OK;
out_release:
	if (preset->variant[0] && st && !strncmp(err, "variant:", 8))
		located(preset, preset->variant_line, st, err, errcap);
	bones_options_release(opts);
	return st;
}

void bones_preset_locate(const bones_preset *preset, const char *const *sets,
			 int set_count, char *err, size_t errcap)
{
	size_t key_len = strcspn(err, ":");
	char inner[512];
	for (int i = set_count; i-- > 0;) { /* an override the user typed is the culprit */
		if (!strncmp(sets[i], err, key_len) && sets[i][key_len] == '=') {
			snprintf(inner, sizeof inner, "%s", err);
			snprintf(err, errcap, "--set %s: %s", sets[i], inner);
			return;
		}
	}
	if (!preset->path[0])
		return;
	int line = 0;
	for (int i = 0; i < preset->option_count; i++) /* the last setting counts */
		if (strlen(preset->options[i].key) == key_len &&
		    !strncmp(preset->options[i].key, err, key_len))
			line = preset->options[i].line;
	if (!line && preset->variant[0])
		line = preset->variant_line;
	snprintf(inner, sizeof inner, "%s", err);
	if (line)
		snprintf(err, errcap, "%s:%d: %s", preset->path, line, inner);
	else
		snprintf(err, errcap, "%s: %s", preset->path, inner);
}

bones_status bones_preset_set(bones_options *opts, const char *pair, char *err,
			      size_t errcap)
{
	const char *eq = strchr(pair, '=');
	if (!eq || eq == pair) {
		snprintf(err, errcap, _("--set %s: expected key=value"), pair);
		return BONES_EPARSE;
	}
	char key[64];
	size_t klen = (size_t)(eq - pair);
	if (klen >= sizeof key) {
		snprintf(err, errcap, _("--set %s: key too long"), pair);
		return BONES_EINVAL;
	}
	memcpy(key, pair, klen);
	key[klen] = '\0';
	char inner[400];
	bones_status st = bones_options_set(opts, key, eq + 1, inner, sizeof inner);
	if (st)
		snprintf(err, errcap, "--set %s: %s", pair, inner);
	return st;
}

void bones_preset_default(bones_preset *preset, const bones_plugin *plugin)
{
	memset(preset, 0, sizeof *preset);
	snprintf(preset->id, sizeof preset->id, "%s", plugin->id);
	snprintf(preset->plugin, sizeof preset->plugin, "%s", plugin->id);
	snprintf(preset->name, sizeof preset->name, "%s", bones_plugin_text(plugin, plugin->name));
	snprintf(preset->description, sizeof preset->description, "%s",
		 bones_plugin_text(plugin, plugin->summary));
}

bones_status bones_preset_find(const char *name, char *path, size_t cap)
{
	if (!name || !*name)
		return BONES_EINVAL;
	size_t len = strlen(name);
	bool is_file = strchr(name, '/') || (len > 4 && !strcmp(name + len - 4, ".ini"));
	if (is_file)
		return bones_host_find_file(name, path, cap);
	char file[256];
	int n = snprintf(file, sizeof file, "%s.ini", name);
	if (n < 0 || (size_t)n >= sizeof file)
		return BONES_EINVAL;
	return bones_host_find_config_file(file, path, cap); /* a file here: ./NAME.ini */
}

bones_status bones_preset_set_time(bones_preset *preset, const char *key, const char *value,
				   char *err, size_t errcap)
{
	char buf[160];
	bones_time_control t = preset->time;
	const char *why = time_key(&t, key, value, buf, sizeof buf);
	if (why) {
		snprintf(err, errcap, "%s: %s", key, why);
		return BONES_EINVAL;
	}
	preset->time = t;
	return BONES_OK;
}

bones_status bones_preset_set_games(bones_preset *preset, const char *value, char *err,
				    size_t errcap)
{
	const char *why = games_value(&preset->match_games, value);
	if (why) {
		snprintf(err, errcap, "games: '%s': %s", value, why);
		return BONES_EINVAL;
	}
	return BONES_OK;
}

/* The preset files found so far, first folder wins per file name. */
struct preset_list {
	char **paths;
	size_t count, cap;
};

static bool is_preset_file(const char *path)
{
	FILE *f = bones_file_open(path, BONES_FILE_MAX_BYTES, NULL, NULL, 0);
	if (!f)
		return false;
	char line[256];
	bool found = false;
	while (!found && fgets(line, sizeof line, f)) {
		const char *p = line + strspn(line, " \t");
		found = !strncmp(p, "[game]", 6);
	}
	fclose(f);
	return found;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

static void list_add(struct preset_list *l, const char *dir, size_t dirlen,
		     const char *file)
{
	for (size_t i = 0; i < l->count; i++)
		if (!strcmp(base_name(l->paths[i]), file))
			return;
	size_t need = dirlen + strlen(file) + 2;
	char *path = malloc(need);
	if (!path)
		return;
	snprintf(path, need, "%.*s/%s", (int)dirlen, dir, file);
	bool keep = is_preset_file(path);
	if (keep && l->count == l->cap) {
		size_t cap = l->cap * 2 + 8;
		char **grown = realloc(l->paths, cap * sizeof *grown);
		if (grown) {
			l->paths = grown;
			l->cap = cap;
		}
	}
	if (keep && l->count < l->cap)
		l->paths[l->count++] = path;
	else
		free(path);
}

static bool list_dir(void *user, const char *dir, size_t dirlen)
{
	struct preset_list *l = user;
	char name[1024];
	if (!dirlen || dirlen >= sizeof name)
		return false;
	memcpy(name, dir, dirlen);
	name[dirlen] = '\0';
	DIR *d = opendir(name);
	if (!d)
		return false;
	for (struct dirent *e; (e = readdir(d));) {
		size_t len = strlen(e->d_name);
		if (len > 4 && e->d_name[0] != '.' && !strcmp(e->d_name + len - 4, ".ini"))
			list_add(l, dir, dirlen, e->d_name);
	}
	closedir(d);
	return false;
}

static int compare_base(const void *a, const void *b)
{
	return strcmp(base_name(*(char *const *)a), base_name(*(char *const *)b));
}

void bones_preset_list(void (*fn)(void *user, const char *path), void *user)
{
	struct preset_list l = {NULL, 0, 0};
	bones_paths_each_config_dir(list_dir, &l);
	if (l.count)
		qsort(l.paths, l.count, sizeof *l.paths, compare_base);
	for (size_t i = 0; i < l.count; i++) {
		fn(user, l.paths[i]);
		free(l.paths[i]);
	}
	free(l.paths);
}

static void suggest_preset(void *user, const char *path)
{
	char id[64];
	preset_id_of(path, id, sizeof id);
	bones_suggest_add(user, id);
}

/* A name that is neither a game nor a preset: a missing file when it names one, else
 * the closest game or preset as a suggestion. */
static bones_status not_found(const char *name, bones_registry *reg, char *err,
			      size_t errcap)
{
	size_t len = strlen(name);
	if (strchr(name, '/') || (len > 4 && !strcmp(name + len - 4, ".ini"))) {
		bones_status st;
		FILE *f = bones_file_open(name, BONES_FILE_MAX_BYTES, &st, err, errcap);
		if (f) { /* readable, yet not found as a preset: it has no [game] */
			fclose(f);
			snprintf(err, errcap, _("'%s': not a game preset (no [game] section)"), name);
			return BONES_EPARSE;
		}
		return st;
	}
	if (bones_registry_out_of_memory(reg)) {
		snprintf(err, errcap, _("'%s': out of memory while loading the games"), name);
		return BONES_ENOMEM;
	}
	const char *refused = bones_registry_refusal(reg, name);
	if (refused) {
		snprintf(err, errcap, _("'%s': the game's plugin was refused: %s"), name, refused);
		return BONES_EABI;
	}
	bones_suggest s;
	bones_suggest_init(&s, name);
	for (size_t i = 0; i < bones_registry_count(reg); i++)
		bones_suggest_add(&s, bones_registry_get(reg, i)->id);
	bones_preset_list(suggest_preset, &s);
	snprintf(err, errcap, _("'%s': no such game or preset%s; `bones games` lists them"), name,
		 bones_suggest_hint(&s));
	char here[300];
	snprintf(here, sizeof here, "%s.ini", name);
	if (!access(here, F_OK)) { /* a file of that name here is read only as a path */
		size_t used = strlen(err);
		snprintf(err + used, errcap - used, _(" (a preset file here is named as ./%s)"), here);
	}
	return BONES_ENOTFOUND;
}

bones_status bones_preset_resolve(const char *name, bones_registry *reg,
				  bones_preset *preset, const bones_plugin **plugin,
				  char *err, size_t errcap)
{
	char path[1024];
	*plugin = NULL;
	if (bones_preset_find(name, path, sizeof path) == BONES_OK) {
		bones_status st = bones_preset_load(path, preset, err, errcap);
		if (st)
			return st;
		if (preset->plugin_path[0])
			bones_registry_scan_dir(reg, preset->plugin_path);
		*plugin = bones_registry_find(reg, preset->plugin);
		if (!*plugin && bones_registry_out_of_memory(reg)) {
			snprintf(err, errcap, _("%s:%d: plugin: out of memory while loading '%s'"),
				 path, preset->plugin_line, preset->plugin);
			return BONES_ENOMEM;
		}
		const char *refused = *plugin ? NULL : bones_registry_refusal(reg, preset->plugin);
		if (refused) {
			snprintf(err, errcap, _("%s:%d: plugin: '%s' was refused: %s"), path,
				 preset->plugin_line, preset->plugin, refused);
			return BONES_EABI;
		}
		if (!*plugin) {
			snprintf(err, errcap, _("%s:%d: plugin: no game '%s' is installed"), path,
				 preset->plugin_line, preset->plugin);
			return BONES_ENOTFOUND;
		}
		return BONES_OK;
	}
	*plugin = bones_registry_find(reg, name);
	if (!*plugin)
		return not_found(name, reg, err, errcap);
	bones_preset_default(preset, *plugin);
	return BONES_OK;
}
