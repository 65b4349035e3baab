/* A table: a session with its seats, agents, clock, penalties, forfeit and match. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/choices.h"
#include "bones/result.h"
#include "bones/i18n.h"
#include "bones/record.h"
#include "bones/table.h"

struct bones_table {
	bones_session *session;
	const bones_plugin *plugin;
	int players;
	bones_table_seat who[BONES_TABLE_MAX_SEATS];  /* by participant */
	char labels[BONES_TABLE_MAX_SEATS][BONES_TABLE_NAME_MAX + BONES_TABLE_AGENT_MAX];
	char record_labels[BONES_TABLE_MAX_SEATS][BONES_TABLE_NAME_MAX + BONES_TABLE_AGENT_MAX];
	bones_agent *agents[BONES_TABLE_MAX_SEATS];   /* by seat of this game; NULL = human */
	bones_agent *hint;
	bones_move *redo;                             /* newest undone last */
	size_t redo_count, redo_cap;
	/* the clock */
	bones_time_control time;
	bones_clock clock;
	int clock_seat;                               /* the mover it runs for, -1 = none */
	size_t clock_at;                              /* the history length it started at */
	int64_t banks[BONES_TABLE_MAX_SEATS];         /* by seat: time left in the game */
	double penalties[BONES_TABLE_MAX_SEATS];
	int forfeit;
	int resigned;                                 /* the seat that resigned, -1 = none */
	bool aborted;                                 /* ended before its first moves */
	bool clock_held;                              /* the clock waits (bones_table_hold_clock) */
	/* the match */
	bones_match match;                            /* games 0: a single game */
	int game;                                     /* index in the match */
	bool counted;
	uint64_t seed;                                /* of game 0 */
};

static bool is_human(const char *spec)
{
	return !*spec || !strcmp(spec, "human");
}

static void free_agents(bones_table *t)
{
	for (int i = 0; i < BONES_TABLE_MAX_SEATS; i++)
		bones_agent_destroy(t->agents[i]), t->agents[i] = NULL;
	bones_agent_destroy(t->hint);
	t->hint = NULL;
}

/* Seat s's label, for people and the same in English for records, from its
 * participant's name or agent. */
static void label_seat(bones_table *t, int s)
{
	int p = bones_table_participant(t, s);
	char name[BONES_TABLE_NAME_MAX], agent[BONES_TABLE_AGENT_MAX]; /* apart from t's labels */
	memcpy(name, t->who[p].name, sizeof name);
	memcpy(agent, t->who[p].agent, sizeof agent);
	name[sizeof name - 1] = agent[sizeof agent - 1] = '\0';
	if (name[0]) {
		snprintf(t->labels[s], sizeof t->labels[s], "%s", name);
		snprintf(t->record_labels[s], sizeof t->record_labels[s], "%s", name);
	} else if (is_human(agent)) {
		snprintf(t->labels[s], sizeof t->labels[s], _("Player %d"), p + 1);
		snprintf(t->record_labels[s], sizeof t->record_labels[s], "Player %d", p + 1);
	} else {
		/* TRANSLATORS: a seat's name: player number and agent spec, e.g. "Player 2
		   (greedy)"; the agent spec stays as it is. */
		snprintf(t->labels[s], sizeof t->labels[s], _("Player %d (%s)"), p + 1, agent);
		snprintf(t->record_labels[s], sizeof t->record_labels[s], "Player %d (%s)", p + 1,
			 agent);
	}
}

/* The agents and labels of this game's seats; each participant's agent draws from its
 * own stream, so that rotating the seats does not change what an agent does. */
static bones_status seat_agents(bones_table *t, int *bad_seat, char *err, size_t errcap)
{
	const bones_game_info *info = bones_session_info(t->session);
	uint64_t seed = bones_session_seed(t->session);
	for (int s = 0; s < t->players; s++) {
		int p = bones_table_participant(t, s);
		const bones_table_seat *who = &t->who[p];
		label_seat(t, s);
		if (is_human(who->agent))
			continue;
		bones_status st = bones_agent_create(who->agent, t->plugin,
						     bones_session_game(t->session), info,
						     seed ^ (0x9e3779b97f4a7c15ull * (uint64_t)(p + 1)),
						     &t->agents[s], err, errcap);
		if (st != BONES_OK) {
			if (bad_seat)
				*bad_seat = p;
			return st;
		}
	}
	return BONES_OK;
}

