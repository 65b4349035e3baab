/* Playing a server tournament: each round's games (bones_tourney_batch, the pairing
 * `bones tourney` uses) become ordinary tables, each finished table becomes a row of
 * the tournament's results file, and the next round is paired from those rows. Every
 * step starts from what is stored (the results file and the store's table of pairings),
 * so a restart after kill -9 goes on where the server stopped. */
#include "web_accounts.h"
#include "web_tourney_internal.h"

#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/record.h"
#include "bones/rng.h"
#include "web_table.h"

/* The table id of (round, slot) from the store into id, "" none. */
static void pairing_get(web_tourneys *w, const char *tid, int round, int slot, char *id,
			size_t cap)
{
	web_store_tourney_table(web_tables_store(w->ts), tid, round, slot, id, cap);
}

static bool pairing_put(web_tourneys *w, const char *tid, int round, int slot, const char *id)
{
	return !web_store_set_tourney_table(web_tables_store(w->ts), tid, round, slot, id);
}

/* The game's options as a JSON object: every option, as the tournament configured it. */
static void options_json(const bones_options *opts, web_buf *out)
{
	char text[2048], key[128], value[512];
	bones_options_format(opts, true, text, sizeof text);
	web_buf_puts(out, "{");
	bool first = true;
	for (const char *p = text; *p;) {
		while (*p == ' ')
			p++;
		size_t k = strcspn(p, "=");
		if (!p[k] || k >= sizeof key)
			break;
		memcpy(key, p, k), key[k] = '\0';
		p += k + 1;
		size_t n = 0;
		bool quoted = *p == '"';
		p += quoted;
		while (*p && (quoted ? *p != '"' : *p != ' ') && n + 1 < sizeof value)
			value[n++] = *p++;
		value[n] = '\0';
		p += quoted && *p == '"';
		web_buf_json_key(out, &first, key);
		web_buf_json_string(out, value);
	}
	web_buf_puts(out, "}");
}

/* The people's seats of a new table (seats: the create reply's) belong to their
 * accounts, so that their games are rated and on their pages. */
static void give_seats(web_tourneys *w, const bones_tourney *t, const bones_tourney_slot *slot,
		       const char *id, const web_json *seats)
{
	const web_json *s = seats && seats->type == WEB_JSON_ARRAY ? seats->child : NULL;
	for (int i = 0; s && i < slot->seats; i++, s = s->next) {
		const bones_tourney_player *p = &t->players[slot->player[i]];
		const char *token = web_json_string(s, "token");
		if (p->person && token)
			web_accounts_give_seat(w->accounts, p->name, id, token);
	}
}

/* Create the table of slot: its participants in seat order, people as human seats,
 * the operator's engines as engine seats (web_engine_seat.c). */
