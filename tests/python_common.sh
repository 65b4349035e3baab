# Sourced by tests/test_python*.sh: skip (77) where the Python package cannot run.
# $build is the build folder.
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
if [ ! -f "$build/python/bones/__init__.py" ]; then
	echo "SKIP: the Python package is not built (BONES_SHARED=OFF)"
	exit 77
fi
if grep -q '^BONES_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
	# python3 would have to preload the sanitizer runtimes before libbones.so
	echo "SKIP: a sanitizer build's libbones.so cannot be loaded into python3"
	exit 77
fi