static void new_game_state(bones_table *t)
{
	t->redo_count = 0;
	t->clock_seat = -1;
	t->forfeit = -1;
	t->resigned = -1;
	t->aborted = false;
	t->counted = false;
	memset(t->penalties, 0, sizeof t->penalties);
	for (int i = 0; i < BONES_TABLE_MAX_SEATS; i++)
		t->banks[i] = t->time.per_game_ms;
}

static bones_status finish(bones_table *t, const bones_table_seat *seats, bones_table **out,
			   int *bad_seat, char *err, size_t errcap)
{
	t->plugin = bones_session_plugin(t->session);
	t->players = bones_session_info(t->session)->players;
	if (t->players > BONES_TABLE_MAX_SEATS) {
		snprintf(err, errcap, _("%s: %d players, a table seats at most %d"), t->plugin->id,
			 t->players, BONES_TABLE_MAX_SEATS);
		bones_table_destroy(t);
		return BONES_EINVAL;
	}
	for (int p = 0; p < t->players; p++) {
		t->who[p] = seats ? seats[p] : (bones_table_seat){"human", ""};
		if (is_human(t->who[p].agent))
			snprintf(t->who[p].agent, sizeof t->who[p].agent, "human");
	}
	new_game_state(t);
	bones_status st = seat_agents(t, bad_seat, err, errcap);
	if (st != BONES_OK) {
		bones_table_destroy(t);
		return st;
	}
	*out = t;
	return BONES_OK;
}

bones_status bones_table_create(const bones_table_setup *setup, bones_table **out,
				int *bad_seat, char *err, size_t errcap)
{
	*out = NULL;
	if (bad_seat)
		*bad_seat = -1;
	bones_table *t = calloc(1, sizeof *t);
	if (!t)
		return snprintf(err, errcap, "%s", _("out of memory")), BONES_ENOMEM;
	bones_status st = bones_session_create(setup->plugin, setup->options, setup->seed,
					       &t->session, err, errcap);
	if (st != BONES_OK) {
		free(t);
		return st;
	}
	t->time = setup->time;
	t->seed = setup->seed;
	int players = bones_session_info(t->session)->players;
	if (setup->match_games > 0 &&
	    (bones_match_init(&t->match, players, setup->match_games,
			      setup->plugin->flags & BONES_LOW_SCORE_WINS) != BONES_OK ||
	     (setup->match_target > 0 &&
	      bones_match_set_target(&t->match, setup->match_target) != BONES_OK))) {
		snprintf(err, errcap, _("a match seats 1 to %d players, not %d"),
			 BONES_MATCH_MAX_PLAYERS, players);
		bones_table_destroy(t);
		return BONES_EINVAL;
	}
	return finish(t, setup->seats, out, bad_seat, err, errcap);
}

bones_status bones_table_adopt(bones_session *s, const bones_table_seat *seats,
			       bones_table **out, int *bad_seat, char *err, size_t errcap)
{
	*out = NULL;
	if (bad_seat)
		*bad_seat = -1;
	bones_table *t = calloc(1, sizeof *t);
	if (!t) {
		bones_session_destroy(s);
		return snprintf(err, errcap, "%s", _("out of memory")), BONES_ENOMEM;
	}
	t->session = s;
	t->seed = bones_session_seed(s);
	return finish(t, seats, out, bad_seat, err, errcap);
}

void bones_table_destroy(bones_table *t)
{
	if (!t)
		return;
	free_agents(t);
	bones_session_destroy(t->session);
	free(t->redo);
	free(t);
}

bones_session *bones_table_session(const bones_table *t) { return t->session; }
const bones_plugin *bones_table_plugin(const bones_table *t) { return t->plugin; }
int bones_table_players(const bones_table *t) { return t->players; }

static bool valid_seat(const bones_table *t, int seat)
{
	return seat >= 0 && seat < t->players;
}

bool bones_table_human(const bones_table *t, int seat)
{
	return valid_seat(t, seat) && !t->agents[seat];
}

bones_agent *bones_table_agent(const bones_table *t, int seat)
{
	return valid_seat(t, seat) ? t->agents[seat] : NULL;
}

const bones_table_seat *bones_table_seat_setup(const bones_table *t, int seat)
{
	static const bones_table_seat none = {"", ""};
	return valid_seat(t, seat) ? &t->who[bones_table_participant(t, seat)] : &none;
}

