"""Spec strings (``"connect4:width=5,height=4"``) and the registries they are looked up in.

One parser serves games and agents, the library, the CLI and the web page alike. Values
are read as literals of the parameter's declared type; nothing is ever evaluated as code.
"""

from __future__ import annotations

import difflib
import inspect
import re
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar, cast

from .game import SpecError, ZerosumError

__all__ = ["BARE", "Param", "Entry", "Registry", "CodeSpec", "parse_spec", "parse_code_spec"]
__all__ += ["did_you_mean"]

T = TypeVar("T")

#: A value a spec string sets: read as its parameter's scalar type (or, untyped, as the
#: first of int, float, true/false, none that fits, else kept as text).
SpecValue = bool | int | float | str | None

_SCALARS = (bool, int, float, str)
_P = inspect.Parameter


#: The key under which ``parse_spec`` stores a bare first value (``"openspiel:chess"``).
BARE = ""


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"name:a=1,b=x"`` into ``("name", {"a": "1", "b": "x"})`` (values still text).

    A bare first value, as in ``"openspiel:chess,x=1"``, is stored under the key ``BARE``;
    it stands for the entry's first parameter.
    """
    if not isinstance(spec, str) or not spec.strip():
        raise SpecError(f"empty spec {spec!r}; expected NAME or NAME:key=value,...")
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    args: dict[str, str] = {}
    for i, part in enumerate(filter(None, (p.strip() for p in rest.split(",")))):
        key, eq, value = part.partition("=")
        key = key.strip()
        if i == 0 and not eq:
            args[BARE] = key
            continue
        if not eq or not key.isidentifier():
            raise SpecError(f"bad parameter {part!r} in spec {spec!r}; expected key=value")
        if key in args:
            raise SpecError(f"parameter {key!r} given twice in spec {spec!r}")
        args[key] = value.strip()
    return name, args


#: ``path/to/file.py`` (a Windows drive allowed), then ``:`` and the rest, or the end.
_FILE = re.compile(r"\s*(?P<source>(?:[A-Za-z]:[\\/])?[^:]*?\.py)\s*(?::(?P<rest>.*))?", re.S)
#: ``package.module`` (at least one dot), then ``:`` and the rest, or the end.
_MODULE = re.compile(r"\s*(?P<source>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)\s*(?::(?P<rest>.*))?", re.S)


@dataclass(frozen=True)
class CodeSpec:
    """A spec naming the user's code: a ``.py`` file or a dotted module, the attribute
    in it (None: the default one), and the parameters for a class's constructor."""

    source: str
    is_file: bool
    attribute: str | None
    args: dict[str, str]


def parse_code_spec(spec: str) -> CodeSpec | None:
    """``"dir/my.py:Agent,depth=3"`` or ``"pkg.mod:Agent,depth=3"`` as a :class:`CodeSpec`;
    None when ``spec`` names a registered entry (its name has no ``.`` and no ``.py``).

    After the colon, a bare first value names the attribute and ``key=value`` pairs are
    the constructor's parameters, as in every spec: ``my.py:depth=3`` takes the file's
    default attribute.

    >>> parse_code_spec("bots/mine.py:Deep,depth=3")
    CodeSpec(source='bots/mine.py', is_file=True, attribute='Deep', args={'depth': '3'})
    >>> parse_code_spec("connect4:width=5") is None
    True
    """
    if not isinstance(spec, str):
        return None
    found = _FILE.fullmatch(spec)
    is_file = found is not None
    found = found or _MODULE.fullmatch(spec)
    if found is None:
        return None
    _, args = parse_spec("code:" + (found["rest"] or ""))
    attribute = args.pop(BARE, None)
    if attribute is not None and not all(p.isidentifier() for p in attribute.split(".")):
        raise SpecError(
            f"bad name {attribute!r} in spec {spec.strip()!r}; expected the name of a class, "
            "function or object in it, e.g. my_agent.py:MyAgent"
        )
    return CodeSpec(found["source"].strip(), is_file, attribute, args)


