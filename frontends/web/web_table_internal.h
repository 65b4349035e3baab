/* What web_tables.c and web_view.c share about a table: not for the HTTP layer. */
#ifndef BONES_WEB_TABLE_INTERNAL_H
#define BONES_WEB_TABLE_INTERNAL_H

#include <pthread.h>

#include "bones/agent.h"
#include "bones/registry.h"
#include "bones/session.h"
#include "web_store.h"
#include "web_tables.h"

struct web_table {
	web_table_row row;        /* id, game, options, seats and tokens as stored */
	const bones_plugin *plugin;
	bones_session *s;         /* owned */
	size_t stored;            /* history entries committed to the store */
	uint64_t version;
	pthread_mutex_t lock;     /* guards everything below row */
	pthread_cond_t changed;   /* broadcast when version grows */
	bones_agent *agents[WEB_MAX_SEATS]; /* owned; NULL for human seats */
	bool queued;              /* in the agent queue or being thought about */
	int undo_by;              /* seat asking to take back its last move, -1 none */
	bones_clock clock;        /* the running move's clock (row.time) */
	int clock_seat;           /* the seat whose clock runs, -1 none */
	size_t clock_len;         /* the history length when it started */
	web_table *next_queued;
};

struct web_tables {
	bones_registry *reg;      /* owned; plugins by id (lock for lookups) */
	web_store *store;         /* owned */
	pthread_mutex_t lock;     /* guards tables[], count and reg */
	web_table **tables;       /* owned, creation order */
	size_t count, cap;
	pthread_mutex_t qlock;    /* guards the agent queue and stopping */
	pthread_cond_t qcond;
	web_table *qhead, *qtail;
	bool stopping;
	pthread_t workers[8];
	int worker_count;
	int hints_running;        /* hints being computed (atomic) */
	pthread_t ticker;         /* the clocks' thread (web_clock.c) */
	bool ticking;
};

#define WEB_MAX_TABLES 100000
#define WEB_AGENT_SECONDS 2.0 /* bound on an agent's thinking per move */

/* Whether the game has ended (the plugin's end, or a resignation). Lock held. */
bool web_table_over(const web_table *t);


/* Put t in the agent queue when an agent seat is to move. t->lock held. */
void web_tables_enqueue(web_tables *ts, web_table *t);
/* Commit the history entries past t->stored; on failure take them back and say so in
 * r (500). t->lock held. Bumps the version and wakes waiters either way. */
bool web_table_commit(web_tables *ts, web_table *t, web_result *r);
/* The agent workers (web_play.c). */
void *web_agent_worker(void *arg);
/* Start, restart or stop t's clock for the seat now to move (human seats only, when the
 * table has a time control). t->lock held. */
void web_table_clock_sync(web_table *t);
/* The clocks' thread: penalties and forfeits as time runs out (web_clock.c). */
void *web_clock_ticker(void *arg);
/* Final (or current) scores and ranks with the time penalties and a resignation or
 * forfeit counted; *ranked when the game is over. Lock held. */
void web_table_final(const web_table *t, const void *state, double *scores, int *ranks,
		     bool *ranked);
/* Log one line to stderr with the time: never a token. */
void web_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* BONES_WEB_TABLE_INTERNAL_H */
