#!/bin/bash
# A Python agent behind the engine protocol, by hand and in a 100-game tournament
# without a forfeit (tests/python/test_engine.py, pytest). $1 build, $2 source.
set -u
build=$1 src=$2
. "$src/tests/python_common.sh"
run_pytest test_engine.py
