"""Compiled hot paths (numba) that built-in games and agents pick up when present.

Each kernel module is self-contained: it depends on numpy and numba only and
knows nothing of the game interface, so games can wrap it without cycles.
"""
