"""Compiled hot paths (numba): alpha-beta, random playouts and the MCTS tree, generic over
a game's compiled rules, and what they share (the rules interface, bit tricks, the clock,
the random stream, the check of a game's rules).

Layering: the rules interface (:mod:`.rules`) is the contract between games and kernels.
A game's compiled rules live with the game (``games/*_rules.py``) and import the
interface; the generic kernels (:mod:`.alphabeta`, :mod:`.playouts`, :mod:`.mcts`) import
the interface only, never a game, and agents find a game's rules through its optional
``compiled_rules()`` member. Solving is generic too: any game with compiled rules is
solved, weakly or exactly (with distances), by the generic alpha-beta searched to the end
(``agents/solve.py``). Two games keep faster solvers of their own, with the game:
Connect Four's exact solver on its bitboards (``games/connect_four/solver.py``) and
Migration's win/loss solver (``games/migration/solver.py``, on the game's compiled
rules); so do the exact state-space counters of Connect Four and Pick
(``games/connect_four/space.py``, ``games/claim/placement_space.py``). Nothing here knows a
game.

How the kernels are made generic, and why this way (measured with numba 0.68 on this
machine): a game's rules are njit functions attached to a ``typing.NamedTuple`` record
class, and the kernels call ``rules.moves(record, ...)`` and its siblings, which numba
resolves from the record's type when it compiles a kernel (an ``@overload`` per
function). Each game gets its own machine code with its rules inlined, so the hot loops
run as fast as the hand-specialised kernels they replace (same node counts; same or
better times side by side, ``benchmarks/compiled_side_by_side.py``), and because a
NamedTuple type is named by its class, numba's on-disk cache (``cache=True``) finds the
compiled kernels in a fresh process, which then starts as fast as before. The two other
ways tried do not cache: njit functions passed as arguments (or in a tuple), and kernels
built by a factory closing over a game's functions, are typed or keyed by the dispatcher
objects, whose keys change from process to process, so every process compiled every
kernel again (20 to 30 s per game on two busy cores).
"""

from .cache import ensure_writable

ensure_writable()  # before any kernel with cache=True is loaded (numba needs a cache folder)
