#!/bin/bash
# The replay's analysis under Xvfb: a few moves of Holomino against the agent, the
# replay, A analyses it in its thread (wait-analysis waits for the result, no clock), one
# verdict per player move is printed; screenshots of the end and of a position where
# the graph, the caption and the preferred move's ghost show (look at them:
# BONES_GUI_SCREENSHOTS=DIR keeps them). Usage: test_gui_analysis.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
. "$(dirname "$0")/gui_common.sh"
shots=${BONES_GUI_SCREENSHOTS:-$tmp}

cat > "$tmp/analysis.txt" <<SCRIPT
start holomino
wait-turn
play-by-clicks 4
wait-turn
key p
expect-replay 8
key a
wait-analysis
screenshot $shots/gui-analysis-end.png
key Home
key Right
key Right
key Right
expect-replay 3
screenshot $shots/gui-analysis-move.png
print-text
quit
SCRIPT

gui_frames analysis --seed 5 --agent-delay 0 --size 1100x700 --script "$tmp/analysis.txt"
rc=$?
out="$tmp/out-analysis.txt"
sed -n '/^analysis/p' "$out"
check "bones-gui analysed the replay and exited 0" test "$rc" = 0
check "the analysis has the 8 player moves" grep -qx "analysis: 8 moves" "$out"
check "each of them has a verdict" test "$(grep -cE '^analysis: move [0-9]+: player [12]: (best|good|inaccuracy|mistake|blunder)$' "$out")" = 8
check "the caption names the next move's verdict" grep -qE "^text: next: P[12] .*: (best|good|inaccuracy|mistake|blunder)" "$out"
check "the screenshots were taken" test -s "$shots/gui-analysis-end.png" -a -s "$shots/gui-analysis-move.png"
exit $((fails > 0))
