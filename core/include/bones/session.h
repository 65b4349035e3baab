/* A game in progress on the host side: a configured plugin game, the current state,
 * the history of moves and chance outcomes (with the states before them), and the
 * seeded RNG that resolves chance. Frontends, the engine, records and tournaments all
 * play through a session. */
#ifndef BONES_SESSION_H
#define BONES_SESSION_H

#include "bones/options.h"
#include "bones/plugin.h"

typedef struct bones_session bones_session;

/* Configure plugin with opts (copied) and start a game whose chance is drawn from seed.
 * On failure err holds the plugin's message ("pool_size: ..."). */
bones_status bones_session_create(const bones_plugin *plugin, const bones_options *opts,
				  uint64_t seed, bones_session **out, char *err,
				  size_t errcap);
void bones_session_destroy(bones_session *s);
/* Start a new game of the same configuration whose chance is drawn from seed: the
 * history is cleared, the configured game kept (no configure: a tournament plays many
 * games of one configuration). */
void bones_session_restart(bones_session *s, uint64_t seed);

const bones_plugin *bones_session_plugin(const bones_session *s);
const void *bones_session_game(const bones_session *s);
const bones_game_info *bones_session_info(const bones_session *s);
const bones_host *bones_session_host(const bones_session *s);
/* The options as "k=v ..." (every option, schema order), for records. */
const char *bones_session_options_text(const bones_session *s);
uint64_t bones_session_seed(const bones_session *s);

const void *bones_session_state(const bones_session *s);
/* A player index, BONES_CHANCE or BONES_TERMINAL. Checked (bones/guard.h): when
 * the plugin answers anything else the session keeps the fault and answers
 * BONES_TERMINAL from then on; ask bones_session_fault whether the end is the
 * game's. */
int bones_session_to_move(const bones_session *s);
/* The plugin's first value out of range in this game ("plugin 'x': to_move
 * returned 7 (a player is 0..1)"), or NULL while the plugin kept its promises.
 * Owned by s; cleared by restart. */
const char *bones_session_fault(const bones_session *s);
/* Check the current state as a player would use it: to_move, the legal moves
 * (none at a player's or chance's turn is a fault), the scores. The fault, or
 * NULL when fine: who is to blame when an agent finds no move. */
const char *bones_session_check(const bones_session *s);

/* Apply a move or chance outcome; BONES_EILLEGAL leaves everything unchanged. */
bones_status bones_session_play(bones_session *s, bones_move move);
/* Parse and apply notation. On failure err reads "move N: 'TEXT': reason". */
bones_status bones_session_play_text(bones_session *s, const char *text, char *err,
				     size_t errcap);
/* The outcome the session's RNG draws at the current chance node (the one
 * resolve_chance would play), without playing it. BONES_EINVAL when not at a chance
 * node. Deterministic: depends only on the seed, the move number and the state. */
bones_status bones_session_sample_chance(const bones_session *s, bones_move *move);

/* Resolve chance nodes with the session's RNG until a player is to move or the game
 * is over. */
bones_status bones_session_resolve_chance(bones_session *s);

/* Take back the last move (chance outcomes included). BONES_ERANGE when none. */
bones_status bones_session_undo(bones_session *s);

/* History: moves made so far (chance outcomes included), 0-based. */
size_t bones_session_length(const bones_session *s);
bones_move bones_session_move_at(const bones_session *s, size_t index);
/* The state before move index (index == length: the current state). */
const void *bones_session_state_at(const bones_session *s, size_t index);
/* Who made move index: a player or BONES_CHANCE. */
int bones_session_mover_at(const bones_session *s, size_t index);
/* The notation of move index as viewer (a seat, or -1 for a spectator, as move_visible
 * takes it) may see it: what follows its ':' masked as "?" ("draw:?") when the plugin's
 * move_visible hides it. Returns false when it was masked. */
bool bones_session_seen_text(const bones_session *s, size_t index, int viewer, char *text,
			     size_t cap);
/* Chance outcome index in the plugin's words (render.h describe_chance: "tile 126
 * starts the board"); false when the plugin has none for it. Ask only for outcomes the
 * viewer may see. */
bool bones_session_chance_words(const bones_session *s, size_t index, char *buf, size_t cap);
/* The label of a button for move, legal now and with no target on the board (render.h
 * move_label: "Pass", "Discard"), else its notation. Returns false when neither could
 * be written. */
bool bones_session_move_label(const bones_session *s, bones_move move, char *buf, size_t cap);
/* The game's full rules in the plugin's words and the player's language (render.h
 * rules_text: paragraphs separated by an empty line); false when the plugin has none. */
bool bones_session_rules_text(const bones_session *s, char *buf, size_t cap);

#endif /* BONES_SESSION_H */
