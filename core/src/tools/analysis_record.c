/* An analysed game's record as text with the analysis in it: an Analysis tag and a
 * comment after each analysed player move (docs/formats.md), everything else (other
 * games of a file of several among them) kept as it was, so `bones replay` and older
 * builds read it as before. */
#define _POSIX_C_SOURCE 200809L
#include "bones/analysis.h"
#include "bones/i18n.h"
#include "bones/record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COMMENT "; analysis: "
#define TAG "[Analysis "

/* The comment of move m, in English (records read the same in every language). */
static void comment(const bones_session *s, const bones_analysis_move *m, FILE *out)
{
	if (m->played == m->preferred) {
		fprintf(out, " " COMMENT "%s, win %.0f%%, margin %+.1f",
			m->forced ? "only move" : bones_analysis_verdict_name(m->verdict),
			100 * m->win_after, m->margin_after);
		return;
	}
	char best[256];
	const bones_plugin *pl = bones_session_plugin(s);
	if (!pl->format_move(bones_session_game(s), bones_session_state_at(s, m->index),
			     m->preferred, best, sizeof best) || strchr(best, ';'))
		snprintf(best, sizeof best, "?");
	fprintf(out, " " COMMENT "%s, win %.0f%% -> %.0f%%, margin %+.1f -> %+.1f, best %s",
		bones_analysis_verdict_name(m->verdict), 100 * m->win_before,
		100 * m->win_after, m->margin_before, m->margin_after, best);
}

/* The move number of a move line ("12. p1 ..."), 0 for any other line. */
static size_t move_number(const char *line)
{
	line += strspn(line, " \t");
	size_t n = 0;
	for (; *line >= '0' && *line <= '9' && n < SIZE_MAX / 10; line++)
		n = n * 10 + (size_t)(*line - '0');
	return *line == '.' ? n : 0;
}

/* Where the annotation of a file of records stands. */
typedef struct annotator {
	const bones_session *s;
	const bones_analysis_move **by_index; /* hist entries: the analysis of each move */
	size_t hist;
	const char *tag;
	size_t game, at_game; /* the game analysed (from 1) and the current line's */
	bool moves;           /* a move line since the last [Game] tag (or the start) */
	bool tagged;          /* the Analysis tag is out */
	FILE *out;
} annotator;

/* One line of the file (without its end of line) as it goes out; false when it is
 * left out. Games start as bones_record_count counts them. */
static bool annotate_line(annotator *an, char *line)
{
	const char *p = line + strspn(line, " \t");
	if (!strncmp(p, "[Game \"", 7) && an->moves) {
		an->at_game++;
		an->moves = false;
	} else if (*p && *p != '[' && *p != ';') {
		an->moves = true;
	}
	if (an->at_game != an->game) {
		fputs(line, an->out);
		return true;
	}
	if (!strncmp(p, TAG, strlen(TAG)))
		return false; /* an earlier analysis: replaced */
	if (!an->tagged && *p != '[') {
		fprintf(an->out, TAG "\"%s\"]\n", an->tag);
		an->tagged = true;
	}
	size_t n = move_number(line);
	const bones_analysis_move *m = n && n <= an->hist ? an->by_index[n - 1] : NULL;
	if (m) {
		char *old = strstr(line, COMMENT);
		if (old)
			*old = '\0';
		size_t end = strlen(line);
		while (end && (line[end - 1] == ' ' || line[end - 1] == '\t'))
			line[--end] = '\0';
	}
	fputs(line, an->out);
	if (m)
		comment(an->s, m, an->out);
	return true;
}

/* Every line of text, game's annotated, into out. */
static bones_status annotate(const bones_analysis *a, const bones_session *s, size_t game,
			     const char *tag, const char *text, size_t len, FILE *out)
{
	size_t hist = bones_session_length(s);
	annotator an = {s, calloc(hist ? hist : 1, sizeof *an.by_index), hist, tag, game, 0,
			true, false, out};
	char *line = malloc(len + 1);
	if (!an.by_index || !line) {
		free(an.by_index);
		free(line);
		return BONES_ENOMEM;
	}
	for (size_t k = 0; k < a->count; k++)
		if (a->moves[k].index < hist)
			an.by_index[a->moves[k].index] = &a->moves[k];
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
		bool cr = n && text[at + n - 1] == '\r';
		memcpy(line, text + at, n - cr);
		line[n - cr] = '\0';
		if (annotate_line(&an, line))
			fputs(cr ? "\r\n" : "\n", out);
		at += n + 1;
	}
	free(an.by_index);
	free(line);
	return ferror(out) ? BONES_EIO : BONES_OK;
}

bones_status bones_analysis_annotate(const bones_analysis *a, const bones_session *s,
				     size_t game, const char *tag, const char *text, size_t len,
				     char **out, size_t *out_len)
{
	*out = NULL;
	*out_len = 0;
	if (strchr(tag, '"') || strchr(tag, '\\') || strchr(tag, '\n'))
		return BONES_EINVAL;
	FILE *f = open_memstream(out, out_len);
	if (!f)
		return BONES_ENOMEM;
	bones_status st = annotate(a, s, game, tag, text, len, f);
	if (fclose(f) && !st)
		st = BONES_ENOMEM;
	if (st) {
		free(*out);
		*out = NULL;
		*out_len = 0;
	}
	return st;
}
