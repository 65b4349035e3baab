/* The shipped plugins in the player's language (ABI 1.2 text_domain and the host's
 * "bones.translate/1" service): their names, summaries, variants, breakdowns, views,
 * chance words and configure errors in German and in English; records byte-identical in
 * both; a plugin built for ABI 1.1 still loads (in English); and a plugin outside the
 * tree finds its catalogue in the folder locale/ beside its file. */
#include "bones_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/record.h"
#include "bones/kit_board.h"
#include "bones/registry.h"
#include "bones/render.h"
#include "bones/session.h"

#define OUTSIDE_DIR BONES_TEST_PLUGIN_DIR "/outside"

static void speak(const char *lang)
{
	char err[256];
	CU_ASSERT_FATAL(bones_i18n_init(lang, err, sizeof err));
}

/* The build's plugins, loaded the way the host loads them (which binds their domains). */
static bones_registry *game_plugins(void)
{
	bones_registry *reg = bones_registry_create();
	CU_ASSERT_FATAL(reg != NULL);
	bones_registry_scan_dir(reg, BONES_BUILD_PLUGIN_DIR);
	return reg;
}

static const bones_plugin *find(bones_registry *reg, const char *id)
{
	const bones_plugin *p = bones_registry_find(reg, id);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	return p;
}

static const bones_variant *variant(const bones_plugin *p, const char *id)
{
	for (size_t i = 0; i < p->variant_count; i++)
		if (!strcmp(p->variants[i].id, id))
			return &p->variants[i];
	CU_FAIL_FATAL("no such variant");
	return NULL;
}

static const char *help(const bones_plugin *p, const char *key)
{
	for (size_t i = 0; i < p->option_count; i++)
		if (!strcmp(p->options[i].key, key))
			return bones_plugin_text(p, p->options[i].help);
	CU_FAIL_FATAL("no such option");
	return NULL;
}

/* Holomino's rule sheet example 1 (tests/test_holomino.c): the hole (3 + 2 + 5) = 10. */
static void holomino_hole(const bones_plugin *p, char *why, size_t cap)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, p, ""), BONES_OK);
	void *s = bones_test_new_state(&g);
	CU_ASSERT_FATAL(bones_test_play(&g, s, "draw:135 draw:123 draw:146 draw:245 draw:256 "
					       "draw:346 draw:235 draw:456 135@1,0 draw:156 "
					       "346@-1,0 draw:124 123@1,-1"));
	p->breakdown(g.game, s, why, cap);
	free(s);
	bones_test_release(&g);
}

/* The words for the first deal of a fresh game, through the render extension. */
static void first_deal(const bones_plugin *p, const char *settings, const char *outcome,
		       char *buf, size_t cap)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, p, settings), BONES_OK);
	void *s = bones_test_new_state(&g);
	bones_move m;
	CU_ASSERT_EQUAL_FATAL(p->parse_move(g.game, s, outcome, &m), BONES_OK);
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, p, g.game, &rg);
	CU_ASSERT_FATAL(r && BONES_RENDER_HAS(r, describe_chance));
	buf[0] = '\0';
	CU_ASSERT(r->describe_chance(rg, s, m, buf, cap));
	free(s);
	bones_test_release(&g);
}

static void view(const bones_plugin *p, const char *settings, char *buf, size_t cap)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, p, settings), BONES_OK);
	void *s = bones_test_new_state(&g);
	p->render_text(g.game, s, 0, buf, cap);
	free(s);
	bones_test_release(&g);
}

