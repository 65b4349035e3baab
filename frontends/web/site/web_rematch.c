/* A rematch of a finished table: the same game, options and hints, each seat's player
 * (human, agent or engine) in the reverse order, new tokens. The first seat to ask creates it;
 * every human participant then finds their own link in the old table's view. The link
 * is kept in memory: a restart forgets the offer, never the new table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "web_json.h"
#include "web_rematch.h"
#include "web_table.h"

/* A table's rematch (t->rematch): kept in memory only, a restart forgets the offer,
 * not the new table. */
struct web_rematch {
	char id[40];                      /* the rematch's table id, "" none */
	char token[WEB_MAX_SEATS][64];    /* by participant: their seat's token there */
	int seat[WEB_MAX_SEATS];          /* by participant: their seat there, from 1 */
	bool creating;                    /* it is being created */
};

/* The table's time control as a create request's "time" member. */
static void time_request(const bones_time_control *tc, web_buf *req)
{
	web_buf_puts(req, "\"time\":{");
	if (tc->per_move_ms > 0)
		web_buf_printf(req, "\"per_move\":\"%lldms\",\"penalty\":%.17g,"
			       "\"grace\":\"%lldms\",\"forfeit\":%s,", (long long)tc->per_move_ms,
			       tc->penalty, (long long)tc->grace_ms, tc->forfeit ? "true" : "false");
	else
		web_buf_puts(req, "\"per_move\":\"0\",");
	if (tc->per_game_ms > 0)
		web_buf_printf(req, "\"per_game\":\"%lldms\",\"increment\":\"%lldms\"}",
			       (long long)tc->per_game_ms, (long long)tc->increment_ms);
	else
		web_buf_puts(req, "\"per_game\":\"0\"}");
}

/* The create request of the rematch of t: {"game", "options", "seats", "hints",
 * "private", "time"}. */
static void rematch_request(const web_table *t, web_buf *req)
{
	bool f = true;
	web_buf_puts(req, "{");
	web_buf_json_key(req, &f, "game");
	web_buf_json_string(req, t->row.preset);
	web_buf_json_key(req, &f, "options");
	web_buf_puts(req, "{");
	bool of = true;
	char opts[sizeof t->row.options];
	snprintf(opts, sizeof opts, "%s", t->row.options);
	for (char *save = NULL, *kv = strtok_r(opts, " ", &save); kv;
	     kv = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(kv, '=');
		if (!eq)
			continue;
		*eq = '\0';
		web_buf_json_key(req, &of, kv);
		web_buf_json_string(req, eq + 1);
	}
	web_buf_puts(req, "},\"seats\":[");
	for (int i = t->row.seat_count - 1; i >= 0; i--) {
		const web_seat_row *s = &t->row.seats[i];
		bool sf = true;
		web_buf_puts(req, i == t->row.seat_count - 1 ? "{" : ",{");
		web_buf_json_key(req, &sf, "kind");
		web_buf_json_string(req, s->kind);
		web_buf_json_key(req, &sf, "name");
		web_buf_json_string(req, s->name);
		if (!strcmp(s->kind, "engine")) { /* the operator's engine again, by its name */
			char engine[200];
			web_engine_seat_name(s, engine, sizeof engine);
			web_buf_json_key(req, &sf, "engine");
			web_buf_json_string(req, engine);
		} else if (s->agent[0]) {
			web_buf_json_key(req, &sf, "agent");
			web_buf_json_string(req, s->agent);
		}
		if (s->open) {
			web_buf_json_key(req, &sf, "open");
			web_buf_puts(req, "true");
		}
		web_buf_puts(req, "}");
	}
	web_buf_printf(req, "],\"hints\":%s,\"private\":%s,", t->row.hints ? "true" : "false",
		       t->row.unlisted ? "true" : "false");
	time_request(&t->row.time, req);
	web_buf_puts(req, "}");
}

