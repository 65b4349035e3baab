/* Playing one game of a tournament on a worker thread: a session, an agent or an
 * external engine per seat, chance replayed from the first game of a duplicate set,
 * forfeits for engines that crash, hang or answer nonsense; see tourney_internal.h. */
#include "tourney_internal.h"

#include "bones/agent.h"
#include "bones/i18n.h"
#include "bones/clock.h"
#include "bones/guard.h"
#include "bones/record.h"
#include "bones/rng.h"
#include "bones/session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CMD_MS BONES_TOURNEY_ENGINE_CMD_MS

struct game {
	bones_tourney_worker *w;
	const bones_tourney_slot *slot;
	bones_session *s;
	bones_agent *agents[BONES_TOURNEY_MAX_SEATS];
	size_t sent[BONES_TOURNEY_MAX_SEATS]; /* history entries sent to each engine seat */
	const char *replay;                  /* chance outcomes left to replay */
	char *chance;                        /* outcomes played, one per line */
	size_t chance_len, chance_cap;
	int forfeit_seat;
	bool host_failure;                   /* the host ran out of something: not stored */
	char forfeit[512];
	char info[2048];                     /* engines' info lines, for the record */
	size_t info_len;
};

static uint64_t agent_seed(const bones_tourney_slot *slot, int seat)
{
	bones_rng rng;
	bones_rng_seed(&rng, slot->seed ^ (0xd1b54a32d192ed03ull * (uint64_t)(seat + 1)) ^
				     ((uint64_t)slot->perm << 48));
	return bones_rng_next(&rng);
}

static bool forfeit(struct game *g, int seat, const char *fmt, const char *detail)
{
	if (g->forfeit_seat < 0) {
		char why[600];
		snprintf(why, sizeof why, fmt, detail);
		g->forfeit_seat = seat;
		snprintf(g->forfeit, sizeof g->forfeit, "seat %d (%.40s): %.440s", seat + 1,
			 g->w->t->players[g->slot->player[seat]].name, why);
	}
	return false;
}

/* An engine seat's process, started when needed; after any failure it is killed so
 * that the next game restarts it. */
static bones_tourney_engine *engine_of(struct game *g, int seat)
{
	int p = g->slot->player[seat];
	bones_tourney_engine **e = &g->w->engines[p];
	char why[256], log[1200];
	bones_status st = *e ? BONES_OK
			     : bones_tourney_engine_start(
				       g->w->t->players[p].engine,
				       bones_tourney_engine_log(g->w->t, p, g->w->engine_logs,
								log, sizeof log),
				       e, why, sizeof why);
	if (st == BONES_ENOMEM) { /* no descriptor, process or memory left: nobody's forfeit */
		g->host_failure = true;
		snprintf(g->w->error, sizeof g->w->error, "%s", why);
	} else if (st) {
		forfeit(g, seat, "%s", why);
	}
	return *e;
}

/* Kill a seat's engine after it failed or answered nonsense: whatever it prints next
 * must not be read as the answer to the next game's commands. Restarted when needed. */
static void drop_engine(struct game *g, int seat)
{
	bones_tourney_engine **e = &g->w->engines[g->slot->player[seat]];
	bones_tourney_engine_stop(*e);
	*e = NULL;
}

static bool ask(struct game *g, int seat, const char *line, int64_t ms, char *reply,
		size_t cap)
{
	bones_tourney_engine *e = engine_of(g, seat);
	char why[200];
	if (!e)
		return false;
	bones_status st = bones_tourney_engine_ask(e, line, ms, g->w->stop, reply, cap, why,
						   sizeof why);
	if (!st)
		return true;
	drop_engine(g, seat);
	if (!atomic_load(g->w->stop))
		forfeit(g, seat, "%s", why);
	return false;
}

/* Keep the last info line an engine sent before its move, for the game's record. */
static void keep_info(struct game *g, int seat)
{
	int count;
	const char *info = bones_tourney_engine_info(g->w->engines[g->slot->player[seat]], &count);
	if (!count || g->info_len >= sizeof g->info - 1)
		return;
	int n = snprintf(g->info + g->info_len, sizeof g->info - g->info_len,
			 "\nseat %d, move %zu: %.200s", seat + 1,
			 bones_session_length(g->s) + 1, info);
	if (n > 0)
		g->info_len = g->info_len + (size_t)n < sizeof g->info ? g->info_len + (size_t)n
								       : sizeof g->info - 1;
}

