"""What every capped trace must show (``tests`` is on the path): the root's every move
with its value, the chosen line, the chosen move's subtree before anything else, and a
count of what was left out that adds up."""

from __future__ import annotations

from zerosum.trace import Node, Trace


def path(trace: Trace, node: Node) -> tuple[str, ...]:
    """The moves from the root to ``node``: a node's name whatever the ids."""
    moves: list[str] = []
    while node.parent is not None:
        moves.append(node.move)
        node = trace.nodes[node.parent]
    return tuple(reversed(moves))


def assert_trimmed(capped: Trace, whole: Trace) -> None:
    """``capped`` is ``whole`` (the same search, uncapped) cut as a trace's cap must cut."""
    assert capped.visited == whole.visited and capped.move == whole.move
    assert capped.left_out == whole.visited - sum(n.kind != "pruned" for n in capped.nodes)
    found = {path(whole, n): n for n in whole.nodes}
    kept = {path(capped, n): n for n in capped.nodes}
    assert set(kept) <= set(found)
    for name, node in kept.items():  # the same facts, and search order kept
        here = found[name]
        assert (node.value, node.mean, node.visits, node.kind) == (
            here.value, here.mean, here.visits, here.kind
        )  # fmt: skip
    assert sorted(kept, key=lambda name: found[name].id) == [path(capped, n) for n in capped.nodes]
    moves = [path(whole, n) for n in whole.children(whole.root)]
    assert [path(capped, n) for n in capped.children(capped.root)] == moves
    line = [path(whole, whole.nodes[i]) for i in whole.pv]
    assert [path(capped, capped.nodes[i]) for i in capped.pv] == line
    assert len(line) > 1 and line[1] == (whole.move,)
    must = set(moves) | set(line) | {()}
    assert len(capped.nodes) == max(min(capped.cap, len(whole.nodes)), len(must))
    below = sorted((n for n in whole.walk(found[line[1]])), key=lambda n: n.id)
    first = [path(whole, n) for n in below if path(whole, n) not in must]
    shown = [name for name in first if name in kept]
    assert shown == first[: len(shown)]  # the chosen subtree from its start
    if len(shown) < len(first):  # not all of it: nothing else beside the musts
        assert set(kept) <= must | set(shown)
