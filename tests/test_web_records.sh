#!/bin/bash
# `bones serve`: the web's records agree with the core's: a finished game and a match
# against the terminal's records of the same moves (`bones play`), a resigned game and
# one forfeited on the injected test clock against the core's reference
# (test_web_reference record). Usage: test_web_records.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
[ -x "$build/tests/test_web_reference" ] || { echo "skip: no test_web_reference"; exit 77; }
web_py records.py "$build" "$tmp"
