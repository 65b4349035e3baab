/* The moves of a human's turn as they are thought about: first a piece (a hand piece by
 * its number), then a spot for it, each with the points it scores. A spot's letters
 * name its target whatever the piece (in the order the moves list the targets, which
 * is the order a plugin's board text letters its open cells when it does); more moves
 * of one piece at one spot (other orientations) are c, c2, c3; a piece's spots are listed
 * best first. Games without hand pieces (or without the render extension, which says
 * which piece a move uses) list their moves by number; a move written `word:N`
 * (Hegemino's `pick:3`) is numbered N.
 * Notation typed in full always works. The moves, spots and points are the table's
 * choices (bones/choices.h); this file only letters and lists them. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "tty.h"

/* Spot labels: a..z, then aa, ab, ... zz. */
static void spot_label(size_t k, char *buf, size_t cap)
{
	if (k >= 26 * 27)
		snprintf(buf, cap, "zz");
	else if (k < 26)
		snprintf(buf, cap, "%c", (char)('a' + k));
	else
		snprintf(buf, cap, "%c%c", (char)('a' + k / 26 - 1), (char)('a' + k % 26));
}

/* Whether s looks like a spot label: one or two letters, then an optional number. */
static bool spot_like(const char *s)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyz");
	return n >= 1 && n <= 2 && !s[n + strspn(s + n, "0123456789")];
}

static const bones_choice *choice(const tty_game *t, size_t i)
{
	return bones_choices_at(t->choices, i);
}

static size_t count(const tty_game *t)
{
	return bones_choices_count(t->choices);
}

/* N for a move written word:N, else -1. */
static long colon_number(const char *text)
{
	const char *colon = strchr(text, ':');
	if (!colon || colon == text || !colon[1] || colon[1 + strspn(colon + 1, "0123456789")])
		return -1;
	for (const char *p = text; p < colon; p++)
		if (!isalpha((unsigned char)*p))
			return -1;
	return strtol(colon + 1, NULL, 10);
}

/* Whether every move without a piece is word:N with N distinct: then N numbers it. */
static bool numbered_by_colon(const tty_game *t)
{
	long seen[64];
	size_t n = 0;
	for (size_t i = 0; i < count(t); i++) {
		if (choice(t, i)->piece >= 0)
			continue;
		long v = colon_number(choice(t, i)->text);
		if (v < 0 || n == 64)
			return false;
		for (size_t k = 0; k < n; k++)
			if (seen[k] == v)
				return false;
		seen[n++] = v;
	}
	return n > 0;
}

/* The letters of a piece's move: its spot's (the spots in reading order are a, b, c,
 * ...; bones/choices.h), with the number of its way when more than one ("c2"); a move
 * of a piece off the board (a discard) takes the letters after the last spot's. */
static void name_spots(tty_game *t)
{
	size_t spots = bones_choices_spots(t->choices);
	for (size_t i = 0; i < count(t); i++) {
		const bones_choice *m = choice(t, i);
		size_t rank = (size_t)m->spot, way = (size_t)m->way;
		t->spot_name[i][0] = '\0';
		if (m->piece < 0)
			continue;
		if (m->spot < 0) { /* off the board: after the spots, one letter per move */
			rank = spots, way = 1;
			for (size_t j = 0; j < i; j++)
				rank += choice(t, j)->piece == m->piece && choice(t, j)->spot < 0;
		}
		spot_label(rank, t->spot_name[i], sizeof t->spot_name[i]);
		if (way > 1)
			snprintf(t->spot_name[i] + strlen(t->spot_name[i]),
				 sizeof t->spot_name[i] - strlen(t->spot_name[i]), "%zu", way);
	}
}

size_t tty_moves_refresh(tty_game *t)
{
	bones_choices_build(t->choices, bones_session_to_move(t->session));
	name_spots(t);
	t->pieces = (int)bones_choices_with_piece(t->choices);
	t->numbered = numbered_by_colon(t);
	if (t->piece >= 0 && !tty_moves_of_piece(t, t->piece, NULL))
		t->piece = -1;
	return count(t);
}

size_t tty_moves_of_piece(const tty_game *t, int piece, size_t *first)
{
	return bones_choices_of_piece(t->choices, piece, first);
}

/* The piece's name: the notation of its first move up to '@', '/' or ':'. */
static void piece_name(const tty_game *t, int piece, char *buf, size_t cap)
{
	size_t first = 0;
	buf[0] = '\0';
	if (!tty_moves_of_piece(t, piece, &first))
		return;
	const char *text = choice(t, first)->text;
	snprintf(buf, cap, "%.*s", (int)strcspn(text, "@/:"), text);
}

