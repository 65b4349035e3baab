/* GET /api/tournaments/ID (web_tourney.h): the tournament's facts, participants,
 * standings with tiebreaks (bones_tourney_report, as `bones tourney` reports them),
 * every finished game's result (the crosstable's cells) and the tables of the games
 * paired so far, with the asking person's own seat links. */
#include "web_tourney_internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bones/i18n.h"
#include "bones/tiebreak.h"
#include "bones/tourney_report.h"
#include "web_table.h"

static void facts(web_tourneys *w, const char *id, web_buf *out, bool *found)
{
	static const char *const keys[] = {"id", "name", "format", "state", "creator"};
	web_tourney_row r;
	*found = !web_store_tourney(web_tables_store(w->ts), id, &r);
	const char *values[] = {r.id, r.name, r.format, r.state, r.creator};
	bool first = true;
	for (int k = 0; *found && k < 5; k++) {
		web_buf_json_key(out, &first, keys[k]);
		web_buf_json_string(out, values[k]);
	}
	if (*found)
		web_buf_printf(out, ",\"start\":%lld", (long long)r.start_at);
}

/* One participant; bots: "bot": true for a person who is a bot account (NULL: none). */
static void participant_json(const char *name, const char *agent, const char *engine,
			     bool person, web_bots *bots, web_buf *out)
{
	bool first = true;
	web_buf_puts(out, "{");
	web_buf_json_key(out, &first, "name");
	web_buf_json_string(out, name);
	web_buf_json_key(out, &first, "agent");
	web_buf_json_string(out, agent);
	web_buf_json_key(out, &first, "engine");
	web_buf_json_string(out, engine);
	web_buf_json_key(out, &first, "person");
	web_buf_puts(out, person ? "true" : "false");
	if (person && bots && web_bots_is(bots, name))
		web_buf_puts(out, ",\"bot\":true");
	web_buf_puts(out, "}");
}

/* The value of a "key = value" line into out ("" when line is not key's). */
static void line_value(const char *line, size_t len, const char *key, char *out, size_t cap)
{
	size_t k = strlen(key);
	out[0] = '\0';
	while (len && (*line == ' ' || *line == '\t'))
		line++, len--;
	if (len <= k || strncmp(line, key, k) || !strchr(" \t=", line[k]))
		return;
	const char *v = memchr(line, '=', len);
	if (!v)
		return;
	size_t n = len - (size_t)(v + 1 - line);
	for (v++; n && (*v == ' ' || *v == '\t'); v++, n--)
		;
	while (n && strchr(" \t\r;", v[n - 1]))
		n--;
	snprintf(out, cap, "%.*s", (int)(n < cap ? n : cap - 1), v);
}

/* A [player.NAME] section of a tournament file as read so far. */
struct file_player {
	char name[64], agent[256], engine[64];
	bool person;
};

/* Write p (when a section was read) and start afresh. */
static void file_player_flush(struct file_player *p, web_bots *bots, bool *any, web_buf *out)
{
	if (p->name[0]) {
		web_buf_puts(out, *any ? "," : "");
		participant_json(p->name, p->agent, p->engine, p->person, bots, out);
		*any = true;
	}
	*p = (struct file_player){0};
}

/* An open tournament's participants read from its file's [player.NAME] sections (the
 * people joined so far included) when the tournament library cannot load it yet
 * (fewer than two): the file's engines and agents are named before anyone joins. */
static void file_participants(const char *text, web_bots *bots, web_buf *out)
{
	struct file_player p = {0};
	char value[256];
	bool any = false;
	web_buf_puts(out, ",\"participants\":[");
	for (const char *line = text; line && *line;) {
		size_t len = strcspn(line, "\n");
		const char *end = memchr(line, ']', len);
		if (*line == '[') {
			file_player_flush(&p, bots, &any, out);
			if (end && !strncmp(line, "[player.", 8) && end > line + 8)
				snprintf(p.name, sizeof p.name, "%.*s", (int)(end - line - 8), line + 8);
		} else if (p.name[0]) {
			line_value(line, len, "agent", value, sizeof value);
			if (value[0])
				snprintf(p.agent, sizeof p.agent, "%s", value);
			line_value(line, len, "engine", value, sizeof value);
			if (value[0])
				snprintf(p.engine, sizeof p.engine, "%.63s", value);
			line_value(line, len, "person", value, sizeof value);
			if (value[0])
				p.person = !strcmp(value, "true");
		}
		line += len + (line[len] != '\0');
	}
	file_player_flush(&p, bots, &any, out);
	web_buf_puts(out, "]");
}

/* names: the operator's engine per participant (NULL: the file's, t not resolved). */
static void participants(const bones_tourney *t, char (*names)[64], web_bots *bots,
			 web_buf *out)
{
	web_buf_printf(out, ",\"rounds\":%d,\"participants\":[", bones_tourney_round_count(t));
	for (int p = 0; p < t->player_count; p++) {
		web_buf_puts(out, p ? "," : "");
		participant_json(t->players[p].name, t->players[p].agent,
				 names ? names[p] : t->players[p].engine, t->players[p].person,
				 bots, out);
	}
	web_buf_puts(out, "]");
}

