"""Connect Four's fast paths, registered for the class :class:`~.game.ConnectFour` alone:
its compiled rules, transposition keys and mirror symmetry, compiled state-space counter,
compiled exact solver with the 7x6 opening book, and its parts of the ``zerosum`` command.

They are true for Connect Four's rules only, so they are no members of the game: a
subclass gets the generic path unless it registers them too
(``register_fast_paths(Mine, like=ConnectFour)``, :mod:`zerosum.fast_paths`). The
compiled parts (solver, state-space counter) are imported where first used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from ... import budget
from ...fast_paths import FastPaths
from ...kernels.cached import may_load
from ...records.solve import ExactAnswer, ValuesAnswer
from ..space import LayerCounts, Probes
from . import book as opening_book
from .commands import ConnectFourCommands
from .game import ConnectFour
from .shape import ConnectFourState

if TYPE_CHECKING:
    from types import ModuleType

__all__ = ["FAST_PATHS", "INSTANT_CELLS", "INSTANT_CELLS_GENERIC", "MINIMAX_CELLS",
           "BOOK_INSTANT_PLIES", "SYMMETRY", "mirror", "plies_for_score"]  # fmt: skip

#: The largest boards a perfect player solves from the start in well under a second here
#: (measured on 2 cores: 5x5 and 6x4 take 0.2 s with the compiled solver, 6x5 1.5 s).
INSTANT_CELLS, INSTANT_CELLS_GENERIC = 25, 16
#: Plain minimax searches boards of fewer cells to the end in about a second.
MINIMAX_CELLS = 12
#: The depth of book from which the page offers perfect on 7x6 (answers within its cap).
BOOK_INSTANT_PLIES = 8
#: What :func:`canonical_key` identifies (for state-space reports).
SYMMETRY = "the mirror image (columns reversed)"


def minimax_is_instant(game: ConnectFour) -> bool:
    """Whether plain minimax searches the whole tree from the start in about a second
    (the page offers it then): boards under :data:`MINIMAX_CELLS` cells (3x4 with 3 in a
    row: 26k nodes; 4x3 with 4: 1.1M nodes, 3.3 s; 5x3 with 3: 39M, minutes)."""
    return game.cells < MINIMAX_CELLS


def perfect_is_instant(game: ConnectFour) -> bool:
    """Whether a perfect player answers from the start in well under a second here, so the
    web page offers it: boards of the compiled solver up to :data:`INSTANT_CELLS` cells,
    others (the generic solver) up to :data:`INSTANT_CELLS_GENERIC`, and 7x6 once the
    shipped opening book reaches ply :data:`BOOK_INSTANT_PLIES`: its first moves come from
    the book at once, and past it the page's cap bounds each move, which then still keeps
    the position's value (:func:`keeping_move`)."""
    if (game.width, game.height, game.k) == (7, 6, 4):
        shipped = _book(game)
        return shipped is not None and shipped.plies >= BOOK_INSTANT_PLIES
    if has_compiled_solver(game):
        return game.cells <= INSTANT_CELLS
    return game.cells <= INSTANT_CELLS_GENERIC


def key(game: ConnectFour, state: ConnectFourState) -> tuple[int, int]:
    """The stones alone identify a position (moves and winner follow from them)."""
    return (state[0], state[1])


def canonical_key(game: ConnectFour, state: ConnectFourState) -> tuple[int, int]:
    """The smaller of the stones and their mirror image."""
    return min((state[0], state[1]), (mirror(game, state[0]), mirror(game, state[1])))


def mirror(game: ConnectFour, bits: int) -> int:
    """The stones ``bits`` reflected left-right (column c goes to width - 1 - c)."""
    h1, out = game.column_height, 0
    column = (1 << h1) - 1
    for c in range(game.width):
        out |= (bits >> (c * h1) & column) << ((game.width - 1 - c) * h1)
    return out


def space_layers(game: ConnectFour) -> Iterator[LayerCounts] | None:
    """Exact counts ply by ply, compiled (boards of at most 64 bits), else None."""
    if game.column_height * game.width > 64:
        return None
    from . import space as c4_space  # compiled: numba loads on first use

    return (LayerCounts(*t) for t in c4_space.layers(game.width, game.height, game.k))


def space_probes(game: ConnectFour, samples: int, seed: int) -> Probes | None:
    """Compiled random probes (boards up to 64 bits whose sub-positions, one per vector of
    column heights, number at most 2**24), else None."""
    if game.column_height * game.width > 64 or game.column_height**game.width > 1 << 24:
        return None
    from . import space as c4_space  # compiled: numba loads on first use

    return Probes(*c4_space.probes(game.width, game.height, game.k, samples, seed))


def has_compiled_solver(game: ConnectFour) -> bool:
    """Whether the compiled solver handles this board: k=4 on at most 64 bits."""
    return game.k == 4 and game.column_height * game.width <= 64


def warm_solver(game: ConnectFour) -> None:
    """Load the compiled solver and the opening book now (seconds, once per process), so
    that no move's clock pays for it."""
    if has_compiled_solver(game):
        from . import solver as connect4  # compiled: numba loads on first use

        connect4.ensure_compiled()
        _from_book(game, 0, 0)


def _book(game: ConnectFour) -> opening_book.Book | None:
    """The shipped opening book, for the standard 7x6 board only."""
    if (game.width, game.height, game.k) != (7, 6, 4):
        return None
    return opening_book.book()


