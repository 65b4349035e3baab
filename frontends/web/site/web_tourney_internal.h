/* What web_tourney.c (the API) and web_tourney_run.c (pairing and results) share. */
#ifndef BONES_WEB_TOURNEY_INTERNAL_H
#define BONES_WEB_TOURNEY_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <sys/types.h>

#include "bones/tourney.h"
#include "bones/tourney_db.h"
#include "web_accounts.h"
#include "web_tourney.h"

#define WEB_TOURNEY_MAX 256  /* running tournaments kept open at once */
#define WEB_TOURNEY_LISTED 1000 /* tournaments GET /api/tournaments lists, newest first */
#define WEB_ENGINES_MAX 32   /* engines an operator lists */
#define WEB_ENGINE_GAMES 8   /* games with engines played at once */
#define WEB_TOURNEYS_PER_ACCOUNT 4 /* tournaments not finished one account may have posted */
#define WEB_TOURNEYS_PER_ADDRESS 8 /* ... and one address (since the server started) */

/* A started tournament: its schedule (the file plus its people) and results file. */
typedef struct web_tourney_run {
	char id[24];
	bones_tourney *t;        /* owned */
	bones_tourney_db *db;    /* owned */
	bool finished;
	char engine[BONES_TOURNEY_MAX_PLAYERS][64]; /* the operator's engine per player, "" */
} web_tourney_run;

/* One operator engine: [engine.NAME] command = ... */
typedef struct web_engine {
	char name[64];
	char command[1024];
} web_engine;

/* A game with an engine seat, played on a thread of its own (web_tourney_engine.c). */
typedef struct web_engine_game {
	struct web_tourneys *w;
	web_tourney_run *r;
	bones_tourney_slot slot;
	pthread_t thread;
	bool busy, done, stored; /* done and stored: under the lock */
} web_engine_game;

struct web_tourneys {
	web_tables *ts;
	struct web_accounts *accounts; /* the players' accounts: seats given to them */
	pthread_mutex_t lock;    /* guards runs and every use of their db */
	web_tourney_run *runs[WEB_TOURNEY_MAX];
	int run_count;
	char dir[1024];          /* DIR/tourneys: the results files */
	pthread_t driver;
	bool driving, stop;
	atomic_bool halt;        /* the engines' games stop (the server stops) */
	web_engine engines[WEB_ENGINES_MAX]; /* set before the driver starts, then read-only */
	int engine_count;
	web_engine_game games[WEB_ENGINE_GAMES];
	struct {
		char id[16], address[48];
	} posted[WEB_TOURNEY_MAX]; /* who posted the latest tournaments (memory only, as a
				    * table's creator), oldest replaced first; under lock */
	int posted_next;
	char watch[1024];        /* bones serve --watch DIR, "" none */
	web_tourney_run *live;   /* its run, opened read-only at the first look; owned */
	dev_t live_dev;          /* the file live was opened from (a new one is reopened) */
	ino_t live_ino;
};

/* Close r's results file and free it; NULL is a no-op. */
void web_tourney_run_free(web_tourney_run *r);
/* The tournament's file with a [player.NAME] person = true for each person joined
 * (malloc'ed), or NULL. */
char *web_tourney_text(web_tourneys *w, const char *id);
/* The started tournament id, opened (its file loaded, its results file open) at the
 * first call; NULL when it cannot be (err says why). Lock held. */
web_tourney_run *web_tourney_open(web_tourneys *w, const char *id, char *err, size_t errcap);
/* Pair what can be paired, store what finished; true when the tournament is over.
 * Lock held. */
bool web_tourney_step(web_tourneys *w, web_tourney_run *r);
/* GET /api/tournaments/ID as me (NULL: not logged in) sees it. Lock held. */
web_result web_tourney_show(web_tourneys *w, const char *id, const char *me, web_buf *out);
/* ,"rounds","participants","standings","results" of a started tournament; a person
 * who is a bot account of bots (NULL: none) has "bot": true. Lock held. */
void web_tourney_results_json(web_tourney_run *r, web_bots *bots, web_buf *out);
/* GET /api/tournaments/live[/ROUND-TABLE.svg]: the `bones tourney --live` run in the
 * watched folder (web_tourney_live.c). Lock held. */
web_result web_tourney_live(web_tourneys *w, const char *action, web_tourney_call *call,
			    web_buf *out);
/* The watched run's entry of GET /api/tournaments; false: none. Lock not held. */
bool web_tourney_live_entry(web_tourneys *w, web_buf *out);
/* The pairing thread. */
void *web_tourney_driver(void *arg);
/* The store's tournament state of id into state: "open", "running", "finished", or
 * "refused" (stored by an older server past today's limits: web_tourney_open). */
bool web_tourney_state(web_tourneys *w, const char *id, char *state, size_t cap);
/* Start the open tournaments whose start time has come (too few people: the start
 * time is dropped and the creator starts it). */
void web_tourney_due(web_tourneys *w);
/* Start id: its people added to its file, checked, its results file opened (409 when it
 * cannot start). Lock held. */
web_result web_tourney_start_now(web_tourneys *w, const char *id);
bool web_tourney_set_state(web_tourneys *w, const char *id, const char *state);

/* Whether the tournament file text (named name in errors) asks only what a client may
 * ask of this server (web_tourney_check.c): every agent within WEB_AGENT_THREADS and
 * WEB_AGENT_POOL_MB, every preset or plugin a name of the server's (web_game_name),
 * every file option a file of its configs folders (web_data_name). err:
 * "NAME:LINE: KEY: reason", the same whether or not a named file exists. Checked before
 * the tournament library reads the text, as that creates its agents and opens its
 * files. Takes the tables' lock. */
bool web_tourney_check(web_tourneys *w, const char *name, const char *text, char *err,
		       size_t errcap);
/* web_tourney_check, then bones_tourney_load_text. */
bool web_tourney_load(web_tourneys *w, const char *name, const char *text,
		      bones_tourney **out, char *err, size_t errcap);

/* Replace each `engine = NAME` of t by the command of the operator's engine NAME, the
 * names kept in names (may be NULL); false when one is not listed (err names the line). */
bool web_tourney_resolve(const web_tourneys *w, bones_tourney *t, char (*names)[64],
			 char *err, size_t errcap);
/* The game slot with an engine seat and no person: started on a thread when one is free; true once
 * stored. Lock held. */
bool web_tourney_engine_slot(web_tourneys *w, web_tourney_run *r, const bones_tourney_slot *slot);
/* Whether that game is being played now. Lock held. */
bool web_tourney_engine_playing(const web_tourneys *w, const web_tourney_run *r, int round,
				int slot);
/* Stop the engines' games and wait for their threads (lock not held). */
void web_tourney_engines_stop(web_tourneys *w);

#endif /* BONES_WEB_TOURNEY_INTERNAL_H */
