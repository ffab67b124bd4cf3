"""The messages between an agent host and its owner (``hosting/messages.py``): named,
picklable, and a move's deadline the same number on both sides of the process boundary."""

from __future__ import annotations

import pickle
import time

import pytest

import zerosum as zs
from arena_agents import Clocked
from zerosum import budget
from zerosum.agents.base import SearchInfo
from zerosum.hosting.isolation import AgentHost
from zerosum.hosting.messages import (
    Answer,
    Done,
    Failed,
    Forget,
    Load,
    Missing,
    MoveRequest,
    PlayMove,
    Prepare,
    Ready,
    Reset,
    Sent,
    Traced,
    TraceSearch,
)
from zerosum.hosting.sandbox import decode_reply, encode_reply

GAME = zs.games.TicTacToe()
START = GAME.initial_state


def test_every_message_crosses_a_pickle_unchanged() -> None:
    request = MoveRequest(START, 12.5)
    sent = Sent("g", pickle.dumps(GAME))
    messages = [
        Forget("a"),
        Reset("a", 7),
        Load("a", b"agent"),
        Prepare("a", None, sent, True),
        PlayMove("a", b"agent", sent, request),
        TraceSearch("a", None, Sent("g", None), request, 40),
        Ready(),
        Done(),
        Answer(4, SearchInfo(1.0, 2, 3, 0.5), 0.25),
        Traced({"algorithm": "minimax"}),
        Missing("a"),
        Failed("ValueError", "no"),
    ]
    for message in messages:
        assert pickle.loads(pickle.dumps(message)) == message
    assert Ready() != Done()  # kinds told apart by type, never by position


def test_a_move_request_is_due_by_its_deadline() -> None:
    begin = time.perf_counter()
    request = MoveRequest.within(START, 2.0)
    assert request.deadline is not None and begin + 2.0 <= request.deadline
    assert 1.9 < request.remaining() <= 2.0  # type: ignore[operator]
    assert request.postponed(3.0).deadline == request.deadline + 3.0
    assert MoveRequest.within(START, None) == MoveRequest(START, None)
    assert MoveRequest(START).postponed(3.0).deadline is None
    with request.timed() as deadline:
        assert deadline == pytest.approx(request.deadline, abs=1e-3)
        assert MoveRequest.now(START).deadline == budget.deadline()
    with budget.limit(0.5) as sooner, request.timed() as deadline:
        assert deadline == sooner  # an enclosing deadline that ends sooner still holds
    assert budget.deadline() is None


def test_a_sandboxed_hosts_replies_decode_as_what_was_encoded() -> None:
    for reply in (Ready(), Done(), Failed("MemoryError", "over"), Missing("a")):
        decoded = decode_reply(encode_reply(reply))
        assert decoded == (Missing(repr("a")) if isinstance(reply, Missing) else reply)
    move = Answer(4, SearchInfo(1.0, 2, 3, 0.5, note="cut"), 0.25)
    assert decode_reply(encode_reply(move, GAME, START), GAME, START) == move
    with pytest.raises(ValueError, match="not a reply"):
        decode_reply(b'{"status": "ok", "index": 99, "spent": 0}', GAME, START)


def test_an_error_reply_carries_the_agents_own_traceback_capped() -> None:
    trace = '  File "bob.py", line 4, in helper\n    raise ValueError("x")'
    assert decode_reply(encode_reply(Failed("ValueError", "x", trace))).trace == trace
    assert decode_reply(b'{"status": "error", "name": "E", "text": "t"}') == Failed("E", "t")
    long = decode_reply(encode_reply(Failed("E", "t", "y" * 100_000)))
    assert isinstance(long, Failed) and 0 < len(long.trace) <= 4000
    with pytest.raises(ValueError, match="not a reply"):
        decode_reply(b'{"status": "error", "name": "E", "text": "t", "trace": 3}')


def test_a_host_reads_the_callers_deadline_on_the_same_clock() -> None:
    host = AgentHost()
    try:
        request = MoveRequest.within(START, 30.0)
        answer = host.move("a", Clocked(), "g", GAME, request)
        assert answer.search is not None
        assert float(answer.search.note) == pytest.approx(request.deadline, abs=1e-3)
        unbounded = host.move("a", Clocked(), "g", GAME, MoveRequest(START))
        assert unbounded.search is not None and unbounded.search.note == "None"
    finally:
        host.close()


def test_a_move_time_becomes_the_deadline_once() -> None:
    begin = time.perf_counter()
    request = MoveRequest.within(START, move_time=0.5)
    assert request.deadline is not None
    assert begin + 0.5 <= request.deadline <= time.perf_counter() + 0.5
