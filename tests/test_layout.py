"""Tests mirror the code, so the test of a module is found by its name.

The tests of ``src/zerosum/a/b.py``, or of the package ``src/zerosum/a/b/``, are in
``tests/a/test_b.py``, or in ``tests/a/test_b_<aspect>.py`` when they are split by what
they test (``tests/agents/test_search_python.py``). A suite that holds many modules to one
contract keeps a name that says what it checks, and is listed in :data:`CROSS_CUTTING`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
PACKAGE = TESTS.parent / "src" / "zerosum"

#: The suites across modules (paths under ``tests/``), each with the contract it checks.
CROSS_CUTTING = {
    "test_layout.py": "every test module mirrors a module or is listed here",
    "test_any_state.py": "states of any kind work with every agent, the solver and the CLI",
    "test_game_faults.py": "a user's game that raises is named at fault in every command",
    "test_notebooks.py": "every example notebook runs top to bottom",
    "test_docs.py": "the README's and the site's examples parse, the site builds and shows",
    "test_commands_as_written.py": "the README's and guides' shell commands run as typed",
    "trace/test_trimmed.py": "a capped trace keeps the root's moves and chosen line, any search",
    "alphazero/test_parts.py": "the learned agent's encoding, search, self-play, shipped model",
    "learn/test_learning_page.py": "the learning guide's commands run as a reader types them",
    "teach/test_autograde.py": "held-out wrong submissions lose exactly their marks, via the CLI",
    "test_user_game.py": "a game written as a student writes one works with every agent",
    "agents/test_deadlines.py": "every compiled search stops at the caller's deadline",
    "agents/test_textbook.py": "Minimax and AlphaBeta with no improvement search as the book",
    "agents/test_prepared_moves.py": "a prepared agent's moves load no compiled code",
    "arena/test_class_tournament.py": "a folder of students' agents, broken ones included",
    "cli/test_first_run_cold.py": "a new machine's first explain, grade, solve wait for no compile",
    "cli/test_user_files.py": "every command that takes a spec takes the user's files",
    "games/test_conformance.py": "every registered game keeps the game contract",
    "games/test_own_rules.py": "a subclass that changes a rule is played by its own rules",
    "kernels/test_mcts_benchmark.py": "the MCTS benchmark script runs",
    "kernels/test_symmetries.py": "every game's symmetries agree with its compiled rules",
    "kernels/test_user_compiled_game.py": "a user's compiled game gets every compiled path",
    "web/test_browser.py": "the page in a real browser, played by clicks",
}


def mirrored(test: Path) -> bool:
    """Whether ``tests/a/test_b.py`` or ``tests/a/test_b_<aspect>.py`` names the module
    ``src/zerosum/a/b.py`` or the package ``src/zerosum/a/b/``."""
    folder = PACKAGE / test.parent.relative_to(TESTS)
    words = test.stem.removeprefix("test_").split("_")
    names = ["_".join(words[:n]) for n in range(len(words), 0, -1)]
    modules = [folder / f"{name}.py" for name in names]
    packages = [folder / name / "__init__.py" for name in names]
    return any(path.is_file() for path in modules + packages)


def test_every_test_module_names_its_module_or_is_a_listed_suite() -> None:
    tests = {test.relative_to(TESTS).as_posix(): test for test in TESTS.rglob("test_*.py")}
    unnamed = sorted(path for path, test in tests.items() if not mirrored(test))
    unnamed = [path for path in unnamed if path not in CROSS_CUTTING]
    assert unnamed == [], (
        "name each test module for the module it tests (tests/a/test_b.py for "
        "src/zerosum/a/b.py), or list a suite across modules in CROSS_CUTTING"
    )


def test_every_listed_suite_exists() -> None:
    assert [path for path in CROSS_CUTTING if not (TESTS / path).is_file()] == []


def test_a_test_module_is_matched_by_its_module_or_package_and_nothing_else() -> None:
    assert mirrored(TESTS / "games" / "connect_four" / "test_solver.py")
    assert mirrored(TESTS / "agents" / "test_search_python.py")  # an aspect of search.py
    assert mirrored(TESTS / "test_cli.py")  # the package cli/
    assert mirrored(TESTS / "cli" / "test_solve.py")
    assert not mirrored(TESTS / "test_solve.py")  # solve.py is in agents/ and cli/, not here
    assert not mirrored(TESTS / "agents" / "test_alphabeta.py")  # kernels/alphabeta.py
    assert not mirrored(TESTS / "test_nothing_at_all.py")
    assert not mirrored(TESTS / "nowhere" / "test_budget.py")


@pytest.mark.xdist_group("layout")
def test_a_module_marked_xdist_group_runs_on_one_worker(request: pytest.FixtureRequest) -> None:
    """``scripts/test.sh`` runs pytest-xdist with ``--dist loadgroup``, which sends the tests
    of a group to one worker, so that a module marked ``xdist_group`` builds its costly
    fixture once (the documentation site, JupyterLab). xdist finds a test's group by a
    suffix it adds to the test's id; pytest 9.2 ignores it, and the groups were split."""
    if not getattr(request.config.option, "loadgroup", False):  # set on xdist's workers
        pytest.skip("the suite is not run with --dist loadgroup here")
    assert request.node.nodeid.endswith("@layout"), request.node.nodeid
