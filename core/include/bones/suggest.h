/* "Did you mean ...?": the known name closest to a mistyped one. Every "unknown X"
 * message of the CLI (commands, games, presets, options, agents) asks here. */
#ifndef BONES_SUGGEST_H
#define BONES_SUGGEST_H

#include <stddef.h>

/* A search for the candidate closest to word. Caller-owned; init, add, then best. */
typedef struct bones_suggest {
	const char *word; /* borrowed for the life of the search */
	char best[64];    /* the closest candidate so far, "" for none */
	int distance;     /* its distance; ties keep the first */
	char hint[96];    /* bones_suggest_hint's text */
} bones_suggest;

void bones_suggest_init(bones_suggest *s, const char *word);
/* Consider candidate (copied when it is the best so far). */
void bones_suggest_add(bones_suggest *s, const char *candidate);
/* The best candidate when it is close enough to be a likely typo of word — an edit
 * distance (insertions, deletions, substitutions, swaps of neighbours, ignoring case)
 * of at most 1 for words of up to 4 letters, 2 up to 8, 3 beyond, or word a prefix of
 * it of at least 3 letters — else NULL. Never word itself. */
const char *bones_suggest_best(const bones_suggest *s);

/* " (did you mean 'x'?)" for the best candidate, or "" when there is none: for
 * appending to a message. The text lives in s. */
const char *bones_suggest_hint(bones_suggest *s);

#endif /* BONES_SUGGEST_H */
