#!/bin/sh
# Engines in a hurry, on the real clock (a measurement, not a test: the host's timeout
# is wall-clock time): GAMES games of 4-player draw dominoes between 4 `bones engine
# --agent random` players at MS a move, once as the machine is and once beside LOAD
# busy processes (started here, killed however this ends). Prints each run's forfeits
# and whether the two runs' standings (and games) are the same; exits 1 when a run
# forfeited or the standings differ.
#   usage: tests/bench/engines.sh BUILD_DIR OUT_DIR   (GAMES=100 MS=60 LOAD=2 SEED=11)
set -u
if [ $# -ne 2 ]; then
	echo "usage: $0 BUILD_DIR OUT_DIR" >&2
	exit 2
fi
bones=$1/bin/bones out=$2
games=${GAMES:-100} ms=${MS:-60} load=${LOAD:-2} seed=${SEED:-11}
[ -x "$bones" ] || { echo "$0: no $bones" >&2; exit 2; }
mkdir -p "$out" && rm -rf "$out/idle" "$out/loaded" || exit 2
export BONES_PLUGIN_PATH=$1/lib/bones/plugins
. "$(dirname "$0")/../busy.sh"
ini=$out/engines.ini
printf '[tourney]\nname = engines\nseed = %s\nrounds = %s\ntime_per_move = %sms
[game.draw4]\nplugin = dominoes\nvariant = draw\nplayers = 4\n' "$seed" "$games" "$ms" >"$ini"
for i in 1 2 3 4; do
	printf '[player.e%d]\nengine = "%s" engine --agent random\n' "$i" "$bones" >>"$ini"
done
rc=0
run() { # NAME: one tournament into $out/NAME, its forfeits printed
	start=$(date +%s)
	"$bones" tourney "$ini" --output "$out/$1" --quiet >"$out/$1.log" 2>&1 ||
		{ echo "$1: the tournament exited $?: $(tail -2 "$out/$1.log")"; rc=1; }
	ff=$(awk -F, 'NR > 1 && $13 != ""' "$out/$1/games.csv" 2>/dev/null | wc -l)
	echo "$1: $games games at $ms ms a move, $ff forfeits, $(($(date +%s) - start)) s" \
		"(load average $(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo ?))"
	awk -F, 'NR > 1 && $13 != "" { print "  " $13 }' "$out/$1/games.csv" | head -5
	[ "$ff" = 0 ] || rc=1
}
run idle
start_busy "$load"
run loaded
stop_busy
if cmp -s "$out/idle/standings.csv" "$out/loaded/standings.csv"; then
	echo "standings: the same idle and beside $load busy processes"
else
	echo "standings: DIFFER idle and beside $load busy processes"
	rc=1
fi
cmp -s "$out/idle/games.csv" "$out/loaded/games.csv" && echo "games: the same" ||
	echo "games: differ"
exit $rc
