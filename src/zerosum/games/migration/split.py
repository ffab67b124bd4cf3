"""A long Migration solve split into jobs that survive a stop: the positions ``plies`` moves
from the root are settled one job each by the win/loss solver, on any executor (this
process, local worker processes, a Dask cluster), and every settled job is appended to a
journal (JSON lines, each written and synced to disk at once). A run started again with
the same journal skips the jobs it holds, so a stop, kill -9 included, loses only the jobs
in flight; a journal of another run (another board, root, split or solver) is refused.

The jobs' outcomes are combined by minimax over the first plies: a position is won once
one of its moves leads to a lost one, lost once all do. Jobs under a decided position
are not started, and the run ends as soon as the root is decided.

With a proof folder (:mod:`.proof_folder`), every job also saves its winner's strategy
(:mod:`.proof`, made in the worker from the table its search filled), and the journal
line records the file; a job settled before without one (an older journal, or one run
without proofs) is searched again for its proof, which is recorded on a line of its own.
The run then ends once the root is decided and every settled job is proved.
"""

from __future__ import annotations

import json
import os
import platform
import resource
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...game import ZerosumError
from .proof_folder import ProofFolder

if TYPE_CHECKING:
    from .shape import MigrationBoard

__all__ = ["JournalError", "Node", "SplitRun", "settle", "journal_header", "read_header"]

#: The kind of file a journal's first line says it is.
KIND = "zerosum migration split"
#: Each worker thread keeps one table between its jobs (positions solved by one job serve
#: the next), keyed by board and size: per thread, as a Dask worker may run several jobs
#: at once.
_KEPT = threading.local()


class JournalError(ZerosumError):
    """A journal that cannot serve this run: another run's, or damaged before its end."""


