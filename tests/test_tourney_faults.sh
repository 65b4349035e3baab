#!/bin/bash
# A plugin that crashes or hangs costs its game, not the tournament (tests/plugins:
# crasher aborts, hanger loops at a total of 8): every game of the schedule is stored,
# dominoes' as played, the others as faults naming the plugin; the run exits 4 and
# --resume finishes at once; SIGTERM stops a run whose plugin hangs; running out of file
# descriptors is the host's failure, no engine's forfeit. The hang limit is
# 300 ms, so no step waits longer than that. $1 build, $2 source.
set -u
build=$1
bones=$build/bin/bones
tmp=$(mktemp -d)
pid=
trap 'kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT
export BONES_PLUGIN_PATH=$build/tests/plugins LANGUAGE=en LC_ALL=C
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

cat >"$tmp/t.ini" <<INI
[tourney]
name = faults
rounds = 4
seed = 5
concurrency = 2
hang_time = 300ms
[game.crash]
plugin = crasher
[game.hang]
plugin = hanger
[game.dom]
plugin = dominoes
[player.a]
agent = random
[player.b]
agent = greedy
INI
"$bones" tourney "$tmp/t.ini" --output "$tmp/out" --quiet >/dev/null 2>"$tmp/err"
status=$?
csv=$tmp/out/games.csv
rows() { grep -c "$1" "$csv"; } # two rows (seats) a game
if [ $status = 4 ] && grep -q "^bones tourney: 8 games ended by a fault of their plugin" "$tmp/err"; then
	ok "the run ends with status 4 and counts the faults"
else fail "status $status: $(cat "$tmp/err")"; fi
if [ "$(rows '^faults,[0-9],[0-9],dom,')" = 8 ] && ! grep -q ',dom,.*plugin fault' "$csv" &&
   [ "$(grep -c . "$tmp/out/games.bones" 2>/dev/null)" -gt 0 ]; then
	ok "every dominoes game is stored as played"
else fail "dominoes games: $(cat "$csv")"; fi
if [ "$(rows ",crash,.*,plugin fault: plugin 'crasher' crashed with signal 6 (Aborted) after move [0-9]*$")" = 8 ]; then
	ok "every crashed game names the plugin and its signal"
else fail "crashed games: $(grep ,crash, "$csv")"; fi
if [ "$(rows ",hang,.*,plugin fault: plugin 'hanger': no move for 0.3 s after move [0-9]*: stopped$")" = 8 ]; then
	ok "every hung game ends at its limit, naming the plugin"
else fail "hung games: $(grep ,hang, "$csv")"; fi
if ! grep -q "seat [0-9] (" "$csv" && [ "$(awk -F, '$NF ~ /plugin fault/ && $11 != 1' "$csv")" = "" ]; then
	ok "a fault is no seat's forfeit: every seat ranks first"
else fail "forfeits: $(cat "$csv")"; fi

cp "$csv" "$tmp/first.csv"
"$bones" tourney "$tmp/t.ini" --output "$tmp/out" --resume --quiet >/dev/null 2>"$tmp/err2"
status=$?
if [ $status = 4 ] && cmp -s "$csv" "$tmp/first.csv" && ! grep -q "games played" "$tmp/err2"; then
	ok "--resume finishes at once with the same games"
else fail "resume (status $status): $(cat "$tmp/err2")"; fi

# SIGTERM while the plugin hangs (a limit of a minute): the run stops at once, status
# 130, and no game process is left behind
sed 's/^hang_time = .*/hang_time = 1m/; s/^rounds = 4/rounds = 1/; /^\[game.crash\]/,/^plugin = crasher/d' \
	"$tmp/t.ini" >"$tmp/stop.ini"
"$bones" tourney "$tmp/stop.ini" --output "$tmp/stop" --live --quiet >/dev/null 2>"$tmp/err3" &
pid=$!
# the hanger spins in legal_moves once its total reaches 8: its live record's moves
# (+N, and the chance start =N) add up to that when it hangs
total() {
	awk '!/^[[;]/ { for (i = 1; i <= NF; i++) if ($i ~ /^[+=][0-9]+$/) t += substr($i, 2) }
	     END { print t + 0 }' "$tmp/stop/live/1-1.bones" 2>/dev/null || echo 0
}
for _ in $(seq 400); do
	[ -e "$tmp/stop/live/1-1.bones" ] && [ "$(total)" -ge 8 ] && break
	sleep 0.05
done
kill -TERM $pid
for _ in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
if kill -0 $pid 2>/dev/null; then
	fail "SIGTERM did not stop a run whose plugin hangs"
else
	wait $pid
	status=$?
	if [ $status = 130 ] && grep -q "continue with --resume" "$tmp/err3" &&
	   ! pgrep -f "$tmp/stop.ini" >/dev/null && [ ! -e "$tmp/stop/live/1-1.bones" ]; then
		ok "SIGTERM stops a run whose plugin hangs, its game process and its live record"
	else fail "stopped (status $status): $(cat "$tmp/err3"; pgrep -af "$tmp/stop.ini")"; fi
fi
pid=

# Out of file descriptors (ulimit -n): the host's failure, status 1 and said, never an
# engine's forfeit. The limit where it strikes depends on the descriptors inherited,
# so every limit from 6 to 20 is tried: each run is sound or such a failure.
sed '/^hang_time/d; /^\[game.crash\]/,$d' "$tmp/t.ini" >"$tmp/fd.ini"
cat >>"$tmp/fd.ini" <<INI
[game.dom]
plugin = dominoes
[player.a]
agent = random
[player.eng]
engine = $bones engine --agent random
INI
struck=0
for n in $(seq 6 20); do
	rm -rf "$tmp/fd"
	(ulimit -n $n && exec "$bones" tourney "$tmp/fd.ini" --output "$tmp/fd" --quiet) \
		>/dev/null 2>"$tmp/fd.err"
	status=$?
	if grep -q "seat [0-9] (" "$tmp/fd/games.csv" 2>/dev/null; then
		fail "ulimit -n $n: a forfeit: $(grep "seat [0-9] (" "$tmp/fd/games.csv" | head -2)"
	elif [ $status = 1 ] && grep -q "Too many open files" "$tmp/fd.err"; then
		struck=$((struck + 1))
	elif [ $status != 0 ]; then
		fail "ulimit -n $n: status $status: $(cat "$tmp/fd.err")"
	fi
done
if [ $struck -gt 0 ]; then
	ok "out of descriptors is the host's failure ($struck limits), never a forfeit"
else fail "no limit from 6 to 20 ran out of descriptors"; fi
exit $((failures != 0))