/* The participant index of name, or the count (after every participant). */
static int index_of(const bones_tourney *t, const char *name)
{
	int i = 0;
	while (i < t->player_count && strcmp(t->players[i].name, name))
		i++;
	return i;
}

/* A Swiss's standings in the order its pairings see them: points, then the tiebreaks
 * (bones_tiebreaks_compare), then the file's order; the report's own order (points,
 * then rating) for the other formats. */
static void swiss_order(const bones_tourney *t, const bones_tourney_standing *s, int n,
			int *order)
{
	for (int i = 0; i < n; i++)
		order[i] = i;
	for (int i = 1; t->format == BONES_TOURNEY_SWISS && i < n; i++)
		for (int j = i; j > 0; j--) {
			const bones_tourney_standing *a = &s[order[j]], *b = &s[order[j - 1]];
			bones_tiebreaks ta = {.buchholz = a->buchholz,
					      .median_buchholz = a->median_buchholz,
					      .sonneborn_berger = a->sonneborn_berger};
			bones_tiebreaks tb = {.buchholz = b->buchholz,
					      .median_buchholz = b->median_buchholz,
					      .sonneborn_berger = b->sonneborn_berger};
			int c = bones_tiebreaks_compare(a->points, &ta, b->points, &tb);
			if (c > 0 || (!c && index_of(t, a->name) > index_of(t, b->name)))
				break;
			int x = order[j];
			order[j] = order[j - 1];
			order[j - 1] = x;
		}
}

static void standings(web_tourney_run *r, web_buf *out)
{
	bones_tourney_report *rep = NULL;
	int n = 0, order[BONES_TOURNEY_MAX_PLAYERS];
	const bones_tourney_standing *all = NULL, *s[BONES_TOURNEY_MAX_PLAYERS];
	if (!bones_tourney_report_create(r->db, r->t->name, &rep))
		all = bones_tourney_report_standings(rep, &n);
	n = n < BONES_TOURNEY_MAX_PLAYERS ? n : BONES_TOURNEY_MAX_PLAYERS;
	swiss_order(r->t, all, n, order);
	for (int i = 0; i < n; i++)
		s[i] = &all[order[i]];
	web_buf_puts(out, ",\"standings\":[");
	for (int i = 0; i < n; i++) {
		web_buf_puts(out, i ? ",{\"name\":" : "{\"name\":");
		web_buf_json_string(out, s[i]->name);
		web_buf_printf(out, ",\"games\":%d,\"wins\":%d,\"draws\":%d,\"losses\":%d,"
			       "\"forfeits\":%d", s[i]->games, s[i]->wins, s[i]->draws, s[i]->losses,
			       s[i]->forfeits);
		const char *keys[] = {"points", "buchholz", "median_buchholz", "sonneborn_berger"};
		double v[] = {s[i]->points, s[i]->buchholz, s[i]->median_buchholz,
			      s[i]->sonneborn_berger};
		for (int k = 0; k < 4; k++) {
			web_buf_printf(out, ",\"%s\":", keys[k]);
			web_buf_json_number(out, v[k]);
		}
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]");
	bones_tourney_report_destroy(rep);
}

static void results(web_tourney_run *r, web_buf *out)
{
	bones_tourney_game_row *rows = NULL;
	size_t n = 0;
	bones_tourney_db_rows(r->db, r->t->name, &rows, &n);
	web_buf_puts(out, ",\"results\":[");
	for (size_t i = 0; i < n; i++) {
		const bones_tourney_game_row *g = &rows[i];
		web_buf_printf(out, "%s{\"round\":%d,\"slot\":%d,\"game\":", i ? "," : "",
			       g->round + 1, g->slot + 1);
		web_buf_json_string(out, g->game);
		web_buf_puts(out, ",\"forfeit\":");
		web_buf_json_string(out, g->forfeit);
		web_buf_puts(out, ",\"players\":[");
		for (int k = 0; k < g->seats; k++) {
			web_buf_puts(out, k ? "," : "");
			web_buf_json_string(out, g->player[k]);
		}
		web_buf_puts(out, "],\"points\":[");
		for (int k = 0; k < g->seats; k++) {
			web_buf_puts(out, k ? "," : "");
			web_buf_json_number(out, g->points[k]);
		}
		web_buf_puts(out, "]}");
	}
	web_buf_puts(out, "]");
	bones_tourney_db_free_rows(rows);
}

/* The games with engines being played now (no table: the tournament library plays
 * them): [{"round", "slot", "players"}]. */
static void engine_games(web_tourneys *w, web_tourney_run *r, web_buf *out)
{
	web_buf_puts(out, ",\"engine_games\":[");
	bool first = true;
	for (int i = 0; i < WEB_ENGINE_GAMES; i++) {
		const web_engine_game *g = &w->games[i];
		if (!web_tourney_engine_playing(w, r, g->slot.round, g->slot.slot) || g->r != r)
			continue;
		web_buf_printf(out, "%s{\"round\":%d,\"slot\":%d,\"players\":[", first ? "" : ",",
			       g->slot.round + 1, g->slot.slot + 1);
		for (int k = 0; k < g->slot.seats; k++) {
			web_buf_puts(out, k ? "," : "");
			web_buf_json_string(out, r->t->players[g->slot.player[k]].name);
		}
		web_buf_puts(out, "]}");
		first = false;
	}
	web_buf_puts(out, "]");
}

