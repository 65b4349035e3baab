/* The web server's store (frontends/web/web_store.h): tables, seats and moves read back
 * after reopening; moves of many tables committed at once from many threads (group
 * commit) all kept in order; undo truncation, resignation, penalties, taken seats; the
 * database file private to its owner. Under tests/web/postgresql.sh
 * (BONES_WEB_TEST_PG_HOST, tests/test_web_postgresql.sh) the cases that are not about
 * SQLite's file run on PostgreSQL databases made for them. */
#include "bones_test.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "web_store.h"

#define TABLES 8
#define MOVES 40

static char folder[] = "/tmp/bones-test-web-store-XXXXXX";
static char pg_url[512];  /* the PostgreSQL database of the cases, "" on SQLite */

/* NULL on SQLite, else pg_url: web_store_open's url. */
static const char *url(void)
{
	return pg_url[0] ? pg_url : NULL;
}

/* A new database of the PostgreSQL server whose socket is in host, made with createdb
 * (tests/web/postgresql.sh puts it on the PATH), its URL into out; false when it could
 * not be made. */
static bool new_pg_database(const char *host, char *out, size_t cap)
{
	static int made;
	char name[64], cmd[1024];
	snprintf(name, sizeof name, "store_%ld_%d", (long)getpid(), made++);
	snprintf(cmd, sizeof cmd, "createdb -h '%s' -U bones %s", host, name);
	if (system(cmd) != 0)
		return false;
	snprintf(out, cap, "postgresql://bones@/%s?host=%s", name, host);
	return true;
}

static web_table_row row_for(int k)
{
	web_table_row row;
	memset(&row, 0, sizeof row);
	snprintf(row.id, sizeof row.id, "table%d", k);
	snprintf(row.game, sizeof row.game, "holomino");
	snprintf(row.preset, sizeof row.preset, "holomino");
	snprintf(row.options, sizeof row.options, "players=2");
	row.seed = 0xFFFFFFFFFFFFFFF0ull + (uint64_t)k; /* above INT64_MAX: stored as bits */
	row.created = 1000 + k, row.resigned = -1, row.hints = k & 1, row.seat_count = 2;
	row.time.per_move_ms = 60000, row.time.penalty = 5;
	snprintf(row.seats[0].kind, sizeof row.seats[0].kind, "human");
	snprintf(row.seats[0].token, sizeof row.seats[0].token, "%032d", k);
	snprintf(row.seats[1].kind, sizeof row.seats[1].kind, "agent");
	snprintf(row.seats[1].agent, sizeof row.seats[1].agent, "greedy");
	row.seats[1].open = 0;
	return row;
}

struct writer {
	web_store *st;
	int table, failures;
};

static void *write_moves(void *arg)
{
	struct writer *w = arg;
	char id[16], err[512], text[32];
	snprintf(id, sizeof id, "table%d", w->table);
	for (size_t n = 0; n < MOVES; n++) {
		const char *texts[1] = {text};
		snprintf(text, sizeof text, "m%d-%zu", w->table, n);
		w->failures += web_store_add_moves(w->st, id, n, texts, 1, err, sizeof err) != 0;
	}
	return NULL;
}

struct seen {
	int tables;
	bool ok;
};

static int check_table(void *user, const web_table_row *row, char **moves, size_t count,
		       const web_stored_game *done, size_t done_count, const char *unreadable)
{
	struct seen *s = user;
	s->ok &= unreadable == NULL;
	int k = s->tables++;
	web_table_row want = row_for(k);
	s->ok &= !strcmp(row->id, want.id) && row->seed == want.seed && row->hints == want.hints &&
		 row->seat_count == 2 && !strcmp(row->seats[0].token, want.seats[0].token) &&
		 !strcmp(row->seats[1].agent, "greedy") && row->time.per_move_ms == 60000;
	s->ok &= !done && done_count == 0; /* no match */
	size_t expect = k == 0 ? 10 : MOVES;
	s->ok &= count == expect;
	for (size_t n = 0; n < count; n++) {
		char text[32];
		snprintf(text, sizeof text, "m%d-%zu", k, n);
		s->ok &= !strcmp(moves[n], text);
	}
	if (k == 1)
		s->ok &= row->resigned == 1 && row->forfeited == 1 && row->seats[0].penalty == 5 &&
			 !strcmp(row->seats[0].name, "Ann");
	return 0;
}

