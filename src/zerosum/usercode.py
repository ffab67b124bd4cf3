"""Games and agents from the user's own files and modules: ``my_agent.py:MyAgent,depth=3``.

A file is imported as a module of its own (its folder on ``sys.path`` while it runs, so
it may import its neighbours); a module by its dotted name. What fails is reported on
one line as a :class:`~zerosum.game.SpecError` naming the file and the line: a syntax
error, an import that fails, a missing name, or a name that is neither a game nor an
agent. Loading runs the user's code in this process: load untrusted code only where a
crash or a hang costs nothing (the arena loads entries in processes of their own).

A game loaded from the user's code is checked at every call (:mod:`zerosum.checked`): what
its methods raise or wrongly answer is reported as its own fault.

A file's module name is fixed by its absolute path, so objects from it that are pickled
in one process unpickle in another that loaded the same spec.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.util
import inspect
import linecache
import re
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import cast

from .checked import instrument, short_path
from .game import Game, SpecError
from .spec import CodeSpec, Entry, signature_params, takes_any_keyword

__all__ = ["GAME_MEMBERS", "is_game", "load_code", "import_code", "loaded_from"]

#: The seven members that make an object a game.
GAME_MEMBERS = (
    "initial_state",
    "player",
    "actions",
    "result",
    "is_terminal",
    "utility",
    "print_state",
)
#: The attribute an agent file offers by default (else its last function or class).
DEFAULT_AGENT = "agent"


def is_game(thing: object) -> bool:
    """Whether ``thing`` (an object or a class) has the seven members of a game (looked
    up on the class first: reading a property such as ``initial_state`` runs its code)."""
    return all(_has_member(thing, m) for m in GAME_MEMBERS)


def _has_member(thing: object, member: str) -> bool:
    """Whether ``thing`` has ``member``, looked up on its class first."""
    return hasattr(type(thing), member) or hasattr(thing, member)


def load_code(spec: str, code: CodeSpec, kind: str) -> object:
    """The game or agent (``kind``) that ``code``, parsed from ``spec``, names: a class is
    instantiated with the spec's parameters, anything else is taken as it is."""
    module = import_code(code, spec, kind)
    name, thing = _attribute(module, code, spec, kind)
    if inspect.isclass(thing):
        built = _instantiate(thing, name, code, spec, kind)
    elif code.args:
        raise SpecError(
            f"{kind} {spec.strip()!r}: {name} is a {type(thing).__name__}, not a class, so it "
            f"takes no parameters ({', '.join(code.args)} given)"
        )
    else:
        built = thing
    _check_kind(built, thing, name, spec, kind)
    return instrument(cast(Game, built)) if kind == "game" else built  # checked above


def import_code(code: CodeSpec, spec: str, kind: str) -> ModuleType:
    """The module of a file or dotted module, imported once per process."""
    if not code.is_file:
        try:
            return importlib.import_module(code.source)
        except (Exception, SystemExit) as exc:
            where = _where(exc, None)
            raise SpecError(
                f"cannot load {kind} {spec.strip()!r}: {where}{_describe(exc)}"
            ) from None
    path = Path(code.source).expanduser()
    if not path.is_file():
        raise SpecError(f"cannot load {kind} {spec.strip()!r}: no file {code.source}")
    name = module_name(path)
    if name in sys.modules:
        return sys.modules[name]
    return _exec_file(path, name, f"{kind} {spec.strip()!r}")


def module_name(path: Path) -> str:
    """The module name a file is loaded under: its stem and a hash of its absolute path."""
    resolved = str(path.resolve())
    stem = re.sub(r"\W", "_", path.stem)
    return f"_zerosum_file_{stem}_{hashlib.sha1(resolved.encode()).hexdigest()[:10]}"


def loaded_from(thing: object) -> str | None:
    """The file a loaded object's class or function was defined in, if from a file spec."""
    module = getattr(thing, "__module__", None) or type(thing).__module__
    if not str(module).startswith("_zerosum_file_"):
        return None
    return getattr(sys.modules.get(module), "__file__", None)


def _exec_file(path: Path, name: str, what: str) -> ModuleType:
    source_spec = importlib.util.spec_from_file_location(name, path)
    assert source_spec is not None and source_spec.loader is not None
    module = importlib.util.module_from_spec(source_spec)
    sys.modules[name] = module  # classes defined in it pickle by this name
    folder = str(path.resolve().parent)
    sys.path.insert(0, folder)
    try:
        source_spec.loader.exec_module(module)
    except (Exception, SystemExit) as exc:
        del sys.modules[name]
        where = _where(exc, path)
        raise SpecError(f"cannot load {what}: {where}{_describe(exc)}") from None
    finally:
        with contextlib.suppress(ValueError):
            sys.path.remove(folder)
    return module


