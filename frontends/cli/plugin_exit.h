/* A game plugin that calls exit() would end `bones match`, `tourney` or `engine` with
 * its status and no word: while such a command runs plugin code, an exit handler says
 * which plugin ended the process, in which of its calls, and that a plugin must not. */
#ifndef BONES_CLI_PLUGIN_EXIT_H
#define BONES_CLI_PLUGIN_EXIT_H

#include <stddef.h>

#include "bones/plugin.h"

/* From now until cli_plugin_exit_unwatch, an exit of the process is reported on stderr
 * as "COMMAND: the game plugin 'x' exited with status N in apply during WHEN: a plugin
 * must not call exit". The plugin and its call are found on the exiting thread's stack
 * among plugins[0..n) (the list is copied, the plugins borrowed: they must stay loaded
 * while watched); where they are not found, `who` stands for the plugin and the call is
 * left out. command, who and when are copied (who: "a game plugin (x, y)"; when: "the
 * match"). */
void cli_plugin_exit_watch(const char *command, const char *who, const char *when,
			   const bones_plugin *const *plugins, size_t n);
/* For the whole command (main arms it): an exit from code in a plugin file (a
 * constructor run while the registry loads it) is reported as "COMMAND: the game plugin
 * 'FILE' exited with status N while it was loaded: ...". An exit of the command's own
 * code stays silent. Under either watch a plugin's exit with status 0 ends the process
 * with status 1: a plugin that quits is never the command's success. */
void cli_plugin_exit_watch_loading(const char *command);
/* The command's own code runs again: an exit from now on is the command's. */
void cli_plugin_exit_unwatch(void);

#endif /* BONES_CLI_PLUGIN_EXIT_H */