static void test_web_store__concurrent_moves_all_come_back_in_order(void)
{
	web_store *st;
	char err[512];
	CU_ASSERT_EQUAL_FATAL(web_store_open(folder, url(), &st, err, sizeof err), 0);
	for (int k = 0; k < TABLES; k++) {
		web_table_row row = row_for(k);
		CU_ASSERT_EQUAL(web_store_add_table(st, &row, NULL, 0, err, sizeof err), 0);
	}
	pthread_t threads[TABLES];
	struct writer w[TABLES];
	for (int k = 0; k < TABLES; k++) {
		w[k] = (struct writer){st, k, 0};
		pthread_create(&threads[k], NULL, write_moves, &w[k]);
	}
	for (int k = 0; k < TABLES; k++) {
		pthread_join(threads[k], NULL);
		CU_ASSERT_EQUAL(w[k].failures, 0);
	}
	const char *dup[1] = {"again"};
	CU_ASSERT_NOT_EQUAL(web_store_add_moves(st, "table2", 5, dup, 1, err, sizeof err), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, url() ? "postgresql" : "bones-web.sqlite"));
	CU_ASSERT_EQUAL(web_store_truncate(st, "table0", 10, err, sizeof err), 0);
	CU_ASSERT_EQUAL(web_store_set_resigned(st, "table1", 1, true, err, sizeof err), 0);
	CU_ASSERT_EQUAL(web_store_set_penalty(st, "table1", 0, 5, err, sizeof err), 0);
	CU_ASSERT_EQUAL(web_store_take_seat(st, "table1", 0, "Ann", err, sizeof err), 0);
	web_store_close(st);

	CU_ASSERT_EQUAL_FATAL(web_store_open(folder, url(), &st, err, sizeof err), 0);
	struct seen s = {0, true};
	CU_ASSERT_EQUAL(web_store_each(st, check_table, &s, err, sizeof err), 0);
	CU_ASSERT_EQUAL(s.tables, TABLES);
	CU_ASSERT_TRUE(s.ok);
	web_store_close(st);
}

static void test_web_store__the_database_is_private_and_errors_name_it(void)
{
	char path[256], err[512];
	struct stat sb;
	web_store *st;
	CU_ASSERT_EQUAL_FATAL(web_store_open(folder, NULL, &st, err, sizeof err), 0);
	web_store_close(st);
	snprintf(path, sizeof path, "%s/bones-web.sqlite", folder);
	CU_ASSERT_EQUAL_FATAL(stat(path, &sb), 0);
	CU_ASSERT_EQUAL(sb.st_mode & 0777, 0600);
	CU_ASSERT_NOT_EQUAL(web_store_open("/nonexistent/folder", NULL, &st, err, sizeof err), 0);
	CU_ASSERT_PTR_NULL(st);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "/nonexistent/folder/bones-web.sqlite"));
}

/* A match's table: its deal stored with it, a finished game kept with its moves,
 * penalties and forfeit while the next game starts empty. */
static int check_match(void *user, const web_table_row *row, char **moves, size_t count,
		       const web_stored_game *done, size_t done_count, const char *unreadable)
{
	bool *ok = user;
	*ok &= unreadable == NULL;
	if (strcmp(row->id, "match"))
		return 0;
	*ok = row->match_games == 3 && row->match_game == 1 && count == 1 &&
	      !strcmp(moves[0], "g2") && row->resigned == -1 && row->seats[0].penalty == 0 &&
	      done_count == 1 && done[0].count == 2 && !strcmp(done[0].moves[0], "deal") &&
	      !strcmp(done[0].moves[1], "x y") && done[0].penalties[1] == 2.5 &&
	      done[0].resigned == 1 && done[0].forfeited == 1;
	return 0;
}

static void test_web_store__a_match_keeps_its_finished_games(void)
{
	web_store *st;
	char err[512];
	CU_ASSERT_EQUAL_FATAL(web_store_open(folder, url(), &st, err, sizeof err), 0);
	web_table_row row = row_for(TABLES);
	snprintf(row.id, sizeof row.id, "match");
	row.match_games = 3;
	const char *deal[] = {"deal"}, *more[] = {"x y"}, *next[] = {"g2"};
	CU_ASSERT_EQUAL(web_store_add_table(st, &row, deal, 1, err, sizeof err), 0);
	CU_ASSERT_EQUAL(web_store_add_moves(st, "match", 1, more, 1, err, sizeof err), 0);
	CU_ASSERT_EQUAL(web_store_set_penalty(st, "match", 1, 2.5, err, sizeof err), 0);
	char *played[] = {"deal", "x y"};
	web_stored_game g = {played, 2, {0, 2.5}, 1, 1};
	CU_ASSERT_EQUAL(web_store_next_game(st, "match", 0, &g, err, sizeof err), 0);
	CU_ASSERT_EQUAL(web_store_add_moves(st, "match", 0, next, 1, err, sizeof err), 0);
	web_store_close(st);
	CU_ASSERT_EQUAL_FATAL(web_store_open(folder, url(), &st, err, sizeof err), 0);
	bool ok = false;
	CU_ASSERT_EQUAL(web_store_each(st, check_match, &ok, err, sizeof err), 0);
	CU_ASSERT_TRUE(ok);
	web_store_close(st);
}