@dataclass(frozen=True)
class Param:
    """One parameter a spec string may set: its name, scalar type and default."""

    name: str
    type: type
    default: object  # inspect.Parameter.empty when required
    optional: bool  # None is an accepted value

    def convert(self, text: str) -> SpecValue:
        """Read ``text`` as a value of this parameter's type, or raise ``ValueError``
        (type ``object``: an untyped parameter of the user's code, read as the first of
        int, float, true/false, none that fits, else kept as text)."""
        if self.optional and text.lower() in ("none", ""):
            return None
        if self.type is object:
            return _literal(text)
        if self.type is bool:
            if text.lower() in ("true", "yes", "1", "on"):
                return True
            if text.lower() in ("false", "no", "0", "off"):
                return False
            raise ValueError("expected true or false")
        try:
            return self.type(text)
        except ValueError:
            article = "an" if self.type is int else "a"
            raise ValueError(f"not {article} {self.type.__name__}") from None

    def describe(self) -> str:
        kind = ("any" if self.type is object else self.type.__name__) + (
            " or none" if self.optional else ""
        )
        if self.default is inspect.Parameter.empty:
            return f"{self.name} ({kind}, required)"
        return f"{self.name}={self.default!r} ({kind})"


def _literal(text: str) -> SpecValue:
    """An untyped value: int, float, bool or None when it reads as one, else the text."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    words: dict[str, SpecValue] = {"true": True, "false": False, "none": None}
    return words.get(text.lower(), text)


def signature_params(factory: Callable[..., object], *, untyped: bool = False) -> tuple[Param, ...]:
    """The parameters of ``factory`` a spec may set: those with a scalar type (declared,
    or with ``untyped`` read from the default) and a default. With ``untyped`` (the
    user's own classes), parameters without a type or a default are kept too, as type
    ``object`` (see :meth:`Param.convert`)."""
    target = factory.__init__ if inspect.isclass(factory) else factory
    try:
        hints = typing.get_type_hints(target)
    except Exception:  # annotations that do not resolve: read them as absent
        hints = {}
    params = []
    for p in inspect.signature(factory).parameters.values():
        if p.kind in (_P.VAR_POSITIONAL, _P.VAR_KEYWORD, _P.POSITIONAL_ONLY):
            continue
        scalar = _scalar_type(hints.get(p.name, p.annotation))
        if untyped and scalar is None:
            default_type = type(p.default)
            scalar = (default_type, False) if default_type in _SCALARS else (object, True)
        if scalar is None or (p.default is inspect.Parameter.empty and not untyped):
            continue
        params.append(Param(p.name, scalar[0], p.default, scalar[1]))
    return tuple(params)


def takes_any_keyword(factory: Callable[..., object]) -> bool:
    """Whether ``factory`` takes ``**kwargs``."""
    return any(
        p.kind is inspect.Parameter.VAR_KEYWORD
        for p in inspect.signature(factory).parameters.values()
    )


def _scalar_type(annotation: object) -> tuple[type, bool] | None:
    """``(type, optional)`` for ``int``, ``float | None`` and the like; None for anything else."""
    if isinstance(annotation, type) and annotation in _SCALARS:
        return annotation, False
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        members = [a for a in typing.get_args(annotation) if a is not type(None)]
        optional = len(members) < len(typing.get_args(annotation))
        if len(members) == 1 and members[0] in _SCALARS:
            return members[0], optional
        if set(members) == {int, float}:
            return float, optional
    return None


@dataclass(frozen=True)
class Entry(Generic[T]):
    """A registered factory, the spec-settable parameters it takes, and a one-line summary;
    for a built-in, what to warm up and which small specs the tests play."""

    name: str
    factory: Callable[..., T]
    params: tuple[Param, ...]
    summary: str
    open_params: bool = False  # the factory takes **kwargs: other keys go to it as text
    #: A spec whose compiled code the page's agent hosts load before their first move
    #: (:mod:`zerosum.hosting.warm`: every warm agent on every warm game), or None.
    warm: str | None = None
    #: Specs whose random playouts end quickly: the test suites play every one.
    small_specs: tuple[str, ...] = ()

    def make(self, spec: str, args: dict[str, str], kind: str) -> T:
        kwargs = self.arguments(spec, args, kind)
        try:
            return self.factory(**kwargs)
        except ZerosumError:
            raise
        except (ValueError, TypeError) as exc:
            raise SpecError(f"bad {kind} spec {spec!r}: {exc}") from None

    def arguments(self, spec: str, args: dict[str, str], kind: str) -> dict[str, SpecValue]:
        """The factory's keyword arguments: ``args`` checked and read as their types."""
        known = {p.name: p for p in self.params}
        kwargs: dict[str, SpecValue] = {}
        if BARE in args:
            args = self._name_bare_value(spec, args, kind)
        for key, text in args.items():
            if key not in known and self.open_params:
                kwargs[key] = text
                continue
            if key not in known:
                allowed = ", ".join(known) or "none"
                raise SpecError(
                    f"{kind} {self.name!r} has no parameter {key!r}"
                    f"{did_you_mean(key, known)} in {spec!r}; parameters: {allowed}"
                )
            try:
                kwargs[key] = known[key].convert(text)
            except ValueError as exc:
                raise SpecError(
                    f"bad value {text!r} for {key} in {spec!r}: {exc}; "
                    f"expected {known[key].describe()}"
                ) from None
        return kwargs

    def _name_bare_value(self, spec: str, args: dict[str, str], kind: str) -> dict[str, str]:
        """``args`` with the bare first value under the name of the first parameter."""
        if not self.params:
            raise SpecError(
                f"{kind} {self.name!r} takes no parameters, but {spec!r} gives it {args[BARE]!r}"
            )
        first = self.params[0].name
        if first in args:
            raise SpecError(f"parameter {first!r} given twice in spec {spec!r}")
        return {(first if key == BARE else key): text for key, text in args.items()}


class Registry(Generic[T]):
    """Named factories of one kind (games or agents), looked up by spec string."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._entries: dict[str, Entry[T]] = {}

    def register(
        self,
        name: str,
        summary: str = "",
        *,
        warm: str | None = None,
        small_specs: tuple[str, ...] = (),
    ) -> Callable[[Callable[..., T]], Callable[..., T]]:
        """Decorator: make ``factory`` available as ``name`` in spec strings; ``warm`` and
        ``small_specs`` as in :class:`Entry`."""

        def add(factory: Callable[..., T]) -> Callable[..., T]:
            doc = summary or (inspect.getdoc(factory) or "").split("\n")[0]
            params, open_params = signature_params(factory), takes_any_keyword(factory)
            self._entries[name] = Entry(name, factory, params, doc, open_params, warm, small_specs)
            return factory

        return add

    def __iter__(self) -> Iterator[Entry[T]]:
        return iter(sorted(self._entries.values(), key=lambda e: e.name))

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def entry(self, name: str) -> Entry[T]:
        try:
            return self._entries[name]
        except KeyError:
            known = ", ".join(sorted(self._entries))
            raise SpecError(
                f"unknown {self.kind} {name!r}{did_you_mean(name, self._entries)}; known: {known}"
            ) from None

    def make(self, spec: str, *, code: bool = True) -> T:
        """Build the object a spec string names, with a precise :class:`SpecError` if it can't.

        With ``code``, a spec may name the user's code (:func:`parse_code_spec`), which is
        then imported and run in this process; without it, such a spec is refused.
        """
        found = parse_code_spec(spec)
        if found is not None:
            if not code:
                raise SpecError(
                    f"{spec.strip()!r} names code in a file or module, which is not allowed "
                    f"here; expected a built-in {self.kind}: {', '.join(sorted(self._entries))}"
                )
            from .usercode import load_code  # imports the user's code: only when asked

            return cast(T, load_code(spec, found, self.kind))  # checked to be a game or agent
        name, args = parse_spec(spec)
        if name not in self._entries and code:
            known = ", ".join(sorted(self._entries))
            raise SpecError(
                f"unknown {self.kind} {name!r}{did_you_mean(name, self._entries)}; "
                f"known: {known}; or your own code: "
                "FILE.py[:NAME] or package.module[:NAME]"
            )
        return self.entry(name).make(spec, args, self.kind)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``" (did you mean 'connect4'?)"``: the one of ``choices`` closest to a mistyped
    ``word``, to follow the word in an error; "" when none is close. Shared by
    the registries' errors and the command line's, so a typo is answered alike everywhere.

    >>> did_you_mean("conect4", ["connect4", "othello"]), did_you_mean("chess", ["pick"])
    (" (did you mean 'connect4'?)", '')
    """
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
