#!/bin/bash
# `bones tourney` killed with kill -9 twice and stopped with SIGTERM (as Ctrl-C) mid-run,
# then resumed: every game is played exactly once and the results equal those of an
# uninterrupted run. The kills come from an engine fixture at fixed points of the run,
# so the test does not depend on the machine's speed. $1 build, $2 source.
set -u
build=$1 src=$2
bones=$build/bin/bones
tmp=$(mktemp -d)
pid=
trap 'kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT
export BONES_PLUGIN_PATH=
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# 5 players, 10 pairs x 6 rounds x (2 dominoes + 1 holomino + 1 geominos) = 240 games;
# the killer plays 96 of them and forfeits each at its first move
cat >"$tmp/t.ini" <<INI
[tourney]
name = resume
rounds = 6
seed = 99
concurrency = 2
[game.dom]
plugin = dominoes
count = 2
[game.holo]
plugin = holomino
[game.geo]
plugin = geominos
[player.a]
agent = random
[player.b]
agent = greedy
[player.c]
agent = random
[player.killer]
engine = sh "$src/tests/fixtures/tourney/killer.sh"
[player.d]
agent = greedy epsilon=0.2
INI
total=240
stored() { # stored DIR: distinct games in DIR/results.db
	rm -rf "$1/rep" && mkdir -p "$1/rep" &&
	"$bones" tourney --report "$1/results.db" --quiet --output "$1/rep" >/dev/null 2>&1 &&
	awk -F, 'NR > 1 { print $2, $3 }' "$1/rep/games.csv" | sort -u | wc -l || echo 0
}

"$bones" tourney "$tmp/t.ini" --output "$tmp/ref" --quiet || fail "the uninterrupted run exited $?"
[ "$(($(wc -l <"$tmp/ref/games.csv") - 1))" = $((total * 2)) ] ||
	fail "the uninterrupted run stored $(wc -l <"$tmp/ref/games.csv") lines, not $((total * 2 + 1))"

export KILL_COUNT=$tmp/count KILL_PID_FILE=$tmp/pid KILL_AT="12 40 70"
before=0
for attempt in 1 2 3; do
	flag=; [ $attempt -gt 1 ] && flag=--resume
	[ $attempt = 3 ] && export KILL_SIGNAL=TERM
	# not --quiet: the live pair lines count the games this run has stored
	"$bones" tourney "$tmp/t.ini" --output "$tmp/run" $flag >/dev/null 2>"$tmp/err" &
	pid=$!
	echo $pid >"$tmp/pid"
	wait $pid
	status=$?
	n=$(stored "$tmp/run")
	case $attempt in
	1 | 2) [ $status = 137 ] || fail "kill $attempt: status $status, not 137 (killed)" ;;
	3) [ $status = 130 ] || fail "stop: status $status, not 130"
	   grep -q -- "--resume" "$tmp/err" || fail "stop: no hint to --resume: $(cat "$tmp/err")" ;;
	esac
	[ "$n" -gt "$before" ] && [ "$n" -lt $total ] ||
		fail "attempt $attempt: $n games stored (before: $before, of $total)"
	# a game is reported only once stored: the pair lines printed before the kill
	# (each pair's largest game count) never tell of more games than the file holds
	acked=$(awk '/^Score of / { for (i = 1; i < NF; i++) if ($i ~ /^\[/ && $(i + 1) > m[$3 $5])
		m[$3 $5] = $(i + 1) } END { for (k in m) s += m[k]; print s + 0 }' "$tmp/err")
	[ "$acked" -le $((n - before)) ] ||
		fail "attempt $attempt: the pair lines told of $acked games, $((n - before)) stored"
	before=$n; echo "attempt $attempt: status $status, stored $n, reported $acked, count $(wc -l <$tmp/count)" >&2
done
unset KILL_COUNT
"$bones" tourney "$tmp/t.ini" --output "$tmp/run" --quiet --resume || fail "the resumed run exited $?"
cmp -s "$tmp/ref/games.csv" "$tmp/run/games.csv" ||
	{ fail "the resumed results differ from the uninterrupted run"; diff "$tmp/ref/games.csv" "$tmp/run/games.csv" | head; }

# without --resume, a file holding games is refused and kept
"$bones" tourney "$tmp/t.ini" --output "$tmp/run" --quiet 2>"$tmp/again.err" &&
	fail "a second run without --resume was accepted"
grep -q "already holds $total games" "$tmp/again.err" || fail "no 'already holds': $(cat "$tmp/again.err")"

[ $failures = 0 ] && echo "tourney resume: all passed"
exit $((failures > 0))