static void points_text(const tty_game *t, double v, char *buf, size_t cap)
{
	char num[48];
	tty_score_text(v, num, sizeof num);
	bool low = t->plugin->flags & BONES_LOW_SCORE_WINS;
	snprintf(buf, cap, "%s%s%s%s", v == 0 ? "" : tty_style_points(t, v, low),
		 v > 0 ? "+" : "", num, v == 0 ? "" : tty_style(t, TTY_RESET));
}

/* Columns of "label text points" entries within 78 characters: each entry after two
 * spaces, padded to the widest and two spaces more. */
static void print_columns(tty_game *t, char (*cells)[BONES_MOVE_TEXT_MAX + 160],
			  const size_t *visible, size_t n)
{
	size_t widest = 0;
	for (size_t i = 0; i < n; i++)
		widest = visible[i] > widest ? visible[i] : widest;
	size_t width = widest + 2;
	size_t per_line = 2 + widest < 78 ? 1 + (78 - 2 - widest) / (2 + width) : 1;
	for (size_t i = 0; i < n; i++) {
		bool last = i + 1 == n || (i + 1) % per_line == 0;
		fprintf(t->out, "  %s", cells[i]);
		if (!last)
			fprintf(t->out, "%*s", (int)(width - visible[i]), "");
		else
			fputc('\n', t->out);
	}
}

enum labels { LABEL_LETTERS, LABEL_NUMBERS, LABEL_NONE };

/* Print the moves listed by index (k of them) as "label text points". */
static void print_list(tty_game *t, const size_t *index, size_t k, enum labels labels)
{
	char (*cells)[BONES_MOVE_TEXT_MAX + 160] = malloc(k * sizeof *cells);
	size_t *visible = malloc(k * sizeof *visible);
	if (!cells || !visible) {
		free(cells), free(visible);
		return;
	}
	for (size_t j = 0; j < k; j++) {
		const bones_choice *m = choice(t, index[j]);
		const char *text = m->text;
		char label[24] = "", pts[96] = "", plain[48] = "";
		if (labels == LABEL_NONE)
			;
		else if (labels == LABEL_LETTERS)
			snprintf(label, sizeof label, "%s", t->spot_name[index[j]]);
		else if (t->numbered)
			snprintf(label, sizeof label, "%ld", colon_number(text));
		else
			snprintf(label, sizeof label, "%zu", j + 1);
		if (m->points != 0) {
			points_text(t, m->points, pts, sizeof pts);
			tty_score_text(m->points, plain, sizeof plain);
		}
		snprintf(cells[j], sizeof cells[j], "%s%s%s%s%s%s%s", tty_style(t, TTY_BOLD), label,
			 tty_style(t, TTY_RESET), label[0] ? " " : "", text, pts[0] ? " " : "", pts);
		visible[j] = strlen(label) + (label[0] != 0) + strlen(text) +
			     (plain[0] ? 1 + tty_width(plain) + (m->points > 0) : 0);
	}
	print_columns(t, cells, visible, k);
	free(cells), free(visible);
}

/* Whether spot label a ("c", "c2", "aa") comes before b: by the letters (a..z, then
 * aa..zz), then by the number of the way. */
static bool label_before(const char *a, const char *b)
{
	size_t la = strspn(a, "abcdefghijklmnopqrstuvwxyz");
	size_t lb = strspn(b, "abcdefghijklmnopqrstuvwxyz");
	if (la != lb)
		return la < lb;
	int c = strncmp(a, b, la);
	if (c)
		return c < 0;
	return atoi(a + la) < atoi(b + lb);
}

/* Whether move i is listed before move j: the better points first (the fewer where the
 * fewest points win), then by spot letters. */
static bool listed_before(const tty_game *t, size_t i, size_t j, bool low)
{
	double a = choice(t, i)->points, b = choice(t, j)->points;
	if (a != b)
		return low ? a < b : a > b;
	return label_before(t->spot_name[i], t->spot_name[j]);
}

/* A piece's moves index[0..k), best first, as the window's list of spots (insertion: a
 * few hundred at most). */
static void sort_best_first(const tty_game *t, size_t *index, size_t k)
{
	bool low = bones_session_plugin(t->session)->flags & BONES_LOW_SCORE_WINS;
	for (size_t j = 1; j < k; j++) {
		size_t i = index[j], m = j;
		for (; m > 0 && listed_before(t, i, index[m - 1], low); m--)
			index[m] = index[m - 1];
		index[m] = i;
	}
}

