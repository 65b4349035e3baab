"""The host's agents from Python: bones.Agent("mcts iterations=1000") chooses with the
C agents (random, greedy, mcts and the plugins' own) on a State."""

import ctypes
import random as _random
import threading

from . import _lib
from ._lib import BonesError, lib


def agent_kinds():
    """[(name, summary, params), ...] of the built-in agents, as `bones agents` lists."""
    kinds, out = lib.bones_agent_kinds(), []
    i = 0
    while kinds[i].name:
        k = kinds[i]
        out.append((_lib.text(k.name), _lib.text(k.summary), _lib.text(k.params)))
        i += 1
    return out


class Agent:
    """An agent of the host for one game, made from a spec ("greedy",
    "mcts iterations=1000"). Calling it with a state returns the action it chooses for
    the player to move, using only what that player may see. One agent may be called
    from several threads: the calls take turns (a lock per agent), each on its own copy
    of the state."""

    def __init__(self, spec, game=None, seed=None):
        self.spec = spec
        self.game = None
        self._agent = None
        self._seed = _random.getrandbits(64) if seed is None else int(seed)
        self._limit = None
        self._free = lib.bones_agent_destroy
        self._lock = threading.Lock()  # one choice (or rebinding) at a time
        if game is not None:
            self._create(game)

    def _create(self, game):
        """The C agent for game (an agent made without one is made on first use)."""
        err = _lib.err_buf()
        out = ctypes.c_void_p()
        _lib.check(lib.bones_agent_create(self.spec.encode(), game._plugin_ptr, game.ptr,
                                          ctypes.byref(game.info), self._seed,
                                          ctypes.byref(out), err, len(err)), err, None)
        self.__del__()
        self._agent, self.game = out.value, game
        if self._limit is not None:
            lib.bones_agent_set_time_limit(self._agent, self._limit)

    def __del__(self):
        if getattr(self, "_agent", None):
            self._free(self._agent)
            self._agent = None

    def set_time_limit(self, seconds):
        """Bound every later choice to about `seconds` (0: no bound)."""
        seconds = float(seconds)
        with self._lock:
            self._limit = seconds
            if self._agent:
                lib.bones_agent_set_time_limit(self._agent, self._limit)

    def step(self, state):
        """The action chosen for the player to move in state (not chance, not over): a
        dense action, as legal_actions() gives them."""
        if state.current_player() < 0:
            raise BonesError(f"agent '{self.spec}': no player is to move "
                             f"({'the game is over' if state.is_terminal() else 'a chance node'})")
        snapshot = state.clone()  # the C agent reads it without the GIL
        move = _lib.c_move()
        with self._lock:
            if snapshot.game is not self.game:
                self._create(snapshot.game)
            status = lib.bones_agent_choose(self._agent, snapshot._buf, ctypes.byref(move))
        _lib.check(status, None, f"agent '{self.spec}'")
        return snapshot.game.move_to_action(move.value)

    __call__ = step
