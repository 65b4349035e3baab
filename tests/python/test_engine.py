"""A Python agent behind the engine protocol (bones.engine.serve): by hand it answers
genmove with a legal move, and an agent's exception or wrong answer with an error line
naming it, which a tournament keeps as the forfeit's reason; in a 100-game
tournament (dominoes with hidden deals, Holomino) it never forfeits, both as a script
and as `python3 -m bones.engine MODULE:NAME`."""

import csv
import os
import re
import shutil
import subprocess
import sys

import pytest

from support import BONES

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "..", "frontends", "python",
                       "examples", "random_agent.py")


def talk(args, lines, cwd=None):
    """Runs a Python engine with `lines` on its input; its completed process."""
    return subprocess.run([sys.executable, *args], input="".join(l + "\n" for l in lines),
                          capture_output=True, text=True, cwd=cwd, timeout=120)


def test_genmove_after_the_deal_is_a_legal_move():
    out = talk([EXAMPLE], ["new dominoes seed=4", "roll", "genmove", "quit"])
    move = out.stdout.splitlines()[2]
    assert re.match(r"move [0-6]-[0-6]", move), out.stdout


def genmove_of(tmp_path, body):
    """The replies of an engine whose agent is `def choose(state):` + body, and its
    stderr, to a Holomino game's genmove then tomove."""
    (tmp_path / "broken.py").write_text("import sys\n\ndef choose(state):\n" + body + "\n")
    env = dict(os.environ, PYTHONPATH=f"{os.environ['PYTHONPATH']}:{tmp_path}")
    out = subprocess.run([sys.executable, "-m", "bones.engine", "broken:choose"],
                         input="new holomino seed=1\nroll\ngenmove\ntomove\nquit\n",
                         capture_output=True, text=True, env=env, timeout=120)
    return out.stdout.splitlines()[2:4], out.stderr


def test_a_failing_agent_answers_its_exception_and_the_engine_goes_on(tmp_path):
    lines, stderr = genmove_of(tmp_path, "    raise RuntimeError('no idea')")
    assert lines == ["error: genmove: RuntimeError: no idea (broken.py:4 in choose)",
                     "player 1"]
    assert "Traceback" in stderr and "raise RuntimeError('no idea')" in stderr


@pytest.mark.parametrize("body,why", [
    ("    return 10 ** 9", "the agent answered 1000000000: action 1000000000: out of range"),
    ("    return -1", "the agent answered -1: action -1: out of range"),
    ("    return None", "the agent answered None: action must be an integer, not NoneType"),
    ("    return 'zz'", "the agent answered 'zz': 'zz': not a move of this game"),
    ("    return [a for a in range(state.game.num_distinct_actions())\n"
     "            if a not in state.legal_actions()][0]", "not legal here"),
    ("    sys.exit(3)", "error: genmove: SystemExit: 3 (broken.py:4 in choose)"),
])
def test_a_wrong_answer_is_named_in_the_error(tmp_path, body, why):
    lines, _ = genmove_of(tmp_path, body)
    assert lines[0].startswith("error: genmove: ") and why in lines[0], lines
    assert lines[1] == "player 1"


def test_no_argument_is_a_usage_error():
    assert talk(["-m", "bones.engine"], []).returncode != 0


TOURNEY = """[tourney]
name = python
seed = 31
rounds = 5
concurrency = 2
time_per_move = 5s
[game.dom]
plugin = dominoes
variant = draw
[game.holo]
plugin = holomino
[player.script]
engine = "{py}" "{example}"
[player.module]
engine = "{py}" -m bones.engine random_agent:choose
[player.host]
engine = "{py}" -m bones.engine --agent=greedy
[player.random]
agent = random
[player.greedy]
agent = greedy
"""


