#!/bin/bash
# The GUI driven by a --script of synthesised clicks under Xvfb: start Holomino from the
# start screen, place a tile by clicking a hand piece and a highlighted target, let the
# agent reply, save, undo, switch game; then check the records and the screenshot.
# Usage: test_gui_script.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
. "$(dirname "$0")/gui_common.sh"

cat > "$tmp/play.txt" <<SCRIPT
# the start screen: pick the Holomino plugin entry and start it
click-entry holomino
click-button start
wait-turn
click-hand 0
hover-target 0
screenshot $tmp/hover.png
click-target 0
wait-turn
save $tmp/placed.rec
key u
wait 50
save $tmp/undone.rec
expect-history 0
# redo brings back the placement and the same reply (the Redo button, then Ctrl+Y finds
# nothing more), undo again
click-button redo
expect-history 2
save $tmp/redone.rec
key u
expect-history 0
# the replay viewer on the saved record: end, one back, first, then play on after move 1
open $tmp/placed.rec
expect-replay 2
key Left
expect-replay 1
key Home
expect-replay 0
key Right
key Return
# the agent of seat 2 (kept from the game before) replies
wait-turn
expect-history 2
# switch game from inside the window: the menu, then dominoes
key m
click-entry dominoes
click-button start
wait-turn
quit
SCRIPT

BONES_PLUGIN_PATH="$build/lib/bones/plugins" timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" \
	"$gui" --seed 3 --agent-delay 0 --size 1100x700 --script "$tmp/play.txt" \
	> "$tmp/out.txt" 2> "$tmp/err.txt"
rc=$?
cat "$tmp/out.txt"
sed 's/^/stderr: /' "$tmp/err.txt" | grep -v "^stderr: $" | head -20
check "bones-gui ran the script and exited 0" test "$rc" = 0

placed=$(sed -n 's/^move [0-9]*: player 1: //p' "$tmp/out.txt" | head -1)
check "a tile was placed by clicks ($placed)" grep -Eq '^[0-9]{3}@-?[0-9]+,-?[0-9]+' <<< "$placed"
check "the record has player 1's placement" grep -q "p1 $placed\$" "$tmp/placed.rec"
check "the record has the agent's reply" grep -Eq '^[0-9]+\. p2 [0-9]{3}@' "$tmp/placed.rec"
check "undo took back the placement and the reply" bash -c "! grep -q ' p[12] ' '$tmp/undone.rec'"
check "redo restored the placement and the reply, draws included" \
	bash -c "diff <(grep -v '^\\[Date' '$tmp/placed.rec') <(grep -v '^\\[Date' '$tmp/redone.rec')"
check "the record names the game" grep -q '^\[Game "holomino"\]' "$tmp/placed.rec"
check "the replay viewer stepped and played on (script expectations held)" \
	bash -c "! grep -q 'is not at that move\|does not have that many' '$tmp/err.txt'"
check "switching to dominoes started it" grep -q '^started Dominoes' "$tmp/out.txt"
if [ -x "$build/bin/bones" ]; then
	check "bones replay accepts the record" bash -c "\"$build/bin/bones\" replay \"$tmp/placed.rec\" > /dev/null"
fi
# PNG header: width and height are big-endian at bytes 16..23.
size=$(od -An -tu1 -j16 -N8 "$tmp/hover.png" 2>/dev/null | tr -s ' ')
check "the screenshot is a 1100x700 PNG" test "$size" = " 0 0 4 76 0 0 2 188"
exit $((fails > 0))