def settle(
    game: MigrationBoard, state: tuple[int, int, int], slots: int, proving: bool = False
) -> dict[str, Any]:
    """One job: whether the mover of ``state`` wins on an n x n board, with the positions
    searched, seconds, this process's peak memory (MiB) and the machine's name; if
    ``proving``, also the winner's strategy (``strategy``: the proof file's bytes) and what
    making it cost beyond the search (``proof``). Runs in a worker; imports the compiled
    solver there."""
    from .proof import encode, prove
    from .solver import position_wins

    started = time.perf_counter()
    kept = getattr(_KEPT, "table", None)
    table = kept[1] if kept is not None and kept[0] == (game.n, slots) else None
    wins, positions, table = position_wins(game, state, slots, table)
    _KEPT.table = ((game.n, slots), table)
    searched = time.perf_counter()
    found: dict[str, Any] = {"wins": wins, "positions": positions}
    found["seconds"] = round(searched - started, 3)
    if proving:
        strategy = prove(game, state, table=table)
        found["strategy"] = encode(strategy)
        found["proof"] = {
            "positions": strategy.positions,
            "stored": len(strategy.moves),
            "searched": strategy.searched,
            "seconds": round(time.perf_counter() - searched, 3),
        }
    found["memory_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    found["machine"] = platform.node()
    return found


@dataclass
class Node:
    """A position of the first plies: its children (none for a job or an ended game),
    and whether its mover wins, once known."""

    state: tuple[int, int, int]
    moves: str  # the moves from the root, in the game's notation
    children: list[Node] = field(default_factory=list)
    wins: bool | None = None
    job: bool = False

    def decide(self) -> bool | None:
        """Minimax over the children: won once one is lost, lost once all are won."""
        if self.wins is None and self.children:
            outcomes = [child.decide() for child in self.children]
            if False in outcomes:
                self.wins = True
            elif all(outcomes):
                self.wins = False
        return self.wins


def journal_header(game: MigrationBoard, root: tuple[int, int, int], plies: int) -> dict[str, Any]:
    """What identifies a run: its board, root, split and solver version."""
    from .solver import VERSION

    return {
        "journal": KIND,
        "game": f"migration:n={game.n}",
        "root": game.position_text(root),
        "split": plies,
        "solver": VERSION,
    }


def read_header(path: str | Path) -> dict[str, Any]:
    """The first line of the journal at ``path``: what run it is (see :func:`journal_header`)."""
    try:
        with open(path, "rb") as journal:
            line = journal.readline()
    except OSError as exc:
        raise JournalError(f"{path}: cannot read the journal ({exc.strerror})") from None
    try:
        header = json.loads(line)
    except ValueError:
        header = None
    wanted = {"journal", "game", "root", "split", "solver"}
    if not isinstance(header, dict) or header.get("journal") != KIND or set(header) != wanted:
        raise JournalError(f"{path}: its first line is not a Migration split journal's header")
    if not str(header["game"]).startswith("migration:n="):
        raise JournalError(f"{path}: a journal of {header['game']}, not of Migration")
    return header


class SplitRun:
    """A split solve of ``root`` and its journal at ``path`` (made, or read to resume)."""

    def __init__(
        self,
        game: MigrationBoard,
        root: tuple[int, int, int],
        plies: int,
        path: str | Path,
        *,
        read_only: bool = False,
        proofs: ProofFolder | None = None,
    ) -> None:
        """``read_only``: only read the journal (another process may be writing it): no
        header is written and a last line cut short is left alone. ``proofs``: where the
        jobs' proofs go (none made without it)."""
        self.game, self.plies, self.path = game, plies, Path(path)
        self.read_only, self.proofs = read_only, proofs
        self.header = journal_header(game, root, plies)
        self.jobs: dict[tuple[int, int, int], Node] = {}
        self.root = self._grow(root, plies, "")
        self.done: dict[tuple[int, int, int], dict[str, Any]] = {}
        self._read()

    def _grow(self, state: tuple[int, int, int], plies: int, moves: str) -> Node:
        """The tree of the first ``plies`` plies; a job's node is shared by all its paths."""
        game = self.game
        if state in self.jobs:
            return self.jobs[state]
        node = Node(state, moves)
        settled = game.settled(state)
        if game.is_terminal(state):
            node.wins = False
        elif settled is not None:
            node.wins = settled[0] == 1
        elif plies == 0:
            node.job = True
            self.jobs[state] = node
        else:
            for action in _fewest_replies_first(game, state):
                step = game.format_action(action)
                child = self._grow(game.result(state, action), plies - 1, f"{moves} {step}".strip())
                node.children.append(child)
        return node

    def _read(self) -> None:
        """Load the journal's settled jobs, or start it with its header. A last line cut
        short (a stop while writing) is dropped from the file; any other bad line, or a
        header of another run, is refused."""
        if not self.path.exists() or self.path.stat().st_size == 0:
            if self.read_only:
                raise JournalError(f"{self.path}: no journal there yet")
            self._append(self.header)
            return
        data = self.path.read_bytes()
        end = data.rfind(b"\n") + 1
        if end < len(data) and not self.read_only:  # cut short by a stop: keep the rest
            with open(self.path, "r+b") as journal:
                journal.truncate(end)
                os.fsync(journal.fileno())
        lines = data[:end].splitlines()
        for number, line in enumerate(lines, 1):
            try:
                entry = json.loads(line)
            except ValueError:
                raise JournalError(
                    f"{self.path}, line {number}: not JSON ({line[:60]!r}); the journal is "
                    "damaged before its last line"
                ) from None
            if number == 1:
                if entry != self.header:
                    raise JournalError(
                        f"{self.path} is the journal of another run: "
                        f"{_differences(entry, self.header)}; give another --journal file"
                    )
                continue
            self._settled(entry, f"{self.path}, line {number}")
        if not lines and not self.read_only:
            self._append(self.header)

    def _settled(self, entry: dict[str, Any], where: str) -> None:
        """Take in a journal line: a settled job, or the proof of one settled before."""
        state = tuple(entry["state"])
        node = self.jobs.get(state)  # type: ignore[arg-type]
        if node is None:
            raise JournalError(f"{where}: no job of this run at {state}")
        kept = self.done.get(node.state)
        if kept is None and "positions" not in entry:
            raise JournalError(f"{where}: the proof of job {node.moves}, which is not settled")
        if kept is not None and kept["wins"] != entry["wins"]:
            raise JournalError(
                f"{where}: job {node.moves} is settled both ways ({_side(entry['wins'])} "
                f"there, {_side(kept['wins'])} on an earlier line)"
            )
        node.wins = entry["wins"]
        self.done[node.state] = entry if kept is None else {**kept, **entry}

    def _append(self, entry: dict[str, Any]) -> None:
        """One line, on disk before this returns."""
        with open(self.path, "ab") as journal:
            journal.write(json.dumps(entry).encode() + b"\n")
            journal.flush()
            os.fsync(journal.fileno())

    def pending(self) -> Iterator[Node]:
        """The jobs still needed, first move first: under no decided position."""
        self.root.decide()  # one pass decides every position that can be
        seen: set[tuple[int, int, int]] = set()
        stack = [self.root]
        while stack:
            node = stack.pop()
            if node.wins is not None or node.state in seen:
                continue
            seen.add(node.state)
            if node.job:
                yield node
            stack.extend(reversed(node.children))

    def unproved(self) -> list[Node]:
        """The settled jobs without a proof, when this run keeps proofs (else none)."""
        if self.proofs is None:
            return []
        return [self.jobs[state] for state, entry in self.done.items() if "proof" not in entry]

    def run(
        self,
        executor: Executor,
        slots: int,
        table_slots: int,
        report: Callable[[Node, dict[str, Any]], None] | None = None,
    ) -> bool | None:
        """Settle jobs ``slots`` at a time on ``executor`` until the root is decided (its
        outcome for the root's mover) or no job is left; with a proof folder, prove the
        settled jobs without a proof first, and end only once all are proved."""
        running: dict[Future[dict[str, Any]], Node] = {}
        proving = self.proofs is not None
        while needed := [*self.unproved(), *self.pending()]:
            busy = {node.state for node in running.values()}
            for node in needed:
                if len(running) >= slots:
                    break
                if node.state not in busy:
                    job = executor.submit(settle, self.game, node.state, table_slots, proving)
                    running[job] = node
                    busy.add(node.state)
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                node = running.pop(future)
                entry = self._entry(node, future.result())
                self._settled(entry, "the search of a worker")  # refused unless consistent
                self._append(entry)
                if report is not None:
                    report(node, entry)
        for future in running:
            future.cancel()
        return self.root.decide()

    def _entry(self, node: Node, found: dict[str, Any]) -> dict[str, Any]:
        """The journal line of what a job found, its proof file written first: the whole
        job, or only the proof of a job settled before (what that proof cost includes
        the search again)."""
        data = found.pop("strategy", None)
        kept = self.done.get(node.state)
        if kept is None:
            entry = {"moves": node.moves, "state": list(node.state), **found}
        else:
            cost = found["proof"]
            cost["searched"] += found["positions"]
            cost["seconds"] = round(cost["seconds"] + found["seconds"], 3)
            entry = {"moves": node.moves, "state": list(node.state), "wins": found["wins"]}
            entry["proof"] = cost
        if data is not None and self.proofs is not None:
            entry["proof"] = {**self.proofs.write(node.state, data), **entry["proof"]}
        return entry

    def first_moves(self) -> list[dict[str, Any]]:
        """Per first move: settled or not, whether the root's mover wins with it, and the
        positions, seconds, peak memory and machines of the jobs settled under it."""
        rows = []
        for child in self.root.children:
            under = [self.done[s] for s in self._jobs_under(child) if s in self.done]
            outcome = child.decide()
            rows.append(
                {
                    "move": child.moves,
                    "settled": outcome is not None,
                    "wins": None if outcome is None else not outcome,
                    "jobs": len(under),
                    "positions": sum(e["positions"] for e in under),
                    "seconds": round(sum(e["seconds"] for e in under), 3),
                    "memory_mib": max((e["memory_mib"] for e in under), default=0),
                    "machines": sorted({e["machine"] for e in under}),
                }
            )
        return rows

    def _jobs_under(self, node: Node) -> set[tuple[int, int, int]]:
        found: set[tuple[int, int, int]] = set()
        stack = [node]
        while stack:
            top = stack.pop()
            if top.job:
                found.add(top.state)
            stack.extend(top.children)
        return found


def _fewest_replies_first(game: MigrationBoard, state: tuple[int, int, int]) -> list[Any]:
    """The moves of ``state``, those that leave the opponent the fewest moves first, as the
    solver orders them: the likeliest to win, so a decided position stops its jobs early."""
    return sorted(
        game.actions(state), key=lambda a: game.movable(game.result(state, a)).bit_count()
    )


def _side(wins: bool) -> str:
    return "its mover wins" if wins else "its mover loses"


def _differences(found: Any, wanted: dict[str, Any]) -> str:
    """How a journal's first line differs from this run's header, in words."""
    if not isinstance(found, dict) or found.get("journal") != KIND:
        return f"its first line is not a Migration split journal's header ({str(found)[:80]})"
    return ", ".join(
        f"{key} {found.get(key)!r} there, {value!r} here"
        for key, value in wanted.items()
        if found.get(key) != value
    )
