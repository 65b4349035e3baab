#!/bin/bash
# A game without "bones.render/1" plays in the window from its text view, under Xvfb:
# the test plugin testgame.so (count to 10) is started, its text view is the board and
# every move is a button; play-by-clicks plays the whole game by clicks, and bones render
# draws its end. BONES_KEEP_SHOTS=DIR keeps the pictures.
# Usage: test_gui_text_board.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
. "$(dirname "$0")/gui_common.sh"

plugins="$tmp/plugins"
mkdir -p "$plugins"
cp "$build/tests/plugins/testgame.so" "$plugins/"
cat > "$tmp/text.txt" <<SCRIPT
seats human human
start testgame
print-text
play-by-clicks
screenshot $tmp/over.png
save $tmp/count.rec
quit
SCRIPT
BONES_PLUGIN_PATH="$plugins" timeout 120 xvfb-run -a -s "-screen 0 1024x768x24" \
	"$gui" --seed 3 --agent-delay 0 --size 900x600 --script "$tmp/text.txt" \
	> "$tmp/out.txt" 2> "$tmp/err.txt"
rc=$?
sed 's/^/stderr: /' "$tmp/err.txt" | grep -v "^stderr: $" | head -20
clicked=$(awk '/^played [0-9]+ moves by clicks$/ { n += $2 } END { print n + 0 }' "$tmp/out.txt")
moved=$(grep -c '^move [0-9]*: player [0-9]*: ' "$tmp/out.txt")
check "bones-gui played the game without a renderer and exited 0" test "$rc" = 0
check "the moves are buttons labelled with their notation" grep -qx 'text: +1' "$tmp/out.txt"
check "the game ended" grep -q '^game over:' "$tmp/out.txt"
check "every move was a click (${clicked:-0} clicked of $moved)" \
	test "${clicked:-0}" = "$moved" -a "$moved" -gt 0
check "the screenshot was written" test -s "$tmp/over.png"
[ -n "${BONES_KEEP_SHOTS:-}" ] && cp "$tmp/over.png" "$BONES_KEEP_SHOTS/gui_text_board.png"
check "bones replay accepts the record" \
	bash -c "BONES_PLUGIN_PATH='$plugins' '$build/bin/bones' replay '$tmp/count.rec' > /dev/null"
check "bones render draws the record's end from the text view" \
	bash -c "BONES_PLUGIN_PATH='$plugins' '$build/bin/bones' render '$tmp/count.rec' --png '$tmp/end.png' &&
		 test -s '$tmp/end.png'"
[ -n "${BONES_KEEP_SHOTS:-}" ] && cp "$tmp/end.png" "$BONES_KEEP_SHOTS/render_text_board.png"
exit $((fails > 0))
