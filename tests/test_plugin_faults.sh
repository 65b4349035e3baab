#!/bin/bash
# Broken plugins end to end (tests/plugins): `bones check` names a plugin that writes past
# its state, one that leaks and one that calls exit, on a normal build; match, engine and
# tourney name a plugin that calls exit, and its call; every command that asks for a game refused for
# its ABI says why; a tournament stores a plugin's exit or fault as its games' fault and exits
# with status 4. Usage: test_plugin_faults.sh BUILD_DIR SOURCE_DIR
set -u
B=$1
BONES=$B/bin/bones
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export TMPDIR=$T BONES_PLUGIN_PATH=$B/tests/plugins LANGUAGE=en LC_ALL=C
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

# -- bones check: each fault named with its call and move, status 1
expect_check() { # ID TEXT
	"$BONES" check "$1" --games 300 --threads 1 >"$T/$1" 2>&1
	local status=$?
	if [ $status -eq 1 ] && grep -q "^FAIL: $1 defaults: game [0-9]* (seed [0-9]*)" "$T/$1" &&
	   grep -qF "$2" "$T/$1"; then
		ok "check fails $1"
	else fail "check $1 (status $status): $(cat "$T/$1")"; fi
}
expect_check overrun ": apply wrote 64 bytes past the state's 16"
expect_check leaker "memory grows by about"
expect_check quitter "the plugin exited with status 3: a plugin must not call exit"
if "$BONES" check testgame --games 300 >"$T/good" 2>&1; then
	ok "check still passes testgame"
else fail "check testgame: $(tail -3 "$T/good")"; fi

# -- a plugin that calls exit: the command says so, with the plugin's status
quit_text="the game plugin 'quitter' exited with status 3 in apply during"
"$BONES" match quitter random random >/dev/null 2>"$T/match.err"
status=$?
if [ $status -eq 3 ] && grep -q "^bones match: $quit_text the match: a plugin must not call exit$" "$T/match.err"; then
	ok "match names a plugin that calls exit"
else fail "match quitter (status $status): $(cat "$T/match.err")"; fi
printf 'new quitter\nplay +2\nplay +2\nplay +2\nplay +2\n' | "$BONES" engine >/dev/null 2>"$T/engine.err"
status=$?
if [ $status -eq 3 ] && grep -q "^bones engine: $quit_text a command: " "$T/engine.err"; then
	ok "engine names a plugin that calls exit"
else fail "engine quitter (status $status): $(cat "$T/engine.err")"; fi
cat >"$T/quit.ini" <<INI
[tourney]
name = quit
rounds = 1
seed = 5
[game.q]
plugin = quitter
[player.a]
agent = random
[player.b]
agent = random
INI
"$BONES" tourney "$T/quit.ini" --output "$T/quit" --quiet >/dev/null 2>"$T/tourney.err"
status=$?
# in a tournament the exit is contained: its game is the plugin's fault, the run goes on
if [ $status -eq 4 ] && grep -q "^bones tourney: $quit_text the tournament: " "$T/tourney.err" &&
   grep -q ",plugin fault: plugin 'quitter' ended the game's process with status [0-9]* after move [0-9]* (a plugin must not call exit)$" "$T/quit/games.csv"; then
	ok "tourney names a plugin that calls exit and stores its games as its faults"
else fail "tourney quitter (status $status): $(cat "$T/tourney.err" "$T/quit/games.csv")"; fi

# -- a game refused for its ABI: every command that asks for it says why
why="wrong_major.so: 'bones_plugin_entry' has ABI"
for cmd in "match wrong_major random random" "play wrong_major" "check wrong_major"; do
	"$BONES" $cmd </dev/null >/dev/null 2>"$T/refused"
	if grep -qF "$why" "$T/refused" && ! grep -q "no such game" "$T/refused"; then
		ok "$cmd says why the plugin was refused"
	else fail "$cmd: $(cat "$T/refused")"; fi
done
echo "new wrong_major" | "$BONES" engine >"$T/refused" 2>&1
if grep -q "^error: 'wrong_major': the game's plugin was refused: .*$why" "$T/refused"; then
	ok "engine says why the plugin was refused"
else fail "engine new wrong_major: $(cat "$T/refused")"; fi
sed 's/plugin = quitter/plugin = wrong_major/' "$T/quit.ini" >"$T/wrong.ini"
"$BONES" tourney "$T/wrong.ini" --output "$T/wrong" >/dev/null 2>"$T/refused"
if grep -qF "$why" "$T/refused"; then
	ok "tourney says why the plugin was refused"
else fail "tourney wrong_major: $(cat "$T/refused")"; fi

