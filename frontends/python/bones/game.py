"""Games and states in OpenSpiel's words (pyspiel's Game and State), on the plugins'
rules in C: a state is the plugin's flat bytes, so clone() is a copy and every call is
one call into the plugin."""

import ctypes
import random as _random
import threading

from . import _lib
from ._lib import BonesError, lib


class PlayerId:
    """The values of current_player() besides a seat (0-based), as pyspiel's."""
    CHANCE = -1
    TERMINAL = -4


def games():
    """The game ids of the loaded plugins (load_game also takes a configs/ preset)."""
    reg = _lib.registry()
    return [_lib.text(lib.bones_registry_get(reg, i).contents.id)
            for i in range(lib.bones_registry_count(reg))]


def load_game(name, seed=None, **options):
    """A configured game: a plugin id ("holomino") or configs/ preset ("hegemino-3p",
    its variant and options applied), then options as keywords (players=3,
    variant="draw"). seed (default: random) seeds records and agents."""
    return Game(name, seed, options)


class Game:
    """A configured game (pyspiel.Game). Immutable; make states with
    new_initial_state()."""

    def __init__(self, name, seed, options):
        reg = _lib.registry()
        err = _lib.err_buf()
        preset = ctypes.create_string_buffer(_lib.PRESET_BYTES)
        plugin = ctypes.POINTER(_lib.Plugin)()
        _lib.check(lib.bones_preset_resolve(name.encode(), reg, preset, ctypes.byref(plugin),
                                            err, len(err)), err, None)
        opts = _lib.Options()
        _lib.check(lib.bones_preset_options(preset, plugin, ctypes.byref(opts), err,
                                            len(err)), err, name)
        session = ctypes.c_void_p()
        self.seed = _random.getrandbits(64) if seed is None else int(seed)
        try:
            for key, value in options.items():
                self._set(opts, plugin, key, value, err)
            _lib.check(lib.bones_session_create(plugin, ctypes.byref(opts), self.seed,
                                                ctypes.byref(session), err, len(err)),
                       err, name)
        finally:
            lib.bones_options_release(ctypes.byref(opts))
        self._attach(session.value, name, owned=True)

    def _attach(self, session, name, owned):
        """Take the configured game of a session (owned: destroyed with this Game)."""
        plugin = lib.bones_session_plugin(session)
        self._session = session if owned else None
        self._plugin_ptr = plugin
        self.plugin = plugin.contents
        self.name = name or _lib.text(self.plugin.id)
        self.ptr = lib.bones_session_game(session)
        self.info = _lib.GameInfo.from_buffer_copy(lib.bones_session_info(session).contents)
        self.options = _lib.text(lib.bones_session_options_text(session))
        self.seed = lib.bones_session_seed(session)
        self._free = lib.bones_session_destroy
        self._local = threading.local()  # scratch buffers, one set per thread

    def _scratch(self):
        """This thread's buffers for legal_moves and format_move: (moves, probs, text)."""
        local = self._local
        if not hasattr(local, "moves"):
            n = max(1, self.info.max_moves)
            local.moves = (_lib.c_move * n)()
            local.probs = (ctypes.c_double * n)()
            local.text = ctypes.create_string_buffer(_lib.MOVE_TEXT_MAX)
        return local

    @classmethod
    def of_session(cls, session):
        """A Game on a session the host owns (the engine's): valid while it lives."""
        game = cls.__new__(cls)
        game._attach(session, None, owned=False)
        return game

    @staticmethod
    def _set(opts, plugin, key, value, err):
        value = {True: "true", False: "false"}.get(value, value) \
            if isinstance(value, bool) else value
        key, value = str(key).encode(), str(value).encode()
        if key == b"variant" and lib.bones_options_find(plugin, b"variant") < 0:
            status = lib.bones_options_apply_variant(ctypes.byref(opts), value, err, len(err))
        else:
            status = lib.bones_options_set(ctypes.byref(opts), key, value, err, len(err))
        _lib.check(status, err, None)

    def __del__(self):
        if getattr(self, "_session", None):
            self._free(self._session)
            self._session = None

    def __repr__(self):
        return f"bones.load_game({self.name!r}) [{self.options}]"

    # pyspiel's questions about the game
    def num_players(self):
        return self.info.players

    def max_moves(self):
        """The most legal actions any state has (a bound of len(legal_actions()))."""
        return self.info.max_moves

    def has_chance(self):
        return bool(self.plugin.flags & _lib.HAS_CHANCE)

    def has_hidden_information(self):
        return bool(self.plugin.flags & _lib.HIDDEN_INFO)

    def low_score_wins(self):
        return bool(self.plugin.flags & _lib.LOW_SCORE_WINS)

    def new_initial_state(self):
        return State(self)

    def observation_tensor_shape(self):
        """The shape of every observation_tensor of this game, a tuple; None when the
        plugin offers no "bones.observation/1"."""
        obs = self._observation()
        return obs[1] if obs else None

    def _observation(self):
        """(the plugin's capability, the shape, the values in one), found once."""
        if not hasattr(self, "_obs"):
            self._obs = None
            found = lib.bones_observe_find(self._plugin_ptr, self.ptr)
            if found:
                dims, rank, count = (_lib.c_size * _lib.MAX_RANK)(), ctypes.c_int(), \
                    _lib.c_size()
                if lib.bones_observe_shape(found, self.ptr, dims, ctypes.byref(rank),
                                           ctypes.byref(count)) != 0:
                    raise BonesError(f"{self.name}: the plugin's observation shape is "
                                     "out of range")
                self._obs = (found.contents, tuple(dims[:rank.value]), count.value)
        return self._obs

    def state_of_session(self, session):
        """The current state of a session of this game, its history included."""
        state = State(self)
        size = self.info.state_size
        ctypes.memmove(state._buf, lib.bones_session_state(session), size)
        state._history = [lib.bones_session_move_at(session, i)
                          for i in range(lib.bones_session_length(session))]
        return state

    def deserialize_state(self, text):
        """The state serialize() wrote: the initial state and the actions in order."""
        state = self.new_initial_state()
        for word in text.split():
            state.apply_action(int(word))
        return state


