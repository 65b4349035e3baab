/* External engines for tournaments: fork/exec of `sh -c CMD` over a socket pair (so a
 * dead engine gives EPIPE, never SIGPIPE), replies read with poll() and a deadline, so
 * a crashed, hung or babbling engine can never hang the runner; the protocol's version
 * agreed at the start (docs/formats.md). */
#define _GNU_SOURCE
#include "tourney_internal.h"

#include "bones/clock.h"
#include "bones/session.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define LINE_MAX_BYTES 65536
#define PROTOCOL_MS 5000 /* time for the answer to `protocol` */

struct bones_tourney_engine {
	pid_t pid;
	int fd;
	char buf[LINE_MAX_BYTES]; /* bytes read and not yet returned */
	size_t len;
	char info[256];           /* the last "info ..." line of the last ask */
	int info_count;           /* how many the last ask skipped */
	bool movers;              /* protocol 1.1: `play` names who moved */
};

/* A start that failed for want of the host's resources (descriptors, processes,
 * memory) is the host's failure, BONES_ENOMEM; anything else BONES_EIO. */
static bones_status exhausted(int err)
{
	return err == EMFILE || err == ENFILE || err == EAGAIN || err == ENOMEM ? BONES_ENOMEM
										: BONES_EIO;
}

bones_status bones_tourney_engine_start(const char *cmd, const char *log,
					bones_tourney_engine **out, char *why, size_t cap)
{
	int sv[2];
	*out = NULL;
	bones_tourney_engine *e = calloc(1, sizeof *e);
	if (!e) {
		snprintf(why, cap, "out of memory");
		return BONES_ENOMEM;
	}
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv)) {
		bones_status st = exhausted(errno);
		snprintf(why, cap, "cannot start '%s': %s", cmd, strerror(errno));
		free(e);
		return st;
	}
	int err_fd = log ? open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644)
			 : open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (err_fd < 0 && log) {
		bones_status st = exhausted(errno);
		snprintf(why, cap, "cannot open '%s' for its stderr: %s", log, strerror(errno));
		close(sv[0]), close(sv[1]);
		free(e);
		return st;
	}
	pid_t pid = fork();
	if (pid == 0) { /* the child: only async-signal-safe calls until exec */
		setpgid(0, 0);
		dup2(sv[1], 0);
		dup2(sv[1], 1);
		if (err_fd >= 0)
			dup2(err_fd, 2);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(sv[1]);
	if (err_fd >= 0)
		close(err_fd);
	if (pid < 0) {
		bones_status st = exhausted(errno);
		snprintf(why, cap, "cannot start '%s': %s", cmd, strerror(errno));
		close(sv[0]);
		free(e);
		return st;
	}
	setpgid(pid, pid);
	e->pid = pid;
	e->fd = sv[0];
	/* an engine before protocol 1.1 answers an error (or anything else): 1.0 */
	char reply[64];
	bones_status st = bones_tourney_engine_ask(e, "protocol 1.1", PROTOCOL_MS, NULL, reply,
						   sizeof reply, why, cap);
	if (st) {
		bones_tourney_engine_stop(e);
		return st;
	}
	e->movers = !strcmp(reply, "protocol 1.1");
	*out = e;
	return BONES_OK;
}

bool bones_tourney_engine_log_tail(const char *log, char *line, size_t cap)
{
	int fd = log ? open(log, O_RDONLY | O_CLOEXEC) : -1;
	if (fd < 0)
		return false;
	char tail[4096];
	off_t size = lseek(fd, 0, SEEK_END);
	off_t from = size > (off_t)sizeof tail ? size - (off_t)sizeof tail : 0;
	ssize_t n = size > 0 ? pread(fd, tail, (size_t)(size - from), from) : 0;
	close(fd);
	while (n > 0 && (tail[n - 1] == '\n' || tail[n - 1] == '\r' || tail[n - 1] == ' '))
		n--;
	if (n <= 0)
		return false;
	ssize_t start = n;
	while (start > 0 && tail[start - 1] != '\n')
		start--;
	snprintf(line, cap, "%.*s", (int)(n - start), tail + start);
	return true;
}

