"""Hidden information: what a seat may not see stays out of its observation and its
information state, and resample_from_infostate changes only that."""

import random

import pytest

import bones
from support import dealt, games_count

# hegemino hides the removed dominoes only with chaos=hidden (its chaos preset)
HIDDEN = ["dominoes", "dominoes-draw", "hegemino-chaos"]


def random_states(name, games, seed):
    """Every player node of `games` random games."""
    rng = random.Random(seed)
    game = bones.load_game(name, seed=seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_player_node():
                yield state, rng
            state.apply_random_action(rng)


def test_hidden_games_say_so():
    for name in HIDDEN:
        assert bones.load_game(name).has_hidden_information(), name
    assert not bones.load_game("holomino").has_hidden_information()


@pytest.mark.parametrize("name", HIDDEN)
def test_a_resample_changes_only_what_the_player_cannot_see(name):
    changed = 0
    for state, rng in random_states(name, max(4, games_count(500) // 25), 7):
        for player in range(state.game.num_players()):
            other = state.resample_from_infostate(player, rng)
            assert other.observation_string(player) == state.observation_string(player)
            assert other.observation_string(-1) == state.observation_string(-1)
            changed += other._buf.raw != state._buf.raw
    # the test can fail: what was drawn again differs from the real state
    assert changed > 0, f"{name}: a resample never changed the state"


def test_another_players_tiles_are_not_in_an_observation():
    # dominoes: the spectator's view shows no hand; a player's shows their own
    state, rng = dealt("dominoes", 3)
    views = [state.observation_string(p) for p in range(2)]
    assert views[0] != views[1]
    for p in range(2):
        assert state.resample_from_infostate(p, rng).observation_string(p) == views[p]


def test_the_information_state_masks_deals_to_others():
    state, _ = dealt("dominoes", 5)
    info = [state.information_state_string(p).splitlines()[-1].split() for p in range(2)]
    for p in range(2):
        assert len(info[p]) == 14
        assert info[p].count("deal:?") == 7, info[p]
    # what player 1 sees of the deal is hidden from player 2, and the other way
    mine = [i for i, word in enumerate(info[0]) if word != "deal:?"]
    assert all(info[1][i] == "deal:?" for i in mine)
