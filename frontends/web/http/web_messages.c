/* The browser client's own texts (gettext domain "bones-web", frontends/web/po): GET
 * /api/messages answers the catalogue of the request's language as JSON. The build
 * writes each language's catalogue as one JSON object beside its .mo
 * (PREFIX/share/locale/LL/LC_MESSAGES/bones-web.json, by gettext's msgfmt: see
 * cmake/bones-po-json.sh); the server checks it with the JSON reader and sends its
 * members. Each language's catalogue is read once and kept: restart the server after
 * updating one. */
#include "web_messages.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/file.h"
#include "bones/i18n.h"
#include "bones/paths.h"

#define CATALOGUE_MAX (4L << 20) /* a catalogue bigger than this is not read */
#define CACHED 8

static struct cached {
	char code[16];
	char *json; /* the whole reply */
	size_t len;
} cache[CACHED];
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

bool web_messages_members(const char *text, size_t len, web_buf *out)
{
	web_json_doc doc;
	char err[200];
	if (!web_json_parse(&doc, text, len, err, sizeof err))
		return false;
	bool ok = doc.root->type == WEB_JSON_OBJECT;
	for (const web_json *m = ok ? doc.root->child : NULL; m; m = m->next)
		ok &= m->type == WEB_JSON_STRING;
	bool first = true;
	for (const web_json *m = ok ? doc.root->child : NULL; m; m = m->next) {
		web_buf_json_key(out, &first, m->key);
		web_buf_json_string(out, m->str);
	}
	web_json_release(&doc);
	return ok;
}

/* The catalogue of code into out (members of an object); nothing for English or a
 * language without one. */
static void read_catalogue(const char *code, web_buf *out)
{
	char prefix[PATH_MAX - 64], path[PATH_MAX], err[300];
	if (!strcmp(code, "en") || !bones_paths_prefix(prefix, sizeof prefix))
		return;
	snprintf(path, sizeof path, "%s/share/locale/%s/LC_MESSAGES/bones-web.json", prefix,
		 code);
	bones_status st;
	FILE *f = bones_file_open(path, CATALOGUE_MAX, &st, err, sizeof err);
	if (!f)
		return;
	char *text = malloc(CATALOGUE_MAX);
	size_t size = text ? fread(text, 1, CATALOGUE_MAX, f) : 0;
	fclose(f);
	web_buf members;
	web_buf_init(&members);
	if (text && web_messages_members(text, size, &members) && !members.failed)
		web_buf_add(out, members.data ? members.data : "", members.len);
	else
		fprintf(stderr, "bones serve: '%s' is no catalogue, left out\n", path);
	web_buf_release(&members);
	free(text);
}

/* {"lang": code, "languages": [...], "messages": {...}} */
static void build(const char *code, web_buf *out)
{
	char have[256];
	bones_i18n_languages(have, sizeof have);
	web_buf_puts(out, "{\"lang\":");
	web_buf_json_string(out, code);
	web_buf_puts(out, ",\"languages\":[");
	bool first = true;
	for (char *save = NULL, *tok = strtok_r(have, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		web_buf_puts(out, first ? "" : ",");
		web_buf_json_string(out, tok);
		first = false;
	}
	web_buf_puts(out, "],\"messages\":{");
	read_catalogue(code, out);
	web_buf_puts(out, "}}");
}

void web_messages_json(web_buf *out)
{
	const char *code = bones_i18n_language();
	pthread_mutex_lock(&cache_lock);
	size_t i = 0;
	while (i < CACHED && cache[i].json && strcmp(cache[i].code, code))
		i++;
	if (i < CACHED && !cache[i].json) {
		web_buf b;
		web_buf_init(&b);
		build(code, &b);
		if (!b.failed) {
			snprintf(cache[i].code, sizeof cache[i].code, "%s", code);
			cache[i].json = b.data, cache[i].len = b.len;
		} else {
			web_buf_release(&b);
		}
	}
	if (i < CACHED && cache[i].json) {
		web_buf_add(out, cache[i].json, cache[i].len);
	} else { /* more languages than places: built each time */
		pthread_mutex_unlock(&cache_lock);
		build(code, out);
		return;
	}
	pthread_mutex_unlock(&cache_lock);
}

void web_messages_release(void)
{
	pthread_mutex_lock(&cache_lock);
	for (size_t i = 0; i < CACHED; i++) {
		free(cache[i].json);
		cache[i].json = NULL;
	}
	pthread_mutex_unlock(&cache_lock);
}
