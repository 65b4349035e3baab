/* The moves of a human's turn as they are thought about: first a piece (a hand piece by
 * its number), then a spot for it, each with the points it scores. A spot's letters
 * name its target whatever the piece (in the order the moves list the targets, which
 * is the order a plugin's board text letters its open cells when it does); more moves
 * of one piece at one spot (other orientations) are c, c2, c3. Games without hand
 * pieces (or without the render extension, which says which piece a move uses) list
 * their moves by number; a move written `word:N` (Hegemino's `pick:3`) is numbered N.
 * Notation typed in full always works. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bones/record.h"
#include "bones/render.h"
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

static void move_text(const tty_game *t, size_t i, char *buf, size_t cap)
{
	if (!t->plugin->format_move(bones_session_game(t->session),
				    bones_session_state(t->session), t->moves[i], buf, cap))
		snprintf(buf, cap, "?");
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
	for (size_t i = 0; i < t->move_count; i++) {
		if (t->move_piece[i] >= 0)
			continue;
		char text[BONES_MOVE_TEXT_MAX];
		move_text(t, i, text, sizeof text);
		long v = colon_number(text);
		if (v < 0 || n == 64)
			return false;
		for (size_t k = 0; k < n; k++)
			if (seen[k] == v)
				return false;
		seen[n++] = v;
	}
	return n > 0;
}

/* Where a move's piece goes: the plugin's target and its centre on the board. */
typedef struct spot {
	int target;
	float x, y;
} spot;

/* Reading order: upper row first, then left to right (a plugin that letters its board's
 * cells, as Holomino's text does, letters them in this order too, so the letters agree). */
static int compare_reading_order(const void *pa, const void *pb)
{
	const spot *a = pa, *b = pb;
	if (fabsf(a->y - b->y) > 1e-3f)
		return a->y < b->y ? -1 : 1;
	if (fabsf(a->x - b->x) > 1e-3f)
		return a->x < b->x ? -1 : 1;
	return (a->target > b->target) - (a->target < b->target);
}

/* The spot letters of the moves with a piece: the targets in reading order get a, b,
 * c, ...; a piece's second move at one target is "c2", and so on. */
static void label_spots(tty_game *t, const spot *at)
{
	spot *targets = malloc((t->move_count ? t->move_count : 1) * sizeof *targets);
	size_t n = 0;
	for (size_t i = 0; targets && i < t->move_count; i++) {
		size_t k = 0;
		while (k < n && targets[k].target != at[i].target)
			k++;
		if (t->move_piece[i] >= 0 && k == n)
			targets[n++] = at[i];
	}
	if (targets)
		qsort(targets, n, sizeof *targets, compare_reading_order);
	for (size_t i = 0; targets && i < t->move_count; i++) {
		if (t->move_piece[i] < 0)
			continue;
		size_t rank = 0, way = 1;
		while (targets[rank].target != at[i].target)
			rank++;
		for (size_t j = 0; j < i; j++)
			way += t->move_piece[j] == t->move_piece[i] && at[j].target == at[i].target;
		spot_label(rank, t->move_label[i], sizeof t->move_label[i]);
		if (way > 1)
			snprintf(t->move_label[i] + strlen(t->move_label[i]),
				 sizeof t->move_label[i] - strlen(t->move_label[i]), "%zu", way);
	}
	free(targets);
}

size_t tty_moves_refresh(tty_game *t)
{
	const bones_plugin *p = t->plugin;
	const void *game = bones_session_game(t->session);
	const void *state = bones_session_state(t->session);
	const bones_game_info *info = bones_session_info(t->session);
	const bones_render *render = p->get_extension ? p->get_extension(game, BONES_RENDER_ID)
						      : NULL;
	int who = bones_session_to_move(t->session);
	double before[BONES_TABLE_MAX_SEATS] = {0}, after[BONES_TABLE_MAX_SEATS] = {0};
	t->move_count = p->legal_moves(game, state, t->moves, NULL, info->max_moves);
	t->pieces = 0;
	p->scores(game, state, before);
	spot *at = malloc((t->move_count ? t->move_count : 1) * sizeof *at);
	for (size_t i = 0; i < t->move_count; i++) {
		bones_move_place place = {-1, -1, 0, 0, 0};
		if (!at || !render ||
		    render->move_place(game, state, t->moves[i], &place) != BONES_OK)
			place.piece = -1; /* out of memory: numbered, as without pieces */
		t->move_piece[i] = place.piece;
		t->move_label[i][0] = '\0';
		if (at)
			at[i] = (spot){place.target, place.x, place.y};
		t->pieces += place.piece >= 0;
		t->move_points[i] = 0;
		memcpy(t->scratch, state, info->state_size);
		if (who >= 0 && p->apply(game, t->scratch, t->moves[i]) == BONES_OK) {
			p->scores(game, t->scratch, after);
			t->move_points[i] = after[who] - before[who];
		}
	}
	if (at)
		label_spots(t, at);
	free(at);
	t->numbered = numbered_by_colon(t);
	if (t->piece >= 0 && !tty_moves_of_piece(t, t->piece, NULL))
		t->piece = -1;
	return t->move_count;
}

size_t tty_moves_of_piece(const tty_game *t, int piece, size_t *first)
{
	size_t n = 0;
	for (size_t i = 0; i < t->move_count; i++)
		if (t->move_piece[i] == piece && n++ == 0 && first)
			*first = i;
	return n;
}

