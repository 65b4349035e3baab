#!/bin/bash
# `bones serve`: what a server facing the Internet refuses or keeps: text that is not
# UTF-8, cross-site changes, a foreign Host, install paths in errors, a seat the table
# lacks, versions going back after a restart, X-Forwarded-For from anyone but the trusted
# proxy (tests/web/guards.py).
# Usage: test_web_guards.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py guards.py "$build" "$tmp"
