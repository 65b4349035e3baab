#!/bin/bash
# The GUI's replay viewer opens one game of a tournament's games.bones: `bones-gui
# OUTPUT/games.bones --game K` shows game K (its player moves counted by the script).
# Usage: test_gui_games_file.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
. "$(dirname "$0")/gui_common.sh"
export BONES_PLUGIN_PATH=
cat >"$tmp/t.ini" <<INI
[tourney]
name = viewer
rounds = 2
seed = 5
pictures = 0
[game.dom]
plugin = dominoes
[player.a]
agent = random
[player.b]
agent = greedy
INI
"$build/bin/bones" tourney "$tmp/t.ini" --output "$tmp/out" --quiet >/dev/null 2>&1
check "the tournament wrote games.bones" test -s "$tmp/out/games.bones"
for k in 1 2; do
	moves=$(awk -v k=$k '/^\[Game /{g++} g==k && /^[0-9]+\. p[0-9]/' "$tmp/out/games.bones" | wc -l)
	printf 'expect-history %s\nquit\n' "$moves" >"$tmp/s$k.txt"
	check "game $k opens with its $moves player moves" timeout 60 xvfb-run -a "$gui" \
		"$tmp/out/games.bones" --game $k --script "$tmp/s$k.txt"
done
[ $fails -eq 0 ] && echo "gui games file: 1 passed, 0 failed" || echo "gui games file: 0 passed, 1 failed"
exit $((fails > 0))
