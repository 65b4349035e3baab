#!/bin/bash
# Pack what tests/bench/scale.sh needs on a bare machine (no libmicrohttpd, cairo,
# fontconfig, inih, SQLite, MPI installed): DEST/build, bin/bones, the plugins and data
# of BUILD_DIR (its install-like layout: bin, lib, share; no objects), and DEST/libs,
# every shared library that ldd finds for that program and the plugins but the C
# runtime's own (glibc, libgcc_s, libstdc++), which the other machine has. Builds
# nothing. DEST (default device, ignored by git) is what to carry; then:
#   LD_LIBRARY_PATH=$PWD/device/libs tests/bench/scale.sh device/build OUT_DIR
#   usage: tests/bench/pack-device.sh BUILD_DIR [DEST]
set -eu
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 BUILD_DIR [DEST]" >&2
	exit 2
fi
B=$1
DEST=${2:-device}
[ -x "$B/bin/bones" ] || { echo "$0: no $B/bin/bones (build first)" >&2; exit 2; }
rm -rf "$DEST"
mkdir -p "$DEST/build/bin" "$DEST/libs"
cp -a "$B/bin/bones" "$DEST/build/bin/"
cp -a "$B/lib" "$B/share" "$DEST/build/"

# glibc's libraries, the loader and the compiler's runtime stay the other machine's
core='^(linux-vdso|ld-linux|libc|libm|libdl|libpthread|librt|libresolv|libutil|libmvec|libgcc_s|libstdc\+\+)[.-]'
for f in "$DEST"/build/bin/* $(find "$DEST/build/lib" -name '*.so*' -type f); do
	[ -f "$f" ] || continue
	ldd "$f" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}'
done | sort -u | while read -r name path; do
	if [[ $name =~ $core ]] || [ -e "$DEST/libs/$name" ]; then
		continue
	fi
	case $path in "$PWD"/*|"$B"/*) continue ;; esac # the build's own (libbones)
	cp -L "$path" "$DEST/libs/$name"
	echo "$name"
done >"$DEST/libs.txt"
echo "$DEST: $(wc -l <"$DEST/libs.txt") libraries, $(du -sh "$DEST" | cut -f1) in all"
