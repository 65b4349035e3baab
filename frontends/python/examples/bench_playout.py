#!/usr/bin/env python3
"""Random playouts from Python, the loop an OpenSpiel user writes, the cost of one
call into a plugin and of an observation tensor: docs/python.md gives the figures.

    python3 bench_playout.py [SECONDS]"""

import importlib.util
import random
import sys
import time

import bones


def playouts(game, seconds, rng):
    """Random playouts of a Game for about `seconds`: (games, moves, player moves,
    elapsed); chance outcomes count as moves."""
    games = moves = player_moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                player_moves += 1
            moves += 1
        games += 1
    return games, moves, player_moves, time.perf_counter() - start


def per_call(n=200000):
    """Microseconds of one current_player() (the smallest call into a plugin)."""
    state = bones.load_game("holomino", seed=1).new_initial_state()
    start = time.perf_counter()
    for _ in range(n):
        state.current_player()
    return (time.perf_counter() - start) / n * 1e6


def per_tensor(name, n=20000):
    """Microseconds of one observation_tensor(0) (a numpy array each call), or None
    without numpy."""
    if importlib.util.find_spec("numpy") is None:  # observation_tensor needs it
        return None
    state = bones.load_game(name, seed=1).new_initial_state()
    start = time.perf_counter()
    for _ in range(n):
        state.observation_tensor(0)
    return (time.perf_counter() - start) / n * 1e6


def main(argv):
    seconds = float(argv[0]) if argv else 2.0
    rng = random.Random(1)
    print(f"one call into the plugin (current_player): {per_call():.2f} us")
    for name in bones.games():
        games, moves, _, took = playouts(bones.load_game(name, seed=1), seconds, rng)
        tensor = per_tensor(name)
        print(f"{name:10} {games / took:9.1f} playouts/s {moves / took:10.0f} moves/s "
              f"{took / moves * 1e6:7.1f} us/move"
              + (f" {tensor:6.2f} us/observation_tensor" if tensor else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
