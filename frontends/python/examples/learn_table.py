#!/usr/bin/env python3
"""A small learning agent: a table of action values learned by self-play (every-visit
Monte Carlo: each move is credited with its mover's final return), then played greedily
on the table behind the engine protocol. The table's key is what a move gains its
mover at once (points, in bands), so it learns how much points now are worth, and
nothing about the game is written in: it plays any game that scores as it goes
(Holomino, Hegemino, Geominos; in dominoes points come only at the end).

    python3 learn_table.py train GAME table.json [GAMES]  # self-play, writes the table
    python3 learn_table.py play table.json                # an engine for bones tourney

docs/python.md runs it against random in a tournament."""

import json
import random
import sys

import bones
import bones.engine


def key(state, action):
    """The points the action gains its mover at once (negative where fewest points
    win), in bands of 5 up to 50."""
    me = state.current_player()
    after = state.clone()
    after.apply_action(action)
    gain = after.scores()[me] - state.scores()[me]
    if state.game.low_score_wins():
        gain = -gain
    return str(max(-50, min(50, int(gain // 5 * 5))))


def choose(table, state, rng, epsilon=0.0):
    actions = state.legal_actions()
    if rng.random() < epsilon:
        return rng.choice(actions)
    return max(actions, key=lambda a: (table.get(key(state, a), 0.0), rng.random()))


def train(name, games, seed=1, epsilon=0.3):
    """Self-play: epsilon-greedy on the table; every move's key moves towards the
    mover's return by a running mean."""
    rng = random.Random(seed)
    game = bones.load_game(name, seed=seed)
    table, counts = {}, {}
    for _ in range(games):
        state = game.new_initial_state()
        played = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_action(rng)
                continue
            action = choose(table, state, rng, epsilon)
            played.append((state.current_player(), key(state, action)))
            state.apply_action(action)
        returns = state.returns()
        for player, k in played:
            counts[k] = counts.get(k, 0) + 1
            table[k] = table.get(k, 0.0) + (returns[player] - table.get(k, 0.0)) / counts[k]
    return table


def main(argv):
    if len(argv) in (3, 4) and argv[0] == "train":
        table = train(argv[1], int(argv[3]) if len(argv) > 3 else 200)
        with open(argv[2], "w", encoding="utf-8") as f:
            json.dump(table, f, indent=1, sort_keys=True)
        return 0
    if len(argv) == 2 and argv[0] == "play":
        with open(argv[1], encoding="utf-8") as f:
            table = json.load(f)
        rng = random.Random(0)
        return bones.engine.serve(lambda state: choose(table, state, rng))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
