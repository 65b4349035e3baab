#!/bin/bash
# `bones render RECORD (--png|--svg|--pdf) FILE`: pictures drawn with Cairo by `bones`
# itself, with no display and no SDL: file signatures, the PNG's size, the SVG's
# elements, that positions differ, the bench of redraws, and the refusals.
# Usage: test_render.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
bones="$build/bin/bones"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
check() { # check DESCRIPTION COMMAND...
	if "${@:2}"; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi
}
png_size() { od -An -tu1 -j16 -N8 "$1" 2>/dev/null | tr -s ' '; }
magic() { head -c "$2" "$1" 2>/dev/null | od -An -c | tr -d ' \n'; }

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
# No display and no SDL: neither DISPLAY nor WAYLAND_DISPLAY, and `bones` has no SDL.
unset DISPLAY WAYLAND_DISPLAY
if command -v ldd >/dev/null 2>&1; then
	check "bones does not link SDL" bash -c "! ldd '$bones' | grep -qi sdl"
fi
"$bones" render "$tmp/game.rec" --png "$tmp/end.png" --size 800x500
check "bones render draws the end of a record" test $? = 0
check "the PNG has the PNG signature" test "$(magic "$tmp/end.png" 4)" = "211PNG"
# 800 = 3*256 + 32, 500 = 1*256 + 244
check "the picture is 800x500" test "$(png_size "$tmp/end.png")" = " 0 0 3 32 0 0 1 244"
"$bones" render "$tmp/game.rec" --move 1 --png "$tmp/one.png"
check "--move 1 draws with the default size 1200x800" \
	test "$(png_size "$tmp/one.png")" = " 0 0 4 176 0 0 3 32"
check "the two positions differ" bash -c "! cmp -s '$tmp/end.png' '$tmp/one.png'"

"$bones" render "$tmp/game.rec" --svg "$tmp/end.svg" --size 640x400 --title "Holomino"
check "--svg writes a file" test $? = 0
check "the SVG starts with the XML declaration" grep -q '^<?xml' "$tmp/end.svg"
check "the SVG is 640x400 pixels" grep -q '<svg[^>]*width="640px" height="400px"' "$tmp/end.svg"
check "the SVG draws paths (tiles and glyphs)" test "$(grep -c '<path' "$tmp/end.svg")" -gt 20
check "the SVG uses the ivory tile colour" grep -qi 'rgb(96.4[0-9]*%,92.5[0-9]*%,83.1[0-9]*%)' "$tmp/end.svg"
check "the SVG ends" grep -q '</svg>' "$tmp/end.svg"
"$bones" render "$tmp/game.rec" --pdf "$tmp/end.pdf" --viewer 1
check "--pdf writes a file" test $? = 0
check "the PDF has the PDF signature" test "$(magic "$tmp/end.pdf" 5)" = "%PDF-"
check "the PDF ends with %%EOF" bash -c "tail -c 7 '$tmp/end.pdf' | grep -q '%%EOF'"

"$bones" render "$tmp/game.rec" --move 3 --png "$tmp/bad.png" 2> "$tmp/err.txt"
check "a --move past the record fails with status 2" test $? = 2
check "saying the record has fewer moves" grep -q "fewer player moves" "$tmp/err.txt"
check "and writes no picture" test ! -e "$tmp/bad.png"
"$bones" render "$tmp/game.rec" --move x --svg "$tmp/bad.svg" 2> "$tmp/err.txt"
check "a --move that is no number fails with status 2" test $? = 2
"$bones" render "$tmp/game.rec" --viewer 3 --svg "$tmp/bad.svg" 2> "$tmp/err.txt"
check "a viewer who is not a player fails" grep -q "the game has 2 players" "$tmp/err.txt"
"$bones" render "$tmp/game.rec" 2> "$tmp/err.txt"
check "a missing output is refused with status 2" test $? = 2
check "and the usage is shown" grep -q "usage: bones render" "$tmp/err.txt"
"$bones" render "$tmp/nothing.rec" --png "$tmp/x.png" 2> "$tmp/err.txt"
check "a missing record fails with status 1" test $? = 1
check "naming the file" grep -q "nothing.rec" "$tmp/err.txt"
"$bones" render "$tmp/game.rec" --png "$tmp/no/such/dir.png" 2> "$tmp/err.txt"
check "an unwritable output fails with status 1" test $? = 1

"$bones" bench holomino --redraw --seconds 0.1 --size 320x200 > "$tmp/bench.txt"
check "bench --redraw prints redraws_per_s" grep -qE '^redraws_per_s: [1-9][0-9]*$' "$tmp/bench.txt"
exit $((fails > 0))
