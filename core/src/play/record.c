/* Game records: writing (atomically) and the Result tag; see bones/record.h and
 * docs/formats.md. Reading and replaying live in record_read.c. */
#include "bones/record.h"

#include "bones/i18n.h"
#include "bones/paths.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

size_t bones_record_format_score(double score, char *buf, size_t cap)
{
	int n = 0;
	for (int prec = 6; prec <= 17; prec++) {
		n = snprintf(buf, cap, "%.*g", prec, score);
		if (n < 0 || (size_t)n >= cap || strtod(buf, NULL) == score)
			break;
	}
	return n > 0 ? (size_t)n : 0;
}

void bones_record_ranks(const bones_plugin *plugin, const void *game, const void *state,
			int players, int *ranks)
{
	if (players > 64)
		players = 64;
	if (plugin->ranks) {
		plugin->ranks(game, state, ranks);
		bool fine = true; /* a rank out of 1..players is never used (bones/guard.h) */
		for (int i = 0; i < players; i++)
			fine &= ranks[i] >= 1 && ranks[i] <= players;
		if (fine)
			return;
	}
	double scores[64];
	plugin->scores(game, state, scores);
	bool low = plugin->flags & BONES_LOW_SCORE_WINS;
	for (int i = 0; i < players; i++) {
		ranks[i] = 1;
		for (int j = 0; j < players; j++)
			if (low ? scores[j] < scores[i] : scores[j] > scores[i])
				ranks[i]++;
	}
}

size_t bones_record_result(const bones_session *s, char *buf, size_t cap)
{
	const bones_plugin *p = bones_session_plugin(s);
	const void *game = bones_session_game(s);
	const void *state = bones_session_state(s);
	int players = bones_session_info(s)->players;
	if (players > 64)
		players = 64;
	if (bones_session_to_move(s) != BONES_TERMINAL)
		return (size_t)snprintf(buf, cap, "*");
	int ranks[64];
	double scores[64];
	bones_record_ranks(p, game, state, players, ranks);
	p->scores(game, state, scores);
	size_t used = (size_t)snprintf(buf, cap, "ranks");
	for (int i = 0; i < players; i++)
		used += (size_t)snprintf(buf + (used < cap ? used : cap),
					 used < cap ? cap - used : 0, " %d", ranks[i]);
	used += (size_t)snprintf(buf + (used < cap ? used : cap), used < cap ? cap - used : 0,
				 "; scores");
	for (int i = 0; i < players; i++) {
		char num[40];
		bones_record_format_score(scores[i], num, sizeof num);
		used += (size_t)snprintf(buf + (used < cap ? used : cap),
					 used < cap ? cap - used : 0, " %s", num);
	}
	return used;
}

/* value[0..len) as a tag's value is written: '\\' and '"' escaped with a '\\', control
 * characters as spaces; into buf from n (cut at cap, unterminated); n + its length. The
 * one escaping of tag values: readers undo it (record_read.c, parse_tag). */
static size_t escape_value(const char *value, size_t len, char *buf, size_t cap, size_t n)
{
	for (size_t k = 0; k < len; k++) {
		unsigned char c = (unsigned char)value[k];
		if (c == '\\' || c == '"') {
			if (n < cap)
				buf[n] = '\\';
			n++;
		}
		if (n < cap)
			buf[n] = (char)(c < 0x20 || c == 0x7f ? ' ' : c);
		n++;
	}
	return n;
}

size_t bones_record_tag_line(const char *name, const char *value, char *buf, size_t cap)
{
	int head = snprintf(buf, cap, "[%s \"", name);
	size_t n = head > 0 ? (size_t)head : 0;
	n = escape_value(value, strlen(value), buf, cap, n);
	for (const char *t = "\"]\n"; *t; t++, n++)
		if (n < cap)
			buf[n] = *t;
	if (cap)
		buf[n < cap ? n : cap - 1] = '\0';
	return n;
}

/* The tag as bones_record_tag_line writes it, the value in slices: no length limit and
 * no allocation to fail. */
static void write_tag(FILE *f, const char *name, const char *value)
{
	char chunk[512];
	fprintf(f, "[%s \"", name);
	for (size_t at = 0, len = strlen(value); at < len; at += sizeof chunk / 2) {
		size_t take = len - at < sizeof chunk / 2 ? len - at : sizeof chunk / 2;
		size_t n = escape_value(value + at, take, chunk, sizeof chunk, 0);
		fwrite(chunk, 1, n, f);
	}
	fputs("\"]\n", f);
}

static void write_comment(FILE *f, const char *text)
{
	while (text && *text) {
		size_t len = strcspn(text, "\n");
		fprintf(f, "; %.*s\n", (int)len, text);
		text += len + (text[len] == '\n');
	}
}

static void write_tags(const bones_session *s, const bones_record_players *pl, FILE *f)
{
	const bones_plugin *p = bones_session_plugin(s);
	int players = bones_session_info(s)->players;
	char buf[1024];
	write_tag(f, "Game", p->id);
	write_tag(f, "PluginVersion", p->version);
	if (pl && pl->variant && *pl->variant)
		write_tag(f, "Variant", pl->variant);
	if (pl && pl->preset && *pl->preset)
		write_tag(f, "Preset", pl->preset);
	write_tag(f, "Options", bones_session_options_text(s));
	snprintf(buf, sizeof buf, "%" PRIu64, bones_session_seed(s));
	write_tag(f, "Seed", buf);
	snprintf(buf, sizeof buf, "%d", players);
	write_tag(f, "Players", buf);
	for (int i = 0; i < players; i++) {
		char tag[32];
		snprintf(tag, sizeof tag, "Player%d", i + 1);
		const char *name = pl && i < 8 ? pl->names[i] : NULL;
		snprintf(buf, sizeof buf, "Player %d", i + 1);
		write_tag(f, tag, name && *name ? name : buf);
	}
	time_t now = time(NULL);
	struct tm tm;
	if (gmtime_r(&now, &tm) && strftime(buf, sizeof buf, "%Y-%m-%d", &tm))
		write_tag(f, "Date", buf);
	bones_record_result(s, buf, sizeof buf);
	write_tag(f, "Result", buf);
	for (size_t i = 0; pl && pl->tags && pl->tags[i] && pl->tags[i + 1]; i += 2)
		write_tag(f, pl->tags[i], pl->tags[i + 1]);
	if (pl)
		write_comment(f, pl->comment);
}

