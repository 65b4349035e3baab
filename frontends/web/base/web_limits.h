/* What a client of `bones serve` may ask of the server, checked on the parsed request
 * before anything acts on it: names of the server's own files (games, presets, data
 * files of string options) and agents within the server's caps. Tables
 * (web_table_create.c) and posted tournaments (web_tourney_check.c) share these. */
#ifndef BONES_WEB_LIMITS_H
#define BONES_WEB_LIMITS_H

#include <stdbool.h>
#include <stddef.h>

#include "bones/registry.h"

/* The caps of one agent a client seats (at a table or in a posted tournament), checked
 * on what bones_agent_measure reads in its spec (time is bounded by WEB_AGENT_SECONDS). */
#define WEB_AGENT_THREADS 2   /* search threads */
#define WEB_AGENT_POOL_MB 512 /* node pool of its search trees, MiB */
#define WEB_AGENT_SECONDS 2.0 /* bound on an agent's thinking per move (a table's, an
			       * analysis's) */

/* A name without a path: letters, digits, '-', '_', at most 60 bytes. */
bool web_plain_name(const char *name);

/* A game or preset a client names: a plain name that is a preset file of the configs
 * folders (bones_paths_each_config_dir; the file bones_preset_find would open, which must
 * lie inside one) or, with no such file, the id of a plugin of reg. False for anything
 * else, whether or not a file of that name exists elsewhere. Caller serialises reg. */
bool web_game_name(const char *name, bones_registry *reg);

/* A data file a client names (a BONES_OPT_STRING option's value): relative, no ".."
 * part, and the file bones_host_find_file finds lies inside a configs folder (not in the
 * server's working folder). False for anything else, whether or not it exists. */
bool web_data_name(const char *value);

/* Whether spec (for plugin's game, both may be NULL: see bones_agent_measure) is within
 * WEB_AGENT_THREADS and WEB_AGENT_POOL_MB. err: the parser's error, or "agent 'SPEC':
 * threads: 64, at most 2 on this server". */
bool web_agent_within_caps(const char *spec, const bones_plugin *plugin, const void *game,
			   char *err, size_t errcap);

#endif /* BONES_WEB_LIMITS_H */
