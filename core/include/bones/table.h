/* A table: one game (or a match of several) as a player interface sees it. It owns the
 * session, the seats with their agents, the hint agent, the clock of human moves with
 * its penalties and forfeit, match play with the seats rotating, the host's final
 * result and the record's host tags, resignation and take-back by seat. The GUI, the
 * terminal UI and the web server each draw a table their own way; the logic lives here
 * once. The layer above ai: it creates the agents.
 *
 * Time is given by the caller (bones_table_tick), so a table is testable without
 * waiting. Agents are created but never run here: a frontend asks bones_table_agent
 * for the agent of the seat to move and runs it where it likes (a worker thread). */
#ifndef BONES_TABLE_H
#define BONES_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "bones/agent.h"
#include "bones/clock.h"
#include "bones/match.h"
#include "bones/options.h"
#include "bones/record.h"
#include "bones/session.h"

#define BONES_TABLE_MAX_SEATS BONES_MATCH_MAX_PLAYERS
#define BONES_TABLE_NAME_MAX 80
#define BONES_TABLE_AGENT_MAX 256

/* A participant: who sits in seat p of the first game (the seats rotate in a match). */
typedef struct bones_table_seat {
	char agent[BONES_TABLE_AGENT_MAX]; /* "human" (or "") or an agent spec */
	char name[BONES_TABLE_NAME_MAX];   /* "" = "Player N", with the agent for agents */
} bones_table_seat;

typedef struct bones_table_setup {
	const bones_plugin *plugin;
	const bones_options *options;    /* copied by the session */
	uint64_t seed;                   /* game k of a match draws its chance from seed + k */
	bones_table_seat seats[BONES_TABLE_MAX_SEATS]; /* by participant */
	bones_time_control time;         /* per human move; per_move_ms 0 = no clock */
	int match_games;                 /* > 0: a match of that many games */
	/* added with matches to a target: */
	double match_target;             /* > 0 (with match_games the cap): a match until a
					  * participant's total reaches it */
} bones_table_setup;

typedef struct bones_table bones_table;

/* Create the table and its first game. On failure err says why; *bad_seat (may be
 * NULL) is the participant whose agent could not be made, else -1. */
bones_status bones_table_create(const bones_table_setup *setup, bones_table **out,
				int *bad_seat, char *err, size_t errcap);
/* A table around a session that exists already (a record opened to play on): owned
 * from now on, even on failure. No clock, no match. */
bones_status bones_table_adopt(bones_session *s, const bones_table_seat *seats,
			       bones_table **out, int *bad_seat, char *err, size_t errcap);
void bones_table_destroy(bones_table *t);
/* The seats of the record at path (its first game) from its Player tags, so that a game
 * played on keeps its agents: "Player N (SPEC)" is the agent SPEC, "Player N" and "You"
 * are human, another name is an agent spec when it begins with a built-in agent's name,
 * else a person of that name. Seats without a tag are human. Returns the number of
 * seats read. */
int bones_table_seats_of_record(const char *path, bones_table_seat *seats, int max);
/* The unfinished games (Result "*") of folder dir, newest first: at most max paths, their
 * number returned. dir "" is the records folder (bones_record_folder), written into dir
 * (dircap bytes). */
int bones_table_unfinished(char *dir, size_t dircap, char (*paths)[1024], int max);

bones_session *bones_table_session(const bones_table *t);
const bones_plugin *bones_table_plugin(const bones_table *t);
int bones_table_players(const bones_table *t);

/* ---- seats (of the current game) ---- */
bool bones_table_human(const bones_table *t, int seat);
/* The agent of seat; NULL for a human. */
bones_agent *bones_table_agent(const bones_table *t, int seat);
/* Who sits in seat (agent spec and name as set up; the participant's). */
const bones_table_seat *bones_table_seat_setup(const bones_table *t, int seat);
/* "human" or the agent spec. */
const char *bones_table_seat_agent(const bones_table *t, int seat);
/* The seat's name: the given one, else "Player N" ("Player N (greedy)" for agents), in
 * the player's language (bones/i18n.h) as it was when the game started. */
const char *bones_table_seat_name(const bones_table *t, int seat);
/* The same name as a record writes it: the same in every language ("Player N"). */
const char *bones_table_seat_record_name(const bones_table *t, int seat);
/* A person's seat named anew (a seat taken at a web table): participant's name, on the
 * screen and in the record. BONES_EINVAL for an agent's seat or no such participant. */