/* Keep the new table's id and each participant's token there (reply of create). */
static void keep_links(web_table *t, const web_json *reply)
{
	struct web_rematch *m = t->rematch;
	const char *id = web_json_string(reply, "id");
	const web_json *seats = web_json_get(reply, "seats");
	int n = t->row.seat_count;
	snprintf(m->id, sizeof m->id, "%s", id ? id : "");
	int j = 0;
	for (const web_json *s = seats ? seats->child : NULL; s && j < n; s = s->next, j++) {
		const char *token = web_json_string(s, "token");
		int participant = n - 1 - j;
		snprintf(m->token[participant], sizeof m->token[0], "%s", token ? token : "");
		m->seat[participant] = j + 1;
	}
}

web_result web_rematch_offer(web_tables *ts, web_table *t, int seat, web_buf *out)
{
	web_result r = {.code = 200};
	char tourney[24];
	int round;
	if (!web_store_table_tourney(web_tables_store(ts), t->row.id, tourney, sizeof tourney,
				     &round)) { /* its pairings decide who plays whom next */
		r.code = 409;
		snprintf(r.error, sizeof r.error, "%s", _("a tournament's game has no rematch"));
		return r;
	}
	web_buf req, reply;
	web_buf_init(&req);
	web_buf_init(&reply);
	pthread_mutex_lock(&t->lock);
	bool over = web_table_over(t);
	if (over && !t->rematch)
		t->rematch = calloc(1, sizeof *t->rematch);
	struct web_rematch *m = t->rematch;
	bool create = m && !m->id[0] && !m->creating;
	if (create) {
		m->creating = true;
		rematch_request(t, &req);
	}
	pthread_mutex_unlock(&t->lock);
	if (over && !m) {
		r.code = 500;
		snprintf(r.error, sizeof r.error, "%s", _("out of memory"));
	} else if (!over) {
		r.code = 409;
		snprintf(r.error, sizeof r.error, "%s", _("a rematch is offered once the game is over"));
	} else if (create) {
		web_json_doc doc = {0}, made = {0};
		char err[200];
		if (req.failed || !web_json_parse(&doc, req.data, req.len, err, sizeof err))
			r.code = 500, snprintf(r.error, sizeof r.error, "%s", _("out of memory"));
		else
			r = web_table_create(ts, doc.root, t->creator, NULL, NULL, &reply);
		if (doc.root)
			web_json_release(&doc);
		bool kept = r.code == 201 &&
			    web_json_parse(&made, reply.data, reply.len, err, sizeof err);
		pthread_mutex_lock(&t->lock);
		if (kept)
			keep_links(t, made.root);
		m->creating = false;
		web_table_bump(t);
		pthread_mutex_unlock(&t->lock);
		if (kept)
			web_json_release(&made);
		if (r.code == 201)
			r.code = 200;
		web_log("table %s: rematch %s", t->row.id, kept ? m->id : "failed");
	}
	if (r.code == 200) {
		pthread_mutex_lock(&t->lock);
		bool f = true;
		web_buf_puts(out, "{");
		web_rematch_json(t, seat, out, &f);
		web_buf_puts(out, "}");
		pthread_mutex_unlock(&t->lock);
	}
	web_buf_release(&req);
	web_buf_release(&reply);
	return r;
}

void web_rematch_json(const web_table *t, int seat, web_buf *out, bool *first)
{
	const struct web_rematch *m = t->rematch;
	if (!m || !m->id[0])
		return;
	web_buf_json_key(out, first, "rematch");
	bool f = true;
	web_buf_puts(out, "{");
	web_buf_json_key(out, &f, "id");
	web_buf_json_string(out, m->id);
	if (seat >= 0 && seat < WEB_MAX_SEATS && m->token[seat][0]) {
		web_buf_json_key(out, &f, "link");
		web_buf_printf(out, "\"/t/%s#seat=%d&token=%s\"", m->id, m->seat[seat],
			       m->token[seat]);
	}
	web_buf_puts(out, "}");
}

void web_rematch_free(web_table *t)
{
	free(t->rematch);
	t->rematch = NULL;
}
