/* Tournaments: loading and validating tournament files (errors with FILE:LINE), the
 * schedule of every format, seat rotation, duplicate deals and their chance replay. */
#include "bones_test.h"

#include "bones/tourney_db.h"
#include "bones/tourney.h"
#include "bones/tourney_report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char head[] = "[tourney]\nname = t\nplugin_path = " BONES_BUILD_PLUGIN_DIR "\n";

/* Load INI text (after the common [tourney] head) from a temporary file, its path (64
 * bytes) into path. */
static bones_status load(const char *text, bones_tourney **t, char *err, size_t cap,
			 char *path)
{
	char *ini = malloc(strlen(head) + strlen(text) + 1);
	CU_ASSERT_FATAL(ini != NULL);
	strcat(strcpy(ini, head), text);
	bones_test_temp_file(path, 64, ini);
	free(ini);
	err[0] = '\0';
	bones_status st = bones_tourney_load(path, t, err, cap);
	unlink(path);
	return st;
}

static bones_tourney *load_ok(const char *text)
{
	bones_tourney *t = NULL;
	char err[1024], path[64];
	bones_status st = load(text, &t, err, sizeof err, path);
	if (st)
		fprintf(stderr, "\n  load failed: %s\n", err);
	CU_ASSERT_EQUAL_FATAL(st, BONES_OK);
	return t;
}

static const char four_players[] = "[player.a]\nagent = random\n[player.b]\nagent = random\n"
				   "[player.c]\nagent = greedy\n[player.d]\nagent = random\n";

static void test_tourney__a_good_file_loads_and_shares_sets_by_weight(void)
{
	/* sets = 5 shared 3 : 2 -> 3 and 2 sets; the counted game keeps its count */
	char text[1024];
	snprintf(text, sizeof text, "sets = 5\n[game.x]\nplugin = dominoes\nweight = 3\n"
		 "[game.y]\nplugin = dominoes\nvariant = draw\nweight = 2\n[game.z]\n"
		 "plugin = dominoes\nplayers = 3\ncount = 4\n%s", four_players);
	bones_tourney *t = load_ok(text);
	CU_ASSERT_EQUAL(t->game_count, 3);
	CU_ASSERT_EQUAL(t->player_count, 4);
	CU_ASSERT_EQUAL(t->games[0].count, 3);
	CU_ASSERT_EQUAL(t->games[1].count, 2);
	CU_ASSERT_EQUAL(t->games[2].count, 4);
	CU_ASSERT_EQUAL(t->games[2].seats, 3);
	CU_ASSERT_STRING_EQUAL(t->players[2].agent, "greedy");
	CU_ASSERT_EQUAL(t->format, BONES_TOURNEY_ROUND_ROBIN);
	bones_tourney_destroy(t);
}

#define TWO "[player.a]\nagent = random\n[player.b]\nagent = random\n"

