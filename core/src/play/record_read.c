/* Reading a game record and replaying it through a session; see bones/record.h and
 * docs/formats.md. Every error names the file and line. */
#include "bones/record.h"

#include "bones/file.h"
#include "bones/i18n.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TAG_VALUE 4096

/* The reader's progress through one file. */
typedef struct reader {
	const char *name;       /* file name for messages */
	bones_registry *reg;
	bones_session *session; /* created at the first move (or the end) */
	char game[64];          /* Game tag */
	char *options;          /* Options tag, owned */
	char variant[64];       /* Variant tag */
	char result[512];       /* Result tag */
	char seed_text[32];
	int game_line, options_line, variant_line, seed_line, result_line;
	size_t moves;           /* numbered moves read */
	char *err;
	size_t errcap;
} reader;

static bones_status fail(reader *r, bones_status st, int line, const char *fmt, ...)
{
	char msg[768];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (r->errcap) {
		if (line > 0)
			snprintf(r->err, r->errcap, "%s:%d: %s", r->name, line, msg);
		else
			snprintf(r->err, r->errcap, "%s: %s", r->name, msg);
	}
	return st;
}

/* Copy of text cut to n characters with an ellipsis, for messages. */
static const char *excerpt(const char *text, char *buf, size_t cap)
{
	size_t len = strlen(text);
	if (len < cap) {
		memcpy(buf, text, len + 1);
	} else {
		memcpy(buf, text, cap - 4);
		memcpy(buf + cap - 4, "...", 4);
	}
	for (char *c = buf; *c; c++)
		if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
			*c = '?';
	return buf;
}

/* Parse [Name "value"] into name and value. */
static bool parse_tag(const char *line, char *name, size_t ncap, char *value, size_t vcap)
{
	const char *p = line + 1;
	size_t n = 0;
	while (isalnum((unsigned char)*p) || *p == '_') {
		if (n + 1 >= ncap)
			return false;
		name[n++] = *p++;
	}
	name[n] = '\0';
	if (!n || *p++ != ' ')
		return false;
	while (*p == ' ')
		p++;
	if (*p++ != '"')
		return false;
	size_t v = 0;
	for (; *p && *p != '"'; p++) {
		if (*p == '\\') {
			p++;
			if (*p != '\\' && *p != '"')
				return false;
		}
		if ((unsigned char)*p < 0x20 || v + 1 >= vcap)
			return false;
		value[v++] = *p;
	}
	value[v] = '\0';
	if (*p++ != '"')
		return false;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p++ != ']')
		return false;
	while (*p == ' ' || *p == '\t')
		p++;
	return *p == '\0';
}

bool bones_record_tag_parse(const char *line, char *name, size_t ncap, char *value,
			    size_t vcap)
{
	size_t len = strcspn(line, "\r\n");
	char *text = malloc(len + 1);
	if (!text)
		return false;
	memcpy(text, line, len);
	text[len] = '\0';
	bool ok = text[0] == '[' && parse_tag(text, name, ncap, value, vcap);
	free(text);
	return ok;
}

static bones_status copy_tag(reader *r, int line, const char *name, char *dst, size_t cap,
			     const char *value, int *where)
{
	if (strlen(value) >= cap)
		return fail(r, BONES_EPARSE, line, _("%s: value too long"), name);
	strcpy(dst, value);
	*where = line;
	return BONES_OK;
}

static bones_status take_tag(reader *r, int line, const char *text)
{
	char name[64];
	char *value = malloc(MAX_TAG_VALUE);
	if (!value)
		return fail(r, BONES_ENOMEM, line, _("out of memory"));
	bones_status st = BONES_OK;
	if (!parse_tag(text, name, sizeof name, value, MAX_TAG_VALUE))
		st = fail(r, BONES_EPARSE, line, _("malformed tag: expected [Name \"value\"]"));
	else if (r->moves)
		st = fail(r, BONES_EPARSE, line, _("tag '%s' after the first move"), name);
	else if (!strcmp(name, "Game"))
		st = copy_tag(r, line, name, r->game, sizeof r->game, value, &r->game_line);
	else if (!strcmp(name, "Variant"))
		st = copy_tag(r, line, name, r->variant, sizeof r->variant, value,
			      &r->variant_line);
	else if (!strcmp(name, "Seed"))
		st = copy_tag(r, line, name, r->seed_text, sizeof r->seed_text, value,
			      &r->seed_line);
	else if (!strcmp(name, "Result"))
		st = copy_tag(r, line, name, r->result, sizeof r->result, value,
			      &r->result_line);
	else if (!strcmp(name, "Options")) {
		free(r->options);
		r->options = value;
		r->options_line = line;
		return BONES_OK;
	}
	free(value);
	return st;
}