static void test_plugins_i18n__the_games_speak_german(void)
{
	speak("de");
	bones_registry *reg = game_plugins();
	const bones_plugin *hm = find(reg, "holomino"), *hg = find(reg, "hegemino");
	const bones_plugin *geo = find(reg, "geominos"), *dom = find(reg, "dominoes");
	CU_ASSERT_STRING_EQUAL(hm->text_domain, "bones-holomino");
	CU_ASSERT_STRING_EQUAL(bones_plugin_text(hm, hm->name), "Holomino");
	CU_ASSERT_STRING_EQUAL(bones_plugin_text(hm, hm->summary),
			       "sechseckige Plättchen mit Aussparungen und Ziffern: vollständige "
			       "Kreise bringen Punkte (Cameron Browne)");
	CU_ASSERT_STRING_EQUAL(bones_plugin_text(hm, variant(hm, "3p")->name), "Holomino zu dritt");
	CU_ASSERT_STRING_EQUAL(help(hm, "pool_size"), "Holominos in jeder Auslage zwischen den Zügen");
	CU_ASSERT_STRING_EQUAL(bones_plugin_text(dom, dom->name), "Domino");
	CU_ASSERT_STRING_EQUAL(bones_plugin_text(dom, variant(dom, "draw")->summary),
			       "wer nicht legen kann, zieht aus dem Vorrat");
	CU_ASSERT_STRING_EQUAL(bones_plugin_text(hg, variant(hg, "stacking")->name), "Stapeln");
	CU_ASSERT_STRING_EQUAL(help(geo, "penalty"),
			       "Strafpunkte für einen Spieler, der keinen Stein legen kann");
	/* ids, keys, choices and settings stay as they are */
	CU_ASSERT_STRING_EQUAL(variant(hg, "stacking")->settings, "stacking=on");

	char buf[4096];
	holomino_hole(hm, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "Kreis: 2 + 3 + 5 = 10");
	first_deal(hm, "", "draw:135", buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "Spieler 1 erhält 135");
	first_deal(dom, "", "deal:3-5", buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "Spieler 1 erhält 3-5");
	first_deal(geo, "", "draw:Seahorse", buf, sizeof buf); /* the tile's name too */
	CU_ASSERT_STRING_EQUAL(buf, "Seepferdchen eröffnet das Brett");
	view(hg, "", buf, sizeof buf);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "Markt (links: zu legen, rechts: zu wählen"));
	view(dom, "", buf, sizeof buf);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "Domino, Blockspiel: Austeilen, 0 von 14 Steinen verteilt\n"
					   "Kette: leer\nVorrat: 28 Steine\n"
					   "Spieler 1 (du): 0 Steine\n"));
	/* the observation, which the host compares, stays English */
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, dom, ""), BONES_OK);
	void *s = bones_test_new_state(&g);
	dom->observation(g.game, s, 0, buf, sizeof buf);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "Dominoes, block game: dealing"));
	free(s);
	bones_test_release(&g);
	/* configure's error keeps the option key first */
	CU_ASSERT_EQUAL(bones_test_configure(&g, geo, "players=2 starter=3"), BONES_EINVAL);
	CU_ASSERT_STRING_EQUAL(g.error,
			       "starter: Spieler 3 spielt in einer Partie mit 2 Spielern nicht mit");
	bones_registry_destroy(reg);
	speak("en");
}

/* The first move off the board (move_place: no target) met in seeded random games of
 * plugin id: its button's label (bones_session_move_label) into buf, its notation into
 * text; false when none came up in 200 games. */
static bool first_offboard_label(bones_registry *reg, const char *id, const char *settings,
				 char *buf, char *text, size_t cap)
{
	const bones_plugin *p = find(reg, id);
	bool found = false;
	for (uint64_t seed = 1; seed <= 200 && !found; seed++) {
		bones_session *s = bones_test_session(p, settings, seed);
		const void *game = bones_session_game(s);
		bones_kit_board kb;
		const void *rg;
		const bones_render *r = bones_kit_board_render(&kb, p, game, &rg);
		size_t cap_moves = bones_session_info(s)->max_moves;
		bones_move *moves = malloc(cap_moves * sizeof *moves);
		bones_rng rng;
		bones_rng_seed(&rng, seed);
		CU_ASSERT_FATAL(r && r->move_place && moves);
		while (!found && bones_session_to_move(s) != BONES_TERMINAL) {
			if (bones_session_to_move(s) == BONES_CHANCE) {
				CU_ASSERT_FATAL(bones_session_resolve_chance(s) == BONES_OK);
				continue;
			}
			const void *state = bones_session_state(s);
			size_t n = p->legal_moves(game, state, moves, NULL, cap_moves);
			for (size_t i = 0; i < n && !found; i++) {
				bones_move_place place;
				if (r->move_place(rg, state, moves[i], &place) || place.target >= 0)
					continue;
				found = bones_session_move_label(s, moves[i], buf, cap) &&
					p->format_move(game, state, moves[i], text, cap) > 0;
			}
			CU_ASSERT_FATAL(bones_session_play(s, moves[bones_rng_below(&rng, (uint32_t)n)]) ==
					BONES_OK);
		}
		free(moves);
		bones_session_destroy(s);
	}
	return found;
}

