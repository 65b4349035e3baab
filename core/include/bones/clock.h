/* Time per move and per game, as a host service for every game: a limit per move, then
 * a penalty in points and a grace period, then forfeit (Geominos' timer rule;
 * tournaments use the same service as their time control); and a bank of time per game
 * and player with an increment added after each of the player's moves (Fischer), which
 * forfeits the game when it runs out. Either or both; days per move (correspondence)
 * are a long per-move limit. Pure bookkeeping over milliseconds given by the caller,
 * so it is testable without waiting. */
#ifndef BONES_CLOCK_H
#define BONES_CLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct bones_time_control {
	int64_t per_move_ms; /* 0: no clock */
	double penalty;      /* points added to the mover's score when per_move_ms runs out */
	int64_t grace_ms;    /* time after the penalty; 0: forfeit at once */
	bool forfeit;        /* forfeit when grace runs out too (else just keep waiting) */
	int64_t per_game_ms;  /* each player's bank for the game; 0: no bank */
	int64_t increment_ms; /* added to the mover's bank after each move (with a bank) */
} bones_time_control;

/* True when the control limits anything: a time per move or a bank per game. */
bool bones_time_control_on(const bones_time_control *control);

/* The phase of the running move. */
typedef enum bones_clock_phase {
	BONES_CLOCK_OFF,       /* no time control */
	BONES_CLOCK_RUNNING,   /* within the limit */
	BONES_CLOCK_GRACE,     /* the penalty was given; within the grace period */
	BONES_CLOCK_FORFEIT,   /* out of time: the mover forfeits the game */
	BONES_CLOCK_OVERTIME   /* out of time, no forfeit: waiting without limit */
} bones_clock_phase;

typedef struct bones_clock {
	bones_time_control control;
	int64_t started_ms; /* when the move began */
	bones_clock_phase phase;
	int64_t bank_ms;    /* the mover's bank when the move began (with per_game_ms) */
} bones_clock;

/* The longest duration a time control takes: 30 days. */
#define BONES_CLOCK_MAX_MS (30LL * 24 * 60 * 60 * 1000)

/* Parse "60", "90s", "2m", "1500ms", "2h", "3d" into milliseconds. False on bad text and on a
 * duration that is negative, not finite ("inf", "nan") or over BONES_CLOCK_MAX_MS. */
bool bones_clock_parse_duration(const char *text, int64_t *ms);

void bones_clock_init(bones_clock *clock, const bones_time_control *control);
/* A new move begins at now_ms. */
void bones_clock_start(bones_clock *clock, int64_t now_ms);
/* A new move begins at now_ms with bank_ms left in the mover's bank (per_game_ms). */
void bones_clock_start_bank(bones_clock *clock, int64_t now_ms, int64_t bank_ms);
/* The mover's bank after the move ends at now_ms: what was left, less the time used,
 * plus the increment; 0 when it ran out. The bank at the start without a bank. */
int64_t bones_clock_bank_after(const bones_clock *clock, int64_t now_ms);
/* Advance to now_ms. Returns the phase; *penalised is set true exactly once per move,
 * on the call that moves the clock into GRACE (the caller adds control.penalty). An
 * empty bank is FORFEIT whatever control.forfeit says. */
bones_clock_phase bones_clock_update(bones_clock *clock, int64_t now_ms, bool *penalised);
/* Milliseconds left in the current phase, or in the bank when that is less (0 when
 * none is left or there is no limit). */
int64_t bones_clock_remaining(const bones_clock *clock, int64_t now_ms);
/* Time left for people, as every player interface shows it: "m:ss", from an hour
 * "h:mm:ss", from a day "Nd h:mm" (days per move), the seconds rounded up (a clock that
 * reads 0:00 has run out). Returns buf. */
const char *bones_clock_text(int64_t ms, char *buf, size_t cap);
/* A monotonic time in milliseconds. */
int64_t bones_clock_now_ms(void);

/* Tests inject time: with BONES_TEST_CLOCK=FILE in the environment, bones_clock_now_ms
 * reads the milliseconds written in FILE (0 when it is missing), which the test
 * advances by writing a new number (write FILE.new, then rename it over FILE, so that
 * no reader sees half a number). Whoever waits for a deadline of that clock (the
 * terminal UI, the GUI, the web server) wakes at least every BONES_CLOCK_INJECTED_POLL_MS
 * milliseconds while it is injected, to see the time move. docs/testing.md. */
#define BONES_CLOCK_INJECTED_POLL_MS 10

/* True when BONES_TEST_CLOCK names the clock's file. */
bool bones_clock_injected(void);

/* Move the injected clock on by ms (the GUI's script `wait MS` does this); false when
 * no clock is injected or the file cannot be written. */
bool bones_clock_advance_injected(int64_t ms);

#endif /* BONES_CLOCK_H */
