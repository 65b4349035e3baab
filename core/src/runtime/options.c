/* Option validation against a plugin's schema; see bones/options.h. */
#include "bones/options.h"

#include "bones/i18n.h"
#include "bones/suggest.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
	if (!text)
		return fail(err, cap, BONES_EINVAL, def->key, _("no value"), NULL);
	char detail[160];
	switch (def->type) {
	case BONES_OPT_INT: {
		char *end;
		errno = 0;
		long long v = strtoll(text, &end, 10);
		if (errno || end == text || *end) {
			snprintf(detail, sizeof detail, _("'%s' is not a whole number"), text);
			return fail(err, cap, BONES_EINVAL, def->key, detail, NULL);
		}
		if (v < def->min || v > def->max) {
			snprintf(detail, sizeof detail, _("%lld is out of range %lld..%lld"), v,
				 (long long)def->min, (long long)def->max);
			return fail(err, cap, BONES_ERANGE, def->key, detail, NULL);
		}
		*out = v;
		return BONES_OK;
	}
	case BONES_OPT_BOOL:
		if (!strcasecmp(text, "true") || !strcasecmp(text, "yes") ||
		    !strcasecmp(text, "on") || !strcmp(text, "1")) {
			*out = 1;
			return BONES_OK;
		}
		if (!strcasecmp(text, "false") || !strcasecmp(text, "no") ||
		    !strcasecmp(text, "off") || !strcmp(text, "0")) {
			*out = 0;
			return BONES_OK;
		}
		snprintf(detail, sizeof detail, _("'%s' is not true or false"), text);
		return fail(err, cap, BONES_EINVAL, def->key, detail, NULL);
	case BONES_OPT_ENUM: {
		size_t used = 0;
		for (int64_t i = 0; def->choices && def->choices[i]; i++) {
			if (!strcmp(text, def->choices[i])) {
				*out = i;
				return BONES_OK;
			}
		}
		char choices[160] = "";
		for (int i = 0; def->choices && def->choices[i] && used < sizeof choices; i++)
			used += (size_t)snprintf(choices + used, sizeof choices - used, "%s%s",
						 i ? ", " : "", def->choices[i]);
		snprintf(detail, sizeof detail, _("'%s' is not one of %s"), text, choices);
		return fail(err, cap, BONES_EINVAL, def->key, detail, NULL);
	}
	case BONES_OPT_STRING:
		*out = 0;
		return BONES_OK;
	}
	return fail(err, cap, BONES_EINVAL, def->key, _("unknown option type"), NULL);
}

