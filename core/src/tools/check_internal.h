/* Shared between check.c (configurations, reports, records) and check_game.c (the
 * checks along one random game). Not a public header. */
#ifndef BONES_CHECK_INTERNAL_H
#define BONES_CHECK_INTERNAL_H

#include "bones/check.h"
#include "bones/observe.h"
#include "bones/options.h"
#include "bones/kit_board.h"
#include "bones/rng.h"

#define CHECK_POOL 256      /* moves remembered from earlier states */
#define CHECK_TEXTS 16      /* notations remembered from earlier states */
#define CHECK_OBS_CAP 65536 /* observation text buffer */
#define CHECK_GUARD 256     /* canary bytes before and after every state handed out */
#define CHECK_LEAK_WINDOW 256 /* moves between two looks at the live heap */
#define CHECK_LEAK_PER_MOVE 64 /* bytes a move that, window after window, are a leak */
#define CHECK_DEEP_GAMES 4  /* the first games of a configuration get every check (--deep
			       gives every game every check) */
#define CHECK_REPLAY_EVERY 8 /* without --deep, one game in this many is played again and
				has its terminal texts checked */
#define CHECK_MOVE_SAMPLE 4 /* without --deep, legal moves whose notation is checked at a
			       position that gets only the cheap checks */
#define CHECK_PICTURE_SAMPLE 16 /* without --deep, legal moves whose place and ghost are
				   checked at a position that gets every check */

/* What a checking child shows its parent through shared memory, so that a plugin that
 * crashes or hangs is reported with its game, seed and moves (check_run.c). */
typedef struct bones_check_watch {
	volatile size_t beat;     /* advances at every state: a hang stops it */
	volatile size_t config;   /* the configuration's index */
	volatile size_t game;     /* the game's number, from 1 */
	volatile uint64_t seed;   /* the game's seed */
	volatile size_t len;      /* moves applied so far */
	size_t cap;               /* room in moves[] */
	bones_move moves[];       /* the game's moves, [0, len) */
} bones_check_watch;

/* One configuration being checked. */
typedef struct checker {
	const bones_plugin *p;
	const void *game;
	bones_game_info info;
	const char *label;         /* "default (players=2 ...)" for messages */
	size_t limit;              /* moves before a game counts as endless */
	size_t bound;              /* the plugin's max_game_length (bones.actions/1 v1.1):
				      player moves a game may have; 0 = none stated */
	bones_check_report *rep;
	unsigned char *a, *b, *c;  /* the state from 0x00- and 0xa5-filled buffers, a clone */
	unsigned char *t, *u;      /* scratch states */
	bones_move *moves, *moves2; /* max_moves + 2 (a probe, a sentinel) */
	bones_move *sorting;        /* as many: scratch for sorting moves2 */
	double *probs;
	char *obs1, *obs2;          /* CHECK_OBS_CAP each */
	const bones_observation *tensor; /* the plugin's observation capability, or NULL */
	const bones_render *render; /* the plugin's "bones.render/1", the board kit's, or NULL */
	const void *rg;             /* the game argument of render's functions */
	bones_kit_board kit;        /* what the board kit's render reads */
	bool deep;                  /* every check at every state of the current game
				       (cfg.deep, the first CHECK_DEEP_GAMES games) */
	bool again;                 /* the current game is played again at its end and
				       its terminal texts are checked (deep, or one game
				       in CHECK_REPLAY_EVERY) */
	bool full;                  /* the current state gets every check */
	int tensor_rank;            /* what its shape returned (invalid: checked at init) */
	size_t tensor_count;        /* values in one tensor */
	float *ten1, *ten2;         /* tensor_count each */
	bones_move pool[CHECK_POOL];
	size_t pool_len;
	char texts[CHECK_TEXTS][BONES_MOVE_TEXT_MAX];
	size_t text_len;
	bones_move *history;        /* the moves of the current game */
	size_t len, cap;
	bones_rng rng;              /* the current game's choices */
	bones_rng aux;              /* everything else random: probes, resampling */
	uint64_t seed;              /* the current game's seed */
	size_t index;               /* the current game's number, from 1 */
	bones_check_watch *watch;   /* NULL in-process; else kept up to date */
	char plain[1024];           /* the failure in English, for the record's comment */
	unsigned char canary[CHECK_GUARD]; /* the pattern around every state */
	size_t heap_base;           /* live heap bytes at the start of the window */
	size_t heap_moves;          /* rep->moves then; SIZE_MAX before the first look */
	int heap_strikes;           /* windows in a row in which the heap grew */
} checker;

/* Fail the current check (check_fail.c): the message from fmt (marked N_() where it is
 * called) in the player's language into ck->rep->failure, in English into ck->plain,
 * both after the configuration, game, seed and move. Returns false. */
__attribute__((format(printf, 2, 3))) bool bones_check_fail(checker *ck, const char *fmt, ...);

/* The canary bytes around state are intact after `call` had it; else fails naming it. */
bool bones_check_guarded(checker *ck, const unsigned char *state, const char *call);

/* The checks of the picture at state ck->a, with who to move and the n legal moves in
 * ck->moves (check_picture.c): true when there is no render extension or every check
 * held, else false with the failure in ck->rep. */
bool bones_check_picture(checker *ck, int who, size_t n);