static bool create_table(web_tourneys *w, web_tourney_run *r, const bones_tourney_slot *slot)
{
	const bones_tourney *t = r->t;
	const bones_tourney_game *g = &t->games[slot->game];
	web_buf req;
	web_buf_init(&req);
	web_buf_puts(&req, "{\"game\":");
	web_buf_json_string(&req, g->source);
	web_buf_puts(&req, ",\"options\":");
	options_json(&g->options, &req);
	web_buf_puts(&req, ",\"seats\":[");
	for (int i = 0; i < slot->seats; i++) {
		const bones_tourney_player *p = &t->players[slot->player[i]];
		bool first = true;
		web_buf_puts(&req, i ? ",{" : "{");
		web_buf_json_key(&req, &first, "kind");
		web_buf_json_string(&req, p->person || p->engine[0] ? "human" : "agent");
		web_buf_json_key(&req, &first, "name");
		web_buf_json_string(&req, p->name);
		if (!p->person && !p->engine[0]) {
			web_buf_json_key(&req, &first, "agent");
			web_buf_json_string(&req, p->agent);
		}
		web_buf_puts(&req, "}");
	}
	web_buf_puts(&req, "]}");
	web_json_doc doc;
	char err[256], client[64], id[40] = "";
	web_buf reply;
	web_buf_init(&reply);
	bool ok = !req.failed && web_json_parse(&doc, req.data, req.len, err, sizeof err);
	if (ok) {
		/* its own creator: the agents-only limit per address is not the tournament's */
		snprintf(client, sizeof client, "tourney %s %d %d", r->id, slot->round, slot->slot);
		/* the set's deal (duplicate: the same for every game of the set), mixed with
		 * the server's secret: the file's seed tells nobody the hands */
		bones_rng mix;
		bones_rng_seed(&mix, slot->seed ^ web_store_deal_key(web_tables_store(w->ts)));
		uint64_t deal = bones_rng_next(&mix);
		web_result res = web_table_create(w->ts, doc.root, client, NULL, &deal, &reply);
		web_json_release(&doc);
		ok = res.code == 201 && !reply.failed;
		if (!ok)
			web_log("tourney %s: round %d game %d: %s", r->id, slot->round + 1,
				slot->slot + 1, res.error);
	}
	web_json_doc rep;
	if (ok && web_json_parse(&rep, reply.data, reply.len, err, sizeof err)) {
		const char *s = web_json_string(rep.root, "id");
		snprintf(id, sizeof id, "%s", s ? s : "");
		give_seats(w, t, slot, id, web_json_get(rep.root, "seats"));
		web_json_release(&rep);
	}
	web_table *tab = id[0] ? web_tables_find(w->ts, id) : NULL;
	for (int i = 0; ok && i < slot->seats; i++) /* the server moves for its engines */
		if (r->engine[slot->player[i]][0])
			if (!(ok = tab && web_table_set_engine(w->ts, tab, i, r->engine[slot->player[i]],
							       t->move_ms, err, sizeof err)))
				web_log("tourney %s: round %d game %d: seat %d: %s", r->id,
					slot->round + 1, slot->slot + 1, i + 1, tab ? err : id);
	web_tables_put(w->ts, tab);
	ok = ok && id[0] && pairing_put(w, r->id, slot->round, slot->slot, id);
	if (ok) /* the pages following the lobby's stream hear of the round's game */
		web_tables_notify(w->ts);
	web_buf_release(&req);
	web_buf_release(&reply);
	return ok;
}

/* The record with the tags `bones tourney` writes first (Event, Round, Table), as its
 * readers sort and filter by them; escaped as every tag (a '"' in the name). Frees
 * record. */
static char *tagged(const bones_tourney *t, const bones_tourney_slot *slot, char *record)
{
	if (!record)
		return NULL;
	char round[16], table[16];
	snprintf(round, sizeof round, "%d", slot->round + 1);
	snprintf(table, sizeof table, "%d", slot->slot + 1);
	const char *tags[] = {"Event", t->name, "Round", round, "Table", table};
	size_t n = strlen(record) + 1;
	for (int i = 0; i < 6; i += 2)
		n += bones_record_tag_line(tags[i], tags[i + 1], NULL, 0);
	char *out = malloc(n);
	for (size_t at = 0, i = 0; out && i < 6; i += 2)
		at += bones_record_tag_line(tags[i], tags[i + 1], out + at, n - at);
	if (out)
		strcat(out, record);
	free(record);
	return out;
}

/* The row of slot played at table tab, when its game is over. Table lock taken here. */
static bool finished_row(web_tourney_run *r, const bones_tourney_slot *slot, web_table *tab,
			 bones_tourney_game_row *row, char **record)
{
	const bones_tourney *t = r->t;
	pthread_mutex_lock(&tab->lock);
	bool over = web_table_over(tab);
	if (over) {
		memset(row, 0, sizeof *row);
		snprintf(row->tourney, sizeof row->tourney, "%s", t->name);
		snprintf(row->game, sizeof row->game, "%s", t->games[slot->game].name);
		row->round = slot->round, row->slot = slot->slot, row->set = slot->set;
		row->perm = slot->perm, row->seats = slot->seats, row->seed = tab->row.seed;
		row->moves = (int)bones_session_length(tab->s);
		double scores[WEB_MAX_SEATS];
		int ranks[WEB_MAX_SEATS];
		bones_table_result(tab->table, scores, ranks);
		for (int i = 0; i < slot->seats; i++) {
			snprintf(row->player[i], sizeof row->player[i], "%s",
				 t->players[slot->player[i]].name);
			row->score[i] = scores[i], row->rank[i] = ranks[i];
		}
		bones_tourney_points(slot->seats, row->rank, row->points);
		int f = tab->row.resigned;
		if (tab->row.forfeited && f >= 0 && web_engine_seat_is(tab, f))
			snprintf(row->forfeit, sizeof row->forfeit, "seat %d (%.40s): %.160s", f + 1,
				 row->player[f], tab->engine_forfeit[0] ? tab->engine_forfeit
								 : _("the engine failed"));
		else if (tab->row.forfeited && f >= 0)
			snprintf(row->forfeit, sizeof row->forfeit, _("seat %d (%s): out of time"),
				 f + 1, row->player[f]);
		web_engine_seat_stop_all(tab, false);
		*record = tagged(t, slot, web_table_record_text(tab));
	}
	pthread_mutex_unlock(&tab->lock);
	return over;
}

