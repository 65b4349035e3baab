#!/bin/bash
# The game-over score sheet leaves the whole board in view: Hegemino and Geominos played
# to their end by clicks against greedy under Xvfb; at game over the board (its bounds
# as the plugin gives them) must lie under the status line and above the sheet
# (expect-board-whole); the sheet's close button hides it and E shows it again.
# BONES_SCREENSHOTS=DIR copies the game-over screenshots there (docs/gui.md).
# Usage: test_gui_sheet.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
. "$(dirname "$0")/gui_common.sh"
for game in hegemino geominos; do
	cat >"$tmp/$game.txt" <<SCRIPT
seats human greedy
start $game
wait-turn
play-by-clicks
wait-turn
expect-board-whole
screenshot $tmp/gui-$game-over.png
print-text
click-button close-sheet
print-text
expect-board-whole
key e
print-text
quit
SCRIPT
	gui_frames "$game" --seed 3 --agent-delay 0 --size 1280x800 --script "$tmp/$game.txt"
	check "$game: played to the end, the whole board above the sheet" test "$?" = 0
	check "$game: the sheet is shown at game over" grep -q "^text: Final scores" "$tmp/text-$game-0"
	check "$game: its close button hides it" test -s "$tmp/text-$game-1" -a \
		"$(grep -c "^text: Final scores" "$tmp/text-$game-1")" = 0
	check "$game: E shows it again" grep -q "^text: Final scores" "$tmp/text-$game-2"
	[ -n "${BONES_SCREENSHOTS:-}" ] && cp "$tmp/gui-$game-over.png" "$BONES_SCREENSHOTS/"
done
[ $fails = 0 ] && echo "test_gui_sheet: all passed"
exit $((fails > 0))
