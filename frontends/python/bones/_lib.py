"""The host's C API (libbones.so) through ctypes: the structs and functions the package
uses, declared once, and the one plugin registry of the process.

Only the public headers under core/include/bones and core/sdk/include/bones are used;
what is declared here must match them (tests/python checks it by playing)."""

import ctypes
import ctypes.util
import os
import threading

from . import _paths

c_vp = ctypes.c_void_p
c_move = ctypes.c_uint32
c_size = ctypes.c_size_t
c_char_buf = ctypes.c_char_p
NEXT_RANDOM = ctypes.CFUNCTYPE(ctypes.c_uint64, c_vp)

# bones_status (plugin.h), by value: their names for messages.
STATUS = ["ok", "invalid argument", "out of memory", "illegal move", "parse error",
          "out of range", "input/output error", "plugin ABI mismatch", "not found"]
OK, EINVAL, ENOMEM, EILLEGAL, EPARSE, ERANGE = 0, 1, 2, 3, 4, 5

BONES_CHANCE = -1
BONES_TERMINAL = -2
LOW_SCORE_WINS, HIDDEN_INFO, HAS_CHANCE = 1, 2, 4
MOVE_TEXT_MAX = 64


class OptionDef(ctypes.Structure):
    _fields_ = [("key", ctypes.c_char_p), ("type", ctypes.c_int),
                ("default_value", ctypes.c_char_p), ("min", ctypes.c_int64),
                ("max", ctypes.c_int64), ("choices", ctypes.POINTER(ctypes.c_char_p)),
                ("help", ctypes.c_char_p)]


class Variant(ctypes.Structure):
    _fields_ = [("id", ctypes.c_char_p), ("name", ctypes.c_char_p),
                ("summary", ctypes.c_char_p), ("settings", ctypes.c_char_p)]


class GameInfo(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("players", ctypes.c_int),
                ("state_size", c_size), ("max_moves", c_size)]


def _fn(restype, *args):
    """A plugin function: called with the GIL held (PYFUNCTYPE), so that two threads never
    run the plugin on one state at once; its calls take microseconds."""
    return ctypes.PYFUNCTYPE(restype, *args)


class Plugin(ctypes.Structure):
    """struct bones_plugin (ABI 1.2). Fields past the plugin's `size` are not read."""
    _fields_ = [
        ("abi_major", ctypes.c_uint32), ("abi_minor", ctypes.c_uint32),
        ("size", ctypes.c_uint32),
        ("id", ctypes.c_char_p), ("name", ctypes.c_char_p),
        ("version", ctypes.c_char_p), ("summary", ctypes.c_char_p),
        ("min_players", ctypes.c_int), ("max_players", ctypes.c_int),
        ("flags", ctypes.c_uint32),
        ("options", ctypes.POINTER(OptionDef)), ("option_count", c_size),
        ("variants", ctypes.POINTER(Variant)), ("variant_count", c_size),
        ("configure", c_vp), ("destroy_game", c_vp),
        ("init_state", _fn(None, c_vp, c_vp)),
        ("to_move", _fn(ctypes.c_int, c_vp, c_vp)),
        ("legal_moves", _fn(c_size, c_vp, c_vp, ctypes.POINTER(c_move),
                            ctypes.POINTER(ctypes.c_double), c_size)),
        ("apply", _fn(ctypes.c_int, c_vp, c_vp, c_move)),
        ("format_move", _fn(c_size, c_vp, c_vp, c_move, ctypes.c_char_p, c_size)),
        ("parse_move", _fn(ctypes.c_int, c_vp, c_vp, ctypes.c_char_p,
                           ctypes.POINTER(c_move))),
        ("scores", _fn(None, c_vp, c_vp, ctypes.POINTER(ctypes.c_double))),
        ("ranks", _fn(None, c_vp, c_vp, ctypes.POINTER(ctypes.c_int))),
        ("breakdown", _fn(c_size, c_vp, c_vp, ctypes.c_char_p, c_size)),
        ("observation", _fn(c_size, c_vp, c_vp, ctypes.c_int, ctypes.c_char_p, c_size)),
        ("resample", _fn(None, c_vp, c_vp, ctypes.c_int, NEXT_RANDOM, c_vp)),
        ("move_visible", _fn(ctypes.c_bool, c_vp, c_vp, c_move, ctypes.c_int)),
        ("render_text", _fn(c_size, c_vp, c_vp, ctypes.c_int, ctypes.c_char_p, c_size)),
        ("get_extension", c_vp),
        ("sample_move", _fn(ctypes.c_int, c_vp, c_vp, NEXT_RANDOM, c_vp,
                            ctypes.POINTER(c_move))),
        ("text_domain", ctypes.c_char_p),
    ]


