#!/bin/bash
# `bones serve`: nothing lost: moves acknowledged before kill -9 are all there after a restart
# on the same data, the agent's table too, and the seat tokens still work (tests/web/restart.py).
# Usage: test_web_restart.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py restart.py "$build" "$tmp"
