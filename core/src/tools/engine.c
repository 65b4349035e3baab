/* The engine protocol (docs/formats.md) over any pair of streams; see bones/engine.h and
 * docs/formats.md. One reply per command; a bad line costs one "error:" line. */
#include "bones/engine.h"

#include "bones/agent.h"
#include "bones/clock.h"
#include "bones/preset.h"
#include "bones/record.h"
#include "bones/rng.h"
#include "bones/session.h"
#include "engine_internal.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define RENDER_CAP (256 * 1024)
/* The game's seed, mixed with these, seeds the agent and the guesses of masked
 * outcomes: repeatable with `seed=N`, and unrelated to the game's own chance. */
#define AGENT_SALT 0x9e3779b97f4a7c15ull
#define GUESS_SALT 0xd1b54a32d192ed03ull
#define MAX_ARGS 64

struct bones_engine {
	bones_registry *reg;    /* borrowed */
	bones_session *session; /* the current game, NULL before `new` */
	bones_preset preset;    /* what `new` resolved, for the record's tags */
	bones_move *moves;      /* max_moves of the current game */
	uint64_t games;         /* games started, mixed into clock seeds */
	char *agent_spec;       /* set by bones_engine_set_agent: answers genmove; owned */
	bones_agent *agent;     /* the agent for the current game, NULL without a spec */
	bool *masked;           /* per history entry: a masked outcome the engine guessed */
	size_t masked_cap;
	int seat;               /* `new ... seat=N`: the player this engine is (0-based), or -1 */
	bones_rng guesses;      /* draws the masked outcomes; seeded by the game's seed */
	long repair_budget;     /* bones_engine_set_repair_budget; 0: the default */
	bones_engine_chooser chooser; /* bones_engine_set_chooser: answers genmove, or NULL */
	void *chooser_user;     /* borrowed; passed back to chooser */
};

bones_engine *bones_engine_create(bones_registry *reg)
{
	bones_engine *e = calloc(1, sizeof *e);
	if (e)
		e->reg = reg;
	return e;
}

static void end_game(bones_engine *e)
{
	bones_agent_destroy(e->agent);
	bones_session_destroy(e->session);
	free(e->moves);
	free(e->masked);
	e->masked = NULL;
	e->masked_cap = 0;
	e->agent = NULL;
	e->session = NULL;
	e->moves = NULL;
}

bones_status bones_engine_set_agent(bones_engine *e, const char *spec)
{
	char *copy = spec ? strdup(spec) : NULL;
	if (spec && !copy)
		return BONES_ENOMEM;
	free(e->agent_spec);
	e->agent_spec = copy;
	return BONES_OK;
}

void bones_engine_set_chooser(bones_engine *e, bones_engine_chooser fn, void *user)
{
	e->chooser = fn;
	e->chooser_user = user;
}

void bones_engine_set_repair_budget(bones_engine *e, long entries)
{
	e->repair_budget = entries > 0 ? entries : 0;
}

void bones_engine_destroy(bones_engine *e)
{
	if (!e)
		return;
	end_game(e);
	free(e->agent_spec);
	free(e);
}

/* "error: " and the message on one line; a control character in it (a TAB of the
 * command echoed back) is written escaped: "\t", else "\xNN". */
static void reply_error(FILE *out, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	fputs("error: ", out);
	for (const unsigned char *c = (const unsigned char *)msg; *c; c++)
		if (*c == '\t')
			fputs("\\t", out);
		else if (*c < 0x20 || *c == 0x7f)
			fprintf(out, "\\x%02x", *c);
		else
			fputc(*c, out);
	fputc('\n', out);
}

/* Write text as lines, a line starting with "." gets one more (dot-stuffing), then ".". */
static void write_block(FILE *out, const char *text, size_t len)
{
	size_t i = 0;
	while (i < len) {
		size_t n = 0;
		while (i + n < len && text[i + n] != '\n')
			n++;
		if (text[i] == '.')
			fputc('.', out);
		fwrite(text + i, 1, n, out);
		fputc('\n', out);
		i += n + 1;
	}
	fputs(".\n", out);
}

