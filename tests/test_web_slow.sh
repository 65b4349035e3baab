#!/bin/bash
# `bones serve`: connections a client cannot exhaust: slow connections from two addresses
# leave the lobby to a third, threads stay bounded, a trickled request meets its deadline,
# event streams wait without a thread each (tests/web/slow.py).
# Usage: test_web_slow.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py slow.py "$build" "$tmp"
