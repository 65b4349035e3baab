/* The terminal UI's time per move (the preset's [time], for human seats): input read
 * with poll() so the clock keeps running, the penalty and the forfeit, and the host's
 * final result and record tags (penalties, forfeit, match). */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include "bones/record.h"
#include "tty.h"

#define NOTICE_MS 10000 /* "10 seconds left" in phases of at least twice that */

bool tty_timed(const tty_game *t)
{
	return t->preset.time.per_move_ms > 0;
}

void tty_clock_start(tty_game *t)
{
	bones_clock_init(&t->clock, &t->preset.time);
	bones_clock_start(&t->clock, bones_clock_now_ms());
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
	int64_t left = bones_clock_remaining(&t->clock, bones_clock_now_ms());
	if (!tty_timed(t) || t->clock.phase == BONES_CLOCK_OVERTIME) {
		fprintf(t->out, "%s> ", prompt);
	} else {
		int64_t s = (left + 999) / 1000;
		fprintf(t->out, "%s [%d:%02d%s]> ", prompt, (int)(s / 60), (int)(s % 60),
			t->clock.phase == BONES_CLOCK_GRACE ? " of grace" : " left");
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
	const bones_time_control *tc = &t->preset.time;
	char pen[40], total[40];
		t->penalties[seat] += tc->penalty;
		format_points(tc->penalty, pen, sizeof pen);
		format_points(t->penalties[seat], total, sizeof total);
	if (tc->penalty > 0)
		fprintf(t->out, "\ntime is up: %s %s a penalty of %s point%s (penalties %s)\n",
			t->names[seat], strcmp(t->names[seat], "You") ? "gets" : "get", pen,
			tc->penalty == 1 ? "" : "s", total);
	else
		fprintf(t->out, "\ntime is up\n");
	if (t->clock.phase == BONES_CLOCK_GRACE)
		fprintf(t->out, "%g more seconds to move%s\n", (double)tc->grace_ms / 1000,
			tc->forfeit ? ", then the game is forfeit" : "");
}

/* When to wake up next: the end of the phase, or the "10 seconds left" notice. */
static int64_t next_wake(const tty_game *t, int64_t now, bool *notice)
{
	int64_t left = bones_clock_remaining(&t->clock, now);
	*notice = false;
	if (t->clock.phase != BONES_CLOCK_RUNNING && t->clock.phase != BONES_CLOCK_GRACE)
		return -1;
	int64_t phase = t->clock.phase == BONES_CLOCK_RUNNING ? t->preset.time.per_move_ms
							      : t->preset.time.grace_ms;
	if (phase >= 2 * NOTICE_MS && left > NOTICE_MS) {
		*notice = true;
		return now + left - NOTICE_MS;
	}
	return now + left;
}

enum tty_read tty_read_line(tty_game *t, int seat, const char *prompt, const char **line)
{
	print_prompt(t, prompt);
	for (;;) {
		int64_t now = bones_clock_now_ms();
		bool penalised = false, notice = false;
		if (tty_timed(t)) {
			bones_clock_phase was = t->clock.phase;
			bones_clock_phase ph = bones_clock_update(&t->clock, now, &penalised);
			if (penalised)
				penalise(t, seat);
			if (ph == BONES_CLOCK_OVERTIME && was != ph)
				fprintf(t->out, "\nno forfeit in this game: take your time\n");
			if (ph != was && ph != BONES_CLOCK_FORFEIT)
				print_prompt(t, prompt);
			if (ph == BONES_CLOCK_FORFEIT) {
				fprintf(t->out, "\nout of time: %s %s the game\n", t->names[seat],
					strcmp(t->names[seat], "You") ? "forfeits" : "forfeit");
				t->forfeit = seat;
				return TTY_FORFEIT;
			}
		}
		int64_t wake = tty_timed(t) ? next_wake(t, now, &notice) : -1;
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

void tty_final_result(tty_game *t)
{
	const void *game = bones_session_game(t->session);
	const void *state = bones_session_state(t->session);
	double scores[BONES_PRESET_MAX_SEATS];
	int ranks[BONES_PRESET_MAX_SEATS];
	bool over = bones_session_to_move(t->session) == BONES_TERMINAL;
	t->plugin->scores(game, state, scores);
	if (over)
		bones_record_ranks(t->plugin, game, state, t->players, ranks);
	bones_preset_final_result(t->plugin->flags & BONES_LOW_SCORE_WINS, t->players, scores,
				  over ? ranks : NULL, t->penalties, t->forfeit, t->final_scores,
				  t->final_ranks);
	t->finished = over || t->forfeit >= 0;
}

static void format_ms(int64_t ms, char *buf, size_t cap)
{
	if (ms % 1000)
		snprintf(buf, cap, "%" PRId64 "ms", ms);
	else
		snprintf(buf, cap, "%" PRId64 "s", ms / 1000);
}

void tty_host_tags(const tty_game *t, const char **tags, char (*buf)[160])
{
	int n = 0, b = 0;
	if (tty_timed(t)) {
		const bones_time_control *tc = &t->preset.time;
		char per[32], grace[32], pen[40];
		format_ms(tc->per_move_ms, per, sizeof per);
		format_ms(tc->grace_ms, grace, sizeof grace);
		format_points(tc->penalty, pen, sizeof pen);
		snprintf(buf[b], 160, "per_move=%s penalty=%s grace=%s forfeit=%s", per, pen,
			 grace, tc->forfeit ? "true" : "false");
		tags[n++] = "TimeControl", tags[n++] = buf[b++];
		size_t used = 0;
		buf[b][0] = '\0';
		for (int i = 0; i < t->players && used < 150; i++) {
			format_points(t->penalties[i], pen, sizeof pen);
			used += (size_t)snprintf(buf[b] + used, 160 - used, "%s%s", i ? " " : "", pen);
		}
		tags[n++] = "Penalties", tags[n++] = buf[b++];
	}
	if (t->forfeit >= 0) {
		snprintf(buf[b], 160, "%d", t->forfeit + 1);
		tags[n++] = "Forfeit", tags[n++] = buf[b++];
	}
	if (t->finished && (tty_timed(t) || t->forfeit >= 0)) {
		bones_preset_result_text(t->players, t->final_scores, t->final_ranks, buf[b], 160);
		tags[n++] = "FinalResult", tags[n++] = buf[b++];
	}
	if (t->match_tag[0])
		tags[n++] = "Match", tags[n++] = t->match_tag;
	tags[n] = NULL;
}
