/* The server's store in SQLite (the default) or PostgreSQL (web_store_db.h), and the
 * only module that speaks SQL: each table's game, options, seed and seats, and every
 * history entry (moves and chance outcomes) as notation; chat, accounts, sessions,
 * ratings, analyses and tournaments (their files, people and tables). A move is
 * committed here (SQLite: WAL, synchronous=FULL) before the server acknowledges it, so
 * a restart after kill -9 replays every table exactly. The database holds the seat
 * tokens: keep it private. No database handle leaves it. */
#ifndef BONES_WEB_STORE_H
#define BONES_WEB_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bones/clock.h"

typedef struct web_store web_store;

#define WEB_MAX_SEATS 8

/* One seat as stored. */
typedef struct web_seat_row {
	char kind[16];    /* "human", "agent" or "engine" (an operator's, web_engine_seat.c) */
	char agent[256];  /* agent spec of an agent seat, "NAME MS" of an engine's, "" else */
	char name[64];    /* display name */
	char token[64];   /* hex seat token; "" for an agent */
	int open;         /* 1: a free seat anyone may take from the lobby (until taken) */
	double penalty;   /* time penalties collected (points against the seat) */
	int64_t bank_ms;  /* time left of a per-game bank after its last move; -1 none */
} web_seat_row;

/* One table as stored (without its moves). */
typedef struct web_table_row {
	char id[40];       /* public id, hex */
	char game[64];     /* plugin id */
	char preset[64];   /* preset or game name it was created from */
	char options[2048];/* every option "k=v ..." */
	uint64_t seed;
	int64_t created;   /* unix seconds */
	int resigned;      /* seat that resigned, -1 none */
	int hints;         /* 1: seats may ask for hints */
	int forfeited;     /* 1: `resigned` ran out of time rather than resigning */
	bones_time_control time; /* per move of a human seat; per_move_ms 0: no clock */
	int match_games;   /* > 0: a match of that many games (seats by participant) */
	int match_target;  /* > 0: the match ends when a total reaches it (games the cap) */
	int match_game;    /* the game of the match now running, from 0 */
	int seat_count;
	web_seat_row seats[WEB_MAX_SEATS];
	char damaged[256]; /* why the table was set aside (its history does not replay), or "" */
	int unlisted;      /* 1: a private table, not in the lobby (its links only) */
	char owner[64];    /* the creator's token (hex): may delete it before the first move */
	char forfeit_why[300]; /* why an engine seat forfeited (web_store_set_forfeit_why) */
	int ended;         /* 1: over for good (a match: its last game), said in the store
			    * (web_store_set_ended): a start does not load it */
	int aborted;       /* 1: aborted before its first moves (web_store_set_aborted) */
} web_table_row;

/* Open or create DIR/bones-web.sqlite (mode 0600), or, url not NULL, the PostgreSQL
 * database at url (a libpq URI or connection string: `bones serve --store`); its schema
 * brought to this server's version (a newer database is refused). dir stays the data
 * folder either way (tournaments' files). err names the file, or "postgresql" (never
 * the URL, which may hold a password). */
int web_store_open(const char *dir, const char *url, web_store **out, char *err,
		   size_t errcap);
void web_store_close(web_store *st);

/* A finished game of a match as stored: its history and how it stopped. */
typedef struct web_stored_game {
	char **moves;     /* history texts */
	size_t count;
	double penalties[WEB_MAX_SEATS]; /* by seat of that game */
	int resigned;     /* seat, -1 none */
	int forfeited;    /* 1: `resigned` ran out of time */
} web_stored_game;

/* Insert a new table with its first history entries (the deal) in one transaction. */
int web_store_add_table(web_store *st, const web_table_row *row, const char *const *texts,
			size_t count, char *err, size_t errcap);
/* Game `game` of a match is over: keep it (g, penalties by seat) among the finished
 * games and start game + 1 with no moves, penalties nor resignation; one transaction. */
int web_store_next_game(web_store *st, const char *id, int game, const web_stored_game *g,
			char *err, size_t errcap);
/* Append history entries first..first+count-1 of a table in one transaction. */
int web_store_add_moves(web_store *st, const char *id, size_t first, const char *const *texts,
			size_t count, char *err, size_t errcap);