/* One game of the round: pair it, watch it, or store its result. True when stored. */
static bool step_slot(web_tourneys *w, web_tourney_run *r, const bones_tourney_slot *slot)
{
	char err[512], id[40];
	if (slot->bye) {
		if (bones_tourney_db_add_bye(r->db, r->t, slot, err, sizeof err)) {
			web_log("tourney %s: %s", r->id, err);
			return false;
		}
		return true;
	}
	bool engine = false, person = false; /* engines and agents only: off the tables */
	for (int i = 0; i < slot->seats; i++) {
		engine |= r->t->players[slot->player[i]].engine[0] != '\0';
		person |= r->t->players[slot->player[i]].person;
	}
	if (engine && !person)
		return web_tourney_engine_slot(w, r, slot);
	pairing_get(w, r->id, slot->round, slot->slot, id, sizeof id);
	if (!id[0]) {
		create_table(w, r, slot);
		return false;
	}
	web_table *tab = web_tables_find(w->ts, id);
	if (!tab)
		return false;
	bones_tourney_game_row row;
	char *record = NULL;
	bool finished = finished_row(r, slot, tab, &row, &record);
	if (!finished)
		web_table_queue_watch(w->ts, tab); /* agents-only tables play while watched */
	web_tables_put(w->ts, tab); /* row and record are copies */
	if (!finished)
		return false;
	row.chance = "", row.record = record ? record : "";
	bool ok = !bones_tourney_db_add(r->db, &row, err, sizeof err);
	if (!ok)
		web_log("tourney %s: %s", r->id, err);
	free(record);
	return ok;
}

bool web_tourney_step(web_tourneys *w, web_tourney_run *r)
{
	const bones_tourney *t = r->t;
	for (int round = 0; round < bones_tourney_round_count(t); round++) {
		bones_tourney_slot *slots;
		size_t n;
		bones_tourney_stored *stored;
		if (bones_tourney_batch(t, r->db, round, &slots, &n))
			return false;
		if (bones_tourney_db_stored(r->db, t->name, &stored)) {
			free(slots);
			return false;
		}
		bool done = true;
		for (size_t i = 0; i < n; i++)
			if (!bones_tourney_stored_has(stored, slots[i].round, slots[i].slot))
				done &= step_slot(w, r, &slots[i]);
		bones_tourney_stored_free(stored);
		free(slots);
		if (!done)
			return false;
		if (bones_tourney_static(t))
			break;
	}
	return true;
}

/* The ids of the running tournaments (at most cap) into ids. */
static int running(web_tourneys *w, char (*ids)[24], int cap)
{
	return (int)web_store_tourney_ids(web_tables_store(w->ts), WEB_TOURNEYS_RUNNING, 0, ids,
					  (size_t)cap);
}

void *web_tourney_driver(void *arg)
{
	web_tourneys *w = arg;
	uint64_t seen = 0;
	char (*ids)[24] = malloc(WEB_TOURNEY_MAX * sizeof *ids);
	while (ids && !web_tables_stopping(w->ts)) {
		pthread_mutex_lock(&w->lock);
		bool stop = w->stop;
		pthread_mutex_unlock(&w->lock);
		if (stop)
			break;
		/* several processes on one database: one drives the tournaments */
		bool mine = web_tables_serves(w->ts, WEB_SERVES_TOURNEYS, NULL, 0);
		if (mine)
			web_tourney_due(w);
		int n = mine ? running(w, ids, WEB_TOURNEY_MAX) : 0;
		for (int i = 0; i < n; i++) {
			char err[512];
			pthread_mutex_lock(&w->lock);
			web_tourney_run *r = web_tourney_open(w, ids[i], err, sizeof err);
			if (r && web_tourney_step(w, r)) {
				r->finished = true;
				web_tourney_set_state(w, r->id, "finished");
				web_log("tourney %s: finished", r->id);
			}
			pthread_mutex_unlock(&w->lock);
		}
		seen = web_tables_changes(w->ts, seen, 1000);
	}
	free(ids);
	return NULL;
}