def _describe(exc: BaseException) -> str:
    if isinstance(exc, SyntaxError):
        return f"SyntaxError: {exc.msg}"
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _where(exc: BaseException, path: Path | None) -> str:
    """``"file.py, line 3 (import numpyy): "`` for the line that failed: in ``path`` when
    given, else the deepest line outside Python's import machinery."""
    if isinstance(exc, SyntaxError) and exc.filename:
        line = (exc.text or "").strip()
        return _place(exc.filename, exc.lineno, line)
    frames = [
        f
        for f in traceback.extract_tb(exc.__traceback__)
        if not f.filename.startswith("<frozen") and "importlib" not in f.filename
    ]
    if path is not None:
        mine = [f for f in frames if Path(f.filename).resolve() == path.resolve()]
        frames = mine or frames
    if not frames:
        return ""
    last = frames[-1]
    return _place(last.filename, last.lineno, last.line or "")


def _place(filename: str, lineno: int | None, line: str) -> str:
    shown = short_path(filename)
    if lineno is None:
        return f"{shown}: "
    line = line.strip() or linecache.getline(filename, lineno).strip()
    quoted = f" ({line[:60]}{'...' if len(line) > 60 else ''})" if line else ""
    return f"{shown}, line {lineno}{quoted}: "


def _defined_here(module: ModuleType) -> list[tuple[str, object]]:
    """The public functions and classes ``module`` defines (not imports), in order."""
    return [
        (name, value)
        for name, value in vars(module).items()
        if not name.startswith("_")
        and (inspect.isfunction(value) or inspect.isclass(value))
        and getattr(value, "__module__", None) == module.__name__
    ]


def _attribute(module: ModuleType, code: CodeSpec, spec: str, kind: str) -> tuple[str, object]:
    """The named attribute, or the default one: for a game the last game class defined
    in the module; for an agent ``agent``, else the last function or class defined."""
    if code.attribute is not None:
        thing: object = module
        for part in code.attribute.split("."):
            if not hasattr(thing, part):
                offered = ", ".join(n for n, _ in _defined_here(module)) or "nothing public"
                raise SpecError(
                    f"cannot load {kind} {spec.strip()!r}: {code.source} has no "
                    f"{code.attribute!r}; "
                    f"it defines {offered}"
                )
            thing = getattr(thing, part)
        return code.attribute, thing
    if kind == "agent" and hasattr(module, DEFAULT_AGENT):
        return DEFAULT_AGENT, getattr(module, DEFAULT_AGENT)
    wanted: Callable[[object], bool] = is_game if kind == "game" else (lambda v: not is_game(v))
    found = [(n, v) for n, v in _defined_here(module) if wanted(v)]
    if not found:
        what = "class with the seven members of a game" if kind == "game" else "function or class"
        raise SpecError(
            f"cannot load {kind} {spec.strip()!r}: {code.source} defines no {what}; "
            f"name one as {code.source}:NAME"
        )
    return found[-1]


def _instantiate(cls: type, name: str, code: CodeSpec, spec: str, kind: str) -> object:
    entry = Entry(name, cls, signature_params(cls, untyped=True), "", takes_any_keyword(cls))
    kwargs = entry.arguments(spec.strip(), code.args, kind)
    try:
        inspect.signature(cls).bind(**kwargs)
    except TypeError as exc:
        raise SpecError(f"bad {kind} spec {spec.strip()!r}: {name}: {exc}") from None
    try:
        return cls(**kwargs)
    except (Exception, SystemExit) as exc:
        where = _where(exc, Path(code.source) if code.is_file else None)
        raise SpecError(f"cannot create {kind} {spec.strip()!r}: {where}{_describe(exc)}") from None


def _check_kind(built: object, thing: object, name: str, spec: str, kind: str) -> None:
    """Refuse what is not a ``kind``, saying what it is and what was expected."""
    if kind == "game" and not is_game(built):
        missing = ", ".join(m for m in GAME_MEMBERS if not _has_member(built, m))
        raise SpecError(
            f"game {spec.strip()!r}: {name} is not a game: it lacks {missing} "
            f"(a game has {', '.join(GAME_MEMBERS)})"
        )
    if kind == "agent" and (is_game(built) or not callable(built)):
        what = "a game" if is_game(built) else f"a {type(built).__name__}"
        made = f"an instance of {name}" if thing is not built else name
        raise SpecError(
            f"agent {spec.strip()!r}: {made} is {what}, not an agent; expected a function "
            "agent(game, state) -> action, a class whose instances are one, or such an object"
        )
