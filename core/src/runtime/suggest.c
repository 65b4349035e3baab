/* "Did you mean ...?" by optimal-string-alignment distance; see bones/suggest.h. */
#include "bones/suggest.h"

#include "bones/i18n.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define MAX_WORD 63

static int min3(int a, int b, int c)
{
	int m = a < b ? a : b;
	return m < c ? m : c;
}

static bool same(char a, char b)
{
	return tolower((unsigned char)a) == tolower((unsigned char)b);
}

/* Edit distance with transpositions of neighbours (three rows of the table). */
static int distance(const char *a, const char *b)
{
	size_t n = strlen(a), m = strlen(b);
	if (n > MAX_WORD || m > MAX_WORD)
		return MAX_WORD;
	int rows[3][MAX_WORD + 1];
	int *prev2 = rows[0], *prev = rows[1], *cur = rows[2];
	for (size_t j = 0; j <= m; j++)
		prev[j] = (int)j;
	for (size_t i = 1; i <= n; i++) {
		cur[0] = (int)i;
		for (size_t j = 1; j <= m; j++) {
			int cost = same(a[i - 1], b[j - 1]) ? 0 : 1;
			cur[j] = min3(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
			if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1]) &&
			    prev2[j - 2] + 1 < cur[j])
				cur[j] = prev2[j - 2] + 1;
		}
		int *t = prev2;
		prev2 = prev, prev = cur, cur = t;
	}
	return prev[m];
}

static bool is_prefix(const char *word, const char *of)
{
	size_t n = strlen(word);
	if (n < 3 || n >= strlen(of))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!same(word[i], of[i]))
			return false;
	return true;
}

void bones_suggest_init(bones_suggest *s, const char *word)
{
	s->word = word ? word : "";
	s->best[0] = '\0';
	s->distance = MAX_WORD + 1;
}

void bones_suggest_add(bones_suggest *s, const char *candidate)
{
	if (!candidate || !*candidate || strlen(candidate) >= sizeof s->best ||
	    !strcmp(candidate, s->word))
		return;
	int d = is_prefix(s->word, candidate) ? 1 : distance(s->word, candidate);
	if (d < s->distance) {
		s->distance = d;
		strcpy(s->best, candidate);
	}
}

const char *bones_suggest_best(const bones_suggest *s)
{
	size_t n = strlen(s->word);
	int limit = n <= 4 ? 1 : n <= 8 ? 2 : 3;
	return s->best[0] && s->distance <= limit ? s->best : NULL;
}

const char *bones_suggest_hint(bones_suggest *s)
{
	const char *best = bones_suggest_best(s);
	s->hint[0] = '\0';
	if (best)
		/* TRANSLATORS: appended to an error message such as "'holomno': no such game
		   or preset"; keep the leading space and the parentheses. */
		snprintf(s->hint, sizeof s->hint, _(" (did you mean '%s'?)"), best);
	return s->hint;
}
