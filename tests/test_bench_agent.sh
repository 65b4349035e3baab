#!/bin/bash
# `bones bench GAME --agent SPEC [--position N]`: an agent's speed on a fixed position,
# with threads=1 and threads=2, and its errors. Usage: test_bench_agent.sh BUILD_DIR SOURCE_DIR
set -u
B=$1
BONES=$B/bin/bones
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }
game=dominoes
[ -e "$B/lib/bones/plugins/dominoes.so" ] || game=$B/tests/plugins/testgame.so
num='[0-9][0-9.]*'

# mcts: both thread counts, iterations and simulated moves per second, the ratio
if "$BONES" bench $game --agent "mcts iterations=200" --position 2 --seconds 0.3 >"$T/mcts" &&
   grep -q '^agent: mcts iterations=200$' "$T/mcts" &&
   grep -q '^position: 2 player moves into seed 1'"'"'s game, player [0-9] to move$' "$T/mcts" &&
   grep -qE "^threads=1 choices_per_s: $num iterations_per_s: [1-9][0-9]* sim_moves_per_s: [1-9][0-9]* cpu_per_wall: $num sim_moves_per_cpu_s: [1-9][0-9]* iterations_per_cpu_s: [1-9][0-9]* choices: [1-9][0-9]* seconds: $num wall_per_choice: $num$" "$T/mcts" &&
   grep -qE "^threads=2 choices_per_s: $num iterations_per_s: [1-9][0-9]* sim_moves_per_s: [1-9][0-9]* " "$T/mcts" &&
   grep -qE "^threads_2_over_1: $num$" "$T/mcts"; then
	ok "mcts: iterations and simulated moves per second with threads=1 and threads=2"
else fail "mcts: $(cat "$T/mcts")"; fi

# the same seed, the same position: the default is the middle of the game
"$BONES" bench $game --agent "mcts iterations=50" --seconds 0.05 --seed 7 >"$T/a"
"$BONES" bench $game --agent "mcts iterations=50" --seconds 0.05 --seed 7 >"$T/b"
if [ -s "$T/a" ] && [ "$(grep '^position:' "$T/a")" = "$(grep '^position:' "$T/b")" ] &&
   ! grep -q '^position: 0 ' "$T/a"; then
	ok "the default position is in the middle of the game and the same for a seed"
else fail "default position: $(grep '^position:' "$T/a" "$T/b")"; fi

# an agent without threads runs once, as given, with its choices per second only
if "$BONES" bench $game --agent random --seconds 0.1 >"$T/random" &&
   grep -qE "^threads=- choices_per_s: $num choices: [1-9][0-9]* seconds: $num wall_per_choice: $num$" "$T/random" &&
   ! grep -q 'threads=1\|iterations' "$T/random"; then
	ok "random: choices per second, once"
else fail "random: $(cat "$T/random")"; fi

# errors: a position past the end, a bad spec, a bad number
"$BONES" bench $game --agent mcts --position 100000 --seconds 0.1 >/dev/null 2>"$T/err1"
[ $? -eq 1 ] && grep -q -- '--position 100000: the game ends before it' "$T/err1" &&
	ok "a position past the end is refused" || fail "position past the end: $(cat "$T/err1")"
"$BONES" bench $game --agent "mcts bogus=1" --seconds 0.1 >/dev/null 2>"$T/err2"
[ $? -eq 1 ] && grep -q "agent 'mcts bogus=1': bogus: unknown parameter" "$T/err2" &&
	ok "a bad agent is named" || fail "bad agent: $(cat "$T/err2")"
"$BONES" bench $game --agent mcts --position -5 >/dev/null 2>"$T/err3"
[ $? -eq 2 ] && grep -q -- "--position: expected a number of at least -1, not '-5'" "$T/err3" &&
	ok "a negative position is refused" || fail "negative position: $(cat "$T/err3")"

# --threads: any list of counts, each with its line and its speed-up over the first
if "$BONES" bench $game --agent "mcts iterations=100" --threads 1,3,4 --seconds 0.05 \
	>"$T/list" && grep -q '^threads=3 ' "$T/list" && grep -q '^threads=4 ' "$T/list" &&
   grep -qE "^threads_3_over_1: $num$" "$T/list" && grep -qE "^threads_4_over_1: $num$" "$T/list" &&
   ! grep -q '^threads=2 ' "$T/list"; then
	ok "--threads 1,3,4: three lines and two ratios"
else fail "--threads list: $(cat "$T/list")"; fi
"$BONES" bench $game --agent mcts --threads 1,0 >/dev/null 2>"$T/err4"
[ $? -eq 2 ] && grep -q -- "--threads: expected counts of 1..64 .*, not '1,0'" "$T/err4" &&
	ok "a bad thread count is refused" || fail "bad --threads: $(cat "$T/err4")"

# --repeat K: each count run K times, one median line a count
"$BONES" bench "$game" --agent "mcts iterations=50" --threads 1,2 --repeat 3 --seconds 0.05 \
	>"$T/rep" 2>&1
if [ "$(grep -c '^threads=1 ' "$T/rep")" = 1 ] && [ "$(grep -c '^threads=2 ' "$T/rep")" = 1 ] &&
   grep -qE "^threads_2_over_1: $num$" "$T/rep"; then
	ok "bench --agent --repeat 3: one median line a count"
else fail "--repeat: $(cat "$T/rep")"; fi
"$BONES" bench "$game" --agent greedy --repeat 0 >/dev/null 2>"$T/err6"
[ $? -eq 2 ] && grep -q -- "--repeat: expected a number from 1 to 99, not '0'" "$T/err6" &&
	ok "bench --repeat 0 is refused" || fail "--repeat 0: $(cat "$T/err6")"

# bench tourney: games per second at each count, the same games each time
cat >"$T/t.ini" <<INI
[tourney]
name = b
format = round-robin
rounds = 2
seed = 1
sync = normal
output = $T/unused
[game.g]
preset = $game
[player.a]
agent = random
[player.b]
agent = greedy
INI
if TMPDIR=$T "$BONES" bench tourney "$T/t.ini" --threads 1,2 --repeat 3 >"$T/tourney" &&
   grep -q '^games: 2$' "$T/tourney" && grep -q '^repeat: 3$' "$T/tourney" &&
   grep -qE "^threads=1 games_per_s: $num seconds: $num over_1: 1.00$" "$T/tourney" &&
   grep -qE "^threads=2 games_per_s: $num seconds: $num over_1: $num$" "$T/tourney" &&
   [ -z "$(ls -d "$T"/bones-bench-* 2>/dev/null)" ] && [ ! -e "$T/unused" ]; then
	ok "bench tourney: games per second at 1 and 2 threads, its files removed"
else fail "bench tourney: $(cat "$T/tourney"; ls "$T")"; fi
"$BONES" bench tourney "$T/none.ini" >/dev/null 2>"$T/err5"
[ $? -eq 1 ] && grep -q "none.ini" "$T/err5" &&
	ok "bench tourney names a missing file" || fail "missing file: $(cat "$T/err5")"

[ $failures -eq 0 ] && echo "all passed" || echo "$failures failed"
exit $((failures != 0))
