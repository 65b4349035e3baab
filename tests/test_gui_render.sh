#!/bin/bash
# `bones render RECORD --png FILE`: the CLI execs bones-gui's off-screen renderer (no
# display needed); checks the exit status, the PNG's size, and the refusals.
# Usage: test_gui_render.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
bones="$build/bin/bones"
if [ ! -x "$build/bin/bones-gui" ]; then
	echo "SKIP: $build/bin/bones-gui is not built (SDL2 was not found)"
	exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
check() { # check DESCRIPTION COMMAND...
	if "${@:2}"; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi
}
png_size() { od -An -tu1 -j16 -N8 "$1" 2>/dev/null | tr -s ' '; }

cat > "$tmp/game.rec" <<'REC'
[Game "holomino"]
[Options "players=2 pool_size=3 scoring=sum digits=6 unique_digits=true max_extent=0"]
[Seed "7"]
[Players "2"]
[Result "*"]

1. chance draw:135
2. chance draw:256
3. chance draw:246
4. chance draw:132
5. chance draw:354
6. chance draw:156
7. chance draw:235
8. chance draw:254
9. p1 135@1,0
10. chance draw:163
11. p2 156@2,0
12. chance draw:143
REC
export BONES_PLUGIN_PATH="$build/lib/bones/plugins"
"$bones" render "$tmp/game.rec" --png "$tmp/end.png" --size 800x500
check "bones render draws the end of a record" test $? = 0
# 800 = 3*256 + 32, 500 = 1*256 + 244
check "the picture is 800x500" test "$(png_size "$tmp/end.png")" = " 0 0 3 32 0 0 1 244"
"$bones" render "$tmp/game.rec" --move 1 --png "$tmp/one.png"
check "--move 1 draws with the default size 1200x800" \
	test "$(png_size "$tmp/one.png")" = " 0 0 4 176 0 0 3 32"
check "the two positions differ" bash -c "! cmp -s '$tmp/end.png' '$tmp/one.png'"
"$bones" render "$tmp/game.rec" 2> "$tmp/err.txt"
check "a missing --png is refused with status 2" test $? = 2
check "and the usage is shown" grep -q "usage: bones render" "$tmp/err.txt"
"$bones" render "$tmp/nothing.rec" --png "$tmp/x.png" 2> "$tmp/err.txt"
check "a missing record fails with status 1" test $? = 1
check "naming the file" grep -q "nothing.rec" "$tmp/err.txt"
exit $((fails > 0))
