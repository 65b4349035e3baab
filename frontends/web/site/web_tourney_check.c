/* A tournament file from the server's store or a client, checked before the tournament
 * library reads it (web_tourney_internal.h, web_tourney_check): its agents within the
 * caps of the server's tables, its games named by the server's names only, its file
 * options as files of the configs folders. The library would create every agent and
 * open every named file while loading; a local `bones tourney` file keeps its paths. */
#include "web_tourney_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/ini.h"
#include "bones/preset.h"
#include "web_limits.h"
#include "web_table.h"

/* One pass over the file; pass 0 notes each game's source, pass 1 checks its options. */
struct check {
	bones_registry *reg; /* the server's (its lock held) */
	const char *name;    /* the file's name in errors */
	int pass;
	char games[BONES_TOURNEY_MAX_GAMES][64];   /* [game.NAME] sections' NAMEs */
	const bones_plugin *plugin[BONES_TOURNEY_MAX_GAMES]; /* their games, NULL unknown */
	char source[BONES_TOURNEY_MAX_GAMES][64];  /* their preset or plugin */
	int game_count;
	char *err;
	size_t errcap;
	bool failed;
};

static int refuse(struct check *c, int line, const char *key, const char *why)
{
	snprintf(c->err, c->errcap, "%s:%d: %s: %s", c->name, line, key, why);
	c->failed = true;
	return 0;
}

/* The index of game section NAME, added in pass 0; -1 when there is no room. */
static int game_index(struct check *c, const char *name)
{
	for (int i = 0; i < c->game_count; i++)
		if (!strcmp(c->games[i], name))
			return i;
	if (c->pass || c->game_count == BONES_TOURNEY_MAX_GAMES || strlen(name) >= 64)
		return -1;
	snprintf(c->games[c->game_count], 64, "%s", name);
	return c->game_count++;
}

/* The game of a checked source: a preset of the configs folders or a plugin id. */
static const bones_plugin *source_plugin(bones_registry *reg, const char *source)
{
	bones_preset *preset = calloc(1, sizeof *preset);
	const bones_plugin *p = NULL;
	char why[512];
	if (preset && bones_preset_resolve(source, reg, preset, &p, why, sizeof why))
		p = NULL;
	free(preset);
	return p;
}

static int game_key(struct check *c, int i, const char *key, const char *value, int line)
{
	if (!strcmp(key, "preset") || !strcmp(key, "plugin")) {
		if (c->pass)
			return 1;
		if (!web_game_name(value, c->reg))
			return refuse(c, line, key, _("name one of this server's games or presets"));
		if (i >= 0 && !c->source[i][0])
			snprintf(c->source[i], 64, "%s", value);
		return 1;
	}
	if (!c->pass || i < 0 || !c->plugin[i] || !strcmp(key, "variant") ||
	    !strcmp(key, "count") || !strcmp(key, "weight"))
		return 1; /* no game known: the library refuses it before reading options */
	int k = bones_options_find(c->plugin[i], key);
	if (k >= 0 && c->plugin[i]->options[k].type == BONES_OPT_STRING && !web_data_name(value))
		return refuse(c, line, key, _("name a data file of this server's configs folder, "
					      "without '..' or an absolute path"));
	return 1;
}

static int check_key(void *user, const char *section, const char *key, const char *value,
		     int line)
{
	struct check *c = user;
	if (!strncmp(section, "game.", 5)) {
		int i = game_index(c, section + 5);
		if (i < 0 && !c->pass)
			return refuse(c, line, "game", _("too many sections of this kind"));
		return game_key(c, i, key, value, line);
	}
	char why[600];
	if (c->pass || strncmp(section, "player.", 7) || strcmp(key, "agent") ||
	    web_agent_within_caps(value, NULL, NULL, why, sizeof why))
		return 1;
	return refuse(c, line, "agent", why);
}

bool web_tourney_check(web_tourneys *w, const char *name, const char *text, char *err,
		       size_t errcap)
{
	struct check *c = calloc(1, sizeof *c);
	if (!c) {
		snprintf(err, errcap, "%s", _("out of memory"));
		return false;
	}
	*c = (struct check){.reg = web_tables_lock_registry(w->ts), .name = name, .err = err,
			    .errcap = errcap};
	/* a syntax error is the library's to report: it stops before opening anything */
	bones_ini_parse_string(text, check_key, c, NULL);
	for (int i = 0; !c->failed && i < c->game_count; i++)
		c->plugin[i] = c->source[i][0] ? source_plugin(c->reg, c->source[i]) : NULL;
	c->pass = 1;
	if (!c->failed)
		bones_ini_parse_string(text, check_key, c, NULL);
	web_tables_unlock_registry(w->ts);
	bool ok = !c->failed;
	free(c);
	return ok;
}

bool web_tourney_load(web_tourneys *w, const char *name, const char *text,
		      bones_tourney **out, char *err, size_t errcap)
{
	*out = NULL;
	return web_tourney_check(w, name, text, err, errcap) &&
	       !bones_tourney_load_text(name, text, out, err, errcap);
}
