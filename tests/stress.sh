#!/bin/sh
# `make stress`: the tests that touch time (a ctest -R pattern), RUNS times over, beside
# LOAD busy processes, which are killed however this ends (a failure, Ctrl-C, a kill).
# Usage: stress.sh BUILD_DIR RUNS LOAD PATTERN
set -u
build=$1 runs=$2 load=$3
pattern=$(printf '%s' "$4" | tr -d ' \t') # make's line continuations leave blanks
busy=
stop() {
	[ -n "$busy" ] && kill $busy 2>/dev/null
	busy=
}
trap stop EXIT
trap 'stop; exit 130' INT TERM HUP
i=0
while [ "$i" -lt "$load" ]; do
	sh -c 'while :; do :; done' &
	busy="$busy $!"
	i=$((i + 1))
done
echo "stress: $runs runs of '$pattern' beside $load busy processes ($busy)"
cd "$build" || exit 1
ctest -R "$pattern" --output-on-failure --repeat until-fail:"$runs" -j 2
rc=$?
[ $rc = 0 ] && echo "stress: passed $runs times" || echo "stress: FAILED (status $rc)"
exit $rc
