#!/bin/bash
# `bones serve`: limits that hold however a request is spelled (issue 42's smaller
# items): private tables on no public page, log-in throttling by name and address that
# cannot lock the owner out, chat that rotates instead of filling, a '"' in a
# tournament's name escaped in its records, names without control or bidi characters,
# new accounts capped per address (tests/web/small_limits.py).
# Usage: test_web_small_limits.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py small_limits.py "$build" "$tmp"
