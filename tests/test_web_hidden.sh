#!/bin/bash
# `bones serve`: hidden information stays on the server: two people play draw dominoes
# to the end and neither seat's responses ever name a tile of the other's hand; in
# Hegemino Chaos the removed dominoes stay masked for seats and spectators all game
# (tests/web/hidden.py).
# Usage: test_web_hidden.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
src=${2:?source dir}
command -v python3 >/dev/null || { echo "skip: no python3"; exit 77; }
[ -x "$build/bin/bones" ] || { echo "skip: no bones"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/d" "$tmp/h"
PYTHONPATH="$src/tests/web" python3 "$src/tests/web/hidden.py" "$build" "$tmp/d" dominoes || exit 1
PYTHONPATH="$src/tests/web" python3 "$src/tests/web/hidden.py" "$build" "$tmp/h" hegemino-chaos
