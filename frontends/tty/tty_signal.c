/* The terminal UI's signals: SIGHUP (the terminal was closed), SIGTERM and SIGINT
 * (Ctrl-C) stop the game so that it is saved as an unfinished record, atomically, before
 * the program ends;
 * SIGWINCH (the terminal was resized) redraws the turn. Handled without SA_RESTART, so
 * that a poll() waiting for input returns at once. */
#include <signal.h>
#include <string.h>

#include "tty.h"

/* The signals caught so far: the one state a signal handler may set. */
static volatile sig_atomic_t stop_signal, resized;

static void on_stop(int sig)
{
	stop_signal = sig;
}

static void on_resize(int sig)
{
	(void)sig;
	resized = 1;
}

void tty_signal_install(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_stop;
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sa.sa_handler = on_resize;
	sigaction(SIGWINCH, &sa, NULL);
	/* a closed terminal fails writes with EIO; a closed pipe must not kill the save */
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
}

int tty_signal_stopped(void)
{
	return stop_signal;
}

bool tty_signal_resized(void)
{
	bool r = resized;
	resized = 0;
	return r;
}
