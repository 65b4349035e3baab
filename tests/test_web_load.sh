#!/bin/bash
# `bones serve` under load, bounded (loopback only, stops by itself): 50 tables of two
# scripted HTTP players for 5 seconds, then flat out for 3; prints moves per second and
# the p50/p99 latency of a move request, fails on any refused request. The figures for
# 500 tables are in docs/web.md (tests/web/load.py --tables 500).
# Usage: test_web_load.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
src=${2:?source dir}
command -v python3 >/dev/null || { echo "skip: no python3"; exit 77; }
[ -x "$build/bin/bones" ] || { echo "skip: no bones"; exit 77; }
ulimit -n 4096 2>/dev/null
python3 "$src/tests/web/load.py" "$build" --tables 50 --seconds 5 --think 0.2 || exit 1
python3 "$src/tests/web/load.py" "$build" --tables 50 --seconds 3 || exit 1
