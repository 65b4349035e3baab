/* The tournament runner: worker threads take sets of games off a shared counter, play
 * them and queue the finished games; whichever thread finds a batch due stores it in
 * SQLite (group commit), so that N worker threads use N cores. The calling thread
 * draws the progress bar, polls for a stop and stores what waits too long. */
#include "tourney_internal.h"

#include "bones/rating.h"
#include "bones/i18n.h"

#include "bones/clock.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Group commit: finished games are stored BATCH at a time in one transaction, each
 * game whole or not at all. A transaction of one game costs more than a game of random
 * agents; one of 64 costs a tenth of one per game. A worker stores a full batch, or
 * one whose oldest game has waited LATENCY_MS, after queueing a game; the calling
 * thread stores one that has waited twice that (the workers are in long games), and
 * the rest at the end. */
enum { BATCH = 64, LATENCY_MS = 10 };

/* A set: consecutive slots sharing a deal, played in order by one worker. */
struct job {
	size_t first, count;
	char *chance0; /* the stored outcomes of the set's first game, when it is done */
};

#define PAIR_LINES_MAX 6 /* live pair lines for events of up to this many participants */

struct progress {
	bool on;
	size_t total, done, base;
	int64_t start_ms;
	double points[BONES_TOURNEY_MAX_PLAYERS];
	double games[BONES_TOURNEY_MAX_PLAYERS];
	/* pairs of the live lines (participants up to PAIR_LINES_MAX): row's wins, draws */
	int won[PAIR_LINES_MAX][PAIR_LINES_MAX], drawn[PAIR_LINES_MAX][PAIR_LINES_MAX];
	bool sprt;                  /* the tourney has an SPRT: sprt_state is current */
	bones_sprt_state sprt_state;
};

struct run {
	const bones_tourney *t;
	const bones_tourney_slot *slots;
	const char *live;           /* opts->live */
	const char *engine_logs;    /* opts->engine_logs */
	bool *done;                 /* per slot: already stored */
	struct job *jobs;
	size_t job_count;
	atomic_size_t next_job;     /* the next set to play: workers take sets lock-free */
	bones_tourney_db *db;       /* used by the committing thread only */
	pthread_mutex_t lock;
	pthread_cond_t wake;        /* the calling thread waits on it */
	bones_tourney_done *head, *tail; /* finished games to store, under lock */
	size_t queued;              /* games in that list, under lock */
	bool committing;            /* a thread is storing games, under lock */
	struct progress progress;   /* under lock */
	int running;                /* workers alive, under lock */
	bones_status failure;       /* first worker error (not a stop), under lock */
	char failure_why[256];      /* its message when the worker wrote one */
	bones_status store_failure; /* first storing error, under lock */
	char store_err[512];        /* its message */
	bones_tourney_sprt_run *sprt; /* the SPRT's totals (t->sprt_on), under lock */
	bool concluded;             /* the SPRT decided: nothing more is stored */
	atomic_bool stop;
};

static void count_points(struct progress *p, const bones_tourney_done *d)
{
	for (int i = 0; i < d->row.seats; i++) {
		p->points[d->player[i]] += d->row.points[i];
		p->games[d->player[i]] += 1;
		for (int j = 0; j < d->row.seats; j++) {
			int a = d->player[i], b = d->player[j];
			if (j == i || a >= PAIR_LINES_MAX || b >= PAIR_LINES_MAX)
				continue;
			p->won[a][b] += d->row.rank[i] < d->row.rank[j];
			p->drawn[a][b] += d->row.rank[i] == d->row.rank[j];
		}
	}
}

/* "Score of A vs B: W - L - D  [0.625] 16  Elo +88.7 +- 120.3  LOS 90.2%" for every pair
 * that met, as cutechess-cli and fastchess print them while a match runs. */
