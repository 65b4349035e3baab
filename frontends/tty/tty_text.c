/* The terminal UI's words for people: a seat's name ("You" or its own), scores,
 * points and seconds in the player's language. A leaf: it calls no other file of the
 * terminal UI, which all call it. */
#include <ctype.h>
#include <string.h>

#include "bones/record.h"
#include "tty.h"

bool tty_is_you(const tty_game *t, int seat)
{
	return !strcmp(bones_table_seat_name(t->table, seat), "You");
}

const char *tty_name(const tty_game *t, int seat)
{
	/* TRANSLATORS: a human player's name in the header, the scores and the result
	 * ("scores: You 12, greedy 9") */
	return tty_is_you(t, seat) ? _("You") : bones_table_seat_name(t->table, seat);
}

const char *tty_score_text(double v, char *buf, size_t cap)
{
	bones_record_format_score(v, buf, cap);
	const char *dot = strchr(buf, '.');
	if (dot && !strchr(buf, 'e')) /* decimals: with the language's decimal mark */
		bones_i18n_number(buf, cap, v, (int)strlen(dot + 1));
	return buf;
}

unsigned long tty_plural_n(double v)
{
	double a = v < 0 ? -v : v;
	return a < 1e9 && a == (double)(unsigned long)a ? (unsigned long)a : 2;
}

const char *tty_seconds_text(int64_t ms, char *buf, size_t cap)
{
	int decimals = ms % 1000 == 0 ? 0 : ms % 100 == 0 ? 1 : ms % 10 == 0 ? 2 : 3;
	return bones_i18n_number(buf, cap, (double)ms / 1000, decimals);
}

/* Whether words start at p, any run of white space matching any other. */
static bool words_at(const char *p, const char *w)
{
	while (*w) {
		if (isspace((unsigned char)*w)) {
			while (isspace((unsigned char)*w))
				w++;
			if (!*w)
				return true;
			if (!isspace((unsigned char)*p))
				return false;
			while (isspace((unsigned char)*p))
				p++;
		} else if (*p++ != *w++) {
			return false;
		}
	}
	return true;
}

bool tty_text_holds(const char *text, const char *words)
{
	while (isspace((unsigned char)*words))
		words++;
	for (const char *p = text; *words && *p; p++)
		if (words_at(p, words))
			return true;
	return !*words;
}
