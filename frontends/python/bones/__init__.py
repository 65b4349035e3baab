"""Bones from Python: the games of the Bones plugins in OpenSpiel's words, the host's
agents, and Python agents that play in `bones tourney` (docs/python.md).

    import bones
    game = bones.load_game("holomino", players=3)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_random_action()
    print(state.returns())
"""

from ._lib import BonesError
from . import env
from .agent import Agent, agent_kinds
from .game import Game, PlayerId, State, games, load_game

__all__ = ["Agent", "BonesError", "Game", "PlayerId", "State", "agent_kinds", "env", "games",
           "load_game"]
