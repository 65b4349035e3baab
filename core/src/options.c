/* Option validation against a plugin's schema; see bones/options.h. */
#include "bones/options.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bones_options_find(const bones_plugin *plugin, const char *key)
{
	for (size_t i = 0; i < plugin->option_count; i++)
		if (strcmp(plugin->options[i].key, key) == 0)
			return (int)i;
	return -1;
}

static bones_status fail(char *err, size_t cap, bones_status st, const char *key,
			 const char *reason, const char *detail)
{
	if (err && cap)
		snprintf(err, cap, "%s: %s%s", key, reason, detail ? detail : "");
	return st;
}

/* Parse text for def into *out, or explain why not. */
static bones_status parse_value(const bones_option_def *def, const char *text,
				int64_t *out, char *err, size_t cap)
{
	char detail[160];
	switch (def->type) {
	case BONES_OPT_INT: {
		char *end;
		errno = 0;
		long long v = strtoll(text, &end, 10);
		if (errno || end == text || *end) {
			snprintf(detail, sizeof detail, "'%s' is not a whole number", text);
			return fail(err, cap, BONES_EINVAL, def->key, detail, NULL);
		}
		if (v < def->min || v > def->max) {
			snprintf(detail, sizeof detail, "%lld is out of range %" PRId64 "..%" PRId64,
				 v, def->min, def->max);
			return fail(err, cap, BONES_ERANGE, def->key, detail, NULL);
		}
		*out = v;
		return BONES_OK;
	}
	case BONES_OPT_BOOL:
		if (!strcmp(text, "true") || !strcmp(text, "yes") || !strcmp(text, "on") ||
		    !strcmp(text, "1")) {
			*out = 1;
			return BONES_OK;
		}
		if (!strcmp(text, "false") || !strcmp(text, "no") || !strcmp(text, "off") ||
		    !strcmp(text, "0")) {
			*out = 0;
			return BONES_OK;
		}
		snprintf(detail, sizeof detail, "'%s' is not true or false", text);
		return fail(err, cap, BONES_EINVAL, def->key, detail, NULL);
	case BONES_OPT_ENUM: {
		size_t used = 0;
		for (int64_t i = 0; def->choices && def->choices[i]; i++) {
			if (!strcmp(text, def->choices[i])) {
				*out = i;
				return BONES_OK;
			}
		}
		used = (size_t)snprintf(detail, sizeof detail, "'%s' is not one of", text);
		for (int i = 0; def->choices && def->choices[i] && used < sizeof detail; i++)
			used += (size_t)snprintf(detail + used, sizeof detail - used, " %s",
						 def->choices[i]);
		return fail(err, cap, BONES_EINVAL, def->key, detail, NULL);
	}
	case BONES_OPT_STRING:
		*out = 0;
		return BONES_OK;
	}
	return fail(err, cap, BONES_EINVAL, def->key, "unknown option type", NULL);
}

bones_status bones_options_set(bones_options *opts, const char *key, const char *value,
			       char *err, size_t errcap)
{
	int idx = bones_options_find(opts->plugin, key);
	if (idx < 0) {
		char known[256];
		size_t used = 0;
		known[0] = '\0';
		for (size_t i = 0; i < opts->plugin->option_count && used < sizeof known; i++)
			used += (size_t)snprintf(known + used, sizeof known - used, "%s%s",
						 i ? ", " : "", opts->plugin->options[i].key);
		char detail[300];
		snprintf(detail, sizeof detail, "unknown option of %s (known: %s)",
			 opts->plugin->id, opts->plugin->option_count ? known : "none");
		return fail(err, errcap, BONES_ENOTFOUND, key, detail, NULL);
	}
	int64_t v;
	bones_status st = parse_value(&opts->plugin->options[idx], value, &v, err, errcap);
	if (st)
		return st;
	char *copy = strdup(value);
	if (!copy)
		return fail(err, errcap, BONES_ENOMEM, key, "out of memory", NULL);
	free(opts->texts[idx]);
	opts->texts[idx] = copy;
	opts->values[idx].i = v;
	opts->values[idx].s = copy;
	return BONES_OK;
}

bones_status bones_options_init(bones_options *opts, const bones_plugin *plugin,
				char *err, size_t errcap)
{
	size_t n = plugin->option_count;
	opts->plugin = plugin;
	opts->values = calloc(n ? n : 1, sizeof *opts->values);
	opts->texts = calloc(n ? n : 1, sizeof *opts->texts);
	if (!opts->values || !opts->texts) {
		bones_options_release(opts);
		return fail(err, errcap, BONES_ENOMEM, plugin->id, "out of memory", NULL);
	}
	for (size_t i = 0; i < n; i++) {
		const bones_option_def *def = &plugin->options[i];
		bones_status st = bones_options_set(opts, def->key,
						    def->default_value ? def->default_value : "",
						    err, errcap);
		if (st) {
			bones_options_release(opts);
			return st;
		}
	}
	return BONES_OK;
}

void bones_options_release(bones_options *opts)
{
	if (opts->texts)
		for (size_t i = 0; i < opts->plugin->option_count; i++)
			free(opts->texts[i]);
	free(opts->texts);
	free(opts->values);
	opts->texts = NULL;
	opts->values = NULL;
}

bones_status bones_options_apply(bones_options *opts, const char *settings, char *err,
				 size_t errcap)
{
	const char *p = settings;
	while (p && *p) {
		p += strspn(p, " \t");
		size_t len = strcspn(p, " \t");
		if (!len)
			break;
		char pair[256];
		if (len >= sizeof pair)
			return fail(err, errcap, BONES_EINVAL, "settings", "pair too long", NULL);
		memcpy(pair, p, len);
		pair[len] = '\0';
		char *eq = strchr(pair, '=');
		if (!eq || eq == pair)
			return fail(err, errcap, BONES_EPARSE, pair, "expected key=value", NULL);
		*eq = '\0';
		bones_status st = bones_options_set(opts, pair, eq + 1, err, errcap);
		if (st)
			return st;
		p += len;
	}
	return BONES_OK;
}

bones_status bones_options_apply_variant(bones_options *opts, const char *variant,
					 char *err, size_t errcap)
{
	const bones_plugin *pl = opts->plugin;
	for (size_t i = 0; i < pl->variant_count; i++)
		if (!strcmp(pl->variants[i].id, variant))
			return bones_options_apply(opts, pl->variants[i].settings, err, errcap);
	char known[256];
	size_t used = 0;
	known[0] = '\0';
	for (size_t i = 0; i < pl->variant_count && used < sizeof known; i++)
		used += (size_t)snprintf(known + used, sizeof known - used, "%s%s",
					 i ? ", " : "", pl->variants[i].id);
	char detail[300];
	snprintf(detail, sizeof detail, "'%s' is no variant of %s (known: %s)", variant,
		 pl->id, pl->variant_count ? known : "none");
	return fail(err, errcap, BONES_ENOTFOUND, "variant", detail, NULL);
}

size_t bones_options_format(const bones_options *opts, bool all, char *buf, size_t cap)
{
	size_t used = 0;
	if (cap)
		buf[0] = '\0';
	for (size_t i = 0; i < opts->plugin->option_count; i++) {
		const bones_option_def *def = &opts->plugin->options[i];
		if (!all && def->default_value && !strcmp(def->default_value, opts->texts[i]))
			continue;
		int n = snprintf(buf + used, used < cap ? cap - used : 0, "%s%s=%s",
				 used ? " " : "", def->key, opts->texts[i]);
		if (n > 0)
			used += (size_t)n;
	}
	return used;
}
