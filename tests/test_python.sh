#!/bin/bash
# The Python package (frontends/python, docs/python.md) from the build tree: the state
# API against `bones engine` over random games of every plugin, hidden information,
# observation tensors, the host's agents and the AEC loop (tests/python/test_*.py,
# pytest; test_engine.py runs on its own in test_python_engine.sh). $1 build, $2 source.
set -u
build=$1 src=$2
. "$src/tests/python_common.sh"
run_pytest --ignore=test_engine.py .
