"""Games and states in OpenSpiel's words (pyspiel's Game and State), on the plugins'
rules in C: a state is the plugin's flat bytes, so clone() is a copy and every call is
one call into the plugin."""

import collections
import ctypes
import operator
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


GameType = collections.namedtuple("GameType", [
    "short_name", "long_name", "dynamics", "chance_mode", "information", "utility",
    "reward_model", "max_num_players", "min_num_players", "provides_information_state_string",
    "provides_information_state_tensor", "provides_observation_string",
    "provides_observation_tensor"])
GameType.__doc__ = "What kind of game it is, in pyspiel.GameType's words (strings for its enums)."


def _index(value, what="action"):
    """value as an int (numpy's integers too): TypeError for anything else."""
    if isinstance(value, bool):
        raise TypeError(f"{what} must be an integer, not bool")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{what} must be an integer, not {type(value).__name__}") from None


def _reload(plugin, seed, options):
    """A Game from its plugin id, seed and options text (unpickling)."""
    return Game(plugin, seed, dict(_split_options(options)))


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
        self._session_raw = session
        self._plugin_ptr = plugin
        self.plugin = plugin.contents
        self.name = name or _lib.text(self.plugin.id)
        self.ptr = lib.bones_session_game(session)
        self.info = _lib.GameInfo.from_buffer_copy(lib.bones_session_info(session).contents)
        self.options = _lib.text(lib.bones_session_options_text(session))
        self.seed = lib.bones_session_seed(session)
        self._free = lib.bones_session_destroy
        self._local = threading.local()  # scratch buffers, one set per thread
        self._alive = [True]             # shared with its states; [False] once it is gone
        self._dense = self._find_actions()
        self._to_move = {}  # dense action -> move, memoised

    def _find_actions(self):
        """(the plugin's "bones.actions/1", its count, the host's bones_dense), or None
        where it has none (found and checked by the host: dense.h). Keeps the plugin's
        bound on a game's player moves, 0 when it states none, in _game_length."""
        dense = _lib.Dense()
        found = lib.bones_dense_init(ctypes.byref(dense), self._plugin_ptr, self.ptr,
                                     ctypes.byref(self.info))
        self._game_length = dense.max_game_length
        if not found:
            return None
        cap = ctypes.cast(dense.cap, ctypes.POINTER(_lib.Actions)).contents
        return (cap, dense.count, dense)

    def _session_ptr(self):
        if not self._alive[0]:
            raise BonesError(f"{self.name}: this game is gone")
        return self._session_raw

    def new_initial_states(self, n, seed=None):
        """n games stepped together in C (bones.batch.States, numpy arrays in and out),
        chance drawn from seed (default: the game's), each at a player's turn. Needs
        numpy and the plugin's dense actions (BonesError without)."""
        try:
            from .batch import States
        except ImportError as exc:
            raise ImportError(f"the batch API needs numpy (Debian: apt install "
                              f"python3-numpy): {exc}") from exc
        return States(self, n, (self.seed if seed is None else _index(seed, "seed")) % 2 ** 64)

    def _forget(self):
        """The host is about to free this game (an engine's next game): its states
        raise from now on instead of reading freed memory."""
        self._alive[0] = False

    def __reduce__(self):
        return (_reload, (_lib.text(self.plugin.id), self.seed, self.options))

    def __eq__(self, other):
        return isinstance(other, Game) and (self.plugin.id, self.options) == \
            (other.plugin.id, other.options)

    def __hash__(self):
        return hash((self.plugin.id, self.options))

    # the dense action space
    def num_distinct_actions(self):
        """The size of the players' action space: actions are 0..A-1 (the plugin's
        "bones.actions/1"). BonesError for a plugin without one."""
        if not self._dense:
            raise BonesError(f"{self.name}: the plugin numbers no dense action space "
                             "(bones.actions/1); actions are its move numbers")
        return self._dense[1]

    def action_to_move(self, action):
        """The plugin's move number of a player's dense action (ValueError out of range)."""
        action = _index(action)
        move = self._to_move.get(action)
        if move is None:
            if not self._dense:
                if not 0 <= action < 1 << 32:
                    raise ValueError(f"action {action}: out of range 0..2^32-1")
                return action
            out = _lib.c_move()
            if not 0 <= action < self._dense[1] or \
                    not self._dense[0].to_move(self.ptr, action, ctypes.byref(out)):
                raise ValueError(f"action {action}: out of range 0..{self._dense[1] - 1}")
            move = self._to_move[action] = out.value
        return move

    def move_to_action(self, move):
        """The dense action of one of the plugin's player moves."""
        if not self._dense:
            return move
        out = _lib.c_size()
        if not self._dense[0].to_index(self.ptr, move, ctypes.byref(out)):
            raise BonesError(f"{self.name}: move {move} has no dense action")
        return out.value

    def _legal_ids(self, buf):
        """The sorted dense legal actions of the state in buf, from the host (dense.h)."""
        local = self._scratch()
        if not hasattr(local, "ids"):
            local.ids = (ctypes.c_int32 * len(local.moves))()
            local.count = _lib.c_size()
            local.args = (ctypes.addressof(self._dense[2]), ctypes.addressof(local.moves),
                          ctypes.addressof(local.ids), ctypes.byref(local.count))
            local.fault = _lib.err_buf()
        dense, moves, ids, count = local.args
        if lib.bones_dense_legal_sorted(dense, buf, moves, ids, count, local.fault,
                                        len(local.fault)) != _lib.OK:
            raise BonesError(local.fault.value.decode())
        return local.ids[:local.count.value]

    def get_type(self):
        p, obs = self.plugin, self._observation() is not None
        return GameType(
            short_name=_lib.text(p.id), long_name=_lib.text(p.name), dynamics="sequential",
            chance_mode="explicit_stochastic" if self.has_chance() else "deterministic",
            information="imperfect_information" if self.has_hidden_information()
            else "perfect_information",
            utility="zero_sum", reward_model="terminal", max_num_players=p.max_players,
            min_num_players=p.min_players, provides_information_state_string=True,
            provides_information_state_tensor=False, provides_observation_string=True,
            provides_observation_tensor=obs)

    def min_utility(self):
        return -1.0

    def max_utility(self):
        return 1.0

    def utility_sum(self):
        return 0.0

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
        """The most legal actions any one state has (a bound of len(legal_actions()));
        not the length of a game (max_game_length)."""
        return self.info.max_moves

    def max_game_length(self):
        """pyspiel's bound on the length of a game: the most player moves (chance
        outcomes not counted) any game of this configuration can have, as the plugin
        derives it from its rules ("bones.actions/1" v1.1). BonesError for a plugin
        that states none."""
        if not self._game_length:
            raise BonesError(f"{self.name}: the plugin states no bound on a game's length "
                             "(bones.actions/1 max_game_length; max_moves() bounds the "
                             "legal actions of one state)")
        return self._game_length

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

    def _state_of_bytes(self, address):
        """A State holding a copy of the state bytes at address, without a history."""
        state = State(self)
        ctypes.memmove(state._buf, address, self.info.state_size)
        state._partial = True
        return state

    def state_of_session(self, session):
        """The current state of a session of this game, its history included."""
        state = State(self)
        size = self.info.state_size
        ctypes.memmove(state._buf, lib.bones_session_state(session), size)
        moves = [lib.bones_session_move_at(session, i)
                 for i in range(lib.bones_session_length(session))]
        replay = self.new_initial_state()
        try:  # the actions as they were played; a repaired guess may not replay
            for move in moves:
                replay.apply_move(move)
            state._actions = replay._actions
        except BonesError:
            state._actions = list(moves)
        state._history = moves
        return state

    def deserialize_state(self, text):
        """The state serialize() wrote: the initial state and the actions in order."""
        state = self.new_initial_state()
        for word in text.split():
            state.apply_move(int(word))
        return state


