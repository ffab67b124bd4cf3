"""Compiled hot paths (numba): random playouts, tree and alpha-beta search, and the exact
Connect Four solver. Each kernel depends on numpy and numba only and knows nothing of the
game interface, so games can wrap it without cycles."""
