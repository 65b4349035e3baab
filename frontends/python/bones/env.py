"""A PettingZoo-style AEC loop (agent_iter, last, step) over a Bones game, without
depending on PettingZoo: chance is resolved by the environment's seeded RNG,
observations are observation_string() texts, rewards the returns at the end.

    env = bones.env.AECEnv("dominoes", players=3)
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination else choose(observation, info["legal_actions"])
        env.step(action)

Actions are the plugin's move numbers (info["legal_actions"], info["state"] for the
whole State); the game has no fixed-size action space, so there is no action mask."""

import random as _random

from .game import Game, load_game


class AECEnv:
    def __init__(self, game, seed=None, **options):
        self.game = game if isinstance(game, Game) else load_game(game, seed=seed, **options)
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        self._rng = _random.Random(seed)
        self.agents = []
        self.agent_selection = None

    def reset(self, seed=None, options=None):
        """A new game; seed reseeds the chance of this and later games."""
        if seed is not None:
            self._rng.seed(seed)
        self.state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {"legal_actions": []} for a in self.agents}
        self._advance()

    def _advance(self):
        """Resolve chance, then select the player to move, or end the game."""
        while self.state.is_chance_node():
            self.state.apply_random_action(self._rng)
        for a in self.agents:
            self.infos[a] = {"legal_actions": [], "state": self.state}
        if self.state.is_terminal():
            for a, value in zip(self.possible_agents, self.state.returns()):
                self.rewards[a] = value
                self._cumulative_rewards[a] += value
                self.terminations[a] = True
            self.agent_selection = self.agents[0] if self.agents else None
            return
        self.agent_selection = self.possible_agents[self.state.current_player()]
        self.infos[self.agent_selection]["legal_actions"] = self.state.legal_actions()

    def observe(self, agent):
        return self.state.observation_string(self.possible_agents.index(agent))

    def last(self):
        """(observation, cumulative reward, termination, truncation, info) of the agent
        selected."""
        a = self.agent_selection
        return (self.observe(a), self._cumulative_rewards[a], self.terminations[a],
                self.truncations[a], self.infos[a])

    def step(self, action):
        """Play action for the selected agent; after the end each agent steps None once
        and leaves (PettingZoo's dead step)."""
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            if action is not None:
                raise ValueError(f"{a}: the game is over: step(None)")
            self.agents.remove(a)
            self.agent_selection = self.agents[0] if self.agents else None
            return
        self._cumulative_rewards[a] = 0.0
        self.state.apply_action(action)
        self._advance()

    def agent_iter(self, max_iter=2 ** 63):
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self):
        return str(self.state)

    def close(self):
        pass