static uint64_t clock_seed(bones_engine *e)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t x = (uint64_t)ts.tv_sec * 1000000007ull ^ (uint64_t)ts.tv_nsec;
	return x ^ ((uint64_t)getpid() << 32) ^ (++e->games * 0x9e3779b97f4a7c15ull);
}

/* A decimal whole number 0..2^64-1 and nothing else. */
static bool parse_whole(const char *text, uint64_t *value)
{
	char *end;
	errno = 0;
	if (!isdigit((unsigned char)*text))
		return false;
	unsigned long long v = strtoull(text, &end, 10);
	*value = v;
	return !errno && !*end;
}

/* "variant=V" names one of the plugin's variants (else it may be an option). */
static bool is_variant(const bones_plugin *p, const char *arg)
{
	if (strncmp(arg, "variant=", 8))
		return false;
	for (size_t i = 0; i < p->variant_count; i++)
		if (!strcmp(p->variants[i].id, arg + 8))
			return true;
	return bones_options_find(p, "variant") < 0;
}

/* "seat=N": the player this engine is; not a plugin option. */
static bool is_seat(const char *arg)
{
	return !strncmp(arg, "seat=", 5);
}

/* Options for `new`: the preset (with variant=V replacing its variant), then k=v. */
static bool new_options(bones_engine *e, bones_preset *preset, const bones_plugin *p,
			char **args, int argc, bones_options *opts, uint64_t *seed, int *seat,
			FILE *out)
{
	char err[512];
	uint64_t n;
	*seed = clock_seed(e);
	*seat = -1;
	for (int i = 0; i < argc; i++) {
		if (is_variant(p, args[i])) {
			snprintf(preset->variant, sizeof preset->variant, "%s", args[i] + 8);
		} else if (!strncmp(args[i], "seed=", 5) && !parse_whole(args[i] + 5, seed)) {
			reply_error(out, "seed: '%s' is not a whole number 0..2^64-1", args[i] + 5);
			return false;
		} else if (is_seat(args[i])) {
			if (!parse_whole(args[i] + 5, &n) || n < 1 || n > 64) {
				reply_error(out, "seat: '%s' is not a player number", args[i] + 5);
				return false;
			}
			*seat = (int)n - 1;
		}
	}
	if (bones_preset_options(preset, p, opts, err, sizeof err)) {
		reply_error(out, "%s", err);
		return false;
	}
	for (int i = 0; i < argc; i++) {
		char *eq = strchr(args[i], '=');
		if (is_variant(p, args[i]) || !strncmp(args[i], "seed=", 5) || is_seat(args[i]))
			continue;
		if (!eq || eq == args[i]) {
			reply_error(out, "'%s': expected key=value", args[i]);
			goto out_release;
		}
		*eq = '\0';
		bones_status st = bones_options_set(opts, args[i], eq + 1, err, sizeof err);
		*eq = '=';
		if (st) {
			reply_error(out, "%s", err);
			goto out_release;
		}
	}
	return true;
out_release:
	bones_options_release(opts);
	return false;
}

/* Configure a session from the arguments of `new`; NULL after replying an error. */
static bones_session *new_session(bones_engine *e, bones_preset *preset, char **args,
				  int argc, int *seat, FILE *out)
{
	char err[512];
	const bones_plugin *p;
	if (bones_preset_resolve(args[0], e->reg, preset, &p, err, sizeof err)) {
		reply_error(out, "%s", err);
		return NULL;
	}
	bones_options opts;
	uint64_t seed;
	if (!new_options(e, preset, p, args + 1, argc - 1, &opts, &seed, seat, out))
		return NULL;
	bones_session *s = NULL;
	if (bones_session_create(p, &opts, seed, &s, err, sizeof err))
		reply_error(out, "%s", err);
	bones_options_release(&opts);
	if (s && *seat >= bones_session_info(s)->players) {
		reply_error(out, "seat: %d is not a player of this game (1..%d)", *seat + 1,
			    bones_session_info(s)->players);
		bones_session_destroy(s);
		s = NULL;
	}
	return s;
}

