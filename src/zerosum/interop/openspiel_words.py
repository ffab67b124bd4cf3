"""How OpenSpiel's games name their sides and show their boards to a person: the sides of
the games whose players have names (chess's player 0 is Black, and White moves first),
and a chess position, which OpenSpiel prints as one FEN line, as a grid of squares."""

from __future__ import annotations

__all__ = ["SIDES", "side_names", "readable_board"]

#: The sides of OpenSpiel's players 0 and 1, by game.
SIDES: dict[str, tuple[str, str]] = {
    **dict.fromkeys(("chess", "antichess", "crazyhouse"), ("Black", "White")),
    **dict.fromkeys(("go", "cursor_go", "othello", "breakthrough", "hex"), ("Black", "White")),
    **dict.fromkeys(("tic_tac_toe", "connect_four", "gomoku", "mnk"), ("X", "O")),
}
#: Games whose printout is a FEN line (pieces, side to move, castling, ...).
FEN_GAMES = ("chess", "antichess", "crazyhouse")


def side_names(name: str) -> tuple[str, str] | None:
    """The names of OpenSpiel game ``name``'s players 0 and 1, or None where it has none."""
    return SIDES.get(name)


def readable_board(name: str, printed: str) -> str:
    """OpenSpiel's printout of a position of game ``name``, as a grid where it is one FEN
    line (ranks 8 to 1 with their numbers, files a-h under them, ``.`` an empty square,
    then who is to move); any other printout as it is.

    >>> print(readable_board("chess", "8/8/8/8/8/8/8/K6k w - - 0 1"))
    8 . . . . . . . .
    7 . . . . . . . .
    6 . . . . . . . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . . . . . . . .
    2 . . . . . . . .
    1 K . . . . . . k
      a b c d e f g h
    White to move
    """
    fields = printed.split()
    if name not in FEN_GAMES or not fields or fields[0].count("/") != 7:
        return printed
    ranks = fields[0].split("/")
    rows = []
    for number, rank in zip(range(8, 0, -1), ranks, strict=True):
        squares = "".join("." * int(c) if c.isdigit() else c for c in rank.split("[")[0])
        rows.append(f"{number} " + " ".join(squares))
    rows.append("  " + " ".join("abcdefgh"))
    if len(fields) > 1:
        rows.append(f"{'White' if fields[1] == 'w' else 'Black'} to move")
    return "\n".join(rows)
