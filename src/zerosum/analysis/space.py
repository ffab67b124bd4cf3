"""How big is a game: distinct positions and game-tree nodes per ply, exact and estimated.

Exact counts go ply by ply from the start (or from a given position, ``state=``, whose
plies are then counted from it): the game's compiled ``space_layers`` when it
has one (Connect Four), else a breadth-first enumeration over the states' keys
(:func:`~zerosum.game.state_key`: ``game.key``, the states themselves, or keys derived
from their contents) that works for any game. Symmetry comes from the game's
optional ``canonical_key``; without it there is no "up to symmetry" column. A position
reachable at several plies is counted once per ply (never in the built-in games, whose
plies are the pieces played).

Beyond the plies counted exactly, uniformly random games estimate the rest. With
``b_0 b_1 ... b_{n-1}`` the branching factors met before ply ``n``, the product is
Knuth's unbiased estimate of the game tree's nodes at ply ``n`` (a random game reaches
a given node with probability one over the product), and the same product at the game's
end estimates the complete games. Dividing by ``m(P)``, the number of move orders that
reach the position ``P`` at ply ``n`` through unfinished games (the game's optional
``move_orders``, or compiled in its ``space_probes``), makes it an unbiased estimate of
the distinct positions at ply ``n``: summed over the ``m(P)`` orders, each reached with
probability one over its product, ``P`` counts exactly once. Intervals are the sample
mean plus or minus 1.96 standard errors (95% for a normal mean; the products are
heavy-tailed, so more probes make the interval more trustworthy, not only narrower).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .. import hooks
from ..game import Action, Game, State, ZerosumError, game_name, key_function
from ..games.space import LayerCounts, Probes
from ..report.display import Table
from .jsonout import to_json

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["Estimate", "PlyCounts", "SpaceAnalysis", "analyze", "generic_layers", "random_probes"]

#: A random game longer than this is taken for a loop in a user's game.
MAX_PROBE_PLIES = 10_000


@dataclass(frozen=True)
class Estimate:
    """A sampled estimate with its 95% interval (``low``, ``high``) from ``samples`` probes."""

    value: float
    low: float
    high: float
    samples: int

    @classmethod
    def of(cls, values: np.ndarray, offset: float = 0.0) -> Estimate:
        """The mean of ``values`` plus ``offset`` (an exact part), with a normal interval."""
        n = len(values)
        mean = float(values.mean()) if n else 0.0
        half = 1.96 * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else math.inf
        return cls(offset + mean, max(offset, offset + mean - half), offset + mean + half, n)

    def __contains__(self, value: float) -> bool:
        return self.low <= value <= self.high

    def __str__(self) -> str:
        return f"{_short(self.value)} [{_short(self.low)}, {_short(self.high)}]"


@dataclass(frozen=True)
class PlyCounts:
    """One ply: exact counts where enumerated (see :class:`~zerosum.games.space.LayerCounts`),
    ``branching`` (mean legal moves over its distinct unfinished positions), the estimates
    of distinct positions and of tree nodes from the probes, the share of random games
    that reach this ply and their mean branching factor here."""

    ply: int
    positions: int | None = None
    symmetric: int | None = None
    terminal: int | None = None
    sequences: int | None = None
    games: int | None = None
    symmetric_games: int | None = None
    branching: float | None = None
    positions_estimate: Estimate | None = None
    nodes_estimate: Estimate | None = None
    reached: float = 0.0
    random_branching: float | None = None


@dataclass(frozen=True)
class SpaceAnalysis:
    """What :func:`analyze` finds. Totals are exact when the enumeration reached the end of
    every game (``complete``); the ``*_estimate`` totals add the sampled plies beyond the
    exact ones to the exact ones (None when nothing needed sampling or nothing could)."""

    game: str
    symmetry: str | None
    plies: tuple[PlyCounts, ...]
    exact_plies: int
    complete: bool
    positions: int | None
    symmetric: int | None
    sequences: int | None
    games: int | None
    symmetric_games: int | None
    positions_estimate: Estimate | None
    nodes_estimate: Estimate | None
    games_estimate: Estimate | None
    probes: int
    lengths: dict[int, int] = field(default_factory=dict)
    outcomes: dict[str, float] = field(default_factory=dict)
    seconds: float = 0.0

    def table(self) -> Table:
        """Per ply: exact counts, estimates with intervals, branching factors."""
        header = ["ply", "positions", "up to symmetry", "terminal", "positions (estimate)"]
        header += ["tree nodes", "tree nodes (estimate)", "games ending", "branching"]
        rows = [
            [
                p.ply,
                _cell(p.positions),
                _cell(p.symmetric),
                _cell(p.terminal),
                _cell(p.positions_estimate if p.positions is None else None),
                _cell(p.sequences),
                _cell(p.nodes_estimate if p.sequences is None else None),
                _cell(p.games),
                _cell(p.branching if p.branching is not None else p.random_branching),
            ]
            for p in self.plies
        ]
        total = ["total", _cell(self.positions), _cell(self.symmetric), "", ""]
        total += [_cell(self.sequences), "", _cell(self.games), ""]
        if not self.complete:
            total[4], total[6] = _cell(self.positions_estimate), _cell(self.nodes_estimate)
            total[7] = _cell(self.games_estimate) if self.games is None else total[7]
        caption = f"{self.game}: exact to ply {self.exact_plies}"
        caption += "" if self.complete else f", then {self.probes:,} random probes"
        return Table(header, [*rows, total], caption=caption)

    def summary(self) -> str:
        """The totals and random play in a few lines."""
        lines = [
            f"{self.game}: {'exact' if self.complete else 'exact to ply'}"
            f"{'' if self.complete else f' {self.exact_plies}'}; symmetry: "
            f"{self.symmetry or 'none'}"
        ]
        if self.positions is not None:
            lines.append(
                f"positions: {self.positions:,}"
                + ("" if self.symmetric is None else f" ({self.symmetric:,} up to symmetry)")
            )
        elif self.positions_estimate is not None:
            lines.append(f"positions: {self.positions_estimate} (95% interval)")
        if self.games is not None:
            lines.append(
                f"complete games: {self.games:,}"
                + (
                    ""
                    if self.symmetric_games is None
                    else f" ({self.symmetric_games:,} up to symmetry)"
                )
            )
        elif self.games_estimate is not None:
            lines.append(f"complete games: {self.games_estimate} (95% interval)")
        if self.sequences is not None:
            lines.append(f"game-tree nodes: {self.sequences:,}")
        elif self.nodes_estimate is not None:
            lines.append(f"game-tree nodes: {self.nodes_estimate} (95% interval)")
        if self.probes:
            mean = sum(n * c for n, c in self.lengths.items()) / self.probes
            rates = ", ".join(f"{k} {v:.1%}" for k, v in self.outcomes.items())
            lines.append(
                f"random play ({self.probes:,} games): {rates}; mean length {mean:.1f} plies"
            )
        lines.append(f"{self.seconds:.1f} s")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, object]:
        """Everything as JSON-ready values."""
        out = asdict(self)
        out["lengths"] = {str(k): v for k, v in self.lengths.items()}
        return out

    def to_json(self, path: str | Path | None = None) -> str:
        """The JSON text; written to ``path`` when given."""
        return to_json(self.to_dict(), path)

    def plot(self, path: str | Path | None = None) -> Figure:
        """The charts (see :func:`zerosum.report.plots.plot_space`)."""
        from ..report.plots import plot_space

        return plot_space(self, path)

    def _repr_html_(self) -> str:
        summary = "<br>".join(self.summary().splitlines())
        return f"<p>{summary}</p>" + self.table()._repr_html_()

    def __str__(self) -> str:
        return f"{self.table()}\n\n{self.summary()}"


def _short(x: float) -> str:
    return f"{x:,.0f}" if abs(x) < 1e7 else f"{x:.3g}"


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def analyze(
    game: Game[State, Action],
    *,
    plies: int | None = None,
    max_positions: int = 200_000,
    probes: int = 1000,
    seed: int = 0,
    state: State | None = None,
) -> SpaceAnalysis:
    """Count ``game``'s positions and game tree per ply: exactly up to ``plies`` (default:
    as far as the game goes), stopping after the first ply with more than
    ``max_positions`` positions; then estimate the rest from ``probes`` random games.

    From ``state`` when given, plies counted from it: the games' compiled counters start
    only from the start, so the Python enumeration counts instead, and the distinct
    positions beyond the exact plies are not estimated (the move orders that divide the
    estimate are counted from the start).

    >>> import zerosum as zs
    >>> space = zs.analyze(zs.games.TicTacToe(), probes=0)
    >>> space.positions, space.symmetric, space.games, space.symmetric_games
    (5478, 765, 255168, 26830)
    """
    if plies is not None and plies < 0:
        raise ZerosumError(f"plies must be at least 0, not {plies}")
    if max_positions < 1 or probes < 0:
        raise ZerosumError(
            f"max_positions must be at least 1 and probes at least 0, "
            f"not {max_positions} and {probes}"
        )
    start = time.perf_counter()
    layers = _exact(game, plies, max_positions, state)
    complete = bool(layers) and layers[-1].moves == 0
    sample = None
    if probes:
        sample = (
            random_probes(game, probes, seed)
            if state is None
            else _python_probes(game, probes, seed, state)
        )
    rows = _rows(layers, sample)
    return SpaceAnalysis(
        game=game_name(game),
        symmetry=hooks.symmetry(game),
        plies=tuple(rows),
        exact_plies=len(layers) - 1,
        complete=complete,
        positions=_total(layers, "positions") if complete else None,
        symmetric=_total(layers, "symmetric") if complete else None,
        sequences=_total(layers, "sequences") if complete else None,
        games=_total(layers, "games") if complete else None,
        symmetric_games=_total(layers, "symmetric_games") if complete else None,
        positions_estimate=None if complete else _positions_total(layers, sample),
        nodes_estimate=None if complete else _sum_beyond(layers, sample, "sequences"),
        games_estimate=None if complete else _games_total(layers, sample),
        probes=0 if sample is None else len(sample.lengths),
        lengths=_lengths(sample),
        outcomes=_outcomes(sample),
        seconds=time.perf_counter() - start,
    )


def _exact(
    game: Game[State, Action], plies: int | None, max_positions: int, state: State | None
) -> list[LayerCounts]:
    """The exact layers from ply 0 (the start, or ``state`` when given), as far as the
    limits allow."""
    hook = hooks.space_layers(game) if state is None else None
    source = hook() if hook is not None else None
    layers: list[LayerCounts] = []
    for layer in source if source is not None else generic_layers(game, state):
        layers.append(layer)
        if layer.moves == 0 or len(layers) > (math.inf if plies is None else plies):
            break
        if layer.positions > max_positions:
            break
    return layers


def _total(layers: list[LayerCounts], name: str) -> int | None:
    values = [getattr(layer, name) for layer in layers]
    return None if any(v is None for v in values) else sum(values)


#: One ply's positions by key: a state of each and the move sequences that reach it.
_Layer = dict[Hashable, tuple[State, int]]


def generic_layers(game: Game[State, Action], state: State | None = None) -> Iterator[LayerCounts]:
    """Exact counts ply by ply from the start (or ``state``) for any game whose states have
    a key (``state_key``), and up to symmetry with ``canonical_key``: breadth-first, one
    dictionary per ply."""
    canonical = hooks.canonical_key(game)
    start = game.initial_state if state is None else state
    key = key_function(game, start)
    frontier: _Layer[State] = {key(start): (start, 1)}
    classes = {canonical(start): (start, 1)} if canonical is not None else {}
    if game.is_terminal(start):
        yield LayerCounts(1, 1, 1 if canonical else None, 1, 1, 0, 1 if canonical else None)
        return
    current = LayerCounts(1, 0, 1 if canonical else None, 1, 0, 0, 0 if canonical else None)
    while frontier:
        nxt, done, moves = _next_layer(game, frontier, key)
        current = LayerCounts(**{**asdict(current), "moves": moves})
        yield current
        sym: tuple[int, int, int] | None = None
        if canonical is not None:
            classes_next, classes_done, _ = _next_layer(game, classes, canonical, distinct=True)
            sym = (
                len(classes_next) + len(classes_done),
                sum(n for _, n in classes_done.values()),
                0,
            )
            classes = classes_next
        current = LayerCounts(
            positions=len(nxt) + len(done),
            terminal=len(done),
            symmetric=None if sym is None else sym[0],
            sequences=sum(n for _, n in nxt.values()) + sum(n for _, n in done.values()),
            games=sum(n for _, n in done.values()),
            moves=0,
            symmetric_games=None if sym is None else sym[1],
        )
        frontier = nxt
    yield current


def _next_layer(
    game: Game[State, Action],
    layer: _Layer[State],
    key: Callable[[State], Hashable],
    distinct: bool = False,
) -> tuple[_Layer[State], _Layer[State], int]:
    """The children of ``layer`` (key -> (state, paths)), unfinished and finished, with
    paths added up, and the moves made. With ``distinct``, a position's children of the
    same key count once (paths through classes of positions, not through moves)."""
    nxt: _Layer[State] = {}
    done: _Layer[State] = {}
    moves = 0
    for state, paths in layer.values():
        seen: set[Hashable] = set()
        for action in game.actions(state):
            moves += 1
            child = game.result(state, action)
            k = key(child)
            if distinct:
                if k in seen:
                    continue
                seen.add(k)
            target = done if game.is_terminal(child) else nxt
            old = target.get(k)
            target[k] = (child, paths) if old is None else (old[0], old[1] + paths)
    return nxt, done, moves


def random_probes(game: Game, samples: int, seed: int = 0) -> Probes:
    """``samples`` uniformly random games from the start (the game's compiled
    ``space_probes`` when it has one), as :class:`~zerosum.games.space.Probes`."""
    hook = hooks.space_probes(game)
    found = hook(samples, seed) if hook is not None else None
    return found if found is not None else _python_probes(game, samples, seed)


def _python_probes(
    game: Game[State, Action], samples: int, seed: int, start: State | None = None
) -> Probes:
    """Random games from the start, or from ``start`` without the move orders (they count
    orders from the start, not from ``start``)."""
    rng = random.Random(seed)
    orders = hooks.move_orders(game) if start is None else None
    games: list[tuple[list[float], list[float], int]] = []
    for _ in range(samples):
        state, product = game.initial_state if start is None else start, 1.0
        products, counts = [1.0], [1.0]
        while not game.is_terminal(state):
            legal = game.actions(state)
            product *= len(legal)
            state = game.result(state, rng.choice(legal))
            products.append(product)
            counts.append(float(orders(state)) if orders is not None else 0.0)
            if len(products) > MAX_PROBE_PLIES:
                raise ZerosumError(
                    f"a random game of {game_name(game)} ran past "
                    f"{MAX_PROBE_PLIES} plies: does it end?"
                )
        utility = game.utility(state, 1)
        games.append((products, counts, 1 if utility > 0 else 2 if utility < 0 else 0))
    width = max((len(p) for p, _, _ in games), default=1)
    products_array = np.zeros((samples, width))
    orders_array = np.zeros((samples, width))
    for i, (products, counts, _) in enumerate(games):
        products_array[i, : len(products)] = products
        orders_array[i, : len(counts)] = counts
    lengths = np.array([len(p) - 1 for p, _, _ in games], dtype=np.int64)
    winners = np.array([w for _, _, w in games], dtype=np.int64)
    return Probes(products_array, orders_array if orders is not None else None, lengths, winners)


def _per_position(sample: Probes) -> np.ndarray | None:
    """Per probe and ply: the product over the move orders (the positions' estimator)."""
    if sample.orders is None:
        return None
    orders = sample.orders
    return np.divide(sample.products, orders, out=np.zeros_like(orders), where=orders > 0)


def _rows(layers: list[LayerCounts], sample: Probes | None) -> list[PlyCounts]:
    last = max(
        len(layers) - 1,
        int(sample.lengths.max()) if sample is not None and len(sample.lengths) else 0,
    )
    per_position = None if sample is None else _per_position(sample)
    rows = []
    for ply in range(last + 1):
        exact: dict[str, Any] = {}
        if ply < len(layers):
            layer = layers[ply]
            unfinished = layer.positions - layer.terminal
            exact = asdict(layer)
            exact["branching"] = layer.moves / unfinished if unfinished else None
            del exact["moves"]
        rows.append(PlyCounts(ply=ply, **exact, **_sampled(sample, per_position, ply)))
    return rows


def _sampled(sample: Probes | None, per_position: np.ndarray | None, ply: int) -> dict[str, Any]:
    if sample is None or not len(sample.lengths) or ply >= sample.products.shape[1]:
        return {}
    going = sample.lengths > ply
    reaching = sample.lengths >= ply
    products = sample.products
    branching = None
    if going.any():
        branching = float((products[going, ply + 1] / products[going, ply]).mean())
    return {
        "positions_estimate": None if per_position is None else Estimate.of(per_position[:, ply]),
        "nodes_estimate": Estimate.of(products[:, ply]),
        "reached": float(reaching.mean()),
        "random_branching": branching,
    }


def _known(layers: list[LayerCounts], name: str) -> tuple[int, int]:
    """How many plies from the start have an exact ``name``, and their sum."""
    total = 0
    for i, layer in enumerate(layers):
        value = getattr(layer, name)
        if value is None:
            return i, total
        total += value
    return len(layers), total


def _sum_beyond(layers: list[LayerCounts], sample: Probes | None, name: str) -> Estimate | None:
    """Exact ``name`` summed over its known plies plus the probes' tree nodes beyond."""
    if sample is None:
        return None
    known, exact = _known(layers, name)
    return Estimate.of(sample.products[:, known:].sum(axis=1), float(exact))


def _positions_total(layers: list[LayerCounts], sample: Probes | None) -> Estimate | None:
    per_position = None if sample is None else _per_position(sample)
    if per_position is None:
        return None
    known, exact = _known(layers, "positions")
    return Estimate.of(per_position[:, known:].sum(axis=1), float(exact))


def _games_total(layers: list[LayerCounts], sample: Probes | None) -> Estimate | None:
    if sample is None:
        return None
    known, exact = _known(layers, "games")
    ends = sample.products[np.arange(len(sample.lengths)), sample.lengths]
    return Estimate.of(np.where(sample.lengths >= known, ends, 0.0), float(exact))


def _lengths(sample: Probes | None) -> dict[int, int]:
    if sample is None:
        return {}
    values, counts = np.unique(sample.lengths, return_counts=True)
    return {int(v): int(c) for v, c in zip(values, counts, strict=True)}


def _outcomes(sample: Probes | None) -> dict[str, float]:
    if sample is None or not len(sample.winners):
        return {}
    winners = sample.winners
    return {
        "first player wins": float((winners == 1).mean()),
        "draws": float((winners == 0).mean()),
        "second player wins": float((winners == 2).mean()),
    }
