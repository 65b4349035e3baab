# Sourced by tests/test_python*.sh: skip (77) where the Python package cannot run; in a
# sanitizer build, preload the sanitizer runtimes into python3 (before libbones.so, as
# they must be; leaks off: python3 itself keeps memory to the end). $build: the build.
# $PYTHON: $BONES_PYTHON, else the first of python3 and /usr/bin/python3 with pytest and
# numpy (Debian's python3-pytest, python3-numpy), else python3.
PYTHON=${BONES_PYTHON:-}
if [ -z "$PYTHON" ]; then
	for py in python3 /usr/bin/python3; do
		if "$py" -c 'import pytest, numpy' 2>/dev/null; then PYTHON=$py; break; fi
	done
fi
PYTHON=${PYTHON:-python3}
command -v "$PYTHON" >/dev/null || { echo "SKIP: $PYTHON is not installed"; exit 77; }
if [ ! -f "$build/python/bones/__init__.py" ]; then
	echo "SKIP: the Python package is not built (BONES_SHARED=OFF)"
	exit 77
fi
if grep -q '^BONES_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
	cc=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
	asan=$("${cc:-cc}" -print-file-name=libasan.so)
	ubsan=$("${cc:-cc}" -print-file-name=libubsan.so)
	if [ ! -f "$asan" ] || [ ! -f "$ubsan" ]; then
		echo "SKIP: no libasan.so/libubsan.so of $cc to preload into python3"
		exit 77
	fi
	export LD_PRELOAD="$asan $ubsan" ASAN_OPTIONS=detect_leaks=0
fi

# Runs the pytest files $@ of tests/python (-p no:cacheprovider: nothing written into
# the source tree; -rs: a skipped test says why).
run_pytest() {
	"$PYTHON" -c 'import pytest, numpy' 2>/dev/null || {
		echo "SKIP: $PYTHON has no pytest or numpy: install python3-pytest and python3-numpy (.ci/install-deps)"
		exit 77
	}
	export BONES_PLUGIN_PATH= BONES_DATA_PATH= BONES_BIN=$build/bin/bones
	export PYTHONPATH=$build/python:$src/tests/python PYTHONDONTWRITEBYTECODE=1
	cd "$src/tests/python" && exec "$PYTHON" -m pytest -p no:cacheprovider -rs -v "$@"
}