bones_status bones_table_name_participant(bones_table *t, int participant, const char *name);
/* The participant sitting in seat in this game (seat itself outside a match). */
int bones_table_participant(const bones_table *t, int seat);
/* BONES_HINT_AGENT for this game, made on the first call; NULL (err says why) if not. */
bones_agent *bones_table_hint_agent(bones_table *t, char *err, size_t errcap);

/* ---- moves ---- */
/* Play a move or chance outcome (redo is forgotten). BONES_EILLEGAL, or BONES_ERANGE
 * after a forfeit, leaves everything unchanged. */
bones_status bones_table_play(bones_table *t, bones_move move);
/* A player's turn: the move played (redo forgotten), then the chance that follows it
 * drawn from the table's seed, until a player is to move or the game is over. A
 * front end plays people's and agents' moves so and stores what the history gained.
 * BONES_EILLEGAL or BONES_ERANGE (the game stopped) leaves everything unchanged. */
bones_status bones_table_play_turn(bones_table *t, bones_move move);
/* The same for a move in notation; err then reads "move N: 'TEXT': reason" (the game
 * stopped: "move N: 'TEXT': the game is over"). */
bones_status bones_table_play_turn_text(bones_table *t, const char *text, char *err,
					size_t errcap);
/* One history entry in notation (a move or a chance outcome), redo forgotten, no chance
 * drawn after it: a typed move whose chance the caller shows as it draws it, or a
 * restart's replay of what was recorded. err reads "move N: 'TEXT': reason";
 * BONES_ERANGE after a forfeit or a resignation. */
bones_status bones_table_play_text(bones_table *t, const char *text, char *err,
				   size_t errcap);
/* Draw the chance at the head of the history (a new table's deal, a crash between a
 * move and its chance, a match's next game) until a player is to move or it ends. */
bones_status bones_table_resolve_chance(bones_table *t);
/* Take back the last human move and everything after it (agents' replies, chance).
 * Returns the number of player moves taken back: 0 when no human has moved. */
int bones_table_undo(bones_table *t);
/* Play again what the last undo took back: the human move, then chance and the
 * agents' replies up to a human's turn. Returns the player moves replayed. */
int bones_table_redo(bones_table *t);
bool bones_table_can_redo(const bones_table *t);
/* Take back seat's last move and everything after it (other seats' moves, chance);
 * redo is forgotten. Returns the player moves taken back: 0 when seat has not moved,
 * the seat is not one, or the game stopped (forfeit, resignation). */
int bones_table_take_back(bones_table *t, int seat);
/* Take back moves until the history has length entries ("play on from here" in a
 * replay); redo is forgotten. */
void bones_table_rewind(bones_table *t, size_t length);
/* Player moves (chance outcomes not counted) among the first upto of the history. */
size_t bones_table_player_moves(const bones_table *t, size_t upto);

/* ---- the clock of human moves ---- */
bool bones_table_timed(const bones_table *t);
const bones_time_control *bones_table_time(const bones_table *t);

/* What one tick did: at most one penalty and one forfeit. */
typedef struct bones_table_tick_result {
	int penalised;             /* the seat that just got the penalty, -1 = none */
	int forfeited;             /* the seat that just forfeited, -1 = none */
	bones_clock_phase phase;   /* of the move running now (OFF: no clock running) */
	int64_t remaining_ms;      /* left in that phase */
} bones_table_tick_result;

/* Advance the clock to now_ms: it runs while a human seat of a timed game is to move
 * (restarted when the mover or the history changes: the move that ended is charged to
 * its seat's bank then, so tick right after each move), gives the penalty and declares
 * the forfeit. r may be NULL. */
void bones_table_tick(bones_table *t, int64_t now_ms, bones_table_tick_result *r);
/* The running move's clock phase and what is left of it, without advancing. */
bones_clock_phase bones_table_clock_phase(const bones_table *t);
int64_t bones_table_clock_remaining(const bones_table *t, int64_t now_ms);

/* What is left in seat's bank for the game at now_ms (running down while the seat is
 * to move; the increment is added when its move ends); 0 without a bank. */