static void print_pairs(const bones_tourney *t, const struct progress *p, FILE *f)
{
	if (p->on)
		fputs("\r\033[K", f); /* below the progress bar's line */
	for (int a = 0; a < t->player_count && a < PAIR_LINES_MAX; a++)
		for (int b = a + 1; b < t->player_count && b < PAIR_LINES_MAX; b++) {
			int w = p->won[a][b], l = p->won[b][a], d = p->drawn[a][b], n = w + l + d;
			if (!n)
				continue;
			double elo, err, los;
			bones_rating_pair(w, d, l, &elo, &err, &los);
			fprintf(f, "Score of %s vs %s: %d - %d - %d  [%.3f] %d", t->players[a].name,
				t->players[b].name, w, l, d, (w + 0.5 * d) / n, n);
			if (!isnan(elo))
				fprintf(f, "  Elo %+.1f +- %s", elo + 0.0, isnan(err) ? "inf" : "");
			if (!isnan(elo) && !isnan(err))
				fprintf(f, "%.1f", err);
			if (!isnan(los))
				fprintf(f, "  LOS %.1f%%", 100 * los);
			fputc('\n', f);
		}
	fflush(f);
}

static void free_list(bones_tourney_done *d)
{
	while (d) {
		bones_tourney_done *next = d->next;
		bones_tourney_done_free(d);
		d = next;
	}
}

/* Whether the queued games should be stored now by a thread whose patience is
 * `latency` milliseconds; r->lock held. */
static bool batch_due(const struct run *r, int64_t latency)
{
	return r->head && !r->committing && !r->store_failure && !r->concluded &&
	       (r->queued >= BATCH || bones_clock_now_ms() - r->head->queued_ms >= latency ||
		r->running == 0 || atomic_load(&r->stop));
}

/* Evaluate the SPRT after a commit; when it decides, the run stops (r->lock held). */
static void conclude(struct run *r)
{
	bones_tourney_sprt_state(r->sprt, &r->progress.sprt_state);
	if (r->progress.sprt_state.verdict != BONES_SPRT_RUNNING) {
		r->concluded = true;
		atomic_store(&r->stop, true);
	}
}

/* Store batches while they are due (r->lock held; released during each commit): the
 * first BATCH games of the queue in one transaction each time. */
static void commit_due(struct run *r, int64_t latency)
{
	while (batch_due(r, latency)) {
		const bones_tourney_game_row *rows[BATCH];
		bones_tourney_done *batch = r->head, *last = NULL;
		size_t n = 0;
		for (bones_tourney_done *e = batch; e && n < BATCH; e = e->next) {
			rows[n++] = &e->row;
			last = e;
		}
		r->head = last->next;
		last->next = NULL;
		if (!r->head)
			r->tail = NULL;
		r->queued -= n;
		r->committing = true;
		pthread_mutex_unlock(&r->lock);
		char err[sizeof r->store_err];
		bones_status st = bones_tourney_db_add_many(r->db, rows, n, err, sizeof err);
		pthread_mutex_lock(&r->lock);
		r->committing = false;
		if (st) {
			r->store_failure = st;
			memcpy(r->store_err, err, sizeof err);
			atomic_store(&r->stop, true);
		}
		for (bones_tourney_done *e = batch; !st && e; e = e->next) {
			count_points(&r->progress, e);
			r->progress.done++;
			if (r->sprt)
				bones_tourney_sprt_add(r->sprt, &e->row);
		}
		if (!st && r->sprt)
			conclude(r);
		pthread_mutex_unlock(&r->lock);
		free_list(batch);
		pthread_mutex_lock(&r->lock);
	}
}

/* Queue a finished game, and store a batch if one is due. */
static void push_done(struct run *r, bones_tourney_done *d)
{
	d->queued_ms = bones_clock_now_ms();
	pthread_mutex_lock(&r->lock);
	if (r->tail)
		r->tail->next = d;
	else
		r->head = d;
	r->tail = d;
	r->queued++;
	commit_due(r, LATENCY_MS);
	pthread_mutex_unlock(&r->lock);
}

/* Play one set; the first game's outcomes are replayed in the others (duplicate). */
static bones_status play_job(struct run *r, bones_tourney_worker *w, struct job *j)
{
	char *first = NULL;
	bones_status st = BONES_OK;
	for (size_t k = 0; k < j->count && !st; k++) {
		const bones_tourney_slot *slot = &r->slots[j->first + k];
		const char *replay = r->t->duplicate && slot->perm ? (first ? first : j->chance0)
								   : NULL;
		bones_tourney_done *d;
		if (r->done[j->first + k])
			continue;
		st = bones_tourney_cell_play(w, slot, replay, &d);
		if (st)
			break;
		if (slot->perm == 0 && r->t->duplicate && !(first = strdup(d->chance))) {
			bones_tourney_done_free(d);
			st = BONES_ENOMEM;
			break;
		}
		push_done(r, d);
	}
	free(first);
	return st;
}

