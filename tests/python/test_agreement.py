"""The Python state API against `bones engine`: random games of every plugin (and of
presets with other players and rules) played through both, with the same legal moves in
the same order, the same player to move, the same scores and the same record.
BONES_PY_GAMES sets the games per configuration (default 500: 1,000 a plugin)."""

import math
import random
import unittest

import bones
from support import GAMES, Engine, games_count, record_moves_and_result


class Agreement(unittest.TestCase):
    def play(self, engine, name, seed, rng):
        game = bones.load_game(name, seed=seed)
        state = game.new_initial_state()
        replies = engine.ask(f"new {name} seed={seed}", "tomove", "legal")
        self.assertEqual(replies[0], "ok", name)
        while True:
            tomove, legal = replies[-2], replies[-1]
            who = state.current_player()
            expected = {bones.PlayerId.CHANCE: "chance",
                        bones.PlayerId.TERMINAL: "over"}.get(who, f"player {who + 1}")
            where = f"{name} seed={seed} move {state.move_number() + 1}"
            self.assertEqual(tomove, expected, where)
            actions = state.legal_actions()
            words = [state.action_to_string(a) for a in actions]
            self.assertEqual(legal, " ".join(["legal", str(len(words))] + words), where)
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                self.assertTrue(math.isclose(sum(p for _, p in outcomes), 1.0), where)
                self.assertEqual([a for a, _ in outcomes], actions, where)
            action = rng.choice(actions)
            self.assertEqual(state.string_to_action(words[actions.index(action)]), action)
            state.apply_action(action)
            replies = engine.ask(f"play {words[actions.index(action)]}", "tomove", "legal")
            self.assertEqual(replies[0], "ok", where)
        scores, record = engine.ask("scores", "record")
        self.assertEqual(scores, "scores " + " ".join(f"{s:g}" for s in state.scores()), name)
        self.assertEqual(record_moves_and_result(state.record()),
                         record_moves_and_result(record), f"{name} seed={seed}")
        self.assertAlmostEqual(sum(state.returns()), 0.0)
        return state.move_number()

    def test_random_games_agree_with_the_engine(self):
        count = games_count(500)  # two or more configurations: 1,000 games a plugin
        for name in GAMES:
            with self.subTest(game=name):
                engine = Engine()
                rng = random.Random(name)
                try:
                    moves = sum(self.play(engine, name, 1000 + i, rng) for i in range(count))
                finally:
                    engine.close()
                self.assertGreater(moves, count)


if __name__ == "__main__":
    unittest.main()
