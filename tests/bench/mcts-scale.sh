#!/bin/bash
# How one game's mcts search scales with its threads, against the machine's own limit:
#   1. `bones bench GAME --agent "mcts iterations=ITER balance=B"` at each thread count;
#   2. one thread searching what one tree of the largest count searches (ITER / max
#      threads iterations): a tree of 2,500 iterations is shallower than one of 40,000,
#      so its simulated moves per iteration differ, and this is the baseline at equal
#      work a tree;
#   3. the machine's limit: max-threads copies of that one-thread bench at once, as
#      separate processes (shared caches, memory and clocks, and nothing of Bones
#      shared), the median copy against one alone.
# Builds nothing; prints a table and leaves the raw outputs in OUT_DIR.
#   usage: tests/bench/mcts-scale.sh BUILD_DIR OUT_DIR GAME
# Settings: ITER (40000), THREADS (1,2,4,8,16), BALANCE (fixed,shared), REPEAT (3),
# SECS (3). On a machine without Bones' libraries, as for scale.sh:
#   LD_LIBRARY_PATH=$PWD/device/libs tests/bench/mcts-scale.sh device/build OUT holomino
set -u
if [ $# -ne 3 ]; then
	echo "usage: $0 BUILD_DIR OUT_DIR GAME" >&2
	exit 2
fi
B=$1 OUT=$2 GAME=$3
BONES=$B/bin/bones
"$BONES" --version >/dev/null 2>&1 || { echo "$0: $BONES does not start" >&2; exit 2; }
mkdir -p "$OUT" || exit 2
export BONES_PLUGIN_PATH=$B/lib/bones/plugins
ITER=${ITER:-40000} THREADS=${THREADS:-1,2,4,8,16} BALANCE=${BALANCE:-fixed,shared}
REPEAT=${REPEAT:-3} SECS=${SECS:-3}
max=${THREADS##*,}
tree=$((ITER / max))

field() { sed -n "s/.* $1: \([0-9.]*\).*/\1/p" | head -1; }

for bal in ${BALANCE//,/ }; do
	"$BONES" bench "$GAME" --agent "mcts iterations=$ITER balance=$bal" --threads "$THREADS" \
		--repeat "$REPEAT" --seconds "$SECS" >"$OUT/$GAME-$bal.txt" ||
		{ echo "$0: bench $GAME balance=$bal failed" >&2; exit 1; }
done
"$BONES" bench "$GAME" --agent "mcts iterations=$tree" --threads 1 --repeat "$REPEAT" \
	--seconds "$SECS" >"$OUT/$GAME-tree.txt" || exit 1
for i in $(seq "$max"); do
	"$BONES" bench "$GAME" --agent "mcts iterations=$tree" --threads 1 --seconds "$SECS" \
		>"$OUT/$GAME-copy-$i.txt" &
done
wait

echo "== $GAME: mcts iterations=$ITER; $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
one=$(grep '^threads=1 ' "$OUT/$GAME-tree.txt")
one_sim=$(echo "$one" | field sim_moves_per_cpu_s)
one_it=$(echo "$one" | field iterations_per_cpu_s)
copies_sim=$(for f in "$OUT"/$GAME-copy-*.txt; do
	grep '^threads=1 ' "$f" | field sim_moves_per_cpu_s
done | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}')
echo "one thread, $tree iterations (a tree's share at $max threads): sim moves per CPU s $one_sim, iterations per CPU s $one_it"
echo "$max copies of it at once (the machine's limit): median sim moves per CPU s $copies_sim" \
	"($(awk -v a="$copies_sim" -v b="$one_sim" 'BEGIN{printf "%.2f", (b > 0 ? a / b : 0)}') of one alone)"
echo
echo "| balance | threads | wall s a choice | speed-up | CPUs a wall s | sim moves per CPU s | over 1 thread | over 1 thread of $tree | iterations per CPU s over 1 thread of $tree |"
echo "|---|---|---|---|---|---|---|---|---|"
for bal in ${BALANCE//,/ }; do
	f=$OUT/$GAME-$bal.txt
	w1= s1=
	for t in ${THREADS//,/ }; do
		l=$(grep "^threads=$t " "$f")
		w=$(echo "$l" | field wall_per_choice) s=$(echo "$l" | field sim_moves_per_cpu_s)
		c=$(echo "$l" | field cpu_per_wall) i=$(echo "$l" | field iterations_per_cpu_s)
		[ -z "$w1" ] && w1=$w s1=$s
		awk -v bal="$bal" -v t="$t" -v w="$w" -v w1="$w1" -v c="$c" -v s="$s" -v s1="$s1" \
			-v o="$one_sim" -v i="$i" -v oi="$one_it" 'BEGIN {
			printf "| %s | %d | %.4f | %.2fx | %.2f | %.0f | %.2f | %.2f | %.2f |\n",
				bal, t, w, (w > 0 ? w1 / w : 0), c, s, (s1 > 0 ? s / s1 : 0),
				(o > 0 ? s / o : 0), (oi > 0 ? i / oi : 0) }'
	done
done
