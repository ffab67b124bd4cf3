"""Connect Four, in one folder.

- :mod:`.game`: the game (:class:`ConnectFour`), its heuristic in :mod:`.heuristic`;
- :mod:`.rules`: its compiled rules, for the kernels' searches and playouts;
- the exact solver: :mod:`.positions` (bitboard positions, plain Python), :mod:`.table`
  (the transposition table), :mod:`.search` (the compiled search) and :mod:`.solver` (the
  Python API and :class:`~.solver.Solver`, the table and threads a caller passes in);
- :mod:`.space`: the compiled state-space counter;
- :mod:`.book`: the 7x6 opening book, built by :mod:`.book_build`;
- :mod:`.batch`: batch solving, one position per line;
- :mod:`.commands`: its parts of the ``zerosum`` command (``book``, ``solve --batch``).

Importing the package loads no compiled code; the compiled parts load when first used.
"""

from .game import ConnectFour, ConnectFourState

__all__ = ["ConnectFour", "ConnectFourState"]
