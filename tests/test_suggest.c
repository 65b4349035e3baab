/* bones_suggest: "did you mean" for mistyped commands, games, presets, options, agents. */
#include "bones_test.h"

#include "bones/suggest.h"

#include <string.h>

static const char *best_of(const char *word, const char *const *names)
{
	static bones_suggest s;
	bones_suggest_init(&s, word);
	for (; *names; names++)
		bones_suggest_add(&s, *names);
	return bones_suggest_best(&s);
}

static const char *const games[] = {"holomino", "hegemino", "geominos", "dominoes", NULL};
static const char *const commands[] = {"play", "start", "agents", "games", "replay",
				       "engine", "check", "bench", "render", "match",
				       "tourney", NULL};

static void test_suggest__finds_a_letter_left_out_or_swapped(void)
{
	CU_ASSERT_STRING_EQUAL(best_of("holmino", games), "holomino");
	CU_ASSERT_STRING_EQUAL(best_of("hegemnio", games), "hegemino");
	CU_ASSERT_STRING_EQUAL(best_of("tournee", commands), "tourney");
	CU_ASSERT_STRING_EQUAL(best_of("plya", commands), "play");
	CU_ASSERT_STRING_EQUAL(best_of("Geominoes", games), "geominos");
}

static void test_suggest__completes_a_prefix_of_three_letters_or_more(void)
{
	CU_ASSERT_STRING_EQUAL(best_of("tour", commands), "tourney");
	CU_ASSERT_STRING_EQUAL(best_of("domin", games), "dominoes");
	CU_ASSERT_PTR_NULL(best_of("ho", games));
}

static void test_suggest__offers_nothing_for_a_word_far_from_every_name(void)
{
	CU_ASSERT_PTR_NULL(best_of("chess", games));
	CU_ASSERT_PTR_NULL(best_of("xyzzy", commands));
	CU_ASSERT_PTR_NULL(best_of("", commands));
}

static void test_suggest__never_offers_the_word_itself(void)
{
	CU_ASSERT_PTR_NULL(best_of("play", (const char *const[]){"play", NULL}));
}

static void test_suggest__hint_reads_as_a_parenthesis_or_nothing(void)
{
	bones_suggest s;
	bones_suggest_init(&s, "mathc");
	for (const char *const *c = commands; *c; c++)
		bones_suggest_add(&s, *c);
	CU_ASSERT_STRING_EQUAL(bones_suggest_hint(&s), " (did you mean 'match'?)");
	bones_suggest_init(&s, "zzzzzz");
	bones_suggest_add(&s, "match");
	CU_ASSERT_STRING_EQUAL(bones_suggest_hint(&s), "");
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"a letter left out or swapped is found",
		 test_suggest__finds_a_letter_left_out_or_swapped},
		{"a prefix of three letters or more is completed",
		 test_suggest__completes_a_prefix_of_three_letters_or_more},
		{"nothing is offered for a word far from every name",
		 test_suggest__offers_nothing_for_a_word_far_from_every_name},
		{"the word itself is never offered", test_suggest__never_offers_the_word_itself},
		{"the hint reads as a parenthesis or nothing",
		 test_suggest__hint_reads_as_a_parenthesis_or_nothing},
		{NULL, NULL}};
	return bones_test_main("suggest", cases);
}
