/* The host library in German: every shipped preset has its name and description in
 * German and the loader picks them under --lang de and LANG=de_DE.UTF-8; name[LL] and
 * description[LL] follow the rules of desktop files; errors, labels and the tournament
 * report come in German; and a record is the same, byte for byte, whatever the
 * language. */
#include "bones_test.h"

#include "bones/preset.h"
#include "bones/i18n.h"
#include "bones/ini.h"
#include "bones/record.h"
#include "bones/registry.h"
#include "bones/suggest.h"
#include "bones/table.h"
#include "bones/tourney.h"
#include "bones/tourney_db.h"
#include "bones/tourney_report.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CONFIGS BONES_SOURCE_DIR "/configs"

/* The language for messages: "de" or "en", as --lang gives it. */
static void speak(const char *lang)
{
	char err[256];
	CU_ASSERT_FATAL(bones_i18n_init(lang, err, sizeof err));
	CU_ASSERT_STRING_EQUAL(bones_i18n_language(), lang);
}

/* The German keys of a preset's [game] as the file writes them. */
struct german {
	bool game;   /* the file has [game] */
	char name[128], description[256];
};

static int german_keys(void *user, const char *section, const char *key, const char *value,
		       int line)
{
	struct german *g = user;
	(void)line;
	if (strcmp(section, "game"))
		return 1;
	g->game = true;
	if (!strcmp(key, "name[de]"))
		snprintf(g->name, sizeof g->name, "%s", value);
	if (!strcmp(key, "description[de]"))
		snprintf(g->description, sizeof g->description, "%s", value);
	return 1;
}

/* Every preset in configs/ has name[de] and description[de], and under --lang de the
 * loader gives exactly those: a new preset without German fails here. */
static void test_core_german__every_shipped_preset_has_its_german_name_and_description(void)
{
	DIR *d = opendir(CONFIGS);
	CU_ASSERT_FATAL(d != NULL);
	int presets = 0;
	speak("de");
	for (struct dirent *e; (e = readdir(d));) {
		size_t len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 4, ".ini"))
			continue;
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", CONFIGS, e->d_name);
		struct german g = {0};
		CU_ASSERT_EQUAL(bones_ini_parse(path, german_keys, &g, NULL), BONES_OK);
		if (!g.game)
			continue; /* a tournament or game data, not a preset */
		presets++;
		if (!g.name[0] || !g.description[0]) {
			fprintf(stderr, "\n%s: no name[de] or description[de] in [game]\n", path);
			CU_FAIL("a shipped preset lacks its German name or description");
			continue;
		}
		bones_preset p;
		char err[512];
		CU_ASSERT_EQUAL_FATAL(bones_preset_load(path, &p, err, sizeof err), BONES_OK);
		CU_ASSERT_STRING_EQUAL(p.name, g.name);
		CU_ASSERT_STRING_EQUAL(p.description, g.description);
	}
	closedir(d);
	CU_ASSERT(presets >= 30);
	speak("en");
}

static void test_core_german__the_loader_reads_german_under_lang_de_and_english_without(void)
{
	bones_preset p;
	char err[512];
	speak("de");
	CU_ASSERT_EQUAL_FATAL(bones_preset_load(CONFIGS "/dominoes.ini", &p, err, sizeof err),
			      BONES_OK);
	CU_ASSERT_STRING_EQUAL(p.name, "Domino");
	CU_ASSERT_PTR_NOT_NULL(strstr(p.description, "Block-Domino zu zweit"));
	speak("en");
	CU_ASSERT_EQUAL_FATAL(bones_preset_load(CONFIGS "/dominoes.ini", &p, err, sizeof err),
			      BONES_OK);
	CU_ASSERT_STRING_EQUAL(p.name, "Dominoes");
	CU_ASSERT_STRING_EQUAL(p.description,
			       "Block dominoes for two: who cannot play passes, fewest pips left "
			       "wins");
}

