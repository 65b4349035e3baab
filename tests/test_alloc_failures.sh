#!/usr/bin/env bash
# Allocation failures, in the way SQLite tests itself: for every N, the Nth allocation
# of a run fails (tests/failmalloc, LD_PRELOAD) along a replay, an engine session and a
# small tournament. Every run must end cleanly: no crash, and either the same result as
# without failures or a message that says "out of memory" with a non-zero status where
# work was lost; a tournament's results file never holds a partial game, and --resume
# then finishes it with the very results of an undisturbed run.
# Usage: test_alloc_failures.sh BUILD_DIR SOURCE_DIR. Skipped (77) in sanitizer builds.
set -u
build=$(cd "$1" && pwd) || exit 2
B=$build/bin/bones
L=$build/tests/libfailmalloc.so
if [ ! -f "$L" ]; then
	echo "SKIP: no $L (the sanitizer build has its own allocator)"
	exit 77
fi
if ! command -v python3 >/dev/null; then
	echo "SKIP: python3 is needed to read the results files"
	exit 77
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/bones-oom.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 2
export BONES_PLUGIN_PATH= BONES_DATA_PATH=
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
oom_said() { grep -qiE "out of memory|cannot allocate memory" "$@"; }
calls() { BONES_ALLOC_COUNT=$T/count LD_PRELOAD=$L "$@" >/dev/null 2>&1 </dev/null; cat "$T/count"; }
# run N CMD...: CMD with the Nth allocation failing; out, err, rc
run() {
	local n=$1; shift
	BONES_FAIL_ALLOC=$n LD_PRELOAD=$L timeout 20 "$@" >"$T/out" 2>"$T/err" <"${INPUT:-/dev/null}"
	rc=$?
	[ $rc -lt 124 ] || { fail "$* with allocation $n failing: status $rc (a crash or a hang)"; return 1; }
}

# 1. replay: the same output, or "out of memory" and status 1
"$B" play holomino --seat 1=greedy --seat 2=greedy --seed 5 --save "$T/h.bones" >/dev/null 2>&1
"$B" replay "$T/h.bones" >"$T/ref" 2>&1 || fail "the reference replay failed"
total=$(calls "$B" replay "$T/h.bones")
for n in $(seq 1 $((total + 5))); do
	run "$n" "$B" replay "$T/h.bones" || continue
	if [ $rc = 0 ]; then
		cmp -s "$T/out" "$T/ref" || oom_said "$T/out" ||
			fail "replay, allocation $n failing: status 0 but another output"
	else
		oom_said "$T/err" || fail "replay, allocation $n failing: $(head -c 200 "$T/err")"
	fi
done
echo "replay: $total allocations, each failed once"

# 2. an engine session: one reply per command still; the first reply that differs
# from an undisturbed session says out of memory
{ echo "new dominoes seed=3"; for i in $(seq 14); do echo roll; done
  printf 'tomove\ngenmove\nlegal\nshow\nscores\nrecord\nquit\n'; } >"$T/eng.in"
INPUT=$T/eng.in
"$B" engine --agent greedy <"$T/eng.in" >"$T/eng.ref"
total=$(INPUT=$T/eng.in; calls "$B" engine --agent greedy)
for n in $(seq 1 $((total + 5))); do
	run "$n" "$B" engine --agent greedy || continue
	first=$(diff "$T/out" "$T/eng.ref" | grep -m1 '^<')
	[ -z "$first" ] || echo "$first" | oom_said ||
		fail "engine, allocation $n failing: first different reply '$first'"
done
unset INPUT
echo "engine: $total allocations, each failed once"

# 3. a small tournament: whole games or none; --resume completes it exactly
cat >"$T/t.ini" <<INI
[tourney]
name = oom
rounds = 2
seed = 4
pictures = 0
output = $T/ref-out
[game.dom]
plugin = dominoes
[player.a]
agent = random
[player.b]
agent = greedy
INI
"$B" tourney "$T/t.ini" --quiet >/dev/null 2>&1 || fail "the reference tournament failed"
total=$(calls "$B" tourney "$T/t.ini" --output "$T/count-out" --quiet)
mkdir -p "$T/dbs"
for n in $(seq 1 $((total + 5))); do
	rm -rf "$T/o"
	run "$n" "$B" tourney "$T/t.ini" --output "$T/o" --quiet || continue
	if [ $rc != 0 ] && ! oom_said "$T/err"; then
		fail "tourney, allocation $n failing: status $rc: $(head -c 200 "$T/err")"
	fi
	[ -f "$T/o/results.db" ] && cp "$T/o/results.db" "$T/dbs/$n.db"
	if [ $rc = 0 ]; then
		cmp -s "$T/o/games.csv" "$T/ref-out/games.csv" ||
			fail "tourney, allocation $n failing: status 0 but other results"
	elif [ $((n % 7)) = 0 ] || [ $n -lt 40 ]; then
		"$B" tourney "$T/t.ini" --output "$T/o" --resume --quiet >/dev/null 2>&1 &&
			cmp -s "$T/o/games.csv" "$T/ref-out/games.csv" ||
			fail "tourney, allocation $n failing: --resume did not complete the same results"
	fi
done
# every results file left behind holds whole games only: record, chance and each seat
python3 - "$T"/dbs/*.db <<'PY' || fail "tourney: a partial game was stored"
import sqlite3, sys
bad = []
for path in sys.argv[1:]:
    c = sqlite3.connect(path)
    tables = {r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not {"game", "seat"} <= tables:
        continue
    n = c.execute("""SELECT count(*) FROM game g WHERE g.record IS NULL OR g.record = ''
        OR g.chance IS NULL OR g.seats != (SELECT count(*) FROM seat s WHERE
        s.tourney = g.tourney AND s.round = g.round AND s.slot = g.slot)""").fetchone()[0]
    if n:
        bad.append(path)
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
echo "tourney: $total allocations, each failed once"
echo "alloc failures: $((failures == 0 ? 1 : 0)) passed, $((failures > 0 ? 1 : 0)) failed"
exit $((failures > 0))
