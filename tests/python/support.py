"""Shared by the Python suites: the build's `bones` program and a client of its engine
protocol (docs/formats.md). tests/test_python.sh sets BONES_BIN and PYTHONPATH."""

import os
import random
import subprocess

import bones

BONES = os.environ.get("BONES_BIN", "bones")
# Every plugin, and presets that change its players or rules.
GAMES = ["dominoes", "dominoes-draw", "geominos", "geominos-3p", "hegemino", "hegemino-3p",
         "hegemino-chaos",
         "holomino", "holomino-4p", "allfives", "allfives-partners"]


def games_count(default):
    """Random games per game: BONES_PY_GAMES overrides the suite's default."""
    return int(os.environ.get("BONES_PY_GAMES", default))


class Engine:
    """`bones engine` on a pipe; ask() sends command lines at once and reads one reply
    line for each (a block reply, ended by ".", for show and record)."""

    def __init__(self, *args):
        self.proc = subprocess.Popen([BONES, "engine", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, *lines):
        self.proc.stdin.write("".join(line + "\n" for line in lines))
        self.proc.stdin.flush()
        replies = []
        for line in lines:
            reply = self.proc.stdout.readline().rstrip("\n")
            if line in ("record", "show"):
                block = []
                while reply != ".":
                    block.append(reply[1:] if reply.startswith("..") else reply)
                    reply = self.proc.stdout.readline().rstrip("\n")
                reply = "\n".join(block)
            replies.append(reply)
        return replies

    def close(self):
        self.ask("quit")
        self.proc.stdin.close()
        self.proc.wait()
        self.proc.stdout.close()


def record_moves_and_result(text):
    """The tags that define a game (Game, Options, Seed, Result) and the move lines of a
    record; names and the date differ by who wrote it."""
    keep = []
    for line in text.splitlines():
        if line.startswith("[") and not line.startswith(("[Game ", "[Options ", "[Seed ",
                                                         "[Result ", "[Players ")):
            continue
        keep.append(line.split(" ;")[0].rstrip())
    return [line for line in keep if line and not line.startswith(";")]


def dealt(name, seed):
    """A state of `name` after its opening chance nodes, and the generator used."""
    state = bones.load_game(name, seed=seed).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_random_action(rng)
    return state, rng