static bool expect_ok(struct game *g, int seat, const char *line)
{
	char reply[512];
	if (!ask(g, seat, line, CMD_MS, reply, sizeof reply))
		return false;
	if (!strcmp(reply, "ok"))
		return true;
	char detail[400];
	snprintf(detail, sizeof detail, "'%.60s' answered '%.200s'", line, reply);
	drop_engine(g, seat);
	return forfeit(g, seat, "%s", detail);
}

/* Bring an engine seat up to date and ask it for a move: BONES_OK, BONES_EINVAL when
 * it forfeited (saying why) or the run stops, BONES_ENOMEM (the host's failure). */
static bones_status engine_move(struct game *g, int seat, bones_move *move)
{
	char text[512], why[512];
	bones_tourney_engine *e = engine_of(g, seat);
	if (!e)
		return BONES_EINVAL;
	size_t len = bones_session_length(g->s);
	char *lines = bones_tourney_engine_play_lines(e, g->s, g->sent[seat], seat, NULL);
	if (!lines)
		return BONES_ENOMEM;
	bones_status st = bones_tourney_engine_genmove(e, lines, g->w->t->move_ms, g->w->stop,
						       text, sizeof text, why, sizeof why);
	free(lines);
	if (st) {
		drop_engine(g, seat);
		if (!atomic_load(g->w->stop))
			forfeit(g, seat, "%s", why);
		return BONES_EINVAL;
	}
	g->sent[seat] = len;
	keep_info(g, seat);
	const bones_plugin *p = bones_session_plugin(g->s);
	if (p->parse_move(bones_session_game(g->s), bones_session_state(g->s), text, move)) {
		drop_engine(g, seat);
		forfeit(g, seat, "illegal move '%.100s'", text);
		return BONES_EINVAL;
	}
	return BONES_OK;
}

static bool add_chance(struct game *g, const char *text)
{
	size_t len = strlen(text);
	if (g->chance_len + len + 2 > g->chance_cap) {
		size_t cap = (g->chance_cap + len + 2) * 2;
		char *c = realloc(g->chance, cap);
		if (!c)
			return false;
		g->chance = c;
		g->chance_cap = cap;
	}
	memcpy(g->chance + g->chance_len, text, len);
	g->chance_len += len;
	g->chance[g->chance_len++] = '\n';
	g->chance[g->chance_len] = '\0';
	return true;
}

/* The next replayed outcome if it is legal here, else one drawn as the session draws
 * chance: from (seed, move number). */
static bones_status play_chance(struct game *g)
{
	const bones_plugin *p = bones_session_plugin(g->s);
	const void *game = bones_session_game(g->s), *state = bones_session_state(g->s);
	bool replayed = false;
	bones_move m = 0;
	if (g->replay && *g->replay) {
		char text[BONES_MOVE_TEXT_MAX];
		size_t n = strcspn(g->replay, "\n");
		snprintf(text, sizeof text, "%.*s", (int)n, g->replay);
		g->replay += n + (g->replay[n] == '\n');
		replayed = !p->parse_move(game, state, text, &m);
	}
	if (!replayed && bones_session_sample_chance(g->s, &m))
		return BONES_EINVAL;
	char text[BONES_MOVE_TEXT_MAX];
	if (!p->format_move(game, state, m, text, sizeof text) || !add_chance(g, text))
		return BONES_ENOMEM;
	return bones_session_play(g->s, m);
}

/* Set up the seats: agents created, engines told the game. Out of memory is the host's failure, never a
 * player's forfeit: BONES_ENOMEM then, and the game is not stored. */
