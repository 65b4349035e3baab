/* The engine protocol (docs/formats.md) over any pair of streams; see bones/engine.h and
 * docs/formats.md. One reply per command; a bad line costs one "error:" line. */
#include "bones/engine.h"
#include "bones/guard.h"

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
/* A repair at `genmove MS` replays at most this many history entries per millisecond
 * of MS: about a quarter of the time on an idle machine */
#define REPAIR_PER_MS 1000L
/* The protocol's version: 1.0 as before `protocol`, 1.1 adds the mover of `play` */
#define PROTOCOL_MINOR 1

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
	free(e->lost);
	free(e->lost_texts);
	free(e->lost_before);
	e->lost = NULL;
	e->lost_texts = NULL;
	e->lost_before = NULL;
	e->lost_cap = 0;
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

void bones_engine_chooser_failed(bones_engine *e, const char *why)
{
	snprintf(e->chooser_why, sizeof e->chooser_why, "%s", why);
	for (char *c = e->chooser_why; *c; c++)
		*c = *c == '\n' || *c == '\r' ? ' ' : *c; /* the reply is one line */
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
	const bones_session *s = e->session;
	char fault[256] = "";
	int who = bones_guard_to_move(bones_session_plugin(s), bones_session_game(s),
				      bones_session_info(s), bones_engine_position(e), fault,
				      sizeof fault);
	if (fault[0])
		reply_error(out, "%s", fault);
	else if (who == BONES_CHANCE)
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
	const void *game = bones_session_game(s), *state = bones_engine_position(e);
	size_t n = 0;
	char fault[256] = "";
	if (bones_engine_to_move(e) != BONES_TERMINAL)
		n = bones_guard_legal_moves(p, game, state, e->moves, NULL,
					    bones_session_info(s)->max_moves, fault, sizeof fault);
	if (fault[0]) {
		reply_error(out, "%s", fault);
		return;
	}
	fprintf(out, "legal %zu", n);
	for (size_t i = 0; i < n; i++) {
		char text[BONES_MOVE_TEXT_MAX];
		if (!p->format_move(game, state, e->moves[i], text, sizeof text))
			snprintf(text, sizeof text, "?");
		fprintf(out, " %s", text);
	}
	fputc('\n', out);
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

/* Change the guesses so that goal holds (engine_redeal.c) within budget (0: the
 * default); false when none was guessed or no change found does it. */
static bool redeal(bones_engine *e, bones_redeal_goal goal, long budget)
{
	size_t n = bones_session_length(e->session);
	bool any = false;
	for (size_t i = 0; i < n && i < e->masked_cap; i++)
		any |= e->masked[i];
	return any && n <= e->masked_cap &&
	       !bones_engine_redeal(e->session, e->masked, goal, bones_session_seed(e->session),
				    budget);
}

/* Whether text is a move of this game in some position: the plugin parses it (legal or
 * not) here or at an earlier entry of the history. Text that is no move anywhere needs
 * no repair of the guesses. */
static bool could_be_move(bones_engine *e, const char *text)
{
	const bones_session *s = e->session;
	const bones_plugin *p = bones_session_plugin(s);
	bones_move m;
	if (e->lost && p->parse_move(bones_session_game(s), e->lost, text, &m) != BONES_EPARSE)
		return true;
	for (size_t i = bones_session_length(s) + 1; i-- > 0;) {
		const void *state = i == bones_session_length(s) ? bones_session_state(s)
								  : bones_session_state_at(s, i);
		if (p->parse_move(bones_session_game(s), state, text, &m) != BONES_EPARSE)
			return true;
	}
	return false;
}

/* Protocol 1.1: "player N MOVE" or "chance MOVE" says who made the move; the goal's
 * mover is set and the text after it returned. Without a mover (or in protocol 1.0) the
 * text itself; NULL after replying an error for a player outside the game. */
static const char *mover_of(bones_engine *e, const char *text, bones_redeal_goal *goal,
			    FILE *out)
{
	size_t len = strcspn(text, " \t");
	bool chance = len == 6 && !strncmp(text, "chance", 6);
	if (e->minor < 1 || !text[len] || (!chance && (len != 6 || strncmp(text, "player", 6))))
		return text;
	if (chance) {
		goal->chance = true;
		return text + len + strspn(text + len, " \t");
	}
	int players = bones_session_info(e->session)->players;
	const char *num = text + len + strspn(text + len, " \t");
	char word[24];
	uint64_t n;
	len = strcspn(num, " \t");
	snprintf(word, sizeof word, "%.*s", (int)(len < sizeof word ? len : sizeof word - 1), num);
	if (!parse_whole(word, &n) || n < 1 || n > (uint64_t)players) {
		reply_error(out, "play: player '%s' is not a player of this game (1..%d)", word,
			    players);
		return NULL;
	}
	goal->seat = (int)n - 1;
	return num + len + strspn(num + len, " \t");
}

/* Play the goal's text on the session when its mover (if named) is to move there: a
 * masked outcome as a guess. False, with err written, when it does not fit. */
static bool play_here(bones_engine *e, bones_redeal_goal goal, char *err, size_t cap)
{
	bones_session *s = e->session;
	int who = bones_session_to_move(s);
	bones_move m;
	bool masked = goal.text[strlen(goal.text) - 1] == '?';
	if ((goal.seat >= 0 && who != goal.seat) || (goal.chance && who != BONES_CHANCE)) {
		snprintf(err, cap, "move %zu: '%s': %s is not to move here",
			 bones_session_length(s) + 1, goal.text,
			 goal.chance ? "chance" : "that player");
		return false;
	}
	if (masked ? !bones_engine_masked_outcome(e, bones_session_state(s), goal.text, &m) ||
			     bones_session_play(s, m)
		   : bones_session_play_text(s, goal.text, err, cap) != BONES_OK)
		return false;
	if (mark_last(e, masked))
		return true;
	bones_session_undo(s);
	snprintf(err, cap, "out of memory");
	return false;
}

/* play [player N | chance] MOVE. A move that does not fit the guesses is played after
 * a repair of them, else on the engine's own position (engine_lost.c); text that is no
 * move of this game in any position is refused before either. */
static void cmd_play(bones_engine *e, const char *line, FILE *out)
{
	char err[512];
	bones_redeal_goal goal = {.text = NULL, .seat = -1, .chance = false};
	const char *text = mover_of(e, line, &goal, out);
	if (!text)
		return;
	if (!*text) {
		reply_error(out, e->minor ? "usage: play [player N | chance] MOVE"
					  : "usage: play MOVE");
		return;
	}
	goal.text = text;
	bool masked = text[strlen(text) - 1] == '?', played = false;
	goal.chance |= masked && goal.seat < 0;
	snprintf(err, sizeof err, "move %zu: '%s': not a move of this game",
		 (e->lost ? e->lost_length : bones_session_length(e->session)) + 1, text);
	if (!e->lost)
		played = play_here(e, goal, err, sizeof err);
	if (!played && !masked && !could_be_move(e, text)) {
		reply_error(out, "%s", err);
		return;
	}
	if (!played && !e->lost)
		played = redeal(e, goal, e->repair_budget) && play_here(e, goal, err, sizeof err);
	if (!played && bones_engine_lose(e, goal))
		played = !bones_engine_lost_play(e, text, err, sizeof err);
	if (played)
		fputs("ok\n", out);
	else
		reply_error(out, "%s", err);
}

/* Extension: resolve the chance nodes ahead with the game's seeded RNG. */
static void cmd_roll(bones_engine *e, FILE *out)
{
	bones_session *s = e->session;
	if (e->lost) {
		reply_error(out, "roll: the engine plays on its own guess of the hidden outcomes");
		return;
	}
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

/* The move of the chooser when one is set, else of the agent. On the engine's own
 * position (engine_lost.c) the agent searches from it, and a chooser, which is shown
 * the session, is not asked: a legal move is drawn there. */
static bones_status choose(bones_engine *e, int who, double seconds, bones_move *move)
{
	if (e->lost && !e->agent) {
		const bones_plugin *p = bones_session_plugin(e->session);
		size_t n = bones_guard_legal_moves(p, bones_session_game(e->session), e->lost,
						   e->moves, NULL,
						   bones_session_info(e->session)->max_moves, NULL, 0);
		if (!n)
			return BONES_EILLEGAL;
		*move = e->moves[bones_rng_below(&e->guesses, (uint32_t)n)];
		return BONES_OK;
	}
	if (e->lost)
		return bones_agent_choose(e->agent, e->lost, move);
	if (e->chooser)
		return e->chooser(e->chooser_user, e->session, who, seconds, move);
	return bones_agent_choose(e->agent, bones_session_state(e->session), move);
}

/* The budget of a repair at `genmove MS`: REPAIR_PER_MS history entries per millisecond
 * of MS (about a quarter of it), at most the engine's repair budget. Work, not time, so
 * a result does not depend on the machine's load. */
static long genmove_budget(const bones_engine *e, uint64_t ms)
{
	long budget = e->repair_budget > 0 ? e->repair_budget : BONES_ENGINE_REPAIR_DEFAULT;
	if (ms && ms < (uint64_t)(budget / REPAIR_PER_MS))
		budget = (long)ms * REPAIR_PER_MS;
	return budget;
}

/* genmove [MS]: the engine's agent chooses a move for the player to move (its seat,
 * when `new` named it). When its guesses have another player to move, a repair of them
 * within genmove_budget, else its own position (engine_lost.c), has its seat to move.
 * MS, the host's time for this move in milliseconds, bounds the agent's search: 90% of
 * what is left less 20 ms for the exchange, at least 1 ms. */
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
	int who = bones_engine_to_move(e);
	bones_redeal_goal goal = {.text = NULL, .seat = e->seat, .chance = false};
	if (e->seat >= 0 && who != e->seat &&
	    ((!e->lost && redeal(e, goal, genmove_budget(e, ms))) || bones_engine_lose(e, goal)))
		who = bones_engine_to_move(e); /* the guesses had the wrong player lead */
	double left = (double)ms / 1000 - (double)(bones_clock_now_ms() - start) / 1000;
	/* at least half the time left when the margin leaves too little */
	double seconds = ms ? fmax(fmax(left * 0.9 - 0.02, left / 2), 0.001) : 0;
	if (e->agent)
		bones_agent_set_time_limit(e->agent, seconds);
	if (!e->agent && !e->chooser)
		reply_error(out, "genmove: no agent: start the engine with --agent SPEC");
	else if (e->seat >= 0 && who != e->seat)
		reply_error(out, "genmove: player %d is not to move here (tomove says who moves)",
			    e->seat + 1);
	else if (who < 0)
		reply_error(out, "genmove: no player is to move (tomove says who moves)");
	else if (choose(e, who, seconds, &m) ||
		 !bones_session_plugin(e->session)->format_move(bones_session_game(e->session),
								bones_engine_position(e), m,
								text, sizeof text))
		reply_error(out, "genmove: %s",
			    e->chooser_why[0] ? e->chooser_why : "the agent found no move");
	else
		fprintf(out, "move %s\n", text);
	e->chooser_why[0] = '\0';
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
	bones_session_plugin(s)->scores(bones_session_game(s), bones_engine_position(e), scores);
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
							 bones_engine_position(e), -1, buf,
							 RENDER_CAP);
	write_block(out, buf, n < RENDER_CAP ? n : RENDER_CAP - 1);
	free(buf);
}

