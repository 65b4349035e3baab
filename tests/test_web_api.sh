#!/bin/bash
# `bones serve`: the JSON API over loopback: games, creating tables (bad options named),
# the view of a seat, moves (turn, legality, tokens), security refusals (bad JSON, big
# bodies, traversal, headers, rate limit) and an agent answering in its thread.
# Usage: test_web_api.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
src=${2:?source dir}
command -v python3 >/dev/null || { echo "skip: no python3"; exit 77; }
[ -x "$build/bin/bones" ] || { echo "skip: no bones"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PYTHONPATH="$src/tests/web" exec python3 "$src/tests/web/api.py" "$build" "$tmp"
