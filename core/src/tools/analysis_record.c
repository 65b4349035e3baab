/* An analysed game's record as text with the analysis in it: an Analysis tag and a
 * comment after each analysed player move (docs/formats.md), everything else kept as
 * it was, so `bones replay` and older builds read it as before. */
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

/* One line of the record (without its end of line) as it goes out; false when it is
 * left out. */
static bool annotate_line(const bones_session *s, const bones_analysis_move *const *by_index,
			  size_t len, char *line, bool *tagged, const char *tag, FILE *out)
{
	const char *p = line + strspn(line, " \t");
	if (!strncmp(p, TAG, strlen(TAG)))
		return false; /* an earlier analysis: replaced */
	if (!*tagged && *p != '[') {
		fprintf(out, TAG "\"%s\"]\n", tag);
		*tagged = true;
	}
	size_t n = move_number(line);
	const bones_analysis_move *m = n && n <= len ? by_index[n - 1] : NULL;
	if (m) {
		char *old = strstr(line, COMMENT);
		if (old)
			*old = '\0';
		size_t end = strlen(line);
		while (end && (line[end - 1] == ' ' || line[end - 1] == '\t'))
			line[--end] = '\0';
	}
	fputs(line, out);
	if (m)
		comment(s, m, out);
	return true;
}

/* Every line of text, annotated, into out. */
static bones_status annotate(const bones_analysis *a, const bones_session *s,
			     const char *tag, const char *text, size_t len, FILE *out)
{
	size_t hist = bones_session_length(s);
	const bones_analysis_move **by_index = calloc(hist ? hist : 1, sizeof *by_index);
	char *line = malloc(len + 1);
	if (!by_index || !line) {
		free(by_index);
		free(line);
		return BONES_ENOMEM;
	}
	for (size_t k = 0; k < a->count; k++)
		if (a->moves[k].index < hist)
			by_index[a->moves[k].index] = &a->moves[k];
	bool tagged = false;
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
		bool cr = n && text[at + n - 1] == '\r';
		memcpy(line, text + at, n - cr);
		line[n - cr] = '\0';
		if (annotate_line(s, by_index, hist, line, &tagged, tag, out))
			fputs(cr ? "\r\n" : "\n", out);
		at += n + 1;
	}
	free(by_index);
	free(line);
	return ferror(out) ? BONES_EIO : BONES_OK;
}

bones_status bones_analysis_annotate(const bones_analysis *a, const bones_session *s,
				     const char *tag, const char *text, size_t len,
				     char **out, size_t *out_len)
{
	*out = NULL;
	*out_len = 0;
	if (strchr(tag, '"') || strchr(tag, '\\') || strchr(tag, '\n'))
		return BONES_EINVAL;
	FILE *f = open_memstream(out, out_len);
	if (!f)
		return BONES_ENOMEM;
	bones_status st = annotate(a, s, tag, text, len, f);
	if (fclose(f) && !st)
		st = BONES_ENOMEM;
	if (st) {
		free(*out);
		*out = NULL;
		*out_len = 0;
	}
	return st;
}
