#!/bin/bash
# `bones serve`: hidden information stays on the server: two people play draw dominoes
# to the end and neither seat's responses ever name a tile of the other's hand; in
# Hegemino Chaos the removed dominoes stay masked for seats and spectators all game
# (tests/web/hidden.py).
# Usage: test_web_hidden.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
mkdir -p "$tmp/d" "$tmp/h"
web_py hidden.py "$build" "$tmp/d" dominoes || exit 1
web_py hidden.py "$build" "$tmp/h" hegemino-chaos
