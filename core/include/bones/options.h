/* Option values of one plugin, validated against its schema (bones_option_def).
 * Every layer that sets options (INI presets, --set, the engine's `new`, variants,
 * tests) goes through here, so a value is checked once, the same way everywhere. */
#ifndef BONES_OPTIONS_H
#define BONES_OPTIONS_H

#include "bones/plugin.h"

typedef struct bones_options {
	const bones_plugin *plugin; /* borrowed; outlives the options */
	bones_value *values;        /* one per schema entry, in schema order; owned */
	char **texts;               /* values[i].s points here; owned */
} bones_options;

/* Start from the schema's defaults. BONES_EINVAL if a default does not validate
 * (a broken plugin; err says which), BONES_ENOMEM. */
bones_status bones_options_init(bones_options *opts, const bones_plugin *plugin,
				char *err, size_t errcap);
void bones_options_release(bones_options *opts);

/* Set one option from text. On failure err gets "KEY: reason", e.g.
 * "players: 7 is out of range 2..4" or
 * "colour: unknown option of 'holomino' (known: players, pool_size, ...)". The stored text
 * is canonical: "true"/"false" for a bool, the plain number for an int. */
bones_status bones_options_set(bones_options *opts, const char *key, const char *value,
			       char *err, size_t errcap);

/* Apply space-separated key=value pairs (a variant's settings, a --set list) in order;
 * a value with spaces is written key="a value". Stops at the first bad pair (earlier
 * pairs stay applied): BONES_EPARSE for text that is no key=value, else as _set. */
bones_status bones_options_apply(bones_options *opts, const char *settings, char *err,
				 size_t errcap);

/* Apply a named variant of the plugin. BONES_ENOTFOUND names the known ones in err. */
bones_status bones_options_apply_variant(bones_options *opts, const char *variant,
					 char *err, size_t errcap);

/* Index of key in the schema, or -1. */
int bones_options_find(const bones_plugin *plugin, const char *key);

/* Write the options as "k=v k=v" (for records): all of them, or only those whose value
 * differs from the default. Values are canonical ("true", "5", the enum choice) and
 * quoted when they hold spaces, so bones_options_apply reads the text back. Returns the
 * length of the whole text (NUL excluded) even when cap was too small, like snprintf. */
size_t bones_options_format(const bones_options *opts, bool all, char *buf, size_t cap);

#endif /* BONES_OPTIONS_H */
