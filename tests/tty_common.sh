# Sourced by the terminal UI tests (test_tty*.sh) once they have set build, src and
# plugins (the folder of the plugins they play). Sets bones, tmp (removed on exit) with a
# private data folder, and failures with:
#   fail MESSAGE          count a failure and say it
#   plain FILE            FILE without colours and carriage returns
#   expect FILE TEXT WHAT FILE (plain) contains TEXT, else a failure showing its end
#   tag FILE NAME         the value of a record's tag
# and, for timed games on an injected clock (export BONES_TEST_CLOCK=$tmp/clock first):
#   set_clock MS          the clock reads MS milliseconds
#   timed OUT ARGS...     `bones play ARGS` on a FIFO (fd 3) at clock 0, output to OUT
#   wait_for FILE TEXT    until the game's output shows TEXT (a failure if it exits first)
#   finish WHAT LINES...  send the lines, close the input, wait for the game
bones=$build/bin/bones
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export BONES_PLUGIN_PATH=$plugins XDG_DATA_HOME=$tmp/xdg BONES_DATA_PATH=
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
plain() { sed 's/\x1b\[[0-9;]*[A-Za-z]//g; s/\r//g' "$1"; }
expect() {
	plain "$1" | grep -qF -- "$2" || { fail "$3: no '$2' in output:"; plain "$1" | tail -15 |
		sed 's/^/    /'; }
}
tag() { sed -n "s/^\[$2 \"\(.*\)\"\]\$/\1/p" "$1"; }
set_clock() { echo "$1" >"$BONES_TEST_CLOCK.new" && mv "$BONES_TEST_CLOCK.new" "$BONES_TEST_CLOCK"; }
wait_for() {
	for _ in $(seq 1200); do
		plain "$1" | grep -qF -- "$2" && return 0
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.05
	done
	plain "$1" | grep -qF -- "$2" || fail "no '$2' in $1: $(plain "$1" | tail -3)"
}
timed() {
	out=$1
	shift
	set_clock 0
	rm -f "$tmp/fifo" && mkfifo "$tmp/fifo"
	"$bones" play "$@" <"$tmp/fifo" >"$out" 2>&1 &
	pid=$!
	exec 3>"$tmp/fifo"
}
finish() {
	what=$1
	shift
	(trap '' PIPE; for l in "$@"; do echo "$l"; done) >&3 2>/dev/null # the game may be over
	exec 3>&-
	wait "$pid" || fail "$what game exited $?"
}