static bool valid_id(const char *id)
{
	if (!*id)
		return false;
	for (const char *c = id; *c; c++)
		if (!islower((unsigned char)*c) && !isdigit((unsigned char)*c) && *c != '_' &&
		    *c != '-')
			return false;
	return true;
}

static bones_status parse_seed(reader *r, uint64_t *seed)
{
	*seed = 0;
	if (!r->seed_line)
		return BONES_OK;
	char *end;
	errno = 0;
	unsigned long long v = strtoull(r->seed_text, &end, 10);
	if (errno || end == r->seed_text || *end || r->seed_text[0] == '-')
		return fail(r, BONES_EPARSE, r->seed_line,
			    _("Seed: '%s' is not a whole number 0..2^64-1"), r->seed_text);
	*seed = v;
	return BONES_OK;
}

/* Create the session from the tags; line is where the moves start (for messages). */
static bones_status start_session(reader *r, int line)
{
	char why[512];
	if (!r->game_line)
		return fail(r, BONES_EPARSE, line, _("no [Game \"...\"] tag before the moves: "
			    "not a Bones record"));
	const bones_plugin *p = valid_id(r->game) ? bones_registry_find(r->reg, r->game) : NULL;
	if (!p && bones_registry_out_of_memory(r->reg))
		return fail(r, BONES_ENOMEM, r->game_line, _("Game: out of memory loading '%s'"),
			    r->game);
	if (!p)
		return fail(r, BONES_ENOTFOUND, r->game_line,
			    _("Game: no plugin '%s' is installed (see `bones games`)"), r->game);
	uint64_t seed;
	bones_status st = parse_seed(r, &seed);
	if (st)
		return st;
	bones_options opts;
	st = bones_options_init(&opts, p, why, sizeof why);
	if (st)
		return fail(r, st, r->game_line, "Game: %s", why);
	if (r->variant_line) {
		st = bones_options_apply_variant(&opts, r->variant, why, sizeof why);
		if (st) {
			fail(r, st, r->variant_line, "Variant: %s",
			     strncmp(why, "variant: ", 9) ? why : why + 9);
			goto out_release;
		}
	}
	if (r->options_line) {
		st = bones_options_apply(&opts, r->options, why, sizeof why);
		if (st) {
			fail(r, st, r->options_line, "Options: %s", why);
			goto out_release;
		}
	}
	st = bones_session_create(p, &opts, seed, &r->session, why, sizeof why);
	if (st)
		fail(r, st, r->options_line ? r->options_line : r->game_line, "Options: %s", why);
out_release:
	bones_options_release(&opts);
	return st;
}

/* "who" of a move line against the player to move. */
static bool mover_matches(const char *who, int to_move)
{
	if (to_move == BONES_CHANCE)
		return !strcmp(who, "chance");
	if (who[0] != 'p' || !isdigit((unsigned char)who[1]))
		return false;
	char *end;
	long n = strtol(who + 1, &end, 10);
	return !*end && n == to_move + 1;
}

static void mover_name(int to_move, char *buf, size_t cap)
{
	if (to_move == BONES_CHANCE)
		snprintf(buf, cap, "chance");
	else
		snprintf(buf, cap, "p%d", to_move + 1);
}

/* Split "N. WHO TEXT ; comment" in place. */
static bool split_move(char *line, unsigned long *number, char **who, char **text)
{
	char *end;
	if (!isdigit((unsigned char)*line))
		return false;
	errno = 0;
	*number = strtoul(line, &end, 10);
	if (errno || *end != '.')
		return false;
	char *p = end + 1;
	char *semi = strchr(p, ';');
	if (semi)
		*semi = '\0';
	p += strspn(p, " \t");
	*who = p;
	p += strcspn(p, " \t");
	if (*p)
		*p++ = '\0';
	p += strspn(p, " \t");
	*text = p;
	size_t len = strlen(p);
	while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
		p[--len] = '\0';
	return **who && **text;
}

/* "99999999999999999999. p1 +2": a move number past unsigned long. */
static bool number_too_large(const char *text)
{
	char *end;
	if (!isdigit((unsigned char)*text))
		return false;
	errno = 0;
	(void)strtoul(text, &end, 10);
	return errno == ERANGE && *end == '.';
}