static void *worker_main(void *arg)
{
	struct run *r = arg;
	bones_tourney_worker w = {.t = r->t, .stop = &r->stop, .live = r->live,
				  .engine_logs = r->engine_logs};
	bones_status st = BONES_OK;
	for (;;) {
		size_t j = atomic_fetch_add_explicit(&r->next_job, 1, memory_order_relaxed);
		if (j >= r->job_count || atomic_load(&r->stop))
			break;
		st = play_job(r, &w, &r->jobs[j]);
		if (st)
			break;
	}
	bones_tourney_cell_release(&w);
	bones_tourney_worker_release(&w);
	pthread_mutex_lock(&r->lock);
	if (st && st != BONES_ERANGE && !r->failure) {
		r->failure = st;
		memcpy(r->failure_why, w.error, sizeof r->failure_why);
	}
	if (st)
		atomic_store(&r->stop, true);
	r->running--;
	pthread_cond_signal(&r->wake);
	pthread_mutex_unlock(&r->lock);
	return NULL;
}

static void draw_progress(const bones_tourney *t, const struct progress *p, bool final)
{
	if (!p->on)
		return;
	int width = 24, fill = p->total ? (int)(width * (p->base + p->done) / p->total) : width;
	double secs = (double)(bones_clock_now_ms() - p->start_ms) / 1000.0;
	size_t left = p->total - p->base - p->done;
	double eta = p->done ? secs / (double)p->done * (double)left : 0;
	int best[3] = {-1, -1, -1};
	for (int i = 0; i < t->player_count; i++)
		for (int k = 0; k < 3; k++) {
			if (best[k] >= 0 && p->points[i] <= p->points[best[k]])
				continue;
			for (int m = 2; m > k; m--)
				best[m] = best[m - 1];
			best[k] = i;
			break;
		}
	fprintf(stderr, "\r[%.*s%.*s] ", fill, "########################", width - fill,
		"                        ");
	/* TRANSLATORS: the progress line of a tournament: games done of all, the time left
	   (minutes:seconds), then the leading players with points/games */
	fprintf(stderr, _("%zu/%zu games  ETA %d:%02d  leaders:"), p->base + p->done, p->total,
		(int)eta / 60, (int)eta % 60);
	for (int k = 0; k < 3 && best[k] >= 0; k++)
		fprintf(stderr, " %s %.1f/%.0f", t->players[best[k]].name, p->points[best[k]],
			p->games[best[k]]);
	if (p->sprt)
		fprintf(stderr, "  LLR %.2f (%.2f, %.2f)", p->sprt_state.llr, p->sprt_state.lower,
			p->sprt_state.upper);
	fputs(final ? "\033[K\n" : "\033[K", stderr); /* clear the rest of the line */
	fflush(stderr);
}

static bool poll_stop(struct run *r, const bones_tourney_run_opts *o)
{
	if (o->should_stop && o->should_stop(o->user))
		atomic_store(&r->stop, true);
	return atomic_load(&r->stop);
}

/* Wait on r->wake (r->lock held) for at most ms milliseconds. */
static void wait_ms(struct run *r, int64_t ms)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += ms / 1000;
	ts.tv_nsec += ms % 1000 * 1000000;
	ts.tv_sec += ts.tv_nsec / 1000000000;
	ts.tv_nsec %= 1000000000;
	pthread_cond_timedwait(&r->wake, &r->lock, &ts);
}

/* The calling thread while the workers play: store what waits too long, draw the
 * progress bar, poll for a stop; at the end, store what is left. */
