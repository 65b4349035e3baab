"""Observation tensors ("bones.observation/1"): every plugin offers one, of a fixed
shape through a whole game, the same for equal states, and blind to what the player
cannot see: a resample of the hidden tiles leaves the player's tensor as it was."""

import random

import numpy
import pytest

import bones
from support import GAMES, dealt, games_count


def random_game(name, seed):
    """Every state of a random game of `name`, the initial and the terminal included."""
    state = bones.load_game(name, seed=seed).new_initial_state()
    rng = random.Random(seed)
    yield state
    while not state.is_terminal():
        state.apply_random_action(rng)
        yield state


@pytest.mark.parametrize("name", GAMES)
def test_the_shape_is_fixed_and_the_values_deterministic(name):
    game = bones.load_game(name)
    shape = game.observation_tensor_shape()
    assert shape and all(d > 0 for d in shape), shape
    views = set()
    for state in random_game(name, 11):
        for player in range(-1, game.num_players()):
            tensor = state.observation_tensor(player)
            assert tensor.shape == shape and tensor.dtype == numpy.float32
            assert numpy.isfinite(tensor).all()
            assert numpy.array_equal(tensor, state.clone().observation_tensor(player))
            views.add(tensor.tobytes())
    # the test can fail: the tensor follows the game
    assert len(views) > 10


@pytest.mark.parametrize("name", ["dominoes", "dominoes-draw", "hegemino-chaos"])
def test_hidden_tiles_of_others_do_not_change_a_tensor(name):
    game = bones.load_game(name)
    changed = 0
    for seed in range(max(2, games_count(500) // 100)):
        rng = random.Random(seed)
        for state in random_game(name, seed):
            if state.is_terminal():
                continue
            for player in range(-1, game.num_players()):
                other = state.resample_from_infostate(player, rng)
                assert numpy.array_equal(other.observation_tensor(player),
                                         state.observation_tensor(player)), \
                    f"{name} seed={seed} move {state.move_number()} player {player}"
                if other._buf.raw != state._buf.raw:
                    changed += 1
    assert changed > 0, f"{name}: a resample never changed the state"


def test_a_dominoes_tensor_shows_the_own_hand_only():
    state, _ = dealt("dominoes", 3)
    hands = [state.observation_tensor(p)[:28] for p in range(2)]
    assert hands[0].sum() == 7 and hands[1].sum() == 7
    assert not (hands[0] * hands[1]).any()  # nobody sees a tile of the other's hand
    assert state.observation_tensor(-1)[:28].sum() == 0


def test_a_bad_player_is_refused():
    state = bones.load_game("holomino").new_initial_state()
    with pytest.raises(bones.BonesError, match="out of range"):
        state.observation_tensor(2)
