/* The terminal UI as a library (bones_tty): its two commands, for the `bones` program
 * (frontends/cli). Nothing else of frontends/tty is meant to be called from outside. */
#ifndef BONES_TTY_PLAY_H
#define BONES_TTY_PLAY_H

/* `bones play`: a game (or match) in the terminal; argv[0] is the command's name.
 * Returns the exit status. */
int tty_play_main(int argc, char **argv);
/* `bones start`: the GUI when there is a display and bones-gui beside the program,
 * else tty_play_main. */
int tty_start_main(int argc, char **argv);

#endif /* BONES_TTY_PLAY_H */
