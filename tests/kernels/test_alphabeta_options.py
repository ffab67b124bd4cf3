"""The compiled alpha-beta's options are named (SearchOptions, TracedOptions), and what
the Python side builds types exactly as the signature the recursion is compiled with."""

from __future__ import annotations

import numpy as np
from numba import typeof

import zerosum as zs
from zerosum.kernels import alphabeta
from zerosum.kernels.alphabeta import SearchOptions, TracedOptions


def test_the_options_type_as_the_compiled_signature_declares() -> None:
    plain = SearchOptions(0.999, alphabeta._FULL_ORDER, 0.0, False)
    assert typeof(plain) == alphabeta._OPTIONS
    record = np.zeros((4, 8))
    traced = TracedOptions(*plain, record)
    assert typeof(traced) == alphabeta._TRACED
    assert traced.record is record and traced.decay == 0.999 and len(plain) == 4


def test_a_traced_and_a_plain_search_agree_with_named_options() -> None:
    game = zs.games.ConnectFour()
    plain = zs.agents.AlphaBeta(depth=5)
    traced = zs.agents.AlphaBeta(depth=5, trace=30)
    assert plain(game, game.initial_state) == traced(game, game.initial_state)
    assert plain.last is not None and traced.last is not None
    assert (plain.last.value, plain.last.nodes) == (traced.last.value, traced.last.nodes)
    assert traced.last.trace is not None and plain.last.compiled  # type: ignore[attr-defined]
