#!/bin/bash
# All Fives in the window from the board kit (bones.kit.line/1), under Xvfb: its line,
# spinner and hands drawn by the host, its tiles played by clicks on a hand piece and an
# open end of the line (no button but for draw and pass), the whole game by clicks.
# BONES_KEEP_SHOTS=DIR keeps the pictures. Usage: test_gui_allfives.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
. "$(dirname "$0")/gui_common.sh"

cat > "$tmp/af.txt" <<SCRIPT
seats human human
start allfives
play-by-clicks 9
screenshot $tmp/mid.png
play-by-clicks
screenshot $tmp/over.png
save $tmp/af.rec
quit
SCRIPT
BONES_PLUGIN_PATH="$build/lib/bones/plugins" timeout 300 xvfb-run -a \
	-s "-screen 0 1024x768x24" "$gui" --seed 5 --agent-delay 0 --size 900x640 \
	--script "$tmp/af.txt" > "$tmp/out.txt" 2> "$tmp/err.txt"
rc=$?
sed 's/^/stderr: /' "$tmp/err.txt" | grep -v "^stderr: $" | head -20
clicked=$(awk '/^played [0-9]+ moves by clicks$/ { n += $2 } END { print n + 0 }' "$tmp/out.txt")
moved=$(grep -c '^move [0-9]*: player [0-9]*: ' "$tmp/out.txt")
laid=$(grep -cE '^move [0-9]*: player [0-9]*: [0-6]-[0-6](:[LRUD])?( |$)' "$tmp/out.txt")
check "bones-gui played All Fives and exited 0" test "$rc" = 0
check "the game ended" grep -q '^game over:' "$tmp/out.txt"
check "every move was a click (${clicked:-0} clicked of $moved)" \
	test "${clicked:-0}" = "$moved" -a "$moved" -gt 0
check "tiles were laid on the line by clicks ($laid)" test "$laid" -ge 5
check "the screenshots were written" test -s "$tmp/mid.png" -a -s "$tmp/over.png"
if [ -n "${BONES_KEEP_SHOTS:-}" ]; then
	cp "$tmp/mid.png" "$BONES_KEEP_SHOTS/gui_allfives.png"
	cp "$tmp/over.png" "$BONES_KEEP_SHOTS/gui_allfives_over.png"
fi
check "bones replay accepts the record" \
	bash -c "'$build/bin/bones' replay '$tmp/af.rec' > /dev/null"
exit $((fails > 0))