static int check_damaged(void *user, const web_table_row *row, char **moves, size_t count,
			 const web_stored_game *done, size_t done_count, const char *unreadable)
{
	(void)moves, (void)count, (void)done, (void)done_count, (void)unreadable;
	snprintf(user, 256, "%s", row->damaged);
	return 0;
}

/* A table set aside keeps why until it is taken back (web_store_set_damaged). */
static void test_web_store__a_table_set_aside_keeps_why(void)
{
	web_store *st;
	char err[512], why[256] = "";
	CU_ASSERT_EQUAL_FATAL(web_store_open(folder, url(), &st, err, sizeof err), 0);
	CU_ASSERT_EQUAL(web_store_set_damaged(st, "table3", "move 4: 'x' not legal", err,
					      sizeof err), 0);
	CU_ASSERT_EQUAL(web_store_load(st, "table3", check_damaged, why), 0);
	CU_ASSERT_STRING_EQUAL(why, "move 4: 'x' not legal");
	CU_ASSERT_EQUAL(web_store_set_damaged(st, "table3", NULL, err, sizeof err), 0);
	CU_ASSERT_EQUAL(web_store_load(st, "table3", check_damaged, why), 0);
	CU_ASSERT_STRING_EQUAL(why, "");
	CU_ASSERT_EQUAL(web_store_load(st, "no-such-table", check_damaged, why), 1);
	web_store_close(st);
}

/* Remove a test's database folder. */
static void remove_store(const char *dir)
{
	static const char *const files[] = {"bones-web.sqlite", "bones-web.sqlite-wal",
					    "bones-web.sqlite-shm"};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char path[256];
		snprintf(path, sizeof path, "%s/%s", dir, files[i]);
		unlink(path);
	}
	rmdir(dir);
}

/* The deal key is made with the database and kept: the same after a reopen (the first
 * test made it), and another database has its own. */
static void test_web_store__keeps_its_own_deal_key(void)
{
	web_store *st, *other;
	char err[512], second[] = "/tmp/bones-test-web-store-XXXXXX" /* mkdtemp */;
	char other_url[512] = "";
	CU_ASSERT_EQUAL_FATAL(web_store_open(folder, url(), &st, err, sizeof err), 0);
	uint64_t key = web_store_deal_key(st);
	web_store_close(st);
	CU_ASSERT_EQUAL_FATAL(web_store_open(folder, url(), &st, err, sizeof err), 0);
	CU_ASSERT_EQUAL(web_store_deal_key(st), key);
	web_store_close(st);
	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(second));
	if (url())
		CU_ASSERT_TRUE_FATAL(new_pg_database(getenv("BONES_WEB_TEST_PG_HOST"), other_url,
						     sizeof other_url));
	CU_ASSERT_EQUAL_FATAL(web_store_open(second, url() ? other_url : NULL, &other, err,
					     sizeof err), 0);
	CU_ASSERT_NOT_EQUAL(web_store_deal_key(other), key);
	web_store_close(other);
	remove_store(second);
}