const char *bones_table_seat_agent(const bones_table *t, int seat)
{
	return valid_seat(t, seat) ? t->who[bones_table_participant(t, seat)].agent : "";
}

const char *bones_table_seat_name(const bones_table *t, int seat)
{
	return valid_seat(t, seat) ? t->labels[seat] : "";
}

const char *bones_table_seat_record_name(const bones_table *t, int seat)
{
	return valid_seat(t, seat) ? t->record_labels[seat] : "";
}

int bones_table_participant(const bones_table *t, int seat)
{
	return t->match.games ? bones_match_participant(&t->match, t->game, seat) : seat;
}

bones_agent *bones_table_hint_agent(bones_table *t, char *err, size_t errcap)
{
	if (!t->hint &&
	    bones_agent_create(BONES_HINT_AGENT, t->plugin, bones_session_game(t->session),
			       bones_session_info(t->session),
			       bones_session_seed(t->session) ^ 0x5bd1e995u, &t->hint, err,
			       errcap) != BONES_OK)
		t->hint = NULL;
	return t->hint;
}

/* ---- moves ---------------------------------------------------------------------- */

/* The game stopped before its end: a forfeit or a resignation. */
static bool stopped(const bones_table *t)
{
	return t->forfeit >= 0 || t->resigned >= 0 || t->aborted;
}

bones_status bones_table_play(bones_table *t, bones_move move)
{
	if (stopped(t))
		return BONES_ERANGE;
	bones_status st = bones_session_play(t->session, move);
	if (st == BONES_OK)
		t->redo_count = 0;
	return st;
}

bones_status bones_table_play_turn(bones_table *t, bones_move move)
{
	bones_status st = bones_table_play(t, move);
	return st ? st : bones_session_resolve_chance(t->session);
}

bones_status bones_table_play_text(bones_table *t, const char *text, char *err,
				   size_t errcap)
{
	if (stopped(t)) {
		snprintf(err, errcap, _("move %zu: '%s': the game is over"),
			 bones_session_length(t->session) + 1, text);
		return BONES_ERANGE;
	}
	bones_status st = bones_session_play_text(t->session, text, err, errcap);
	if (!st)
		t->redo_count = 0;
	return st;
}

bones_status bones_table_play_turn_text(bones_table *t, const char *text, char *err,
					size_t errcap)
{
	bones_status st = bones_table_play_text(t, text, err, errcap);
	return st ? st : bones_session_resolve_chance(t->session);
}

bones_status bones_table_resolve_chance(bones_table *t)
{
	return bones_session_resolve_chance(t->session);
}

static bool push_redo(bones_table *t, bones_move m)
{
	if (t->redo_count == t->redo_cap) {
		size_t cap = t->redo_cap ? 2 * t->redo_cap : 64;
		bones_move *grown = realloc(t->redo, cap * sizeof *grown);
		if (!grown)
			return false;
		t->redo = grown, t->redo_cap = cap;
	}
	t->redo[t->redo_count++] = m;
	return true;
}

/* Take back history entry i and everything after it, keeping them for redo. Returns
 * the player moves taken back. */
static int take_back_from(bones_table *t, size_t i)
{
	size_t n = bones_session_length(t->session);
	size_t taken = bones_table_player_moves(t, n) - bones_table_player_moves(t, i);
	t->redo_count = 0;
	bool kept = true;
	while (bones_session_length(t->session) > i) {
		kept = kept && push_redo(t, bones_session_move_at(t->session,
								   bones_session_length(t->session) - 1));
		if (bones_session_undo(t->session) != BONES_OK)
			break;
	}
	if (!kept)
		t->redo_count = 0; /* out of memory: no redo rather than a wrong one */
	return (int)taken;
}

int bones_table_undo(bones_table *t)
{
	if (stopped(t))
		return 0;
	size_t i = bones_session_length(t->session);
	while (i > 0 && !bones_table_human(t, bones_session_mover_at(t->session, i - 1)))
		i--;
	return i == 0 ? 0 : take_back_from(t, i - 1); /* the last human move */
}

