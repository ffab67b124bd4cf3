"""What Migration's plain rules and its compiled twin share, in a module that loads no numba
(the game imports it at once; the compiled rules only when first asked for)."""

#: The heuristic's squash scale (``Migration.evaluate`` and the compiled rules).
SCALE = 12
