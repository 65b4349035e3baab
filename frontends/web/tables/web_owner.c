/* What a browser (and later an account) asks about its own tables: deleting a table it
 * created before anyone moved (the creator's token, "owner" in the create reply), and
 * "my games": the tables of the seat tokens and owner tokens it keeps, the ones where
 * it is to move first. The server keeps no list per browser: the browser sends its
 * tokens, so an account can later send (or keep) the same list. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "web_table_internal.h"
#include "web_token.h"

static web_result owner_result(int code, const char *error)
{
	web_result r = {.code = code};
	snprintf(r.error, sizeof r.error, "%s", error);
	return r;
}

/* No player has moved (a match's first game): the table may still be deleted. */
static bool unstarted(const web_table *t)
{
	return t->row.match_game == 0 &&
	       bones_table_player_moves(t->table, bones_session_length(t->s)) == 0;
}

static bool is_owner(const web_table *t, const char *token)
{
	return token && t->row.owner[0] && web_token_equal(token, t->row.owner);
}

web_result web_owner_delete(web_tables *ts, web_table *t, const char *token)
{
	char err[512];
	web_result r = owner_result(200, "");
	pthread_mutex_lock(&ts->lock);
	pthread_mutex_lock(&t->lock);
	if (!is_owner(t, token))
		r = owner_result(403, _("only the table's creator may delete it (the owner token)"));
	else if (!unstarted(t) || t->queued)
		r = owner_result(409, _("the game has started: a table is deleted only before "
					"the first move"));
	else if (web_store_delete_table(ts->store, t->row.id, err, sizeof err))
		r = owner_result(500, err);
	if (r.code == 200) {
		t->deleted = true;
		web_table_bump(t); /* its pages hear of it: the table is gone */
		web_log("table %s: deleted by its creator", t->row.id);
	}
	pthread_mutex_unlock(&t->lock);
	pthread_mutex_unlock(&ts->lock);
	return r;
}

/* One of "my games": t as the holder of seat (participant, -1 none) sees it; with the
 * seat's token when it came from the account (the device may not have it). */
static void write_mine(web_table *t, int seat, bool owner, bool account, web_buf *out)
{
	bool f = true, over = web_table_over(t);
	int now = web_table_seat_now(t, seat);
	int to_move = bones_session_to_move(t->s);
	web_buf_puts(out, "{");
	web_table_head_json(t, out, &f);
	web_buf_json_key(out, &f, "seat"); /* from 1; 0: created here, no seat */
	web_buf_printf(out, "%d", seat + 1);
	web_buf_json_key(out, &f, "over");
	web_buf_puts(out, over ? "true" : "false");
	web_buf_json_key(out, &f, "my_turn");
	web_buf_puts(out, !over && now >= 0 && now == to_move ? "true" : "false");
	web_buf_json_key(out, &f, "moves");
	web_buf_printf(out, "%zu", bones_table_player_moves(t->table, bones_session_length(t->s)));
	if (account) {
		web_buf_json_key(out, &f, "token");
		web_buf_json_string(out, t->row.seats[seat].token);
	}
	web_buf_json_key(out, &f, "deletable");
	web_buf_puts(out, owner && unstarted(t) ? "true" : "false");
	web_buf_json_key(out, &f, "names");
	web_buf_puts(out, "[");
	for (int i = 0; i < t->row.seat_count; i++) {
		web_buf_puts(out, i ? "," : "");
		web_buf_json_string(out, t->row.seats[i].name);
	}
	web_buf_puts(out, "]}");
}

/* The order of "my games": my turn, then running, then over; newest first in each. */
struct mine {
	web_table *t;
	int seat, rank;
	bool owner, account;
};

static int mine_order(const void *a, const void *b)
{
	const struct mine *x = a, *y = b;
	if (x->rank != y->rank)
		return x->rank - y->rank;
	return x->t->row.created < y->t->row.created ? 1 : x->t->row.created > y->t->row.created;
}

/* Where t goes in "my games" for seat: 0 my turn, 1 running, 2 over. */
static int rank_of(web_table *t, int seat)
{
	pthread_mutex_lock(&t->lock);
	int now = web_table_seat_now(t, seat);
	bool over = web_table_over(t);
	int rank = over ? 2 : now >= 0 && now == bones_session_to_move(t->s) ? 0 : 1;
	pthread_mutex_unlock(&t->lock);
	return rank;
}

/* The request's entries that name a table of this server with a matching token. */
static size_t collect(web_tables *ts, const web_json *list, struct mine *m, size_t cap)
{
	size_t n = 0;
	for (const web_json *e = list->child; e && n < cap; e = e->next) {
		const char *id = web_json_string(e, "id"), *token = web_json_string(e, "token");
		const char *owner = web_json_string(e, "owner");
		web_table *t = id ? web_tables_find(ts, id) : NULL;
		if (!t)
			continue;
		int seat = token && token[0] ? web_table_seat_of(t, token) : -1;
		bool owns = owner && is_owner(t, owner);
		if (seat < 0 && !owns) {
			web_tables_put(ts, t);
			continue;
		}
		int rank = rank_of(t, seat);
		m[n++] = (struct mine){t, seat, rank, owns, false};
	}
	return n;
}

/* The account's seats (extra) not already among m's tables. */
static size_t collect_extra(web_tables *ts, const web_seat_ref *extra, size_t count,
			    struct mine *m, size_t n, size_t cap)
{
	for (size_t i = 0; i < count && n < cap; i++) {
		web_table *t = web_tables_find(ts, extra[i].id);
		bool seen = false;
		for (size_t j = 0; t && j < n; j++)
			seen = seen || m[j].t == t;
		int seat = t && !seen ? web_table_seat_of(t, extra[i].token) : -1;
		if (seat < 0) {
			web_tables_put(ts, t);
			continue;
		}
		int rank = rank_of(t, seat);
		m[n++] = (struct mine){t, seat, rank, false, true};
	}
	return n;
}

web_result web_owner_mine_json(web_tables *ts, const web_json *req, const web_seat_ref *extra,
			       size_t extra_count, web_buf *out)
{
	const web_json *list = req ? web_json_get(req, "tables") : NULL;
	if (!list || list->type != WEB_JSON_ARRAY || list->count > WEB_MINE_MAX) {
		web_result r = owner_result(400, "");
		snprintf(r.field, sizeof r.field, "tables");
		snprintf(r.error, sizeof r.error, _("tables: expected a list of at most %d "
						    "{\"id\", \"token\", \"owner\"}"), WEB_MINE_MAX);
		return r;
	}
	struct mine m[2 * WEB_MINE_MAX];
	size_t n = collect(ts, list, m, WEB_MINE_MAX);
	n = collect_extra(ts, extra, extra_count, m, n, 2 * WEB_MINE_MAX);
	qsort(m, n, sizeof m[0], mine_order);
	web_buf_puts(out, "{\"tables\":[");
	for (size_t i = 0; i < n; i++) {
		web_buf_puts(out, i ? "," : "");
		pthread_mutex_lock(&m[i].t->lock);
		write_mine(m[i].t, m[i].seat, m[i].owner, m[i].account, out);
		pthread_mutex_unlock(&m[i].t->lock);
		web_tables_put(ts, m[i].t);
	}
	web_buf_puts(out, "]}");
	return owner_result(200, "");
}
