/* Bones plugin ABI: the one contract between the host runtime and a game plugin.
 * A plugin includes this header (and optionally bones/render.h, bones/rng.h and the
 * SDK helpers), defines one `bones_plugin` and exports it with BONES_PLUGIN_ENTRY.
 * Self-contained C11; also compiles as C++. */
#ifndef BONES_PLUGIN_H
#define BONES_PLUGIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI version. The host refuses a plugin whose major differs, or whose minor is
 * newer than its own. A minor bump only appends fields at the end of structs; `size`
 * fields tell which are present: the host reads a field only when the plugin's size
 * covers it (and treats a missing optional function as NULL), so a plugin built for
 * 1.0 works unchanged with every 1.x host. */
#define BONES_ABI_MAJOR 1
#define BONES_ABI_MINOR 2

/* The name of the one symbol a plugin exports. */
#define BONES_ENTRY_SYMBOL "bones_plugin_entry"

#if defined(_WIN32)
#define BONES_EXPORT __declspec(dllexport)
#else
#define BONES_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
#define BONES_PLUGIN_ENTRY extern "C" BONES_EXPORT const bones_plugin bones_plugin_entry
#else
#define BONES_PLUGIN_ENTRY BONES_EXPORT const bones_plugin bones_plugin_entry
#endif

/* Status codes shared by the ABI and the host API. 0 is success. */
typedef enum bones_status {
	BONES_OK = 0,
	BONES_EINVAL,   /* bad argument or option value */
	BONES_ENOMEM,   /* allocation failed */
	BONES_EILLEGAL, /* move not legal in this state */
	BONES_EPARSE,   /* text could not be parsed (move, record, INI) */
	BONES_ERANGE,   /* buffer too small or value out of range */
	BONES_EIO,      /* file could not be read or written */
	BONES_EABI,     /* plugin ABI mismatch or malformed plugin */
	BONES_ENOTFOUND /* no such plugin, preset, option, file */
} bones_status;

/* A move or chance outcome, packed by the plugin. The host treats it as opaque. */
typedef uint32_t bones_move;

/* Longest move notation, including the terminating NUL. */
#define BONES_MOVE_TEXT_MAX 64

/* Values of bones_plugin.to_move besides a player index (0-based). */
#define BONES_CHANCE (-1)
#define BONES_TERMINAL (-2)

/* Log levels for bones_host.log. */
enum { BONES_LOG_ERROR = 0, BONES_LOG_WARN = 1, BONES_LOG_INFO = 2, BONES_LOG_DEBUG = 3 };

/* ---- Host services, handed to the plugin at configure time ---------------------- */

/* Called by bones_host.ini_parse for each key; return 0 to stop with an error. */
typedef int (*bones_ini_handler)(void *user, const char *section, const char *key,
				 const char *value, int line);

/* What the host offers a plugin. Owned by the host; valid until the game it was
 * passed to is destroyed. Functions may be called from any thread. Not for hot paths. */
typedef struct bones_host {
	uint32_t abi_major, abi_minor; /* the host's ABI version */
	uint32_t size;                 /* sizeof(bones_host) as the host was built */
	void *user;                    /* host-private; pass back unchanged */
	/* Memory; alloc and realloc return NULL on failure, free(NULL) is a no-op. */
	void *(*alloc)(const struct bones_host *host, size_t size);
	void *(*realloc)(const struct bones_host *host, void *ptr, size_t size);
	void (*free)(const struct bones_host *host, void *ptr);
	/* A one-line diagnostic, already formatted, without a trailing newline. */
	void (*log)(const struct bones_host *host, int level, const char *message);
	/* Find a data file named in an option: an absolute path, or one relative to the
	 * configs/ folders the host knows. Writes the resolved path into buf. Returns
	 * BONES_OK, BONES_ENOTFOUND, or BONES_EIO for a name that exists but is no regular
	 * file (a device, a FIFO, a folder: never read those). */
	bones_status (*find_file)(const struct bones_host *host, const char *name,
				  char *buf, size_t cap);
	/* Parse an INI file with the host's one INI parser. Returns BONES_OK, BONES_EIO
	 * when the file cannot be opened, or BONES_EPARSE with *error_line set (a syntax
	 * error or a handler returning 0). */
	bones_status (*ini_parse)(const struct bones_host *host, const char *path,
				  bones_ini_handler handler, void *user, int *error_line);
	/* Optional host services by versioned id; NULL when absent. */
	const void *(*get_service)(const struct bones_host *host, const char *id);
} bones_host;

/* ---- Static metadata ------------------------------------------------------------ */

