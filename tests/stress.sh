#!/bin/sh
# `make stress`: the tests that touch time (a ctest -R pattern), RUNS times over, beside
# LOAD busy processes, which are killed however this ends (a failure, Ctrl-C, a kill).
# Usage: stress.sh BUILD_DIR RUNS LOAD PATTERN
set -u
build=$1 runs=$2 load=$3
pattern=$(printf '%s' "$4" | tr -d ' \t') # make's line continuations leave blanks
. "$(dirname "$0")/busy.sh"
start_busy "$load"
echo "stress: $runs runs of '$pattern' beside $load busy processes ($busy)"
cd "$build" || exit 1
ctest -R "$pattern" --output-on-failure --repeat until-fail:"$runs" -j 2
rc=$?
[ $rc = 0 ] && echo "stress: passed $runs times" || echo "stress: FAILED (status $rc)"
exit $rc
