"""Many games of one configuration stepped at once in C (core's bones/batch.h), for
learning agents: game.new_initial_states(N, seed=S). numpy arrays in and out; chance
is resolved by the batch from its seed, so every game is at a player's turn or over.
This module alone needs numpy (Debian's python3-numpy)."""

import ctypes

import numpy

from . import _lib
from ._lib import BonesError, lib
from .game import _index


class States:
    """N games of one Game, stepped together (new_initial_states). Not for two threads at
    once. Every answer is a new numpy array."""

    def __init__(self, game, n, seed):
        n = _index(n, "n")
        if n < 1:
            raise ValueError(f"n: {n}: a batch needs at least one game")
        self.game = game
        self._alive = game._alive
        self._err = _lib.err_buf()
        out = ctypes.c_void_p()
        _lib.check(lib.bones_batch_create(game._session_ptr(), n, seed, ctypes.byref(out),
                                          self._err, len(self._err)), self._err, game.name)
        self._b = out.value
        self._free = lib.bones_batch_destroy
        self.n = n
        self._a = lib.bones_batch_actions(self._b)
        self._players = game.info.players
        self._legal = numpy.empty(n * max(1, game.info.max_moves), dtype=numpy.int32)

    def __del__(self):
        if getattr(self, "_b", None):
            self._free(self._b)
            self._b = None

    def __len__(self):
        return self.n

    def _ptr(self):
        if not self._alive[0]:
            raise BonesError("this batch's game is gone")
        return self._b

    def _check(self, status):
        _lib.check(status, self._err, self.game.name)

    def num_distinct_actions(self):
        return self._a

    def current_player(self):
        """(N,) int32: the seat to move in each game, bones.PlayerId.TERMINAL (-4) once
        it is over."""
        out = numpy.empty(self.n, dtype=numpy.int32)
        lib.bones_batch_players(self._ptr(), out.ctypes.data)
        out[out == _lib.BONES_TERMINAL] = -4
        return out

    def is_terminal(self):
        """(N,) bool: which games are over."""
        return self.current_player() == -4

    def legal_actions(self):
        """(actions, offsets): game i's legal actions are actions[offsets[i]:offsets[i + 1]]
        (int32, in the plugin's order, not sorted; none once it is over); offsets is
        (N + 1,) int64. The compact form for large action spaces (Holomino's 748,960)."""
        offsets = numpy.empty(self.n + 1, dtype=numpy.int64)
        self._check(lib.bones_batch_legal(self._ptr(), self._legal.ctypes.data,
                                          offsets.ctypes.data, self._err, len(self._err)))
        return self._legal[:offsets[-1]].copy(), offsets

    def legal_actions_mask(self):
        """(N, A) bool: True at each game's legal actions (all False once it is over)."""
        mask = numpy.empty((self.n, self._a), dtype=numpy.bool_)
        self._check(lib.bones_batch_mask(self._ptr(), mask.ctypes.data, self._err,
                                         len(self._err)))
        return mask

    def apply_actions(self, actions):
        """Play actions[i] (dense) in game i, then resolve chance; the action of a game
        that is over is ignored (pass -1). ValueError for a wrong length or an action
        out of range (nothing played); BonesError for an illegal one: that game stays as
        it was, the others are played."""
        actions = numpy.asarray(actions)
        if actions.shape != (self.n,) or actions.dtype.kind not in "iu":
            raise ValueError(f"actions: {self.n} integers expected, got shape "
                             f"{actions.shape} of {actions.dtype}")
        if actions.size and (actions.min() < -1 or actions.max() >= self._a):
            bad = int(numpy.flatnonzero((actions < -1) | (actions >= self._a))[0])
            raise ValueError(f"game {bad}: action {int(actions[bad])} is out of range "
                             f"0..{self._a - 1}")
        ids = numpy.ascontiguousarray(actions, dtype=numpy.int32)
        status = lib.bones_batch_apply(self._ptr(), ids.ctypes.data, self._err,
                                       len(self._err))
        if status == _lib.ERANGE:
            raise ValueError(self._err.value.decode())
        self._check(status)

    def returns(self):
        """(N, players) float64: zero-sum utilities in [-1, 1] of the games that are
        over (as State.returns), 0 before."""
        out = numpy.empty((self.n, self._players), dtype=numpy.float64)
        self._check(lib.bones_batch_returns(self._ptr(), out.ctypes.data, self._err,
                                            len(self._err)))
        return out

    rewards = returns  # the reward model is terminal: rewards are the returns

    def observation_tensor(self, player=None):
        """(N, *game.observation_tensor_shape()) float32: each game as its player to move
        sees it (a spectator once it is over), or as `player` (a seat, or -1)."""
        shape = self.game.observation_tensor_shape()
        if shape is None:
            raise BonesError(f"{self.game.name}: the game offers no observation tensor")
        viewers = None
        if player is not None:
            viewers = numpy.full(self.n, _index(player, "player"), dtype=numpy.int32)
        out = numpy.empty((self.n,) + tuple(shape), dtype=numpy.float32)
        self._check(lib.bones_batch_observe(self._ptr(), None if viewers is None else
                                            viewers.ctypes.data, out.ctypes.data, self._err,
                                            len(self._err)))
        return out

    def reset(self, which=None):
        """Start the games where which (N,) is true (all when None) afresh."""
        if which is None:
            lib.bones_batch_reset(self._ptr(), None)
            return
        which = numpy.ascontiguousarray(which, dtype=numpy.uint8)
        if which.shape != (self.n,):
            raise ValueError(f"which: {self.n} values expected, got shape {which.shape}")
        lib.bones_batch_reset(self._ptr(), which.ctypes.data)

    def reset_finished(self):
        """Start the games that are over afresh; (N,) bool: which were."""
        which = numpy.empty(self.n, dtype=numpy.bool_)
        lib.bones_batch_reset_over(self._ptr(), which.ctypes.data)
        return which

    def state(self, i):
        """Game i as a State: its position only (the batch keeps no history: history(),
        serialize(), record() and undo_action() raise on it)."""
        i = _index(i, "i")
        if not 0 <= i < self.n:
            raise IndexError(f"game {i}: out of range 0..{self.n - 1}")
        return self.game._state_of_bytes(lib.bones_batch_state(self._ptr(), i))
