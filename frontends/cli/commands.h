/* The subcommands of `bones`; each lives in its own file and returns the exit status
 * (play and start are the terminal UI's: tty_play.h). */
#ifndef BONES_CLI_COMMANDS_H
#define BONES_CLI_COMMANDS_H

typedef struct cli_command {
	const char *name;
	int (*run)(int argc, char **argv); /* argv[0] is the command name */
	const char *summary;               /* one line, for `bones --help` */
} cli_command;

int cmd_games(int argc, char **argv);   /* games.c */
int cmd_replay(int argc, char **argv);  /* replay.c */
int cmd_analyse(int argc, char **argv); /* analyse.c: a record judged move by move */
int cmd_engine(int argc, char **argv);  /* engine.c */
int cmd_check(int argc, char **argv);   /* check.c */
int cmd_bench(int argc, char **argv);   /* bench.c */
int cmd_agents(int argc, char **argv);  /* agents.c */
int cmd_render(int argc, char **argv);  /* render.c: pictures through bones/picture.h */
int cmd_match(int argc, char **argv);   /* match.c */
int cmd_tourney(int argc, char **argv); /* tourney.c */
int cmd_serve(int argc, char **argv);   /* serve.c: the browser client (frontends/web) */
int cmd_bot(int argc, char **argv);     /* bot.c: an engine plays a bot account of a server */

#endif /* BONES_CLI_COMMANDS_H */
