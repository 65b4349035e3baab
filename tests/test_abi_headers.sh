#!/bin/bash
# The plugin-side headers are self-contained and compile as C11 and as C++ (the ABI
# promise of plugin.h): each one alone, with warnings as errors. $1 build, $2 source.
set -u
src=$2
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for h in plugin.h render.h agents_ext.h heuristic.h rng.h hex.h grid.h text.h; do
	printf '#include "bones/%s"\nint main(void) { return 0; }\n' "$h" > "$tmp/t.c"
	if ! cc -std=c11 -pedantic -Wall -Wextra -Werror -I"$src/core/include" -c "$tmp/t.c" \
		-o "$tmp/t.o" 2> "$tmp/err"; then
		echo "FAIL: $h does not compile alone as C11:"; cat "$tmp/err"; failures=$((failures + 1))
	fi
	cp "$tmp/t.c" "$tmp/t.cpp"
	if ! c++ -std=c++11 -Wall -Wextra -Werror -I"$src/core/include" -c "$tmp/t.cpp" \
		-o "$tmp/t.o" 2> "$tmp/err"; then
		echo "FAIL: $h does not compile alone as C++:"; cat "$tmp/err"; failures=$((failures + 1))
	fi
done
echo "abi headers: $((16 - failures)) passed, $failures failed"
exit $((failures > 0))
