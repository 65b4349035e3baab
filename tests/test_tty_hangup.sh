#!/bin/bash
# Closing the terminal mid-game saves it: a Hegemino game under tmux (tests/
# tty_tmux_player.py) is cut off by killing its tmux server after a few moves, so that
# bones gets SIGHUP; the unfinished record must be in the records folder, alone (no
# temporary file), replay, and `bones play --resume` must offer it and play on with the
# agent still in its seat. SIGTERM saves the same way. $1 build, $2 source.
set -u
build=$1 src=$2 plugins=$1/lib/bones/plugins
. "$(dirname "$0")/tty_common.sh"
if ! command -v tmux >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: tmux or python3 is not installed"
	exit 77
fi
records=$XDG_DATA_HOME/bones/records
# the record is written once bones has the signal: wait for that event, not for a time
await_record() {
	for _ in $(seq 2000); do
		ls "$records"/*.bones >/dev/null 2>&1 && ! pgrep -f "^$bones play $1" >/dev/null &&
			return 0
		sleep 0.01
	done
	return 1
}
TERM=xterm python3 "$src/tests/tty_tmux_player.py" --hangup-after 4 80x24 "$tmp/hup.out" \
	"$bones" play hegemino --seed 4 --seat 2=greedy || fail "the scripted player failed"
await_record "hegemino --seed 4" || fail "SIGHUP: no record in the records folder"
ls -A "$records" >"$tmp/files"
[ "$(wc -l <"$tmp/files")" = 1 ] || fail "SIGHUP: not one file in the records folder: $(cat "$tmp/files")"
grep -q '\.bones$' "$tmp/files" || fail "SIGHUP: a temporary file was left: $(cat "$tmp/files")"
rec=$(ls "$records"/*.bones | head -1)
[ "$(tag "$rec" Result)" = "*" ] || fail "SIGHUP: the record is not unfinished"
[ "$(tag "$rec" Player2)" = greedy ] || fail "SIGHUP: seat 2 is not greedy: $(tag "$rec" Player2)"
"$bones" replay "$rec" >"$tmp/replay" 2>&1 || fail "SIGHUP: the record does not replay"
moves=$(grep -c '^[0-9]*\. [^c]' "$rec")
[ "$moves" -ge 3 ] || fail "SIGHUP: only $moves player moves were saved"

# --resume offers it (the only one) and plays on: the agent keeps its seat
printf 'quit\n' | "$bones" play --resume >"$tmp/resume.out" 2>&1 || fail "--resume failed"
expect "$tmp/resume.out" "unfinished games:" "--resume"
expect "$tmp/resume.out" "resuming $rec" "--resume"
expect "$tmp/resume.out" "seat 2: greedy (agent)" "--resume"
[ "$(grep -c '^[0-9]*\. [^c]' "$rec")" -ge "$moves" ] || fail "--resume lost moves"
printf '1\n2\n3\n4\na\nquit\n' | "$bones" play --resume "$rec" >"$tmp/resume2.out" 2>&1 || fail "--resume FILE failed"
[ "$(grep -c '^[0-9]*\. [^c]' "$rec")" -gt "$moves" ] || fail "--resume FILE: the move played on was not saved"
"$bones" play --resume "$tmp/none.bones" >"$tmp/none.out" 2>&1 && fail "--resume of a missing file succeeded"
expect "$tmp/none.out" "none.bones" "--resume of a missing file"

# SIGTERM: the same
rm -f "$records"/*
mkfifo "$tmp/in"
"$bones" play hegemino --seed 6 <"$tmp/in" >"$tmp/term.out" 2>&1 &
pid=$!
exec 3>"$tmp/in" # the input stays open: bones waits at its prompt
wait_for "$tmp/term.out" "your move"
kill -TERM $pid
wait $pid || fail "SIGTERM: bones exited with status $?"
exec 3>&-
ls "$records"/*.bones >/dev/null 2>&1 || fail "SIGTERM: no record in the records folder"
expect "$tmp/term.out" "unfinished game saved to" "SIGTERM"

[ $failures = 0 ] && echo "test_tty_hangup: all passed"
exit $((failures > 0))