/* Allocate the scratch buffers for ck->info; false when out of memory. Each state
 * buffer has CHECK_GUARD canary bytes before and after it, checked after every call
 * that gets it, so a plugin that writes outside its state is named with the call. */
bool bones_check_alloc(checker *ck);
void bones_check_free(checker *ck);

/* After a game: whether the heap's live bytes (the host allocator's and the plugin's
 * own mallocs alike) keep growing with the moves; false (rep->failure says by how
 * much) once two windows of CHECK_LEAK_WINDOW moves in a row each grew by
 * CHECK_LEAK_PER_MOVE bytes a move or more. */
bool bones_check_heap(checker *ck);

/* Play and check one random game from seed. On failure returns false with the message
 * in ck->rep->failure and the moves made so far in ck->history[0..len). */
bool bones_check_game(checker *ck, uint64_t seed);

/* Play the last game again from its seed without checks: same moves, same end. */
bool bones_check_replay(checker *ck);

/* Check every state along moves[0..n) from the initial state, then apply each legal move
 * of the last state to a copy: how a crash found in a random game is reproduced and
 * shrunk. 1 when every check held, 0 when one failed (ck->rep->failure), -1 when a move
 * of the list is not legal where it stands. */
int bones_check_sequence(checker *ck, const bones_move *moves, size_t n);

/* ---- The plan of a run (check.c) ------------------------------------------------ */

#define CHECK_MAX_CONFIGS 64

/* One option set: defaults, then a variant, then a player count. */
typedef struct check_configuration {
	const char *variant; /* NULL = none */
	int players;         /* 0 = leave it */
	char label[320];     /* "hegemino variant mega (board=mega)" for messages */
	char values[1024];   /* every option's value, "k=v ...": equal text, same game */
	long same_as;        /* the index of an earlier configuration that is the same
				game (skipped), else -1 */
} check_configuration;

typedef struct check_plan {
	const bones_plugin *p;
	bones_check_config cfg; /* the caller's, with the defaults filled in */
	check_configuration list[CHECK_MAX_CONFIGS];
	size_t count;
	size_t games;           /* per configuration */
} check_plan;

/* The configurations to check, labelled. BONES_EINVAL (rep->failure says why) when the
 * settings or the variant asked for do not validate, BONES_EILLEGAL when the plugin's own
 * defaults or variants do not. */
bones_status bones_check_plan(const bones_plugin *p, const bones_check_config *cfg,
			      check_plan *plan, bones_check_report *rep);

/* The plugin's variant of that id (it exists: the plan found it). */
const bones_variant *bones_check_variant(const bones_plugin *p, const char *id);

/* Play and check games [first, first + count) of configuration i in this process,
 * adding to rep; watch (may be NULL) is kept up to date for a watching parent. The first
 * failure stops it (BONES_EILLEGAL) and saves the game as a record. */
bones_status bones_check_games(const check_plan *plan, size_t i, size_t first, size_t count,
			       bones_check_watch *watch, bones_check_report *rep);

/* Check the states along moves[0..n) of configuration i in this process (see
 * bones_check_sequence): 1 held, 0 failed, -1 not a legal sequence. */
int bones_check_moves(const check_plan *plan, size_t i, uint64_t seed,
		      const bones_move *moves, size_t n, bones_check_watch *watch);

/* Write moves[0..n) of configuration i as a record with a comment; its path goes to
 * rep->record. */
void bones_check_save(const check_plan *plan, size_t i, uint64_t seed,
		      const bones_move *moves, size_t n, const char *comment,
		      bones_check_report *rep);

/* ---- Faults (check_shrink.c) -------------------------------------------------------- */

/* How a checking child ended without a result. */
#define CHECK_HUNG 0         /* no beat for cfg.step_seconds: killed */
#define CHECK_NO_RESULT (-1) /* ended without a result nor an exit status */
#define CHECK_EXITED(status) (-2 - (status)) /* called exit(status) */

/* A child that checked configuration i died of signal sig (> 0), hung (CHECK_HUNG) or
 * exited (CHECK_EXITED, CHECK_NO_RESULT) in game `game` (seed) after moves[0..n): say
 * so in rep, shrink the moves to the shortest sequence that still crashes or hangs
 * (in child processes) and save it as a record. */
void bones_check_fault(const check_plan *plan, size_t i, size_t game, uint64_t seed,
		       const bones_move *moves, size_t n, int sig, bones_check_report *rep);

/* ---- Watched children (check_child.c) ------------------------------------------------ */

/* Run fn(plan, user) in a child process watched like a checking child: its exit status
 * (0..255), or -(signal) when it died of one, or -1000 when it hung (no beat for
 * cfg.step_seconds). watch is the child's shared page (NULL: fn gets none). */
int bones_check_in_child(const check_plan *plan, bones_check_watch *watch,
			 int (*fn)(const check_plan *plan, bones_check_watch *watch, void *user),
			 void *user);

/* Seconds on the monotonic clock. */
double bones_check_now(void);

/* A shared page for a watched child with room for cap moves; NULL when out of memory. */
bones_check_watch *bones_check_watch_create(size_t cap);
void bones_check_watch_destroy(bones_check_watch *w);

#endif /* BONES_CHECK_INTERNAL_H */
