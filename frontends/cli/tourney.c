/* `bones tourney`: run a tournament file into OUTPUT/results.db (resumable, shardable),
 * merge shard files, and write the standings, crosstable, ratings, CSV, JSON and HTML. */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glob.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bones/args.h"
#include "bones/clock.h"
#include "bones/i18n.h"
#include "bones/paths.h"
#include "bones/tourney.h"
#include "bones/tourney_db.h"
#include "bones/tourney_report.h"
#include "commands.h"
#include "plugin_exit.h"

struct args {
	const char *config, *merge, *report, *output;
	bool resume, quiet, mpi, check, live;
	int threads, shard, shards;
	const char **dbs;   /* the positional arguments (DBs after --merge) */
	int db_count;
	char command[1024]; /* the command line, for report.html */
};

/* "bones tourney ARG ..." with arguments holding spaces quoted. */
static void command_line(int argc, char **argv, char *buf, size_t cap)
{
	size_t used = (size_t)snprintf(buf, cap, "bones");
	for (int i = 0; i < argc && used < cap; i++) {
		bool quote = strchr(argv[i], ' ') != NULL;
		used += (size_t)snprintf(buf + used, cap - used, quote ? " '%s'" : " %s", argv[i]);
	}
}

static int tourney_usage(FILE *out, int status)
{
	fprintf(out, _(
		"usage: bones tourney CONFIG.ini [--resume] [--threads N] [--shard I/N]\n"
		"                     [--output DIR] [--quiet] [--live]\n"
		"       bones tourney CONFIG.ini --check\n"
		"       mpirun -n N bones tourney CONFIG.ini --mpi [--resume] [--output DIR]\n"
		"       bones tourney --merge OUT.db DB...\n"
		"       bones tourney --report DB [--output DIR]\n\n"
		"Runs the tournament of CONFIG.ini (docs/tournaments.md) into DIR/results.db,\n"
		"each finished game stored atomically; Ctrl-C stops, --resume continues. Writes\n"
		"standings.txt, standings.csv, games.csv, report.json and report.html into DIR.\n"
		"--shard I/N plays the I-th of N slices into DIR/results-I-of-N.db; --merge\n"
		"combines such files. --mpi (a build with MPI) plays on N-1 processes, rank 0\n"
		"handing out sets and storing the results. --check validates CONFIG.ini, asks\n"
		"the engines to start each game and counts the games, playing none. --live\n"
		"keeps each game in progress in DIR/live for `bones serve --watch DIR`.\n"));
	return status;
}