/* The buttons of moves off the board (a pass, a discard, a draw) read in the player's
 * language; the notation they make stays the same. */
static void test_plugins_i18n__moves_off_the_board_have_labels_in_german(void)
{
	static const struct {
		const char *id, *settings, *german;
	} games[] = {{"holomino", "max_extent=4", "Passen, "},
		     {"hegemino", "", "Abwerfen"},
		     {"geominos", "deal=one players=4", "Passen"},
		     {"dominoes", "", "Passen"},
		     {"dominoes", "variant=draw", "Aus dem Vorrat ziehen"}};
	speak("de");
	bones_registry *reg = game_plugins();
	for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
		char label[64], text[64];
		CU_ASSERT_FATAL(first_offboard_label(reg, games[k].id, games[k].settings, label,
						     text, sizeof label));
		CU_ASSERT_EQUAL(strncmp(label, games[k].german, strlen(games[k].german)), 0);
		CU_ASSERT(strcmp(label, text) != 0);
		if (strncmp(label, games[k].german, strlen(games[k].german)))
			fprintf(stderr, "\n  %s: '%s' for '%s'", games[k].id, label, text);
	}
	bones_registry_destroy(reg);
	speak("en");
}

/* The words of the first legal move of a player after the given moves and any chance
 * outcomes following them (each the first possible), through render.h. */
static void first_move_words(bones_registry *reg, const char *id, const char *settings,
			     const char *moves, char *buf, size_t cap)
{
	const bones_plugin *p = find(reg, id);
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, p, settings), BONES_OK);
	void *s = bones_test_new_state(&g);
	CU_ASSERT_FATAL(bones_test_play(&g, s, moves));
	const bones_render *r = p->get_extension(g.game, BONES_RENDER_ID);
	bones_move *legal = malloc(g.info.max_moves * sizeof *legal);
	CU_ASSERT_FATAL(legal != NULL && r != NULL && BONES_RENDER_HAS(r, move_words));
	CU_ASSERT_FATAL(p->legal_moves(g.game, s, legal, NULL, g.info.max_moves) > 0);
	while (p->to_move(g.game, s) == BONES_CHANCE) {
		CU_ASSERT_EQUAL_FATAL(p->apply(g.game, s, legal[0]), BONES_OK);
		CU_ASSERT_FATAL(p->legal_moves(g.game, s, legal, NULL, g.info.max_moves) > 0);
	}
	buf[0] = '\0';
	CU_ASSERT(r->move_words(g.game, s, legal[0], buf, cap));
	free(legal);
	free(s);
	bones_test_release(&g);
}

/* A placement's words in German name what it lies beside, as in English, no cell. */
static void test_plugins_i18n__placements_are_told_in_german(void)
{
	char words[128];
	speak("de");
	bones_registry *reg = game_plugins();
	first_move_words(reg, "hegemino", "players=2",
			 "order:1221 draw:1-3 draw:2-6 draw:4-4 draw:0-3 pick:2 pick:3 pick:1 "
			 "pick:4 draw:1-2 draw:3-4 draw:5-5 draw:0-1 pick:4 3-1@1,0/E pick:1",
			 words, sizeof words);
	CU_ASSERT(strncmp(words, "legt 2-6 ", 9) == 0 || strncmp(words, "legt 6-2 ", 9) == 0);
	CU_ASSERT(strstr(words, " das Startplättchen, ") != NULL);
	first_move_words(reg, "geominos", "players=2", "", words, sizeof words);
	CU_ASSERT(strncmp(words, "legt ", 5) == 0);
	CU_ASSERT(strstr(words, " neben ") || strstr(words, " über ") || strstr(words, " unter "));
	CU_ASSERT(strchr(words, ',') == NULL || strstr(words, "gewendet") || strstr(words, "gedreht"));
	bones_registry_destroy(reg);
	speak("en");
}

