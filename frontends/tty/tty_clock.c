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
 * 1: a line is in t->line, 0: the deadline passed, -1: end of input, -2: a stopping
 * signal, -3: the terminal was resized (only with resize). */
static int wait_line(tty_game *t, int64_t deadline, bool resize)
{
	int fd = fileno(t->in);
	for (;;) {
		if (tty_signal_stopped())
			return -2;
		if (resize && t->redraw && tty_signal_resized())
			return -3;
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
			if (bones_clock_injected() && timeout > BONES_CLOCK_INJECTED_POLL_MS)
				timeout = BONES_CLOCK_INJECTED_POLL_MS; /* a test moves the time */
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

/* With a game clock, every human seat's time before the prompt: "[Ann 4:32, Bob 5:00] ". */
static void print_banks(tty_game *t, int64_t now)
{
	char clock[32];
	if (bones_table_time(t->table)->per_game_ms <= 0)
		return;
	const char *sep = "[";
	for (int s = 0; s < t->players; s++) /* agents are not timed */
		if (bones_table_human(t->table, s)) {
			fprintf(t->out, "%s%s %s", sep, tty_name(t, s),
				bones_clock_text(bones_table_bank(t->table, s, now), clock,
						 sizeof clock));
			sep = ", ";
		}
	fputs("] ", t->out);
}

static void print_prompt(tty_game *t, const char *prompt)
{
	int64_t now = bones_clock_now_ms();
	int64_t left = bones_table_clock_remaining(t->table, now);
	bones_clock_phase phase = bones_table_clock_phase(t->table);
	print_banks(t, now);
	if (phase != BONES_CLOCK_RUNNING && phase != BONES_CLOCK_GRACE) {
		fprintf(t->out, "%s> ", prompt);
	} else {
		char clock[32];
		fprintf(t->out, "%s ", prompt);
		/* TRANSLATORS: after the prompt: the time left for the move (minutes:seconds),
		 * and the time left of the grace period after the penalty */
		fprintf(t->out, phase == BONES_CLOCK_GRACE ? _("[%s of grace]") : _("[%s left]"),
			bones_clock_text(left, clock, sizeof clock));
		fputs("> ", t->out);
	}
	fflush(t->out);
}

/* The limit ran out: the penalty, printed with what comes next. */
static void penalise(tty_game *t, int seat)
{
	const bones_time_control *tc = bones_table_time(t->table);
	char pen[40], total[40], grace[40];
	tty_score_text(tc->penalty, pen, sizeof pen);
	tty_score_text(bones_table_penalty(t->table, seat), total, sizeof total);
	unsigned long n = tty_plural_n(tc->penalty);
	fputc('\n', t->out);
	if (tc->penalty > 0 && tty_is_you(t, seat))
		/* TRANSLATORS: %1$s is the penalty, %2$s all the player's penalty points */
		fprintf(t->out, P_("time is up: You get a penalty of %s point (penalties %s)",
				   "time is up: You get a penalty of %s points (penalties %s)", n),
			pen, total);
	else if (tc->penalty > 0)
		/* TRANSLATORS: %1$s is the player's name, %2$s the penalty, %3$s all the
		 * player's penalty points */
		fprintf(t->out, P_("time is up: %s gets a penalty of %s point (penalties %s)",
				   "time is up: %s gets a penalty of %s points (penalties %s)", n),
			tty_name(t, seat), pen, total);
	else
		fputs(_("time is up"), t->out);
	fputc('\n', t->out);
	if (bones_table_clock_phase(t->table) == BONES_CLOCK_GRACE) {
		tty_seconds_text(tc->grace_ms, grace, sizeof grace);
		unsigned long g = tty_plural_n((double)tc->grace_ms / 1000);
		if (tc->forfeit)
			fprintf(t->out, P_("%s more second to move, then the game is forfeit",
					   "%s more seconds to move, then the game is forfeit", g),
				grace);
		else
			fprintf(t->out, P_("%s more second to move", "%s more seconds to move", g),
				grace);
		fputc('\n', t->out);
	}
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
				fputc('\n', t->out);
				if (tty_is_you(t, seat))
					fputs(_("out of time: You forfeit the game"), t->out);
				else
					fprintf(t->out, _("out of time: %s forfeits the game"),
						tty_name(t, seat));
				fputc('\n', t->out);
				return TTY_FORFEIT;
			}
			if (r.phase == BONES_CLOCK_OVERTIME && was != r.phase)
				fprintf(t->out, "\n%s\n", _("no forfeit in this game: take your time"));
			if (r.phase != was)
				print_prompt(t, prompt);
		}
		int64_t wake = timed(t) ? next_wake(t, now, &notice) : -1;
		int r = wait_line(t, wake, true);
		if (r == -2)
			return TTY_STOPPED;
		if (r == -3)
			return TTY_RESIZED;
		if (r < 0)
			return TTY_EOF;
		if (r == 0) {
			if (notice) {
				fprintf(t->out, "\n%s\n", _("10 seconds left"));
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

bool tty_wait_enter(tty_game *t, const char *prompt)
{
	fprintf(t->out, "%s> ", prompt);
	fflush(t->out);
	if (wait_line(t, -1, false) <= 0)
		return false;
	const char *s = t->line + strspn(t->line, " \t");
	size_t n = strcspn(s, " \t\r\n");
	return !((n == 1 && s[0] == 'q') || (n == 4 && !strncmp(s, "quit", 4)));
}

bool tty_wait_next_game(tty_game *t)
{
	/* TRANSLATORS: between the games of a match; "quit" is typed as it is */
	return tty_wait_enter(t, _("Enter: the next game (or quit)"));
}