static bones_status seat_up(struct game *g)
{
	const bones_tourney *t = g->w->t;
	const bones_tourney_slot *slot = g->slot;
	char line[1200], why[256];
	for (int i = 0; i < slot->seats && g->forfeit_seat < 0; i++) {
		const bones_tourney_player *pl = &t->players[slot->player[i]];
		if (pl->agent[0]) {
			bones_status st = bones_agent_create(
				pl->agent, bones_session_plugin(g->s), bones_session_game(g->s),
				bones_session_info(g->s), agent_seed(slot, i), &g->agents[i], why,
				sizeof why);
			if (st == BONES_ENOMEM)
				return st;
			if (st)
				forfeit(g, i, "%s", why);
			continue;
		}
		/* seed=: the engine's randomness repeats with the run's seed; 32 bits of a
		 * hash, which tell nothing about the deal's seed */
		snprintf(line, sizeof line, "new %s %s seat=%d seed=%llu",
			 bones_session_plugin(g->s)->id, bones_session_options_text(g->s), i + 1,
			 (unsigned long long)(agent_seed(slot, i) >> 32));
		expect_ok(g, i, line);
	}
	return BONES_OK;
}

static char *record_text(struct game *g);

static void live_path(const bones_tourney_worker *w, const bones_tourney_slot *slot,
		      char *path, size_t cap)
{
	snprintf(path, cap, "%s/%d-%d.bones", w->live, slot->round + 1, slot->slot + 1);
}

void bones_tourney_live_drop(const bones_tourney_worker *w, const bones_tourney_slot *slot)
{
	char path[1200];
	if (!w->live)
		return;
	live_path(w, slot, path, sizeof path);
	unlink(path);
}

/* The game so far as LIVE/ROUND-TABLE.bones (remove: the game ended, the file goes). A
 * failure to write is no player's: the live view misses a move, the game goes on. */
static void live_write(struct game *g, bool remove_it)
{
	char path[1200], err[256];
	if (!g->w->live)
		return;
	live_path(g->w, g->slot, path, sizeof path);
	char *text = remove_it ? NULL : record_text(g);
	if (remove_it)
		unlink(path);
	else if (text)
		bones_record_save_text(text, strlen(text), path, err, sizeof err);
	free(text);
}

/* The plugin broke a promise (bones/guard.h): the game ends there, nobody's forfeit. */
static bool plugin_fault(struct game *g)
{
	return bones_session_check(g->s) != NULL;
}

/* An agent's move, or its forfeit; a plugin's fault found on the way is not the agent's. */
static bones_status agent_move(struct game *g, int who, bones_move *m)
{
	bones_status st = bones_agent_choose(g->agents[who], bones_session_state(g->s), m);
	if (st && st != BONES_ENOMEM && !plugin_fault(g))
		forfeit(g, who, "%s", "the agent found no move");
	return st == BONES_ENOMEM ? st : st ? BONES_EINVAL : BONES_OK;
}

/* Play to the end, a forfeit, a fault of the plugin or a stop. */
static bones_status play_out(struct game *g)
{
	bones_status st = BONES_OK;
	while (!st && g->forfeit_seat < 0 && !g->host_failure && !bones_session_fault(g->s) &&
	       !atomic_load(g->w->stop)) {
		int who = bones_session_to_move(g->s);
		bones_move m;
		if (g->w->beat) /* the watching worker sees the game move */
			*g->w->beat = bones_session_length(g->s);
		if (who == BONES_TERMINAL)
			break;
		if (who == BONES_CHANCE) {
			st = play_chance(g);
			if (st && st != BONES_ENOMEM && bones_session_fault(g->s))
				st = BONES_OK;
			continue;
		}
		if (g->agents[who]) {
			if ((st = agent_move(g, who, &m))) {
				st = st == BONES_ENOMEM ? st : BONES_OK;
				continue;
			}
		} else if ((st = engine_move(g, who, &m))) {
			st = st == BONES_ENOMEM ? st : BONES_OK; /* else it forfeited, saying why */
			continue;
		}
		bones_status played = bones_session_play(g->s, m);
		if (!played)
			live_write(g, false);
		if (played == BONES_ENOMEM) /* the host's failure, no player's: not stored */
			st = played;
		else if (played && !plugin_fault(g))
			forfeit(g, who, "%s", "an illegal move");
	}
	if (!st && atomic_load(g->w->stop))
		st = BONES_ERANGE;
	return st;
}

