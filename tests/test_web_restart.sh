#!/bin/bash
# `bones serve`: nothing lost: moves acknowledged before kill -9 are all there after a restart
# on the same data, the agent's table too, and the seat tokens still work (tests/web/restart.py).
# Usage: test_web_restart.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
src=${2:?source dir}
command -v python3 >/dev/null || { echo "skip: no python3"; exit 77; }
[ -x "$build/bin/bones" ] || { echo "skip: no bones"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PYTHONPATH="$src/tests/web" exec python3 "$src/tests/web/restart.py" "$build" "$tmp"
