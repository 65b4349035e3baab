#!/bin/bash
# `bones serve`: chat at a table through the HTTP API: seats and spectators, text kept
# as written (never HTML), length and rate limits on the test clock, lines kept across a
# restart, moves and records untouched (tests/web/chat.py).
# Usage: test_web_chat.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py chat.py "$build" "$tmp"