/* Ranks and scores of the end (a forfeit: the forfeiter last, everyone else first). */
static void fill_row(struct game *g, bones_tourney_done *d)
{
	const bones_tourney *t = g->w->t;
	const bones_tourney_slot *slot = g->slot;
	bones_tourney_game_row *r = &d->row;
	const bones_plugin *p = bones_session_plugin(g->s);
	double scores[64] = {0};
	int ranks[64];
	snprintf(r->tourney, sizeof r->tourney, "%s", t->name);
	snprintf(r->game, sizeof r->game, "%s", t->games[slot->game].name);
	r->round = slot->round;
	r->slot = slot->slot;
	r->set = slot->set;
	r->perm = slot->perm;
	r->seats = slot->seats;
	r->seed = slot->seed;
	r->moves = (int)bones_session_length(g->s);
	snprintf(r->forfeit, sizeof r->forfeit, "%s", g->forfeit);
	char why[256];
	const char *fault = bones_session_fault(g->s);
	if (!fault && !bones_guard_scores(p, bones_session_game(g->s), bones_session_info(g->s),
					  bones_session_state(g->s), scores, why, sizeof why))
		fault = why;
	if (fault) { /* the game's fault: a draw for all, the plugin named */
		snprintf(r->forfeit, sizeof r->forfeit, "plugin fault: %.200s", fault);
		for (int i = 0; i < slot->seats; i++)
			ranks[i] = 1, scores[i] = 0;
	} else if (g->forfeit_seat >= 0)
		for (int i = 0; i < slot->seats; i++)
			ranks[i] = i == g->forfeit_seat ? slot->seats : 1;
	else
		bones_record_ranks(p, bones_session_game(g->s), bones_session_state(g->s),
				   slot->seats, ranks);
	bones_tourney_points(slot->seats, ranks, r->points);
	for (int i = 0; i < slot->seats; i++) {
		d->player[i] = slot->player[i];
		snprintf(r->player[i], sizeof r->player[i], "%s", t->players[slot->player[i]].name);
		r->score[i] = scores[i];
		r->rank[i] = ranks[i];
	}
}

static char *record_text(struct game *g)
{
	const bones_tourney *t = g->w->t;
	bones_record_players pl;
	char comment[768 + sizeof g->info];
	memset(&pl, 0, sizeof pl);
	for (int i = 0; i < g->slot->seats; i++)
		pl.names[i] = t->players[g->slot->player[i]].name;
	const char *fault = bones_session_fault(g->s);
	snprintf(comment, sizeof comment, "tournament %s, round %d, game %d%s%s%s%s%s%s", t->name,
		 g->slot->round + 1, g->slot->slot + 1, g->forfeit[0] ? "\nforfeit: " : "",
		 g->forfeit, fault ? "\nplugin fault: " : "", fault ? fault : "",
		 g->info_len ? "\nengine info before moves:" : "", g->info);
	pl.comment = comment;
	pl.final_breakdown_only = true;
	/* the tags a reader of OUTPUT/games.bones sorts and filters by */
	char round[16], table[16];
	snprintf(round, sizeof round, "%d", g->slot->round + 1);
	snprintf(table, sizeof table, "%d", g->slot->slot + 1);
	const char *tags[] = {"Event", t->name, "Round", round, "Table", table,
			      g->forfeit[0] ? "Forfeit" : NULL, g->forfeit, NULL};
	pl.tags = tags;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	if (!mem)
		return NULL;
	bones_record_write(g->s, &pl, mem);
	fclose(mem);
	return buf;
}

/* A row of slot that no game filled: empty chance and record, every seat ranked first
 * (a bye's one seat, or all seats of a game its plugin ended). */
static bones_status blank_row(const bones_tourney *t, const bones_tourney_slot *slot,
			      int seats, const char *forfeit, bones_tourney_done **out)
{
	bones_tourney_done *d = calloc(1, sizeof *d);
	*out = NULL;
	if (!d)
		return BONES_ENOMEM;
	bones_tourney_game_row *r = &d->row;
	snprintf(r->tourney, sizeof r->tourney, "%s", t->name);
	snprintf(r->game, sizeof r->game, "%s", t->games[slot->game].name);
	snprintf(r->forfeit, sizeof r->forfeit, "%s", forfeit);
	r->round = slot->round;
	r->slot = slot->slot;
	r->set = slot->set;
	r->perm = slot->perm;
	r->seats = seats;
	int ranks[BONES_TOURNEY_MAX_SEATS];
	for (int i = 0; i < seats; i++) {
		snprintf(r->player[i], sizeof r->player[i], "%s", t->players[slot->player[i]].name);
		d->player[i] = slot->player[i];
		ranks[i] = r->rank[i] = 1;
	}
	if (seats == 1)
		r->points[0] = 1;
	else
		bones_tourney_points(seats, ranks, r->points);
	d->chance = strdup("");
	d->record = strdup("");
	r->chance = d->chance;
	r->record = d->record;
	*out = d;
	if (d->chance && d->record)
		return BONES_OK;
	bones_tourney_done_free(d);
	*out = NULL;
	return BONES_ENOMEM;
}

