#!/bin/bash
# `bones serve`: a duplicate round robin of two people deals both games of the set alike,
# seat by seat, from the set's seed mixed with the server's secret (another server deals
# other hands from the same file) (tests/web/tourney_duplicate.py).
# Usage: test_web_tourney_duplicate.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py tourney_duplicate.py "$build" "$tmp"