static bones_status watch_loop(struct run *r, const bones_tourney_run_opts *o, char *err,
			       size_t errcap)
{
	int64_t drawn = 0;
	size_t pairs_at = 10; /* the games after which the next pair lines are due */
	pthread_mutex_lock(&r->lock);
	for (;;) {
		commit_due(r, 2 * LATENCY_MS);
		if (r->running == 0 && (!r->head || r->store_failure || r->concluded))
			break;
		size_t tenth = (r->progress.total - r->progress.base) / 10;
		bool lines = o->pairs && r->t->player_count <= PAIR_LINES_MAX &&
			     r->progress.done >= pairs_at;
		if (lines || bones_clock_now_ms() - drawn >= 100) {
			struct progress p = r->progress;
			pthread_mutex_unlock(&r->lock);
			if (lines) {
				print_pairs(r->t, &p, o->pairs);
				pairs_at = p.done + (tenth > 10 ? tenth : 10);
			}
			draw_progress(r->t, &p, false);
			drawn = bones_clock_now_ms();
			pthread_mutex_lock(&r->lock);
		}
		int64_t wait = 100; /* poll for a stop and redraw at least this often */
		if (r->head && !r->committing) {
			wait = r->head->queued_ms + 2 * LATENCY_MS - bones_clock_now_ms();
			wait = wait < 1 ? 1 : wait;
		}
		if (r->running > 0)
			wait_ms(r, wait);
		pthread_mutex_unlock(&r->lock);
		poll_stop(r, o);
		pthread_mutex_lock(&r->lock);
	}
	free_list(r->head); /* only after a storing error or the SPRT's decision */
	r->head = r->tail = NULL;
	r->queued = 0;
	bones_status st = r->store_failure;
	if (st)
		snprintf(err, errcap, "%s", r->store_err);
	pthread_mutex_unlock(&r->lock);
	return st;
}

static bool same_set(const bones_tourney_slot *a, const bones_tourney_slot *b)
{
	return a->round == b->round && a->game == b->game && a->table == b->table &&
	       a->set == b->set;
}

/* Group the slots into sets, keep this shard's, drop the sets stored already. */
static bones_status build_jobs(struct run *r, size_t n, const bones_tourney_run_opts *o,
			       size_t *set_index)
{
	bones_tourney_db *db = r->db;
	struct progress *p = &r->progress;
	bones_tourney_stored *stored;
	r->done = calloc(n ? n : 1, sizeof *r->done);
	r->jobs = calloc(n ? n : 1, sizeof *r->jobs);
	if (!r->done || !r->jobs)
		return BONES_ENOMEM;
	bones_status st = bones_tourney_db_stored(db, r->t->name, &stored);
	if (st)
		return st;
	for (size_t i = 0; i < n;) {
		size_t k = 1, left = 0;
		while (i + k < n && same_set(&r->slots[i], &r->slots[i + k]))
			k++;
		bool mine = o->shards <= 1 || (int)(*set_index % (size_t)o->shards) == o->shard;
		(*set_index)++;
		for (size_t m = i; mine && m < i + k; m++) {
			r->done[m] = bones_tourney_stored_has(stored, r->slots[m].round,
							      r->slots[m].slot);
			left += !r->done[m];
			p->total++;
			p->base += r->done[m];
		}
		if (mine && left) {
			struct job *j = &r->jobs[r->job_count++];
			j->first = i;
			j->count = k;
			if (r->done[i] && r->t->duplicate)
				j->chance0 = bones_tourney_db_chance(db, r->t->name, r->slots[i].round,
								     r->slots[i].slot);
		}
		i += k;
	}
	bones_tourney_stored_free(stored);
	return BONES_OK;
}

static void free_jobs(struct run *r)
{
	for (size_t j = 0; r->jobs && j < r->job_count; j++)
		free(r->jobs[j].chance0);
	free(r->jobs);
	free(r->done);
	r->jobs = NULL;
	r->done = NULL;
	r->job_count = 0;
	atomic_store(&r->next_job, 0);
}