int bones_table_take_back(bones_table *t, int seat)
{
	if (stopped(t) || !valid_seat(t, seat))
		return 0;
	size_t i = bones_session_length(t->session);
	while (i > 0 && bones_session_mover_at(t->session, i - 1) != seat)
		i--;
	if (i == 0)
		return 0;
	int taken = take_back_from(t, i - 1);
	t->redo_count = 0; /* another seat's moves may follow: no redo */
	return taken;
}

int bones_table_redo(bones_table *t)
{
	int played = 0;
	if (t->redo_count == 0 || stopped(t))
		return 0;
	do {
		int mover = bones_session_to_move(t->session);
		if (bones_session_play(t->session, t->redo[--t->redo_count]) != BONES_OK) {
			t->redo_count = 0;
			break;
		}
		played += mover >= 0;
	} while (t->redo_count > 0 && !bones_table_human(t, bones_session_to_move(t->session)));
	return played;
}

void bones_table_rewind(bones_table *t, size_t length)
{
	while (bones_session_length(t->session) > length)
		if (bones_session_undo(t->session) != BONES_OK)
			break;
	t->redo_count = 0;
}

bool bones_table_can_redo(const bones_table *t)
{
	return t->redo_count > 0 && !stopped(t);
}

size_t bones_table_player_moves(const bones_table *t, size_t upto)
{
	return bones_choices_player_moves(t->session, upto);
}

/* ---- the clock ------------------------------------------------------------------ */

bool bones_table_timed(const bones_table *t)
{
	return bones_time_control_on(&t->time);
}

const bones_time_control *bones_table_time(const bones_table *t)
{
	return &t->time;
}

void bones_table_tick(bones_table *t, int64_t now_ms, bones_table_tick_result *r)
{
	bones_table_tick_result none = {-1, -1, BONES_CLOCK_OFF, 0};
	if (!r)
		r = &none;
	*r = none;
	int who = bones_session_to_move(t->session);
	size_t at = bones_session_length(t->session);
	bool same = t->clock_seat == who && t->clock_at == at;
	if (t->clock_seat >= 0 && !same) /* the move ended: the bank pays for it */
		t->banks[t->clock_seat] = bones_clock_bank_after(&t->clock, now_ms);
	if (!bones_table_timed(t) || stopped(t) || !bones_table_human(t, who) || t->clock_held) {
		t->clock_seat = -1;
		return;
	}
	if (!same) {
		bones_clock_init(&t->clock, &t->time);
		bones_clock_start_bank(&t->clock, now_ms, t->banks[who]);
		t->clock_seat = who, t->clock_at = at;
	}
	bool penalised = false;
	r->phase = bones_clock_update(&t->clock, now_ms, &penalised);
	r->remaining_ms = bones_clock_remaining(&t->clock, now_ms);
	if (penalised) {
		t->penalties[who] += t->time.penalty;
		r->penalised = who;
	}
	if (r->phase == BONES_CLOCK_FORFEIT) {
		if (t->time.per_game_ms > 0)
			t->banks[who] = bones_clock_bank_after(&t->clock, now_ms);
		t->forfeit = r->forfeited = who;
		t->clock_seat = -1;
	}
}

bones_clock_phase bones_table_clock_phase(const bones_table *t)
{
	return t->clock_seat >= 0 ? t->clock.phase : BONES_CLOCK_OFF;
}

int64_t bones_table_clock_remaining(const bones_table *t, int64_t now_ms)
{
	return t->clock_seat >= 0 ? bones_clock_remaining(&t->clock, now_ms) : 0;
}

int64_t bones_table_bank(const bones_table *t, int seat, int64_t now_ms)
{
	if (!valid_seat(t, seat) || t->time.per_game_ms <= 0)
		return 0;
	if (seat != t->clock_seat)
		return t->banks[seat];
	int64_t used = now_ms - t->clock.started_ms;
	return used < t->clock.bank_ms ? t->clock.bank_ms - (used > 0 ? used : 0) : 0;
}

bones_status bones_table_restore_banks(bones_table *t, const int64_t *banks)
{
	for (int i = 0; i < t->players; i++)
		if (banks[i] < 0 || banks[i] > BONES_CLOCK_MAX_MS)
			return BONES_EINVAL;
	for (int i = 0; i < t->players; i++)
		t->banks[i] = banks[i];
	t->clock_seat = -1; /* the running move starts again with the bank restored */
	return BONES_OK;
}

double bones_table_penalty(const bones_table *t, int seat)
{
	return valid_seat(t, seat) ? t->penalties[seat] : 0;
}

