#!/bin/bash
# The window's size under Xvfb: with no --size it opens inside a 1366x768 screen (room
# left for a title bar), the size it is left at is kept for the next start, and a kept
# size larger than the screen is made to fit. The board's view moves on its own only when
# the board leaves it: at most 3 times in Holomino's first 20 moves (it was 7 when every
# step past the fitted box refitted it).
# Usage: test_gui_window.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
. "$(dirname "$0")/gui_common.sh"

# png_size FILE: "W H" from the PNG's header
png_size() {
	od -An -tu1 -j16 -N8 "$1" | awk '{ print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'
}
# shot NAME SCRIPT-LINES...: a screenshot at start under a 1366x768 screen, then the lines
shot() {
	local name=$1
	shift
	printf '%s\n' "wait 50" "screenshot $tmp/$name.png" "$@" quit > "$tmp/$name.txt"
	BONES_PLUGIN_PATH="$build/lib/bones/plugins" timeout 60 xvfb-run -a \
		-s "-screen 0 1366x768x24" "$gui" --script "$tmp/$name.txt" \
		> "$tmp/out-$name.txt" 2> "$tmp/err-$name.txt"
	local rc=$?
	sed 's/^/stderr: /' "$tmp/err-$name.txt" | grep -v "^stderr: $" | head -10
	return $rc
}
kept=$XDG_DATA_HOME/bones/window-size

shot first "resize 1000 600" "wait 100"
check "bones-gui started with no size and exited 0" test "$?" = 0
read -r w h < <(png_size "$tmp/first.png")
check "the default window fits a 1366x768 screen with its title bar (${w}x$h)" \
	test "${w:-9999}" -le 1366 -a "${h:-9999}" -le 720 -a "${w:-0}" -ge 1000 -a "${h:-0}" -ge 600
check "the size the window was left at is kept ($(cat "$kept" 2>/dev/null))" grep -qx 1000x600 "$kept"

shot second
read -r w h < <(png_size "$tmp/second.png")
check "the next start opens at the size kept (${w}x$h)" test "$w $h" = "1000 600"

echo 3000x2000 > "$kept"
shot third
read -r w h < <(png_size "$tmp/third.png")
check "a kept size larger than the screen is made to fit (${w}x$h)" \
	test "${w:-9999}" -le 1366 -a "${h:-9999}" -le 720
cat > "$tmp/refit.txt" <<SCRIPT
seats human greedy
start holomino
wait-turn
play-by-clicks 10
wait-turn
print-refits
expect-board-whole
quit
SCRIPT
BONES_PLUGIN_PATH="$build/lib/bones/plugins" timeout 120 xvfb-run -a -s "-screen 0 1366x768x24" \
	"$gui" --seed 5 --agent-delay 0 --size 1280x708 --script "$tmp/refit.txt" > "$tmp/refit.out" 2>&1
check "the Holomino script ran and the board is whole in view" test "$?" = 0
refits=$(sed -n 's/^refits: //p' "$tmp/refit.out")
check "Holomino's view moved on its own at most 3 times in 20 moves (${refits:-none})" \
	test "${refits:-99}" -le 3
exit $((fails > 0))