static bones_status take_move(reader *r, int line, char *text)
{
	char shown[80], whoname[16], recorded[24];
	unsigned long number;
	char *who, *move_text;
	char line_shown[80];
	excerpt(text, line_shown, 60);
	if (number_too_large(text) && r->game_line)
		return fail(r, BONES_EPARSE, line, _("move %zu: the move number in '%s' is too large"),
			    r->moves + 1, line_shown);
	bool ok = split_move(text, &number, &who, &move_text);
	/* a Bones record has its Game tag before the first other line */
	if (!ok && !r->game_line)
		return fail(r, BONES_EPARSE, line, _("expected 'N. MOVER MOVE', found '%s'"),
			    line_shown);
	if (!r->session) {
		bones_status st = start_session(r, line);
		if (st)
			return st;
	}
	if (!ok)
		return fail(r, BONES_EPARSE, line, _("expected 'N. MOVER MOVE', found '%s'"),
			    line_shown);
	bones_session *s = r->session;
	size_t n = ++r->moves;
	excerpt(move_text, shown, 60);
	if (number != n)
		return fail(r, BONES_EPARSE, line, _("move %zu: '%s': numbered %lu, expected %zu"),
			    n, shown, number, n);
	int to_move = bones_session_to_move(s);
	if (to_move == BONES_TERMINAL)
		return fail(r, BONES_EILLEGAL, line, _("move %zu: '%s': the game is over"), n,
			    shown);
	if (!mover_matches(who, to_move)) {
		mover_name(to_move, whoname, sizeof whoname);
		return fail(r, BONES_EILLEGAL, line,
			    _("move %zu: '%s': recorded for '%s' but %s is to move"), n, shown,
			    excerpt(who, recorded, sizeof recorded), whoname);
	}
	const bones_plugin *p = bones_session_plugin(s);
	bones_move m;
	bones_status st = p->parse_move(bones_session_game(s), bones_session_state(s),
					move_text, &m);
	if (st == BONES_OK)
		st = bones_session_play(s, m);
	if (st == BONES_EPARSE)
		return fail(r, st, line, _("move %zu: '%s': not a move of %s"), n, shown, p->id);
	if (st == BONES_ENOMEM)
		return fail(r, st, line, _("move %zu: '%s': out of memory"), n, shown);
	if (st)
		return fail(r, st, line, _("move %zu: '%s': not legal now"), n, shown);
	return BONES_OK;
}

static bones_status check_result(reader *r)
{
	char got[512];
	if (!r->result_line || !strcmp(r->result, "*"))
		return BONES_OK;
	bones_record_result(r->session, got, sizeof got);
	if (!strcmp(got, r->result))
		return BONES_OK;
	if (!strcmp(got, "*"))
		return fail(r, BONES_EPARSE, r->result_line,
			    _("Result: the record says '%s' but the game is not over after %zu "
			      "moves"),
			    r->result, r->moves);
	return fail(r, BONES_EPARSE, r->result_line,
		    _("Result: the record says '%s' but the replay ends with '%s'"), r->result,
		    got);
}

static bones_status read_lines(reader *r, FILE *f)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int number = 0;
	bones_status st = BONES_OK;
	while (!st && (errno = 0, len = getline(&line, &cap, f)) >= 0) {
		number++;
		if ((size_t)len != strlen(line)) {
			st = fail(r, BONES_EPARSE, number, _("NUL byte: not a text file"));
			break;
		}
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		char *p = line + strspn(line, " \t");
		if (!*p || *p == ';')
			continue;
		if (*p == '[')
			st = take_tag(r, number, p);
		else
			st = take_move(r, number, p);
	}
	free(line);
	if (!st && errno == ENOMEM)
		st = fail(r, BONES_ENOMEM, number + 1, _("out of memory"));
	if (!st && ferror(f))
		st = fail(r, BONES_EIO, 0, _("read error"));
	if (!st && !r->session)
		st = start_session(r, number + 1);
	if (!st)
		st = check_result(r);
	return st;
}

bones_status bones_record_read(FILE *f, const char *name, bones_registry *reg,
			       bones_session **out, char *err, size_t errcap)
{
	reader r;
	memset(&r, 0, sizeof r);
	r.name = name;
	r.reg = reg;
	r.err = err;
	r.errcap = errcap;
	if (errcap)
		err[0] = '\0';
	bones_status st = read_lines(&r, f);
	free(r.options);
	bool keep = r.session && (st == BONES_OK || st == BONES_EILLEGAL ||
				  st == BONES_EPARSE);
	if (!keep) {
		bones_session_destroy(r.session);
		r.session = NULL;
	}
	*out = r.session;
	return st;
}

