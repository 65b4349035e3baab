#!/usr/bin/env bash
# Files that are no files: a device, a FIFO or a folder named as a preset, a record or a
# plugin's data file gets a clear error at once (never a hang), and a local file named
# as a data file is never quoted back (a record or protocol client from a stranger may
# name any path). Usage: test_bad_files.sh BUILD_DIR SOURCE_DIR
set -u
B=$1/bin/bones
T=$(mktemp -d "${TMPDIR:-/tmp}/bones-badfiles.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# expect WHAT TEXT CMD...: CMD fails within 10 s and says TEXT on stderr or stdout.
expect() {
	local what=$1 text=$2; shift 2
	timeout 10 "$@" >"$T/out" 2>&1 </dev/null
	local rc=$?
	if [ $rc = 124 ]; then fail "$what: hung"; return; fi
	grep -qF -- "$text" "$T/out" || fail "$what: no '$text' in: $(head -c 300 "$T/out")"
}
mkfifo "$T/fifo" || exit 2
printf '[secret]\nmy_password = hunter2\n' >"$T/private.ini"

expect "replay of /dev/zero" "'/dev/zero': not a regular file" "$B" replay /dev/zero
expect "replay of a FIFO" "'$T/fifo': not a regular file" "$B" replay "$T/fifo"
expect "replay of a folder" "'$T': is a folder, not a file" "$B" replay "$T"
expect "match with /dev/zero" "'/dev/zero': not a regular file" "$B" match /dev/zero random random
expect "play a FIFO preset" "'$T/fifo': not a regular file" "$B" play "$T/fifo"

if [ -e "$1/lib/bones/plugins/geominos.so" ]; then
	printf 'new geominos board=/dev/zero\nnew geominos tiles=%s\nnew geominos tiles=%s\nnew geominos board=%s\nquit\n' \
		"$T/fifo" "$T/private.ini" "$T/private.ini" >"$T/cmds"
	timeout 10 "$B" engine <"$T/cmds" >"$T/engine" 2>&1
	[ $? = 124 ] && fail "engine: hung on a device or FIFO"
	grep -qF "error: board: '/dev/zero' is not a regular file" "$T/engine" ||
		fail "engine: board=/dev/zero: $(cat "$T/engine")"
	grep -qF "error: tiles: '$T/fifo' is not a regular file" "$T/engine" ||
		fail "engine: tiles=FIFO: $(cat "$T/engine")"
	grep -q "not a Geominos tile file" "$T/engine" || fail "engine: tiles=private.ini: $(cat "$T/engine")"
	grep -q "not a Geominos board file" "$T/engine" || fail "engine: board=private.ini: $(cat "$T/engine")"
	grep -qE "my_password|hunter2|\[secret" "$T/engine" &&
		fail "engine: quotes a local file: $(cat "$T/engine")"
	[ "$(grep -c '' "$T/engine")" = 5 ] || fail "engine: not one reply per line: $(cat "$T/engine")"
else
	echo "SKIP: geominos.so is not built: the data-file checks did not run"
	exit 77
fi
echo "bad files: $((failures == 0 ? 1 : 0)) passed, $((failures > 0 ? 1 : 0)) failed"
exit $((failures > 0))
