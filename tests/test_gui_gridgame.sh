#!/bin/bash
# Grid dominoes in the window from the grid kit (bones.kit.grid/1, tests/plugins/
# gridgame.c: no drawing code), under Xvfb: its grid, market and hands drawn by the
# host, the whole game played by clicks (a hand domino and a cell, a market domino),
# square and hex. BONES_KEEP_SHOTS=DIR keeps the pictures.
# Usage: test_gui_gridgame.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
. "$(dirname "$0")/gui_common.sh"

# only the grid games: the test plugin folder holds broken plugins too, each refused aloud
mkdir -p "$tmp/plugins"
cp "$build/tests/plugins/gridgame.so" "$build/tests/plugins/gridhex.so" "$tmp/plugins/"
for game in gridgame gridhex; do
	cat > "$tmp/$game.txt" <<SCRIPT
seats human human
start $game
play-by-clicks 4
screenshot $tmp/$game-mid.png
play-by-clicks
save $tmp/$game.rec
quit
SCRIPT
	BONES_PLUGIN_PATH="$tmp/plugins" timeout 300 xvfb-run -a \
		-s "-screen 0 1024x768x24" "$gui" --seed 5 --agent-delay 0 --size 900x640 \
		--script "$tmp/$game.txt" > "$tmp/out.txt" 2> "$tmp/err.txt"
	rc=$?
	sed 's/^/stderr: /' "$tmp/err.txt" | grep -v "^stderr: $" | head -20
	clicked=$(awk '/^played [0-9]+ moves by clicks$/ { n += $2 } END { print n + 0 }' "$tmp/out.txt")
	moved=$(grep -c '^move [0-9]*: player [0-9]*: ' "$tmp/out.txt")
	placed=$(grep -cE '^move [0-9]*: player [0-9]*: [0-3]-[0-3]@' "$tmp/out.txt")
	taken=$(grep -cE '^move [0-9]*: player [0-9]*: take:' "$tmp/out.txt")
	check "$game: bones-gui played it and exited 0" test "$rc" = 0
	check "$game: the game ended" grep -q '^game over:' "$tmp/out.txt"
	check "$game: every move was a click (${clicked:-0} clicked of $moved)" \
		test "${clicked:-0}" = "$moved" -a "$moved" -gt 0
	check "$game: dominoes were placed on cells by clicks ($placed)" test "$placed" -ge 3
	check "$game: dominoes were taken from the market by clicks ($taken)" test "$taken" -ge 1
	check "$game: the screenshot was written" test -s "$tmp/$game-mid.png"
	[ -n "${BONES_KEEP_SHOTS:-}" ] && cp "$tmp/$game-mid.png" "$BONES_KEEP_SHOTS/gui_$game.png"
	check "$game: bones replay accepts the record" \
		bash -c "BONES_PLUGIN_PATH='$tmp/plugins' '$build/bin/bones' replay '$tmp/$game.rec' > /dev/null"
done
exit $((fails > 0))