static void test_tourney__each_bad_file_names_its_line_and_key(void)
{
	/* the head holds 3 lines, so the text's first line is line 4 */
	static const struct {
		const char *text, *expect;
	} cases[] = {
		{"colour = red\n", ":4: colour: unknown key in [tourney]"},
		{"format = league\n", ":4: format: unknown format"},
		{"rounds = 0\n", ":4: rounds: '0' is not a whole number in 1..10000"},
		{"[game.x]\nplugin = nosuchgame\n" TWO, ":5: preset: "},
		{"[game.x]\nplugin = dominoes\nplayers = 9\n" TWO, ":6: players: 9 is out of range"},
		{"[game.x]\nplugin = dominoes\ncount = 1\nweight = 2\n" TWO,
		 ":6: count: give a count or"},
		{"[game.x]\nplugin = dominoes\n[player.a]\nagent = random\n[player.b]\n"
		 "agent = nosuchagent\n", ":9: agent: "},
		{"[game.x]\nplugin = dominoes\n[player.a]\nagent = random\n", ":3: player: at least"},
		{"format = swiss\n[game.x]\nplugin = dominoes\nplayers = 3\n[player.a]\nagent = random"
		 "\n[player.b]\nagent = random\n[player.c]\nagent = random\n", ":6: x: swiss pairs"},
		{"[game.x]\nplugin = dominoes\n[player.a]\nagent = random\nengine = ./e\n"
		 "[player.b]\nagent = random\n", ":7: a: give exactly one"},
		{"[bogus]\nx = 1\n", ":5: x: unknown section"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		bones_tourney *t = NULL;
		char err[1024], path[64];
		CU_ASSERT_NOT_EQUAL(load(cases[i].text, &t, err, sizeof err, path), BONES_OK);
		CU_ASSERT_PTR_NULL(t);
		char want[512];
		snprintf(want, sizeof want, "%s%s", path, cases[i].expect);
		if (strncmp(err, want, strlen(want)))
			fprintf(stderr, "\n  case %zu: got '%s'\n  wanted '%s...'\n", i, err, want);
		CU_ASSERT(strncmp(err, want, strlen(want)) == 0);
	}
}

#undef TWO

static bones_tourney_slot *schedule(const bones_tourney *t, int round,
				    const bones_tourney_outcome *done, size_t nd, size_t *n)
{
	bones_tourney_slot *s = NULL;
	CU_ASSERT_EQUAL_FATAL(bones_tourney_schedule(t, round, done, nd, &s, n), BONES_OK);
	for (size_t i = 0; i < *n; i++)
		CU_ASSERT_EQUAL(s[i].slot, (int)i);
	return s;
}

static void test_tourney__round_robin_meets_every_pair_with_seats_rotated(void)
{
	char text[512];
	snprintf(text, sizeof text, "rounds = 2\n[game.x]\nplugin = dominoes\ncount = 2\n%s",
		 four_players);
	bones_tourney *t = load_ok(text);
	int first[4][4] = {{0}}; /* first[a][b]: games of a and b with a in seat 1 */
	for (int round = 0; round < 2; round++) {
		size_t n;
		bones_tourney_slot *s = schedule(t, round, NULL, 0, &n);
		CU_ASSERT_EQUAL(n, 12); /* 6 pairs x 2 sets */
		for (size_t i = 0; i < n; i++) {
			CU_ASSERT_EQUAL(s[i].seats, 2);
			CU_ASSERT_NOT_EQUAL(s[i].player[0], s[i].player[1]);
			first[s[i].player[0]][s[i].player[1]]++;
		}
		free(s);
	}
	for (int a = 0; a < 4; a++)
		for (int b = 0; b < 4; b++)
			CU_ASSERT_EQUAL(first[a][b], a == b ? 0 : 2);
	size_t n;
	bones_tourney_slot *s = schedule(t, 2, NULL, 0, &n);
	CU_ASSERT_EQUAL(n, 0); /* only two rounds */
	free(s);
	bones_tourney_destroy(t);
}

static void test_tourney__tables_of_three_list_every_triple_and_gauntlets_the_first(void)
{
	char text[512];
	snprintf(text, sizeof text, "[game.x]\nplugin = dominoes\nplayers = 3\n%s", four_players);
	bones_tourney *t = load_ok(text);
	size_t n;
	bones_tourney_slot *s = schedule(t, 0, NULL, 0, &n);
	CU_ASSERT_EQUAL(n, 4); /* C(4,3) */
	int seen[4] = {0};
	for (size_t i = 0; i < n; i++)
		for (int k = 0; k < 3; k++)
			seen[s[i].player[k]]++;
	for (int p = 0; p < 4; p++)
		CU_ASSERT_EQUAL(seen[p], 3);
	free(s);
	t->format = BONES_TOURNEY_GAUNTLET;
	s = schedule(t, 0, NULL, 0, &n);
	CU_ASSERT_EQUAL(n, 3); /* a with each pair of the other three */
	for (size_t i = 0; i < n; i++) {
		bool has_a = false;
		for (int k = 0; k < 3; k++)
			has_a |= s[i].player[k] == 0;
		CU_ASSERT_TRUE(has_a);
	}
	free(s);
	bones_tourney_destroy(t);
}

static void test_tourney__a_duplicate_set_deals_once_and_seats_everyone_everywhere(void)
{
	char text[512];
	snprintf(text, sizeof text, "duplicate = true\n[game.x]\nplugin = dominoes\nplayers = 3\n"
		 "%s", four_players);
	bones_tourney *t = load_ok(text);
	size_t n;
	bones_tourney_slot *s = schedule(t, 0, NULL, 0, &n);
	CU_ASSERT_EQUAL_FATAL(n, 12); /* 4 tables x 3 rotations */
	for (size_t i = 0; i < n; i += 3) {
		int where[4][3] = {{0}};
		for (size_t k = i; k < i + 3; k++) {
			CU_ASSERT_EQUAL(s[k].perm, (int)(k - i));
			CU_ASSERT_EQUAL(s[k].seed, s[i].seed);
			for (int seat = 0; seat < 3; seat++)
				where[s[k].player[seat]][seat]++;
		}
		for (int seat = 0; seat < 3; seat++)
			CU_ASSERT_EQUAL(where[s[i].player[0]][seat], 1);
		if (i)
			CU_ASSERT_NOT_EQUAL(s[i].seed, s[i - 3].seed);
	}
	free(s);
	bones_tourney_destroy(t);
}

/* A results file in a fresh temporary path (unlink it after). */
static bones_tourney_db *temp_db(const bones_tourney *t, char *path)
{
	char err[256];
	bones_tourney_db *db;
	bones_test_temp_file(path, 64, NULL);
	CU_ASSERT_EQUAL_FATAL(bones_tourney_db_open(path, t, false, &db, err, sizeof err),
			      BONES_OK);
	return db;
}

static void test_tourney__duplicate_games_replay_the_first_games_draws(void)
{
	/* Draw dominoes: draws come at different move numbers in the two games, so only the
	 * replay makes the k-th draw the same tile (it is always still in the boneyard). */
	char text[512], path[64], err[512];
	snprintf(text, sizeof text, "duplicate = true\n[game.x]\nplugin = dominoes\n"
		 "variant = draw\n[player.a]\nagent = random\n[player.b]\nagent = greedy\n");
	bones_tourney *t = load_ok(text);
	bones_tourney_db *db = temp_db(t, path);
	bones_tourney_run_opts o = {.threads = 1};
	CU_ASSERT_EQUAL_FATAL(bones_tourney_run(t, db, &o, err, sizeof err), BONES_OK);
	char *c0 = bones_tourney_db_chance(db, t->name, 0, 0);
	char *c1 = bones_tourney_db_chance(db, t->name, 0, 1);
	CU_ASSERT_FATAL(c0 && c1);
	size_t l0 = strlen(c0), l1 = strlen(c1);
	CU_ASSERT(l0 > 14 * 7 && l1 > 14 * 7); /* at least the 14 deals */
	CU_ASSERT_EQUAL(strncmp(c0, c1, l0 < l1 ? l0 : l1), 0);
	bones_tourney_game_row *rows;
	size_t n;
	CU_ASSERT_EQUAL_FATAL(bones_tourney_db_rows(db, t->name, &rows, &n), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(n, 2);
	CU_ASSERT_STRING_EQUAL(rows[0].player[0], "a"); /* seats swapped on the same deal */
	CU_ASSERT_STRING_EQUAL(rows[1].player[0], "b");
	CU_ASSERT_STRING_EQUAL(rows[0].forfeit, "");
	CU_ASSERT_STRING_EQUAL(rows[1].forfeit, "");
	bones_tourney_db_free_rows(rows);
	free(c0);
	free(c1);
	bones_tourney_db_close(db);
	unlink(path);
	bones_tourney_destroy(t);
}

static bones_tourney_outcome win(int round, int a, int b)
{
	bones_tourney_outcome o = {.round = round, .seats = 2, .player = {a, b},
				   .points = {1, 0}};
	return o;
}

static void test_tourney__swiss_pairs_equal_points_and_avoids_rematches(void)
{
	char text[512];
	snprintf(text, sizeof text, "format = swiss\nrounds = 3\n[game.x]\nplugin = dominoes\n%s",
		 four_players);
	bones_tourney *t = load_ok(text);
	size_t n;
	bones_tourney_slot *s = schedule(t, 0, NULL, 0, &n);
	CU_ASSERT_EQUAL_FATAL(n, 2); /* a-b, c-d */
	CU_ASSERT(s[0].player[0] + s[0].player[1] == 1 && s[1].player[0] + s[1].player[1] == 5);
	free(s);
	bones_tourney_outcome done[4] = {win(0, 1, 0), win(0, 3, 2)}; /* b and d lead */
	s = schedule(t, 1, done, 2, &n);
	CU_ASSERT_EQUAL_FATAL(n, 2);
	CU_ASSERT(s[0].player[0] + s[0].player[1] == 4); /* b-d, the leaders */
	CU_ASSERT(s[1].player[0] + s[1].player[1] == 2); /* a-c */
	free(s);
	done[2] = win(1, 1, 3);
	done[3] = win(1, 0, 2); /* now b 2, a 1, d 1, c 0: b-a and d-c would be rematches */
	s = schedule(t, 2, done, 4, &n);
	CU_ASSERT_EQUAL_FATAL(n, 2);
	for (size_t i = 0; i < n; i++)
		for (int k = 0; k < 4; k++) {
			int a = s[i].player[0], b = s[i].player[1];
			CU_ASSERT_FALSE((done[k].player[0] == a && done[k].player[1] == b) ||
					(done[k].player[0] == b && done[k].player[1] == a));
		}
	free(s);
	bones_tourney_destroy(t);
}

/* A results file in a fresh temporary path (path: 64 bytes), opened for t (or none). */

/* Three players, three Swiss rounds: each sits out once, and a bye scores as a win of
 * the round's game: a stored one-seat row with 1 point, counted in the standings. */
static void test_tourney__swiss_byes_go_round_and_score_a_win(void)
{
	bones_tourney *t = load_ok("format = swiss\nrounds = 3\n[game.x]\nplugin = dominoes\n"
				   "[player.a]\nagent = random\n[player.b]\nagent = random\n"
				   "[player.c]\nagent = greedy\n");
	size_t n;
	bones_tourney_slot *s = schedule(t, 0, NULL, 0, &n);
	CU_ASSERT_EQUAL_FATAL(n, 2);
	CU_ASSERT(!s[0].bye && s[0].seats == 2);
	CU_ASSERT(s[1].bye && s[1].seats == 1 && s[1].player[0] == 2); /* the last placed */
	free(s);
	char path[64], err[256];
	bones_tourney_db *db = temp_db(t, path);
	bones_tourney_run_opts o = {.threads = 1};
	CU_ASSERT_EQUAL_FATAL(bones_tourney_run(t, db, &o, err, sizeof err), BONES_OK);
	bones_tourney_game_row *rows;
	CU_ASSERT_EQUAL_FATAL(bones_tourney_db_rows(db, t->name, &rows, &n), BONES_OK);
	CU_ASSERT_EQUAL(n, 6);
	int byes[3] = {0};
	double points = 0;
	for (size_t i = 0; i < n; i++) {
		for (int k = 0; k < rows[i].seats; k++)
			points += rows[i].points[k];
		if (rows[i].seats != 1)
			continue;
		CU_ASSERT_STRING_EQUAL(rows[i].forfeit, "bye");
		CU_ASSERT_EQUAL(rows[i].points[0], 1);
		byes[rows[i].player[0][0] - 'a']++;
	}
	CU_ASSERT(byes[0] == 1 && byes[1] == 1 && byes[2] == 1);
	CU_ASSERT_EQUAL(points, 6); /* a point per game and per bye */
	bones_tourney_db_free_rows(rows);
	bones_tourney_report *r;
	CU_ASSERT_EQUAL_FATAL(bones_tourney_report_create(db, t->name, &r), BONES_OK);
	int count;
	const bones_tourney_standing *st = bones_tourney_report_standings(r, &count);
	CU_ASSERT_EQUAL(count, 3);
	for (int i = 0; i < count; i++) {
		CU_ASSERT_EQUAL(st[i].games, 3);
		CU_ASSERT_EQUAL(st[i].wins + st[i].draws + st[i].losses, 3);
		CU_ASSERT_EQUAL(st[i].forfeits, 0);
		CU_ASSERT(st[i].points >= 1);
	}
	CU_ASSERT_EQUAL(bones_tourney_report_games(r), 3);
	bones_tourney_report_destroy(r);
	bones_tourney_db_close(db);
	unlink(path);
	bones_tourney_destroy(t);
}

static void test_tourney__knockout_seeds_a_bracket_with_byes_and_advances_winners(void)
{
	char text[1024];
	snprintf(text, sizeof text, "format = knockout\n[game.x]\nplugin = dominoes\n%s"
		 "[player.e]\nagent = random\n", four_players);
	bones_tourney *t = load_ok(text);
	CU_ASSERT_EQUAL(bones_tourney_round_count(t), 3);
	size_t n;
	/* bracket of 8: 1-8 4-5 2-7 3-6; seeds 6..8 are byes, so only d (4) - e (5) play */
	bones_tourney_slot *s = schedule(t, 0, NULL, 0, &n);
	CU_ASSERT_EQUAL_FATAL(n, 1);
	CU_ASSERT(s[0].player[0] + s[0].player[1] == 7);
	free(s);
	bones_tourney_outcome done[3] = {win(0, 4, 3)}; /* e knocks d out */
	s = schedule(t, 1, done, 1, &n);
	CU_ASSERT_EQUAL_FATAL(n, 2); /* a-e, b-c */
	CU_ASSERT(s[0].player[0] * s[0].player[1] == 0 && s[0].player[0] + s[0].player[1] == 4);
	CU_ASSERT(s[1].player[0] + s[1].player[1] == 3 && s[1].player[0] * s[1].player[1] == 2);
	free(s);
	done[1] = win(1, 4, 0);
	done[2] = win(1, 2, 1);
	s = schedule(t, 2, done, 3, &n);
	CU_ASSERT_EQUAL_FATAL(n, 1); /* the final: e-c */
	CU_ASSERT(s[0].player[0] + s[0].player[1] == 6 && s[0].player[0] * s[0].player[1] == 8);
	free(s);
	bones_tourney_destroy(t);
}

static void test_tourney__points_share_the_opponents_ranked_below(void)
{
	int ranks[3] = {1, 2, 2};
	double p[3];
	bones_tourney_points(3, ranks, p);
	CU_ASSERT_DOUBLE_EQUAL(p[0], 1, 1e-12);    /* beat both */
	CU_ASSERT_DOUBLE_EQUAL(p[1], 0.25, 1e-12); /* (0 + 0.5) / 2 */
	CU_ASSERT_DOUBLE_EQUAL(p[2], 0.25, 1e-12);
}

static bones_tourney_game_row stored_row(int round, int slot, const char *forfeit,
					 double score1, double score2, int rank1, int rank2)
{
	bones_tourney_game_row r;
	memset(&r, 0, sizeof r);
	snprintf(r.tourney, sizeof r.tourney, "t");
	snprintf(r.game, sizeof r.game, "dominoes");
	snprintf(r.forfeit, sizeof r.forfeit, "%s", forfeit);
	r.round = round;
	r.slot = slot;
	r.seats = 2;
	r.seed = 18446744073709551615ULL;
	snprintf(r.player[0], sizeof r.player[0], "ann");
	snprintf(r.player[1], sizeof r.player[1], "bob");
	r.score[0] = score1;
	r.score[1] = score2;
	r.rank[0] = rank1;
	r.rank[1] = rank2;
	bones_tourney_points(2, r.rank, r.points);
	r.record = "[Game \"dominoes\"]\n";
	r.chance = "";
	return r;
}

/* Games stored out of order come back in (round, slot, seat) order with every field,
 * as games.csv writes them: whole and fractional numbers, negative scores, a quoted
 * forfeit reason. */
static void test_tourney__stored_games_read_back_in_order_as_csv(void)
{
	char path[64], err[256];
	bones_tourney_db *db = temp_db(NULL, path);
	bones_tourney_game_row rows[3] = {
		stored_row(1, 0, "seat 2 (bob): hung, no reply", 12, -3, 1, 2),
		stored_row(0, 1, "", 0.25, 1e20, 1, 1),
		stored_row(0, 0, "", 7, 41, 2, 1),
	};
	const bones_tourney_game_row *ptrs[3] = {&rows[0], &rows[1], &rows[2]};
	/* a batch holding a game without its record stores nothing at all */
	bones_tourney_game_row empty = stored_row(5, 0, "", 1, 2, 1, 2);
	empty.record = NULL;
	const bones_tourney_game_row *bad[2] = {&rows[2], &empty};
	CU_ASSERT_NOT_EQUAL(bones_tourney_db_add_many(db, bad, 2, err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(bones_tourney_db_add_many(db, ptrs, 3, err, sizeof err), BONES_OK);
	CU_ASSERT_NOT_EQUAL(bones_tourney_db_add(db, &rows[1], err, sizeof err), BONES_OK);
	bones_tourney_stored *stored;
	CU_ASSERT_EQUAL_FATAL(bones_tourney_db_stored(db, "t", &stored), BONES_OK);
	CU_ASSERT(bones_tourney_stored_has(stored, 0, 0) && bones_tourney_stored_has(stored, 0, 1) &&
		  bones_tourney_stored_has(stored, 1, 0));
	CU_ASSERT(!bones_tourney_stored_has(stored, 0, 2) && !bones_tourney_stored_has(stored, 1, 1) &&
		  !bones_tourney_stored_has(stored, 2, 0) && !bones_tourney_stored_has(stored, -1, 0));
	bones_tourney_stored_free(stored);
	bones_tourney_report *r;
	CU_ASSERT_EQUAL_FATAL(bones_tourney_report_create(db, "t", &r), BONES_OK);
	CU_ASSERT_EQUAL(bones_tourney_report_games(r), 3);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	bones_tourney_report_games_csv(r, f);
	fclose(f);
	CU_ASSERT_STRING_EQUAL(text,
		"tourney,round,slot,game,set,perm,seed,seat,player,score,rank,points,forfeit\n"
		"t,1,1,dominoes,1,1,18446744073709551615,1,ann,7,2,0,\n"
		"t,1,1,dominoes,1,1,18446744073709551615,2,bob,41,1,1,\n"
		"t,1,2,dominoes,1,1,18446744073709551615,1,ann,0.25,1,0.5,\n"
		"t,1,2,dominoes,1,1,18446744073709551615,2,bob,1e+20,1,0.5,\n"
		"t,2,1,dominoes,1,1,18446744073709551615,1,ann,12,1,1,"
		"\"seat 2 (bob): hung, no reply\"\n"
		"t,2,1,dominoes,1,1,18446744073709551615,2,bob,-3,2,0,"
		"\"seat 2 (bob): hung, no reply\"\n");
	free(text);
	bones_tourney_report_destroy(r);
	bones_tourney_db_close(db);
	unlink(path);
}

/* The text standings: a line per pair with W-D-L, score, Elo difference +- its 95%
 * interval and LOS (checked against the formulas by hand: 6-2-2 is 70%, +147.2 +- 268.7,
 * LOS 92.1%), whole names, and "-" in the crosstable for a pair that never met. */
static void test_tourney__pairs_show_elo_and_los_and_the_crosstable_whole_names(void)
{
	char path[64], err[256];
	bones_tourney_db *db = temp_db(NULL, path);
	bones_tourney_game_row rows[11];
	const bones_tourney_game_row *ptrs[11];
	for (int k = 0; k < 10; k++) { /* ann v bob: 6 wins, 2 draws, 2 losses */
		int r1 = k < 6 ? 1 : k < 8 ? 1 : 2, r2 = k < 6 ? 2 : k < 8 ? 1 : 1;
		rows[k] = stored_row(0, k, "", 0, 0, r1, r2);
		ptrs[k] = &rows[k];
	}
	rows[10] = stored_row(0, 10, "", 0, 0, 1, 2);
	snprintf(rows[10].player[1], sizeof rows[10].player[1], "a-very-long-player-name");
	ptrs[10] = &rows[10];
	CU_ASSERT_EQUAL_FATAL(bones_tourney_db_add_many(db, ptrs, 11, err, sizeof err), BONES_OK);
	bones_tourney_report *r;
	CU_ASSERT_EQUAL_FATAL(bones_tourney_report_create(db, "t", &r), BONES_OK);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	bones_tourney_report_text(r, f);
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "ann                     vs bob                      "
					    "6-2-2   70.0%  Elo  +147.2 +- 268.7  LOS 92.1%\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "a-very-long-player-name")); /* never cut */
	/* bob and the long name never met: "-" in both of their cells */
	const char *bob = strstr(strstr(text, "Crosstable"), "\n2    bob");
	CU_ASSERT_PTR_NOT_NULL_FATAL(bob);
	CU_ASSERT_PTR_NOT_NULL(strstr(bob, "        -"));
	free(text);
	bones_tourney_report_destroy(r);
	bones_tourney_db_close(db);
	unlink(path);
}

/* With duplicate deals the SPRT counts pairs: the games of a deal (consecutive slots,
 * perm 0 and 1) whatever order they are stored in; without, single games. */
static void test_tourney__the_sprt_pairs_the_games_of_a_deal(void)
{
	static const char text[] = "sprt = elo0=0 elo1=50\n[game.x]\nplugin = dominoes\n"
				   "[player.a]\nagent = random\n[player.b]\nagent = random\n";
	bones_tourney *t = load_ok(text);
	CU_ASSERT_TRUE(t->sprt_on);
	/* a won both games of deal 1 (slots 0, 1) and split deal 2 (slots 2, 3) */
	bones_tourney_game_row rows[4] = {
		stored_row(0, 3, "", 0, 0, 1, 2), stored_row(0, 0, "", 0, 0, 1, 2),
		stored_row(0, 2, "", 0, 0, 2, 1), stored_row(0, 1, "", 0, 0, 1, 2),
	};
	for (int i = 0; i < 4; i++) {
		snprintf(rows[i].player[0], sizeof rows[i].player[0], "%s", i % 2 ? "a" : "b");
		snprintf(rows[i].player[1], sizeof rows[i].player[1], "%s", i % 2 ? "b" : "a");
		rows[i].perm = rows[i].slot % 2;
		bones_tourney_points(2, rows[i].rank, rows[i].points);
	}
	bones_sprt_state st;
	for (int duplicate = 0; duplicate < 2; duplicate++) {
		t->duplicate = duplicate;
		char path[64], err[256];
		bones_tourney_db *db = temp_db(t, path);
		const bones_tourney_game_row *ptrs[4] = {&rows[0], &rows[1], &rows[2], &rows[3]};
		for (int i = 0; i < 4; i++)
			snprintf(rows[i].tourney, sizeof rows[i].tourney, "%s", t->name);
		CU_ASSERT_EQUAL_FATAL(bones_tourney_db_add_many(db, ptrs, 4, err, sizeof err),
				      BONES_OK);
		CU_ASSERT_EQUAL_FATAL(bones_tourney_sprt_result(t, db, &st), BONES_OK);
		bones_tourney_db_close(db);
		unlink(path);
		/* a's scores: row 0 (b first) 0, row 1 1, row 2 (b second) 1, row 3 1 */
		CU_ASSERT_DOUBLE_EQUAL(st.results, duplicate ? 2 : 4, 1e-12);
		CU_ASSERT_DOUBLE_EQUAL(st.score, 0.75, 1e-12);
	}
	bones_tourney_destroy(t);
}

/* A run with an SPRT stops when it decides: fewer games than scheduled, a verdict
 * that the stored games give again (a deal cut in half by the stop counts for
 * nothing), and a resumed run that plays nothing more. */
static void test_tourney__a_run_stops_when_the_sprt_decides(void)
{
	bones_tourney *t = load_ok("rounds = 5000\nduplicate = true\nsprt = elo0=0 elo1=100\n"
				   "[game.x]\nplugin = dominoes\n"
				   "[player.a]\nagent = random\n[player.b]\nagent = random\n");
	char path[64], err[256];
	bones_tourney_db *db = temp_db(t, path);
	bones_tourney_run_opts o = {.threads = 2};
	CU_ASSERT_EQUAL_FATAL(bones_tourney_run(t, db, &o, err, sizeof err), BONES_OK);
	bones_sprt_state st;
	CU_ASSERT_EQUAL_FATAL(bones_tourney_sprt_result(t, db, &st), BONES_OK);
	CU_ASSERT_EQUAL(st.verdict, BONES_SPRT_H0); /* equal players: not 100 Elo apart */
	bones_tourney_game_row *rows;
	size_t n, again;
	CU_ASSERT_EQUAL_FATAL(bones_tourney_db_rows(db, t->name, &rows, &n), BONES_OK);
	size_t paired = 0; /* games whose deal's other game is stored too */
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			paired += j != i && rows[j].round == rows[i].round &&
				  rows[j].slot - rows[j].perm == rows[i].slot - rows[i].perm;
	bones_tourney_db_free_rows(rows);
	CU_ASSERT(n >= 2 && n < 10000);
	CU_ASSERT_EQUAL(paired, 2 * (size_t)st.results); /* the SPRT counts whole pairs */
	CU_ASSERT_EQUAL(bones_tourney_run(t, db, &o, err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(bones_tourney_db_rows(db, t->name, &rows, &again), BONES_OK);
	bones_tourney_db_free_rows(rows);
	CU_ASSERT_EQUAL(again, n);
	bones_tourney_db_close(db);
	unlink(path);
	bones_tourney_destroy(t);
}

/* A server's tournament (bones serve): people only from text, refused by the runner;
 * its rounds paired by the batch from stored results, its byes stored as the runner's. */
static void test_tourney__people_load_from_text_pair_by_round_and_store_byes(void)
{
	char text[1024], err[512], path[64];
	snprintf(text, sizeof text, "%sformat = swiss\nrounds = 2\n[game.x]\nplugin = dominoes\n"
		 "[player.a]\nagent = random\n[player.ann]\nperson = true\n[player.bob]\n"
		 "person = true\n", head);
	bones_tourney *t = NULL;
	CU_ASSERT_EQUAL(load(text + strlen(head), &t, err, sizeof err, path), BONES_EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "person: unknown key"));
	CU_ASSERT_EQUAL_FATAL(bones_tourney_load_text("cup", text, &t, err, sizeof err), BONES_OK);
	CU_ASSERT(t->players[1].person && t->players[2].person && !t->players[0].person);
	CU_ASSERT_EQUAL(bones_tourney_handshake(t, NULL, err, sizeof err), BONES_EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "cup:11: ann: a person plays on bones serve only"));
	bones_tourney_db *db = temp_db(t, path);
	bones_tourney_slot *s;
	size_t n;
	CU_ASSERT_EQUAL_FATAL(bones_tourney_batch(t, db, 0, &s, &n), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(n, 2);
	CU_ASSERT(s[1].bye && s[1].player[0] == 2);
	CU_ASSERT_EQUAL(bones_tourney_db_add_bye(db, t, &s[1], err, sizeof err), BONES_OK);
	free(s);
	bones_tourney_game_row *rows;
	CU_ASSERT_EQUAL_FATAL(bones_tourney_db_rows(db, t->name, &rows, &n), BONES_OK);
	CU_ASSERT(n == 1 && rows[0].seats == 1 && !strcmp(rows[0].player[0], "bob") &&
		  !strcmp(rows[0].forfeit, "bye") && rows[0].points[0] == 1);
	bones_tourney_db_free_rows(rows);
	bones_tourney_db_close(db);
	unlink(path);
	bones_tourney_destroy(t);
	snprintf(text + strlen(text), sizeof text - strlen(text), "agent = random\n");
	CU_ASSERT_EQUAL(bones_tourney_load_text("cup", text, &t, err, sizeof err), BONES_EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "a person has no 'agent' or 'engine'"));
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"a good file loads and shares sets by weight",
		 test_tourney__a_good_file_loads_and_shares_sets_by_weight},
		{"each bad file names its line and key",
		 test_tourney__each_bad_file_names_its_line_and_key},
		{"round robin meets every pair with seats rotated",
		 test_tourney__round_robin_meets_every_pair_with_seats_rotated},
		{"tables of three list every triple and gauntlets the first",
		 test_tourney__tables_of_three_list_every_triple_and_gauntlets_the_first},
		{"a duplicate set deals once and seats everyone everywhere",
		 test_tourney__a_duplicate_set_deals_once_and_seats_everyone_everywhere},
		{"duplicate games replay the first game's draws",
		 test_tourney__duplicate_games_replay_the_first_games_draws},
		{"swiss pairs equal points and avoids rematches",
		 test_tourney__swiss_pairs_equal_points_and_avoids_rematches},
		{"knockout seeds a bracket with byes and advances winners",
		 test_tourney__knockout_seeds_a_bracket_with_byes_and_advances_winners},
		{"points share the opponents ranked below",
		 test_tourney__points_share_the_opponents_ranked_below},
		{"swiss byes go round and score a win", test_tourney__swiss_byes_go_round_and_score_a_win},
		{"the sprt pairs the games of a deal", test_tourney__the_sprt_pairs_the_games_of_a_deal},
		{"a run stops when the sprt decides", test_tourney__a_run_stops_when_the_sprt_decides},
		{"stored games read back in order as csv",
		 test_tourney__stored_games_read_back_in_order_as_csv},
		{"pairs show elo and los and the crosstable whole names",
		 test_tourney__pairs_show_elo_and_los_and_the_crosstable_whole_names},
		{"people load from text, pair by round and store byes",
		 test_tourney__people_load_from_text_pair_by_round_and_store_byes},
		{NULL, NULL},
	};
	return bones_test_main("tourney", cases);
}
