#!/bin/bash
# `bones serve`: "Analyse" on a finished table: one entry per player move with its
# verdict, the result told by the event stream and kept after a restart; refused while
# the game runs (tests/web/analysis.py).
# Usage: test_web_analysis.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py analysis.py "$build" "$tmp"
