#!/bin/bash
# `bones serve`: memory follows what is live: ended tables leave memory and are read
# back on demand, a start reads only the tables in play, idle tables leave memory, and
# the caps per address on tables with a person's seat and on event streams
# (tests/web/memory.py).
# Usage: test_web_memory.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py memory.py "$build" "$tmp"
