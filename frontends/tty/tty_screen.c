/* A human's turn on a terminal, fitted to its size (TIOCGWINSZ, again on SIGWINCH): the
 * prompt, the choices and the scores always; the board whole when it fits, else without
 * its notes (its key and what follows, as a scoring: `board` shows them), else without
 * its blank lines, else a page of it with a line saying so (`board` turns the page);
 * what happened since the last turn (its latest lines) and the header in what is left.
 * Nothing needed scrolls away, down to 80x24. */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "tty.h"

#define MIN_HISTORY 3 /* lines of the history kept before the board is paged */
#define MIN_BOARD 9   /* rows left to the board and the header when choices are long */
#define MIN_CHOICES 6 /* rows left to the scores and the choices when the board is big */
#define NOTES_PAGE -1 /* t->board_top: the notes under the board (its key, its scoring) */

void tty_capture_begin(tty_game *t, tty_capture *c)
{
	memset(c, 0, sizeof *c);
	c->saved = t->out;
	FILE *f = open_memstream(&c->buf, &c->len);
	if (f)
		fflush(t->out), t->out = f;
}

char *tty_capture_end(tty_game *t, tty_capture *c)
{
	if (t->out == c->saved)
		return NULL;
	fclose(t->out);
	t->out = c->saved;
	return c->buf;
}

bool tty_screen_size(const tty_game *t, int *rows, int *cols)
{
	struct winsize ws;
	if (ioctl(fileno(t->out), TIOCGWINSZ, &ws) != 0 || ws.ws_row < 4 || ws.ws_col < 20)
		return false;
	*rows = ws.ws_row, *cols = ws.ws_col;
	return true;
}

/* A section as lines: pointers into text (which is cut at each '\n'). */
typedef struct lines {
	char **at;
	bool *block; /* the line follows a blank one (kept when squeezed): a page may end
		      * before it; in the same allocation as at */
	int n;
} lines;

static bool blank(const char *line)
{
	return !line[strspn(line, " ")];
}

static lines split(char *text)
{
	lines l = {NULL, NULL, 0};
	if (!text || !*text)
		return l;
	int cap = 1;
	for (const char *p = text; *p; p++)
		cap += *p == '\n';
	l.at = malloc((size_t)cap * (sizeof *l.at + sizeof *l.block));
	if (!l.at)
		return l;
	l.block = (bool *)(l.at + cap);
	for (char *p = text; *p;) {
		char *nl = strchr(p, '\n');
		l.block[l.n] = l.n > 0 && blank(l.at[l.n - 1]);
		l.at[l.n++] = p;
		if (!nl)
			break;
		*nl = '\0';
		p = nl + 1;
	}
	return l;
}

/* The terminal rows a line takes (a long line wraps). */
static int line_rows(const char *line, int cols)
{
	int w = (int)tty_width(line);
	return w <= cols ? 1 : (w + cols - 1) / cols;
}

static int rows_of(const lines *l, int from, int to, int cols)
{
	int r = 0;
	for (int i = from; i < to; i++)
		r += line_rows(l->at[i], cols);
	return r;
}

/* Drop blank lines (the board's spacing), when the board does not fit with them; the
 * lines after them still start blocks. */
static void squeeze(lines *l)
{
	int k = 0;
	for (int i = 0; i < l->n; i++)
		if (!blank(l->at[i]))
			l->block[k] = l->block[i], l->at[k++] = l->at[i];
	l->n = k;
}

/* The rows of the board from line lead on without its blank lines. */
static int squeezed_rows(const lines *l, int lead, int cols)
{
	int r = 0;
	for (int i = lead; i < l->n; i++)
		if (l->at[i][strspn(l->at[i], " ")])
			r += line_rows(l->at[i], cols);
	return r;
}

static void put(tty_game *t, const lines *l, int from, int to)
{
	for (int i = from; i < to; i++)
		fprintf(t->out, "%s\n", l->at[i]);
}

