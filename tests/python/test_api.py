"""The state API itself: loading games and presets, errors, clones, notation both ways,
chance probabilities, serialization, the host's agents and the AEC loop."""

import math
import random
import unittest

import bones
from bones.env import AECEnv


def play_out(state, rng):
    while not state.is_terminal():
        state.apply_random_action(rng)
    return state


class Api(unittest.TestCase):
    def test_every_plugin_is_listed(self):
        self.assertEqual(sorted(bones.games()), ["dominoes", "geominos", "hegemino", "holomino"])

    def test_options_presets_and_variants_configure_the_game(self):
        self.assertEqual(bones.load_game("holomino", players=3).num_players(), 3)
        self.assertEqual(bones.load_game("hegemino-3p").num_players(), 3)
        self.assertIn("variant=draw", bones.load_game("dominoes", variant="draw").options)

    def test_bad_names_and_options_are_errors_that_say_why(self):
        with self.assertRaisesRegex(bones.BonesError, "players: 9 is out of range"):
            bones.load_game("holomino", players=9)
        with self.assertRaisesRegex(bones.BonesError, "colour"):
            bones.load_game("holomino", colour="red")
        with self.assertRaisesRegex(bones.BonesError, "chess"):
            bones.load_game("chess")

    def test_a_clone_is_independent(self):
        state = bones.load_game("holomino", seed=1).new_initial_state()
        rng = random.Random(1)
        for _ in range(5):
            state.apply_random_action(rng)
        copy = state.clone()
        before = str(state)
        play_out(copy, rng)
        self.assertEqual(str(state), before)
        self.assertEqual(copy.history()[:5], state.history())

    def test_notation_reads_back_and_bad_moves_are_refused(self):
        state = bones.load_game("dominoes", seed=2).new_initial_state()
        for action in state.legal_actions():
            self.assertEqual(state.string_to_action(state.action_to_string(action)), action)
        with self.assertRaisesRegex(bones.BonesError, "not a move of this game"):
            state.string_to_action("banana")
        with self.assertRaises(bones.BonesError):
            state.apply_action(0xFFFFFFFF)
        self.assertEqual(state.move_number(), 0)

    def test_chance_outcomes_sum_to_one(self):
        rng = random.Random(3)
        for name in bones.games():
            state = bones.load_game(name, seed=3).new_initial_state()
            seen = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    self.assertEqual(state.current_player(), bones.PlayerId.CHANCE)
                    total = sum(p for _, p in state.chance_outcomes())
                    self.assertTrue(math.isclose(total, 1.0), f"{name}: {total}")
                    seen += 1
                else:
                    self.assertEqual(state.chance_outcomes(), [])
                state.apply_random_action(rng)
            self.assertGreater(seen, 0, name)
            self.assertEqual(state.current_player(), bones.PlayerId.TERMINAL)
            self.assertEqual(state.legal_actions(), [])

    def test_returns_are_zero_sum_and_follow_the_ranks(self):
        state = play_out(bones.load_game("holomino", players=3, seed=4).new_initial_state(),
                         random.Random(4))
        returns, ranks = state.returns(), state.ranks()
        self.assertAlmostEqual(sum(returns), 0.0)
        best = ranks.index(min(ranks))
        self.assertEqual(max(returns), returns[best])

    def test_serialize_replays_the_same_state(self):
        game = bones.load_game("geominos", seed=5)
        state = play_out(game.new_initial_state(), random.Random(5))
        again = game.deserialize_state(state.serialize())
        self.assertEqual(str(again), str(state))
        self.assertEqual(again.returns(), state.returns())
        self.assertIn('[Seed "5"]', state.record())

    def test_the_hosts_agents_choose_legal_moves(self):
        game = bones.load_game("holomino", seed=6)
        agents = [bones.Agent("greedy", game, seed=1), bones.Agent("mcts iterations=50", seed=2)]
        state = game.new_initial_state()
        rng = random.Random(6)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_action(rng)
                continue
            action = agents[state.current_player()](state)
            self.assertIn(action, state.legal_actions())
            state.apply_action(action)
        with self.assertRaisesRegex(bones.BonesError, "unknown"):
            bones.Agent("mcts x=1", game)

    def test_the_aec_loop_plays_to_the_end(self):
        env = AECEnv("dominoes", players=3)
        env.reset(seed=7)
        rng = random.Random(7)
        steps = 0
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            self.assertIsInstance(observation, str)
            action = None if termination else rng.choice(info["legal_actions"])
            env.step(action)
            steps += 1
        self.assertGreater(steps, 3)
        self.assertAlmostEqual(sum(env.rewards.values()), 0.0)
        self.assertTrue(all(env.terminations.values()))


if __name__ == "__main__":
    unittest.main()
