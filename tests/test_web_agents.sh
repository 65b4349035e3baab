#!/bin/bash
# `bones serve`: agents scheduled fairly: a person's opponent goes before 20 busy
# agents-only tables, one address runs few of those, and an unwatched one pauses
# (tests/web/agents.py).
# Usage: test_web_agents.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py agents.py "$build" "$tmp"