MAX_RANK = 4  # BONES_OBSERVATION_MAX_RANK


class Actions(ctypes.Structure):
    """struct bones_actions (bones/actions.h), "bones.actions/1": the dense action space."""
    _fields_ = [("size", ctypes.c_uint32),
                ("count", _fn(c_size, c_vp)),
                ("to_index", _fn(ctypes.c_bool, c_vp, c_move, ctypes.POINTER(c_size))),
                ("to_move", _fn(ctypes.c_bool, c_vp, c_size, ctypes.POINTER(c_move))),
                # v1.1; read only through the host's bones_dense (dense.h), which checks
                # the plugin's size first
                ("max_game_length", _fn(c_size, c_vp))]


class Observation(ctypes.Structure):
    """struct bones_observation (observation.h), "bones.observation/1"."""
    _fields_ = [("size", ctypes.c_uint32),
                ("shape", _fn(ctypes.c_int, c_vp, ctypes.POINTER(c_size))),
                ("fill", _fn(None, c_vp, c_vp, ctypes.c_int,
                             ctypes.POINTER(ctypes.c_float)))]


class Dense(ctypes.Structure):
    """struct bones_dense (dense.h): a small value, filled by bones_dense_init."""
    _fields_ = [("plugin", c_vp), ("game", c_vp), ("cap", c_vp), ("count", c_size),
                ("max_moves", c_size), ("max_game_length", c_size)]


class Options(ctypes.Structure):
    """struct bones_options (options.h): caller-owned, _init/_release."""
    _fields_ = [("plugin", c_vp), ("values", c_vp), ("texts", c_vp)]


class AgentKind(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("summary", ctypes.c_char_p),
                ("params", ctypes.c_char_p)]


# struct bones_preset (preset.h) is a plain struct of fixed-size arrays that the package
# only passes back to the host; a buffer well above its size (about 27 KB) holds it.
PRESET_BYTES = 1 << 17

class RecordPlayers(ctypes.Structure):
    """struct bones_record_players (record.h), zero-initialised."""
    _fields_ = [("names", ctypes.c_char_p * 8), ("variant", ctypes.c_char_p),
                ("preset", ctypes.c_char_p), ("comment", ctypes.c_char_p),
                ("tags", c_vp), ("final_breakdown_only", ctypes.c_bool)]


ENGINE_CHOOSER = ctypes.CFUNCTYPE(ctypes.c_int, c_vp, c_vp, ctypes.c_int,
                                  ctypes.c_double, ctypes.POINTER(c_move))