def tourney_rows(tmp_path):
    """Runs tmp_path/t.ini (its agents importable from tmp_path); games.csv's rows."""
    env = dict(os.environ, PYTHONPATH=f"{os.environ['PYTHONPATH']}:{tmp_path}")
    out = subprocess.run([BONES, "tourney", "t.ini", "--output", "out", "--quiet"],
                         cwd=tmp_path, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    with open(tmp_path / "out" / "games.csv", newline="") as f:
        return list(csv.reader(f))


def test_a_100_game_tournament_has_no_forfeit(tmp_path):
    # 5 participants, 2 seats, 2 games, rounds 5: 10 pairs x 2 x 5 = 100 games
    shutil.copy(EXAMPLE, tmp_path / "random_agent.py")
    (tmp_path / "t.ini").write_text(TOURNEY.format(py=sys.executable,
                                                   example=os.path.abspath(EXAMPLE)))
    rows = tourney_rows(tmp_path)
    header, seats = rows[0], rows[1:]
    assert len(seats) == 200, f"expected 100 games (200 seats), got {len(seats)} seats"
    player, rank, forfeit = (header.index(k) for k in ("player", "rank", "forfeit"))
    assert [r for r in seats if r[forfeit]] == []
    for name in ("script", "module", "host"):
        assert any(r[player] == name and r[rank] in ("1", "2") for r in seats), \
            f"{name} never finished a game"


def raiser_tourney(tmp_path, body, engine="-m bones.engine raiser:choose"):
    """tmp_path/t.ini: Holomino, `random` against the engine `python3 ENGINE` named
    raiser, where raiser.py's choose(state) is body."""
    (tmp_path / "raiser.py").write_text(f"def choose(state):\n    {body}\n")
    (tmp_path / "t.ini").write_text(
        "[tourney]\nname = raise\nseed = 1\nrounds = 1\n[game.holo]\nplugin = holomino\n"
        f'[player.raiser]\nengine = "{sys.executable}" {engine}\n'
        "[player.random]\nagent = random\n")


def raiser_forfeits(tmp_path, body):
    """The forfeit reasons of games.csv after raiser_tourney's tournament."""
    raiser_tourney(tmp_path, body)
    rows = tourney_rows(tmp_path)
    forfeit = rows[0].index("forfeit")
    return [r[forfeit] for r in rows[1:] if r[forfeit]]


def test_a_tournament_names_the_exception_of_an_engine_that_raises(tmp_path):
    reasons = raiser_forfeits(tmp_path, "return 1 // 0")
    assert reasons and all("ZeroDivisionError: integer division or modulo by zero "
                           "(raiser.py:2 in choose)" in r for r in reasons), reasons


def test_a_tournament_keeps_a_long_exception_and_the_engines_stderr(tmp_path):
    message = "the position has " + "no good move, " * 12 + "so I give up"
    reasons = raiser_forfeits(tmp_path, f"raise ValueError({message!r})")
    assert len(message) > 150  # past the cut of 100 characters the reason once had
    assert reasons and all(f"ValueError: {message} (raiser.py:2 in choose)" in r
                           for r in reasons), reasons
    log = (tmp_path / "out" / "engines" / "raiser.stderr").read_text()
    assert "Traceback (most recent call last)" in log
    assert f"raise ValueError({message!r})" in log


def test_an_engine_that_cannot_start_names_its_stderr(tmp_path):
    raiser_tourney(tmp_path, "return 0", engine="-m no_such_engine_module")
    run = subprocess.run([BONES, "tourney", "t.ini", "--output", "out", "--quiet"],
                         cwd=tmp_path, capture_output=True, text=True)
    out = run.stderr
    assert run.returncode == 1, out
    log = tmp_path / "out" / "engines" / "raiser.stderr"
    assert "No module named no_such_engine_module" in log.read_text()
    assert "exited with status 1; its stderr ends" in out, out
    assert "No module named no_such_engine_module" in out
    assert "out/engines/raiser.stderr" in out


@pytest.mark.parametrize("spec", ["mctss", "mcts iterations=x", "greedy speed=9"])
def test_a_wrong_agent_spec_stops_the_engine_at_its_start(spec):
    out = talk(["-m", "bones.engine", "--agent=" + spec], ["new dominoes seed=4", "quit"])
    assert out.returncode == 2 and out.stdout == "", (out.returncode, out.stdout)
    assert out.stderr.startswith("bones.engine: --agent=" + spec + ": "), out.stderr


def test_a_good_agent_spec_still_plays():
    out = talk(["-m", "bones.engine", "--agent=mcts iterations=50"],
               ["new dominoes seed=4", "roll", "genmove", "quit"])
    assert out.returncode == 0 and re.match(r"move [0-6]-[0-6]", out.stdout.splitlines()[2]), out
