#!/bin/bash
# The window's status line under Xvfb says what to do now: in a Hegemino position where
# Discard is the only move (tests/fixtures/gui/hegemino-discard.bones), it points to the
# button, not to a green spot that is not there.
# Usage: test_gui_status.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
src=${2:?source dir}
. "$(dirname "$0")/gui_common.sh"

cat > "$tmp/discard.txt" <<SCRIPT
open $src/tests/fixtures/gui/hegemino-discard.bones
click-button play
wait-turn
print-text
screenshot $tmp/discard.png
quit
SCRIPT
gui_frames discard --seed 1 --agent-delay 0 --size 1100x700 --script "$tmp/discard.txt"
check "bones-gui ran the Discard script and exited 0" test "$?" = 0
check "Discard is a button" grep -qx 'text: Discard' "$tmp/text-discard-0"
check "the status line points to the button" \
	grep -q '^text: .*nothing to place on the board, use the button below' "$tmp/text-discard-0"
check "the status line offers no green spot" bash -c "! grep -qi 'green spot' '$tmp/text-discard-0'"
[ -n "${BONES_SCREENSHOTS:-}" ] && cp "$tmp/discard.png" "$BONES_SCREENSHOTS/"
exit $((fails > 0))