void tty_moves_print(tty_game *t)
{
	size_t *index = malloc((count(t) ? count(t) : 1) * sizeof *index);
	if (!index)
		return;
	size_t k = 0;
	if (t->piece >= 0) {
		char name[BONES_MOVE_TEXT_MAX];
		piece_name(t, t->piece, name, sizeof name);
		for (size_t i = 0; i < count(t); i++)
			if (choice(t, i)->piece == t->piece)
				index[k++] = i;
		/* TRANSLATORS: piece %1$d (its name, as 246 or Snake) has %3$zu spots to play
		 * it at, listed below with their letters, the best points first */
		fprintf(t->out, P_("piece %d (%s): %zu spot; type its letter (Enter: other pieces)",
				   "piece %d (%s): %zu spots, best first; type a letter "
				   "(Enter: other pieces)", (unsigned long)k), t->piece + 1, name, k);
		fputc('\n', t->out);
		sort_best_first(t, index, k);
		print_list(t, index, k, LABEL_LETTERS);
	} else if (t->pieces > 0) {
		fprintf(t->out, "%s\n", _("your pieces (type a number, then a letter for the spot):"));
		int hand_max = bones_choices_last_piece(t->choices);
		size_t used = 0;
		for (int piece = 0; piece <= hand_max; piece++) {
			size_t n = tty_moves_of_piece(t, piece, NULL);
			if (!n)
				continue;
			char name[BONES_MOVE_TEXT_MAX], cell[BONES_MOVE_TEXT_MAX + 64];
			piece_name(t, piece, name, sizeof name);
			int len = snprintf(cell, sizeof cell, "%d %s (%zu)", piece + 1, name, n);
			if (used && used + (size_t)len + 2 > 78)
				fputc('\n', t->out), used = 0;
			fprintf(t->out, "  %s%d%s %s (%zu)", tty_style(t, TTY_BOLD), piece + 1,
				tty_style(t, TTY_RESET), name, n);
			used += (size_t)len + 2;
		}
		fputc('\n', t->out);
		for (size_t i = 0; i < count(t); i++)
			if (choice(t, i)->piece < 0)
				index[k++] = i;
		if (k) {
			/* TRANSLATORS: before the moves without a piece (as pass), typed as
			 * they are */
			fprintf(t->out, "%s", _("or type:"));
			for (size_t j = 0; j < k; j++)
				fprintf(t->out, " %s", choice(t, index[j])->text);
			fputc('\n', t->out);
		}
	} else {
		for (size_t i = 0; i < count(t); i++)
			index[k++] = i;
		/* TRANSLATORS: before the list of legal moves, numbered */
		fprintf(t->out, "%s\n", _("moves:"));
		print_list(t, index, k, LABEL_NUMBERS);
	}
	free(index);
}

void tty_moves_print_all(tty_game *t)
{
	size_t *index = malloc((count(t) ? count(t) : 1) * sizeof *index);
	if (!index)
		return;
	for (size_t i = 0; i < count(t); i++)
		index[i] = i;
	fprintf(t->out, t->pieces ? _("every legal move (%zu), to type as shown:")
		: _("every legal move (%zu):"), count(t));
	fputc('\n', t->out);
	print_list(t, index, count(t), t->pieces ? LABEL_NONE : LABEL_NUMBERS);
	free(index);
}

void tty_moves_print_piece(tty_game *t, int piece)
{
	if (!tty_moves_of_piece(t, piece, NULL)) {
		fprintf(t->out, _("piece %d has no legal spot now"), piece + 1);
		fputc('\n', t->out);
		return;
	}
	t->piece = piece;
	tty_moves_print(t);
}

long tty_moves_choose(tty_game *t, const char *line, char *why, size_t cap)
{
	why[0] = '\0';
	bool digits = line[0] && !line[strspn(line, "0123456789")];
	if (digits && t->pieces > 0) {
		long n = strtol(line, NULL, 10);
		size_t first = 0, count = n >= 1 && n <= 1000 ? tty_moves_of_piece(t, (int)n - 1, &first)
							      : 0;
		if (count == 1)
			return (long)first; /* one spot only: no need to ask */
		if (count > 1) {
			t->piece = (int)n - 1;
			return TTY_CHOSE_PIECE;
		}
		/* TRANSLATORS: %s is the number typed */
		snprintf(why, cap, _("piece %s has no legal spot now"), line);
		return TTY_NOT_A_CHOICE;
	}
	if (digits) {
		long n = strtol(line, NULL, 10);
		for (size_t i = 0; t->numbered && i < count(t); i++)
			if (colon_number(choice(t, i)->text) == n)
				return (long)i;
		if (!t->numbered && n >= 1 && (size_t)n <= count(t))
			return n - 1;
		/* TRANSLATORS: %s is the number typed */
		snprintf(why, cap, _("there is no move %s"), line);
		return TTY_NOT_A_CHOICE;
	}
	if (spot_like(line) && t->piece >= 0) {
		for (size_t i = 0; i < count(t); i++)
			if (choice(t, i)->piece == t->piece && !strcmp(t->spot_name[i], line))
				return (long)i;
		/* TRANSLATORS: %2$s is the letter typed */
		snprintf(why, cap, _("piece %d has no spot %s"), t->piece + 1, line);
		return TTY_NOT_A_CHOICE;
	}
	return TTY_NOT_A_CHOICE;
}