/* The lines of the board from t->board_top that fill rows - 1, and the page's line. */
static void put_page(tty_game *t, const lines *board, int rows, int cols)
{
	int top = t->board_top < board->n ? t->board_top : 0, end = top, used = 0;
	while (end < board->n && used + line_rows(board->at[end], cols) <= rows - 1)
		used += line_rows(board->at[end++], cols);
	if (end == top && end < board->n)
		end++;
	/* a block the page would cut (Geominos' row of tiles in hand) begins the next
	 * page, unless that leaves half of this one empty */
	int cut = end;
	while (end < board->n && cut > top + 1 && !board->block[cut])
		cut--;
	if (end < board->n && board->block[cut] && rows_of(board, top, cut, cols) >= (rows - 1) / 2)
		end = cut;
	t->board_top = top;
	t->board_next = end < board->n ? end : 0;
	put(t, board, top, end);
	/* TRANSLATORS: under a board cut to the terminal's height; "board" is typed as is */
	fprintf(t->out, _("(board lines %d-%d of %d; type board for the next part)"), top + 1,
		end, board->n);
	fputc('\n', t->out);
}

/* How many lines of below (the scores and the choices) are shown: all, unless they
 * would leave the board no room; the board squeezed, with the header's and the
 * history's first lines, keeps its room while the choices keep min rows. */
static int choices_shown(const lines *below, const lines *board, int lead, int rows, int cols,
			 int min)
{
	int board_need = squeezed_rows(board, lead, cols) + 2;
	int keep = board_need < rows - 1 - min ? board_need : rows - 1 - min;
	int below_max = rows - 1 - (keep > MIN_BOARD ? keep : MIN_BOARD);
	int shown = below->n;
	if (below_max > 2 && rows_of(below, 0, below->n, cols) > below_max)
		while (shown > 1 && rows_of(below, 0, shown, cols) > below_max - 1)
			shown--;
	return shown;
}

/* The history's latest whole entries in rows (an entry's lines after its first are
 * indented); the last entry's first lines when it alone is longer. */
static void put_history(tty_game *t, const lines *hist, int rows, int cols)
{
	int first = hist->n;
	while (first > 0 && rows_of(hist, first - 1, hist->n, cols) <= rows)
		first--;
	while (first < hist->n && hist->at[first][0] == ' ')
		first++;
	if (first < hist->n || hist->n == 0) {
		put(t, hist, first, hist->n);
		return;
	}
	int start = hist->n - 1, end;
	while (start > 0 && hist->at[start][0] == ' ')
		start--;
	for (end = start; end < hist->n && rows_of(hist, start, end + 1, cols) <= rows; end++)
		;
	put(t, hist, start, end);
}

/* The header, the board and the history in left rows when they do not all fit: the
 * board first (whole, else squeezed, else paged), the history's last line (the last
 * move) beside it, then more history and the header. */
static void put_top(tty_game *t, lines *head, const lines *board, int lead, lines *hist,
		    int left, int cols)
{
	int head_rows = rows_of(head, 0, head->n, cols), hist_rows = rows_of(hist, 0, hist->n, cols);
	int last = hist_rows > 0;
	int hist_min = hist_rows < MIN_HISTORY ? hist_rows : MIN_HISTORY;
	lines whole = *board;
	whole.at += lead, whole.block += lead, whole.n -= lead;
	if (rows_of(&whole, 0, whole.n, cols) > left - 1 - hist_min)
		squeeze(&whole);
	int shown = rows_of(&whole, 0, whole.n, cols);
	bool paged = shown > left - last;
	int for_board = paged ? left - last : shown;
	if (!paged)
		t->board_top = 0;
	int rest = left - for_board;
	/* the header: all of it when the history fits beside it, else its first line when
	 * the last move keeps its line, else none (the board has a title) */
	bool full = head_rows + hist_rows <= rest;
	bool one = !full && head->n && rest - line_rows(head->at[0], cols) >= last;
	int head_used = full ? head_rows : one ? line_rows(head->at[0], cols) : 0;
	put(t, head, 0, full ? head->n : one ? 1 : 0);
	if (paged)
		put_page(t, &whole, for_board, cols);
	else
		put(t, &whole, 0, whole.n);
	put_history(t, hist, rest - head_used, cols);
}

