# Sourced by tests/test_python*.sh: skip (77) where the Python package cannot run; in a
# sanitizer build, preload the sanitizer runtimes into python3 (before libbones.so, as
# they must be; leaks off: python3 itself keeps memory to the end). $build: the build.
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
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
