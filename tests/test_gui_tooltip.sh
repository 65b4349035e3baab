#!/bin/bash
# A hovered spot's tooltip lies beside its ghost, never across it: Geominos (whose
# pieces reach several cells from their spot) and Hegemino against greedy under Xvfb,
# several spots of a selected piece hovered early and later in the game; a Hegemino pick
# says in words which domino it takes, with no "+0"
# (expect-tooltip-inside: inside the window, off the spot and off the ghost's box).
# BONES_SCREENSHOTS=DIR copies gui-geominos-tooltip.png there (docs/gui.md).
# Usage: test_gui_tooltip.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
. "$(dirname "$0")/gui_common.sh"
hovers() { # hovers PIECE: the piece selected, its first spots hovered and checked
	echo "click-hand $1"
	for k in 0 1 2 3 4 5; do printf 'hover-target %d\nexpect-tooltip-inside\n' $k; done
}
for game in geominos hegemino; do
	{
		printf 'seats human greedy\nstart %s\nwait-turn\n' "$game"
		[ $game = hegemino ] && printf 'hover-target 0\nprint-text\n' # a pick's tooltip
		[ $game = geominos ] && hovers 1 && hovers 4
		[ $game = geominos ] && echo "hover-target 2" && echo "screenshot $tmp/gui-geominos-tooltip.png"
		[ $game = geominos ] && echo 'key Escape' # the piece deselected
		printf 'play-by-clicks 6\nwait-turn\n'
		[ $game = geominos ] && hovers 2
		[ $game = hegemino ] && for k in 0 1 2 3; do printf 'hover-target %d\nexpect-tooltip-inside\n' $k; done
		echo quit
	} >"$tmp/$game.txt"
	gui_frames "$game" --seed 2 --agent-delay 0 --size 1280x800 --script "$tmp/$game.txt"
	check "$game: every tooltip beside its ghost" test "$?" = 0
done
check "the Geominos screenshot was written" test -s "$tmp/gui-geominos-tooltip.png"
pick=$(grep '(pick:1)' "$tmp/text-hegemino-0" | head -1)
check "a Hegemino pick's tooltip says which domino in words (${pick:-none})" \
	bash -c "grep -q '^text: .*[0-6]-[0-6].* (pick:1)\$' '$tmp/text-hegemino-0'"
check "a pick's tooltip has no +0" bash -c "! grep -q '+0' '$tmp/text-hegemino-0'"
[ -n "${BONES_SCREENSHOTS:-}" ] && cp "$tmp/gui-geominos-tooltip.png" "$BONES_SCREENSHOTS/"
[ $fails = 0 ] && echo "test_gui_tooltip: all passed"
exit $((fails > 0))