# -- values a plugin returns are checked before use (core/include/bones/guard.h): the
# fault is the plugin's, named with its call and value, never a crash or an agent's
expect_match_fault() { # ID TEXT
	"$BONES" match "$1" random random --games 4 >/dev/null 2>"$T/$1.err"
	local status=$?
	if [ $status = 1 ] && grep -qF "$2" "$T/$1.err"; then
		ok "match names the fault of $1"
	else fail "match $1 (status $status): $(cat "$T/$1.err")"; fi
}
expect_match_fault f_to_move "plugin 'f_to_move': to_move returned 7 (a player is 0..1)"
expect_match_fault f_count "plugin 'f_count': legal_moves returned 1002 moves (max_moves is 2)"
expect_match_fault f_state0 "plugin 'f_state0': configure announced a state_size of 0 bytes"
expect_match_fault f_nan "plugin 'f_nan': scores returned nan for player 1"
# an agent's search meets the player out of range first: the fault is named, no crash
"$BONES" match f_to_move "mcts iterations=300" greedy --games 4 >/dev/null 2>"$T/mcts.err"
status=$?
if [ $status = 1 ] && grep -qF "plugin 'f_to_move': to_move returned 7" "$T/mcts.err"; then
	ok "mcts's search over a player out of range neither crashes nor hides the fault"
else fail "match f_to_move with mcts (status $status): $(cat "$T/mcts.err")"; fi
# ranks outside 1..players are never used: the results rank by the scores
sed "s/plugin = quitter/plugin = f_ranks/; s/^name = quit/name = ranks/" "$T/quit.ini" >"$T/ranks.ini"
"$BONES" tourney "$T/ranks.ini" --output "$T/ranks" --quiet >/dev/null 2>"$T/ranks.err"
status=$?
bad=$(awk -F, 'NR > 1 && ($11 < 1 || $11 > 2)' "$T/ranks/games.csv") # the rank column
if [ $status = 0 ] && [ "$(wc -l <"$T/ranks/games.csv")" -gt 1 ] && [ -z "$bad" ]; then
	ok "ranks out of range are replaced by the scores' ranks"
else fail "tourney f_ranks (status $status): $(cat "$T/ranks.err" "$T/ranks/games.csv")"; fi

printf 'new f_to_move\nplay +2\nplay +2\ntomove\nlegal\n' | "$BONES" engine >"$T/eng.out" 2>&1
if grep -q "^error: plugin 'f_to_move': to_move returned 7" "$T/eng.out" &&
   ! grep -q "^player 8" "$T/eng.out"; then
	ok "engine names a player out of range"
else fail "engine f_to_move: $(cat "$T/eng.out")"; fi
printf 'new f_count\nplay +2\nplay +2\nlegal\n' | "$BONES" engine >"$T/eng2.out" 2>&1
if grep -q "^error: plugin 'f_count': legal_moves returned 1002 moves" "$T/eng2.out"; then
	ok "engine names a move count past the buffer"
else fail "engine f_count: $(cat "$T/eng2.out")"; fi
for id in f_to_move f_count f_nan; do
	sed "s/plugin = quitter/plugin = $id/; s/^name = quit/name = $id/" "$T/quit.ini" >"$T/$id.ini"
	"$BONES" tourney "$T/$id.ini" --output "$T/$id" --quiet >/dev/null 2>"$T/$id.terr"
	status=$?
	if [ $status = 4 ] && grep -q ",plugin fault: plugin '$id': " "$T/$id/games.csv" &&
	   ! grep -q "seat [0-9] (" "$T/$id/games.csv"; then
		ok "tourney stores the fault of $id as the plugin's"
	else fail "tourney $id (status $status): $(cat "$T/$id.terr"; cat "$T/$id/games.csv")"; fi
done

# -- a plugin that exits with status 0, in play or while loaded: never a success
"$BONES" match f_exit0 random random >/dev/null 2>"$T/exit0.err"
status=$?
if [ $status = 1 ] && grep -q "the game plugin 'f_exit0' exited with status 0 in apply" "$T/exit0.err"; then
	ok "match fails when a plugin exits with 0"
else fail "match f_exit0 (status $status): $(cat "$T/exit0.err")"; fi
for cmd in "check f_ctor_exit" "games" "match f_ctor_exit random random"; do
	BONES_PLUGIN_PATH=$B/tests/plugins/ctor_exit "$BONES" $cmd >/dev/null 2>"$T/ctor.err"
	status=$?
	if [ $status = 1 ] && grep -q "the game plugin '.*f_ctor_exit.so' exited with status 0 while it was loaded" "$T/ctor.err"; then
		ok "$cmd names a plugin that exits while loaded"
	else fail "$cmd with f_ctor_exit (status $status): $(cat "$T/ctor.err")"; fi
done

exit $((failures != 0))