static void test_core_german__the_loader_reads_german_under_LANG_de_DE(void)
{
	char err[256];
	bones_preset p;
	unsetenv("LC_ALL");
	unsetenv("LC_MESSAGES");
	unsetenv("LANGUAGE");
	setenv("LANG", "de_DE.UTF-8", 1);
	CU_ASSERT_FATAL(bones_i18n_init(NULL, err, sizeof err));
	CU_ASSERT_STRING_EQUAL(bones_i18n_language(), "de");
	CU_ASSERT_EQUAL_FATAL(
		bones_preset_load(CONFIGS "/holomino-4p.ini", &p, err, sizeof err), BONES_OK);
	CU_ASSERT_STRING_EQUAL(p.name, "Holomino zu viert");
	setenv("LANG", "C.UTF-8", 1);
	speak("en");
}

/* A preset from text, in a temporary file; its path in path. */
static bones_status load_text(const char *text, char *path, size_t cap, bones_preset *p,
			      char *err, size_t errcap)
{
	bones_test_temp_file(path, cap, text);
	bones_status st = bones_preset_load(path, p, err, errcap);
	unlink(path);
	return st;
}

/* The error of a preset text contains want (and "PATH:LINE: "). */
static void refused(const char *text, int line, const char *want)
{
	char path[64], err[512], where[96];
	bones_preset p;
	CU_ASSERT_EQUAL(load_text(text, path, sizeof path, &p, err, sizeof err), BONES_EPARSE);
	snprintf(where, sizeof where, "%s:%d: ", path, line);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, where));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, want));
	if (!strstr(err, want) || !strstr(err, where))
		fprintf(stderr, "\nwanted '%s%s', got '%s'\n", where, want, err);
}

/* As desktop files: the key for the player's language wins over the plain one, another
 * language's key is no error, a translation of an unknown key still is. */
static void test_core_german__localized_keys_follow_the_rules_of_desktop_files(void)
{
	static const char text[] = "[game]\nplugin = testgame\nname[de] = Zählen\n"
				   "name = Count\nname[fr] = Compter\nname[pt_BR] = Contar\n"
				   "description = count to 21\ndescription[de_AT] = bis 21\n";
	char path[64], err[512];
	bones_preset p;
	CU_ASSERT_EQUAL(load_text(text, path, sizeof path, &p, err, sizeof err), BONES_OK);
	CU_ASSERT_STRING_EQUAL(p.name, "Count");
	CU_ASSERT_STRING_EQUAL(p.description, "count to 21");
	speak("de");
	CU_ASSERT_EQUAL(load_text(text, path, sizeof path, &p, err, sizeof err), BONES_OK);
	CU_ASSERT_STRING_EQUAL(p.name, "Zählen");
	CU_ASSERT_STRING_EQUAL(p.description, "count to 21"); /* de_AT is not for de */
	speak("en");
	refused("[game]\nplugin = testgame\nfoo[de] = x\n", 3, "foo[de]: unknown key in [game]");
	refused("[game]\nplugin = testgame\nplugin[de] = x\n", 3,
		"only name and description have translations");
	refused("[game]\nplugin = testgame\nname[de] = a\nname[de] = b\n", 4,
		"name[de]: set twice in [game]");
	refused("[game]\nplugin = testgame\nname[] = a\n", 3, "expected a language code");
	refused("[game]\nplugin = testgame\nname[de = a\n", 3, "expected a language code");
	refused("[game]\nplugin = testgame\nname[fr] = a\nname[fr] = b\n", 4, "set twice");
}

/* The loader's errors and the did-you-mean hint in German; the file, line and key stay. */
static void test_core_german__errors_come_in_german_with_file_line_and_key(void)
{
	speak("de");
	refused("[game]\nplugin = testgame\ncolour = blue\n", 3,
		"colour: unbekannter Schlüssel in [game]");
	bones_suggest s;
	bones_suggest_init(&s, "mach");
	bones_suggest_add(&s, "match");
	CU_ASSERT_STRING_EQUAL(bones_suggest_hint(&s), " (meintest du 'match'?)");
	speak("en");
	CU_ASSERT_STRING_EQUAL(bones_suggest_hint(&s), " (did you mean 'match'?)");
}

