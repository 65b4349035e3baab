#!/bin/bash
# `bones serve`: a browser's own tables through the HTTP API: private tables left out of
# the lobby, deleting your table before the first move (the owner token), and "my
# games" with the tables where it is your turn first (tests/web/owner.py).
# Usage: test_web_owner.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py owner.py "$build" "$tmp"