static void cmd_new(bones_engine *e, char **args, int argc, FILE *out)
{
	if (argc < 1) {
		reply_error(out, "usage: new GAME [key=value ...] (GAME: a plugin id or preset)");
		return;
	}
	bones_preset *preset = calloc(1, sizeof *preset);
	if (!preset) {
		reply_error(out, "out of memory");
		return;
	}
	int seat;
	bones_session *s = new_session(e, preset, args, argc, &seat, out);
	bones_move *moves = NULL;
	bones_agent *agent = NULL;
	char err[512];
	if (s && e->agent_spec &&
	    bones_agent_create(e->agent_spec, bones_session_plugin(s), bones_session_game(s),
			       bones_session_info(s), bones_session_seed(s) ^ AGENT_SALT, &agent, err,
			       sizeof err)) {
		reply_error(out, "%s", err);
		bones_session_destroy(s);
		s = NULL;
	}
	if (s) {
		moves = malloc((bones_session_info(s)->max_moves + 1) * sizeof *moves);
		if (!moves) {
			reply_error(out, "out of memory");
			bones_session_destroy(s);
			bones_agent_destroy(agent);
			s = NULL;
		}
	}
	if (s) {
		end_game(e);
		e->agent = agent;
		e->session = s;
		e->moves = moves;
		e->preset = *preset;
		e->seat = seat;
		bones_rng_seed(&e->guesses, bones_session_seed(s) ^ GUESS_SALT);
		fputs("ok\n", out);
	}
	free(preset);
}

static void cmd_tomove(bones_engine *e, FILE *out)
{
	int who = bones_session_to_move(e->session);
	if (who == BONES_CHANCE)
		fputs("chance\n", out);
	else if (who == BONES_TERMINAL)
		fputs("over\n", out);
	else
		fprintf(out, "player %d\n", who + 1);
}

static void cmd_legal(bones_engine *e, FILE *out)
{
	const bones_session *s = e->session;
	const bones_plugin *p = bones_session_plugin(s);
	const void *game = bones_session_game(s), *state = bones_session_state(s);
	size_t n = 0;
	if (bones_session_to_move(s) != BONES_TERMINAL)
		n = p->legal_moves(game, state, e->moves, NULL, bones_session_info(s)->max_moves);
	fprintf(out, "legal %zu", n);
	for (size_t i = 0; i < n; i++) {
		char text[BONES_MOVE_TEXT_MAX];
		if (!p->format_move(game, state, e->moves[i], text, sizeof text))
			snprintf(text, sizeof text, "?");
		fprintf(out, " %s", text);
	}
	fputc('\n', out);
}

/* A masked chance outcome ("draw:?": a tournament host hides what this seat may not
 * see): play one of the legal outcomes whose notation starts with the text before '?',
 * chosen at random. Returns false when the text is no mask or nothing matches. */
static bool play_masked(bones_engine *e, const char *text)
{
	bones_session *s = e->session;
	size_t len = strlen(text);
	if (!len || text[len - 1] != '?' || bones_session_to_move(s) != BONES_CHANCE)
		return false;
	const bones_plugin *p = bones_session_plugin(s);
	const void *game = bones_session_game(s), *state = bones_session_state(s);
	size_t n = p->legal_moves(game, state, e->moves, NULL, bones_session_info(s)->max_moves);
	size_t match = 0;
	for (size_t i = 0; i < n; i++) {
		char t[BONES_MOVE_TEXT_MAX];
		if (p->format_move(game, state, e->moves[i], t, sizeof t) &&
		    !strncmp(t, text, len - 1))
			e->moves[match++] = e->moves[i];
	}
	return match &&
	       !bones_session_play(s, e->moves[bones_rng_below(&e->guesses, (uint32_t)match)]);
}

