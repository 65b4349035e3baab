/* Chat at a table: seats and spectators write lines of text that every viewer of the
 * table sees in its view ("chat"). Lines are stored with the table (so they survive a
 * restart) but are never part of a game's record. The text is kept as written (valid
 * UTF-8, control characters made spaces) and sent as a JSON string: the page shows it
 * as text, never as HTML. A sender (a seat, or a spectator's address) may write
 * WEB_CHAT_BURST lines per WEB_CHAT_WINDOW_MS of the table's clock, and everyone
 * together WEB_CHAT_TABLE_BURST. A table keeps its newest ts->chat_max lines: a line
 * past them drops the oldest, so a long game's chat never fills up. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "web_table_internal.h"

static web_result chat_result(int code, const char *field, const char *error)
{
	web_result r = {.code = code};
	snprintf(r.field, sizeof r.field, "%s", field ? field : "");
	snprintf(r.error, sizeof r.error, "%s", error);
	return r;
}

/* Append c to t's lines (memory only), the oldest dropped past max. Lock held. */
static bool chat_append(web_table *t, const web_chat_row *c, int max)
{
	if (t->chat_count >= max) {
		int drop = t->chat_count - max + 1;
		t->chat_count -= drop;
		memmove(t->chat, t->chat + drop, (size_t)t->chat_count * sizeof *t->chat);
	}
	if (t->chat_count == t->chat_cap) {
		int cap = t->chat_cap ? t->chat_cap * 2 : 16;
		web_chat_row *more = realloc(t->chat, (size_t)cap * sizeof *more);
		if (!more)
			return false;
		t->chat = more, t->chat_cap = cap;
	}
	t->chat[t->chat_count++] = *c;
	return true;
}

/* Trimmed text without control characters into out; its length in characters, or -1
 * when it is no UTF-8 or longer than WEB_CHAT_CHARS characters. */
static int clean_text(const char *text, char *out, size_t cap)
{
	while (*text == ' ' || (*text > 0 && *text < 0x20))
		text++;
	if (!web_utf8_valid(text) || strlen(text) >= cap)
		return -1;
	int chars = 0;
	size_t n = 0;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		chars += (*p & 0xC0) != 0x80;
		out[n++] = *p < 0x20 || *p == 0x7F ? ' ' : (char)*p;
	}
	while (n && out[n - 1] == ' ')
		n--;
	out[n] = '\0';
	return chars > WEB_CHAT_CHARS ? -1 : chars;
}

/* Lines the sender (who; NULL: anyone) wrote in the window before now: exact, as the
 * ring holds more lines than the whole table may write in a window. Lock held. */
static int recent_lines(const web_table *t, const char *who, int64_t now)
{
	int n = 0;
	for (int i = 0; i < WEB_CHAT_RECENT; i++)
		n += t->chat_recent[i].who[0] && (!who || !strcmp(t->chat_recent[i].who, who)) &&
		     now - t->chat_recent[i].at < WEB_CHAT_WINDOW_MS;
	return n;
}

/* Who writes: a participant's seat, else the spectator's address. */
static void sender_key(int seat, const char *client, char *who, size_t cap)
{
	if (seat >= 0)
		snprintf(who, cap, "seat %d", seat);
	else
		snprintf(who, cap, "at %s", client ? client : "");
}

/* The line's sender name: the seat's, or the spectator's own (cut at 32 bytes). */
static void sender_name(const web_table *t, int seat, const char *name, web_chat_row *c)
{
	if (seat >= 0)
		snprintf(c->name, sizeof c->name, "%s", t->row.seats[seat].name);
	else {
		char cut[33];
		web_utf8_copy(cut, sizeof cut, name ? name : "");
		clean_text(cut, c->name, sizeof c->name);
	}
}

web_result web_table_chat(web_tables *ts, web_table *t, int seat, const char *name,
			  const char *text, const char *client, web_buf *out)
{
	web_chat_row c = {.seat = seat};
	const char *why = seat < 0 && name ? web_name_refused(name) : NULL;
	if (why) { /* a seat's own name was checked when it was given */
		char error[256];
		snprintf(error, sizeof error, "name: %s", why);
		return chat_result(400, "name", error);
	}
	int chars = text ? clean_text(text, c.text, sizeof c.text) : -1;
	if (chars < 0)
		return chat_result(400, "text", _("text: expected at most 300 characters of text"));
	if (!chars)
		return chat_result(400, "text", _("text: the message is empty"));
	sender_name(t, seat, name, &c);
	char who[64], err[512];
	sender_key(seat, client, who, sizeof who);
	pthread_mutex_lock(&t->lock);
	web_result r = chat_result(200, NULL, "");
	c.at = web_clock_now(ts);
	c.n = t->chat_count ? t->chat[t->chat_count - 1].n + 1 : 0; /* on across rotation */
	if (recent_lines(t, who, c.at) >= WEB_CHAT_BURST ||
	    recent_lines(t, NULL, c.at) >= WEB_CHAT_TABLE_BURST)
		r = chat_result(429, "text", _("too many messages: wait a few seconds"));
	else if (web_store_add_chat(ts->store, t->row.id, &c, ts->chat_max, err, sizeof err))
		r = chat_result(500, NULL, err);
	else if (!chat_append(t, &c, ts->chat_max))
		r = chat_result(500, NULL, _("out of memory"));
	if (r.code == 200) {
		int slot = t->chat_next++ % WEB_CHAT_RECENT;
		snprintf(t->chat_recent[slot].who, sizeof t->chat_recent[slot].who, "%s", who);
		t->chat_recent[slot].at = c.at;
		web_buf_printf(out, "{\"ok\":true,\"n\":%d}", c.n);
		web_table_bump(t);
	}
	pthread_mutex_unlock(&t->lock);
	return r;
}

void web_chat_json(const web_table *t, web_buf *out, bool *first)
{
	web_buf_json_key(out, first, "chat");
	web_buf_puts(out, "[");
	int from = t->chat_count > WEB_CHAT_SHOWN ? t->chat_count - WEB_CHAT_SHOWN : 0;
	for (int i = from; i < t->chat_count; i++) {
		const web_chat_row *c = &t->chat[i];
		bool f = true;
		web_buf_puts(out, i > from ? ",{" : "{");
		web_buf_json_key(out, &f, "n");
		web_buf_printf(out, "%d", c->n);
		web_buf_json_key(out, &f, "seat"); /* from 1; 0 a spectator */
		web_buf_printf(out, "%d", c->seat + 1);
		web_buf_json_key(out, &f, "name");
		web_buf_json_string(out, c->name);
		web_buf_json_key(out, &f, "text");
		web_buf_json_string(out, c->text);
		web_buf_json_key(out, &f, "at");
		web_buf_printf(out, "%lld", (long long)c->at);
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]");
}

static int restore_line(void *user, const web_chat_row *c)
{
	web_table *t = user;
	return !chat_append(t, c, t->owner->chat_max);
}

void web_chat_load(web_tables *ts, web_table *t)
{
	char err[512] = "";
	if (web_store_chat_of(ts->store, t->row.id, restore_line, t, err, sizeof err))
		web_log("table %s: its chat: %s", t->row.id, err[0] ? err : _("out of memory"));
}

void web_chat_free(web_table *t)
{
	free(t->chat);
}