/* A Swiss bye: no game; the participant scores it as a win (forfeit column "bye"). */
static bones_status bye(const bones_tourney *t, const bones_tourney_slot *slot,
			bones_tourney_done **out)
{
	return blank_row(t, slot, 1, "bye", out);
}

bones_status bones_tourney_fault(const bones_tourney *t, const bones_tourney_slot *slot,
				 size_t moves, const char *why, bones_tourney_done **out)
{
	char forfeit[256];
	snprintf(forfeit, sizeof forfeit, "plugin fault: %.200s", why);
	bones_status st = blank_row(t, slot, slot->seats, forfeit, out);
	if (!st) {
		(*out)->row.seed = slot->seed;
		(*out)->row.moves = (int)moves;
	}
	return st;
}

static bones_status play_slot(bones_tourney_worker *w, const bones_tourney_slot *slot,
			      const char *chance_in, bones_tourney_done **out);

/* A game's row and record are the tournament database's: in English whatever the
 * player's language, forfeit reasons (an agent's error, strerror) included. */
bones_status bones_tourney_play(bones_tourney_worker *w, const bones_tourney_slot *slot,
				const char *chance_in, bones_tourney_done **out)
{
	bool english = bones_i18n_thread_language("en");
	bones_status st = play_slot(w, slot, chance_in, out);
	if (english)
		bones_i18n_thread_language(NULL);
	return st;
}

static bones_status play_slot(bones_tourney_worker *w, const bones_tourney_slot *slot,
			      const char *chance_in, bones_tourney_done **out)
{
	if (slot->bye)
		return bye(w->t, slot, out);
	const bones_tourney_game *tg = &w->t->games[slot->game];
	struct game g = {.w = w, .slot = slot, .replay = chance_in, .forfeit_seat = -1};
	char why[512];
	int64_t start = bones_clock_now_ms();
	*out = NULL;
	bones_session **s = &w->sessions[slot->game];
	bones_status st = BONES_OK;
	if (*s)
		bones_session_restart(*s, slot->seed);
	else
		st = bones_session_create(tg->plugin, &tg->options, slot->seed, s, why, sizeof why);
	if (st)
		return st;
	g.s = *s;
	live_write(&g, false);
	st = seat_up(&g);
	if (!st && g.forfeit_seat < 0 && !g.host_failure)
		st = play_out(&g);
	if (!st && g.host_failure)
		st = BONES_EIO; /* w->error says why; the game is not stored */
	bones_tourney_done *d = st ? NULL : calloc(1, sizeof *d);
	if (!st && !d)
		st = BONES_ENOMEM;
	if (d) {
		fill_row(&g, d);
		d->row.ms = bones_clock_now_ms() - start;
		d->chance = g.chance ? g.chance : strdup("");
		g.chance = NULL;
		d->record = record_text(&g);
		d->row.chance = d->chance;
		d->row.record = d->record;
		*out = d;
		if (!d->chance || !d->record) { /* a game is stored whole or not at all */
			bones_tourney_done_free(d);
			*out = NULL;
			st = BONES_ENOMEM;
		}
	}
	live_write(&g, true);
	for (int i = 0; i < slot->seats; i++)
		bones_agent_destroy(g.agents[i]);
	free(g.chance);
	return st;
}

void bones_tourney_done_free(bones_tourney_done *d)
{
	if (!d)
		return;
	free(d->chance);
	free(d->record);
	free(d);
}

void bones_tourney_worker_release(bones_tourney_worker *w)
{
	for (int i = 0; i < BONES_TOURNEY_MAX_PLAYERS; i++) {
		bones_tourney_engine_stop(w->engines[i]);
		w->engines[i] = NULL;
	}
	for (int i = 0; i < BONES_TOURNEY_MAX_GAMES; i++) {
		bones_session_destroy(w->sessions[i]);
		w->sessions[i] = NULL;
	}
}

