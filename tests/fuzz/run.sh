#!/bin/sh
# Run libFuzzer targets: run.sh BUILD SECONDS TARGET... Each works on a copy of its seed
# corpus (tests/fuzz/corpus/NAME, NAME the target without "fuzz_") in BUILD/corpus and
# writes any crashing input to BUILD/crashes. Prints executions per target; exits 1
# when a target found a crash.
build=$1 seconds=$2
shift 2
src=$(dirname "$0")
status=0
mkdir -p "$build/crashes"
for t in "$@"; do
	name=${t#fuzz_}
	mkdir -p "$build/corpus/$name"
	cp "$src/corpus/$name"/* "$build/corpus/$name"/ 2>/dev/null
	"$build/fuzz/$t" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
		-artifact_prefix="$build/crashes/$name-" "$build/corpus/$name" \
		>"$build/$t.log" 2>&1
	rc=$?
	runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$build/$t.log" | tail -n 1)
	if [ $rc -ne 0 ]; then
		echo "$t: CRASH after ${runs:-?} runs (see $build/$t.log, $build/crashes)"
		tail -n 25 "$build/$t.log"
		status=1
	else
		echo "$t: ${runs:-?} runs in ${seconds} s, no crash"
	fi
done
exit $status