/* Run sql on the database file of dir, as another program would. */
static void exec_on(const char *dir, const char *sql)
{
	char path[256];
	sqlite3 *db = NULL;
	snprintf(path, sizeof path, "%s/bones-web.sqlite", dir);
	CU_ASSERT_EQUAL_FATAL(sqlite3_open(path, &db), SQLITE_OK);
	CU_ASSERT_EQUAL(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
}

/* A database of a server before the schema's versions (no user_version, a column
 * added by hand) is brought to this version at the open, its table kept; one of a
 * newer server is refused, named. */
static void test_web_store__migrates_an_older_database_and_refuses_a_newer(void)
{
	web_store *st;
	char err[512], dir[] = "/tmp/bones-test-web-store-XXXXXX";
	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
	exec_on(dir, "CREATE TABLE tables(id TEXT PRIMARY KEY, game TEXT NOT NULL, preset TEXT"
		" NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL, created INTEGER NOT NULL,"
		" resigned INTEGER NOT NULL DEFAULT -1, hints INTEGER NOT NULL DEFAULT 0,"
		" forfeited INTEGER NOT NULL DEFAULT 0, per_move_ms INTEGER NOT NULL DEFAULT 0,"
		" penalty REAL NOT NULL DEFAULT 0, grace_ms INTEGER NOT NULL DEFAULT 0,"
		" forfeit INTEGER NOT NULL DEFAULT 0, damaged TEXT);"
		"INSERT INTO tables(id, game, preset, options, seed, created)"
		" VALUES('old', 'holomino', 'holomino', 'players=2', 1, 1000)");
	CU_ASSERT_EQUAL_FATAL(web_store_open(dir, NULL, &st, err, sizeof err), 0);
	CU_ASSERT_EQUAL(web_store_set_ended(st, "old", 12, err, sizeof err), 0);
	web_table_summary *ended = NULL;
	size_t n = 0;
	CU_ASSERT_EQUAL(web_store_ended(st, 10, &ended, &n, err, sizeof err), 0);
	CU_ASSERT_EQUAL(n, 1);
	CU_ASSERT(n == 1 && !strcmp(ended[0].id, "old") && ended[0].moves == 12);
	free(ended);
	web_store_close(st);
	CU_ASSERT_EQUAL_FATAL(web_store_open(dir, NULL, &st, err, sizeof err), 0); /* again: as is */
	web_store_close(st);
	exec_on(dir, "PRAGMA user_version = 999");
	CU_ASSERT_NOT_EQUAL(web_store_open(dir, NULL, &st, err, sizeof err), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "bones-web.sqlite"));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "newer server"));
	remove_store(dir);
}

static void test_web_store__an_older_accounts_table_gets_the_bot_column(void)
{
	web_store *st;
	web_account_row row, bot = {.created = 2000, .bot = true};
	char err[512], dir[] = "/tmp/bones-test-web-store-XXXXXX", names[4][64];
	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
	exec_on(dir, "CREATE TABLE accounts(name TEXT NOT NULL UNIQUE COLLATE NOCASE,"
		" hash TEXT NOT NULL, created INTEGER NOT NULL);"
		"INSERT INTO accounts VALUES('Ann', 'h', 1000)");
	CU_ASSERT_EQUAL_FATAL(web_store_open(dir, NULL, &st, err, sizeof err), 0);
	CU_ASSERT_EQUAL(web_store_account(st, "ann", &row), 0);
	CU_ASSERT(!row.bot && !strcmp(row.name, "Ann"));
	CU_ASSERT_EQUAL(web_store_bot_names(st, names, 4), 0);
	snprintf(bot.name, sizeof bot.name, "RoboBot");
	snprintf(bot.hash, sizeof bot.hash, "h");
	CU_ASSERT_EQUAL(web_store_add_account(st, &bot, err, sizeof err), 0);
	CU_ASSERT_EQUAL(web_store_account(st, "robobot", &row), 0);
	CU_ASSERT(row.bot);
	CU_ASSERT_EQUAL(web_store_bot_names(st, NULL, 0), 1);
	CU_ASSERT(web_store_bot_names(st, names, 4) == 1 && !strcmp(names[0], "RoboBot"));
	web_store_close(st);
	remove_store(dir);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"concurrent moves all come back in order",
		 test_web_store__concurrent_moves_all_come_back_in_order},
		{"the database is private and errors name it",
		 test_web_store__the_database_is_private_and_errors_name_it},
		{"a match keeps its finished games", test_web_store__a_match_keeps_its_finished_games},
		{"a table set aside keeps why", test_web_store__a_table_set_aside_keeps_why},
		{"keeps its own deal key", test_web_store__keeps_its_own_deal_key},
		{"migrates an older database and refuses a newer",
		 test_web_store__migrates_an_older_database_and_refuses_a_newer},
		{"an older accounts table gets the bot column",
		 test_web_store__an_older_accounts_table_gets_the_bot_column},
		{NULL, NULL},
	};
	if (!mkdtemp(folder))
		return 77;
	const char *host = getenv("BONES_WEB_TEST_PG_HOST");
	if (host && host[0] && !new_pg_database(host, pg_url, sizeof pg_url)) {
		fprintf(stderr, "FAIL: cannot make a PostgreSQL database (createdb -h %s)\n", host);
		return 1;
	}
	int rc = bones_test_main("web_store", cases);
	remove_store(folder);
	return rc;
}