def _from_book(game: ConnectFour, current: int, mask: int) -> tuple[list[int | None], bool] | None:
    """Every column's score from the 7x6 opening book (None for a full column) and whether
    the scores are exact (else values: 1, 0, -1), or None when the board is another or the
    book does not reach the position."""
    shipped = _book(game)
    if shipped is None:
        return None
    scores = opening_book.column_scores(current, mask, shipped)
    if scores is None:
        return None
    exact = shipped.exact_at(mask.bit_count() + 1)
    return [scores.get(col) for col in range(game.width)], exact


def solve_exactly(game: ConnectFour, state: ConnectFourState) -> ExactAnswer | ValuesAnswer | None:
    """Every column's exact score from the compiled solver, for ``zs.solve``.

    Scores follow the public benchmark convention (positive: the mover wins, larger
    sooner). Where the opening book has the columns' values only (its deeper plies), the
    answer is those values (a :class:`ValuesAnswer` of 0 nodes, as from a weak solve).
    ``None`` for boards the kernel does not handle (k other than 4, or more than 64 bits
    with the sentinel row), which then take the generic path. Stops at the current move's
    deadline (:mod:`zerosum.budget`) with ``OutOfTime``. Successive solves share the table
    of ``game.solver``, so a game's next move starts from what the last one proved. Under
    :func:`~zerosum.kernels.cached.loaded_only`, ``None`` past the book unless the solver
    is loaded already.
    """
    if not has_compiled_solver(game):
        return None
    from . import solver as connect4  # compiled: numba loads on first use

    solver = game.solver or connect4.shared_solver()
    p1, p2, moves, _ = state
    current = p1 if moves % 2 == 0 else p2
    known = _from_book(game, current, p1 | p2)
    if known is not None and not known[1]:
        values = {c: v for c in game.actions(state) if (v := known[0][c]) is not None}
        return ValuesAnswer(values, 0)
    if known is not None:
        columns, nodes = known[0], 0
    else:
        kernels = [connect4.batch_kernel(solver.workers)]
        if not may_load() and not connect4.is_compiled(kernels):
            return None  # a stand-in's solve while the solver compiles (kernels/cached.py)
        _compiled_off_the_clock(connect4, kernels)
        columns, nodes = connect4.analyze_counted(
            current,
            p1 | p2,
            game.width,
            game.height,
            tt=solver.table,
            deadline=budget.deadline(),
            workers=solver.workers,
        )
    scores = {c: s for c in game.actions(state) if (s := columns[c]) is not None}
    plies = {c: plies_for_score(game, moves, s) for c, s in scores.items()}
    return ExactAnswer(scores, plies, nodes)


def keeping_move(game: ConnectFour, state: ConnectFourState) -> tuple[int, int] | None:
    """``(column, value)``: a move that keeps the position's value (1, 0 or -1 for the
    mover), for a perfect player short of time (see ``Perfect``). The value comes from the
    opening book, else from a weak solve; the move from one null-window search per column
    tried. Much cheaper than every move's score past the book; ``None`` where
    :func:`solve_exactly` answers from the book at once anyway, or the compiled solver does
    not handle the board. Stops at the current move's deadline with ``OutOfTime``."""
    if not has_compiled_solver(game):
        return None
    from . import solver as connect4  # compiled: numba loads on first use

    p1, p2, moves, _ = state
    current, mask = (p1 if moves % 2 == 0 else p2), p1 | p2
    if _from_book(game, current, mask) is not None:
        return None
    _compiled_off_the_clock(connect4, [connect4.solve_all, connect4.keeping_column])
    table = (game.solver or connect4.shared_solver()).table
    shipped = _book(game)
    score = None if shipped is None else shipped.score(current, mask)
    if score is None:
        score, _ = connect4.solve(
            current, mask, game.width, game.height, weak=True, tt=table,
            deadline=budget.deadline(),
        )  # fmt: skip
    value = (score > 0) - (score < 0)
    column, _ = connect4.keeping_move(
        current, mask, value, game.width, game.height, tt=table, deadline=budget.deadline()
    )
    return column, value


def plies_for_score(game: ConnectFour, moves: int, score: int) -> int:
    """Plies to the end, counting the next move, when the mover's score is ``score`` with
    ``moves`` stones on the board: up to the winning stone, or the full board."""
    if score == 0:
        return game.cells - moves
    # the winning stone is played on a board of `before` stones, with the winner's parity
    before = game.cells + 1 - 2 * abs(score)
    winner_parity = moves % 2 if score > 0 else 1 - moves % 2
    if before % 2 != winner_parity:
        before -= 1
    return before - moves + 1


def _compiled_off_the_clock(connect4: ModuleType, kernels: Sequence[Callable[..., object]]) -> None:
    """Load (or compile) the entry points ``kernels`` of the solver module ``connect4`` off
    the current move's clock: an agent not prepared first (``zerosum play``'s, while a
    person plays) does it in its first move past the opening book, which is no part of its
    thinking. Only those the call needs: a first ``zerosum solve`` on a new machine
    compiles for seconds less than all of them (:func:`warm_solver` loads all)."""
    with budget.not_counted():
        connect4.ensure_compiled(kernels)


#: Connect Four's bundle, registered for the class in the package's ``__init__``.
FAST_PATHS: FastPaths[ConnectFour, ConnectFourState, int] = FastPaths(
    compiled_rules=ConnectFour.compiled_rules,
    key=key,
    canonical_key=canonical_key,
    symmetry=lambda game: SYMMETRY,
    space_layers=space_layers,
    space_probes=space_probes,
    solve_exactly=solve_exactly,
    keeping_move=keeping_move,
    warm_solver=warm_solver,
    has_compiled_solver=has_compiled_solver,
    perfect_is_instant=perfect_is_instant,
    minimax_is_instant=minimax_is_instant,
    command_line=ConnectFourCommands,
)
