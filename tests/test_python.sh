#!/bin/bash
# The Python package (frontends/python, docs/python.md) from the build tree: the state
# API against `bones engine` over random games of every plugin, hidden information, the
# host's agents and the AEC loop (tests/python/test_*.py, unittest). $1 build, $2 source.
set -u
build=$1 src=$2
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
[ -f "$build/python/bones/__init__.py" ] || { echo "SKIP: the Python package is not built (BONES_SHARED=OFF)"; exit 77; }
export BONES_PLUGIN_PATH= BONES_DATA_PATH= BONES_BIN=$build/bin/bones
export PYTHONPATH=$build/python:$src/tests/python PYTHONDONTWRITEBYTECODE=1
exec python3 -m unittest discover -s "$src/tests/python" -p 'test_*.py' -v