_SIGNATURES = {
    # registry.h
    "bones_registry_create": (c_vp, []),
    "bones_registry_destroy": (None, [c_vp]),
    "bones_registry_scan_dir": (ctypes.c_int, [c_vp, ctypes.c_char_p]),
    "bones_registry_scan_path": (ctypes.c_int, [c_vp, ctypes.c_char_p]),
    "bones_registry_count": (c_size, [c_vp]),
    "bones_registry_get": (ctypes.POINTER(Plugin), [c_vp, c_size]),
    "bones_registry_find": (ctypes.POINTER(Plugin), [c_vp, ctypes.c_char_p]),
    "bones_registry_error_count": (c_size, [c_vp]),
    "bones_registry_error": (ctypes.c_char_p, [c_vp, c_size]),
    # options.h
    "bones_options_init": (ctypes.c_int, [ctypes.POINTER(Options), c_vp,
                                          ctypes.c_char_p, c_size]),
    "bones_options_release": (None, [ctypes.POINTER(Options)]),
    "bones_options_set": (ctypes.c_int, [ctypes.POINTER(Options), ctypes.c_char_p,
                                         ctypes.c_char_p, ctypes.c_char_p, c_size]),
    "bones_options_apply_variant": (ctypes.c_int, [ctypes.POINTER(Options),
                                                   ctypes.c_char_p, ctypes.c_char_p,
                                                   c_size]),
    "bones_options_find": (ctypes.c_int, [c_vp, ctypes.c_char_p]),
    # preset.h
    "bones_preset_resolve": (ctypes.c_int, [ctypes.c_char_p, c_vp, c_vp,
                                            ctypes.POINTER(ctypes.POINTER(Plugin)),
                                            ctypes.c_char_p, c_size]),
    "bones_preset_options": (ctypes.c_int, [c_vp, c_vp, ctypes.POINTER(Options),
                                            ctypes.c_char_p, c_size]),
    # session.h
    "bones_session_create": (ctypes.c_int, [c_vp, ctypes.POINTER(Options),
                                            ctypes.c_uint64, ctypes.POINTER(c_vp),
                                            ctypes.c_char_p, c_size]),
    "bones_session_destroy": (None, [c_vp]),
    "bones_session_restart": (None, [c_vp, ctypes.c_uint64]),
    "bones_session_plugin": (ctypes.POINTER(Plugin), [c_vp]),
    "bones_session_game": (c_vp, [c_vp]),
    "bones_session_info": (ctypes.POINTER(GameInfo), [c_vp]),
    "bones_session_options_text": (ctypes.c_char_p, [c_vp]),
    "bones_session_state": (c_vp, [c_vp]),
    "bones_session_seed": (ctypes.c_uint64, [c_vp]),
    "bones_session_play": (ctypes.c_int, [c_vp, c_move]),
    "bones_session_length": (c_size, [c_vp]),
    "bones_session_move_at": (c_move, [c_vp, c_size]),
    # record.h
    "bones_record_write": (ctypes.c_int, [c_vp, c_vp, c_vp]),
    "bones_record_save": (ctypes.c_int, [c_vp, c_vp, ctypes.c_char_p, ctypes.c_char_p,
                                         c_size]),
    # result.h
    "bones_preset_final_result": (None, [ctypes.c_bool, ctypes.c_int,
                                         ctypes.POINTER(ctypes.c_double),
                                         ctypes.POINTER(ctypes.c_int),
                                         ctypes.POINTER(ctypes.c_double), ctypes.c_int,
                                         ctypes.POINTER(ctypes.c_double),
                                         ctypes.POINTER(ctypes.c_int)]),
    # agent.h
    "bones_agent_kinds": (ctypes.POINTER(AgentKind), []),
    "bones_agent_create": (ctypes.c_int, [ctypes.c_char_p, c_vp, c_vp,
                                          ctypes.POINTER(GameInfo), ctypes.c_uint64,
                                          ctypes.POINTER(c_vp), ctypes.c_char_p, c_size]),
    "bones_agent_destroy": (None, [c_vp]),
    "bones_agent_set_time_limit": (None, [c_vp, ctypes.c_double]),
    "bones_agent_choose": (ctypes.c_int, [c_vp, c_vp, ctypes.POINTER(c_move)]),
    # observe.h
    "bones_observe_find": (ctypes.POINTER(Observation), [c_vp, c_vp]),
    "bones_observe_shape": (ctypes.c_int, [ctypes.POINTER(Observation), c_vp,
                                           ctypes.POINTER(c_size),
                                           ctypes.POINTER(ctypes.c_int),
                                           ctypes.POINTER(c_size)]),
    # dense.h
    "bones_dense_init": (ctypes.c_bool, [c_vp, c_vp, c_vp, ctypes.POINTER(GameInfo)]),
    "bones_dense_legal_sorted": (ctypes.c_int, [c_vp, c_vp, c_vp, c_vp, ctypes.POINTER(c_size),
                                         ctypes.c_char_p, c_size]),
    # batch.h (numpy arrays passed by address)
    "bones_batch_create": (ctypes.c_int, [c_vp, c_size, ctypes.c_uint64,
                                          ctypes.POINTER(c_vp), ctypes.c_char_p, c_size]),
    "bones_batch_destroy": (None, [c_vp]),
    "bones_batch_actions": (c_size, [c_vp]),
    "bones_batch_state": (c_vp, [c_vp, c_size]),
    "bones_batch_reset": (c_size, [c_vp, c_vp]),
    "bones_batch_reset_over": (c_size, [c_vp, c_vp]),
    "bones_batch_apply": (ctypes.c_int, [c_vp, c_vp, ctypes.c_char_p, c_size]),
    "bones_batch_players": (None, [c_vp, c_vp]),
    "bones_batch_legal": (ctypes.c_int, [c_vp, c_vp, c_vp, ctypes.c_char_p, c_size]),
    "bones_batch_mask": (ctypes.c_int, [c_vp, c_vp, ctypes.c_char_p, c_size]),
    "bones_batch_returns": (ctypes.c_int, [c_vp, c_vp, ctypes.c_char_p, c_size]),
    "bones_batch_observe": (ctypes.c_int, [c_vp, c_vp, c_vp, ctypes.c_char_p, c_size]),
    "bones_batch_observation_size": (c_size, [c_vp]),
    "bones_batch_fault": (ctypes.c_char_p, [c_vp]),
    # engine.h
    "bones_engine_create": (c_vp, [c_vp]),
    "bones_engine_destroy": (None, [c_vp]),
    "bones_engine_set_chooser": (None, [c_vp, ENGINE_CHOOSER, c_vp]),
    "bones_engine_chooser_failed": (None, [c_vp, ctypes.c_char_p]),
    "bones_engine_run": (ctypes.c_int, [c_vp, c_vp, c_vp]),
}


