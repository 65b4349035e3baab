"""The batch API (game.new_initial_states, bones.batch.States: N games stepped in C) on
every game against the single-state API: the same legal actions, mask, observations,
moves and returns; the same seed gives the same games; wrong input raises; and the
package without numpy still plays one state at a time."""

import os
import subprocess
import sys

import numpy
import pytest

import bones
from support import GAMES

N = 8


def pick(states, rng):
    """A uniformly random legal action of each game, -1 for a game that is over."""
    actions, offsets = states.legal_actions()
    counts = numpy.diff(offsets)
    chosen = numpy.full(len(states), -1, dtype=numpy.int64)
    for i in numpy.flatnonzero(counts):
        chosen[i] = actions[offsets[i] + rng.integers(counts[i])]
    return chosen


@pytest.mark.parametrize("name", GAMES)
def test_a_batch_agrees_with_its_states_move_by_move(name):
    game = bones.load_game(name, seed=3)
    states = game.new_initial_states(N, seed=3)
    assert states.num_distinct_actions() == game.num_distinct_actions()
    rng = numpy.random.default_rng(3)
    finished = steps = 0
    while finished < N and steps < 2000:  # N games finished: some restarted
        steps += 1
        players = states.current_player()
        actions, offsets = states.legal_actions()
        mask = states.legal_actions_mask()
        assert mask.shape == (N, game.num_distinct_actions())
        tensors = states.observation_tensor()
        returns = states.returns()
        chosen = pick(states, rng)
        children = []
        for i in range(N):
            one = states.state(i)
            assert players[i] == one.current_player() and not one.is_chance_node()
            legal = one.legal_actions()
            assert sorted(actions[offsets[i]:offsets[i + 1]]) == legal
            assert list(numpy.flatnonzero(mask[i])) == legal
            viewer = players[i] if players[i] >= 0 else -1
            assert numpy.array_equal(tensors[i], one.observation_tensor(viewer))
            assert list(returns[i]) == one.returns()
            children.append(one.child(int(chosen[i])) if legal else one)
        states.apply_actions(chosen)
        for i, child in enumerate(children):
            if not child.is_chance_node():  # else the batch drew chance on
                assert states.state(i) == child
        finished += int(states.reset_finished().sum())
    assert finished >= N


def test_the_same_seed_gives_the_same_games():
    game = bones.load_game("holomino", seed=1)
    one, two = game.new_initial_states(4, seed=9), game.new_initial_states(4, seed=9)
    other = game.new_initial_states(4, seed=10)
    rng = numpy.random.default_rng(1)
    for _ in range(20):
        chosen = pick(one, rng)
        one.apply_actions(chosen)
        two.apply_actions(chosen)
    assert all(one.state(i) == two.state(i) for i in range(4))
    assert one.state(0) != other.state(0) or one.state(1) != other.state(1)


def test_reset_restarts_the_games_named():
    game = bones.load_game("dominoes", seed=1)
    states = game.new_initial_states(3, seed=1)
    states.apply_actions(pick(states, numpy.random.default_rng(1)))
    played = [states.state(i) for i in range(3)]
    states.reset([True, False, False])
    assert states.state(0) != played[0]
    assert [states.state(i) for i in (1, 2)] == played[1:]
    assert list(states.reset_finished()) == [False] * 3
    states.reset()
    assert all(states.state(i) != played[i] for i in range(3))
    with pytest.raises(ValueError, match="3 values"):
        states.reset([True])


def test_wrong_input_raises_and_plays_nothing():
    game = bones.load_game("dominoes", seed=1)
    states = game.new_initial_states(4, seed=1)
    before = [states.state(i) for i in range(4)]
    legal = pick(states, numpy.random.default_rng(1))
    with pytest.raises(ValueError, match="4 integers"):
        states.apply_actions(legal[:3])
    with pytest.raises(ValueError, match="integers"):
        states.apply_actions(legal.astype(float))
    for bad in (2 ** 40, game.num_distinct_actions(), -1, -5):
        wrong = legal.copy()
        wrong[2] = bad
        with pytest.raises(ValueError, match="game 2: action"):
            states.apply_actions(wrong)
    assert [states.state(i) for i in range(4)] == before
    mask = states.legal_actions_mask()
    wrong = legal.copy()
    wrong[1] = int(numpy.flatnonzero(~mask[1])[0])
    with pytest.raises(bones.BonesError, match="game 1: action .* is not legal"):
        states.apply_actions(wrong)
    assert states.state(1) == before[1] and states.state(0) != before[0]
    with pytest.raises(bones.BonesError, match="came from a batch"):
        states.state(0).record()
    with pytest.raises(IndexError):
        states.state(4)
    with pytest.raises(ValueError):
        game.new_initial_states(0)
    with pytest.raises(bones.BonesError, match="player 5: out of range|viewer 5"):
        states.observation_tensor(5)


def test_max_moves_bounds_one_state_and_max_game_length_a_game():
    game = bones.load_game("holomino")
    assert game.max_game_length() == 80  # 40 tiles x 2 players (holomino/actions.c)
    assert game.max_moves() >= len(bones.load_game("holomino").new_initial_state().legal_actions())


def test_the_package_plays_without_numpy():
    code = ("import sys; sys.modules['numpy'] = None\n"
            "import random, bones\n"
            "s = bones.load_game('dominoes', seed=1).new_initial_state()\n"
            "while not s.is_terminal(): s.apply_random_action(random.Random(1))\n"
            "try:\n"
            "    s.game.new_initial_states(2)\n"
            "except ImportError as e:\n"
            "    print('refused:', e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=os.environ, check=True).stdout
    assert "refused: the batch API needs numpy (Debian: apt install python3-numpy)" in out