void bones_tourney_engine_stop(bones_tourney_engine *e)
{
	if (!e)
		return;
	close(e->fd);
	kill(-e->pid, SIGKILL);
	kill(e->pid, SIGKILL);
	while (waitpid(e->pid, NULL, 0) < 0 && errno == EINTR)
		;
	free(e);
}

bool bones_tourney_send_all(int fd, const void *buf, size_t len)
{
	const char *text = buf;
	while (len) {
		ssize_t n = send(fd, text, len, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		text += n;
		len -= (size_t)n;
	}
	return true;
}

/* A complete line in the buffer: copy it out (without "\r\n") and drop it. */
static bool take_line(bones_tourney_engine *e, char *reply, size_t cap)
{
	char *nl = memchr(e->buf, '\n', e->len);
	if (!nl)
		return false;
	size_t n = (size_t)(nl - e->buf), keep = n;
	if (n && e->buf[n - 1] == '\r')
		n--;
	snprintf(reply, cap, "%.*s", (int)n, e->buf);
	memmove(e->buf, nl + 1, e->len - keep - 1);
	e->len -= keep + 1;
	return true;
}

/* Why the engine stopped. It runs under `sh -c`, which reports a command killed by
 * signal N as status 128 + N: that is a crash too, told as such. */
static bones_status exited(bones_tourney_engine *e, char *why, size_t whycap)
{
	int status, sig = 0;
	pid_t r = waitpid(e->pid, &status, WNOHANG);
	if (r == e->pid && WIFSIGNALED(status))
		sig = WTERMSIG(status);
	else if (r == e->pid && WIFEXITED(status) && WEXITSTATUS(status) > 128 &&
		 WEXITSTATUS(status) < 128 + NSIG)
		sig = WEXITSTATUS(status) - 128;
	if (sig)
		snprintf(why, whycap, "crashed with signal %d (%s)", sig, strsignal(sig));
	else if (r == e->pid && WIFEXITED(status) && WEXITSTATUS(status) == 0)
		snprintf(why, whycap, "quit (exited with status 0) instead of answering");
	else if (r == e->pid && WIFEXITED(status))
		snprintf(why, whycap, "exited with status %d", WEXITSTATUS(status));
	else
		snprintf(why, whycap, "crashed (closed its output)");
	return BONES_EIO;
}

bones_status bones_tourney_engine_ask(bones_tourney_engine *e, const char *line,
				      int64_t ms, const atomic_bool *stop, char *reply,
				      size_t cap, char *why, size_t whycap)
{
	size_t len = strlen(line);
	e->len = 0; /* anything unasked-for before this command is garbage: drop it */
	e->info[0] = '\0';
	e->info_count = 0;
	if (!bones_tourney_send_all(e->fd, line, len) || !bones_tourney_send_all(e->fd, "\n", 1))
		return exited(e, why, whycap);
	int64_t deadline = bones_clock_now_ms() + ms;
	for (;;) {
		if (take_line(e, reply, cap)) {
			if (strncmp(reply, "info", 4) || (reply[4] && reply[4] != ' '))
				return BONES_OK;
			/* "info ..." (a UCI habit) is no answer: keep the last, wait on */
			snprintf(e->info, sizeof e->info, "%s", reply);
			e->info_count++;
			continue;
		}
		if (e->len == sizeof e->buf) {
			snprintf(why, whycap, "sent a line longer than %d bytes", LINE_MAX_BYTES);
			return BONES_EPARSE;
		}
		int64_t left = deadline - bones_clock_now_ms();
		if (left <= 0) {
			snprintf(why, whycap, "timed out after %lld ms", (long long)ms);
			return BONES_ERANGE;
		}
		if (stop && atomic_load(stop)) {
			snprintf(why, whycap, "stopped");
			return BONES_ERANGE;
		}
		struct pollfd p = {.fd = e->fd, .events = POLLIN};
		int r = poll(&p, 1, (int)(left < 100 ? left : 100));
		if (r < 0 && errno != EINTR)
			return exited(e, why, whycap);
		if (r <= 0)
			continue;
		ssize_t n = read(e->fd, e->buf + e->len, sizeof e->buf - e->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			usleep(20000); /* give the exit status a moment to arrive */
			return exited(e, why, whycap);
		}
		e->len += (size_t)n;
	}
}

void bones_tourney_engine_play_line(const bones_tourney_engine *e, const bones_session *s,
				    size_t index, int seat, char *line, size_t cap)
{
	int who = bones_session_mover_at(s, index);
	int n = e && !e->movers    ? snprintf(line, cap, "play ")
		: who == BONES_CHANCE ? snprintf(line, cap, "play chance ")
				      : snprintf(line, cap, "play player %d ", who + 1);
	if (n > 0 && (size_t)n < cap)
		bones_session_seen_text(s, index, seat, line + n, cap - (size_t)n);
}

bool bones_tourney_engine_movers(const bones_tourney_engine *e)
{
	return e->movers;
}

/* Append line and "\n" to *out (used of cap bytes); false (*out freed) when out of memory. */
static bool append_line(char **out, size_t *used, size_t *cap, const char *line)
{
	size_t n = strlen(line);
	if (*used + n + 2 > *cap) {
		char *more = realloc(*out, *cap = (*used + n + 2) * 2);
		if (!more) {
			free(*out);
			*out = NULL;
			return false;
		}
		*out = more;
	}
	memcpy(*out + *used, line, n);
	*used += n;
	(*out)[(*used)++] = '\n';
	(*out)[*used] = '\0';
	return true;
}

char *bones_tourney_engine_play_lines(const bones_tourney_engine *e, const bones_session *s,
				     size_t from, int seat, const char *first)
{
	size_t used = 0, cap = 4096;
	char *out = calloc(cap, 1), line[BONES_MOVE_TEXT_MAX + 24];
	if (out && first && !append_line(&out, &used, &cap, first))
		return NULL;
	for (size_t i = from; out && i < bones_session_length(s); i++) {
		bones_tourney_engine_play_line(e, s, i, seat, line, sizeof line);
		if (!append_line(&out, &used, &cap, line))
			return NULL;
	}
	return out;
}

const char *bones_tourney_engine_info(const bones_tourney_engine *e, int *count)
{
	*count = e->info_count;
	return e->info;
}

bones_status bones_tourney_engine_genmove(bones_tourney_engine *e, const char *lines,
					  int64_t ms, const atomic_bool *stop, char *move,
					  size_t cap, char *why, size_t whycap)
{
	char line[BONES_MOVE_TEXT_MAX + 1200], reply[512];
	for (const char *p = lines; p && *p;) {
		size_t n = strcspn(p, "\n");
		snprintf(line, sizeof line, "%.*s", (int)n, p);
		p += n + (p[n] == '\n');
		bones_status st = bones_tourney_engine_ask(e, line, BONES_TOURNEY_ENGINE_CMD_MS,
							   stop, reply, sizeof reply, why, whycap);
		if (st)
			return st;
		if (strcmp(reply, "ok")) {
			snprintf(why, whycap, "'%.60s' answered '%.200s'", line, reply);
			return BONES_EPARSE;
		}
	}
	snprintf(line, sizeof line, "genmove %lld", (long long)ms);
	bones_status st = bones_tourney_engine_ask(e, line, ms + BONES_TOURNEY_ENGINE_SLACK_MS,
						   stop, reply, sizeof reply, why, whycap);
	if (st)
		return st;
	if (strncmp(reply, "move ", 5)) {
		/* long enough for a Python engine's exception: type, message and frame */
		snprintf(why, whycap, "answered '%.400s' to genmove", reply);
		return BONES_EPARSE;
	}
	snprintf(move, cap, "%s", reply + 5);
	return BONES_OK;
}
