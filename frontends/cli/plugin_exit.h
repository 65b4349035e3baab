/* A game plugin that calls exit() would end `bones match`, `tourney` or `engine` with
 * its status and no word: while such a command runs plugin code, an exit handler says
 * which plugin ended the process, and that a plugin must not. */
#ifndef BONES_CLI_PLUGIN_EXIT_H
#define BONES_CLI_PLUGIN_EXIT_H

/* From now until cli_plugin_exit_unwatch, an exit of the process is reported on stderr
 * as "COMMAND: WHO exited with status N during WHEN: a plugin must not call exit".
 * command, who and when are copied (who: "the game plugin 'x' (PATH)"). */
void cli_plugin_exit_watch(const char *command, const char *who, const char *when);
/* The command's own code runs again: an exit from now on is the command's. */
void cli_plugin_exit_unwatch(void);

#endif /* BONES_CLI_PLUGIN_EXIT_H */
