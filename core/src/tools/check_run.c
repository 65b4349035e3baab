/* `bones check` on every core: the games of each configuration in slices, each slice in
 * a child process watched through a shared page (a crash or a hang is the plugin's
 * fault, reported with its game; never the checker's end), one line per configuration
 * and a progress line with an ETA. */
#define _GNU_SOURCE /* MAP_ANONYMOUS */
#include "check_internal.h"

#include "bones/i18n.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SLICE_GAMES 250 /* games per child: small enough to spread, big enough to pay */
#define MAX_CHILDREN 64

/* What a child sends back when it ends normally. */
typedef struct slice_result {
	bones_status status;
	bones_check_report rep;
} slice_result;

typedef struct slice {
	size_t config, first, count;
} slice;

typedef struct child {
	pid_t pid;
	int fd;                   /* the read end of its result pipe */
	slice job;
	bones_check_watch *watch;
	size_t last_beat;
	double last_change;       /* when the beat last moved */
} child;

typedef struct run {
	const check_plan *plan;
	bones_check_report *rep;
	slice *slices;
	size_t slice_count, next;
	size_t *left;             /* slices still running or queued, per configuration */
	size_t *games_done;       /* per configuration, for its line */
	size_t *moves_done;
	child kids[MAX_CHILDREN];
	unsigned width;           /* children at once */
	size_t total_games, done_games;
	double start, last_draw;
	bones_status status;
} run;

static bool write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		p += w;
		n -= (size_t)w;
	}
	return true;
}

/* ---- The slices of a run ------------------------------------------------------------ */

static void child_main(const run *r, const child *k, int fd)
{
	slice_result res;
	memset(&res, 0, sizeof res);
	res.status = bones_check_games(r->plan, k->job.config, k->job.first, k->job.count,
				       k->watch, &res.rep);
	_exit(write_all(fd, &res, sizeof res) ? 0 : 125);
}

static bool start_child(run *r, child *k)
{
	int fds[2];
	if (pipe(fds))
		return false;
	k->job = r->slices[r->next];
	memset((void *)k->watch, 0, sizeof *k->watch);
	k->watch->cap = r->plan->cfg.max_game_length;
	k->watch->config = k->job.config;
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]), close(fds[1]);
		return false;
	}
	if (pid == 0) {
		close(fds[0]);
		child_main(r, k, fds[1]);
	}
	close(fds[1]);
	k->pid = pid;
	k->fd = fds[0];
	k->last_beat = 0;
	k->last_change = bones_check_now();
	r->next++;
	return true;
}

static void add_report(bones_check_report *to, const bones_check_report *from)
{
	to->games += from->games;
	to->moves += from->moves;
	to->checks += from->checks;
}

static void configuration_done(run *r, size_t c)
{
	const bones_check_config *cfg = &r->plan->cfg;
	r->rep->configurations++;
	if (cfg->log) {
		fprintf(cfg->log, _("%s: %zu games, %zu moves: ok\n"), r->plan->list[c].label,
			r->games_done[c], r->moves_done[c]);
		fflush(cfg->log);
	}
}

/* A child ended: its result, or the fault that ended it. */
static void reap(run *r, child *k, int status, bool hung)
{
	slice_result res;
	size_t got = 0;
	while (!hung && got < sizeof res) {
		ssize_t n = read(k->fd, (char *)&res + got, sizeof res - got);
		if (n <= 0 && !(n < 0 && errno == EINTR))
			break;
		got += n > 0 ? (size_t)n : 0;
	}
	close(k->fd);
	k->pid = 0;
	bool normal = !hung && WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
		      got == sizeof res;
	if (normal) {
		add_report(r->rep, &res.rep);
		r->games_done[k->job.config] += res.rep.games;
		r->moves_done[k->job.config] += res.rep.moves;
		r->done_games += res.rep.games;
		if (res.status && !r->status) {
			r->status = res.status;
			memcpy(r->rep->failure, res.rep.failure, sizeof res.rep.failure);
			memcpy(r->rep->record, res.rep.record, sizeof res.rep.record);
			r->rep->failed = true;
		} else if (!res.status && --r->left[k->job.config] == 0) {
			configuration_done(r, k->job.config);
		}
		return;
	}
	if (r->status)
		return; /* killed after another child's failure */
	r->status = BONES_EILLEGAL;
	int sig = hung ? CHECK_HUNG
		  : WIFSIGNALED(status) ? WTERMSIG(status)
		  : WIFEXITED(status) && got == 0 ? CHECK_EXITED(WEXITSTATUS(status))
		  : CHECK_NO_RESULT;
	bones_check_watch *w = k->watch;
	size_t n = w->len < w->cap ? w->len : w->cap;
	bones_check_fault(r->plan, k->job.config, w->game, w->seed, w->moves, n, sig, r->rep);
}

static void stop_children(run *r)
{
	for (unsigned i = 0; i < r->width; i++) {
		if (!r->kids[i].pid)
			continue;
		kill(r->kids[i].pid, SIGKILL);
		waitpid(r->kids[i].pid, NULL, 0);
		close(r->kids[i].fd);
		r->kids[i].pid = 0;
	}
}

