"""Connect Four, in one folder.

- :mod:`.game`: the game (:class:`ConnectFour`), its heuristic in :mod:`.heuristic`;
- :mod:`.rules`: its compiled rules, for the kernels' searches and playouts;
- the exact solver: :mod:`.positions` (bitboard positions, plain Python), :mod:`.table`
  (the transposition table), :mod:`.search` (the compiled search) and :mod:`.solver` (the
  Python API and :class:`~.solver.Solver`, the table and threads a caller passes in);
- :mod:`.space`: the compiled state-space counter;
- :mod:`.book`: the 7x6 opening book, built by :mod:`.book_build`;
- :mod:`.batch`: batch solving, one position per line;
- :mod:`.commands`: its parts of the ``zerosum`` command (``book``, ``solve --batch``);
- :mod:`.fast_paths`: the bundle of all these, registered for the class
  (:mod:`zerosum.fast_paths`).

Importing the package loads no compiled code; the compiled parts load when first used.
"""

from ...fast_paths import register_fast_paths
from .fast_paths import FAST_PATHS
from .game import ConnectFour, ConnectFourState

register_fast_paths(ConnectFour, FAST_PATHS)

__all__ = ["ConnectFour", "ConnectFourState"]
