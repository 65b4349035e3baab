#!/bin/bash
# `mpirun -n 3 bones tourney FILE --mpi` on loopback gives exactly the results of the
# single-process run of the same seed (a duplicate round-robin and a Swiss). Skipped
# when mpirun is missing or this build has no MPI. $1 build, $2 source.
set -u
build=$1
bones=$build/bin/bones
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export BONES_PLUGIN_PATH= OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader,tcp OMPI_MCA_btl_tcp_if_include=lo OMPI_MCA_oob_tcp_if_include=lo
# Open MPI leaves its own allocations at exit (in components it dlopens, so LSan
# suppressions cannot name them); the non-MPI tests check Bones' own code for leaks.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

if ! command -v mpirun >/dev/null; then echo "SKIP: tourney mpi: no mpirun"; exit 77; fi
cat >"$tmp/rr.ini" <<INI
[tourney]
name = mpi
rounds = 2
seed = 12
duplicate = true
[game.dom]
plugin = dominoes
variant = draw
[game.holo]
plugin = holomino
[player.a]
agent = random
[player.b]
agent = greedy
[player.c]
agent = random
INI
if "$bones" tourney "$tmp/rr.ini" --mpi --output "$tmp/x" 2>&1 | grep -q "without MPI"; then
	echo "SKIP: tourney mpi: built without MPI"; exit 77
fi
sed 's/^name = mpi/name = mpi-swiss\nformat = swiss/' "$tmp/rr.ini" >"$tmp/swiss.ini"
for f in rr swiss; do
	"$bones" tourney "$tmp/$f.ini" --output "$tmp/$f-one" --quiet || fail "$f: single run exited $?"
	timeout 120 mpirun --oversubscribe -n 3 "$bones" tourney "$tmp/$f.ini" --mpi \
		--output "$tmp/$f-mpi" --quiet >"$tmp/$f.log" 2>&1 || fail "$f: mpirun exited $?: $(tail -5 "$tmp/$f.log")"
	cmp -s "$tmp/$f-one/games.csv" "$tmp/$f-mpi/games.csv" ||
		{ fail "$f: MPI results differ"; diff "$tmp/$f-one/games.csv" "$tmp/$f-mpi/games.csv" | head -5; }
done

[ $failures = 0 ] && echo "tourney mpi: all passed"
exit $((failures > 0))