int64_t bones_table_bank(const bones_table *t, int seat, int64_t now_ms);
/* Set every seat's bank (a server restarting a table; the running move's clock starts
 * again); BONES_EINVAL when one is out of 0..BONES_CLOCK_MAX_MS. */
bones_status bones_table_restore_banks(bones_table *t, const int64_t *banks);

double bones_table_penalty(const bones_table *t, int seat);
/* The seat that forfeited this game, -1 = none. */
int bones_table_forfeit(const bones_table *t);

/* Seat resigns: the game stops there as after a forfeit, the resigning seat ranked
 * last. BONES_EINVAL for no such seat, BONES_ERANGE when the game is over already. */
bones_status bones_table_resign(bones_table *t, int seat);
/* The seat that resigned this game, -1 = none. */
int bones_table_resigned(const bones_table *t);
/* The game ends unplayed, nobody winning (a player never made a first move): it is
 * over, has no result that counts (no FinalResult, not counted in a match) and its
 * record says Aborted. BONES_ERANGE when the game is over already. */
bones_status bones_table_abort(bones_table *t);
bool bones_table_aborted(const bones_table *t);
/* Hold the clock (true) or let it run (false). While held no move is timed and no bank
 * pays; let go, the move running then is timed from the next tick. A front end holds it
 * until every seat is taken and the first move is made (the web's tables). */
void bones_table_hold_clock(bones_table *t, bool held);
/* At game over, for people: why the game ended on the first line (a seat ran out of
 * time or resigned, else the plugin's words: render.h end_text, else "no moves are
 * left"), then the plugin's score sheet, one line per player or tableau, if it has
 * one. False (buf "") while the game is not over. Seats are named "player N". */
bool bones_table_end_text(const bones_table *t, char *buf, size_t cap);
/* Set this game's penalties (by seat; NULL keeps them), forfeit and resignation (-1 =
 * none) from saved values, e.g. after a server restart. BONES_EINVAL (nothing changed)
 * for a seat out of range or both a forfeit and a resignation. */
bones_status bones_table_restore(bones_table *t, const double *penalties, int forfeit,
				 int resigned);

/* ---- the end ---- */
/* The game ended: the rules' end, a forfeit or a resignation. */
bool bones_table_over(const bones_table *t);
/* The host's result by seat: the plugin's scores with penalties (added in
 * fewest-points games, subtracted otherwise), a forfeiting or resigning seat ranked
 * last; before
 * the end, ranks are by those scores. */
void bones_table_result(const bones_table *t, double *scores, int *ranks);
/* The host's tags for the record (TimeControl, Penalties, Forfeit or Resigned,
 * FinalResult, Match) into tags as name, value, ..., NULL (at most 11 entries), the
 * values in buf (at most 5). FinalResult is written for a finished timed game and for
 * a game stopped by a forfeit or a resignation (whose Result stays "*"). */
void bones_table_tags(const bones_table *t, const char **tags, char (*buf)[160]);

/* What a record of this game says about its players, the same for every frontend: the
 * seats' record names, the host's tags and the comment on a forfeit or resignation. */
typedef struct bones_table_record {
	bones_record_players players; /* set variant and preset as needed, then write it */
	const char *tags[12];
	char values[6][160];
	char comment[200];
} bones_table_record;
/* Fill r for t (r points into itself: do not copy it). Write the record with
 * bones_record_write or bones_record_save and &r->players, in plain language. */
void bones_table_record_init(const bones_table *t, bones_table_record *r);

/* ---- match play ---- */
/* The match, or NULL for a single game. */
const bones_match *bones_table_match(const bones_table *t);
/* This game's index in the match (0 for a single game). */
int bones_table_game_index(const bones_table *t);
/* The name of a participant (its seat's name in game 1). */
const char *bones_table_participant_name(const bones_table *t, int participant);
/* Add this game's result to the match once it is over; true when it was added now. */
bool bones_table_count_game(bones_table *t);
/* This game was added to the match. */
bool bones_table_counted(const bones_table *t);
/* Start the match's next game (after count_game): seed + k, the seats rotated, fresh
 * agents, clock, penalties. BONES_ERANGE when the match is over or the game not counted. */
bones_status bones_table_next_game(bones_table *t, char *err, size_t errcap);

#endif /* BONES_TABLE_H */
