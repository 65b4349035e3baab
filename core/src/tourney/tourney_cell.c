/* A worker's games in a process of their own (a cell): a plugin that crashes, hangs or
 * calls exit costs its game, never the run. The worker sends the cell a slot over a
 * socket pair and reads back the finished game; a shared page shows the moves made,
 * so a game that stops moving is killed at its limit; see tourney_internal.h. */
#define _GNU_SOURCE /* MAP_ANONYMOUS */
#include "tourney_internal.h"

#include "bones/clock.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define QUIT_MS 2000 /* how long a cell told to quit may take before it is killed */

struct bones_tourney_cell {
	pid_t pid;
	int fd;                   /* the worker's end of the socket pair */
	volatile size_t *beat;    /* shared: the moves of the game in progress */
};

/* What the worker asks: a slot to play (round -1: quit), then chance_len bytes. */
struct request {
	bones_tourney_slot slot;
	size_t chance_len;
};

/* What the cell answers: the game (pointers not meaningful), then chance and record. */
struct reply {
	bones_status status;
	char error[256];          /* the host's failure, as bones_tourney_worker.error */
	bones_tourney_done done;
	size_t chance_len, record_len;
};

static bool recv_all(int fd, void *buf, size_t n)
{
	char *p = buf;
	while (n) {
		ssize_t k = recv(fd, p, n, 0);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return false;
		p += k;
		n -= (size_t)k;
	}
	return true;
}

/* ---- The cell's side ---------------------------------------------------------------- */

static bool answer(int fd, bones_status st, const char *error, const bones_tourney_done *d)
{
	struct reply rp;
	memset(&rp, 0, sizeof rp);
	rp.status = st;
	memcpy(rp.error, error, sizeof rp.error);
	if (d) {
		rp.done = *d;
		rp.chance_len = strlen(d->chance);
		rp.record_len = strlen(d->record);
	}
	return bones_tourney_send_all(fd, &rp, sizeof rp) &&
	       (!d || (bones_tourney_send_all(fd, d->chance, rp.chance_len) &&
		       bones_tourney_send_all(fd, d->record, rp.record_len)));
}

/* Play what the worker sends until it says quit or goes away. */
static void cell_main(const bones_tourney_worker *parent, int fd, volatile size_t *beat)
{
	atomic_bool stop = false; /* the worker kills the cell to stop it */
	bones_tourney_worker w = {.t = parent->t, .stop = &stop, .live = parent->live,
				  .engine_logs = parent->engine_logs, .beat = beat};
	struct request rq;
	while (recv_all(fd, &rq, sizeof rq) && rq.slot.round >= 0) {
		char *chance = rq.chance_len ? malloc(rq.chance_len + 1) : NULL;
		if (rq.chance_len && (!chance || !recv_all(fd, chance, rq.chance_len)))
			break;
		if (chance)
			chance[rq.chance_len] = '\0';
		bones_tourney_done *d = NULL;
		bones_status st = bones_tourney_play(&w, &rq.slot, chance, &d);
		bool sent = answer(fd, st, w.error, st ? NULL : d);
		bones_tourney_done_free(d);
		free(chance);
		if (!sent)
			break;
	}
	bones_tourney_worker_release(&w);
	_exit(0);
}

/* ---- The worker's side -------------------------------------------------------------- */

/* Kill the cell; how it ended (a crash under way when the kill came is still one). */
static int cell_kill(struct bones_tourney_cell *c)
{
	int status = 0;
	kill(c->pid, SIGKILL);
	waitpid(c->pid, &status, 0);
	c->pid = 0;
	return status;
}

static void cell_free(bones_tourney_worker *w)
{
	struct bones_tourney_cell *c = w->cell;
	if (!c)
		return;
	if (c->pid)
		cell_kill(c);
	close(c->fd);
	munmap((void *)c->beat, sizeof *c->beat);
	free(c);
	w->cell = NULL;
}

static bones_status cell_start(bones_tourney_worker *w)
{
	int sv[2];
	pid_t parent = getpid();
	struct bones_tourney_cell *c = calloc(1, sizeof *c);
	if (!c)
		return BONES_ENOMEM;
	void *page = mmap(NULL, sizeof *c->beat, PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv)) {
		snprintf(w->error, sizeof w->error, "cannot start a process for the games: %s",
			 strerror(errno));
		if (page != MAP_FAILED)
			munmap(page, sizeof *c->beat);
		free(c);
		return BONES_EIO;
	}
	c->beat = page;
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) { /* the cell: dies with its worker thread */
		close(sv[0]);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(0);
		cell_main(w, sv[1], c->beat);
	}
	int saved = errno;
	close(sv[1]);
	c->pid = pid > 0 ? pid : 0;
	c->fd = sv[0];
	w->cell = c;
	if (pid > 0)
		return BONES_OK;
	snprintf(w->error, sizeof w->error, "cannot start a process for the games: %s",
		 strerror(saved));
	cell_free(w);
	return BONES_EIO;
}

/* Why the game ended with the cell, which ended with status: a crash, an exit or a
 * kill after no move for limit_ms. */