/* Where the board's notes begin: its last line in parentheses (a key, as "(2==5 a
 * domino across, ...)") and what follows it (a scoring), board->n when it has none. */
static int notes_from(const lines *board)
{
	for (int i = board->n - 1; i > 0; i--) {
		size_t n = strlen(board->at[i]);
		if (board->at[i][0] == '(' && n > 1 && board->at[i][n - 1] == ')')
			return i;
	}
	return board->n;
}

/* A board whose notes do not fit: the board without them and a line saying `board`
 * shows them; on that page (t->board_top NOTES_PAGE) the notes alone. */
static bool without_notes(tty_game *t, lines *board, int rows, int cols,
			  char *note, size_t cap)
{
	int notes = notes_from(board);
	if (notes == board->n || rows_of(board, 0, board->n, cols) < rows - 1 - MIN_CHOICES)
		return false;
	if (t->board_top == NOTES_PAGE) {
		t->board_top = 0;
		memmove(board->at, board->at + notes, (size_t)(board->n - notes) * sizeof *board->at);
		memmove(board->block, board->block + notes,
			(size_t)(board->n - notes) * sizeof *board->block);
		board->n -= notes;
		return false;
	}
	/* TRANSLATORS: under a board whose key and scoring lines do not fit the terminal;
	 * "board" is typed as is */
	snprintf(note, cap, "%s", _("(key and scoring: type board)"));
	board->at[notes] = note;
	board->n = notes + 1;
	t->board_next = NOTES_PAGE;
	return true;
}

void tty_screen_print(tty_game *t, const tty_screen *s)
{
	int rows = 0, cols = 0;
	bool fit = tty_screen_size(t, &rows, &cols);
	if (!fit)
		cols = 1 << 20; /* a size unknown: nothing wraps, everything is shown */
	lines head = split(s->header), board = split(s->board), hist = split(s->history);
	lines below = split(s->below);
	char note[160];
	t->board_next = 0;
	int lead; /* the board's leading blank lines, left out when space is short */
	int min = MIN_CHOICES; /* a board without its notes keeps its rows: one more */
	int all = rows_of(&head, 0, head.n, cols) + rows_of(&board, 0, board.n, cols) +
		  rows_of(&hist, 0, hist.n, cols) + rows_of(&below, 0, below.n, cols);
	if (fit && board.at && all >= rows)
		min -= without_notes(t, &board, rows, cols, note, sizeof note);
	if (t->board_top == NOTES_PAGE)
		t->board_top = 0;
	for (lead = 0; lead < board.n && blank(board.at[lead]);)
		lead++;
	int below_shown = fit ? choices_shown(&below, &board, lead, rows, cols, min) : below.n;
	int left = fit ? rows - 1 - rows_of(&below, 0, below_shown, cols) -
				 (below_shown < below.n) : 1 << 30;
	if (rows_of(&head, 0, head.n, cols) + rows_of(&board, 0, board.n, cols) +
		    rows_of(&hist, 0, hist.n, cols) <= left) { /* everything, as it was */
		put(t, &head, 0, head.n);
		put(t, &board, 0, board.n);
		put(t, &hist, 0, hist.n);
	} else {
		put_top(t, &head, &board, lead, &hist, left, cols);
	}
	put(t, &below, 0, below_shown);
	if (below_shown < below.n) {
		char more[64];
		if (t->piece >= 0)
			snprintf(more, sizeof more, "moves %d", t->piece + 1);
		else
			snprintf(more, sizeof more, "moves all");
		/* TRANSLATORS: under the choices cut to the terminal's height; %2$s is a
		 * command (moves 3, moves all), typed as it is */
		fprintf(t->out, _("(%d more lines; %s lists them all)"), below.n - below_shown,
			more);
		fputc('\n', t->out);
	}
	free(head.at), free(board.at), free(hist.at), free(below.at);
}
