#!/bin/bash
# The GUI's hint under Xvfb: ask the mcts hint agent (Hint button, then the H key), check
# that the suggestion is shown and printed, then play it by clicking its spot.
# Usage: test_gui_hint.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
. "$(dirname "$0")/gui_common.sh"

cat > "$tmp/hint.txt" <<SCRIPT
start holomino
wait-turn
click-button hint
expect-hint
screenshot $tmp/hint.png
click-hint
wait-turn
# the H key, pressed twice: a press while a hint thinks is refused (a toast)
key h
key h
expect-hint
click-hint
wait-turn
save $tmp/hinted.rec
expect-history 4
quit
SCRIPT

BONES_PLUGIN_PATH="$build/lib/bones/plugins" timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" \
	"$gui" --seed 5 --agent-delay 0 --size 1100x700 --script "$tmp/hint.txt" \
	> "$tmp/out.txt" 2> "$tmp/err.txt"
rc=$?
cat "$tmp/out.txt"
sed 's/^/stderr: /' "$tmp/err.txt" | grep -v "^stderr: $" | head -20
check "bones-gui ran the hint script and exited 0" test "$rc" = 0

mapfile -t hints < <(sed -n 's/^hint: //p' "$tmp/out.txt")
mapfile -t mine < <(sed -n 's/^move [0-9]*: player 1: //p' "$tmp/out.txt")
check "two hints were shown (${hints[*]:-none})" test "${#hints[@]}" = 2
check "each hint is a placement in move notation" \
	bash -c "printf '%s\n' ${hints[*]:-x} | grep -Evq '^[0-9]{3}@-?[0-9]+,-?[0-9]+\$' && exit 1 || exit 0"
check "clicking the first hint played it (${mine[0]:-none})" test "${hints[0]:-a}" = "${mine[0]:-b}"
check "clicking the second hint played it (${mine[1]:-none})" test "${hints[1]:-a}" = "${mine[1]:-b}"
check "the record has the hinted moves" grep -Eq "p1 ${hints[1]:-none}( ;|\$)" "$tmp/hinted.rec"
if [ -x "$build/bin/bones" ]; then
	check "bones replay accepts the record (the hints were legal)" \
		bash -c "\"$build/bin/bones\" replay \"$tmp/hinted.rec\" > /dev/null"
fi
exit $((fails > 0))