/* A record of seeded random play at a table with a human and an agent, written as the
 * terminal and the window write it. The caller frees it. */
static char *table_record(const bones_plugin *plugin, char *seat_name, size_t cap)
{
	bones_options opts;
	char err[256];
	CU_ASSERT_FATAL(bones_options_init(&opts, plugin, err, sizeof err) == BONES_OK);
	bones_table_setup setup = {.plugin = plugin, .options = &opts, .seed = 17};
	snprintf(setup.seats[0].agent, sizeof setup.seats[0].agent, "human");
	snprintf(setup.seats[1].agent, sizeof setup.seats[1].agent, "greedy");
	bones_table *t = NULL;
	CU_ASSERT_FATAL(bones_table_create(&setup, &t, NULL, err, sizeof err) == BONES_OK);
	bones_options_release(&opts);
	snprintf(seat_name, cap, "%s", bones_table_seat_name(t, 1));
	bones_session *s = bones_table_session(t);
	bones_rng rng;
	bones_rng_seed(&rng, 5);
	size_t max = bones_session_info(s)->max_moves;
	bones_move *moves = malloc(max * sizeof *moves);
	CU_ASSERT_FATAL(moves != NULL);
	for (int i = 0; i < 400 && !bones_table_over(t); i++) {
		if (bones_session_to_move(s) == BONES_CHANCE) {
			CU_ASSERT_FATAL(bones_session_resolve_chance(s) == BONES_OK);
			continue;
		}
		size_t n = plugin->legal_moves(bones_session_game(s), bones_session_state(s),
					       moves, NULL, max);
		CU_ASSERT_FATAL(n > 0);
		CU_ASSERT_FATAL(bones_table_play(t, moves[bones_rng_below(&rng, (uint32_t)n)]) ==
				BONES_OK);
	}
	free(moves);
	bones_record_players players;
	memset(&players, 0, sizeof players);
	const char *tags[12];
	char values[6][160];
	bones_table_tags(t, tags, values);
	players.tags = tags;
	players.comment = "a comment";
	for (int i = 0; i < 2; i++)
		players.names[i] = bones_table_seat_record_name(t, i);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	CU_ASSERT_FATAL(f != NULL);
	CU_ASSERT_EQUAL(bones_record_write(s, &players, f), BONES_OK);
	fclose(f);
	bones_table_destroy(t);
	return text;
}

/* Records are read by programs: the same bytes in German as in English, the seats'
 * names included ("Player 2 (greedy)", while the table shows "Spieler 2 (greedy)"). */
static void test_core_german__a_record_is_the_same_in_german_and_english(void)
{
	bones_registry *reg = bones_registry_create();
	CU_ASSERT_FATAL(reg != NULL);
	bones_registry_scan_dir(reg, BONES_BUILD_PLUGIN_DIR);
	static const char *const games[] = {"dominoes", "holomino", "hegemino", "geominos"};
	for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
		const bones_plugin *p = bones_registry_find(reg, games[g]);
		if (!p)
			continue;
		char english_name[128], german_name[128], err[256];
		speak("en");
		char *english = table_record(p, english_name, sizeof english_name);
		unsetenv("LC_ALL");
		unsetenv("LANGUAGE");
		setenv("LANG", "de_DE.UTF-8", 1);
		CU_ASSERT_FATAL(bones_i18n_init(NULL, err, sizeof err));
		CU_ASSERT_STRING_EQUAL(bones_i18n_language(), "de");
		char *german = table_record(p, german_name, sizeof german_name);
		setenv("LANG", "C.UTF-8", 1);
		speak("en");
		CU_ASSERT_STRING_EQUAL(english_name, "Player 2 (greedy)");
		CU_ASSERT_STRING_EQUAL(german_name, "Spieler 2 (greedy)");
		CU_ASSERT_PTR_NOT_NULL(strstr(english, "[Player2 \"Player 2 (greedy)\"]"));
		CU_ASSERT_STRING_EQUAL(german, english);
		if (strcmp(german, english))
			fprintf(stderr, "\n%s: the German record differs:\n%s\n", games[g], german);
		free(english);
		free(german);
	}
	bones_registry_destroy(reg);
}