static void cmd_record(bones_engine *e, FILE *out)
{
	char *buf = NULL;
	size_t len = 0;
	if (e->lost) {
		reply_error(out, "record: no guess of the hidden outcomes fits every move since "
			    "move %zu", bones_session_length(e->session) + 1);
		return;
	}
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

/* protocol [VERSION]: the version the host speaks, answered with the one both speak
 * (1.0 or 1.1; an engine before this command speaks 1.0). Without VERSION the engine's
 * own, which changes nothing. */
static void cmd_protocol(bones_engine *e, char **w, int n, FILE *out)
{
	uint64_t major = 1, minor = PROTOCOL_MINOR;
	char *dot = n == 2 ? strchr(w[1], '.') : NULL;
	if (n > 2 || (n == 2 && !dot)) {
		reply_error(out, "usage: protocol [MAJOR.MINOR] (this engine speaks 1.0 and 1.%d)",
			    PROTOCOL_MINOR);
		return;
	}
	if (dot) {
		*dot = '\0';
		bool ok = parse_whole(w[1], &major) && parse_whole(dot + 1, &minor);
		*dot = '.';
		if (!ok || major < 1) {
			reply_error(out, "protocol: '%s' is not a version MAJOR.MINOR of 1.0 or later "
				    "(this engine speaks 1.0 and 1.%d)", w[1], PROTOCOL_MINOR);
			return;
		}
		e->minor = major > 1 || minor > PROTOCOL_MINOR ? PROTOCOL_MINOR : (int)minor;
	}
	fprintf(out, "protocol 1.%d\n", n == 2 ? e->minor : PROTOCOL_MINOR);
}

static bool dispatch(bones_engine *e, char **w, int n, const char *rest, FILE *out)
{
	if (!strcmp(w[0], "protocol")) {
		cmd_protocol(e, w, n, out);
		return true;
	}
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
			    "roll, scores, show, record, genmove, protocol, quit)", cmd);
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
