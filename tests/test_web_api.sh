#!/bin/bash
# `bones serve`: the JSON API over loopback: games, creating tables (bad options named),
# the view of a seat, moves (turn, legality, tokens), security refusals (bad JSON, big
# bodies, traversal, headers, rate limit) and an agent answering in its thread.
# Usage: test_web_api.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py api.py "$build" "$tmp"