def _library_path():
    """BONES_LIBRARY, else libbones.so where the build or install put it beside this
    package, else whatever the dynamic linker finds."""
    env = os.environ.get("BONES_LIBRARY")
    if env:
        return env
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), _paths.LIBRARY)
    if os.path.exists(here):
        return here
    return ctypes.util.find_library("bones") or "libbones.so"


def _load():
    lib = ctypes.CDLL(_library_path())
    for name, (restype, argtypes) in _SIGNATURES.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return lib


lib = _load()
_libc = ctypes.CDLL(None)
fdopen = _libc.fdopen
fdopen.restype = c_vp
fdopen.argtypes = [ctypes.c_int, ctypes.c_char_p]
fflush = _libc.fflush
fflush.argtypes = [c_vp]
fclose = _libc.fclose
fclose.argtypes = [c_vp]
open_memstream = _libc.open_memstream
open_memstream.restype = c_vp
open_memstream.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(c_size)]
free = _libc.free
free.argtypes = [c_vp]


def record_text(session, players=None):
    """The session's record (bones_record_write) as a str; players a RecordPlayers."""
    ptr, size = ctypes.c_void_p(), c_size()
    f = open_memstream(ctypes.byref(ptr), ctypes.byref(size))
    if not f:
        raise MemoryError("out of memory")
    status = lib.bones_record_write(session, ctypes.addressof(players) if players else None, f)
    fclose(f)
    try:
        check(status, None, "record")
        return ctypes.string_at(ptr, size.value).decode()
    finally:
        free(ptr)


class BonesError(ValueError):
    """An error the host reported (its message as the host wrote it), or a request the
    game cannot answer: an illegal move, a move at the end, an object of a game that
    is gone. A ValueError, as a wrong value is what it reports."""


def err_buf():
    return ctypes.create_string_buffer(1024)


def check(status, err, what):
    if status != OK:
        msg = err.value.decode() if err is not None and err.value else STATUS[status]
        raise BonesError(f"{what}: {msg}" if what else msg)


def _beside(sub):
    return os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), sub))


_registry = None
_registry_lock = threading.Lock()


def registry():
    """The process's plugin registry, loaded on first use: the folders of
    BONES_PLUGIN_PATH, then the plugins that were built or installed with this package.
    The presets' folder is added to BONES_DATA_PATH the same way."""
    global _registry
    with _registry_lock:
        if _registry is None:
            configs = _beside(_paths.CONFIGS)
            data = os.environ.get("BONES_DATA_PATH")
            os.environ["BONES_DATA_PATH"] = f"{data}:{configs}" if data else configs
            reg = lib.bones_registry_create()
            if not reg:
                raise MemoryError("out of memory")
            lib.bones_registry_scan_path(reg, os.environ.get("BONES_PLUGIN_PATH", "").encode())
            lib.bones_registry_scan_dir(reg, _beside(_paths.PLUGINS).encode())
            _registry = reg
        return _registry


def text(value):
    return value.decode() if value is not None else ""
