"""A Python agent behind the engine protocol (docs/formats.md), so that `bones tourney`
and `bones match` can seat it: `engine = python3 my_agent.py` in a tournament file, where
my_agent.py calls bones.engine.serve(choose), or `python3 -m bones.engine MODULE:NAME`.

The host's engine (core/src/tools/engine.c) speaks the protocol and keeps the game: it
guesses the chance outcomes this seat may not see and repairs its guesses when the play
contradicts them. Only `genmove` comes to Python: the agent gets a State of the game as
the engine guesses it, with its own seat to move, and returns an action (or its
notation). The State and its Game live only until the engine's next game starts."""

import importlib
import importlib.util
import os
import sys
import traceback

from . import _lib
from .game import Game
from ._lib import BonesError, lib


class _Chooser:
    """Answers the engine's genmove with agent(state); keeps no game between calls
    beyond a Game wrapper for the engine's current session."""

    def __init__(self, agent, engine):
        self.agent = agent
        self.engine = engine
        self.game = None
        self.key = None
        self.callback = _lib.ENGINE_CHOOSER(self._choose)

    def _game(self, session):
        key = (session, lib.bones_session_game(session), lib.bones_session_seed(session))
        if key != self.key:
            if self.game is not None:
                self.game._forget()  # the host frees it: kept states raise from now on
            self.game, self.key = Game.of_session(session), key
        return self.game

    def _choose(self, _user, session, seat, seconds, move_out):
        try:
            state = self._game(session).state_of_session(session)
            if hasattr(self.agent, "set_time_limit"):
                self.agent.set_time_limit(seconds)
            step = getattr(self.agent, "step", self.agent)
            action = step(state)
        except (Exception, SystemExit) as exc:  # SystemExit: sys.exit in the agent
            traceback.print_exc()
            return self._fail(f"{type(exc).__name__}: {exc}{_frame(exc)}")
        try:
            move = state.game.action_to_move(
                state.string_to_action(action) if isinstance(action, str) else action)
            if move not in state.legal_moves():
                raise BonesError("not legal here")
        except (TypeError, ValueError) as exc:  # BonesError is a ValueError
            return self._fail(f"the agent answered {action!r}: {exc}")
        move_out[0] = move
        return _lib.OK

    def _fail(self, why):
        """Tell the host why (its reply "error: genmove: WHY", which a tournament keeps
        as the forfeit's reason) and fail."""
        print(f"bones.engine: {why}", file=sys.stderr)
        lib.bones_engine_chooser_failed(self.engine, why.encode(errors="replace"))
        return _lib.EINVAL


def _frame(exc):
    """" (FILE:LINE in FUNCTION)" of the frame that raised exc, or ""."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    f = frames[-1]
    return f" ({os.path.basename(f.filename)}:{f.lineno} in {f.name})"


def serve(agent, infile=None, outfile=None):
    """Speak the engine protocol on stdin/stdout (or the given file descriptors) until
    `quit` or the end of input, answering genmove with agent(state) (or agent.step(state)
    for an object that has one; a bones.Agent works too). Python's own stdout is sent to
    stderr meanwhile, so that a print() cannot break the protocol. Returns the exit
    status, 0."""
    reg = _lib.registry()
    engine = lib.bones_engine_create(reg)
    if not engine:
        raise MemoryError("out of memory")
    chooser = _Chooser(agent, engine)
    lib.bones_engine_set_chooser(engine, chooser.callback, None)
    in_fd = os.dup(sys.stdin.fileno() if infile is None else infile)
    out_fd = os.dup(sys.stdout.fileno() if outfile is None else outfile)
    fin, fout = _lib.fdopen(in_fd, b"r"), _lib.fdopen(out_fd, b"w")
    saved = sys.stdout
    sys.stdout = sys.stderr
    try:
        return lib.bones_engine_run(engine, fin, fout)
    finally:
        sys.stdout = saved
        _lib.fflush(fout)
        _lib.fclose(fin)
        _lib.fclose(fout)
        lib.bones_engine_destroy(engine)


def _load(target):
    """"module:name" or "path/to/file.py:name" as the object it names."""
    where, _, name = target.partition(":")
    if where.endswith(".py"):
        spec = importlib.util.spec_from_file_location("bones_engine_agent", where)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    else:
        module = importlib.import_module(where)
    obj = getattr(module, name or "choose")
    return obj() if isinstance(obj, type) else obj


def _checked_agent(spec):
    """The agent of spec, once some installed game can make it (a built-in kind or a
    plugin's agent), so that a wrong spec stops the engine at its start rather than
    forfeiting every game; the first game's error is raised otherwise."""
    from .agent import Agent
    from .game import games, load_game
    first = None
    for name in games():
        try:
            Agent(spec, game=load_game(name, seed=1))
            return Agent(spec)
        except BonesError as exc:
            first = first or exc
    raise first or BonesError(f"agent '{spec}': no game is installed to make it for")


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print("usage: python3 -m bones.engine MODULE:NAME | FILE.py:NAME | --agent SPEC\n"
              "speaks the engine protocol (docs/formats.md), answering genmove with NAME,\n"
              "a function of a bones.State (or a class of such agents); NAME defaults to\n"
              "choose", file=sys.stderr)
        return 2
    try:
        if argv[0].startswith("--agent="):
            agent = _checked_agent(argv[0][len("--agent="):])
        else:
            agent = _load(argv[0])
    except (ImportError, AttributeError, OSError, BonesError) as exc:
        print(f"bones.engine: {argv[0]}: {exc}", file=sys.stderr)
        return 2
    return serve(agent)


if __name__ == "__main__":
    sys.exit(main())