static bones_status write_record(const bones_session *s, const bones_record_players *players,
				FILE *f)
{
	const bones_plugin *p = bones_session_plugin(s);
	const void *game = bones_session_game(s);
	size_t length = bones_session_length(s);
	bool every = !players || !players->final_breakdown_only;
	write_tags(s, players, f);
	fputc('\n', f);
	for (size_t i = 0; i < length; i++) {
		char text[BONES_MOVE_TEXT_MAX], why[256];
		const void *before = bones_session_state_at(s, i);
		int mover = bones_session_mover_at(s, i);
		if (!p->format_move(game, before, bones_session_move_at(s, i), text, sizeof text))
			return BONES_EINVAL;
		if (mover == BONES_CHANCE)
			fprintf(f, "%zu. chance %s", i + 1, text);
		else
			fprintf(f, "%zu. p%d %s", i + 1, mover + 1, text);
		why[0] = '\0';
		if (mover != BONES_CHANCE && p->breakdown && (every || i + 1 == length))
			p->breakdown(game, bones_session_state_at(s, i + 1), why, sizeof why);
		why[strcspn(why, "\n")] = '\0';
		fprintf(f, why[0] ? " ; %s\n" : "\n", why);
	}
	return ferror(f) ? BONES_EIO : BONES_OK;
}

/* A record reads the same in every language: the plugin's breakdowns come in English. */
bones_status bones_record_write(const bones_session *s, const bones_record_players *players,
				FILE *f)
{
	bool was = bones_i18n_set_plain(true);
	bones_status st = write_record(s, players, f);
	bones_i18n_set_plain(was);
	return st;
}

/* What goes into a file saved atomically: a session's record or a text as it is. */
typedef struct record_source {
	const bones_session *s;
	const bones_record_players *players;
	const char *text; /* when s is NULL */
	size_t len;
} record_source;

static bones_status write_source(const record_source *src, FILE *f)
{
	if (src->s)
		return bones_record_write(src->s, src->players, f);
	return fwrite(src->text, 1, src->len, f) == src->len ? BONES_OK : BONES_EIO;
}

static bones_status save_source(const record_source *src, const char *path, char *err,
				size_t errcap)
{
	size_t len = strlen(path);
	char *tmp = malloc(len + 8);
	if (!tmp) {
		snprintf(err, errcap, _("cannot write '%s': out of memory"), path);
		return BONES_ENOMEM;
	}
	memcpy(tmp, path, len);
	memcpy(tmp + len, ".XXXXXX", 8);
	int fd = mkstemp(tmp);
	struct stat old;
	if (fd >= 0) /* the file keeps its mode (mkstemp's is 0600); a new one is 0644 */
		fchmod(fd, stat(path, &old) == 0 ? old.st_mode & 07777 : 0644);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	bones_status st = BONES_EIO;
	if (!f) {
		snprintf(err, errcap, _("cannot write '%s': %s"), path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		goto out_free;
	}
	st = write_source(src, f);
	if (fflush(f) || fsync(fileno(f)))
		st = st ? st : BONES_EIO;
	int saved = errno;
	if (fclose(f))
		st = st ? st : BONES_EIO;
	if (!st && rename(tmp, path)) {
		saved = errno;
		st = BONES_EIO;
	}
	if (st) {
		unlink(tmp);
		if (st == BONES_EINVAL)
			snprintf(err, errcap,
				 _("cannot write '%s': a move of the game has no notation"),
				 path);
		else
			snprintf(err, errcap, _("cannot write '%s': %s"), path, strerror(saved));
	}
out_free:
	free(tmp);
	return st;
}

bones_status bones_record_save(const bones_session *s, const bones_record_players *players,
			       const char *path, char *err, size_t errcap)
{
	record_source src = {s, players, NULL, 0};
	return save_source(&src, path, err, errcap);
}

bones_status bones_record_save_text(const char *text, size_t len, const char *path,
				    char *err, size_t errcap)
{
	record_source src = {NULL, NULL, text, len};
	return save_source(&src, path, err, errcap);
}

bool bones_record_folder(char *dir, size_t cap)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	if (xdg && *xdg)
		snprintf(dir, cap, "%s/bones/records", xdg);
	else if (home && *home)
		snprintf(dir, cap, "%s/.local/share/bones/records", home);
	else
		snprintf(dir, cap, "bones-records");
	return bones_make_dirs(dir);
}

void bones_record_new_path(const char *dir, const char *game_id, uint64_t seed, char *path,
			   size_t cap)
{
	char stamp[32] = "game";
	time_t now = time(NULL);
	struct tm tm;
	if (localtime_r(&now, &tm))
		strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	snprintf(path, cap, "%s/%s-%s-%" PRIu64 "%s", dir, game_id, stamp, seed,
		 BONES_RECORD_EXT);
}
