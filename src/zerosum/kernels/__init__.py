"""Compiled hot paths (numba): random playouts and the Connect Four tree search."""