typedef enum bones_option_type {
	BONES_OPT_INT,
	BONES_OPT_BOOL,
	BONES_OPT_ENUM,
	BONES_OPT_STRING
} bones_option_type;

/* One configurable option. All strings are static and owned by the plugin. */
typedef struct bones_option_def {
	const char *key;             /* lower_snake_case, e.g. "players" */
	bones_option_type type;
	const char *default_value;   /* as text: "2", "true", "sum", "tiles.ini" */
	int64_t min, max;            /* BONES_OPT_INT: inclusive range */
	const char *const *choices;  /* BONES_OPT_ENUM: NULL-terminated list */
	const char *help;            /* one line */
} bones_option_def;

/* A validated option value, passed to configure in schema order. */
typedef struct bones_value {
	int64_t i;      /* INT: the value; BOOL: 0 or 1; ENUM: index into choices */
	const char *s;  /* the value as text (for STRING the value); host-owned */
} bones_value;

/* A named preset of option settings, e.g. {"chaos", "Chaos", "...", "chaos=true"}. */
typedef struct bones_variant {
	const char *id;        /* lower-case, as typed on the command line */
	const char *name;      /* display name */
	const char *summary;   /* one line */
	const char *settings;  /* space-separated key=value pairs over the schema */
} bones_variant;

/* Flags of bones_plugin.flags. */
#define BONES_LOW_SCORE_WINS (1u << 0) /* fewest points wins (Geominos, dominoes) */
#define BONES_HIDDEN_INFO (1u << 1)    /* some state is hidden from some players */
#define BONES_HAS_CHANCE (1u << 2)     /* has chance nodes */
/* sample_move (ABI 1.1) costs about one apply, far less than listing the moves: mcts
 * then draws its greedy rollout candidates and chance outcomes with it instead of
 * listing every legal move (docs/ai.md). Read only with sample_move set; a host that
 * does not know it ignores it (added with ABI 1.2, no size changes). */
#define BONES_CHEAP_SAMPLE (1u << 3)

/* Filled by configure: what the host needs to run games of this configuration. */
typedef struct bones_game_info {
	uint32_t size;        /* sizeof(bones_game_info) as the plugin was built */
	int players;          /* number of seats, >= 1 */
	size_t state_size;    /* bytes of one state; states hold no pointers */
	size_t max_moves;     /* upper bound of legal_moves() in any state */
} bones_game_info;

/* ---- The plugin entry ------------------------------------------------------------ */

/* The exported entry. Every function pointer is required unless marked optional.
 *
 * Call order: configure once per option set -> any number of init_state -> the state
 * functions, in any order, from any number of threads at once (a configured game is
 * immutable) -> destroy_game. A state is `info.state_size` flat bytes: the host copies
 * it with memcpy, compares it with memcmp and may keep millions of them, so it holds no
 * pointers and every byte (padding included) is set by init_state and apply.
 *
 * Players are 0-based in the ABI (the engine protocol and notation count from 1). */
