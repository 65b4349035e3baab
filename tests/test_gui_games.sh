#!/bin/bash
# Whole games by clicks alone, under Xvfb: every shipped plugin and the variants with
# their own kinds of move (Hegemino's picks, stacking, 3 and 4 players, Chaos and
# Dorothy; Geominos' match; draw dominoes' draws and passes). Every seat is a human; the
# script's play-by-clicks chooses each move at random and plays it with synthesised
# clicks (a hand piece first on every other move, R for the way, then the spot or the
# button) and fails when a click plays another move or none.
# Usage: test_gui_games.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
. "$(dirname "$0")/gui_common.sh"

play() { # play NAME [EXTRA SCRIPT LINES...]
	local name=$1 script="$tmp/$1.txt" out="$tmp/$1.out"
	shift
	{
		echo "seats human human human human"
		echo "start $name"
		echo "play-by-clicks"
		printf '%s\n' "$@"
		echo "save $tmp/$name.rec"
		echo "quit"
	} > "$script"
	BONES_PLUGIN_PATH="$build/lib/bones/plugins" timeout 300 xvfb-run -a \
		-s "-screen 0 1024x768x24" "$gui" --seed 7 --agent-delay 0 --size 900x640 \
		--script "$script" > "$out" 2> "$tmp/$name.err"
	local rc=$? clicked moved over
	clicked=$(awk '/^played [0-9]+ moves by clicks$/ { n += $2 } END { print n + 0 }' "$out")
	moved=$(grep -c '^move [0-9]*: player [0-9]*: ' "$out")
	over=$(grep -c '^game over:' "$out")
	check "$name: bones-gui exited 0" test "$rc" = 0
	[ "$rc" = 0 ] || sed 's/^/  stderr: /' "$tmp/$name.err" | head -5
	check "$name: the game ended ($over game over lines)" test "$over" -ge 1
	check "$name: every move was a click (${clicked:-0} clicked of $moved)" \
		test "${clicked:-0}" = "$moved" -a "$moved" -gt 0
	check "$name: bones replay accepts the record" \
		bash -c "'$build/bin/bones' replay '$tmp/$name.rec' > /dev/null"
}

play holomino
play holomino-4p
play hegemino
play hegemino-stacking
play hegemino-3p
play hegemino-4p
play hegemino-chaos
play hegemino-dorothy
play geominos
play geominos-match "click-button next-game" "play-by-clicks" "expect-match 2"
play dominoes
play dominoes-draw
exit $((fails > 0))
