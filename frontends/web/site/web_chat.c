/* Chat at a table: seats and spectators write lines of text that every viewer of the
 * table sees in its view ("chat"). Lines are stored with the table (so they survive a
 * restart) but are never part of a game's record. The text is kept as written (valid
 * UTF-8, control characters made spaces) and sent as a JSON string: the page shows it
 * as text, never as HTML. A sender (a seat, or a spectator's address) may write
 * WEB_CHAT_BURST lines per WEB_CHAT_WINDOW_MS of the table's clock, and everyone
 * together WEB_CHAT_TABLE_BURST. A table keeps its newest WEB_CHAT_MAX lines (tests:
 * BONES_WEB_TEST_CHAT_MAX): a line past them drops the oldest, so a long game's chat
 * never fills up. The lines live on the table (t->chat) from its loading (the tables'
 * hook `loaded`) until it leaves memory (`freed`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "web_chat.h"
#include "web_table.h"

#define WEB_CHAT_BURST 5        /* lines one sender may write ... */
#define WEB_CHAT_WINDOW_MS 10000 /* ... in this long */
#define WEB_CHAT_TABLE_BURST 30 /* lines everyone together may write in that time */
#define WEB_CHAT_RECENT 32      /* the last lines' senders kept (> the table's burst) */
#define WEB_CHAT_CHARS 300      /* characters of a line */
#define WEB_CHAT_MAX 2000       /* lines a table keeps (the oldest go) */
#define WEB_CHAT_SHOWN 200      /* the last lines a view holds */

/* A table's chat (t->chat). */
struct web_chat {
	web_chat_row *lines;      /* in order */
	int count, cap, next;     /* next: the slot of recent to write */
	struct { char who[64]; int64_t at; } recent[WEB_CHAT_RECENT]; /* the last senders */
};

static int chat_max = WEB_CHAT_MAX;
static pthread_once_t chat_max_once = PTHREAD_ONCE_INIT;

/* The lines a table's chat keeps: WEB_CHAT_MAX, or BONES_WEB_TEST_CHAT_MAX (from 1,
 * less) so that a test fills it in a few posts. */
static void read_chat_max(void)
{
	const char *text = getenv("BONES_WEB_TEST_CHAT_MAX");
	long max = text && text[0] ? strtol(text, NULL, 10) : 0;
	if (max >= 1 && max < WEB_CHAT_MAX) {
		chat_max = (int)max;
		web_log("a table's chat keeps %d lines (BONES_WEB_TEST_CHAT_MAX)", chat_max);
	}
}

/* t's chat, made when first needed; NULL: out of memory. Lock held, or t unseen. */
static struct web_chat *chat_of(web_table *t)
{
	if (!t->chat)
		t->chat = calloc(1, sizeof *t->chat);
	return t->chat;
}

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
	struct web_chat *ch = chat_of(t);
	if (!ch)
		return false;
	if (ch->count >= max) {
		int drop = ch->count - max + 1;
		ch->count -= drop;
		memmove(ch->lines, ch->lines + drop, (size_t)ch->count * sizeof *ch->lines);
	}
	if (ch->count == ch->cap) {
		int cap = ch->cap ? ch->cap * 2 : 16;
		web_chat_row *more = realloc(ch->lines, (size_t)cap * sizeof *more);
		if (!more)
			return false;
		ch->lines = more, ch->cap = cap;
	}
	ch->lines[ch->count++] = *c;
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
static int recent_lines(const struct web_chat *ch, const char *who, int64_t now)
{
	int n = 0;
	for (int i = 0; i < WEB_CHAT_RECENT; i++)
		n += ch->recent[i].who[0] && (!who || !strcmp(ch->recent[i].who, who)) &&
		     now - ch->recent[i].at < WEB_CHAT_WINDOW_MS;
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

web_result web_chat_post(web_tables *ts, web_table *t, int seat, const char *name,
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
	pthread_once(&chat_max_once, read_chat_max);
	pthread_mutex_lock(&t->lock);
	struct web_chat *ch = chat_of(t);
	web_result r = chat_result(200, NULL, "");
	c.at = web_clock_now(ts);
	if (ch) /* numbered on across the rotation */
		c.n = ch->count ? ch->lines[ch->count - 1].n + 1 : 0;
	if (!ch)
		r = chat_result(500, NULL, _("out of memory"));
	else if (recent_lines(ch, who, c.at) >= WEB_CHAT_BURST ||
		 recent_lines(ch, NULL, c.at) >= WEB_CHAT_TABLE_BURST)
		r = chat_result(429, "text", _("too many messages: wait a few seconds"));
	else if (web_store_add_chat(web_tables_store(ts), t->row.id, &c, chat_max, err,
				    sizeof err))
		r = chat_result(500, NULL, err);
	else if (!chat_append(t, &c, chat_max))
		r = chat_result(500, NULL, _("out of memory"));
	if (r.code == 200) {
		int slot = ch->next++ % WEB_CHAT_RECENT;
		snprintf(ch->recent[slot].who, sizeof ch->recent[slot].who, "%s", who);
		ch->recent[slot].at = c.at;
		web_buf_printf(out, "{\"ok\":true,\"n\":%d}", c.n);
		web_table_bump(t);
	}
	pthread_mutex_unlock(&t->lock);
	return r;
}

void web_chat_json(const web_table *t, web_buf *out, bool *first)
{
	const struct web_chat *ch = t->chat;
	int count = ch ? ch->count : 0;
	web_buf_json_key(out, first, "chat");
	web_buf_puts(out, "[");
	int from = count > WEB_CHAT_SHOWN ? count - WEB_CHAT_SHOWN : 0;
	for (int i = from; i < count; i++) {
		const web_chat_row *c = &ch->lines[i];
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
	return !chat_append(t, c, chat_max);
}

void web_chat_load(web_tables *ts, web_table *t)
{
	char err[512] = "";
	pthread_once(&chat_max_once, read_chat_max);
	if (web_store_chat_of(web_tables_store(ts), t->row.id, restore_line, t, err, sizeof err))
		web_log("table %s: its chat: %s", t->row.id, err[0] ? err : _("out of memory"));
}

void web_chat_free(web_table *t)
{
	if (t->chat)
		free(t->chat->lines);
	free(t->chat);
	t->chat = NULL;
}
