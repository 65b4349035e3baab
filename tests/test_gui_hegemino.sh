#!/bin/bash
# Hegemino in the window under Xvfb, against greedy: the last move of both players is
# marked (the host draws it from the history: the plugin marks none) in play, at game
# over and in the replay; the tooltip of a hovered spot lies inside the window and off
# the spot, from the first round to the last; a record opened and played on keeps
# greedy in its seat; closing the window saves the game; Geominos lists a selected
# piece's spots the least cost first; screenshots at the start, the middle and the end.
# Usage: test_gui_hegemino.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
. "$(dirname "$0")/gui_common.sh"

cat > "$tmp/heg.txt" <<SCRIPT
seats human greedy
start hegemino
wait-turn
hover-target 0
expect-tooltip-inside
screenshot $tmp/start.png
play-by-clicks 7
wait-turn
expect-last-marked 2
hover-target 0
expect-tooltip-inside
hover-target 1
expect-tooltip-inside
screenshot $tmp/middle.png
save $tmp/middle.bones
save $tmp/middle-copy.bones
play-by-clicks 6
wait-turn
hover-target 0
expect-tooltip-inside
play-by-clicks
wait-turn
expect-last-marked 2
screenshot $tmp/over.png
save $tmp/over.bones
open $tmp/middle.bones
expect-last-marked 2
click-button play
play-by-clicks 3
wait-turn
save $tmp/on.bones
quit
SCRIPT

BONES_PLUGIN_PATH="$build/lib/bones/plugins" timeout 300 xvfb-run -a -s "-screen 0 1280x800x24" \
	"$gui" --seed 7 --agent-delay 0 --size 1280x800 --script "$tmp/heg.txt" \
	> "$tmp/out.txt" 2> "$tmp/err.txt"
rc=$?
sed 's/^/stderr: /' "$tmp/err.txt" | grep -v "^stderr: $" | head -20
check "bones-gui ran the Hegemino script and exited 0" test "$rc" = 0
check "the screenshots were written" test -s "$tmp/start.png" -a -s "$tmp/middle.png" -a -s "$tmp/over.png"
check "the game ended" grep -q '^\[Result "ranks' "$tmp/over.bones"
mid=$(grep -c '^[0-9]*\. p2 ' "$tmp/middle-copy.bones")
on=$(grep -c '^[0-9]*\. p2 ' "$tmp/on.bones")
check "greedy played on in the record opened ($mid moves, then $on)" test "$on" -gt "$mid"
check "the unfinished record opened was played on in its own file" \
	cmp -s <(grep -v '^\[Date ' "$tmp/on.bones") <(grep -v '^\[Date ' "$tmp/middle.bones")
check "greedy kept its seat after the record was opened" grep -q '^\[Player2 "Player 2 (greedy)"\]' "$tmp/on.bones"
if [ -x "$build/bin/bones" ]; then
	check "bones replay accepts the records" \
		bash -c "\"$build/bin/bones\" replay \"$tmp/over.bones\" >/dev/null && \"$build/bin/bones\" replay \"$tmp/on.bones\" >/dev/null"
fi
# closing the window mid-game saves it in the records folder, to be resumed
cat > "$tmp/close.txt" <<SCRIPT
seats human greedy
start hegemino
wait-turn
play-by-clicks 3
wait-turn
close
SCRIPT
XDG_DATA_HOME=$tmp/xdg BONES_PLUGIN_PATH="$build/lib/bones/plugins" timeout 120 \
	xvfb-run -a -s "-screen 0 1280x800x24" "$gui" --seed 8 --agent-delay 0 \
	--script "$tmp/close.txt" > "$tmp/close.out" 2>&1
check "closing the window exits 0" test "$?" = 0
saved=$(ls "$tmp"/xdg/bones/records/*.bones 2>/dev/null | head -1)
check "closing the window saved the game (${saved:-none})" test -n "$saved"
check "the game saved on closing is unfinished" grep -q '^\[Result "\*"\]' "${saved:-/none}"
check "no temporary file is left" test "$(ls -A "$tmp"/xdg/bones/records | wc -l)" = 1
if [ -x "$build/bin/bones" ] && [ -n "$saved" ]; then
	printf 'quit\n' | XDG_DATA_HOME=$tmp/xdg BONES_PLUGIN_PATH="$build/lib/bones/plugins" \
		"$build/bin/bones" play --resume > "$tmp/resume.out" 2>&1
	check "bones play --resume offers it, greedy in its seat" \
		grep -q "seat 2: Player 2 (greedy)" "$tmp/resume.out"
fi
# the window's start screen offers it too: Resume saved game, then play on
before=$(grep -c '^[0-9]*\. p2 ' "${saved:-/none}") # it is played on in its own file
cat > "$tmp/resume.txt" <<SCRIPT
click-button resume-saved
click-button play
play-by-clicks 3
wait-turn
save $tmp/resumed.bones
quit
SCRIPT
XDG_DATA_HOME=$tmp/xdg BONES_PLUGIN_PATH="$build/lib/bones/plugins" timeout 120 \
	xvfb-run -a -s "-screen 0 1280x800x24" "$gui" --agent-delay 0 \
	--script "$tmp/resume.txt" > "$tmp/resumed.out" 2>&1
check "the start screen resumed the saved game" test -s "$tmp/resumed.bones"
after=$(grep -c '^[0-9]*\. p2 ' "$tmp/resumed.bones" 2>/dev/null)
check "greedy played on in the game resumed from the start screen ($before, then ${after:-0})" \
	test "${after:-0}" -gt "${before:-0}"
# Geominos' cost overview: a selected piece's spots in the panel, the least cost first
cat > "$tmp/geo.txt" <<SCRIPT
seats human greedy
start geominos
wait-turn
click-hand 2
print-text
key l
print-text
quit
SCRIPT
BONES_PLUGIN_PATH="$build/lib/bones/plugins" timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" \
	"$gui" --seed 3 --agent-delay 0 --script "$tmp/geo.txt" > "$tmp/geo.out" 2>&1
check "Geominos lists the selected piece's spots" grep -q '^text: [0-9]* spots, best first' "$tmp/geo.out"
costs=$(sed -n 's/^text: .*@[0-9]*,[0-9]*   \(costs \|+\)\([0-9]*\)$/\2/p' "$tmp/geo.out" | head -9 | tr '\n' ' ')
check "the spots are listed the least cost first ($costs)" \
	bash -c "printf '%s\n' $costs | sort -n -c"
check "L hides the list" test "$(grep -c '^text: [0-9]* spots, best first' "$tmp/geo.out")" = 1
[ -n "${BONES_SCREENSHOTS:-}" ] && cp "$tmp/start.png" "$tmp/middle.png" "$tmp/over.png" "$BONES_SCREENSHOTS/"
exit $((fails > 0))
