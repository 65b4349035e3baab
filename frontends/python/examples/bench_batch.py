#!/usr/bin/env python3
"""Random play one state at a time (the loop an OpenSpiel user writes) against the
batch API (game.new_initial_states: N games stepped in C, numpy in and out), side by
side; docs/python.md gives the figures.

    python3 bench_batch.py [--seconds S] [--repeats R] [--games N] [GAME ...]

Prints, per game, the median over R runs of moves a second each way (player moves and
chance outcomes both count as moves in the loop; the batch resolves chance in C and
counts player moves only) and their ratio."""

import argparse
import random
import statistics
import sys
import time

import bones
from bench_playout import playouts  # beside this script


def per_state(game, seconds, rng):
    """(moves/s, player moves/s) of random play through State (bench_playout.py's
    loop: chance drawn as pyspiel's users do)."""
    _, moves, player_moves, took = playouts(game, seconds, rng)
    return moves / took, player_moves / took


def batched(game, seconds, n, seed):
    """Player moves a second of random play of n games at once through the batch API:
    a uniformly random legal action of each game drawn with numpy."""
    import numpy

    rng = numpy.random.default_rng(seed)
    games = game.new_initial_states(n, seed=seed)
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions, offsets = games.legal_actions()
        counts = numpy.diff(offsets)
        live = counts > 0
        pick = offsets[:-1] + (rng.random(n) * counts).astype(numpy.int64)
        chosen = numpy.where(live, actions[numpy.minimum(pick, len(actions) - 1)], -1)
        games.apply_actions(chosen)
        moves += int(live.sum())
        games.reset_finished()
    return moves / (time.perf_counter() - start)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--games", type=int, default=256, help="games in the batch")
    ap.add_argument("names", nargs="*", default=["dominoes", "holomino"])
    args = ap.parse_args(argv)
    batch = hasattr(bones.game.Game, "new_initial_states")
    print("game        loop moves/s  loop us/move  loop player moves/s"
          + ("  batch player moves/s  batch us/move  ratio" if batch else ""))
    for name in args.names:
        game = bones.load_game(name, seed=1)
        loop, player, fast = [], [], []
        for r in range(args.repeats):
            m, p = per_state(game, args.seconds, random.Random(r))
            loop.append(m)
            player.append(p)
            if batch:
                fast.append(batched(game, args.seconds, args.games, r))
        m, p = statistics.median(loop), statistics.median(player)
        line = f"{name:10} {m:13,.0f} {1e6 / m:13.2f} {p:20,.0f}"
        if batch:
            f = statistics.median(fast)
            line += f" {f:21,.0f} {1e6 / f:14.3f} {f / p:6.1f}x"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