int bones_table_forfeit(const bones_table *t)
{
	return t->forfeit;
}

bones_status bones_table_resign(bones_table *t, int seat)
{
	if (!valid_seat(t, seat))
		return BONES_EINVAL;
	if (bones_table_over(t))
		return BONES_ERANGE;
	t->resigned = seat;
	t->clock_seat = -1;
	t->redo_count = 0;
	return BONES_OK;
}

int bones_table_resigned(const bones_table *t)
{
	return t->resigned;
}

bones_status bones_table_name_participant(bones_table *t, int participant, const char *name)
{
	if (participant < 0 || participant >= t->players || !is_human(t->who[participant].agent))
		return BONES_EINVAL;
	snprintf(t->who[participant].name, sizeof t->who[participant].name, "%.*s",
		 BONES_TABLE_NAME_MAX - 1, name);
	for (int s = 0; s < t->players; s++)
		if (bones_table_participant(t, s) == participant)
			label_seat(t, s);
	return BONES_OK;
}

bones_status bones_table_abort(bones_table *t)
{
	if (bones_table_over(t))
		return BONES_ERANGE;
	t->aborted = true;
	t->clock_seat = -1;
	t->redo_count = 0;
	return BONES_OK;
}

bool bones_table_aborted(const bones_table *t)
{
	return t->aborted;
}

void bones_table_hold_clock(bones_table *t, bool held)
{
	t->clock_held = held;
}

bones_status bones_table_restore(bones_table *t, const double *penalties, int forfeit,
				 int resigned)
{
	if ((forfeit >= 0 && (!valid_seat(t, forfeit) || resigned >= 0)) ||
	    (resigned >= 0 && !valid_seat(t, resigned)))
		return BONES_EINVAL;
	for (int i = 0; penalties && i < t->players; i++)
		t->penalties[i] = penalties[i];
	t->forfeit = forfeit < 0 ? -1 : forfeit;
	t->resigned = resigned < 0 ? -1 : resigned;
	if (stopped(t))
		t->clock_seat = -1, t->redo_count = 0;
	return BONES_OK;
}

/* ---- the end -------------------------------------------------------------------- */

bool bones_table_over(const bones_table *t)
{
	return stopped(t) || bones_session_to_move(t->session) == BONES_TERMINAL;
}

void bones_table_result(const bones_table *t, double *scores, int *ranks)
{
	const void *game = bones_session_game(t->session);
	const void *state = bones_session_state(t->session);
	double plugin[BONES_TABLE_MAX_SEATS] = {0};
	int pranks[BONES_TABLE_MAX_SEATS] = {0};
	bool terminal = bones_session_to_move(t->session) == BONES_TERMINAL;
	t->plugin->scores(game, state, plugin);
	if (terminal)
		bones_record_ranks(t->plugin, game, state, t->players, pranks);
	bones_preset_final_result(t->plugin->flags & BONES_LOW_SCORE_WINS, t->players, plugin,
				  terminal ? pranks : NULL, t->penalties,
				  t->forfeit >= 0 ? t->forfeit : t->resigned, scores, ranks);
}

static void format_ms(int64_t ms, char *buf, size_t cap)
{
	if (ms % 1000)
		snprintf(buf, cap, "%" PRId64 "ms", ms);
	else
		snprintf(buf, cap, "%" PRId64 "s", ms / 1000);
}

