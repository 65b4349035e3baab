#!/usr/bin/env python3
"""The smallest engine: a uniformly random legal move. Seat it in a tournament with
    engine = python3 random_agent.py
(PYTHONPATH=BUILD/python from the build tree), or test it by hand: type
`new dominoes seat=1`, `play deal:?` ... `genmove` (docs/formats.md)."""

import random
import sys

import bones.engine


def choose(state):
    """The action for the player to move: any legal one."""
    return random.choice(state.legal_actions())


if __name__ == "__main__":
    sys.exit(bones.engine.serve(choose))
