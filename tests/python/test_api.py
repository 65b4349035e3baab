"""The state API itself: loading games and presets, errors, clones, notation both ways,
chance probabilities, serialization, the host's agents and the AEC loop."""

import math
import random

import pytest

import bones
from bones.env import AECEnv


def play_out(state, rng):
    while not state.is_terminal():
        state.apply_random_action(rng)
    return state


def test_every_plugin_is_listed():
    assert sorted(bones.games()) == ["allfives", "dominoes", "geominos", "hegemino", "holomino"]


def test_options_presets_and_variants_configure_the_game():
    assert bones.load_game("holomino", players=3).num_players() == 3
    assert bones.load_game("hegemino-3p").num_players() == 3
    assert "variant=draw" in bones.load_game("dominoes", variant="draw").options


def test_bad_names_and_options_are_errors_that_say_why():
    with pytest.raises(bones.BonesError, match="players: 9 is out of range"):
        bones.load_game("holomino", players=9)
    with pytest.raises(bones.BonesError, match="colour"):
        bones.load_game("holomino", colour="red")
    with pytest.raises(bones.BonesError, match="chess"):
        bones.load_game("chess")


def test_a_clone_is_independent():
    state = bones.load_game("holomino", seed=1).new_initial_state()
    rng = random.Random(1)
    for _ in range(5):
        state.apply_random_action(rng)
    copy = state.clone()
    before = str(state)
    play_out(copy, rng)
    assert str(state) == before
    assert copy.history()[:5] == state.history()


def test_notation_reads_back_and_bad_moves_are_refused():
    state = bones.load_game("dominoes", seed=2).new_initial_state()
    for action in state.legal_actions():
        assert state.string_to_action(state.action_to_string(action)) == action
    with pytest.raises(bones.BonesError, match="not a move of this game"):
        state.string_to_action("banana")
    with pytest.raises(bones.BonesError):
        state.apply_action(0xFFFFFFFF)
    assert state.move_number() == 0


@pytest.mark.parametrize("name", ["allfives", "dominoes", "geominos", "hegemino", "holomino"])
def test_chance_outcomes_sum_to_one(name):
    rng = random.Random(3)
    state = bones.load_game(name, seed=3).new_initial_state()
    seen = 0
    while not state.is_terminal():
        if state.is_chance_node():
            assert state.current_player() == bones.PlayerId.CHANCE
            total = sum(p for _, p in state.chance_outcomes())
            assert math.isclose(total, 1.0), f"{name}: {total}"
            seen += 1
        else:
            assert state.chance_outcomes() == []
        state.apply_random_action(rng)
    assert seen > 0
    assert state.current_player() == bones.PlayerId.TERMINAL
    assert state.legal_actions() == []


def test_returns_are_zero_sum_and_follow_the_ranks():
    state = play_out(bones.load_game("holomino", players=3, seed=4).new_initial_state(),
                     random.Random(4))
    returns, ranks = state.returns(), state.ranks()
    assert sum(returns) == pytest.approx(0.0)
    best = ranks.index(min(ranks))
    assert max(returns) == returns[best]


def test_serialize_replays_the_same_state():
    game = bones.load_game("geominos", seed=5)
    state = play_out(game.new_initial_state(), random.Random(5))
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)
    assert again.returns() == state.returns()
    assert '[Seed "5"]' in state.record()


def test_the_hosts_agents_choose_legal_moves():
    game = bones.load_game("holomino", seed=6)
    agents = [bones.Agent("greedy", game, seed=1), bones.Agent("mcts iterations=50", seed=2)]
    state = game.new_initial_state()
    rng = random.Random(6)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_action(rng)
            continue
        action = agents[state.current_player()](state)
        assert action in state.legal_actions()
        state.apply_action(action)
    with pytest.raises(bones.BonesError, match="unknown"):
        bones.Agent("mcts x=1", game)


def test_the_aec_loop_plays_to_the_end():
    env = AECEnv("dominoes", players=3)
    env.reset(seed=7)
    rng = random.Random(7)
    steps = 0
    for _ in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        assert isinstance(observation, str)
        action = None if termination else rng.choice(info["legal_actions"])
        env.step(action)
        steps += 1
    assert steps > 3
    assert sum(env.rewards.values()) == pytest.approx(0.0)
    assert all(env.terminations.values())