/* Remove the history entries from index `from` on (an accepted undo). */
int web_store_truncate(web_store *st, const char *id, size_t from, char *err, size_t errcap);
/* Remove a table with its seats, moves, chat and match in one transaction. */
int web_store_delete_table(web_store *st, const char *id, char *err, size_t errcap);
/* A free seat taken: no longer open, its player's name set. */
int web_store_take_seat(web_store *st, const char *id, int seat, const char *name, char *err,
			size_t errcap);
/* Seat becomes an operator's engine ("engine", spec "NAME MS"); 0 or nonzero (err). */
int web_store_set_engine(web_store *st, const char *id, int seat, const char *spec, char *err,
			 size_t errcap);
/* The game ends: seat resigned, or forfeited (on time, or an engine's failure). */
int web_store_set_resigned(web_store *st, const char *id, int seat, bool forfeited, char *err,
			   size_t errcap);
/* Why the seat that forfeited did (an engine's crash or illegal move), in words. */
int web_store_set_forfeit_why(web_store *st, const char *id, const char *why, char *err,
			      size_t errcap);
/* The game was aborted before its first moves. */
int web_store_set_aborted(web_store *st, const char *id, char *err, size_t errcap);
/* A seat's time penalties so far. */
int web_store_set_penalty(web_store *st, const char *id, int seat, double total, char *err,
			  size_t errcap);
/* A seat's time left of its per-game bank after its last move. */
int web_store_set_bank(web_store *st, const char *id, int seat, int64_t bank_ms, char *err,
		       size_t errcap);

/* The table is over for good (a match: its last game) after `moves` player moves: a
 * start loads it no more, the lobby lists it from here (web_store_ended_each). */
int web_store_set_ended(web_store *st, const char *id, int64_t moves, char *err,
			size_t errcap);

/* Call fn for every table not ended (web_store_set_ended; leasing: whose lease this
 * process holds) in creation order with its
 * history texts and, for a match, its finished games in order; a table that cannot be
 * read (a damaged page, an unreadable row) comes with only its id and `unreadable`
 * saying why (else NULL). fn must not call into the store; a nonzero return stops. When
 * the list of tables itself is damaged, the tables still found are given and err says
 * so (returning 0). */
typedef int (*web_store_fn)(void *user, const web_table_row *row, char **moves, size_t count,
			    const web_stored_game *done, size_t done_count,
			    const char *unreadable);
int web_store_each(web_store *st, web_store_fn fn, void *user, char *err, size_t errcap);
/* The same for the one table id, ended or not: 1 when the store has no such table
 * (fn not called), else fn's return. */
int web_store_load(web_store *st, const char *id, web_store_fn fn, void *user);

/* ---- leases (web_store_lease.c): several processes on one PostgreSQL ---- */
#define WEB_STORE_LEASE_LOST 3 /* a move's answer: another process holds the table now */
/* Serve tables under leases of ttl_ms, timed by now(user) (ms: the tables' clock):
 * PostgreSQL only (on SQLite nothing happens: one process). The data folder is locked
 * (one process per folder: a process before this one in it is gone, its leases free
 * at once) and this process registered. 0, or 1 (err). Called once, before the
 * restore. */
int web_store_leases_start(web_store *st, int64_t ttl_ms, int64_t (*now)(void *),
			   void *user, char *err, size_t errcap);
/* Whether this store serves tables under leases (web_store_leases_start on PostgreSQL). */
bool web_store_leasing(const web_store *st);
/* Take (or keep) table id's lease: 0 this process holds it now; 1 another live process
 * does: its address into holder ("" when it has none yet); -1 on an error (logged). */
int web_store_lease_take(web_store *st, const char *id, char *holder, size_t cap);
/* Keep this process's row in `servers` (address: where it is reached) and renew every
 * lease it holds; 0, or 1 (err). */
int web_store_lease_renew(web_store *st, const char *address, char *err, size_t errcap);
/* Tell the other processes that something the lobby shows changed here (NOTIFY bones);
 * 0, or 1 (logged). */
int web_store_notify(web_store *st);
/* Wait up to ms to hear of another process's change (LISTEN bones, on a connection of
 * its own made at the first call): 1 heard, 0 not, -1 the listening connection is lost
 * (logged; made again at the next call). One thread only. */