/* Play one batch of slots with the worker threads. */
static bones_status run_batch(struct run *r, const bones_tourney_run_opts *o, char *err,
			      size_t errcap)
{
	int threads = o->threads > 0 ? o->threads : r->t->concurrency;
	if ((size_t)threads > r->job_count)
		threads = r->job_count ? (int)r->job_count : 1;
	pthread_t tid[256];
	r->running = 0;
	int started = 0, failed = 0;
	pthread_mutex_lock(&r->lock);
	for (int i = 0; i < threads && i < 256; i++) {
		int rc = pthread_create(&tid[started], NULL, worker_main, r);
		if (rc == EAGAIN && ++failed < 50) {
			i--;
			continue; /* a transient shortage: try again */
		}
		if (rc)
			break;
		r->running++;
		started++;
	}
	pthread_mutex_unlock(&r->lock);
	if (!started) { /* no thread at all: play in this one, then store */
		r->running = 1;
		worker_main(r);
	}
	bones_status st = watch_loop(r, o, err, errcap);
	for (int i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	if (!st && r->failure) {
		st = r->failure;
		snprintf(err, errcap, "%s", r->failure_why[0] ? r->failure_why :
			 st == BONES_ENOMEM ? _("a game could not be played (out of memory)")
					    : _("a game could not be played (the game refused its "
						"options)"));
	}
	return st;
}

/* Outcomes of the stored games of t, for Swiss pairings and knockout brackets. */
static bones_status outcomes(const bones_tourney *t, bones_tourney_db *db, int before,
			     bones_tourney_outcome **out, size_t *count)
{
	bones_tourney_game_row *rows;
	size_t n;
	*out = NULL;
	*count = 0;
	if (bones_tourney_db_rows(db, t->name, &rows, &n))
		return BONES_EIO;
	bones_tourney_outcome *o = calloc(n ? n : 1, sizeof *o);
	if (!o) {
		bones_tourney_db_free_rows(rows);
		return BONES_ENOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		o[*count].round = rows[i].round;
		o[*count].seats = rows[i].seats;
		bool known = true;
		for (int s = 0; s < rows[i].seats; s++) {
			int p = 0;
			while (p < t->player_count && strcmp(t->players[p].name, rows[i].player[s]))
				p++;
			known &= p < t->player_count;
			o[*count].player[s] = p;
			o[*count].points[s] = rows[i].points[s];
			o[*count].score[s] = rows[i].score[s];
		}
		*count += known && rows[i].round < before;
	}
	bones_tourney_db_free_rows(rows);
	*out = o;
	return BONES_OK;
}

/* A static schedule in one batch, so the threads never wait at a round's end. */
static bones_status all_rounds(const bones_tourney *t, int rounds, bones_tourney_slot **out,
			       size_t *count)
{
	*out = NULL;
	*count = 0;
	for (int round = 0; round < rounds; round++) {
		bones_tourney_slot *s;
		size_t n;
		if (bones_tourney_schedule(t, round, NULL, 0, &s, &n))
			return BONES_ENOMEM;
		bones_tourney_slot *all = realloc(*out, (*count + n + 1) * sizeof *all);
		if (!all) {
			free(s);
			return BONES_ENOMEM;
		}
		memcpy(all + *count, s, n * sizeof *s);
		*out = all;
		*count += n;
		free(s);
	}
	return BONES_OK;
}

/* One round of a Swiss or knockout, from the stored results of the rounds before. */
static bones_status next_round(const bones_tourney *t, bones_tourney_db *db, int round,
			       bones_tourney_slot **slots, size_t *n)
{
	bones_tourney_outcome *done = NULL;
	size_t nd = 0;
	bones_status st = outcomes(t, db, round, &done, &nd);
	if (!st)
		st = bones_tourney_schedule(t, round, done, nd, slots, n);
	free(done);
	return st;
}

bones_status bones_tourney_batch(const bones_tourney *t, bones_tourney_db *db, int round,
				 bones_tourney_slot **slots, size_t *n)
{
	return bones_tourney_static(t) ? all_rounds(t, bones_tourney_round_count(t), slots, n)
				       : next_round(t, db, round, slots, n);
}

/* Whether row is slot's game: the same game and the same participants in its seats. */
static bool same_game(const bones_tourney *t, const bones_tourney_slot *slot,
		      const bones_tourney_game_row *row)
{
	if (strcmp(t->games[slot->game].name, row->game) ||
	    row->seats != (slot->bye ? 1 : slot->seats))
		return false;
	for (int i = 0; i < row->seats; i++)
		if (strcmp(t->players[slot->player[i]].name, row->player[i]))
			return false;
	return true;
}

/* Every stored game of t is a game of its schedule: slots[0..n) holds every round of a
 * static one (a slot's number is its index in its round); of a Swiss or knockout only
 * the round is checked. A game outside it is damage, named with the file. */
static bones_status in_schedule(const bones_tourney *t, bones_tourney_db *db,
				const bones_tourney_slot *slots, size_t n, char *err,
				size_t errcap)
{
	bones_tourney_game_row *rows;
	size_t count, first = 0; /* slots[first]: slot 0 of rows[i]'s round */
	if (bones_tourney_db_rows(db, t->name, &rows, &count))
		return BONES_ENOMEM;
	bones_status st = BONES_OK;
	for (size_t i = 0; i < count && !st; i++) {
		const bones_tourney_game_row *g = &rows[i];
		bool ok = g->round >= 0 && g->round < bones_tourney_round_count(t) && g->slot >= 0;
		while (ok && slots && first < n && slots[first].round < g->round)
			first++;
		if (ok && slots) {
			size_t k = first + (size_t)g->slot;
			ok = k < n && slots[k].round == g->round && same_game(t, &slots[k], g);
		}
		if (!ok) {
			snprintf(err, errcap, _("'%s': round %d, game %d of tournament '%s' is not a "
				 "game of its schedule (the file was edited or is damaged): restore it "
				 "from a copy"), bones_tourney_db_path(db), g->round + 1, g->slot + 1,
				 t->name);
			st = BONES_EIO;
		}
	}
	bones_tourney_db_free_rows(rows);
	return st;
}

/* The SPRT's totals from the games stored already; a decided test stops the run
 * before it starts. */
static bones_status start_sprt(struct run *r)
{
	bones_tourney_game_row *rows;
	size_t n;
	r->sprt = bones_tourney_sprt_begin(r->t);
	if (!r->sprt)
		return BONES_ENOMEM;
	if (bones_tourney_db_rows(r->db, r->t->name, &rows, &n)) {
		bones_tourney_sprt_end(r->sprt);
		return BONES_EIO;
	}
	for (size_t i = 0; i < n; i++)
		bones_tourney_sprt_add(r->sprt, &rows[i]);
	bones_tourney_db_free_rows(rows);
	r->progress.sprt = true;
	conclude(r);
	return BONES_OK;
}

bones_status bones_tourney_run(const bones_tourney *t, bones_tourney_db *db,
			       const bones_tourney_run_opts *o, char *err, size_t errcap)
{
	struct run r = {.t = t, .db = db, .live = o->live, .engine_logs = o->engine_logs};
	r.progress.on = o->progress;
	r.progress.start_ms = bones_clock_now_ms();
	size_t set_index = 0;
	if (errcap)
		err[0] = '\0';
	bones_status st = bones_tourney_handshake(t, o->engine_logs, err, errcap);
	if (st)
		return st;
	if (o->shards > 1 && !bones_tourney_static(t)) {
		snprintf(err, errcap, _("--shard needs a schedule known in advance (round-robin or "
			 "gauntlet), not %s"), bones_tourney_format_name(t->format));
		return BONES_EINVAL;
	}
	if (t->sprt_on && o->shards > 1) {
		snprintf(err, errcap, "%s",
			 _("--shard cannot run an SPRT: it decides on all the results"));
		return BONES_EINVAL;
	}
	if (t->sprt_on && (st = start_sprt(&r)))
		return st;
	pthread_mutex_init(&r.lock, NULL);
	pthread_cond_init(&r.wake, NULL);
	int rounds = bones_tourney_round_count(t);
	for (int round = 0; round < rounds && !st && !atomic_load(&r.stop); round++) {
		bones_tourney_slot *slots;
		size_t n;
		st = bones_tourney_batch(t, db, round, &slots, &n);
		if (st)
			break;
		if (round == 0 && (st = in_schedule(t, db, bones_tourney_static(t) ? slots : NULL,
						    n, err, errcap))) {
			free(slots);
			break;
		}
		r.slots = slots;
		st = build_jobs(&r, n, o, &set_index);
		if (!st)
			st = run_batch(&r, o, err, errcap);
		free_jobs(&r);
		free(slots);
		if (bones_tourney_static(t))
			break; /* every round was in that one batch */
	}
	if (o->pairs && t->player_count <= PAIR_LINES_MAX && r.progress.done)
		print_pairs(t, &r.progress, o->pairs); /* where the run ended */
	draw_progress(t, &r.progress, true);
	if (o->played)
		*o->played = r.progress.done;
	if (st == BONES_ENOMEM && !err[0])
		snprintf(err, errcap, "%s", _("out of memory"));
	if (!st && atomic_load(&r.stop) && !r.concluded)
		st = BONES_ERANGE;
	bones_tourney_sprt_end(r.sprt);
	pthread_cond_destroy(&r.wake);
	pthread_mutex_destroy(&r.lock);
	return st;
}