static void cell_why(int status, const char *plugin, size_t moves, int64_t limit_ms, char *why,
		     size_t cap)
{
	if (WIFSIGNALED(status) && WTERMSIG(status) != SIGKILL)
		snprintf(why, cap, "plugin '%s' crashed with signal %d (%s) after move %zu", plugin,
			 WTERMSIG(status), strsignal(WTERMSIG(status)), moves);
	else if (WIFEXITED(status))
		snprintf(why, cap, "plugin '%s' ended the game's process with status %d after "
			 "move %zu (a plugin must not call exit)", plugin, WEXITSTATUS(status),
			 moves);
	else
		snprintf(why, cap, "plugin '%s': no move for %.1f s after move %zu: stopped",
			 plugin, (double)limit_ms / 1000, moves);
}

/* Wait for the answer: 1 ready, 0 the game stopped moving for limit_ms (the cell is
 * killed, *status says how it ended), -1 the run stops (killed too). */
static int await(bones_tourney_worker *w, int64_t limit_ms, int *status)
{
	struct bones_tourney_cell *c = w->cell;
	size_t beat = *c->beat;
	int64_t moved = bones_clock_now_ms();
	for (;;) {
		struct pollfd p = {.fd = c->fd, .events = POLLIN};
		if (poll(&p, 1, 50) > 0)
			return 1;
		int64_t now = bones_clock_now_ms();
		if (atomic_load(w->stop)) {
			cell_kill(c);
			return -1;
		}
		if (*c->beat != beat) {
			beat = *c->beat;
			moved = now;
		} else if (now - moved >= limit_ms) {
			*status = cell_kill(c);
			return 0;
		}
	}
}

static bool read_reply(struct bones_tourney_cell *c, struct reply *rp, bones_tourney_done **out)
{
	if (!recv_all(c->fd, rp, sizeof *rp))
		return false;
	if (rp->status)
		return true;
	bones_tourney_done *d = malloc(sizeof *d);
	char *chance = malloc(rp->chance_len + 1), *record = malloc(rp->record_len + 1);
	bool ok = d && chance && record && recv_all(c->fd, chance, rp->chance_len) &&
		  recv_all(c->fd, record, rp->record_len);
	if (!ok) {
		free(d), free(chance), free(record);
		rp->status = d && chance && record ? BONES_EIO : BONES_ENOMEM;
		return rp->status == BONES_ENOMEM;
	}
	chance[rp->chance_len] = record[rp->record_len] = '\0';
	*d = rp->done;
	d->row.chance = d->chance = chance;
	d->row.record = d->record = record;
	d->next = NULL;
	*out = d;
	return true;
}

static int64_t limit_of(const bones_tourney *t, const bones_tourney_slot *slot)
{
	for (int i = 0; i < slot->seats; i++)
		if (t->players[slot->player[i]].engine[0])
			return t->hang_ms + t->move_ms;
	return t->hang_ms;
}

bones_status bones_tourney_cell_play(bones_tourney_worker *w, const bones_tourney_slot *slot,
				     const char *chance_in, bones_tourney_done **out)
{
	*out = NULL;
	if (slot->bye) /* no game, no plugin */
		return bones_tourney_play(w, slot, chance_in, out);
	bones_status st = w->cell ? BONES_OK : cell_start(w);
	if (st)
		return st;
	struct bones_tourney_cell *c = w->cell;
	struct request rq = {.slot = *slot, .chance_len = chance_in ? strlen(chance_in) : 0};
	*c->beat = 0;
	bool sent = bones_tourney_send_all(c->fd, &rq, sizeof rq) &&
		    (!rq.chance_len || bones_tourney_send_all(c->fd, chance_in, rq.chance_len));
	int64_t limit = limit_of(w->t, slot);
	int status = 0;
	int ready = sent ? await(w, limit, &status) : 1;
	struct reply rp;
	if (ready > 0 && sent && read_reply(c, &rp, out)) {
		if (rp.status)
			memcpy(w->error, rp.error, sizeof w->error);
		return rp.status;
	}
	bones_tourney_live_drop(w, slot); /* the cell could not */
	if (ready < 0) {
		cell_free(w);
		return BONES_ERANGE;
	}
	if (ready)
		status = cell_kill(c); /* it may have closed its end and still run */
	char why[200];
	size_t moves = *c->beat;
	cell_why(status, w->t->games[slot->game].plugin->id, moves, limit, why, sizeof why);
	cell_free(w); /* the next game gets a new process */
	return bones_tourney_fault(w->t, slot, moves, why, out);
}

void bones_tourney_cell_release(bones_tourney_worker *w)
{
	struct bones_tourney_cell *c = w->cell;
	if (!c)
		return;
	struct request rq;
	memset(&rq, 0, sizeof rq);
	rq.slot.round = -1;
	if (bones_tourney_send_all(c->fd, &rq, sizeof rq)) {
		for (int64_t start = bones_clock_now_ms();
		     bones_clock_now_ms() - start < QUIT_MS;) {
			if (waitpid(c->pid, NULL, WNOHANG) == c->pid) {
				c->pid = 0;
				break;
			}
			poll(NULL, 0, 5);
		}
	}
	cell_free(w);
}