bones_status bones_record_replay(const char *path, bones_registry *reg, bones_session **out,
				 char *err, size_t errcap)
{
	*out = NULL;
	bones_status st;
	FILE *f = bones_file_open(path, BONES_FILE_MAX_BYTES, &st, err, errcap);
	if (!f)
		return st;
	st = bones_record_read(f, path, reg, out, err, errcap);
	fclose(f);
	return st;
}

/* Walk the lines of a file of records: fn(user, game, line) for each line with the
 * number of the game it belongs to (from 1; 0 before the first tag). */
static bones_status each_line(const char *path, void (*fn)(void *user, size_t game,
							     const char *line),
			      void *user, char *err, size_t errcap)
{
	bones_status st;
	FILE *f = bones_file_open(path, BONES_FILE_MAX_BYTES, &st, err, errcap);
	if (!f)
		return st;
	char *line = NULL;
	size_t cap = 0, game = 0;
	bool moves = true; /* the start counts as after a move: the first tag starts game 1 */
	while ((errno = 0, getline(&line, &cap, f)) >= 0) {
		const char *p = line + strspn(line, " \t");
		if (!strncmp(p, "[Game \"", 7) && moves) {
			game++;
			moves = false;
		} else if (*p && *p != '[' && *p != ';' && *p != '\n' && *p != '\r') {
			moves = true;
		}
		fn(user, game, line);
	}
	st = errno == ENOMEM ? BONES_ENOMEM : ferror(f) ? BONES_EIO : BONES_OK;
	if (st)
		snprintf(err, errcap, "'%s': %s", path, st == BONES_ENOMEM ? _("out of memory")
									 : _("read error"));
	free(line);
	fclose(f);
	return st;
}

static void count_line(void *user, size_t game, const char *line)
{
	(void)line;
	*(size_t *)user = game;
}

bones_status bones_record_count(const char *path, size_t *games, char *err, size_t errcap)
{
	*games = 0;
	return each_line(path, count_line, games, err, errcap);
}

struct one_game {
	size_t k;
	FILE *out;
};

/* Game k's lines as they are, every other line empty: line numbers stay the file's. */
static void keep_game(void *user, size_t game, const char *line)
{
	struct one_game *o = user;
	fputs(game == o->k ? line : "\n", o->out);
}

bones_status bones_record_replay_game(const char *path, size_t k, bones_registry *reg,
				      bones_session **out, char *err, size_t errcap)
{
	*out = NULL;
	size_t games;
	bones_status st = bones_record_count(path, &games, err, errcap);
	if (st)
		return st;
	if (k < 1 || k > games) {
		snprintf(err, errcap, _("'%s': no game %zu (the file holds %zu)"), path, k, games);
		return BONES_ERANGE;
	}
	char *text = NULL;
	size_t len = 0;
	struct one_game o = {k, open_memstream(&text, &len)};
	if (!o.out) {
		snprintf(err, errcap, "%s", _("out of memory"));
		return BONES_ENOMEM;
	}
	st = each_line(path, keep_game, &o, err, errcap);
	if (fclose(o.out) != 0 && !st) {
		snprintf(err, errcap, "%s", _("out of memory"));
		st = BONES_ENOMEM;
	}
	FILE *f = st ? NULL : fmemopen(text, len, "r");
	if (!st && !f) {
		snprintf(err, errcap, "%s", _("out of memory"));
		st = BONES_ENOMEM;
	}
	if (f) {
		st = bones_record_read(f, path, reg, out, err, errcap);
		fclose(f);
	}
	free(text);
	return st;
}

struct find_tag {
	size_t k;
	const char *name;
	char *value, *scratch;
	size_t cap;
	bool found;
};

/* A tag of game k before its first move, [Name "value"], its line end dropped. */
static void find_tag_line(void *user, size_t game, const char *line)
{
	struct find_tag *t = user;
	char name[64], text[MAX_TAG_VALUE + 128];
	const char *p = line + strspn(line, " \t");
	if (game != t->k || *p != '[' || snprintf(text, sizeof text, "%s", p) >= (int)sizeof text)
		return;
	text[strcspn(text, "\r\n")] = '\0';
	if (parse_tag(text, name, sizeof name, t->scratch, MAX_TAG_VALUE) &&
	    !strcmp(name, t->name) && strlen(t->scratch) < t->cap) {
		strcpy(t->value, t->scratch);
		t->found = true;
	}
}

bool bones_record_tag(const char *path, size_t k, const char *name, char *value, size_t cap)
{
	char err[256];
	struct find_tag t = {k, name, value, malloc(MAX_TAG_VALUE), cap, false};
	bool ok = t.scratch && cap && !each_line(path, find_tag_line, &t, err, sizeof err) &&
		  t.found;
	free(t.scratch);
	return ok;
}
