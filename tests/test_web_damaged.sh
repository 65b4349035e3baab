#!/bin/bash
# `bones serve`: a crash between a new table's row and its deal, a move row that does
# not replay and a damaged page of the database: the server starts, sets those tables
# aside and serves the rest (tests/web/damaged.py).
# Usage: test_web_damaged.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py damaged.py "$build" "$tmp"
