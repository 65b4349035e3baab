/* The browser client's own texts (gettext domain "bones-web", frontends/web/po): GET
 * /api/messages answers the catalogue of the request's language as JSON, read from
 * PREFIX/share/locale/LL/LC_MESSAGES/bones-web.mo (a compiled catalogue: the magic
 * 0x950412de in either byte order, the count, and two tables of (length, offset) for
 * the original and the translated strings). Each language's catalogue is read once and
 * kept: restart the server after updating one. */
#include "web_messages.h"

#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/paths.h"

#define MO_MAX (4u << 20) /* a catalogue bigger than this is not read */
#define CACHED 8

static struct cached {
	char code[16];
	char *json; /* the whole reply */
	size_t len;
} cache[CACHED];
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

static uint32_t word(const unsigned char *p, bool swap)
{
	return swap ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
		    : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

/* The string of table entry i at table offset `table`: false when it lies outside the
 * file or lacks its terminating NUL. */
static bool entry(const unsigned char *mo, size_t size, uint32_t table, uint32_t i,
		  bool swap, const char **text, uint32_t *len)
{
	uint64_t at = (uint64_t)table + 8ull * i;
	if (at + 8 > size)
		return false;
	uint32_t n = word(mo + at, swap), off = word(mo + at + 4, swap);
	if ((uint64_t)off + n + 1 > size || mo[off + n] != '\0')
		return false;
	*text = (const char *)mo + off, *len = n;
	return true;
}

bool web_messages_parse_mo(const unsigned char *mo, size_t size, web_buf *out)
{
	if (size < 28)
		return false;
	bool swap;
	if (word(mo, false) == 0x950412deu)
		swap = false;
	else if (word(mo, true) == 0x950412deu)
		swap = true;
	else
		return false;
	uint32_t count = word(mo + 8, swap), originals = word(mo + 12, swap),
		 translations = word(mo + 16, swap);
	bool first = true;
	for (uint32_t i = 0; i < count; i++) {
		const char *id, *str;
		uint32_t idlen, strlen_;
		if (!entry(mo, size, originals, i, swap, &id, &idlen) ||
		    !entry(mo, size, translations, i, swap, &str, &strlen_))
			return false;
		if (!id[0] || memchr(id, '\004', idlen))
			continue;
		web_buf_json_key(out, &first, id); /* a plural's singular: up to its NUL */
		if (strlen(id) == idlen) {
			web_buf_json_string(out, str);
			continue;
		}
		web_buf_puts(out, "[");
		for (const char *p = str; p <= str + strlen_; p += strlen(p) + 1) {
			web_buf_puts(out, p == str ? "" : ",");
			web_buf_json_string(out, p);
		}
		web_buf_puts(out, "]");
	}
	return true;
}

/* The catalogue of code into out (members of an object); nothing for English or a
 * language without one. */
static void read_catalogue(const char *code, web_buf *out)
{
	char prefix[PATH_MAX - 64], path[PATH_MAX];
	if (!strcmp(code, "en") || !bones_paths_prefix(prefix, sizeof prefix))
		return;
	snprintf(path, sizeof path, "%s/share/locale/%s/LC_MESSAGES/bones-web.mo", prefix, code);
	FILE *f = fopen(path, "rb");
	if (!f)
		return;
	unsigned char *mo = malloc(MO_MAX);
	size_t size = mo ? fread(mo, 1, MO_MAX, f) : 0;
	fclose(f);
	web_buf members;
	web_buf_init(&members);
	if (mo && size < MO_MAX && web_messages_parse_mo(mo, size, &members) && !members.failed)
		web_buf_add(out, members.data ? members.data : "", members.len);
	else
		fprintf(stderr, "bones serve: '%s' is no catalogue, left out\n", path);
	web_buf_release(&members);
	free(mo);
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