bones_status bones_tourney_play_one(const bones_tourney *t, const bones_tourney_slot *slot,
				    const atomic_bool *stop, bones_tourney_game_row *row)
{
	bones_tourney_worker w = {.t = t, .stop = stop};
	bones_tourney_done *d = NULL;
	bones_status st = bones_tourney_play(&w, slot, NULL, &d);
	bones_tourney_worker_release(&w);
	if (!st) {
		*row = d->row;
		d->chance = NULL, d->record = NULL; /* the row's now */
	}
	bones_tourney_done_free(d);
	return st;
}

void bones_tourney_row_free(bones_tourney_game_row *row)
{
	free((char *)row->chance);
	free((char *)row->record);
	row->chance = row->record = NULL;
}

bones_status bones_tourney_db_add_bye(bones_tourney_db *db, const bones_tourney *t,
				      const bones_tourney_slot *slot, char *err, size_t errcap)
{
	bones_tourney_done *d;
	bones_status st = bye(t, slot, &d);
	if (st) {
		snprintf(err, errcap, "%s", _("out of memory"));
		return st;
	}
	st = bones_tourney_db_add(db, &d->row, err, errcap);
	bones_tourney_done_free(d);
	return st;
}

const char *bones_tourney_engine_log(const bones_tourney *t, int p, const char *engine_logs,
				     char *path, size_t cap)
{
	if (!engine_logs)
		return NULL;
	int n = snprintf(path, cap, "%s/%s.stderr", engine_logs, t->players[p].name);
	if (n < 0 || (size_t)n >= cap)
		return NULL;
	for (char *c = path + strlen(engine_logs) + 1; *c; c++)
		if (*c == '/')
			*c = '_';
	return path;
}

/* err (a handshake's failure) and the last line of the engine's stderr, when kept. */
static void add_log_tail(const char *log, char *err, size_t errcap)
{
	char tail[300];
	size_t used = strlen(err);
	if (bones_tourney_engine_log_tail(log, tail, sizeof tail) && used < errcap)
		snprintf(err + used, errcap - used, _("; its stderr ends '%s' (all of it in '%s')"),
			 tail, log);
}

bones_status bones_tourney_handshake(const bones_tourney *t, const char *engine_logs,
				     char *err, size_t errcap)
{
	char line[1400], reply[512], why[256], log[1200];
	for (int p = 0; p < t->player_count; p++) {
		const bones_tourney_player *pl = &t->players[p];
		bones_tourney_engine *e;
		if (pl->person) {
			snprintf(err, errcap, _("%s:%d: %s: a person plays on bones serve only"),
				 t->path, pl->line, pl->name);
			return BONES_EINVAL;
		}
		if (!pl->engine[0])
			continue;
		const char *path = bones_tourney_engine_log(t, p, engine_logs, log, sizeof log);
		if (bones_tourney_engine_start(pl->engine, path, &e, why, sizeof why)) {
			snprintf(err, errcap, "%s:%d: engine: %s", t->path, pl->line, why);
			add_log_tail(path, err, errcap);
			return BONES_EIO;
		}
		for (int i = 0; i < t->game_count; i++) {
			const bones_tourney_game *g = &t->games[i];
			char opts[1024];
			bones_options_format(&g->options, true, opts, sizeof opts);
			snprintf(line, sizeof line, "new %s %s seat=1 seed=1", g->plugin->id, opts);
			if (bones_tourney_engine_ask(e, line, CMD_MS, NULL, reply, sizeof reply, why,
						     sizeof why))
				snprintf(reply, sizeof reply, "(%s)", why);
			else if (!strcmp(reply, "ok"))
				continue;
			snprintf(err, errcap, _("%s:%d: player '%s' cannot play game '%s': '%s' "
				 "answered '%s'"), t->path, pl->line, pl->name, g->name, line, reply);
			bones_tourney_engine_stop(e);
			add_log_tail(path, err, errcap);
			return BONES_EINVAL;
		}
		bones_tourney_engine_stop(e);
	}
	return BONES_OK;
}