static void draw_progress(run *r, bool last)
{
	if (!r->plan->cfg.progress)
		return;
	double t = bones_check_now();
	if (!last && t - r->last_draw < 0.25)
		return;
	r->last_draw = t;
	double frac = r->total_games ? (double)r->done_games / (double)r->total_games : 1;
	double elapsed = t - r->start;
	fputc('\r', stderr);
	fprintf(stderr, _("  %3.0f%%  %zu of %zu games  %.0f s"), 100 * frac, r->done_games,
		r->total_games, elapsed);
	if (!last && frac > 0.02)
		fprintf(stderr, _(", about %.0f s left  "), elapsed / frac - elapsed);
	else
		fprintf(stderr, "%-20s", "");
	if (last)
		fprintf(stderr, "\n");
}

/* Watch every child once: ends, hangs. */
static void watch_children(run *r)
{
	double t = bones_check_now();
	for (unsigned i = 0; i < r->width; i++) {
		child *k = &r->kids[i];
		if (!k->pid)
			continue;
		int status;
		if (waitpid(k->pid, &status, WNOHANG) == k->pid) {
			reap(r, k, status, false);
		} else if (k->watch->beat != k->last_beat) {
			k->last_beat = k->watch->beat;
			k->last_change = t;
		} else if (t - k->last_change > r->plan->cfg.step_seconds) {
			kill(k->pid, SIGKILL);
			waitpid(k->pid, &status, 0);
			reap(r, k, status, true);
		}
	}
}

static bones_status run_slices(run *r)
{
	r->start = bones_check_now();
	for (;;) {
		unsigned running = 0;
		for (unsigned i = 0; i < r->width; i++) {
			child *k = &r->kids[i];
			if (!k->pid && !r->status && r->next < r->slice_count && !start_child(r, k)) {
				snprintf(r->rep->failure, sizeof r->rep->failure,
					 _("cannot start a child process: %s"), strerror(errno));
				r->status = BONES_ENOMEM;
			}
			running += k->pid != 0;
		}
		if (!running)
			break;
		poll(NULL, 0, 20);
		watch_children(r);
		if (r->status)
			stop_children(r);
		draw_progress(r, false);
	}
	draw_progress(r, true);
	return r->status;
}

/* ---- The whole run ---------------------------------------------------------------- */

static void log_skipped(const check_plan *plan)
{
	for (size_t i = 0; plan->cfg.log && i < plan->count; i++)
		if (plan->list[i].same_as >= 0)
			fprintf(plan->cfg.log, _("%s: the same game as %s: skipped\n"),
				plan->list[i].label, plan->list[plan->list[i].same_as].label);
}

static bones_status run_in_process(const check_plan *plan, bones_check_report *rep)
{
	for (size_t i = 0; i < plan->count; i++) {
		if (plan->list[i].same_as >= 0)
			continue;
		size_t games = rep->games, moves = rep->moves;
		bones_status st = bones_check_games(plan, i, 0, plan->games, NULL, rep);
		if (st)
			return st;
		rep->configurations++;
		if (plan->cfg.log)
			fprintf(plan->cfg.log, _("%s: %zu games, %zu moves: ok\n"), plan->list[i].label,
				rep->games - games, rep->moves - moves);
	}
	return BONES_OK;
}

static bones_status plan_slices(run *r, check_plan *plan)
{
	size_t per = (plan->games + SLICE_GAMES - 1) / SLICE_GAMES;
	r->slices = calloc(plan->count * per, sizeof *r->slices);
	r->left = calloc(plan->count, sizeof *r->left);
	r->games_done = calloc(plan->count, sizeof *r->games_done);
	r->moves_done = calloc(plan->count, sizeof *r->moves_done);
	if (!r->slices || !r->left || !r->games_done || !r->moves_done)
		return BONES_ENOMEM;
	for (size_t i = 0; i < plan->count; i++) {
		if (plan->list[i].same_as >= 0)
			continue;
		for (size_t g = 0; g < plan->games; g += SLICE_GAMES) {
			size_t n = plan->games - g < SLICE_GAMES ? plan->games - g : SLICE_GAMES;
			r->slices[r->slice_count++] = (slice){i, g, n};
			r->left[i]++;
			r->total_games += n;
		}
	}
	for (unsigned i = 0; i < r->width; i++)
		if (!(r->kids[i].watch = bones_check_watch_create(plan->cfg.max_game_length)))
			return BONES_ENOMEM;
	return BONES_OK;
}

static void free_run(run *r)
{
	for (unsigned i = 0; i < r->width; i++)
		bones_check_watch_destroy(r->kids[i].watch);
	free(r->slices), free(r->left), free(r->games_done), free(r->moves_done);
}

bones_status bones_check_run(const bones_plugin *plugin, const bones_check_config *config,
			     bones_check_report *report)
{
	memset(report, 0, sizeof *report);
	check_plan *plan = malloc(sizeof *plan);
	if (!plan)
		return BONES_ENOMEM;
	bones_status st = bones_check_plan(plugin, config, plan, report);
	if (!st)
		log_skipped(plan);
	if (!st && plan->cfg.in_process) {
		st = run_in_process(plan, report);
	} else if (!st) {
		run r;
		memset(&r, 0, sizeof r);
		r.plan = plan;
		r.rep = report;
		long cores = sysconf(_SC_NPROCESSORS_ONLN);
		r.width = config->threads ? config->threads : cores > 0 ? (unsigned)cores : 1;
		if (r.width > MAX_CHILDREN)
			r.width = MAX_CHILDREN;
		st = plan_slices(&r, plan);
		if (!st)
			st = run_slices(&r);
		else
			snprintf(report->failure, sizeof report->failure, "%s", _("out of memory"));
		free_run(&r);
	}
	free(plan);
	return st;
}