/* Note whether the last history entry was a guess; false when out of memory. */
static bool mark_last(bones_engine *e, bool guessed)
{
	size_t i = bones_session_length(e->session) - 1;
	if (i >= e->masked_cap) {
		size_t cap = (i + 1) * 2;
		bool *m = realloc(e->masked, cap * sizeof *m);
		if (!m)
			return false;
		memset(m + e->masked_cap, 0, (cap - e->masked_cap) * sizeof *m);
		e->masked = m;
		e->masked_cap = cap;
	}
	e->masked[i] = guessed;
	return true;
}

/* Change the guesses so that goal holds (engine_redeal.c) within the engine's repair
 * budget; false when none was guessed or no change found does it. */
static bool redeal(bones_engine *e, bones_redeal_goal goal)
{
	size_t n = bones_session_length(e->session);
	bool any = false;
	for (size_t i = 0; i < n && i < e->masked_cap; i++)
		any |= e->masked[i];
	return any && n <= e->masked_cap &&
	       !bones_engine_redeal(e->session, e->masked, goal, bones_session_seed(e->session),
				    e->repair_budget);
}

/* Whether text is a move of this game in some position: the plugin parses it (legal or
 * not) here or at an earlier entry of the history. Text that is no move anywhere needs
 * no repair of the guesses. */
static bool could_be_move(bones_engine *e, const char *text)
{
	const bones_session *s = e->session;
	const bones_plugin *p = bones_session_plugin(s);
	bones_move m;
	for (size_t i = bones_session_length(s) + 1; i-- > 0;) {
		const void *state = i == bones_session_length(s) ? bones_session_state(s)
								  : bones_session_state_at(s, i);
		if (p->parse_move(bones_session_game(s), state, text, &m) != BONES_EPARSE)
			return true;
	}
	return false;
}

/* A move the guesses made illegal: change guesses, then play it. */
static bool play_redealt(bones_engine *e, const char *text)
{
	char err[512];
	return redeal(e, (bones_redeal_goal){.text = text, .seat = -1}) &&
	       !bones_session_play_text(e->session, text, err, sizeof err);
}

static void cmd_play(bones_engine *e, const char *text, FILE *out)
{
	char err[512];
	if (!*text) {
		reply_error(out, "usage: play MOVE");
		return;
	}
	bool guessed = play_masked(e, text);
	/* text that is no move of this game in any position is refused before a repair */
	if (!guessed && bones_session_play_text(e->session, text, err, sizeof err) &&
	    (!could_be_move(e, text) || !play_redealt(e, text))) {
		reply_error(out, "%s", err);
		return;
	}
	if (!mark_last(e, guessed))
		reply_error(out, "out of memory");
	else
		fputs("ok\n", out);
}

/* Extension: resolve the chance nodes ahead with the game's seeded RNG. */
static void cmd_roll(bones_engine *e, FILE *out)
{
	bones_session *s = e->session;
	if (bones_session_to_move(s) != BONES_CHANCE) {
		reply_error(out, "roll: not a chance node (tomove says who moves)");
		return;
	}
	size_t from = bones_session_length(s);
	if (bones_session_resolve_chance(s)) {
		while (bones_session_length(s) > from)
			bones_session_undo(s);
		reply_error(out, "roll: the plugin listed no chance outcomes");
		return;
	}
	const bones_plugin *p = bones_session_plugin(s);
	fputs("ok", out);
	for (size_t i = from; i < bones_session_length(s); i++) {
		char text[BONES_MOVE_TEXT_MAX];
		if (!p->format_move(bones_session_game(s), bones_session_state_at(s, i),
				    bones_session_move_at(s, i), text, sizeof text))
			snprintf(text, sizeof text, "?");
		fprintf(out, " %s", text);
	}
	fputc('\n', out);
}

/* The move of the chooser when one is set, else of the agent. */
static bones_status choose(bones_engine *e, int who, double seconds, bones_move *move)
{
	if (e->chooser)
		return e->chooser(e->chooser_user, e->session, who, seconds, move);
	return bones_agent_choose(e->agent, bones_session_state(e->session), move);
}

