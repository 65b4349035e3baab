#!/bin/bash
# The grid kit (bones/kit_grid.h) through a real plugin: gridgame, gridtiles, gridhex (tests/
# plugins/gridgame.c, no drawing code of their own) pass `bones check` with the picture
# checked at every position (move_place, hand indices, ghosts on a recording canvas),
# gridbad's wrong placement and gridpips' wrong cell fail it naming the field, and
# `bones render` draws their games as PNG and
# SVG: the grid, the market, the hands, positions that differ.
# Usage: test_kit_grid_picture.sh BUILD_DIR SOURCE_DIR
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
export BONES_PLUGIN_PATH="$build/tests/plugins" TMPDIR="$tmp"
unset DISPLAY WAYLAND_DISPLAY

"$bones" check gridgame --games 100 --deep --threads 1 > "$tmp/check.txt" 2>&1
check "bones check gridgame --deep passes" test $? = 0
check "... and checked games" grep -q 'ok: 1 configurations' "$tmp/check.txt"
"$bones" check gridtiles --quick --deep --threads 1 > "$tmp/tiles.txt" 2>&1
check "bones check gridtiles --deep passes" test $? = 0
"$bones" check gridbad --quick --threads 1 > "$tmp/bad.txt" 2>&1
check "bones check fails gridbad's wrong placement" test $? = 1
check "... naming the placement's cell and its join" \
	grep -q "board kit's description: grid kit: placement.cell\[0\].cell.join is 1" "$tmp/bad.txt"
"$bones" check gridpips --quick --threads 1 > "$tmp/pips.txt" 2>&1
check "bones check fails gridpips' wrong description of a cell" test $? = 1
check "... naming the kit, the cell and its pips" grep -q "board kit's description: grid kit: cell\[.*\]\.pips is 12" "$tmp/pips.txt"

# A game of two greedy agents, seeded: six placements, then the market taken.
"$bones" play gridgame --seat 1=greedy --seat 2=greedy --seed 3 --save "$tmp/g.rec" \
	< /dev/null > "$tmp/play.txt" 2>&1
check "bones play records a gridgame game" test -s "$tmp/g.rec"
check "... with takes from the market" grep -q 'take:' "$tmp/g.rec"
"$bones" render "$tmp/g.rec" --move 6 --png "$tmp/six.png" --size 900x700
check "bones render draws gridgame" test $? = 0
check "the PNG has the PNG signature" test "$(magic "$tmp/six.png" 4)" = "211PNG"
# 900 = 3*256 + 132, 700 = 2*256 + 188
check "the picture is 900x700" test "$(png_size "$tmp/six.png")" = " 0 0 3 132 0 0 2 188"
"$bones" render "$tmp/g.rec" --move 2 --png "$tmp/two.png" --size 900x700
check "two positions differ" bash -c "! cmp -s '$tmp/six.png' '$tmp/two.png'"
"$bones" render "$tmp/g.rec" --move 6 --svg "$tmp/six.svg" --size 900x700
check "the SVG ends" grep -q '</svg>' "$tmp/six.svg"
# 16 cells, 4 market dominoes, the pips and labels: many paths
check "the SVG draws the grid and the market" test "$(grep -c '<path' "$tmp/six.svg")" -gt 40
check "the SVG uses the ivory domino colour" grep -qi 'rgb(98.0[0-9]*%,96.4[0-9]*%,90.9[0-9]*%)' "$tmp/six.svg"
check "the SVG uses the blocked cells' colour" grep -qi 'rgb(43.1[0-9]*%,39.2[0-9]*%,35.2[0-9]*%)' "$tmp/six.svg"
sed 's/"gridgame"/"gridtiles"/' "$tmp/g.rec" > "$tmp/t.rec"
"$bones" render "$tmp/t.rec" --move 4 --svg "$tmp/tiles.svg" --size 900x700
check "bones render draws gridtiles" test $? = 0
# player 1's tiles are its house colour tinted: 214,69,65 -> 228.4,134.1,131.5
check "the tiles wear their player's colour" grep -qi 'rgb(89.[0-9]*%,52.[0-9]*%,51.[0-9]*%)' "$tmp/tiles.svg"
sed 's/"gridgame"/"gridhex"/' "$tmp/g.rec" > "$tmp/h.rec"
"$bones" check gridhex --quick --deep --threads 1 > "$tmp/hex.txt" 2>&1
check "bones check gridhex --deep passes" test $? = 0
"$bones" render "$tmp/h.rec" --move 6 --svg "$tmp/hex.svg" --size 900x700
check "bones render draws gridhex" test $? = 0
check "hex cells differ from square ones" bash -c "! cmp -s '$tmp/hex.svg' '$tmp/six.svg'"

[ "$fails" = 0 ] || { echo "$fails failed"; exit 1; }
echo "all passed"