/* One paired game's table: its seats, whether it is over, and me's own link. */
static void table_json(web_table *tab, int round, int slot, const char *me, web_buf *out)
{
	pthread_mutex_lock(&tab->lock);
	web_buf_printf(out, "{\"round\":%d,\"slot\":%d,\"table\":", round + 1, slot + 1);
	web_buf_json_string(out, tab->row.id);
	web_buf_printf(out, ",\"preset\":");
	web_buf_json_string(out, tab->row.preset);
	web_buf_printf(out, ",\"game\":");
	web_buf_json_string(out, tab->row.game);
	if (web_table_over(tab)) { /* each seat's points and rank: who won */
		double scores[WEB_MAX_SEATS];
		int ranks[WEB_MAX_SEATS];
		bones_table_result(tab->table, scores, ranks);
		web_buf_puts(out, ",\"scores\":[");
		for (int i = 0; i < tab->row.seat_count; i++) {
			web_buf_puts(out, i ? "," : "");
			web_buf_json_number(out, scores[i]);
		}
		web_buf_puts(out, "],\"ranks\":[");
		for (int i = 0; i < tab->row.seat_count; i++)
			web_buf_printf(out, "%s%d", i ? "," : "", ranks[i]);
		web_buf_puts(out, "]");
		int out_seat = bones_table_forfeit(tab->table);
		if (out_seat < 0)
			out_seat = bones_table_resigned(tab->table);
		if (out_seat >= 0) /* how it ended: a seat resigned or ran out of time */
			web_buf_printf(out, ",\"%s\":%d", bones_table_forfeit(tab->table) >= 0
				       ? "forfeit" : "resigned", out_seat + 1);
	}
	web_buf_printf(out, ",\"over\":%s,\"link\":\"/t/%s\",\"players\":[",
		       web_table_over(tab) ? "true" : "false", tab->row.id);
	const web_seat_row *mine = NULL;
	int seat = 0;
	for (int i = 0; i < tab->row.seat_count; i++) {
		const web_seat_row *s = &tab->row.seats[i];
		web_buf_puts(out, i ? "," : "");
		web_buf_json_string(out, s->name);
		if (me && s->token[0] && !strcasecmp(s->name, me))
			mine = s, seat = i + 1;
	}
	web_buf_puts(out, "]");
	if (mine)
		web_buf_printf(out, ",\"mine\":\"/t/%s#seat=%d&token=%s\"", tab->row.id, seat,
			       mine->token);
	web_buf_puts(out, "}");
	pthread_mutex_unlock(&tab->lock);
}

static void tables(web_tourneys *w, const char *id, const char *me, web_buf *out)
{
	web_tourney_table *v;
	size_t n = web_store_tourney_tables(web_tables_store(w->ts), id, &v);
	web_buf_puts(out, ",\"tables\":[");
	bool first = true;
	for (size_t i = 0; i < n; i++) {
		web_table *tab = web_tables_find(w->ts, v[i].id);
		if (!tab)
			continue;
		web_buf_puts(out, first ? "" : ",");
		first = false;
		table_json(tab, v[i].round, v[i].slot, me, out);
		web_tables_put(w->ts, tab);
	}
	web_buf_puts(out, "]");
	free(v);
}

void web_tourney_results_json(web_tourney_run *r, web_bots *bots, web_buf *out)
{
	participants(r->t, r->engine, bots, out);
	standings(r, out);
	results(r, out);
}

web_result web_tourney_show(web_tourneys *w, const char *id, const char *me, web_buf *out)
{
	web_result r = {.code = 200};
	bool found;
	char state[16] = "", err[512];
	web_buf_puts(out, "{");
	facts(w, id, out, &found);
	if (!found || !web_tourney_state(w, id, state, sizeof state)) {
		out->len = 0;
		r.code = 404;
		snprintf(r.error, sizeof r.error, "%s", _("no such tournament"));
		return r;
	}
	if (!strcmp(state, "open")) {
		char *text = web_tourney_text(w, id), name[64];
		bones_tourney *t = NULL;
		snprintf(name, sizeof name, "tournament-%s", id);
		if (text && web_tourney_load(w, name, text, &t, err, sizeof err))
			participants(t, NULL, web_accounts_bots(w->accounts), out);
		else /* fewer than two participants so far */
			file_participants(text, web_accounts_bots(w->accounts), out);
		bones_tourney_destroy(t);
		free(text);
	} else if (strcmp(state, "refused")) { /* refused: it has no results to show */
		web_tourney_run *run = web_tourney_open(w, id, err, sizeof err);
		if (run) {
			web_tourney_results_json(run, web_accounts_bots(w->accounts), out);
			engine_games(w, run, out);
		}
		tables(w, id, me, out);
	}
	web_buf_puts(out, "}");
	return r;
}