/* genmove [MS]: the engine's agent chooses a move for the player to move (its seat,
 * when `new` named it). A repair of the guesses (the guesses had another player to
 * move) has its own budget of work, not of time; MS, the host's time for this move in
 * milliseconds, bounds the agent's search: 90% of what is left less 20 ms for the
 * exchange, at least 1 ms. */
static void cmd_genmove(bones_engine *e, const char *ms_text, FILE *out)
{
	bones_move m;
	char text[BONES_MOVE_TEXT_MAX];
	uint64_t ms = 0;
	if (ms_text && !parse_whole(ms_text, &ms)) {
		reply_error(out, "genmove: '%s' is not a time in milliseconds", ms_text);
		return;
	}
	int64_t start = bones_clock_now_ms();
	int who = bones_session_to_move(e->session);
	if (e->seat >= 0 && who >= 0 && who != e->seat &&
	    redeal(e, (bones_redeal_goal){.text = NULL, .seat = e->seat}))
		who = bones_session_to_move(e->session); /* the guesses had the wrong player lead */
	double left = (double)ms / 1000 - (double)(bones_clock_now_ms() - start) / 1000;
	/* at least half the time left when the margin leaves too little */
	double seconds = ms ? fmax(fmax(left * 0.9 - 0.02, left / 2), 0.001) : 0;
	if (e->agent)
		bones_agent_set_time_limit(e->agent, seconds);
	if (!e->agent && !e->chooser)
		reply_error(out, "genmove: no agent: start the engine with --agent SPEC");
	else if (e->seat >= 0 && who >= 0 && who != e->seat)
		reply_error(out, "genmove: player %d is not to move here (tomove says who moves)",
			    e->seat + 1);
	else if (who < 0)
		reply_error(out, "genmove: no player is to move (tomove says who moves)");
	else if (choose(e, who, seconds, &m) ||
		 !bones_session_plugin(e->session)->format_move(bones_session_game(e->session),
								bones_session_state(e->session),
								m, text, sizeof text))
		reply_error(out, "genmove: the agent found no move");
	else
		fprintf(out, "move %s\n", text);
}

static void cmd_scores(bones_engine *e, FILE *out)
{
	const bones_session *s = e->session;
	int players = bones_session_info(s)->players;
	double *scores = calloc((size_t)players, sizeof *scores);
	if (!scores) {
		reply_error(out, "out of memory");
		return;
	}
	bones_session_plugin(s)->scores(bones_session_game(s), bones_session_state(s), scores);
	fputs("scores", out);
	for (int i = 0; i < players; i++) {
		char num[40];
		bones_record_format_score(scores[i], num, sizeof num);
		fprintf(out, " %s", num);
	}
	fputc('\n', out);
	free(scores);
}

static void cmd_show(bones_engine *e, FILE *out)
{
	const bones_session *s = e->session;
	char *buf = malloc(RENDER_CAP);
	if (!buf) {
		reply_error(out, "out of memory");
		return;
	}
	size_t n = bones_session_plugin(s)->render_text(bones_session_game(s),
							 bones_session_state(s), -1, buf,
							 RENDER_CAP);
	write_block(out, buf, n < RENDER_CAP ? n : RENDER_CAP - 1);
	free(buf);
}

static void cmd_record(bones_engine *e, FILE *out)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	if (!mem) {
		reply_error(out, "out of memory");
		return;
	}
	bones_record_players pl;
	memset(&pl, 0, sizeof pl);
	for (int i = 0; i < BONES_PRESET_MAX_SEATS && i < 8; i++)
		pl.names[i] = e->preset.seats[i].name;
	pl.variant = e->preset.variant;
	pl.preset = e->preset.path[0] ? e->preset.id : NULL;
	bones_status st = bones_record_write(e->session, &pl, mem);
	fclose(mem);
	if (st)
		reply_error(out, "record: the plugin cannot format a move of this game");
	else
		write_block(out, buf, len);
	free(buf);
}

