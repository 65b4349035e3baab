#!/bin/bash
# The terminal UI's host services through pipes: time per move (a late answer gets the
# penalty, counted against the player in the final result; no answer within the grace
# period forfeits), option errors, and match play totals equal to the records' results
# summed by participant. $1 build, $2 source.
set -u
build=$1 src=$2 plugins=$1/tests/plugins
. "$(dirname "$0")/tty_common.sh"

# Time is injected (tty_common.sh, docs/testing.md): a game is started on a FIFO at
# clock 0, the test waits for its prompt, moves the clock on, waits for what that causes
# and only then answers. Nothing races the wall clock.
export BONES_TEST_CLOCK=$tmp/clock

# 1. testgame (most points win): the answer comes after 1.5 s of a 1 s limit, within a
# 5 s grace: a penalty of 2, the game goes on, the final result subtracts it.
timed "$tmp/late.out" testgame --time 1s --penalty 2 --grace 5s --forfeit yes --seed 3 \
	--save "$tmp/late.bones"
wait_for "$tmp/late.out" "[0:01 left]> "
set_clock 1500
wait_for "$tmp/late.out" "5 more seconds to move, then the game is forfeit"
finish late $(yes 1 | head -40)
expect "$tmp/late.out" "time is up: You get a penalty of 2 points (penalties 2)" "late answer"
expect "$tmp/late.out" "game over" "late answer"
[ "$(tag "$tmp/late.bones" Penalties)" = "2 0" ] || fail "late answer: Penalties tag"
[ "$(tag "$tmp/late.bones" TimeControl)" = "per_move=1s penalty=2 grace=5s forfeit=true" ] ||
	fail "late answer: TimeControl tag '$(tag "$tmp/late.bones" TimeControl)'"
# FinalResult scores = Result scores (the plugin's, kept) - penalties (high wins)
result=$(tag "$tmp/late.bones" Result) final=$(tag "$tmp/late.bones" FinalResult)
want=$(awk -v r="${result#*scores }" 'BEGIN { n = split(r, s, " ");
	s[1] -= 2; out = s[1]; for (i = 2; i <= n; i++) out = out " " s[i]; print out }')
[ "${final#*scores }" = "$want" ] ||
	fail "late answer: FinalResult '$final' is not Result '$result' minus the penalty"
case "$result" in "ranks "*) ;; *) fail "late answer: the plugin's Result '$result'" ;; esac
if [ -x "$build/bin/bones" ] && "$bones" replay --help >/dev/null 2>&1; then
	"$bones" replay "$tmp/late.bones" >/dev/null 2>&1 || fail "late answer: record replays"
fi

# 2. An answer in time (the clock stands still): no penalty, the plugin's result.
set_clock 0
yes 1 | head -40 | "$bones" play testgame --time 5s --penalty 2 --seed 3 \
	--save "$tmp/quick.bones" >"$tmp/quick.out" 2>&1 || fail "quick game exited $?"
grep -q "time is up" "$tmp/quick.out" && fail "quick answer was penalised"
[ "$(tag "$tmp/quick.bones" Penalties)" = "0 0" ] || fail "quick answer: Penalties tag"
[ "$(tag "$tmp/quick.bones" FinalResult)" = "$(tag "$tmp/quick.bones" Result)" ] ||
	fail "quick answer: FinalResult differs from Result"

# 3. No answer within 0.5 s + 0.3 s of grace: the human forfeits and ranks last.
timed "$tmp/forfeit.out" testgame --time 0.5s --penalty 2 --grace 0.3s --forfeit yes --seed 3 \
	--save "$tmp/forfeit.bones"
wait_for "$tmp/forfeit.out" "[0:01 left]> "
set_clock 800
wait_for "$tmp/forfeit.out" "game over (forfeit)"
finish forfeit 1
expect "$tmp/forfeit.out" "time is up: You get a penalty of 2 points" "forfeit"
expect "$tmp/forfeit.out" "out of time: You forfeit the game" "forfeit"
expect "$tmp/forfeit.out" "2. You (seat 1): -2 (0 with penalties 2) forfeit" "forfeit"
[ "$(tag "$tmp/forfeit.bones" Forfeit)" = "1" ] || fail "forfeit: Forfeit tag"
[ "$(tag "$tmp/forfeit.bones" FinalResult)" = "ranks 2 1; scores -2 0" ] ||
	fail "forfeit: FinalResult '$(tag "$tmp/forfeit.bones" FinalResult)'"
