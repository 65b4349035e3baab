"""The Python state API against `bones engine`: random games of every plugin (and of
presets with other players and rules) played through both, with the same legal moves in
the same order, the same player to move, the same scores and the same record.
BONES_PY_GAMES sets the games per configuration (default 500: 1,000 a plugin)."""

import math
import random

import pytest

import bones
from support import GAMES, Engine, games_count, record_moves_and_result


def play(engine, name, seed, rng):
    """One random game through the state API and the engine side by side; its moves."""
    game = bones.load_game(name, seed=seed)
    state = game.new_initial_state()
    replies = engine.ask(f"new {name} seed={seed}", "tomove", "legal")
    assert replies[0] == "ok", name
    while True:
        tomove, legal = replies[-2], replies[-1]
        who = state.current_player()
        expected = {bones.PlayerId.CHANCE: "chance",
                    bones.PlayerId.TERMINAL: "over"}.get(who, f"player {who + 1}")
        where = f"{name} seed={seed} move {state.move_number() + 1}"
        assert tomove == expected, where
        # the engine lists the plugin's order; legal_actions() is sorted, as pyspiel's
        moves = state.legal_moves()
        actions = ([state.game.move_to_action(m) for m in moves] if state.is_player_node()
                   else moves)
        assert sorted(actions) == state.legal_actions(), where
        words = [state.action_to_string(a) for a in actions]
        assert legal == " ".join(["legal", str(len(words))] + words), where
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert math.isclose(sum(p for _, p in outcomes), 1.0), where
            assert [a for a, _ in outcomes] == actions, where
        action = rng.choice(actions)
        word = words[actions.index(action)]
        assert state.string_to_action(word) == action, where
        state.apply_action(action)
        replies = engine.ask(f"play {word}", "tomove", "legal")
        assert replies[0] == "ok", where
    scores, record = engine.ask("scores", "record")
    assert scores == "scores " + " ".join(f"{s:g}" for s in state.scores()), name
    assert (record_moves_and_result(state.record())
            == record_moves_and_result(record)), f"{name} seed={seed}"
    assert sum(state.returns()) == pytest.approx(0.0)
    return state.move_number()


@pytest.mark.parametrize("name", GAMES)
def test_random_games_agree_with_the_engine(name):
    count = games_count(500)  # two or more configurations: 1,000 games a plugin
    engine = Engine()
    rng = random.Random(name)
    try:
        moves = sum(play(engine, name, 1000 + i, rng) for i in range(count))
    finally:
        engine.close()
    assert moves > count
