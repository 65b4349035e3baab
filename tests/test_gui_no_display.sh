#!/bin/bash
# Without a display, bones-gui exits at once with status 1 and a message naming the
# missing display (SDL would otherwise run its offscreen driver, unseen, for ever); and
# `bones start` then chooses the terminal UI. Usage: test_gui_no_display.sh BUILD SOURCE
set -u
gui=$1/bin/bones-gui
if [ ! -x "$gui" ]; then
	echo "SKIP: $gui is not built (SDL2 was not found)"
	exit 77
fi
out=$(env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER timeout 10 "$gui" holomino 2>&1)
rc=$?
fail=0
[ $rc = 1 ] || { echo "FAIL: bones-gui without a display exited $rc (124: it ran on)"; fail=1; }
echo "$out" | grep -q "no display: neither DISPLAY (X11) nor WAYLAND_DISPLAY is set" ||
	{ echo "FAIL: no clear message: $out"; fail=1; }
# an argument error comes first: a game number too large is refused, never clamped
out=$(env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER timeout 10 "$gui" holomino \
	--game 99999999999999999999 2>&1)
rc=$?
[ $rc = 2 ] && echo "$out" | grep -qF -- "--game 99999999999999999999: the number is too large" ||
	{ echo "FAIL: --game 99999999999999999999: status $rc: $out"; fail=1; }
start=$(echo quit | env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER timeout 20 \
	"$1/bin/bones" start 2>&1)
echo "$start" | grep -q "Holomino" || { echo "FAIL: bones start chose no terminal game: $start"; fail=1; }
[ $fail = 0 ] && echo "gui no display: 1 passed, 0 failed" || echo "gui no display: 0 passed, 1 failed"
exit $fail