/* A game of ann against bob for the report: ranks 1 and 2, or a draw. */
static bones_tourney_game_row report_row(int slot, int rank1, int rank2)
{
	bones_tourney_game_row r;
	memset(&r, 0, sizeof r);
	snprintf(r.tourney, sizeof r.tourney, "t");
	snprintf(r.game, sizeof r.game, "dominoes");
	r.slot = slot;
	r.seats = 2;
	snprintf(r.player[0], sizeof r.player[0], "ann");
	snprintf(r.player[1], sizeof r.player[1], "bob");
	r.rank[0] = rank1;
	r.rank[1] = rank2;
	bones_tourney_points(2, r.rank, r.points);
	r.record = "[Game \"dominoes\"]\n";
	r.chance = "";
	return r;
}

/* The text standings and the HTML report in German: headings, and points with a comma
 * (1.5 points: "1,5"); the standings' columns grow to their German headings. */
static void test_core_german__the_tournament_report_reads_german(void)
{
	char path[64], err[256];
	bones_test_temp_file(path, sizeof path, NULL);
	bones_tourney_db *db;
	CU_ASSERT_EQUAL_FATAL(bones_tourney_db_open(path, NULL, false, &db, err, sizeof err),
			      BONES_OK);
	bones_tourney_game_row rows[] = {report_row(0, 1, 2), report_row(1, 1, 1)};
	const bones_tourney_game_row *ptrs[] = {&rows[0], &rows[1]};
	CU_ASSERT_EQUAL_FATAL(bones_tourney_db_add_many(db, ptrs, 2, err, sizeof err), BONES_OK);
	bones_tourney_report *r;
	CU_ASSERT_EQUAL_FATAL(bones_tourney_report_create(db, "t", &r), BONES_OK);
	speak("de");
	char *text = NULL, *html = NULL;
	size_t len = 0, html_len = 0;
	FILE *f = open_memstream(&text, &len);
	bones_tourney_report_text(r, f);
	fclose(f);
	f = open_memstream(&html, &html_len);
	bones_tourney_report_html(r, f);
	fclose(f);
	speak("en");
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "2 Partien\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "#    Spieler          Partien   Punkte      %  Sieg "
					    "Remis Nied."));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\n1    ann                    2      1,5   75,0"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "Kreuztabelle (Punkte der Zeile gegen die Spalte"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "1,5/2"));
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "<title>Turnierbericht</title>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "<h2>Rangliste</h2>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "<th>Spieler</th><th>Partien</th><th>Punkte</th>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "<td>1,5 / 2</td>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(html, "<h3>Runde 1</h3>"));
	if (!strstr(text, "\n1    ann                    2      1,5   75,0"))
		fprintf(stderr, "\n%s\n", text);
	free(text);
	free(html);
	bones_tourney_report_destroy(r);
	bones_tourney_db_close(db);
	unlink(path);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"every shipped preset has its German name and description",
		 test_core_german__every_shipped_preset_has_its_german_name_and_description},
		{"the loader reads German under --lang de and English without",
		 test_core_german__the_loader_reads_german_under_lang_de_and_english_without},
		{"the loader reads German under LANG=de_DE.UTF-8",
		 test_core_german__the_loader_reads_german_under_LANG_de_DE},
		{"localized keys follow the rules of desktop files",
		 test_core_german__localized_keys_follow_the_rules_of_desktop_files},
		{"errors come in German with file, line and key",
		 test_core_german__errors_come_in_german_with_file_line_and_key},
		{"a record is the same in German and English",
		 test_core_german__a_record_is_the_same_in_german_and_english},
		{"the tournament report reads German",
		 test_core_german__the_tournament_report_reads_german},
		{NULL, NULL},
	};
	return bones_test_main("core_german", cases);
}
