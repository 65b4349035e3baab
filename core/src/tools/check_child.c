/* The watched children of `bones check`: a shared page through which a child shows its
 * beat and moves, and a function run in a child that is killed when its beat stops.
 * check_run.c runs the slices of a run in them, check_shrink.c the shrinking of a
 * crash; see check_internal.h. */
#define _GNU_SOURCE /* MAP_ANONYMOUS */
#include "check_internal.h"

#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double bones_check_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bones_check_watch *bones_check_watch_create(size_t cap)
{
	size_t size = sizeof(bones_check_watch) + cap * sizeof(bones_move);
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	bones_check_watch *w = p;
	w->cap = cap;
	return w;
}

void bones_check_watch_destroy(bones_check_watch *w)
{
	if (w)
		munmap(w, sizeof *w + w->cap * sizeof(bones_move));
}

int bones_check_in_child(const check_plan *plan, bones_check_watch *watch,
			 int (*fn)(const check_plan *plan, bones_check_watch *watch, void *user),
			 void *user)
{
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0)
		return -1001;
	if (pid == 0)
		_exit(fn(plan, watch, user) & 255);
	size_t beat = watch ? watch->beat : 0;
	double changed = bones_check_now();
	for (;;) {
		int status;
		pid_t r = waitpid(pid, &status, WNOHANG);
		if (r == pid)
			return WIFSIGNALED(status) ? -WTERMSIG(status) : WEXITSTATUS(status);
		if (watch && watch->beat != beat) {
			beat = watch->beat;
			changed = bones_check_now();
		} else if (bones_check_now() - changed > plan->cfg.step_seconds) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return -1000;
		}
		poll(NULL, 0, 10);
	}
}
