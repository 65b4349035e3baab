/* The agent queue: tables whose agent or engine seat is to move, waiting for a worker
 * thread (web_play.c), tables with a person first; agents-only tables pause while
 * nobody watches. */
#include <stdio.h>

#include "web_table_internal.h"

bool web_table_queue_wanted(const web_table *t)
{
	int p = bones_session_to_move(t->s);
	return !web_table_over(t) && (bones_table_agent(t->table, p) || web_engine_seat_is(t, p));
}

/* Two queues, each round-robin (a table goes to the back after each move): tables with
 * a human seat first; agents-only tables when none of those waits, on all workers but
 * one, so that a person's opponent always finds a worker within one move's time. */
void web_table_queue_add(web_tables *ts, web_table *t)
{
	if (t->queued || !web_table_queue_wanted(t))
		return;
	t->queued = true, t->parked = false;
	pthread_mutex_lock(&ts->qlock);
	web_table **head = t->human_seat ? &ts->qhead : &ts->lohead;
	web_table **tail = t->human_seat ? &ts->qtail : &ts->lotail;
	t->next_queued = NULL;
	if (*tail)
		(*tail)->next_queued = t;
	else
		*head = t;
	*tail = t;
	pthread_cond_broadcast(&ts->qcond);
	pthread_mutex_unlock(&ts->qlock);
}

web_table *web_table_queue_next(web_tables *ts, bool *low)
{
	pthread_mutex_lock(&ts->qlock);
	int low_max = ts->worker_count > 1 ? ts->worker_count - 1 : 1;
	for (;;) {
		*low = !ts->qhead && ts->lohead && ts->low_running < low_max;
		if (ts->stopping || ts->qhead || *low)
			break;
		pthread_cond_wait(&ts->qcond, &ts->qlock);
	}
	web_table *t = ts->stopping ? NULL : *low ? ts->lohead : ts->qhead;
	if (t && *low) {
		ts->lohead = t->next_queued, ts->low_running++;
		if (!ts->lohead)
			ts->lotail = NULL;
	} else if (t) {
		ts->qhead = t->next_queued;
		if (!ts->qhead)
			ts->qtail = NULL;
	}
	pthread_mutex_unlock(&ts->qlock);
	return t;
}

void web_table_queue_watch(web_tables *ts, web_table *t)
{
	pthread_mutex_lock(&t->lock);
	t->watched_until = web_clock_now(ts) + WEB_WATCH_MS;
	if (t->parked) {
		web_log("table %s: watched again, its agents play on", t->row.id);
		web_table_queue_add(ts, t);
	}
	pthread_mutex_unlock(&t->lock);
}

void web_table_queue_done(web_tables *ts, bool low)
{
	if (!low)
		return;
	pthread_mutex_lock(&ts->qlock);
	ts->low_running--;
	pthread_cond_broadcast(&ts->qcond);
	pthread_mutex_unlock(&ts->qlock);
}
