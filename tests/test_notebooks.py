"""Every example notebook runs top to bottom in a real Jupyter kernel, with the small
parameters below in place of its full-size ones, so the examples cannot rot.

The notebooks of one test process share a kernel, each starting with its names cleared
(``%reset -f``), as a person runs one notebook after another with Restart skipped: a
notebook that uses a name it does not define still fails, and the kernel's start and
zerosum's import are paid once instead of once per notebook."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"

#: Per notebook, the parameters the tests override (with values small enough for CI).
QUICK: dict[str, dict[str, object]] = {
    "01_tictactoe_minimax_alphabeta.ipynb": {"SELF_PLAY_GAMES": 2},
    "02_migration_depth.ipynb": {"SMALL_DEPTHS": [2], "BIG": 6, "BIG_DEPTHS": [1, 2]},
    "03_connect_four.ipynb": {
        "RANDOM_GAMES": 20,
        "ORDER_DEPTH": 3,
        "WIDTHS": [4, 7],
        "HEURISTIC_DEPTHS": [1, 2],
        "GAMES_PER_PAIR": 2,
        "PLAYOUTS": 10,
        "SOLVED_BOARD": (4, 3),
        "PROVE_CENTRE": False,
    },
    "04_pick_depth.ipynb": {"N": 3, "DEPTHS": [1, 2]},
    "05_tictactoe_montecarlo.ipynb": {"PLAYOUTS": [10], "GAMES_PER_PAIR": 2},
    "06_openspiel_games.ipynb": {"GAMES": 2, "ITERATIONS": 50},
    "07_state_space_and_grading.ipynb": {
        "PROBES": 200,
        "C4_PROBES": 200,
        "C4_EXACT_PLIES": 6,
        "GRADE_POSITIONS": 20,
        "GRADE_DEPTHS": [1, 2],
    },
    "08_othello_compiled.ipynb": {
        "SIZE": 4,
        "AGREEMENT_GAMES": 3,
        "DEPTHS": [1, 2],
        "MCTS_ITERATIONS": 100,
        "MATCH_GAMES": 2,
    },
    "09_search_trees.ipynb": {"C4_DEPTHS": [1, 2, 3], "C4_SWITCH_DEPTH": 4, "MCTS_MANY": 500},
    "10_play_in_the_notebook.ipynb": {"OPPONENT": "alphabeta:depth=2", "MOVE_SECONDS": 1.0},
    "11_learning_by_self_play.ipynb": {
        "TTT_MINUTES": 0.03,
        "C4_MINUTES": 0.03,
        "NIM_MINUTES": 0.01,
        "POSITIONS": 10,
    },
}


#: Notebooks that draw positions, and how many drawings (SVG) a quick run shows at least.
DRAWINGS = {
    "08_othello_compiled.ipynb": 5,
    "09_search_trees.ipynb": 1,
    "10_play_in_the_notebook.ipynb": 1,
}

#: Notebooks that draw search trees (zerosum.trace), and how many trees at least.
TREES = {"09_search_trees.ipynb": 7}


def svg_outputs(notebook: object) -> int:
    """How many outputs of ``notebook``'s cells are SVG drawings (a position, a record)."""
    return sum(
        "image/svg+xml" in output.get("data", {})
        or "<svg" in output.get("data", {}).get("text/html", "")
        for cell in notebook.cells  # type: ignore[attr-defined]
        if cell.cell_type == "code"
        for output in cell.outputs
    )


def outputs_text(notebook: object, kind: str) -> list[str]:
    """The ``kind`` outputs (``"text/html"``, or ``"stream"`` for printed text) of
    ``notebook``'s code cells."""
    found: list[str] = []
    for cell in notebook.cells:  # type: ignore[attr-defined]
        for output in cell.outputs if cell.cell_type == "code" else []:
            if kind == "stream" and output.output_type == "stream":
                found.append(output.text)
            elif kind in output.get("data", {}):
                found.append(output["data"][kind])
    return found


def trees(notebook: object) -> int:
    """How many interactive search trees ``notebook``'s outputs draw."""
    return sum(html.count('class="zs-trace"') for html in outputs_text(notebook, "text/html"))


def parameter_cell(notebook: object) -> int:
    tagged = [
        i
        for i, cell in enumerate(notebook.cells)  # type: ignore[attr-defined]
        if "parameters" in cell.get("metadata", {}).get("tags", [])
    ]
    assert len(tagged) == 1, "a notebook has exactly one cell tagged 'parameters'"
    return tagged[0]


NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))


def jupyter() -> tuple[Any, Any]:
    """nbclient and nbformat, imported when a test reads or runs a notebook: their import
    (jsonschema's format checkers build dozens of grammars) costs every test process
    seconds otherwise, at collection."""
    reason = "{} is not installed (.[dev] has it)"
    nbclient = pytest.importorskip("nbclient", reason=reason.format("nbclient"))
    nbformat = pytest.importorskip("nbformat", reason=reason.format("nbformat"))
    return nbclient, nbformat


@pytest.fixture(scope="module")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, Any]]:
    """One Jupyter kernel (its manager and client) for every notebook this process runs,
    started in the examples' folder with this checkout's ``src`` first on the path."""
    nbclient, nbformat = jupyter()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTHONPATH", str(ROOT / "src"))  # this checkout, not an installed copy
        starter = nbclient.NotebookClient(nbformat.v4.new_notebook(), kernel_name="python3")
        starter.km = starter.create_kernel_manager()
        starter.start_new_kernel(cwd=str(EXAMPLES))
        starter.start_new_kernel_client()
    yield starter.km, starter.kc
    nbclient.util.run_sync(starter._async_cleanup_kernel)()


def test_every_notebook_has_quick_parameters() -> None:
    assert {p.name for p in NOTEBOOKS} == set(QUICK)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_saved_notebook_has_its_outputs(path: Path) -> None:
    _, nbformat = jupyter()
    notebook = nbformat.read(path, as_version=4)
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert code and all(c.get("execution_count") for c in code), "run scripts/run_notebooks.py"
    assert not [o for c in code for o in c.outputs if o.output_type == "error"]
    assert svg_outputs(notebook) >= DRAWINGS.get(path.name, 0), "its positions drawn"
    assert trees(notebook) >= TREES.get(path.name, 0), "its search trees drawn"


def test_the_search_trees_notebook_shows_alphabeta_pruning_minimaxs_tree() -> None:
    _, nbformat = jupyter()
    notebook = nbformat.read(EXAMPLES / "09_search_trees.ipynb", as_version=4)
    printed = "".join(outputs_text(notebook, "stream"))
    line = r"^(minimax|alpha-beta): move (\S+), (\d+) positions$"
    searched = {name: (move, int(n)) for name, move, n in re.findall(line, printed, re.M)}
    (mm_move, mm_nodes), (ab_move, ab_nodes) = searched["minimax"], searched["alpha-beta"]
    assert mm_move == ab_move and ab_nodes < mm_nodes  # the same move, from fewer positions
    # the textbook's three-ply tree: the leaves 4 and 6 (moves c2, c3) pruned, step by step
    assert "c2  pruned: c1 (2 <= alpha 3) already showed" in printed
    assert "prune c2, c3 under a2 (MIN)" in printed
    html = "".join(outputs_text(notebook, "text/html"))
    assert "<table><tr><td" in html and html.count("mcts search by MCTS") == 2


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs(path: Path, kernel: tuple[Any, Any]) -> None:
    nbclient, nbformat = jupyter()
    notebook = nbformat.read(path, as_version=4)
    at = parameter_cell(notebook)
    source = notebook.cells[at].source
    overrides = QUICK[path.name]
    for name in overrides:
        assert re.search(rf"^{name} = ", source, re.M), f"{name} is not a parameter of {path.name}"
    quick = "\n".join(f"{name} = {value!r}" for name, value in overrides.items())
    notebook.cells.insert(at + 1, nbformat.v4.new_code_cell(quick))
    # the notebook before it in this kernel leaves no name, no folder and no figure behind
    fresh = f"""%reset -f
import os, sys
os.chdir({str(EXAMPLES)!r})
if "matplotlib.pyplot" in sys.modules:
    sys.modules["matplotlib.pyplot"].close("all")
del os, sys"""
    notebook.cells.insert(0, nbformat.v4.new_code_cell(fresh))
    manager, client_of_kernel = kernel
    client = nbclient.NotebookClient(notebook, km=manager, timeout=120, kernel_name="python3")
    client.kc = client_of_kernel
    client.execute()  # raises CellExecutionError, naming the cell, if any cell fails
    assert svg_outputs(notebook) >= DRAWINGS.get(path.name, 0), "it draws its positions"
    assert trees(notebook) >= TREES.get(path.name, 0), "it draws its search trees"
