/* The terminal UI's input for a human's move: read with poll() so that the table's
 * clock (the preset's [time]) keeps running, with the penalty and the forfeit told as
 * they happen. */
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include "bones/record.h"
#include "tty.h"

#define NOTICE_MS 10000 /* "10 seconds left" in phases of at least twice that */

static bool timed(const tty_game *t)
{
	return bones_table_timed(t->table);
}

/* Take a complete line (or what is left at EOF) out of inbuf; false when none. */
static bool take_line(tty_game *t)
{
	char *nl = memchr(t->inbuf, '\n', t->inlen);
	size_t len = nl ? (size_t)(nl - t->inbuf) : t->inlen;
	if (!nl && !t->eof && t->inlen < sizeof t->inbuf)
		return false;
	if (!nl && !t->inlen)
		return false;
	size_t used = nl ? len + 1 : len;
	memcpy(t->line, t->inbuf, len);
	t->line[len] = '\0';
	memmove(t->inbuf, t->inbuf + used, t->inlen - used);
	t->inlen -= used;
	return true;
}

/* Wait for a line until deadline (a bones_clock_now_ms time, < 0: no deadline).
 * 1: a line is in t->line, 0: the deadline passed, -1: end of input. */
static int wait_line(tty_game *t, int64_t deadline)
{
	int fd = fileno(t->in);
	for (;;) {
		if (take_line(t))
			return 1;
		if (t->eof)
			return -1;
		int timeout = -1;
		if (deadline >= 0) {
			int64_t left = deadline - bones_clock_now_ms();
			if (left <= 0)
				return 0;
			timeout = left > 1000000 ? 1000000 : (int)left;
		}
		struct pollfd p = {fd, POLLIN, 0};
		int r = poll(&p, 1, timeout);
		if (r < 0 && errno != EINTR)
			t->eof = true;
		if (r <= 0)
			continue;
		ssize_t n = read(fd, t->inbuf + t->inlen, sizeof t->inbuf - t->inlen);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			t->eof = true;
		else
			t->inlen += (size_t)n;
	}
}

static void print_prompt(tty_game *t, const char *prompt)
{
	int64_t left = bones_table_clock_remaining(t->table, bones_clock_now_ms());
	bones_clock_phase phase = bones_table_clock_phase(t->table);
	if (phase != BONES_CLOCK_RUNNING && phase != BONES_CLOCK_GRACE) {
		fprintf(t->out, "%s> ", prompt);
	} else {
		int64_t s = (left + 999) / 1000;
		fprintf(t->out, "%s [%d:%02d%s]> ", prompt, (int)(s / 60), (int)(s % 60),
			phase == BONES_CLOCK_GRACE ? " of grace" : " left");
	}
	fflush(t->out);
}

static void format_points(double v, char *buf, size_t cap)
{
	bones_record_format_score(v, buf, cap);
}

/* The limit ran out: the penalty, printed with what comes next. */
static void penalise(tty_game *t, int seat)
{
	const bones_time_control *tc = bones_table_time(t->table);
	char pen[40], total[40];
	format_points(tc->penalty, pen, sizeof pen);
	format_points(bones_table_penalty(t->table, seat), total, sizeof total);
	if (tc->penalty > 0)
		fprintf(t->out, "\ntime is up: %s %s a penalty of %s point%s (penalties %s)\n",
			tty_name(t, seat), strcmp(tty_name(t, seat), "You") ? "gets" : "get", pen,
			tc->penalty == 1 ? "" : "s", total);
	else
		fprintf(t->out, "\ntime is up\n");
	if (bones_table_clock_phase(t->table) == BONES_CLOCK_GRACE)
		fprintf(t->out, "%g more seconds to move%s\n", (double)tc->grace_ms / 1000,
			tc->forfeit ? ", then the game is forfeit" : "");
}

/* When to wake up next: the end of the phase, or the "10 seconds left" notice. */
static int64_t next_wake(const tty_game *t, int64_t now, bool *notice)
{
	int64_t left = bones_table_clock_remaining(t->table, now);
	bones_clock_phase phase = bones_table_clock_phase(t->table);
	*notice = false;
	if (phase != BONES_CLOCK_RUNNING && phase != BONES_CLOCK_GRACE)
		return -1;
	const bones_time_control *tc = bones_table_time(t->table);
	int64_t whole = phase == BONES_CLOCK_RUNNING ? tc->per_move_ms : tc->grace_ms;
	if (whole >= 2 * NOTICE_MS && left > NOTICE_MS) {
		*notice = true;
		return now + left - NOTICE_MS;
	}
	return now + left;
}

enum tty_read tty_read_line(tty_game *t, int seat, const char *prompt, const char **line)
{
	bones_table_tick(t->table, bones_clock_now_ms(), NULL); /* starts a new move's clock */
	print_prompt(t, prompt);
	for (;;) {
		int64_t now = bones_clock_now_ms();
		bool notice = false;
		if (timed(t)) {
			bones_clock_phase was = bones_table_clock_phase(t->table);
			bones_table_tick_result r;
			bones_table_tick(t->table, now, &r);
			if (r.penalised >= 0)
				penalise(t, seat);
			if (r.forfeited >= 0) {
				fprintf(t->out, "\nout of time: %s %s the game\n", tty_name(t, seat),
					strcmp(tty_name(t, seat), "You") ? "forfeits" : "forfeit");
				return TTY_FORFEIT;
			}
			if (r.phase == BONES_CLOCK_OVERTIME && was != r.phase)
				fprintf(t->out, "\nno forfeit in this game: take your time\n");
			if (r.phase != was)
				print_prompt(t, prompt);
		}
		int64_t wake = timed(t) ? next_wake(t, now, &notice) : -1;
		int r = wait_line(t, wake);
		if (r < 0)
			return TTY_EOF;
		if (r == 0) {
			if (notice) {
				fprintf(t->out, "\n10 seconds left\n");
				print_prompt(t, prompt);
			}
			continue;
		}
		char *s = t->line;
		size_t n = strlen(s);
		while (n > 0 && strchr(" \t\r\n", s[n - 1]))
			s[--n] = '\0';
		s += strspn(s, " \t");
		if (t->echo)
			fprintf(t->out, "%s\n", s);
		*line = s;
		return TTY_LINE;
	}
}
