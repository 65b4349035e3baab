#!/bin/bash
# A Python agent behind the engine protocol (bones.engine.serve): by hand it answers
# genmove with a legal move and an agent's exception with an error line; in a
# 100-game tournament (dominoes with hidden deals, Holomino) it never forfeits, both as a
# script and as `python3 -m bones.engine MODULE:NAME`. $1 build, $2 source.
set -u
build=$1 src=$2
. "$src/tests/python_common.sh"
bones=$build/bin/bones
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export BONES_PLUGIN_PATH= PYTHONPATH=$build/python:$tmp PYTHONDONTWRITEBYTECODE=1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
example=$src/frontends/python/examples/random_agent.py

# by hand: genmove after the deal of block dominoes
out=$(printf 'new dominoes seed=4\nroll\ngenmove\nquit\n' | python3 "$example")
move=$(echo "$out" | sed -n 3p)
case $move in "move "[0-6]-[0-6]*) ;; *) fail "genmove answered '$move': $out" ;; esac
cat >"$tmp/broken.py" <<'PY'
def choose(state):
    raise RuntimeError("no idea")
PY
out=$(printf 'new holomino seed=1\nroll\ngenmove\ntomove\nquit\n' |
	python3 -m bones.engine broken:choose 2>"$tmp/err")
[ "$(echo "$out" | sed -n 3p)" = "error: genmove: the agent found no move" ] ||
	fail "a failing agent answered: $out"
[ "$(echo "$out" | sed -n 4p)" = "player 1" ] || fail "the engine stopped after the failure: $out"
grep -q "RuntimeError('no idea')" "$tmp/err" || fail "the agent's error was not on stderr"
python3 -m bones.engine 2>/dev/null && fail "no argument was no usage error"

# a 100-game tournament: 5 participants, 2 seats, 2 games, rounds 5: 10 pairs x 2 x 5
cat >"$tmp/t.ini" <<INI
[tourney]
name = python
seed = 31
rounds = 5
concurrency = 2
time_per_move = 5s
[game.dom]
plugin = dominoes
variant = draw
[game.holo]
plugin = holomino
[player.script]
engine = python3 "$example"
[player.module]
engine = python3 -m bones.engine random_agent:choose
[player.host]
engine = python3 -m bones.engine --agent=greedy
[player.random]
agent = random
[player.greedy]
agent = greedy
INI
cp "$example" "$tmp/random_agent.py"
(cd "$tmp" && "$bones" tourney t.ini --output out --quiet) >"$tmp/out.txt" 2>&1 ||
	fail "the tournament exited $?: $(cat "$tmp/out.txt")"
csv=$tmp/out/games.csv
games=$(($(wc -l <"$csv") - 1))
[ "$games" = 200 ] || fail "expected 100 games (200 seats), got $games seats"
forfeits=$(awk -F, 'NR > 1 && $13 != ""' "$csv" | wc -l)
[ "$forfeits" = 0 ] || fail "$forfeits seats forfeited: $(awk -F, 'NR > 1 && $13 != ""' "$csv" | head -3)"
for p in script module host; do
	grep -q ",$p,[0-9.-]*,[12]," "$csv" || fail "$p never finished a game"
done
[ "$failures" = 0 ] && echo "python engine: all checks passed"
exit $((failures > 0))