int web_store_heard(web_store *st, int ms);
/* The ids of the leases this process holds (*ids malloc'd, in no order); (size_t)-1
 * when they cannot be read. */
size_t web_store_lease_mine(web_store *st, char (**ids)[40]);
/* Give up every lease of this process and its registration (a stop). */
void web_store_lease_release_all(web_store *st);
/* Give up table id's lease (it leaves memory). */
void web_store_lease_drop(web_store *st, const char *id);
/* The tables whose lease another process let expire (it died, or was cut off) or
 * holds no more (an earlier process of this data folder), at most cap, the longest
 * expired first; how many. */
size_t web_store_lease_orphans(web_store *st, char (*ids)[40], size_t cap);
/* At the start: the lease of every table not ended that no live process holds taken,
 * so that web_store_each restores only this process's; 0, or 1 (err). */
int web_store_lease_free_all(web_store *st, char *err, size_t errcap);

/* An ended table as the lobby lists it, read without its history (or, leasing, one in
 * play at another process). */
typedef struct web_table_summary {
	char id[40], game[64], preset[64];
	int64_t created;   /* unix seconds */
	int64_t moves;     /* player moves (live: its history entries) */
	bool live;         /* in play, served by another process (leasing) */
	int seat_count;
	struct { char kind[16], name[64]; bool open; } seats[WEB_MAX_SEATS];
} web_table_summary;
/* The newest `limit` ended tables that are not private, newest first, into out
 * (malloc'd, *count of them); leasing, the tables in play that other processes serve
 * among them (live). 1 (err) when they cannot be read. */
int web_store_ended(web_store *st, size_t limit, web_table_summary **out, size_t *count,
		    char *err, size_t errcap);
/* Mark a table set aside (kept, not played): why it is (row.damaged at the next start,
 * when it is tried again); why NULL: no longer. */
int web_store_set_damaged(web_store *st, const char *id, const char *why, char *err,
			  size_t errcap);
/* How many times a server has opened this database, this time included (0: unknown):
 * versions start at epoch << 32 so that they never go back across restarts. */
uint64_t web_store_epoch(const web_store *st);
/* A random number made with the database and kept in it, never shown: mixed into the
 * deals of a tournament's tables, so that the seed in a tournament file tells nobody
 * the hands. */
uint64_t web_store_deal_key(const web_store *st);

/* A finished game's analysis (JSON) by its key (web_analysis.c): *json malloc'd, NULL
 * when there is none; nonzero when it cannot be read. */
int web_store_analysis(web_store *st, const char *key, char **json);
int web_store_set_analysis(web_store *st, const char *key, const char *json, char *err,
			   size_t errcap);

/* ---- accounts (web_store_accounts.c) ---- */
#define WEB_STORE_EXISTS 2 /* a write's answer: the row is there already (a name taken) */

/* An account as stored: its name as written, its password's Argon2id string. */
typedef struct web_account_row {
	char name[64];
	char hash[160];
	int64_t created; /* unix seconds */
	bool bot;        /* a bot account: an engine plays it through the API (bones bot) */
} web_account_row;

/* The bot accounts' names into out[0..cap); how many there are (more than cap: the
 * caller asks again with room for all). */
size_t web_store_bot_names(web_store *st, char (*out)[64], size_t cap);
/* The account named name (any case) into out: 0, or 1 when there is none. */
int web_store_account(web_store *st, const char *name, web_account_row *out);
/* A new account: 0, WEB_STORE_EXISTS when the name (any case) is taken, else 1 (err). */
int web_store_add_account(web_store *st, const web_account_row *a, char *err, size_t errcap);
int web_store_set_password(web_store *st, const char *name, const char *hash, char *err,
			   size_t errcap);
/* The account keeps the seat token of table id (once). */
int web_store_add_account_seat(web_store *st, const char *name, const char *id,
			       const char *token, char *err, size_t errcap);
/* A seat as an account holds it: its table and token. */
typedef struct web_seat_ref {
	char id[40], token[64];
} web_seat_ref;
/* The seats the account took, newest table first, at most cap; how many. */
size_t web_store_account_seats(web_store *st, const char *name, web_seat_ref *out,
			       size_t cap);
