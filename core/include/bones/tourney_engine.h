/* External engines (docs/formats.md, the engine protocol): a child process that a
 * tournament (`bones tourney`) or a server table (`bones serve --engines`) asks for its
 * moves. A crashed, hung or babbling engine never hangs its caller: every reply has a
 * deadline, and a failure says why in words fit for a forfeit. */
#ifndef BONES_TOURNEY_ENGINE_H
#define BONES_TOURNEY_ENGINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bones/session.h"

typedef struct bones_tourney_engine bones_tourney_engine;

#define BONES_TOURNEY_ENGINE_CMD_MS 5000  /* time for any engine reply but genmove */
#define BONES_TOURNEY_ENGINE_SLACK_MS 500 /* latency allowed beyond the time per move */

/* Start `sh -c CMD` with its stdin and stdout on a socket and its stderr appended to
 * the file log (created when missing; NULL: /dev/null), and agree the protocol's
 * version (`protocol 1.1`; any other answer is 1.0). A log that cannot be opened fails
 * the start, why naming it. */
bones_status bones_tourney_engine_start(const char *cmd, const char *log,
					bones_tourney_engine **out, char *why, size_t cap);
/* The last line of text in the file log (an engine's stderr: what it said before it
 * died, a Python exception's last line) into line, at most cap - 1 bytes of it; false
 * when log is NULL, unreadable or holds no text. */
bool bones_tourney_engine_log_tail(const char *log, char *line, size_t cap);
/* The `play` line of history entry index as seat may see it ("deal:?" for what it may
 * not), in protocol 1.1 with its mover ("play player 2 6-6", "play chance deal:?");
 * e's version decides (NULL: 1.1, for a host that tells an engine elsewhere). */
void bones_tourney_engine_play_line(const bones_tourney_engine *e, const bones_session *s,
				    size_t index, int seat, char *line, size_t cap);
/* The `play` lines of history entries from on as seat may see them, first (a line, may
 * be NULL: `new ...`) before them, one per line ("\n" after each; malloc'ed), for
 * bones_tourney_engine_genmove; NULL when out of memory. */
char *bones_tourney_engine_play_lines(const bones_tourney_engine *e, const bones_session *s,
				     size_t from, int seat, const char *first);
/* Whether e speaks protocol 1.1 (its `play` lines name their mover). */
bool bones_tourney_engine_movers(const bones_tourney_engine *e);
/* Kill the process group and reap it. NULL is a no-op. */
void bones_tourney_engine_stop(bones_tourney_engine *e);
/* Send one line and read one reply line within ms milliseconds (stop, when not NULL,
 * is polled so a stopping run never waits long). Lines "info ..." before the reply
 * are no reply: they are skipped (see bones_tourney_engine_info). On failure why says
 * what happened: "crashed (signal 11)", "timed out after N ms", "exited with status 1". */
bones_status bones_tourney_engine_ask(bones_tourney_engine *e, const char *line,
				      int64_t ms, const atomic_bool *stop, char *reply,
				      size_t cap, char *why, size_t whycap);
/* Send each line of lines ("\n" after each: `new`, `play` ...), each answered `ok`,
 * then `genmove MS`; the move's notation (the reply after "move ") into move. On
 * failure why says what the engine did ("'play ...' answered 'x'", "answered 'pass' to
 * genmove", a failure of bones_tourney_engine_ask); the caller stops the engine then. */
bones_status bones_tourney_engine_genmove(bones_tourney_engine *e, const char *lines,
					  int64_t ms, const atomic_bool *stop, char *move,
					  size_t cap, char *why, size_t whycap);
/* The last "info ..." line the last ask skipped ("" for none) and how many it skipped. */
const char *bones_tourney_engine_info(const bones_tourney_engine *e, int *count);

#endif /* BONES_TOURNEY_ENGINE_H */