bones_status bones_options_set(bones_options *opts, const char *key, const char *value,
			       char *err, size_t errcap)
{
	int idx = bones_options_find(opts->plugin, key);
	if (idx < 0) {
		bones_suggest s;
		bones_suggest_init(&s, key);
		char known[400];
		size_t used = 0;
		known[0] = '\0';
		for (size_t i = 0; i < opts->plugin->option_count && used < sizeof known; i++) {
			bones_suggest_add(&s, opts->plugin->options[i].key);
			used += (size_t)snprintf(known + used, sizeof known - used, "%s%s",
						 i ? ", " : "", opts->plugin->options[i].key);
		}
		char detail[600];
		if (opts->plugin->option_count)
			snprintf(detail, sizeof detail, _("unknown option of '%s'%s (known: %s)"),
				 opts->plugin->id, bones_suggest_hint(&s), known);
		else
			snprintf(detail, sizeof detail, _("unknown option of '%s'%s (known: none)"),
				 opts->plugin->id, bones_suggest_hint(&s));
		return fail(err, errcap, BONES_ENOTFOUND, key, detail, NULL);
	}
	const bones_option_def *def = &opts->plugin->options[idx];
	int64_t v;
	bones_status st = parse_value(def, value, &v, err, errcap);
	if (st)
		return st;
	char canon[32];
	if (def->type == BONES_OPT_INT)
		snprintf(canon, sizeof canon, "%" PRId64, v);
	const char *text = def->type == BONES_OPT_INT    ? canon
			   : def->type == BONES_OPT_BOOL ? (v ? "true" : "false")
			   : def->type == BONES_OPT_ENUM ? def->choices[v]
							 : value;
	char *copy = strdup(text);
	if (!copy)
		return fail(err, errcap, BONES_ENOMEM, key, _("out of memory"), NULL);
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
		return fail(err, errcap, BONES_ENOMEM, plugin->id, _("out of memory"), NULL);
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

/* Split the next "key=value" or key="value with spaces" off *p into pair (key and value
 * NUL-separated, *value set). Returns false at the end; BONES_EPARSE in *st on bad text. */
static bool next_pair(const char **p, char *pair, size_t cap, char **value,
		      bones_status *st, char *err, size_t errcap)
{
	const char *s = *p + strspn(*p, " \t");
	if (!*s)
		return false;
	const char *eq = s + strcspn(s, "= \t");
	const char *v = eq + 1, *end;
	if (*eq != '=' || eq == s) {
		size_t n = strcspn(s, " \t");
		*st = BONES_EPARSE;
		if (err && errcap)
			snprintf(err, errcap, _("settings: '%.*s' is not a setting: write name=value with no spaces around '=' "
				   "(e.g. players=4), and a value with spaces in quotes (name=\"a b\")"), (int)n, s);
		return false;
	}
	if (*v == '"') {
		end = strchr(v + 1, '"');
		if (!end) {
			*st = fail(err, errcap, BONES_EPARSE, "settings", _("unclosed quote"), NULL);
			return false;
		}
	} else {
		end = v + strcspn(v, " \t");
	}
	size_t klen = (size_t)(eq - s), vlen = (size_t)(end - v) - (*v == '"');
	if (klen + vlen + 2 > cap) {
		*st = fail(err, errcap, BONES_EINVAL, "settings", _("key=value pair too long"), NULL);
		return false;
	}
	memcpy(pair, s, klen);
	pair[klen] = '\0';
	*value = pair + klen + 1;
	memcpy(*value, v + (*v == '"'), vlen);
	(*value)[vlen] = '\0';
	*p = end + (*end == '"');
	return true;
}

bones_status bones_options_apply(bones_options *opts, const char *settings, char *err,
				 size_t errcap)
{
	const char *p = settings ? settings : "";
	char pair[512], *value;
	bones_status st = BONES_OK;
	while (next_pair(&p, pair, sizeof pair, &value, &st, err, errcap)) {
		st = bones_options_set(opts, pair, value, err, errcap);
		if (st)
			return st;
	}
	return st;
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
	if (pl->variant_count)
		snprintf(detail, sizeof detail, _("'%s' is no variant of '%s' (known: %s)"), variant,
			 pl->id, known);
	else
		snprintf(detail, sizeof detail, _("'%s' is no variant of '%s' (known: none)"),
			 variant, pl->id);
	return fail(err, errcap, BONES_ENOTFOUND, "variant", detail, NULL);
}

/* Whether option i holds its default value (compared as values, not as text). */
static bool is_default(const bones_options *opts, size_t i)
{
	const bones_option_def *def = &opts->plugin->options[i];
	int64_t v;
	if (def->type == BONES_OPT_STRING)
		return !strcmp(def->default_value ? def->default_value : "", opts->texts[i]);
	return parse_value(def, def->default_value, &v, NULL, 0) == BONES_OK &&
	       v == opts->values[i].i;
}

size_t bones_options_format(const bones_options *opts, bool all, char *buf, size_t cap)
{
	size_t used = 0;
	if (cap)
		buf[0] = '\0';
	for (size_t i = 0; i < opts->plugin->option_count; i++) {
		if (!all && is_default(opts, i))
			continue;
		const char *key = opts->plugin->options[i].key;
		const char *text = opts->texts[i];
		const char *q = !*text || strpbrk(text, " \t") ? "\"" : "";
		int n = used < cap ? snprintf(buf + used, cap - used, "%s%s=%s%s%s",
					       used ? " " : "", key, q, text, q)
				   : snprintf(NULL, 0, "%s%s=%s%s%s", used ? " " : "", key,
					      q, text, q);
		if (n > 0)
			used += (size_t)n;
	}
	return used;
}