/* The account that took seat token of table id into owner ("" none). */
void web_store_seat_owner(web_store *st, const char *id, const char *token, char *owner,
			  size_t cap);
/* A session by the hash of its token, for name until expires (unix ms); the sessions
 * expired by now go. */
int web_store_add_session(web_store *st, const char *hash, const char *name, int64_t expires,
			  int64_t now, char *err, size_t errcap);
/* The account of the session hash at now into name: 0, or 1 when none (or expired). */
int web_store_session(web_store *st, const char *hash, int64_t now, char *name, size_t cap);
/* Delete the session hash (name NULL), or every session of name but hash. */
int web_store_delete_sessions(web_store *st, const char *name, const char *hash, char *err,
			      size_t errcap);

/* ---- ratings (web_store_ratings.c) ---- */
enum { WEB_BY_GAME, WEB_BY_PRESET, WEB_RATING_SCOPES }; /* a rating's two scopes */

/* A Glicko-2 standing as stored: rating NAN with games 0 for a newcomer. */
typedef struct web_standing {
	double rating, deviation, volatility;
	int games;       /* rated games */
} web_standing;

/* A finished game to rate: its players (an account, "agent:SPEC", "engine:NAME"). */
typedef struct web_rated_game {
	const char *table_id;
	int game_no;      /* in a match, from 0 */
	const char *game, *preset; /* preset "": another variant than any preset's */
	int64_t at;       /* unix seconds: the game's end */
	int players;
	const char *names[WEB_MAX_SEATS];
} web_rated_game;

/* The standings after the game, by scope and player, from those before, and each
 * player's score (1 won, 0.5 drawn, 0 lost, averaged over the opponents). */
typedef void (*web_rate_fn)(void *user, int n,
			    const web_standing (*before)[WEB_MAX_SEATS],
			    web_standing (*after)[WEB_MAX_SEATS], double *scores);
/* Rate g once, in one transaction: fn gets the standings before and gives those after,
 * which are stored with each player's result (the mark that g is rated). *rated:
 * whether it was rated now (false when it was before); 1 (err) on an error. */
int web_store_rate(web_store *st, const web_rated_game *g, web_rate_fn fn, void *user,
		   bool *rated, char *err, size_t errcap);

/* One row of a ladder, a player's ratings or records (the members the query gives). */
typedef struct web_rating_row {
	char name[80];    /* a standing's key: a ladder's player, a rating's game or preset */
	char game[64], preset[64];
	double rating, deviation;
	int games;
	int wins, draws, losses;
} web_rating_row;
/* The best players of game (by preset when not NULL), at most cap; how many. */
size_t web_store_ladder(web_store *st, const char *game, const char *preset,
			web_rating_row *out, size_t cap);
/* The presets of game with ratings (preset only), in order. */
size_t web_store_rated_presets(web_store *st, const char *game, web_rating_row *out,
			       size_t cap);
enum { WEB_PLAYER_RATINGS, WEB_PLAYER_PRESET_RATINGS, WEB_PLAYER_RECORDS, WEB_PLAYER_ROWS };
/* A player's ratings by game, by game and preset, or records (wins, draws, losses by
 * game and preset), in order. */
size_t web_store_player_rows(web_store *st, const char *name, int kind, web_rating_row *out,
			     size_t cap);
/* Whether the player has rated games. */
bool web_store_rated_player(web_store *st, const char *name);
/* One of a player's games (not a private table's). */
typedef struct web_player_game {
	char id[40], game[64];
	int64_t created;  /* unix seconds */
	double score;     /* the player's (1 won, 0 lost), NAN unrated */
} web_player_game;
/* An account's (account true) tables where it holds a seat, or a player's rated games;
 * newest first, at most cap. */
size_t web_store_player_games(web_store *st, const char *name, bool account,
			      web_player_game *out, size_t cap);
/* The names of table_id's seats that are not the player's (an account's seats, or
 * an agent's "agent:SPEC"), in seat order, at most cap; how many. */
size_t web_store_opponents(web_store *st, const char *table_id, const char *name,
			   bool account, char (*out)[64], size_t cap);
