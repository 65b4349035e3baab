#!/bin/bash
# Many-core scaling of Bones, measured with the binaries of BUILD_DIR (builds nothing,
# needs no network): a greedy round robin's games per second, one Holomino position's
# mcts search, Geominos random playouts, each at 1, 2, 4, 8 and 16 threads where it
# takes threads; prints a table and leaves every raw output in OUT_DIR.
#   usage: tests/bench/scale.sh BUILD_DIR OUT_DIR
# On a machine without Bones' libraries: tests/bench/pack-device.sh BUILD_DIR here,
# carry device/, there LD_LIBRARY_PATH=$PWD/device/libs scale.sh device/build OUT
# (docs/testing.md).
# About 4 minutes on 16 cores. Smaller runs (to try the script): QUICK=1, or set
#   ROUNDS (round robin rounds; 800 = 19,200 games), REPEAT (interleaved runs of each
#   count, the median kept; 3), ITER (mcts iterations a move; 40000), SECS (seconds of
#   each bench; 4), THREADS (1,2,4,8,16).
set -u
if [ $# -ne 2 ]; then
	echo "usage: $0 BUILD_DIR OUT_DIR" >&2
	exit 2
fi
B=$1
OUT=$2
BONES=$B/bin/bones
[ -x "$BONES" ] || { echo "$0: no $BONES" >&2; exit 2; }
if ! "$BONES" --version >/dev/null 2>&1; then
	echo "$0: $BONES does not start (shared libraries missing? tests/bench/pack-device.sh" \
		"packs them; then LD_LIBRARY_PATH=DEST/libs):" >&2
	"$BONES" --version >&2
	exit 2
fi
mkdir -p "$OUT" || exit 2
if [ "${QUICK:-0}" = 1 ]; then
	: "${ROUNDS:=10}" "${REPEAT:=1}" "${ITER:=2000}" "${SECS:=0.3}" "${THREADS:=1,2}"
fi
ROUNDS=${ROUNDS:-800} REPEAT=${REPEAT:-3} ITER=${ITER:-40000} SECS=${SECS:-4}
THREADS=${THREADS:-1,2,4,8,16}
export TMPDIR=$OUT
# the plugins next to the binaries, not an installed Bones
export BONES_PLUGIN_PATH=$B/lib/bones/plugins

cat >"$OUT/greedy.ini" <<INI
; scale.sh: a greedy round robin of four games (24 games a round)
[tourney]
name = scale
format = round-robin
rounds = $ROUNDS
seed = 1
sync = normal
output = $OUT/unused
[game.holomino]
preset = holomino
[game.hegemino]
preset = hegemino
[game.geominos]
preset = geominos
[game.dominoes]
preset = dominoes
[player.a]
agent = greedy
[player.b]
agent = greedy
[player.c]
agent = greedy
[player.d]
agent = greedy
INI

echo "== machine: $(nproc) cores; $(uname -srm)"
grep -m1 'model name' /proc/cpuinfo 2>/dev/null
# hyper-threads and sockets: 16 "cores" of 8 physical ones scale about 10x, not 16
lscpu 2>/dev/null | grep -E '^(Thread\(s\) per core|Core\(s\) per socket|Socket\(s\)|NUMA node\(s\)|CPU max MHz)'
"$BONES" --version 2>/dev/null | head -1
start=$(date +%s)

echo "== greedy round robin ($((ROUNDS * 24)) games), threads $THREADS, median of $REPEAT"
"$BONES" bench tourney "$OUT/greedy.ini" --threads "$THREADS" --repeat "$REPEAT" \
	>"$OUT/tourney.txt" || { echo "bench tourney failed" >&2; exit 1; }
cat "$OUT/tourney.txt"

echo "== holomino mcts iterations=$ITER, threads $THREADS, $SECS s each, median of $REPEAT"
"$BONES" bench holomino --agent "mcts iterations=$ITER" --threads "$THREADS" \
	--repeat "$REPEAT" --seconds "$SECS" >"$OUT/mcts.txt" || { echo "bench holomino --agent failed" >&2; exit 1; }
cat "$OUT/mcts.txt"

echo "== geominos random playouts and mcts (one thread)"
"$BONES" bench geominos --seconds "$SECS" >"$OUT/geominos.txt" || exit 1
"$BONES" bench geominos --agent "mcts iterations=2000" --threads 1 --seconds "$SECS" \
	>"$OUT/geominos-mcts.txt" || exit 1
grep -E '^(playouts|moves)_per_s' "$OUT/geominos.txt"
grep '^threads=1' "$OUT/geominos-mcts.txt"

# The hardware's own scaling: N copies of one single-threaded bench at once (turbo
# clocks and shared caches make a busy core slower than an idle machine's one).
n=$(nproc)
[ "$n" -gt 16 ] && n=16
echo "== hardware: $n copies of bench hegemino at once, against one"
"$BONES" bench hegemino --seconds "$SECS" >"$OUT/hw-1.txt"
for i in $(seq "$n"); do
	"$BONES" bench hegemino --seconds "$SECS" >"$OUT/hw-$n-$i.txt" &
done
wait
echo "== hardware: $n copies of the one-thread mcts bench at once"
for i in $(seq "$n"); do
	"$BONES" bench holomino --agent "mcts iterations=$ITER" --threads 1 --seconds "$SECS" \
		>"$OUT/hwm-$n-$i.txt" &
done
wait

# ---- the table ----
val() { sed -n "s/.*$2: \([0-9.]*\).*/\1/p" "$1" | head -1; }
line() { grep "^threads=$2 " "$1"; }
echo
echo "| what | threads | value | over 1 thread |"
echo "|---|---|---|---|"
for t in ${THREADS//,/ }; do
	l=$(line "$OUT/tourney.txt" "$t")
	echo "| round robin games/s | $t | $(echo "$l" | sed -n 's/.*games_per_s: \([0-9.]*\).*/\1/p') | $(echo "$l" | sed -n 's/.*over_1: \([0-9.]*\).*/\1/p')x |"
done
w1=
for t in ${THREADS//,/ }; do
	l=$(line "$OUT/mcts.txt" "$t")
	w=$(echo "$l" | sed -n 's/.*wall_per_choice: \([0-9.]*\).*/\1/p')
	c=$(echo "$l" | sed -n 's/.*sim_moves_per_cpu_s: \([0-9.]*\).*/\1/p')
	[ -z "$w1" ] && w1=$w c1=$c
	echo "| mcts wall s a move | $t | $w | $(awk -v a="$w1" -v b="$w" 'BEGIN{printf "%.2f", (b > 0 ? a / b : 0)}')x |"
	echo "| mcts sim moves per CPU s | $t | $c | $(awk -v a="$c1" -v b="$c" 'BEGIN{printf "%.2f", (a > 0 ? b / a : 0)}') |"
done
echo "| geominos playouts/s | 1 | $(val "$OUT/geominos.txt" playouts_per_s) | |"
echo "| geominos moves/s | 1 | $(val "$OUT/geominos.txt" moves_per_s) | |"
echo "| geominos mcts sim moves/s | 1 | $(val "$OUT/geominos-mcts.txt" sim_moves_per_s) | |"
one=$(val "$OUT/hw-1.txt" moves_per_s)
all=$(cat "$OUT"/hw-$n-*.txt | sed -n 's/^moves_per_s: //p' | awk '{s += $1} END {printf "%.0f", s / NR}')
echo "| hardware: hegemino moves/s a process | 1, $n copies | $one, $all | $(awk -v a="$one" -v b="$all" 'BEGIN{printf "%.2f", (a > 0 ? b / a : 0)}') |"
cpu_of() { sed -n 's/^threads=1 .*sim_moves_per_cpu_s: \([0-9]*\).*/\1/p' "$@"; }
mone=$(grep '^threads=1 ' "$OUT/mcts.txt" | sed -n 's/.*sim_moves_per_cpu_s: \([0-9]*\).*/\1/p')
mall=$(cpu_of "$OUT"/hwm-$n-*.txt | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}')
echo "| hardware: mcts sim moves per CPU s a process (median) | 1 thread, $n copies | $mone, $mall | $(awk -v a="$mone" -v b="$mall" 'BEGIN{printf "%.2f", (a > 0 ? b / a : 0)}') |"
echo "total: $(( $(date +%s) - start )) s"