/* Split line in place into words; returns the count, or -1 when there are too many. */
static int split_words(char *line, char **words)
{
	int n = 0;
	char *p = line;
	for (;;) {
		p += strspn(p, " \t");
		if (!*p)
			return n;
		if (n == MAX_ARGS)
			return -1;
		words[n++] = p;
		p += strcspn(p, " \t");
		if (*p)
			*p++ = '\0';
	}
}

static bool dispatch(bones_engine *e, char **w, int n, const char *rest, FILE *out)
{
	static const char *const needs_game[] = {"tomove", "legal", "play", "roll",
						 "scores", "show", "record", "genmove",
						 NULL};
	const char *cmd = w[0];
	if (!strcmp(cmd, "quit") || !strcmp(cmd, "new")) {
		if (!strcmp(cmd, "new")) {
			cmd_new(e, w + 1, n - 1, out);
			return true;
		}
		if (n > 1) {
			reply_error(out, "quit takes no arguments");
			return true;
		}
		fputs("ok\n", out);
		return false;
	}
	bool known = false;
	for (int i = 0; needs_game[i]; i++)
		known |= !strcmp(cmd, needs_game[i]);
	if (!known)
		reply_error(out, "unknown command '%.40s' (known: new, tomove, legal, play, "
			    "roll, scores, show, record, genmove, quit)", cmd);
	else if (!e->session)
		reply_error(out, "%s: no game yet: start one with 'new GAME'", cmd);
	else if (!strcmp(cmd, "play"))
		cmd_play(e, rest, out);
	else if (!strcmp(cmd, "genmove") && n <= 2)
		cmd_genmove(e, n == 2 ? w[1] : NULL, out);
	else if (n > 1)
		reply_error(out, "%s takes no arguments", cmd);
	else if (!strcmp(cmd, "tomove"))
		cmd_tomove(e, out);
	else if (!strcmp(cmd, "legal"))
		cmd_legal(e, out);
	else if (!strcmp(cmd, "roll"))
		cmd_roll(e, out);
	else if (!strcmp(cmd, "scores"))
		cmd_scores(e, out);
	else if (!strcmp(cmd, "show"))
		cmd_show(e, out);
	else
		cmd_record(e, out);
	return true;
}

bool bones_engine_command(bones_engine *e, const char *line, FILE *out)
{
	/* Only a trailing CR (a CRLF line end) goes; any other control character becomes
	 * '?', so such a line fails as a whole (never half of it obeyed) and no reply
	 * echoes a control character. */
	size_t len = strcspn(line, "\n");
	if (len && line[len - 1] == '\r')
		len--;
	char *copy = malloc(len + 1);
	char *words[MAX_ARGS];
	if (!copy) {
		reply_error(out, "out of memory");
		return true;
	}
	for (size_t i = 0; i < len; i++)
		copy[i] = (unsigned char)line[i] < 0x20 && line[i] != '\t' ? '?' : line[i];
	copy[len] = '\0';
	/* the text after "play", trimmed, may hold spaces */
	char *start = copy + strspn(copy, " \t");
	char *rest = start + strcspn(start, " \t");
	rest += strspn(rest, " \t");
	char rest_copy[BONES_MOVE_TEXT_MAX * 4];
	snprintf(rest_copy, sizeof rest_copy, "%s", rest);
	size_t rl = strlen(rest_copy);
	while (rl && (rest_copy[rl - 1] == ' ' || rest_copy[rl - 1] == '\t'))
		rest_copy[--rl] = '\0';
	bool go_on = true;
	int n = split_words(copy, words);
	if (n < 0)
		reply_error(out, "too many words (at most %d)", MAX_ARGS);
	else if (n > 0)
		go_on = dispatch(e, words, n, rest_copy, out);
	free(copy);
	return go_on;
}

int bones_engine_run(bones_engine *e, FILE *in, FILE *out)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	while ((len = getline(&line, &cap, in)) >= 0) {
		bool go_on = true;
		if ((size_t)len != strlen(line))
			reply_error(out, "NUL byte in command");
		else
			go_on = bones_engine_command(e, line, out);
		fflush(out);
		if (!go_on)
			break;
	}
	free(line);
	return 0;
}
