"""Tic-tac-toe's and Pick's positions as text, and the checks that a position of claims
can occur: counts the turn allows, at most one winner, who moved last, by one claim.

Tic-tac-toe reads its board as it prints (free cells as their numbers or ``.``) or the
compact line ``XO./.X./... O``; Pick reads its printout or ``7,9/8 O`` (player 1's
numbers, player 2's, ``-`` for none, then who is to move).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...position import PositionError
from ..notation import check_side, grid_line, read_grid, side_of, turn_of_counts

if TYPE_CHECKING:
    from .shape import PickBoard, PickState, TicTacToeState

__all__ = ["check_claims", "read_pick", "read_tictactoe", "write_pick", "write_tictactoe"]

_TICTACTOE = {".": 0, "X": 1, "O": 2, "x": 1, "o": 2, **{str(c): 0 for c in range(9)}}


def check_claims(
    first: int, second: int, side: int | None, wins: Callable[[int], bool], names: str
) -> int:
    """The winner (0: none) of the claims ``first`` and ``second`` (bit sets), refusing
    what cannot occur; ``names`` is the two sides' names, ``"XO"`` or ``"12"``."""
    n1, n2 = first.bit_count(), second.bit_count()
    one, two = (f"player {name}" if name.isdigit() else name for name in names)
    turn = turn_of_counts(n1, n2, (one, two))
    check_side(side, turn, (one, two), f"{n1 + n2} moves")
    won = [wins(first), wins(second)]
    if all(won):
        raise PositionError(f"both {one} and {two} have won")
    if not any(won):
        return 0
    winner = 1 if won[0] else 2
    if winner == turn:
        raise PositionError(f"{(one, two)[winner - 1]} has won but the other moved after it")
    own = first if winner == 1 else second
    if any(own >> b & 1 and not wins(own & ~(1 << b)) for b in range(own.bit_length())):
        return winner
    raise PositionError(f"{(one, two)[winner - 1]} has won twice: no single last move made both")


def read_tictactoe(text: str, wins: Callable[[int], bool]) -> TicTacToeState:
    """The tic-tac-toe state ``text`` describes."""
    grid, side = read_grid(text, 3, 3, _TICTACTOE)
    x = o = 0
    for cell in range(9):
        mark = grid[cell // 3][cell % 3]
        x |= (mark == 1) << cell
        o |= (mark == 2) << cell
    return (x, o, check_claims(x, o, side, wins, "XO"))


def write_tictactoe(state: TicTacToeState) -> str:
    """The compact line of a tic-tac-toe state."""
    x, o, _ = state
    grid = [[(x >> c & 1) + 2 * (o >> c & 1) for c in range(r * 3, r * 3 + 3)] for r in range(3)]
    return grid_line(grid, ".XO", 1 if x.bit_count() == o.bit_count() else 2)


def read_pick(game: PickBoard, text: str) -> PickState:
    """The Pick state ``text`` describes: its printout or its compact line."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    side = None
    if len(lines) == 1:
        board, *rest = lines[0].split()
        if board.count("/") != 1 or len(rest) > 1:
            raise PositionError(
                f"expected player 1's numbers/player 2's then who is to move, got {lines[0]!r}"
            )
        held = board.split("/")
        side = side_of(rest[0]) if rest else None
    else:
        found = {
            line.split(":")[0].strip().lower(): line.split(":", 1)[1]
            for line in lines
            if ":" in line
        }
        missing = [who for who in ("player 1", "player 2") if who not in found]
        if missing:
            raise PositionError(f"no line '{missing[0].capitalize()}: ...' with its numbers")
        held = [found["player 1"], found["player 2"]]
        if "to move" in found:
            side = side_of(found["to move"].strip())
    first, second = (_numbers(game, who + 1, words) for who, words in enumerate(held))
    both = first & second
    if both:
        raise PositionError(f"number {both.bit_length() - 1} is held by both players")
    return (first, second, check_claims(first, second, side, game._wins, "12"))


def write_pick(game: PickBoard, state: PickState) -> str:
    """The compact line of a Pick state."""
    held = ["".join(",".join(map(str, game.held(state, p)))) or "-" for p in (1, 2)]
    return f"{held[0]}/{held[1]} {game.player(state)}"


def _numbers(game: PickBoard, player: int, words: str) -> int:
    bits = 0
    for word in words.replace(",", " ").split():
        if word == "-":
            continue
        if not word.isdigit() or not 1 <= int(word) <= game.numbers:
            raise PositionError(
                f"player {player}: {word!r} is not a number from 1 to {game.numbers}"
            )
        if bits >> int(word) & 1:
            raise PositionError(f"player {player}: {word} is listed twice")
        bits |= 1 << int(word)
    return bits
