#!/bin/bash
# `bones serve`: a Swiss tournament of two people (accounts, moves through the API) and
# one agent across two games: pairings, standings and tiebreaks against the tournament
# library's rules, kill -9 mid-tournament losing nothing, the report (tests/web/tourney.py).
# Usage: test_web_tourney.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py tourney.py "$build" "$tmp"
