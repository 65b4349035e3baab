#!/bin/bash
# `bones serve`: a time per game with an increment (Fischer) on the test clock: banks
# down only for the mover, the increment after each move, kept across kill -9, the
# forfeit when one runs out, the record's TimeControl (tests/web/clock.py).
# Usage: test_web_clock.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py clock.py "$build" "$tmp"
