#!/bin/bash
# Every tournament preset in configs/ loads and validates (`bones tourney --check`: the
# file, each game configured once, each agent created, the schedule counted), and
# --check plays nothing. $1 build, $2 source.
set -u
build=$1 src=$2
bones=$build/bin/bones
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export BONES_PLUGIN_PATH=
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

count=0
for f in "$src"/configs/tourney-*.ini; do
	count=$((count + 1))
	(cd "$tmp" && "$bones" tourney "$f" --check) >"$tmp/out" 2>&1 ||
		fail "$f: $(cat "$tmp/out")"
	grep -q ' games' "$tmp/out" || fail "$f: --check printed no count: $(cat "$tmp/out")"
done
[ "$count" -ge 5 ] || fail "only $count tournament presets found"
[ -z "$(ls "$tmp")" ] || [ "$(ls "$tmp")" = out ] || fail "--check wrote $(ls "$tmp")"

# a wrong key is named with its file and line, before anything runs
printf '[tourney]\nrounds = 2\nsprt = elo0=0\n' >"$tmp/bad.ini"
"$bones" tourney "$tmp/bad.ini" --check 2>"$tmp/err" && fail "a bad sprt was accepted"
grep -q "bad.ini:3: sprt: needs elo0 < elo1" "$tmp/err" || fail "bad sprt: $(cat "$tmp/err")"

[ $failures = 0 ] && echo "tourney presets: all passed"
exit $((failures > 0))