class State:
    """A position and its history (pyspiel.State). A player's actions are dense,
    0..game.num_distinct_actions()-1 (the plugin's "bones.actions/1"); at a chance node
    they are the plugin's outcome numbers. legal_moves()/apply_move() speak the plugin's
    move numbers; action_to_string gives the notation. States compare equal by position."""

    def __init__(self, game, _copy=None):
        self.game = game
        self._g = game.ptr
        self._p = game.plugin
        self._alive = game._alive
        size = game.info.state_size
        self._buf = ctypes.create_string_buffer(size)
        if _copy is None:
            self._p.init_state(self._g, self._buf)
            self._history, self._actions = [], []
            self._partial = False  # True for a batch's state: no history before it
        else:
            self._partial = _copy._partial
            ctypes.memmove(self._buf, _copy._buf, size)
            self._history, self._actions = list(_copy._history), list(_copy._actions)

    def _full(self, what):
        """BonesError for a state taken from a batch, whose history is not known."""
        if self._partial:
            raise BonesError(f"{what}: this state came from a batch, which keeps no history")

    def _live(self):
        if not self._alive[0]:
            raise BonesError("this state's game is gone (an engine keeps a game only until "
                             "its next one): keep what you learn, not the state")
        return self._p

    def clone(self):
        self._live()
        return State(self.game, self)

    __copy__ = clone

    def __deepcopy__(self, memo):
        return self.clone()

    def __getstate__(self):
        return {"game": self.game, "buf": self._live() and self._buf.raw,
                "history": self._history, "actions": self._actions,
                "partial": self._partial}

    def __setstate__(self, d):
        game = d["game"]
        self.__init__(game)
        if len(d["buf"]) != game.info.state_size:
            raise BonesError(f"{game.name}: a pickled state of {len(d['buf'])} bytes, "
                             f"not {game.info.state_size}")
        ctypes.memmove(self._buf, d["buf"], len(d["buf"]))
        self._history, self._actions = list(d["history"]), list(d["actions"])
        self._partial = d.get("partial", False)

    def __eq__(self, other):
        return isinstance(other, State) and self.game == other.game and \
            self._buf.raw == other._buf.raw

    def __hash__(self):
        return hash(self._buf.raw)

    def __str__(self):
        return self.render(-1)

    # whose turn
    def current_player(self):
        who = self._live().to_move(self._g, self._buf)
        return PlayerId.TERMINAL if who == _lib.BONES_TERMINAL else who

    def is_terminal(self):
        return self._live().to_move(self._g, self._buf) == _lib.BONES_TERMINAL

    def is_chance_node(self):
        return self._live().to_move(self._g, self._buf) == _lib.BONES_CHANCE

    def is_player_node(self):
        return self._live().to_move(self._g, self._buf) >= 0

    def _player(self, player, spectator=False):
        """player checked: an int (TypeError), a seat or -1 where a spectator may ask
        (BonesError, a ValueError)."""
        player = _index(player, "player")
        low = -1 if spectator else 0
        if not low <= player < self.game.info.players:
            raise BonesError(f"player {player}: out of range {low}..{self.game.info.players - 1}")
        return player

    # actions
    def legal_moves(self):
        """The legal moves as the plugin numbers them, in its order (chance outcomes at a
        chance node); [] at the end."""
        moves = self.game._scratch().moves
        n = self._live().legal_moves(self._g, self._buf, moves, None, len(moves))
        return moves[:n]

    def legal_actions(self, player=None):
        """The legal actions: dense ids at a player node (sorted), the outcomes at a
        chance node, [] at a terminal state or when `player` is given and not to move."""
        who = self.current_player()
        if player is not None and self._player(player) != who:
            return []
        if who < 0 or not self.game._dense:
            return self.legal_moves()
        return self.game._legal_ids(self._live() and self._buf)

    def legal_actions_mask(self, player=None):
        """A list of num_distinct_actions() 0/1 values, 1 for the legal actions (pyspiel's
        mask; all 0 at a chance node or when player is not to move)."""
        mask = [0] * self.game.num_distinct_actions()
        if not self.is_chance_node():
            for a in self.legal_actions(player):
                mask[a] = 1
        return mask

    def _move_of(self, action, who=None):
        """The plugin's move for an action of the player to move (or a chance outcome)."""
        if (self.current_player() if who is None else who) >= 0:
            return self.game.action_to_move(action)
        action = _index(action)
        if not 0 <= action < 1 << 32:
            raise ValueError(f"action {action}: out of range 0..2^32-1")
        return action

    def _action_of(self, move):
        return self.game.move_to_action(move) if self.current_player() >= 0 else move

    def chance_outcomes(self):
        """[(outcome, probability), ...] at a chance node (they sum to 1), else []."""
        if not self.is_chance_node():
            return []
        scratch = self.game._scratch()
        moves, probs = scratch.moves, scratch.probs
        n = self._p.legal_moves(self._g, self._buf, moves, probs, len(moves))
        return list(zip(moves[:n], probs[:n]))

    def apply_move(self, move):
        """Play one of the plugin's moves (or a chance outcome); BonesError when it is
        not legal, and nothing changes."""
        move = _index(move, "move")
        if not 0 <= move < 1 << 32:
            raise ValueError(f"move {move}: out of range 0..2^32-1")
        if self.is_terminal():
            raise BonesError(f"move {len(self._history) + 1}: the game is over")
        self._apply(move, self._action_of(move))

    def _apply(self, move, action):
        """Play move (action as history() keeps it) in a state that is not over."""
        status = self._p.apply(self._g, self._buf, move)
        if status != _lib.OK:
            raise BonesError(f"move {len(self._history) + 1}: action {action}: "
                             f"{_lib.STATUS[status]}")
        self._history.append(move)
        self._actions.append(action)

    def apply_action(self, action):
        """Play an action (dense at a player node, an outcome at a chance node):
        TypeError for a non-integer, ValueError out of range, BonesError illegal or at
        the end; nothing changes on an error."""
        action = _index(action)
        who = self._live().to_move(self._g, self._buf)
        if who == _lib.BONES_TERMINAL:
            raise BonesError(f"move {len(self._history) + 1}: action {action}: the game is over")
        self._apply(self._move_of(action, who), action)

    def child(self, action):
        """A new state: this one after action."""
        state = self.clone()
        state.apply_action(action)
        return state

    def undo_action(self, player, action):
        """Take back the last action (player and action as it was played): the state is
        replayed from the start without it. BonesError when it was not the last."""
        self._full("undo_action")
        if not self._actions or self._actions[-1] != action:
            raise BonesError(f"undo: action {action} is not the last one played")
        moves = self._history[:-1]
        fresh = self.game.new_initial_state()
        for move in moves:
            fresh.apply_move(move)
        if player != PlayerId.CHANCE and fresh.current_player() != player:
            raise BonesError(f"undo: player {player} did not play the last action")
        ctypes.memmove(self._buf, fresh._buf, self.game.info.state_size)
        self._history, self._actions = fresh._history, fresh._actions

    def apply_random_action(self, rng=_random):
        """A chance outcome by its probability, else a uniformly random legal move;
        BonesError at the end."""
        if self.is_terminal():
            raise BonesError(f"move {len(self._history) + 1}: the game is over")
        if self.is_chance_node():
            outcomes, probs = zip(*self.chance_outcomes())
            self.apply_action(rng.choices(outcomes, probs)[0])
        else:
            self.apply_action(rng.choice(self.legal_actions()))

    def action_to_string(self, player_or_action, action=None):
        """The notation of a legal action ("135@1,-1"); takes (player, action) as
        pyspiel does, or just the action."""
        action = player_or_action if action is None else action
        move = self._move_of(action)
        buf = self.game._scratch().text
        if not self._p.format_move(self._g, self._buf, move, buf, _lib.MOVE_TEXT_MAX):
            raise BonesError(f"action {action} is not legal here")
        return buf.value.decode()

    def string_to_action(self, player_or_text, text=None):
        text = player_or_text if text is None else text
        if not isinstance(text, str):
            raise TypeError(f"notation must be a str, not {type(text).__name__}")
        move = _lib.c_move()
        status = self._live().parse_move(self._g, self._buf, text.encode(), ctypes.byref(move))
        if status == _lib.EPARSE:
            raise BonesError(f"'{text}': not a move of this game")
        if status != _lib.OK:
            raise BonesError(f"'{text}': not legal now")
        return self._action_of(move.value)

    def history(self):
        """The actions so far (dense for players, outcomes for chance)."""
        self._full("history")
        return list(self._actions)

    def move_number(self):
        self._full("move_number")
        return len(self._history)

    # results
    def scores(self):
        """The plugin's scores (final at a terminal state), in the game's points."""
        out = (ctypes.c_double * self.game.info.players)()
        self._live().scores(self._g, self._buf, out)
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

    def player_return(self, player):
        return self.returns()[self._player(player)]

    # what a player sees
    def observation_string(self, player):
        """What `player` may see (-1: a spectator), as text: equal for two states that
        differ only in what the player cannot see. Games with nothing hidden give the
        whole position."""
        player = self._player(player, spectator=True)
        fn = self._live().observation or self._p.render_text
        buf = ctypes.create_string_buffer(1 << 16)
        fn(self._g, self._buf, player, buf, len(buf))
        return buf.value.decode()

    def observation_tensor(self, player):
        """What `player` may see (-1: a spectator) as a numpy array of float32 of the
        game's observation_tensor_shape(), from the plugin's "bones.observation/1":
        equal for two states that differ only in what the player cannot see. BonesError
        when the plugin offers none."""
        import numpy  # only here: the rest of the package needs no numpy

        player = self._player(player, spectator=True)
        obs = self.game._observation()
        if not obs:
            raise BonesError(f"{self.game.name}: the game offers no observation tensor")
        cap, shape, count = obs
        values = numpy.empty(count, dtype=numpy.float32)
        cap.fill(self._g, self._live() and self._buf, player,
                 values.ctypes.data_as(ctypes.POINTER(ctypes.c_float)))
        return values.reshape(shape)

    def information_state_tensor(self, player):
        """pyspiel's information state tensor: no plugin offers one (BonesError); the
        observation_tensor is what a seat sees now."""
        self._player(player)
        raise BonesError(f"{self.game.name}: the game offers no information state tensor "
                         "(use observation_tensor)")

    def information_state_string(self, player):
        """The observation with the actions so far as `player` saw them (outcomes it may
        not see masked as "?")."""
        player = self._player(player, spectator=True)
        self._full("information_state_string")
        seen, state = [], self.game.new_initial_state()
        for move in self._history:
            seen.append(state._seen_text(move, player))
            state.apply_move(move)
        return self.observation_string(player) + "\n" + " ".join(seen)

    def _seen_text(self, move, player):
        buf = self.game._scratch().text
        self._p.format_move(self._g, self._buf, move, buf, _lib.MOVE_TEXT_MAX)
        text = buf.value.decode()
        visible = self._p.move_visible
        if visible and not visible(self._g, self._buf, move, player):
            return text.split(":", 1)[0] + ":?" if ":" in text else "?"
        return text

    def resample_from_infostate(self, player, rng=_random):
        """A copy in which everything `player` cannot see is drawn afresh, consistent
        with what they can (a determinisation). The history is kept as is; it no longer
        replays to the copy. An exception of rng's passes through."""
        player = self._player(player, spectator=True)
        copy = self.clone()
        if self._p.resample:
            failed = []

            def draw(_user):
                if failed:
                    return 0
                try:
                    return rng.getrandbits(64)
                except BaseException as exc:  # raised again below, after the plugin
                    failed.append(exc)
                    return 0
            self._p.resample(self._g, copy._buf, player, _lib.NEXT_RANDOM(draw), None)
            if failed:
                raise failed[0]
        return copy

    def render(self, viewer=-1):
        """The position as text, as the terminal shows it to viewer (-1 spectator)."""
        viewer = self._player(viewer, spectator=True)
        buf = ctypes.create_string_buffer(1 << 16)
        self._live().render_text(self._g, self._buf, viewer, buf, len(buf))
        return buf.value.decode()

    # saving
    def serialize(self):
        """The plugin's moves so far as text; Game.deserialize_state reads it back."""
        self._full("serialize")
        return " ".join(str(a) for a in self._history)

    def record(self, names=None):
        """The game as a Bones record (docs/formats.md), as `bones` writes it: the
        game's options and seed, the players' names (a list, one a seat) when given,
        the moves in notation, the result at the end."""
        self._full("record")
        players = None
        if names is not None:
            names = list(names)
            if len(names) != self.game.info.players or \
                    not all(isinstance(n, str) for n in names):
                raise ValueError(f"names: {self.game.info.players} strings, one a seat")
            players = _lib.RecordPlayers()
            for i, name in enumerate(names):
                players.names[i] = name.encode()
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
            return _lib.record_text(session, players)
        finally:
            lib.bones_session_destroy(session)


def _split_options(text):
    """bones_options_format's "k=v k=\"a b\"" as (key, value) pairs."""
    import shlex
    return [tuple(word.split("=", 1)) for word in shlex.split(text)]