void bones_table_tags(const bones_table *t, const char **tags, char (*buf)[160])
{
	int n = 0, b = 0;
	if (bones_table_timed(t)) {
		const bones_time_control *tc = &t->time;
		char per[32], grace[32], pen[40], game[32], inc[32];
		format_ms(tc->per_move_ms, per, sizeof per);
		format_ms(tc->grace_ms, grace, sizeof grace);
		format_ms(tc->per_game_ms, game, sizeof game);
		format_ms(tc->increment_ms, inc, sizeof inc);
		bones_record_format_score(tc->penalty, pen, sizeof pen);
		int k = 0;
		if (tc->per_move_ms > 0)
			k = snprintf(buf[b], 160, "per_move=%s penalty=%s grace=%s forfeit=%s", per,
				     pen, grace, tc->forfeit ? "true" : "false");
		if (tc->per_game_ms > 0)
			snprintf(buf[b] + k, 160 - (size_t)k, "%sper_game=%s increment=%s",
				 k ? " " : "", game, inc);
		tags[n++] = "TimeControl", tags[n++] = buf[b++];
		size_t used = 0;
		buf[b][0] = '\0';
		for (int i = 0; i < t->players && used < 120; i++) {
			bones_record_format_score(t->penalties[i], pen, sizeof pen);
			used += (size_t)snprintf(buf[b] + used, 160 - used, "%s%s", i ? " " : "", pen);
		}
		tags[n++] = "Penalties", tags[n++] = buf[b++];
	}
	if (t->forfeit >= 0 || t->resigned >= 0) { /* one or the other */
		snprintf(buf[b], 160, "%d", (t->forfeit >= 0 ? t->forfeit : t->resigned) + 1);
		tags[n++] = t->forfeit >= 0 ? "Forfeit" : "Resigned", tags[n++] = buf[b++];
	}
	if (t->aborted)
		tags[n++] = "Aborted", tags[n++] = "yes";
	if (bones_table_over(t) && !t->aborted && (bones_table_timed(t) || stopped(t))) {
		double scores[BONES_TABLE_MAX_SEATS];
		int ranks[BONES_TABLE_MAX_SEATS];
		bones_table_result(t, scores, ranks);
		bones_preset_result_text(t->players, scores, ranks, buf[b], 160);
		tags[n++] = "FinalResult", tags[n++] = buf[b++];
	}
	if (t->match.games) {
		if (t->match.target > 0)
			snprintf(buf[b], 160, "game %d of at most %d, to %g", t->game + 1,
				 t->match.games, t->match.target);
		else
			snprintf(buf[b], 160, "game %d of %d", t->game + 1, t->match.games);
		tags[n++] = "Match", tags[n++] = buf[b++];
	}
	tags[n] = NULL;
}

void bones_table_record_init(const bones_table *t, bones_table_record *r)
{
	memset(r, 0, sizeof *r);
	for (int i = 0; i < t->players && i < 8; i++)
		r->players.names[i] = t->record_labels[i]; /* English */
	bones_table_tags(t, r->tags, r->values);
	r->players.tags = r->tags;
	int seat = t->forfeit >= 0 ? t->forfeit : t->resigned;
	if (t->aborted) {
		snprintf(r->comment, sizeof r->comment, "aborted before the players' first moves");
		r->players.comment = r->comment;
	}
	if (seat >= 0) { /* the record's comment: English, as all of a record */
		snprintf(r->comment, sizeof r->comment,
			 t->forfeit >= 0 ? "%s (seat %d) forfeited: out of time after the grace period"
					 : "%s (seat %d) resigned",
			 t->record_labels[seat], seat + 1);
		r->players.comment = r->comment;
	}
}

/* ---- match play ----------------------------------------------------------------- */

const bones_match *bones_table_match(const bones_table *t)
{
	return t->match.games ? &t->match : NULL;
}

int bones_table_game_index(const bones_table *t)
{
	return t->game;
}

const char *bones_table_participant_name(const bones_table *t, int participant)
{
	if (!t->match.games)
		return bones_table_seat_name(t, participant);
	for (int s = 0; s < t->players; s++)
		if (bones_table_participant(t, s) == participant)
			return t->labels[s];
	return "";
}

bool bones_table_count_game(bones_table *t)
{
	if (!t->match.games || t->counted || !bones_table_over(t) || t->aborted ||
	    bones_match_over(&t->match))
		return false;
	double scores[BONES_TABLE_MAX_SEATS];
	int ranks[BONES_TABLE_MAX_SEATS];
	bones_table_result(t, scores, ranks);
	bones_match_add(&t->match, scores, ranks);
	t->counted = true;
	return true;
}

bool bones_table_counted(const bones_table *t)
{
	return t->counted;
}

bones_status bones_table_next_game(bones_table *t, char *err, size_t errcap)
{
	if (!t->match.games || !t->counted || bones_match_over(&t->match)) {
		snprintf(err, errcap, "%s", !t->match.games ? _("not a match")
				  : bones_match_over(&t->match) ? _("the match is over")
								: _("this game is not over"));
		return BONES_ERANGE;
	}
	free_agents(t);
	t->game++;
	bones_session_restart(t->session, t->seed + (uint64_t)t->game);
	new_game_state(t);
	return seat_agents(t, NULL, err, errcap);
}