/* A breakdown's players in German ("Spieler 2", the plugin's own words) by their names. */
static void test_plugins_i18n__breakdowns_name_the_players_in_german(void)
{
	const char *names[2] = {"Ann", "Bob"};
	char plain[256], named[256];
	speak("de");
	bones_registry *reg = game_plugins();
	const bones_plugin *p = find(reg, "dominoes");
	snprintf(plain, sizeof plain, bones_plugin_text(p, "domino by %s, pips left: %s"),
		 "Spieler 2", "Spieler 1 (5), Spieler 2 (0)");
	bones_plugin_text_names(p, plain, names, 2, named, sizeof named);
	CU_ASSERT_STRING_EQUAL(named, "Domino von Bob, übrige Augen: Ann (5), Bob (0)");
	bones_registry_destroy(reg);
	speak("en");
}

static void test_plugins_i18n__the_games_speak_english(void)
{
	speak("en");
	bones_registry *reg = game_plugins();
	const bones_plugin *hm = find(reg, "holomino"), *dom = find(reg, "dominoes");
	const bones_plugin *geo = find(reg, "geominos");
	CU_ASSERT_STRING_EQUAL(bones_plugin_text(hm, hm->summary),
			       "hexagonal tiles with bites and digits: close holes to score "
			       "(Cameron Browne)");
	CU_ASSERT_STRING_EQUAL(bones_plugin_text(dom, dom->name), "Dominoes");
	char buf[4096];
	holomino_hole(hm, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "hole: 2 + 3 + 5 = 10");
	first_deal(hm, "", "draw:135", buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "135 is dealt to player 1");
	bones_test_game g;
	CU_ASSERT_EQUAL(bones_test_configure(&g, geo, "players=2 starter=3"), BONES_EINVAL);
	CU_ASSERT_STRING_EQUAL(g.error, "starter: player 3 does not play in a 2-player game");
	bones_registry_destroy(reg);
}

/* The record of a seeded random game, without its [Date] line; plain: written while
 * the translate service answers in English (bones_i18n_set_plain). */
static char *record(bones_registry *reg, const char *id, const char *settings, uint64_t seed,
		    bool plain)
{
	const bones_plugin *p = find(reg, id);
	bones_session *s = bones_test_session(p, settings, seed);
	size_t cap = bones_session_info(s)->max_moves;
	bones_move *moves = malloc(cap * sizeof *moves);
	bones_rng rng;
	bones_rng_seed(&rng, seed);
	for (int i = 0; i < 5000 && bones_session_to_move(s) != BONES_TERMINAL; i++) {
		if (bones_session_to_move(s) == BONES_CHANCE) {
			CU_ASSERT_FATAL(bones_session_resolve_chance(s) == BONES_OK);
			continue;
		}
		size_t n = p->legal_moves(bones_session_game(s), bones_session_state(s), moves,
					  NULL, cap);
		CU_ASSERT_FATAL(bones_session_play(s, moves[bones_rng_below(&rng, (uint32_t)n)]) ==
				BONES_OK);
	}
	free(moves);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	CU_ASSERT_FATAL(f != NULL);
	bool was = plain ? bones_i18n_set_plain(true) : false;
	CU_ASSERT_EQUAL(bones_record_write(s, NULL, f), BONES_OK);
	if (plain)
		bones_i18n_set_plain(was);
	fclose(f);
	bones_session_destroy(s);
	char *date = strstr(buf, "[Date \"");
	if (date)
		memmove(date, strchr(date, '\n') + 1, strlen(strchr(date, '\n') + 1) + 1);
	return buf;
}

/* A record is what machines read: the same bytes in every language, the plugins'
 * breakdowns in its comments included. The plugins answer in English while the host
 * writes plainly (bones_i18n_set_plain); the record writer must do that itself. */
