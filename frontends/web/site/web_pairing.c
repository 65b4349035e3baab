/* Tables for people who found each other (web_pairing.h). */
#include "web_pairing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "web_table.h"

/* The member key of req, an object written as JSON text into out (cap bytes), "" when
 * absent; false when it is no object or too long. */
static bool object_text(const web_json *req, const char *key, char *out, size_t cap)
{
	const web_json *v = web_json_get(req, key);
	out[0] = '\0';
	if (!v)
		return true;
	if (v->type != WEB_JSON_OBJECT)
		return false;
	web_buf b;
	web_buf_init(&b);
	web_json_write(&b, v);
	bool ok = !b.failed && b.len < cap;
	if (ok)
		memcpy(out, b.data, b.len + 1);
	web_buf_release(&b);
	return ok;
}

web_result web_pairing_read(const web_json *req, web_pairing_ask *ask)
{
	memset(ask, 0, sizeof *ask);
	const char *game = req && req->type == WEB_JSON_OBJECT ? web_json_string(req, "game")
							    : NULL;
	if (!game || !game[0] || strlen(game) >= sizeof ask->game)
		return web_result_of(400, "game", "%s", _("game: name one of this server's games "
							   "or presets"));
	snprintf(ask->game, sizeof ask->game, "%s", game);
	if (!object_text(req, "options", ask->options, sizeof ask->options))
		return web_result_of(400, "options", "%s", _("options: expected an object of "
							      "key: value"));
	if (!object_text(req, "time", ask->time, sizeof ask->time))
		return web_result_of(400, "time", "%s", _("time: expected an object of key: value"));
	return web_result_of(200, NULL, "ok");
}

void web_pairing_request(const web_pairing_ask *ask, char (*names)[WEB_NAME_MAX + 1], int n,
			 web_buf *out)
{
	web_buf_puts(out, "{\"game\":");
	web_buf_json_string(out, ask->game);
	if (ask->options[0])
		web_buf_printf(out, ",\"options\":%s", ask->options);
	if (ask->time[0])
		web_buf_printf(out, ",\"time\":%s", ask->time);
	if (names) {
		web_buf_puts(out, ",\"seats\":[");
		for (int i = 0; i < n; i++) {
			web_buf_puts(out, i ? ",{\"kind\":\"human\",\"name\":"
					    : "{\"kind\":\"human\",\"name\":");
			web_buf_json_string(out, names[i]);
			web_buf_puts(out, "}");
		}
		web_buf_puts(out, "]");
	}
	web_buf_puts(out, "}");
}

/* The request text of out parsed into doc; false (r 500) when it does not parse. */
static bool parse_request(const web_buf *text, web_json_doc *doc, web_result *r)
{
	char err[200];
	if (!text->failed && web_json_parse(doc, text->data, text->len, err, sizeof err))
		return true;
	*r = web_result_of(500, NULL, "%s", _("out of memory"));
	return false;
}

int web_pairing_players(web_tables *ts, const web_pairing_ask *ask, char *key, size_t cap,
			web_result *r)
{
	web_buf text;
	web_buf_init(&text);
	web_pairing_request(ask, NULL, 0, &text);
	web_json_doc doc;
	int players = 0;
	web_table_row *row = calloc(1, sizeof *row);
	if (!row)
		*r = web_result_of(500, NULL, "%s", _("out of memory"));
	else if (parse_request(&text, &doc, r)) {
		*r = web_table_check(ts, doc.root, row);
		web_json_release(&doc);
		const bones_time_control *tc = &row->time;
		if (r->code == 200) {
			players = row->seat_count;
			snprintf(key, cap, "%s|%s|%lld/%g/%lld/%d/%lld/%lld", row->preset, row->options,
				 (long long)tc->per_move_ms, tc->penalty, (long long)tc->grace_ms,
				 tc->forfeit, (long long)tc->per_game_ms, (long long)tc->increment_ms);
		}
	}
	free(row);
	web_buf_release(&text);
	return players;
}

/* Each seat of the create reply (by the names given) into seats. */
static void read_seats(const web_json *reply, int n, web_pairing_seat *seats)
{
	const web_json *list = web_json_get(reply, "seats");
	int i = 0;
	for (const web_json *s = list ? list->child : NULL; s && i < n; s = s->next, i++) {
		const char *link = web_json_string(s, "link");
		snprintf(seats[i].link, sizeof seats[i].link, "%s", link ? link : "");
		seats[i].seat = i + 1;
	}
}

web_result web_pairing_make(web_tables *ts, web_accounts *a, const web_pairing_ask *ask,
			    char (*names)[WEB_NAME_MAX + 1], int n, char *id, size_t idcap,
			    web_pairing_seat *seats)
{
	web_buf text, reply;
	web_buf_init(&text);
	web_buf_init(&reply);
	web_pairing_request(ask, names, n, &text);
	web_json_doc doc, made;
	web_result r;
	char err[200];
	if (parse_request(&text, &doc, &r)) {
		r = web_table_create(ts, doc.root, "", NULL, NULL, &reply);
		web_json_release(&doc);
	}
	if (r.code == 201 && web_json_parse(&made, reply.data, reply.len, err, sizeof err)) {
		const char *made_id = web_json_string(made.root, "id");
		snprintf(id, idcap, "%s", made_id ? made_id : "");
		read_seats(made.root, n, seats);
		const web_json *list = web_json_get(made.root, "seats");
		const web_json *s = list ? list->child : NULL;
		for (int i = 0; i < n; i++, s = s ? s->next : NULL) {
			const char *token = s ? web_json_string(s, "token") : NULL;
			snprintf(seats[i].name, sizeof seats[i].name, "%s", names[i]);
			if (token)
				web_accounts_give_seat(a, names[i], id, token);
		}
		web_json_release(&made);
	} else if (r.code == 201) {
		r = web_result_of(500, NULL, "%s", _("out of memory"));
	}
	web_buf_release(&text);
	web_buf_release(&reply);
	return r;
}