/* A player's rating by game after a rated game (the history of its ratings). */
typedef struct web_rating_point {
	char game[64];
	int64_t at;       /* unix seconds: the game's end */
	double rating, deviation;
} web_rating_point;
/* A player's latest rated games (at most cap) as points, by game, oldest first. */
size_t web_store_rating_history(web_store *st, const char *name, web_rating_point *out,
				size_t cap);

/* ---- tournaments (web_store_tourneys.c) ---- */
/* A tournament's row (its file apart). */
typedef struct web_tourney_row {
	char id[24], name[160], format[32], state[16], creator[64];
	int64_t start_at;  /* unix seconds it starts at, 0: when its creator says */
	int64_t created;   /* unix seconds */
	int people;        /* the people who joined */
} web_tourney_row;
/* A new tournament, open, with its file as posted: 0, or 1 when it cannot be stored. */
int web_store_add_tourney(web_store *st, const web_tourney_row *t, const char *ini);
/* Tournament id into out: 0, or 1 when there is none. */
int web_store_tourney(web_store *st, const char *id, web_tourney_row *out);
/* Every tournament, newest first, at most cap. */
size_t web_store_tourneys(web_store *st, web_tourney_row *out, size_t cap);
enum { WEB_TOURNEYS_RUNNING, WEB_TOURNEYS_DUE };
/* The ids of the running tournaments (oldest first), or of the open ones whose start
 * time is past now_ms. */
size_t web_store_tourney_ids(web_store *st, int which, int64_t now_ms, char (*ids)[24],
			     size_t cap);
/* How many tournaments creator (any case) has open or running. */
int web_store_unfinished_tourneys(web_store *st, const char *creator);
/* Tournament id's file as posted (malloc'd; NULL: none) and its people's names in the
 * order they joined (*people malloc'd, *count of them). */
char *web_store_tourney_file(web_store *st, const char *id, char (**people)[64],
			     size_t *count);
/* Set id's state (state not NULL) or else its start time: 0, 1 when no row changed. */
int web_store_set_tourney(web_store *st, const char *id, const char *state, int64_t start_at);
/* name joins id (last): 0, or 1. */
int web_store_add_tourney_person(web_store *st, const char *id, const char *name);
/* The table of game (round, slot) of tournament id into table_id: 0, 1 when none. */
int web_store_tourney_table(web_store *st, const char *id, int round, int slot,
			    char *table_id, size_t cap);
int web_store_set_tourney_table(web_store *st, const char *id, int round, int slot,
				const char *table_id);
/* Every table of tournament id by round and slot (*out malloc'd); how many. */
typedef struct web_tourney_table {
	int round, slot;
	char id[40];
} web_tourney_table;
size_t web_store_tourney_tables(web_store *st, const char *id, web_tourney_table **out);
/* The tournament whose game table_id is into id (cap bytes), its round (from 0) into
 * *round: 0, or 1 when table_id is no tournament's. */
int web_store_table_tourney(web_store *st, const char *table_id, char *id, size_t cap,
			    int *round);
/* The data folder the store's file lies in. */
const char *web_store_dir(const web_store *st);

/* One chat line of a table (web_chat.c). */
#define WEB_CHAT_TEXT 1201  /* bytes of a line's text (300 characters), its end */
typedef struct web_chat_row {
	int n;              /* from 0, in order */
	int seat;           /* participant (row seat) from 0, -1 a spectator */
	char name[64];      /* who wrote it, as shown */
	char text[WEB_CHAT_TEXT];
	int64_t at;         /* unix ms (the table's clock) */
} web_chat_row;

/* Add a chat line of table id (its own commit, apart from the moves'); the table keeps
 * its newest `keep` lines (by n), older ones are deleted in the same commit. */
int web_store_add_chat(web_store *st, const char *id, const web_chat_row *c, int keep,
		       char *err, size_t errcap);
/* Call fn for every chat line of table id, in order; a nonzero return stops. fn must
 * not call into the store. */
typedef int (*web_store_chat_fn)(void *user, const web_chat_row *c);
int web_store_chat_of(web_store *st, const char *id, web_store_chat_fn fn, void *user,
		      char *err, size_t errcap);

#endif /* BONES_WEB_STORE_H */
