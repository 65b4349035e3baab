#!/bin/bash
# `bones serve`: limits that hold however a request spells them: agent caps read by the
# agents' own parser (tables and posted tournaments), files a posted tournament names
# (the server's names only, one answer whether or not a file exists), a tournament
# stored past the limits refused once, tournaments per account (tests/web/limits.py).
# Usage: test_web_limits.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py limits.py "$build" "$tmp"