grep -q '^; You (seat 1) forfeited' "$tmp/forfeit.bones" || fail "forfeit: record comment"

# 4. Without forfeit (the default of a bare --time) the late player just waits on.
timed "$tmp/nof.out" testgame --time 0.3s --grace 0.3s --seed 3
wait_for "$tmp/nof.out" "[0:01 left]> "
set_clock 1200
wait_for "$tmp/nof.out" "no forfeit in this game: take your time"
finish "no-forfeit" $(yes 1 | head -40)
expect "$tmp/nof.out" "game over" "no forfeit"
grep -q "forfeit the game" "$tmp/nof.out" && fail "no forfeit: the player forfeited"

# 5. Bad values are usage errors that name the option and the key.
"$bones" play testgame --time soon >"$tmp/err1" 2>&1
[ $? = 2 ] || fail "--time soon: exit status"
expect "$tmp/err1" "--time soon: per_move: 'soon' is not a duration" "--time error"
"$bones" play testgame --games 0 >"$tmp/err2" 2>&1
[ $? = 2 ] || fail "--games 0: exit status"
expect "$tmp/err2" "--games 0: games: '0': expected a number of games in 1..1000" \
	"--games error"
for d in 1e30s inf nan -5s 31d 43201m; do
	"$bones" play testgame --grace "$d" >"$tmp/err3" 2>&1
	[ $? = 2 ] || fail "--grace $d: exit status"
	expect "$tmp/err3" "--grace $d: grace: '$d' is not a duration of at most 30 days" \
		"--grace $d error"
done

# 5b. A time per game: 2 s for the game and 1 s a move; the prompt shows every human
# seat's time (agents are not timed), and the bank running out forfeits the game.
set_clock 0
timed "$tmp/bank.out" testgame --game-time 2s --increment 1s --seed 3 --save "$tmp/bank.bones"
wait_for "$tmp/bank.out" "[0:02 left]> "
expect "$tmp/bank.out" "clock: 0:02 for the game, plus 1s after each of your moves" "game clock"
set_clock 2000
wait_for "$tmp/bank.out" "out of time: You forfeit the game"
finish bank 1
expect "$tmp/bank.out" "[You 0:02] You, your move" "the human seats' time in the prompt"
[ "$(tag "$tmp/bank.bones" Forfeit)" = "1" ] || fail "game clock: Forfeit tag"
[ "$(tag "$tmp/bank.bones" TimeControl)" = "per_game=2s increment=1s" ] ||
	fail "game clock: TimeControl tag '$(tag "$tmp/bank.bones" TimeControl)'"

# 6. Geominos (fewest points win), its preset's [time]: a late first move costs 5 points
# added to the score; a forfeit there ranks the human last with 5 points added.
if [ -f "$build/lib/bones/plugins/geominos.so" ]; then
	export BONES_PLUGIN_PATH=$build/lib/bones/plugins
	timed "$tmp/geo.out" geominos-timed --time 1s --seed 5 --save "$tmp/geo.bones"
	wait_for "$tmp/geo.out" "[0:01 left]> "
	set_clock 1500
	wait_for "$tmp/geo.out" "60 more seconds to move, then the game is forfeit"
	finish "geominos late" 1 i quit
	expect "$tmp/geo.out" "time is up: You get a penalty of 5 points (penalties 5)" \
		"geominos late answer"
	expect "$tmp/geo.out" "(penalties 5), greedy" "geominos scores line"
	timed "$tmp/geof.out" geominos-timed --time 0.5s --grace 0.2s --seed 5 \
		--save "$tmp/geof.bones"
	wait_for "$tmp/geof.out" "[0:01 left]> "
	set_clock 700
	wait_for "$tmp/geof.out" "out of time: You forfeit the game"
	finish "geominos forfeit" 1
	[ "$(tag "$tmp/geof.bones" FinalResult)" = "ranks 2 1; scores 5 0" ] ||
		fail "geominos forfeit: FinalResult '$(tag "$tmp/geof.bones" FinalResult)'"
	export BONES_PLUGIN_PATH=$build/tests/plugins
fi