class State:
    """A position and its history (pyspiel.State). Actions are the plugin's move
    numbers; action_to_string gives their notation."""

    def __init__(self, game, _copy=None):
        self.game = game
        self._g = game.ptr
        self._p = game.plugin
        size = game.info.state_size
        self._buf = ctypes.create_string_buffer(size)
        if _copy is None:
            self._p.init_state(self._g, self._buf)
            self._history = []
        else:
            ctypes.memmove(self._buf, _copy._buf, size)
            self._history = list(_copy._history)

    def clone(self):
        return State(self.game, self)

    def __str__(self):
        return self.render(-1)

    # whose turn
    def current_player(self):
        who = self._p.to_move(self._g, self._buf)
        return PlayerId.TERMINAL if who == _lib.BONES_TERMINAL else who

    def is_terminal(self):
        return self._p.to_move(self._g, self._buf) == _lib.BONES_TERMINAL

    def is_chance_node(self):
        return self._p.to_move(self._g, self._buf) == _lib.BONES_CHANCE

    def is_player_node(self):
        return self._p.to_move(self._g, self._buf) >= 0

    # actions
    def legal_actions(self, player=None):
        """The legal moves (at a chance node the outcomes), in the plugin's order;
        [] at a terminal state or when `player` is given and not to move."""
        if player is not None and player != self.current_player():
            return []
        moves = self.game._scratch().moves
        n = self._p.legal_moves(self._g, self._buf, moves, None, len(moves))
        return moves[:n]

    def chance_outcomes(self):
        """[(outcome, probability), ...] at a chance node (they sum to 1), else []."""
        if not self.is_chance_node():
            return []
        scratch = self.game._scratch()
        moves, probs = scratch.moves, scratch.probs
        n = self._p.legal_moves(self._g, self._buf, moves, probs, len(moves))
        return list(zip(moves[:n], probs[:n]))

    def apply_action(self, action):
        status = self._p.apply(self._g, self._buf, action)
        if status != _lib.OK:
            raise BonesError(f"move {len(self._history) + 1}: action {action}: "
                             f"{_lib.STATUS[status]}")
        self._history.append(action)

    def apply_random_action(self, rng=_random):
        """A chance outcome by its probability, else a uniformly random legal move."""
        if self.is_chance_node():
            outcomes, probs = zip(*self.chance_outcomes())
            self.apply_action(rng.choices(outcomes, probs)[0])
        else:
            self.apply_action(rng.choice(self.legal_actions()))

    def action_to_string(self, player_or_action, action=None):
        """The notation of a legal action ("135@1,-1"); takes (player, action) as
        pyspiel does, or just the action."""
        action = player_or_action if action is None else action
        buf = self.game._scratch().text
        if not self._p.format_move(self._g, self._buf, action, buf, _lib.MOVE_TEXT_MAX):
            raise BonesError(f"action {action} is not legal here")
        return buf.value.decode()

    def string_to_action(self, player_or_text, text=None):
        text = player_or_text if text is None else text
        move = _lib.c_move()
        status = self._p.parse_move(self._g, self._buf, text.encode(), ctypes.byref(move))
        if status == _lib.EPARSE:
            raise BonesError(f"'{text}': not a move of this game")
        if status != _lib.OK:
            raise BonesError(f"'{text}': not legal now")
        return move.value

    def history(self):
        return list(self._history)

    def move_number(self):
        return len(self._history)

    # results
    def scores(self):
        """The plugin's scores (final at a terminal state), in the game's points."""
        out = (ctypes.c_double * self.game.info.players)()
        self._p.scores(self._g, self._buf, out)
        return list(out)

    def ranks(self):
        """Final ranks at a terminal state, 1 best, ties shared (the host's ranking)."""
        n = self.game.info.players
        scores = (ctypes.c_double * n)(*self.scores())
        plugin_ranks = None
        if self._p.ranks:
            plugin_ranks = (ctypes.c_int * n)()
            self._p.ranks(self._g, self._buf, plugin_ranks)
        zeros, final, ranks = (ctypes.c_double * n)(), (ctypes.c_double * n)(), (ctypes.c_int * n)()
        lib.bones_preset_final_result(self.game.low_score_wins(), n, scores, plugin_ranks,
                                      zeros, -1, final, ranks)
        return list(ranks)

    def returns(self):
        """Utilities at a terminal state, zero-sum in [-1, 1]: for each player, the
        players it ranks above less those ranked above it, over players - 1 (win +1,
        loss -1 with two players). All 0 before the end."""
        n = self.game.info.players
        if not self.is_terminal() or n < 2:
            return [0.0] * n
        r = self.ranks()
        return [sum((r[i] < r[j]) - (r[i] > r[j]) for j in range(n)) / (n - 1)
                for i in range(n)]

    def rewards(self):
        return self.returns()

    # what a player sees
    def observation_string(self, player):
        """What `player` may see (-1: a spectator), as text: equal for two states that
        differ only in what the player cannot see. Games with nothing hidden give the
        whole position."""
        fn = self._p.observation or self._p.render_text
        buf = ctypes.create_string_buffer(1 << 16)
        fn(self._g, self._buf, player, buf, len(buf))
        return buf.value.decode()

    def observation_tensor(self, player):
        """What `player` may see (-1: a spectator) as a numpy array of float32 of the
        game's observation_tensor_shape(), from the plugin's "bones.observation/1":
        equal for two states that differ only in what the player cannot see. BonesError
        when the plugin offers none."""
        import numpy  # only here: the rest of the package needs no numpy

        obs = self.game._observation()
        if not obs:
            raise BonesError(f"{self.game.name}: the game offers no observation tensor")
        if not -1 <= player < self.game.num_players():
            raise BonesError(f"player {player}: out of range -1..{self.game.num_players() - 1}")
        cap, shape, count = obs
        values = numpy.empty(count, dtype=numpy.float32)
        cap.fill(self._g, self._buf, player,
                 values.ctypes.data_as(ctypes.POINTER(ctypes.c_float)))
        return values.reshape(shape)

    def information_state_string(self, player):
        """The observation with the actions so far as `player` saw them (outcomes it may
        not see masked as "?")."""
        seen, state = [], self.game.new_initial_state()
        for action in self._history:
            seen.append(state._seen_text(action, player))
            state.apply_action(action)
        return self.observation_string(player) + "\n" + " ".join(seen)

    def _seen_text(self, action, player):
        text = self.action_to_string(action)
        visible = self._p.move_visible
        if visible and not visible(self._g, self._buf, action, player):
            return text.split(":", 1)[0] + ":?" if ":" in text else "?"
        return text

    def resample_from_infostate(self, player, rng=_random):
        """A copy in which everything `player` cannot see is drawn afresh, consistent
        with what they can (a determinisation). The history is kept as is; it no longer
        replays to the copy."""
        copy = self.clone()
        if self._p.resample:
            fn = _lib.NEXT_RANDOM(lambda _user: rng.getrandbits(64))
            self._p.resample(self._g, copy._buf, player, fn, None)
        return copy

    def render(self, viewer=-1):
        """The position as text, as the terminal shows it to viewer (-1 spectator)."""
        buf = ctypes.create_string_buffer(1 << 16)
        self._p.render_text(self._g, self._buf, viewer, buf, len(buf))
        return buf.value.decode()

    # saving
    def serialize(self):
        """The actions so far as text; Game.deserialize_state reads it back."""
        return " ".join(str(a) for a in self._history)

    def record(self, names=None):
        """The game as a Bones record (docs/formats.md), as `bones` writes it: the
        game's options and seed, the moves in notation, the result at the end."""
        err = _lib.err_buf()
        session = ctypes.c_void_p()
        opts = _lib.Options()
        _lib.check(lib.bones_options_init(ctypes.byref(opts), self.game._plugin_ptr, err,
                                          len(err)), err, None)
        try:
            for pair in _split_options(self.game.options):
                _lib.check(lib.bones_options_set(ctypes.byref(opts), pair[0].encode(),
                                                 pair[1].encode(), err, len(err)), err, None)
            _lib.check(lib.bones_session_create(self.game._plugin_ptr, ctypes.byref(opts),
                                                self.game.seed, ctypes.byref(session),
                                                err, len(err)), err, None)
        finally:
            lib.bones_options_release(ctypes.byref(opts))
        try:
            for action in self._history:
                _lib.check(lib.bones_session_play(session, action), None, "record")
            return _lib.record_text(session)
        finally:
            lib.bones_session_destroy(session)


def _split_options(text):
    """bones_options_format's "k=v k=\"a b\"" as (key, value) pairs."""
    import shlex
    return [tuple(word.split("=", 1)) for word in shlex.split(text)]
