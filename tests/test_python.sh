#!/bin/bash
# The Python package (frontends/python, docs/python.md) from the build tree: the state
# API against `bones engine` over random games of every plugin, hidden information, the
# host's agents and the AEC loop (tests/python/test_*.py, unittest). $1 build, $2 source.
set -u
build=$1 src=$2
. "$src/tests/python_common.sh"
export BONES_PLUGIN_PATH= BONES_DATA_PATH= BONES_BIN=$build/bin/bones
export PYTHONPATH=$build/python:$src/tests/python PYTHONDONTWRITEBYTECODE=1
exec python3 -m unittest discover -s "$src/tests/python" -p 'test_*.py' -v