# 7. Match play: two agents, two games; the seats rotate and the printed totals are the
# records' final scores summed by participant (name).
match() { # match GAME PLUGIN_DIR
	BONES_PLUGIN_PATH=$2 "$bones" play "$1" --games 2 --seat 1=random --seat 2=greedy \
		--seed 7 --save "$tmp/m-$1.bones" >"$tmp/m-$1.out" 2>&1 </dev/null ||
		fail "$1 match exited $?"
	expect "$tmp/m-$1.out" "match totals after game 1 of 2:" "$1 match"
	expect "$tmp/m-$1.out" "match over after 2 games" "$1 match"
	for k in 1 2; do
		[ -f "$tmp/m-$1-g$k.bones" ] || { fail "$1 match: no record of game $k"; return; }
		[ "$(tag "$tmp/m-$1-g$k.bones" Match)" = "game $k of 2" ] ||
			fail "$1 match: Match tag of game $k"
	done
	[ "$(tag "$tmp/m-$1-g1.bones" Player1)" = random ] &&
		[ "$(tag "$tmp/m-$1-g2.bones" Player1)" = greedy ] ||
		fail "$1 match: the seats did not rotate"
	sums=$(for k in 1 2; do
		f=$tmp/m-$1-g$k.bones r=$(tag "$f" FinalResult)
		[ -n "$r" ] || r=$(tag "$f" Result)
		echo "$(tag "$f" Player1) $(tag "$f" Player2) ${r#*scores }"
	done | awk '{ t[$1] += $3; t[$2] += $4 } END { for (p in t) print p ": " t[p] }' | sort)
	printed=$(sed -n '/^match over/,$p' "$tmp/m-$1.out" |
		sed -n 's/^  [0-9]*\. \([^:]*\): \([-0-9.e]*\) .*/\1: \2/p' | sort)
	[ -n "$printed" ] && [ "$sums" = "$printed" ] ||
		fail "$1 match: printed totals '$printed' are not the records' sums '$sums'"
}
match testgame "$build/tests/plugins"
[ -f "$build/lib/bones/plugins/geominos.so" ] && match geominos "$build/lib/bones/plugins"

# 8. The GUI (when it and Xvfb are there): the clock of a timed preset runs, the penalty
# and the forfeit come as in the terminal; a match goes on with Next game, seats rotated.
gui=$build/bin/bones-gui
if [ -x "$gui" ] && command -v xvfb-run >/dev/null 2>&1 && [ -f "$build/lib/bones/plugins/geominos.so" ]; then
	cat >"$tmp/gui.txt" <<SCRIPT
start geominos-timed
wait-turn
expect-clock running
wait 1500
expect-clock grace
expect-penalty 1 5
wait 1500
expect-forfeit 1
save $tmp/gui.bones
start geominos-match-timed
wait-turn
wait 3000
expect-forfeit 1
expect-match 1
click-button next-game
wait-turn
wait 3000
expect-forfeit 2
expect-match 2
save $tmp/gui-m2.bones
quit
SCRIPT
	# `wait MS` moves the injected clock on by MS at once (docs/testing.md)
	set_clock 0
	BONES_PLUGIN_PATH=$build/lib/bones/plugins timeout 90 xvfb-run -a -s "-screen 0 1280x800x24" \
		"$gui" --seed 5 --agent-delay 0 --size 1000x700 --time 1s --grace 1s \
		--script "$tmp/gui.txt" >"$tmp/gui.out" 2>"$tmp/gui.err"
	rc=$?
	[ $rc = 0 ] || { fail "gui timed script exited $rc"; sed 's/^/    /' "$tmp/gui.err" | tail -5; }
	[ "$(tag "$tmp/gui.bones" Forfeit 2>/dev/null)" = "1" ] || fail "gui: the record has no Forfeit"
	[ "$(tag "$tmp/gui.bones" Penalties 2>/dev/null)" = "5 0" ] || fail "gui: Penalties tag"
	[ "$(tag "$tmp/gui-m2.bones" Match 2>/dev/null)" = "game 2 of 2" ] || fail "gui: Match tag"
	[ "$(tag "$tmp/gui-m2.bones" Forfeit 2>/dev/null)" = "2" ] ||
		fail "gui: the human did not sit in seat 2 of game 2"
	grep -q "^match after game 2 of 2: " "$tmp/gui.out" || fail "gui: no match totals printed"
else
	echo "SKIP: the GUI timing check (bones-gui, xvfb-run or geominos missing)"
fi

[ "$failures" = 0 ] && echo "test_tty_time: all passed"
exit $((failures > 0))
