#!/bin/bash
# The SDK headers (core/sdk/include/bones, all a plugin may include) are self-contained
# and compile as C11 and as C++ (the ABI promise of plugin.h): each one alone, with only
# the SDK on the include path and warnings as errors. $1 build, $2 source.
set -u
src=$2
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sdk=$src/core/sdk/include
count=0
for path in "$sdk"/bones/*.h; do
	h=${path##*/}
	count=$((count + 2))
	printf '#include "bones/%s"\nint main(void) { return 0; }\n' "$h" > "$tmp/t.c"
	if ! cc -std=c11 -pedantic -Wall -Wextra -Werror -I"$sdk" -c "$tmp/t.c" \
		-o "$tmp/t.o" 2> "$tmp/err"; then
		echo "FAIL: $h does not compile alone as C11:"; cat "$tmp/err"; failures=$((failures + 1))
	fi
	cp "$tmp/t.c" "$tmp/t.cpp"
	if ! c++ -std=c++11 -Wall -Wextra -Werror -I"$sdk" -c "$tmp/t.cpp" \
		-o "$tmp/t.o" 2> "$tmp/err"; then
		echo "FAIL: $h does not compile alone as C++:"; cat "$tmp/err"; failures=$((failures + 1))
	fi
done
[ "$count" -ge 16 ] || { echo "FAIL: only $((count / 2)) SDK headers in $sdk"; failures=$((failures + 1)); }
echo "abi headers: $((count - failures)) passed, $failures failed"
exit $((failures > 0))