typedef struct bones_plugin {
	uint32_t abi_major, abi_minor; /* BONES_ABI_MAJOR, BONES_ABI_MINOR */
	uint32_t size;                 /* sizeof(bones_plugin) */

	const char *id;          /* lower-case identifier, e.g. "holomino" */
	const char *name;        /* display name, e.g. "Holomino" */
	const char *version;     /* plugin version, e.g. "1.0.0" */
	const char *summary;     /* one line */
	int min_players, max_players;
	uint32_t flags;          /* BONES_LOW_SCORE_WINS | BONES_HIDDEN_INFO | ... */
	const bones_option_def *options;
	size_t option_count;
	const bones_variant *variants;
	size_t variant_count;

	/* Build a game from validated values (one per option, in schema order).
	 * On failure returns non-zero and writes a one-line message into err that starts
	 * with the option it blames ("pool_size: 6 tiles per pool need ..."). On success
	 * *game is the plugin's configured game, freed by destroy_game. host outlives it. */
	bones_status (*configure)(const bones_host *host, const bones_value *values,
				  void **game, bones_game_info *info, char *err, size_t errcap);
	void (*destroy_game)(void *game);

	/* Write the initial state (usually a chance node: the deal). */
	void (*init_state)(const void *game, void *state);
	/* A player index, BONES_CHANCE or BONES_TERMINAL. */
	int (*to_move)(const void *game, const void *state);
	/* List the legal moves (at a chance node: the outcomes) into moves[0..cap).
	 * At a chance node with probs != NULL also writes each outcome's probability
	 * (they sum to 1). Returns the count; 0 only at terminal states. The order is
	 * deterministic for equal states. cap >= info.max_moves always suffices. */
	size_t (*legal_moves)(const void *game, const void *state, bones_move *moves,
			      double *probs, size_t cap);
	/* Apply a move or chance outcome. Refuses an illegal one with BONES_EILLEGAL and
	 * leaves the state unchanged. Deterministic. */
	bones_status (*apply)(const void *game, void *state, bones_move move);

	/* Notation of a move legal in state, e.g. "135@1,-1". Returns the length written
	 * (NUL excluded), or 0 when the move is not legal there. */
	size_t (*format_move)(const void *game, const void *state, bones_move move,
			      char *buf, size_t cap);
	/* Parse notation into a move legal in state; BONES_EPARSE for text that is no
	 * move, BONES_EILLEGAL for a well-formed move that is not legal now. */
	bones_status (*parse_move)(const void *game, const void *state, const char *text,
				   bones_move *move);

	/* Each player's current score (final at terminal states). */
	void (*scores)(const void *game, const void *state, double *scores);
	/* Optional. Final ranks at a terminal state: 1 is best, ties share a rank.
	 * When NULL the host ranks by scores (BONES_LOW_SCORE_WINS decides direction). */
	void (*ranks)(const void *game, const void *state, int *ranks);
	/* Optional. Explains the points of the last move, e.g.
	 * "double hole: 2 x (10 + 12) = 44"; writes "" when it scored nothing. A player
	 * named in it as the plugin's own text "player %d" (translated like any) shows as
	 * the seat's name where the host knows it. */
	size_t (*breakdown)(const void *game, const void *state, char *buf, size_t cap);

	/* Hidden information. Required when BONES_HIDDEN_INFO is set, else optional. */
	/* What `player` may see, as text: equal for two states that differ only in what
	 * the player cannot see. player = -1 is a spectator who sees only public things. */
	size_t (*observation)(const void *game, const void *state, int player,
			      char *buf, size_t cap);
	/* Replace everything `player` cannot see with a random assignment consistent with
	 * what they can (determinisation). next_random returns uniform 64-bit values. */
	void (*resample)(const void *game, void *state, int player,
			 uint64_t (*next_random)(void *rng), void *rng);
	/* Whether `player` may see this move or outcome, applied in state. When NULL all
	 * moves are public. A hidden outcome is shown to that player as its masked text. */
	bool (*move_visible)(const void *game, const void *state, bones_move move,
			     int player);

	/* The position as text for terminal UIs, several lines, as seen by `viewer`
	 * (-1 spectator). Returns the length written (NUL excluded). */
	size_t (*render_text)(const void *game, const void *state, int viewer,
			      char *buf, size_t cap);

	/* Optional capabilities by versioned id ("bones.render/1"); NULL when absent. */
	const void *(*get_extension)(const void *game, const char *id);

	/* ---- Added in ABI 1.1 ---------------------------------------------------------- */

	/* Optional. One move drawn without listing them all, for random playouts (search,
	 * benchmarks): at a chance node an outcome with its probability, else a legal move
	 * of the player to move, uniformly. It must draw from exactly the distribution
	 * legal_moves describes. next_random returns uniform 64-bit values.
	 * BONES_EILLEGAL at a terminal state. */
	bones_status (*sample_move)(const void *game, const void *state,
				    uint64_t (*next_random)(void *rng), void *rng,
				    bones_move *move);

	/* ---- Added in ABI 1.2 ---------------------------------------------------------- */

	/* Optional. The gettext domain of the plugin's own message catalogues, e.g.
	 * "bones-holomino"; NULL when it speaks only English. The host looks for
	 * LANG/LC_MESSAGES/DOMAIN.mo in the folder `locale` beside the plugin file, then in
	 * its own PREFIX/share/locale, and shows the static texts above (name, summary,
	 * option help, variant names and summaries) translated in that domain. Texts the
	 * plugin makes at run time (breakdowns, labels, messages) it translates itself
	 * with the host's "bones.translate/1" service (bones/translate.h). Identifiers
	 * (id, option keys, choices, variant ids) and notation are never translated. */
	const char *text_domain;
} bones_plugin;

/* The entry's size in each ABI minor, frozen: the host accepts any size from the 1.0
 * one up (reading only the fields a plugin's size covers). */
#define BONES_PLUGIN_SIZE_1_0 ((uint32_t)offsetof(bones_plugin, sample_move))
#define BONES_PLUGIN_SIZE_1_1 ((uint32_t)offsetof(bones_plugin, text_domain))
#define BONES_PLUGIN_SIZE_1_2 ((uint32_t)sizeof(bones_plugin))

#ifdef __cplusplus
}
#endif
#endif /* BONES_PLUGIN_H */
