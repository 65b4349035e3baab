"""pyspiel's surface on every game: dense actions and their mask, child, undo_action,
pickle and deepcopy, equality by position, get_type and utilities; wrong inputs raise
named exceptions; agents shared between threads neither crash nor play illegal moves."""

import copy
import os
import pickle
import random
import subprocess
import sys
import threading

import pytest

import bones
from support import BONES, GAMES, games_count


def random_game(name, seed, check):
    """Plays one random game of name, calling check(state) before each move."""
    state = bones.load_game(name, seed=seed).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        check(state)
        state.apply_random_action(rng)
    check(state)
    return state


@pytest.mark.parametrize("name", GAMES)
def test_dense_actions_are_in_range_and_the_mask_is_the_legal_list(name):
    game = bones.load_game(name)
    count = game.num_distinct_actions()

    def check(state):
        actions = state.legal_actions()
        if state.is_chance_node():
            return
        assert all(0 <= a < count for a in actions)
        assert len(set(actions)) == len(actions)
        mask = state.legal_actions_mask()
        assert len(mask) == count
        assert [a for a, bit in enumerate(mask) if bit] == actions
        moves = sorted(state.legal_moves())
        assert sorted(state.game.action_to_move(a) for a in actions) == moves
        for a in actions[:5]:
            assert state.string_to_action(state.action_to_string(a)) == a

    for seed in range(games_count(20) // 10 or 1):
        random_game(name, seed, check)


@pytest.mark.parametrize("name", GAMES)
def test_child_undo_pickle_deepcopy_and_equality(name):
    rng = random.Random(5)

    def check(state):
        assert state == state.clone()
        assert pickle.loads(pickle.dumps(state)) == state
        assert copy.deepcopy(state) == state
        assert pickle.loads(pickle.dumps(state)).history() == state.history()
        if state.is_terminal():
            return
        before = state.serialize()
        action = (rng.choices(*zip(*state.chance_outcomes()))[0] if state.is_chance_node()
                  else rng.choice(state.legal_actions()))
        player = state.current_player()
        child = state.child(action)
        after = state.clone()
        after.apply_action(action)
        assert child == after and child != state or child.is_terminal()
        after.undo_action(player, action)
        assert after == state and after.serialize() == before

    random_game(name, 3, check)


@pytest.mark.parametrize("name", ["dominoes", "holomino", "hegemino", "geominos", "allfives"])
def test_game_type_and_utilities(name):
    game = bones.load_game(name)
    kind = game.get_type()
    assert kind.short_name == name
    assert kind.chance_mode == "explicit_stochastic"
    assert kind.utility == "zero_sum"
    assert game.min_utility() == -1.0 and game.max_utility() == 1.0
    assert pickle.loads(pickle.dumps(game)) == game
    state = random_game(name, 1, lambda s: None)
    assert [state.player_return(p) for p in range(game.num_players())] == state.returns()
    assert -1.0 <= min(state.returns()) and max(state.returns()) <= 1.0


# Every game, and the presets whose rules change how long a game runs.
LENGTHS = GAMES + ["hegemino-solo-mega", "hegemino-dorothy", "hegemino-four-lights",
                   "hegemino-spheres", "hegemino-mega", "geominos-one-tile",
                   "geominos-five-tile", "geominos-4p", "holomino-brettspielnetz"]


@pytest.mark.parametrize("name", LENGTHS)
def test_max_game_length_bounds_every_random_game(name):
    bound = bones.load_game(name).max_game_length()
    longest = 0
    for seed in range(games_count(20)):
        plays = []
        random_game(name, seed, lambda s: plays.append(not s.is_chance_node()
                                                       and not s.is_terminal()))
        longest = max(longest, sum(plays))
    assert 0 < longest <= bound


def test_max_game_length_raises_only_for_a_plugin_that_states_none():
    """The test plugins: testgame has no "bones.actions/1", liar_none bounds its count
    to 10 by 10 moves (tests/plugins)."""
    plugins = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(BONES))),
                           "tests", "plugins")
    code = ("import bones\n"
            "print(bones.load_game('liar_none').max_game_length())\n"
            "try:\n"
            "    bones.load_game('testgame').max_game_length()\n"
            "except bones.BonesError as exc:\n"
            "    print(exc)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, BONES_PLUGIN_PATH=plugins), check=True).stdout
    assert out.splitlines()[0] == "10"
    assert "states no bound on a game's length" in out.splitlines()[1]


def test_wrong_inputs_raise_named_exceptions():
    state, rng = bones.load_game("dominoes", seed=2).new_initial_state(), random.Random(2)
    while state.is_chance_node():
        state.apply_random_action(rng)
    legal = state.legal_actions()[0]
    with pytest.raises(ValueError):
        state.apply_action(legal + 2**32)
    with pytest.raises(ValueError):
        state.apply_action(2**40)
    with pytest.raises(ValueError):
        state.apply_action(-1)
    with pytest.raises(TypeError):
        state.apply_action("27")
    with pytest.raises(TypeError):
        state.apply_action(1.0)
    for call in (state.observation_string, state.information_state_string,
                 state.resample_from_infostate, state.player_return):
        with pytest.raises(ValueError):
            call(7)
    with pytest.raises(ValueError):
        state.record(names=["one"])
    played = state.history()
    while not state.is_terminal():
        state.apply_random_action(rng)
    with pytest.raises(bones.BonesError, match="over"):
        state.apply_random_action(rng)
    with pytest.raises(bones.BonesError, match="over"):
        state.apply_action(legal)
    assert state.history()[:len(played)] == played


def test_the_rngs_exception_passes_and_names_reach_the_record():
    class Broken(random.Random):
        def getrandbits(self, k):
            raise RuntimeError("the rng broke")

    state = bones.load_game("dominoes", seed=4).new_initial_state()
    state.apply_random_action(random.Random(1))
    with pytest.raises(RuntimeError, match="the rng broke"):
        state.resample_from_infostate(0, Broken())
    assert '"Ada"' in state.record(names=["Ada", "Bob"])


def test_a_state_of_a_game_that_is_gone_raises():
    game = bones.load_game("holomino", seed=1)
    state = game.new_initial_state()
    game._forget()  # what the engine does before the host frees a game
    with pytest.raises(bones.BonesError, match="gone"):
        state.legal_actions()
    with pytest.raises(bones.BonesError, match="gone"):
        state.apply_action(0)


@pytest.mark.parametrize("name", ["dominoes", "holomino", "hegemino", "geominos", "allfives"])
def test_four_threads_share_one_mcts_and_one_greedy_agent(name):
    agents = [bones.Agent("mcts iterations=50", seed=1), bones.Agent("greedy", seed=2)]
    failures, moves = [], [0]
    lock = threading.Lock()

    def play(seed):
        try:
            rng = random.Random(seed)
            state = bones.load_game(name, seed=seed).new_initial_state()
            for turn in range(100 // 4):
                if state.is_terminal():
                    state = state.game.new_initial_state()
                while state.is_chance_node():
                    state.apply_random_action(rng)
                action = agents[turn % 2](state)
                assert action in state.legal_actions(), (name, seed, turn)
                state.apply_action(action)
                with lock:
                    moves[0] += 1
        except Exception as exc:  # reported below, with the thread's seed
            failures.append((seed, exc))

    threads = [threading.Thread(target=play, args=(seed,)) for seed in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    assert moves[0] == 100
