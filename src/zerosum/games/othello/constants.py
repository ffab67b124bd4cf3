"""What Othello's plain rules and its compiled twin share, in a module that loads no numba
(the game imports it at once; the compiled rules only when first asked for)."""

#: The action of a player who has no move.
PASS = "pass"
#: The 8 directions, as (row step, column step).
DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
#: The heuristic's squash scale (see ``Othello.evaluate``).
SCALE = 8.0
