/* The games and presets one can create a table of, with option schemas, agent kinds
 * and the operator's engines: the create form's catalogue (GET /api/games). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/agent.h"
#include "bones/preset.h"
#include "bones/i18n.h"
#include "web_games.h"

static const char *or_empty(const char *text)
{
	return text ? text : "";
}

static void write_option(const bones_plugin *p, const bones_option_def *o, web_buf *out)
{
	static const char *const types[] = {"int", "bool", "enum", "string"};
	bool f = true;
	web_buf_puts(out, "{");
	web_buf_json_key(out, &f, "key");
	web_buf_json_string(out, o->key);
	web_buf_json_key(out, &f, "type");
	web_buf_json_string(out, o->type <= BONES_OPT_STRING ? types[o->type] : "string");
	web_buf_json_key(out, &f, "default");
	web_buf_json_string(out, o->default_value ? o->default_value : "");
	web_buf_json_key(out, &f, "help");
	web_buf_json_string(out, o->help ? bones_plugin_text(p, o->help) : "");
	if (o->type == BONES_OPT_INT) {
		web_buf_json_key(out, &f, "min");
		web_buf_printf(out, "%lld", (long long)o->min);
		web_buf_json_key(out, &f, "max");
		web_buf_printf(out, "%lld", (long long)o->max);
	}
	if (o->type == BONES_OPT_ENUM && o->choices) {
		web_buf_json_key(out, &f, "choices");
		web_buf_puts(out, "[");
		for (int k = 0; o->choices[k]; k++) {
			web_buf_puts(out, k ? "," : "");
			web_buf_json_string(out, o->choices[k]);
		}
		web_buf_puts(out, "]");
	}
	web_buf_puts(out, "}");
}

static void write_plugin(const bones_plugin *p, web_buf *out)
{
	bool f = true;
	web_buf_puts(out, "{");
	web_buf_json_key(out, &f, "id");
	web_buf_json_string(out, p->id);
	web_buf_json_key(out, &f, "name");
	web_buf_json_string(out, bones_plugin_text(p, p->name));
	web_buf_json_key(out, &f, "summary");
	web_buf_json_string(out, bones_plugin_text(p, p->summary));
	web_buf_json_key(out, &f, "min_players");
	web_buf_printf(out, "%d", p->min_players);
	web_buf_json_key(out, &f, "max_players");
	web_buf_printf(out, "%d", p->max_players);
	web_buf_json_key(out, &f, "variants");
	web_buf_puts(out, "[");
	for (size_t k = 0; k < p->variant_count; k++) {
		bool g = true;
		web_buf_puts(out, k ? ",{" : "{");
		web_buf_json_key(out, &g, "id");
		web_buf_json_string(out, p->variants[k].id);
		web_buf_json_key(out, &g, "name");
		web_buf_json_string(out, or_empty(bones_plugin_text(p, p->variants[k].name)));
		web_buf_json_key(out, &g, "summary");
		web_buf_json_string(out, or_empty(bones_plugin_text(p, p->variants[k].summary)));
		web_buf_json_key(out, &g, "settings");
		web_buf_json_string(out, p->variants[k].settings);
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]");
	web_buf_json_key(out, &f, "options");
	web_buf_puts(out, "[");
	for (size_t k = 0; k < p->option_count; k++) {
		web_buf_puts(out, k ? "," : "");
		write_option(p, &p->options[k], out);
	}
	web_buf_puts(out, "]}");
}

struct preset_list {
	web_buf *out;
	bool first;
};

static void write_preset(void *user, const char *path)
{
	struct preset_list *l = user;
	bones_preset *pr = malloc(sizeof *pr);
	char err[512];
	if (pr && !bones_preset_load(path, pr, err, sizeof err)) {
		bool f = true;
		web_buf_puts(l->out, l->first ? "{" : ",{");
		l->first = false;
		web_buf_json_key(l->out, &f, "id");
		web_buf_json_string(l->out, pr->id);
		web_buf_json_key(l->out, &f, "name");
		web_buf_json_string(l->out, pr->name);
		web_buf_json_key(l->out, &f, "description");
		web_buf_json_string(l->out, pr->description);
		web_buf_json_key(l->out, &f, "plugin");
		web_buf_json_string(l->out, pr->plugin);
		web_buf_json_key(l->out, &f, "variant");
		web_buf_json_string(l->out, pr->variant);
		web_buf_json_key(l->out, &f, "options");
		web_buf_puts(l->out, "{");
		bool g = true;
		for (int i = 0; i < pr->option_count; i++) {
			web_buf_json_key(l->out, &g, pr->options[i].key);
			web_buf_json_string(l->out, pr->options[i].value);
		}
		web_buf_puts(l->out, "},\"seats\":[");
		for (int i = 0; i < BONES_PRESET_MAX_SEATS; i++) {
			web_buf_puts(l->out, i ? "," : "");
			web_buf_json_string(l->out, pr->seats[i].agent);
		}
		web_buf_puts(l->out, "]}");
	}
	free(pr);
}

void web_games_json(web_tables *ts, const web_tourneys *w, web_buf *out)
{
	web_buf_puts(out, "{\"plugins\":[");
	bones_registry *reg = web_tables_lock_registry(ts);
	for (size_t i = 0; i < bones_registry_count(reg); i++) {
		web_buf_puts(out, i ? "," : "");
		write_plugin(bones_registry_get(reg, i), out);
	}
	web_tables_unlock_registry(ts);
	web_buf_puts(out, "],\"presets\":[");
	struct preset_list l = {out, true};
	bones_preset_list(write_preset, &l);
	web_buf_puts(out, "],\"agents\":[");
	const bones_agent_kind *k = bones_agent_kinds();
	for (int i = 0; k[i].name; i++) {
		bool f = true;
		web_buf_puts(out, i ? ",{" : "{");
		web_buf_json_key(out, &f, "name");
		web_buf_json_string(out, k[i].name);
		web_buf_json_key(out, &f, "summary");
		web_buf_json_string(out, k[i].summary ? _(k[i].summary) : "");
		web_buf_json_key(out, &f, "params");
		web_buf_json_string(out, k[i].params);
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "],\"engines\":"); /* the operator's, for tournaments */
	web_tourneys_engines_json(w, out);
	web_buf_puts(out, "}");
}