/* A whole number lo..hi and nothing else: "abc", "-1" and 99999999999 are refused. */
static bool whole(const char *text, long lo, long hi, int *out, char **end)
{
	errno = 0;
	long v = strtol(text, end, 10);
	if (errno || *end == text || !isdigit((unsigned char)text[0]) || v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

static bool parse_shard(const char *text, struct args *a)
{
	char *end;
	return whole(text, 1, 1000000, &a->shard, &end) && *end == '/' &&
	       whole(end + 1, 1, 1000000, &a->shards, &end) && !*end && a->shard <= a->shards;
}

enum { RESUME = 1, QUIET, MPI, CHECK, LIVE, THREADS, OUTPUT, REPORT, SHARD, MERGE };

static const bones_args_option options[] = {
	{"resume", 0, false, RESUME}, {"quiet", 0, false, QUIET},  {"mpi", 0, false, MPI},
	{"check", 0, false, CHECK},   {"live", 0, false, LIVE},    {"threads", 0, true, THREADS},
	{"output", 0, true, OUTPUT},  {"report", 0, true, REPORT}, {"shard", 0, true, SHARD},
	{"merge", 0, true, MERGE},    {0}};

/* One option into ctx, a struct args; false after printing why not. */
static bool tourney_option(bones_args *args, int id, void *ctx)
{
	struct args *a = ctx;
	long n;
	switch (id) {
	case RESUME: a->resume = true; return true;
	case QUIET: a->quiet = true; return true;
	case MPI: a->mpi = true; return true;
	case CHECK: a->check = true; return true;
	case LIVE: a->live = true; return true;
	case OUTPUT: a->output = args->value; return true;
	case REPORT: a->report = args->value; return true;
	case MERGE: a->merge = args->value; return true;
	case THREADS:
		if (!bones_args_int(args, 0, 4096, &n))
			return false;
		a->threads = (int)n;
		return true;
	}
	if (parse_shard(args->value, a)) /* --shard */
		return true;
	/* TRANSLATORS: --shard's value, I of N slices: "--shard: expected I/N with
	   1 <= I <= N, not '4/3'" */
	return bones_args_fail(args, _("expected I/N with 1 <= I <= N, not '%s'"), args->value);
}

/* The arguments into a: -1 when the command runs, else the exit status. */
static int parse_args(int argc, char **argv, struct args *a)
{
	command_line(argc, argv, a->command, sizeof a->command);
	bones_args args;
	bones_args_init(&args, "bones tourney", options, argc, argv);
	int rc = bones_args_parse(&args, tourney_option, a, a->dbs, argc, tourney_usage);
	if (rc >= 0)
		return rc;
	while (a->db_count < argc && a->dbs[a->db_count])
		a->db_count++;
	if (!a->merge && a->db_count == 1)
		a->config = a->dbs[0];
	else if (!a->merge && a->db_count > 1) {
		fprintf(stderr, _("bones tourney: one CONFIG.ini at a time ('%s' is extra)\n"),
			a->dbs[1]);
		return 2;
	}
	if (!a->config && !a->merge && !a->report)
		return tourney_usage(stderr, 2);
	return -1;
}

static bool interrupted(void *user)
{
	(void)user;
	sigset_t pending;
	return !sigpending(&pending) &&
	       (sigismember(&pending, SIGINT) == 1 || sigismember(&pending, SIGTERM) == 1);
}

/* --check: the file loaded; the engines' handshake and the size of the schedule. */
static int run_check(const struct args *a, const bones_tourney *t)
{
	char err[1024];
	if (bones_tourney_handshake(t, NULL, err, sizeof err)) {
		fprintf(stderr, "bones tourney: %s\n", err);
		return 1;
	}
	size_t games = 0;
	int rounds = bones_tourney_round_count(t);
	bool known = bones_tourney_static(t);
	for (int r = 0; r < (known ? rounds : 1); r++) {
		bones_tourney_slot *s;
		size_t n;
		if (bones_tourney_schedule(t, r, NULL, 0, &s, &n)) {
			fprintf(stderr, _("bones tourney: out of memory\n"));
			return 1;
		}
		for (size_t i = 0; i < n; i++)
			games += !s[i].bye;
		free(s);
	}
	char participants[64], rulesets[64], round_count[64], total[256];
	snprintf(participants, sizeof participants,
		 P_("%d participant", "%d participants", (unsigned long)t->player_count),
		 t->player_count);
	/* TRANSLATORS: the games (rule sets) a tournament plays, in `bones tourney --check` */
	snprintf(rulesets, sizeof rulesets,
		 P_("%d game", "%d games", (unsigned long)t->game_count), t->game_count);
	snprintf(round_count, sizeof round_count,
		 P_("%d round", "%d rounds", (unsigned long)rounds), rounds);
	const char *what = known ? (t->sprt_on ? P_("%zu game at most (SPRT)",
						     "%zu games at most (SPRT)", games)
					       : P_("%zu game", "%zu games", games))
			   : (t->sprt_on ? P_("%zu game in the first round at most (SPRT; the "
					      "others follow the results)",
					      "%zu games in the first round at most (SPRT; the "
					      "others follow the results)", games)
					 : P_("%zu game in the first round (the others follow "
					      "the results)",
					      "%zu games in the first round (the others follow "
					      "the results)", games));
	snprintf(total, sizeof total, what, games);
	printf("%s: %s, %s, %s, %s: %s\n", a->config, bones_tourney_format_name(t->format),
	       participants, rulesets, round_count, total);
	return 0;
}

/* The reports of tourney (NULL: every one in db); t, when known, adds its SPRT. */
static int write_reports(bones_tourney_db *db, const bones_tourney *t, const char *tourney,
			 const char *dir, bool quiet, const char *command)
{
	bones_tourney_report *r;
	bones_sprt_state sprt;
	char err[1024];
	bones_status st = bones_tourney_report_create(db, tourney, &r);
	if (st) {
		fprintf(stderr, st == BONES_ENOMEM
					? _("bones tourney: cannot read the results: out of memory\n")
					: _("bones tourney: cannot read the results: the file is "
					    "damaged\n"));
		return 1;
	}
	if (t && t->sprt_on && !bones_tourney_sprt_result(t, db, &sprt))
		bones_tourney_report_set_sprt(r, t, &sprt);
	if (t)
		bones_tourney_report_set_pictures(r, t->pictures);
	bones_tourney_report_set_command(r, command);
	if (!quiet)
		bones_tourney_report_text(r, stdout);
	int status = 0;
	if (dir && bones_tourney_report_save(r, dir, err, sizeof err)) {
		fprintf(stderr, "bones tourney: %s\n", err);
		status = 1;
	}
	char path[4096];
	snprintf(path, sizeof path, "%s/games.bones", dir ? dir : ".");
	if (dir && bones_tourney_db_write_records(db, tourney, path, err, sizeof err)) {
		fprintf(stderr, "bones tourney: %s\n", err);
		status = 1;
	}
	bones_tourney_report_destroy(r);
	return status;
}

/* The shard files an argument of --merge stands for: the file itself; a folder's
 * results*.db files; and DIR/results.db, the natural name, for the results-I-of-N.db
 * files a shard wrote into DIR. Appends to list; false (with a message) when none. */
static bool shard_files(const char *arg, char ***list, int *n)
{
	char pattern[4096];
	struct stat st;
	glob_t g;
	if (stat(arg, &st) == 0 && !S_ISDIR(st.st_mode)) {
		snprintf(pattern, sizeof pattern, "%s", arg);
	} else if (stat(arg, &st) == 0) {
		snprintf(pattern, sizeof pattern, "%s/results*.db", arg);
	} else {
		const char *slash = strrchr(arg, '/');
		snprintf(pattern, sizeof pattern, "%.*sresults-*-of-*.db",
			 slash ? (int)(slash - arg + 1) : 0, arg);
		if (strcmp(slash ? slash + 1 : arg, "results.db")) {
			fprintf(stderr, _("bones tourney: '%s': no such file\n"), arg);
			return false;
		}
	}
	if (glob(pattern, 0, NULL, &g) != 0 || !g.gl_pathc) {
		fprintf(stderr, _("bones tourney: '%s': no such file, and no shard results "
				  "(results-I-of-N.db) beside it\n"), arg);
		return false;
	}
	char **grown = realloc(*list, (size_t)(*n + (int)g.gl_pathc) * sizeof *grown);
	for (size_t i = 0; grown && i < g.gl_pathc; i++)
		grown[(*n)++] = strdup(g.gl_pathv[i]);
	globfree(&g);
	*list = grown ? grown : *list;
	return grown != NULL;
}

static int run_merge(const struct args *a)
{
	char err[1024];
	if (a->db_count < 1) {
		fprintf(stderr, _("bones tourney: --merge OUT.db needs at least one DB to read\n"));
		return 2;
	}
	char **files = NULL;
	int n = 0;
	bool ok = true;
	for (int i = 0; ok && i < a->db_count; i++)
		ok = shard_files(a->dbs[i], &files, &n);
	for (int i = 0; ok && i < n; i++)
		ok = files[i] != NULL;
	char *dir = strdup(a->merge), *slash = dir ? strrchr(dir, '/') : NULL;
	if (slash && slash != dir) /* OUT.db in a folder not made yet: made, as --output is */
		*slash = '\0';
	if (ok && slash && slash != dir && !bones_make_dirs(dir)) {
		fprintf(stderr, _("bones tourney: cannot create '%s': %s\n"), dir, strerror(errno));
		ok = false;
	}
	free(dir);
	if (ok && bones_tourney_db_merge(a->merge, (const char *const *)files, n, err,
					 sizeof err)) {
		fprintf(stderr, "bones tourney: %s\n", err);
		ok = false;
	}
	for (int i = 0; i < n; i++)
		free(files[i]);
	free(files);
	if (!ok)
		return 1;
	bones_tourney_db *db;
	if (bones_tourney_db_open_read(a->merge, &db, err, sizeof err)) {
		fprintf(stderr, "bones tourney: %s\n", err);
		return 1;
	}
	int status = write_reports(db, NULL, NULL, a->output, a->quiet, a->command);
	bones_tourney_db_close(db);
	return status;
}

static int run_report(const struct args *a)
{
	char err[1024];
	bones_tourney_db *db;
	if (bones_tourney_db_open_read(a->report, &db, err, sizeof err)) {
		fprintf(stderr, "bones tourney: %s\n", err);
		return 1;
	}
	int status = write_reports(db, NULL, NULL, a->output, a->quiet, a->command);
	bones_tourney_db_close(db);
	return status;
}

/* Until unwatched, an exit of the process names the tournament's game plugins. */
static void watch_plugins(const bones_tourney *t)
{
	char ids[400] = "";
	size_t len = 0;
	const bones_plugin *plugins[BONES_TOURNEY_MAX_GAMES];
	for (int i = 0; i < t->game_count; i++) {
		plugins[i] = t->games[i].plugin;
		const char *id = t->games[i].plugin ? t->games[i].plugin->id : NULL;
		if (!id || (len && strstr(ids, id)))
			continue;
		int n = snprintf(ids + len, sizeof ids - len, "%s%s", len ? ", " : "", id);
		if (n < 0 || (size_t)n >= sizeof ids - len)
			break;
		len += (size_t)n;
	}
	char who[512];
	snprintf(who, sizeof who, _("a game plugin (%s)"), ids);
	/* TRANSLATORS: completes "... exited with status 3 during %s" */
	cli_plugin_exit_watch("bones tourney", who, _("the tournament"), plugins,
			      (size_t)t->game_count);
}

/* Under mpirun: every rank plays, rank 0 alone stores and reports. */
static int run_mpi(const struct args *a, bones_tourney *t, int rank)
{
	char err[1024], path[2048];
	const char *dir = a->output ? a->output : t->output;
	bones_tourney_db *db = NULL;
	bones_tourney_run_opts o = {.progress = !a->quiet && isatty(2),
				    .should_stop = interrupted};
	snprintf(path, sizeof path, "%s/results.db", dir);
	if (rank == 0 && !bones_make_dirs(dir))
		snprintf(err, sizeof err, _("cannot create '%s': %s"), dir, strerror(errno));
	else if (rank == 0)
		bones_tourney_db_open(path, t, a->resume, &db, err, sizeof err); /* NULL: err */
	if (rank == 0 && !db) {
		fprintf(stderr, "bones tourney: %s\n", err);
		bones_tourney_mpi_abort(1); /* the other ranks would wait for rank 0 for ever */
	}
	watch_plugins(t);
	bones_status st = bones_tourney_run_mpi(t, db, &o, err, sizeof err);
	cli_plugin_exit_unwatch();
	int status = 0;
	if (rank == 0 && st) {
		if (st == BONES_ERANGE)
			fprintf(stderr, "%s\n", _("bones tourney: stopped: continue with --resume"));
		else
			fprintf(stderr, "bones tourney: %s\n", err);
		status = st == BONES_ERANGE ? 130 : 1;
	}
	if (rank == 0 && !st)
		status = write_reports(db, t, t->name, dir, a->quiet, a->command);
	bones_tourney_db_close(db);
	return status;
}

/* --live: the folder of the games in progress, with LIVE/running (the command line)
 * while the run goes on. */
static bool live_start(const char *live, const char *running, const char *command)
{
	FILE *f = bones_make_dirs(live) ? fopen(running, "w") : NULL;
	if (!f) {
		fprintf(stderr, _("bones tourney: cannot create '%s': %s\n"), live, strerror(errno));
		return false;
	}
	fprintf(f, "%s\n", command);
	fclose(f);
	return true;
}

/* A run whose games are all stored, some of them ended by their plugin's fault
 * (docs/tournaments.md): said, and status 4, so that no script takes it for clean. */
static int plugin_faults(bones_tourney_db *db, const bones_tourney *t)
{
	bones_tourney_game_row *rows;
	size_t n, faults = 0;
	if (bones_tourney_db_rows(db, t->name, &rows, &n))
		return 0; /* the reports said it */
	for (size_t i = 0; i < n; i++)
		faults += !strncmp(rows[i].forfeit, "plugin fault: ", 14);
	bones_tourney_db_free_rows(rows);
	if (!faults)
		return 0;
	fprintf(stderr, P_("bones tourney: %zu game ended by a fault of its plugin (see the "
			   "forfeit column of games.csv)\n",
			   "bones tourney: %zu games ended by a fault of their plugin (see the "
			   "forfeit column of games.csv)\n", faults), faults);
	return 4;
}

/* DIR/engines, made, into logs when t has an external engine ("" when none), where
 * each engine's stderr is kept; false (said on stderr) when it cannot be made. */
static bool engine_logs(const bones_tourney *t, const char *dir, char *logs, size_t cap)
{
	logs[0] = '\0';
	for (int p = 0; p < t->player_count; p++)
		if (t->players[p].engine[0]) {
			snprintf(logs, cap, "%s/engines", dir);
			break;
		}
	if (!logs[0] || bones_make_dirs(logs))
		return true;
	fprintf(stderr, _("bones tourney: cannot create '%s': %s\n"), logs, strerror(errno));
	return false;
}

static int run_tourney(const struct args *a, bones_tourney *t)
{
	char err[1024], path[2048];
	const char *dir = a->output ? a->output : t->output;
	if (!bones_make_dirs(dir)) {
		fprintf(stderr, _("bones tourney: cannot create '%s': %s\n"), dir, strerror(errno));
		return 1;
	}
	char logs[2100];
	if (!engine_logs(t, dir, logs, sizeof logs))
		return 1;
	if (a->shards > 1)
		snprintf(path, sizeof path, "%s/results-%d-of-%d.db", dir, a->shard, a->shards);
	else
		snprintf(path, sizeof path, "%s/results.db", dir);
	bones_tourney_db *db;
	if (bones_tourney_db_open(path, t, a->resume, &db, err, sizeof err)) {
		fprintf(stderr, "bones tourney: %s\n", err);
		return 1;
	}
	sigset_t block;
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &block, NULL); /* noticed by polling: see interrupted() */
	bones_tourney_run_opts o = {.shard = a->shards > 1 ? a->shard - 1 : 0,
				    .shards = a->shards > 1 ? a->shards : 1,
				    .progress = !a->quiet && isatty(2),
				    .should_stop = interrupted,
				    .threads = a->threads,
				    .pairs = a->quiet ? NULL : stderr};
	size_t played = 0;
	o.played = &played;
	char live[2100], running[2200];
	snprintf(live, sizeof live, "%s/live", dir);
	snprintf(running, sizeof running, "%s/running", live);
	if (a->live && !live_start(live, running, a->command))
		return 1;
	o.live = a->live ? live : NULL;
	o.engine_logs = logs[0] ? logs : NULL;
	int64_t start = bones_clock_now_ms();
	watch_plugins(t);
	bones_status st = bones_tourney_run(t, db, &o, err, sizeof err);
	cli_plugin_exit_unwatch();
	if (a->live)
		unlink(running); /* the watching server: the run is over */
	double secs = (double)(bones_clock_now_ms() - start) / 1000;
	if (!a->quiet && played) { /* the play alone, reports and the final checkpoint apart */
		double rate = secs > 0 ? (double)played / secs : 0;
		char took[64], speed[64];
		bones_i18n_number(took, sizeof took, secs, 2);
		if (rate >= 1 || rate == 0)
			fprintf(stderr, P_("bones tourney: %zu game played in %s s: %s games/s\n",
					   "bones tourney: %zu games played in %s s: %s games/s\n",
					   played),
				played, took, bones_i18n_number(speed, sizeof speed, rate, 0));
		else /* slow games (strong engines): "0 games/s" would say nothing */
			fprintf(stderr, P_("bones tourney: %zu game played in %s s: %s s a game\n",
					   "bones tourney: %zu games played in %s s: %s s a game\n",
					   played),
				played, took,
				bones_i18n_number(speed, sizeof speed, secs / (double)played, 1));
	}
	int status = 0;
	if (st == BONES_ERANGE) {
		fprintf(stderr, _("bones tourney: stopped; finished games are in '%s': continue "
				  "with --resume\n"), path);
		status = 130;
	} else if (st) {
		fprintf(stderr, "bones tourney: %s\n", err);
		status = 1;
	}
	if (!st && write_reports(db, t, t->name, dir, a->quiet, a->command))
		status = 1;
	if (!st && !status)
		status = plugin_faults(db, t);
	bones_tourney_db_close(db);
	return status;
}

static int tourney_main(int argc, char **argv, struct args *ap)
{
	struct args a = *ap;
	int rc = parse_args(argc, argv, &a), rank = 0, size = 1;
	if (rc >= 0)
		return rc;
	if (a.merge)
		return run_merge(&a);
	if (a.report)
		return run_report(&a);
	if (a.mpi && (a.shards > 1 || bones_tourney_mpi_init(&argc, &argv, &rank, &size))) {
		fprintf(stderr, "%s\n", a.shards > 1
			? _("bones tourney: --mpi: no --shard with --mpi")
			: _("bones tourney: --mpi: this bones was built without MPI (install "
			    "libopenmpi-dev, reconfigure)"));
		return 2;
	}
	bones_tourney *t;
	char err[1024];
	int status = 1;
	if (bones_tourney_load(a.config, &t, err, sizeof err)) {
		if (rank == 0)
			fprintf(stderr, "bones tourney: %s\n", err);
	} else {
		status = a.check ? run_check(&a, t)
			 : a.mpi ? run_mpi(&a, t, rank) : run_tourney(&a, t);
		bones_tourney_destroy(t);
	}
	if (a.mpi)
		bones_tourney_mpi_finalize();
	return status;
}

int cmd_tourney(int argc, char **argv)
{
	const char **positional = calloc((size_t)argc, sizeof *positional);
	struct args a = {.shards = 1, .dbs = positional};
	if (!positional) {
		fprintf(stderr, _("bones tourney: out of memory\n"));
		return 1;
	}
	int status = tourney_main(argc, argv, &a);
	free(positional);
	return status;
}