static void test_plugins_i18n__records_are_the_same_in_german_and_english(void)
{
	static const char *const games[][2] = {
		{"holomino", ""}, {"hegemino", "chaos=hidden"}, {"geominos", "deal=five"},
		{"dominoes", "variant=draw players=3"},
	};
	for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
		speak("en");
		bones_registry *reg = game_plugins();
		char *en = record(reg, games[i][0], games[i][1], 17 + i, false);
		bones_registry_destroy(reg);
		speak("de");
		reg = game_plugins();
		char *plain = record(reg, games[i][0], games[i][1], 17 + i, true);
		char *de = record(reg, games[i][0], games[i][1], 17 + i, false);
		bones_registry_destroy(reg);
		CU_ASSERT_PTR_NOT_NULL(strstr(en, " ; ")); /* it has breakdowns */
		CU_ASSERT_STRING_EQUAL(plain, en);
		/* the record writer speaks English to the plugins (plain mode): the same
		 * bytes in German, breakdown comments included */
		CU_ASSERT_STRING_EQUAL(de, en);
		free(en);
		free(plain);
		free(de);
	}
	speak("en");
}

/* A plugin built for ABI 1.1 has no text_domain (its entry ends before it): it loads
 * and speaks English even with a catalogue of the domain it would name beside it. */
static void test_plugins_i18n__a_1_1_plugin_loads_without_a_text_domain(void)
{
	speak("de");
	bones_registry *reg = bones_registry_create();
	CU_ASSERT_EQUAL_FATAL(bones_registry_load(reg, OUTSIDE_DIR "/abi_one_one.so"), BONES_OK);
	const bones_plugin *p = find(reg, "abi_one_one");
	CU_ASSERT_EQUAL(p->abi_minor, 1);
	CU_ASSERT_EQUAL(p->size, BONES_PLUGIN_SIZE_1_1);
	CU_ASSERT_PTR_NULL(p->text_domain);
	CU_ASSERT_PTR_NOT_NULL(p->sample_move);
	CU_ASSERT_STRING_EQUAL(bones_plugin_text(p, p->name), "Count to 10");
	char buf[256];
	view(p, "", buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "count to 10: total 0, player 1 adds 1..2\n");
	bones_registry_destroy(reg);
	speak("en");
}

/* A rule author's plugin outside the tree: its catalogue in locale/de/LC_MESSAGES beside
 * the file gives its static texts and, through the host's service, its run-time ones. */
static void test_plugins_i18n__a_plugin_finds_its_catalogue_beside_its_file(void)
{
	speak("de");
	bones_registry *reg = bones_registry_create();
	CU_ASSERT_EQUAL_FATAL(bones_registry_load(reg, OUTSIDE_DIR "/testgame_tr.so"), BONES_OK);
	const bones_plugin *p = find(reg, "testgame_tr");
	CU_ASSERT_STRING_EQUAL(p->text_domain, "bones-testgame");
	CU_ASSERT_STRING_EQUAL(bones_plugin_text(p, p->name), "Zähle bis 10");
	CU_ASSERT_STRING_EQUAL(bones_plugin_text(p, p->summary),
			       "die Spieler zählen abwechselnd 1 oder 2 dazu; wer 10 erreicht, "
			       "gewinnt");
	CU_ASSERT_STRING_EQUAL(bones_plugin_text(p, p->options[0].help), "number of players");
	char buf[256];
	view(p, "", buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "zähle bis 10: Summe 0, Spieler 1 zählt 1..2 dazu\n");
	speak("en");
	CU_ASSERT_STRING_EQUAL(bones_plugin_text(p, p->name), "Count to 10");
	view(p, "", buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "count to 10: total 0, player 1 adds 1..2\n");
	bones_registry_destroy(reg);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"the games speak german", test_plugins_i18n__the_games_speak_german},
		{"the games speak english", test_plugins_i18n__the_games_speak_english},
		{"moves off the board have labels in German",
		 test_plugins_i18n__moves_off_the_board_have_labels_in_german},
		{"placements are told in German", test_plugins_i18n__placements_are_told_in_german},
		{"breakdowns name the players in German",
		 test_plugins_i18n__breakdowns_name_the_players_in_german},
		{"records are the same in german and english",
		 test_plugins_i18n__records_are_the_same_in_german_and_english},
		{"a 1.1 plugin loads without a text domain",
		 test_plugins_i18n__a_1_1_plugin_loads_without_a_text_domain},
		{"a plugin finds its catalogue beside its file",
		 test_plugins_i18n__a_plugin_finds_its_catalogue_beside_its_file},
		{NULL, NULL},
	};
	return bones_test_main("plugins_i18n", cases);
}