/* The piece's name: the notation of its first move up to '@', '/' or ':'. */
static void piece_name(const tty_game *t, int piece, char *buf, size_t cap)
{
	size_t first = 0;
	buf[0] = '\0';
	if (!tty_moves_of_piece(t, piece, &first))
		return;
	char text[BONES_MOVE_TEXT_MAX];
	move_text(t, first, text, sizeof text);
	text[strcspn(text, "@/:")] = '\0';
	snprintf(buf, cap, "%s", text);
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
		size_t i = index[j];
		char label[24] = "", text[BONES_MOVE_TEXT_MAX], pts[96] = "", plain[48] = "";
		move_text(t, i, text, sizeof text);
		if (labels == LABEL_NONE)
			;
		else if (labels == LABEL_LETTERS)
			snprintf(label, sizeof label, "%s", t->move_label[i]);
		else if (t->numbered)
			snprintf(label, sizeof label, "%ld", colon_number(text));
		else
			snprintf(label, sizeof label, "%zu", j + 1);
		if (t->move_points[i] != 0) {
			points_text(t, t->move_points[i], pts, sizeof pts);
			tty_score_text(t->move_points[i], plain, sizeof plain);
		}
		snprintf(cells[j], sizeof cells[j], "%s%s%s%s%s%s%s", tty_style(t, TTY_BOLD), label,
			 tty_style(t, TTY_RESET), label[0] ? " " : "", text, pts[0] ? " " : "", pts);
		visible[j] = strlen(label) + (label[0] != 0) + strlen(text) +
			     (plain[0] ? 1 + tty_width(plain) + (t->move_points[i] > 0) : 0);
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

/* The moves index[0..k) in the order of their spot letters (a few dozen: insertion). */
static void sort_by_label(const tty_game *t, size_t *index, size_t k)
{
	for (size_t j = 1; j < k; j++) {
		size_t i = index[j], m = j;
		for (; m > 0 && label_before(t->move_label[i], t->move_label[index[m - 1]]); m--)
			index[m] = index[m - 1];
		index[m] = i;
	}
}

void tty_moves_print(tty_game *t)
{
	size_t *index = malloc((t->move_count ? t->move_count : 1) * sizeof *index);
	if (!index)
		return;
	size_t k = 0;
	if (t->piece >= 0) {
		char name[BONES_MOVE_TEXT_MAX];
		piece_name(t, t->piece, name, sizeof name);
		for (size_t i = 0; i < t->move_count; i++)
			if (t->move_piece[i] == t->piece)
				index[k++] = i;
		/* TRANSLATORS: piece %1$d (its name, as 246 or Snake) has %3$zu spots to play
		 * it at, listed by letter below */
		fprintf(t->out, P_("piece %d (%s): %zu spot; type its letter (Enter: other pieces)",
				   "piece %d (%s): %zu spots; type its letter (Enter: other pieces)",
				   (unsigned long)k), t->piece + 1, name, k);
		fputc('\n', t->out);
		sort_by_label(t, index, k);
		print_list(t, index, k, LABEL_LETTERS);
	} else if (t->pieces > 0) {
		fprintf(t->out, "%s\n", _("your pieces (type a number, then a letter for the spot):"));
		int hand_max = -1;
		for (size_t i = 0; i < t->move_count; i++)
			hand_max = t->move_piece[i] > hand_max ? t->move_piece[i] : hand_max;
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
		for (size_t i = 0; i < t->move_count; i++)
			if (t->move_piece[i] < 0)
				index[k++] = i;
		if (k) {
			/* TRANSLATORS: before the moves without a piece (as pass), typed as
			 * they are */
			fprintf(t->out, "%s", _("or type:"));
			for (size_t j = 0; j < k; j++) {
				char text[BONES_MOVE_TEXT_MAX];
				move_text(t, index[j], text, sizeof text);
				fprintf(t->out, " %s", text);
			}
			fputc('\n', t->out);
		}
	} else {
		for (size_t i = 0; i < t->move_count; i++)
			index[k++] = i;
		/* TRANSLATORS: before the list of legal moves, numbered */
		fprintf(t->out, "%s\n", _("moves:"));
		print_list(t, index, k, LABEL_NUMBERS);
	}
	free(index);
}

void tty_moves_print_all(tty_game *t)
{
	size_t *index = malloc((t->move_count ? t->move_count : 1) * sizeof *index);
	if (!index)
		return;
	for (size_t i = 0; i < t->move_count; i++)
		index[i] = i;
	fprintf(t->out, t->pieces ? _("every legal move (%zu), to type as shown:")
		: _("every legal move (%zu):"), t->move_count);
	fputc('\n', t->out);
	print_list(t, index, t->move_count, t->pieces ? LABEL_NONE : LABEL_NUMBERS);
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
		for (size_t i = 0; t->numbered && i < t->move_count; i++) {
			char text[BONES_MOVE_TEXT_MAX];
			move_text(t, i, text, sizeof text);
			if (colon_number(text) == n)
				return (long)i;
		}
		if (!t->numbered && n >= 1 && (size_t)n <= t->move_count)
			return n - 1;
		/* TRANSLATORS: %s is the number typed */
		snprintf(why, cap, _("there is no move %s"), line);
		return TTY_NOT_A_CHOICE;
	}
	if (spot_like(line) && t->piece >= 0) {
		for (size_t i = 0; i < t->move_count; i++)
			if (t->move_piece[i] == t->piece && !strcmp(t->move_label[i], line))
				return (long)i;
		/* TRANSLATORS: %2$s is the letter typed */
		snprintf(why, cap, _("piece %d has no spot %s"), t->piece + 1, line);
		return TTY_NOT_A_CHOICE;
	}
	return TTY_NOT_A_CHOICE;
}
