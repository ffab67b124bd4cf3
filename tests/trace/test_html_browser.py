"""The notebook's tree in a real headless Chromium (the system's): a small notebook is
executed in a Jupyter kernel and exported as HTML (nbconvert, offline: the export's own
scripts from the internet are refused), and the tests click it: expand and collapse, hover for a
window, click for a board, step through alpha-beta. Two trees share the page.

The browser is ``chromium`` on the PATH or ``ZEROSUM_CHROMIUM``; without one these tests
skip, unless ``ZEROSUM_REQUIRE_BROWSER=1`` (set by CI) makes that a failure. Screenshots
go to the test's temporary folder.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from zerosum.trace import Recorder, Trace

# One pytest-xdist worker runs this module, so that the notebook is executed and exported once:
# its module-scoped fixture is not set up again on another worker.
pytestmark = pytest.mark.xdist_group("trace/test_html_browser")

ROOT = Path(__file__).resolve().parents[2]


def notebook_cells(classic: Callable[..., Trace]) -> list[str]:
    """Two cells, each drawing a trace: the classic tree (built by the same code as the
    other tests') and alpha-beta's search of a tic-tac-toe position."""
    builder = "\n".join([
        "import math",
        "from zerosum.trace import Recorder, Trace",
        "INF = math.inf",
        f"LEAVES = {classic.__globals__['LEAVES']!r}",
        inspect.getsource(classic),
        "classic_trace()",
    ])  # fmt: skip
    tictactoe = "\n".join([
        "import zerosum as zs",
        "game = zs.games.TicTacToe()",
        "zs.trace(zs.agents.AlphaBeta(depth=2), game, game.result(game.initial_state, 4), cap=80)",
    ])  # fmt: skip
    return [builder, tictactoe]


@pytest.fixture(scope="module")
def notebook_html(
    tmp_path_factory: pytest.TempPathFactory, make_classic: Callable[..., Trace]
) -> Path:
    """The executed notebook exported as HTML (nbconvert's, as Jupyter saves it)."""
    nbclient = pytest.importorskip("nbclient", reason="nbclient is not installed (.[dev] has it)")
    nbconvert = pytest.importorskip("nbconvert", reason="nbconvert is not installed (.[dev])")
    nbformat = pytest.importorskip("nbformat", reason="nbformat is not installed (.[dev] has it)")
    cells = [nbformat.v4.new_code_cell(source) for source in notebook_cells(make_classic)]
    notebook = nbformat.v4.new_notebook(cells=cells)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTHONPATH", str(ROOT / "src"))  # this checkout, not an installed copy
        nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    assert sum("text/html" in out.get("data", {}) for c in notebook.cells for out in c.outputs) == 2
    html, _ = nbconvert.HTMLExporter().from_notebook_node(notebook)
    page = tmp_path_factory.mktemp("notebook") / "notebook.html"
    page.write_text(html, encoding="utf-8")
    return page


@pytest.fixture
def page(browser: Any, notebook_html: Path) -> Iterator[Any]:
    """The notebook's page, open; no script on it may fail."""
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.route("http*://**", lambda route: route.abort())  # the export's own CDN scripts
    page.goto(notebook_html.as_uri())
    page.classic = page.locator(".zs-trace").nth(0)
    page.tictactoe = page.locator(".zs-trace").nth(1)
    yield page
    context.close()
    assert errors == []


def shot(page: Any, folder: Path, name: str) -> Path:
    path = folder / f"trace-{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")
    return path


def node(tree: Any, id: int) -> Any:
    return tree.locator(f'li[data-id="{id}"]')


def label(tree: Any, id: int) -> Any:
    return node(tree, id).locator(
        ":scope > details > summary .zs-label, :scope > .zs-leaf .zs-label"
    )


def test_expand_and_collapse(page: Any, tmp_path: Path) -> None:
    tree = page.classic
    assert label(tree, 2).is_visible()  # a1 is on the principal variation: open
    assert not label(tree, 7).is_visible()  # a2 is closed
    tree.locator("button[data-act=expand]").click()
    pruned = node(tree, 7)
    assert pruned.is_visible() and "zs-pruned" in str(pruned.get_attribute("class"))
    assert pruned.inner_text() == "c2 pruned: 2 <= alpha 3"
    assert pruned.evaluate("e => getComputedStyle(e.querySelector('.zs-leaf')).color") == (
        "rgb(153, 153, 153)"
    )  # greyed
    assert "zs-pv" in str(node(tree, 1).get_attribute("class"))
    shot(page, tmp_path, "expanded")
    tree.locator("button[data-act=collapse]").click()
    assert not label(tree, 2).is_visible() and label(tree, 0).is_visible()
    node(tree, 0).locator(":scope > details > summary").click(position={"x": 4, "y": 8})
    assert label(tree, 1).is_visible()  # the triangle opens one level
    assert label(page.tictactoe, 1).is_visible()  # the other tree stays as it was


def test_hovering_a_node_shows_its_window_and_value(page: Any) -> None:
    tree = page.classic
    tree.locator("button[data-act=expand]").click()
    label(tree, 5).hover()
    assert tree.locator(".zs-info").inner_text() == "a2\nMIN\nwindow (3, +∞)\nvalue 2"
    label(tree, 6).hover()
    assert "cut-off: 2 <= alpha 3" in tree.locator(".zs-info").inner_text()
    assert page.tictactoe.locator(".zs-info").inner_text().startswith("hover a node")


def test_clicking_a_node_draws_its_board(page: Any, tmp_path: Path) -> None:
    tree = page.tictactoe
    first = tree.locator("li[data-id]").nth(1)
    kid = first.locator("li[data-id]").first
    kid.locator(".zs-label").first.click()
    assert tree.locator(".zs-board svg").count() == 1
    moves = [first.get_attribute("title"), kid.get_attribute("title")]
    shown = tree.locator(".zs-board-caption").inner_text()
    assert shown == "after " + " ".join(str(t).split("\n")[0] for t in moves)
    assert "zs-selected" in str(kid.get_attribute("class"))
    assert first.locator(":scope > details").get_attribute("open") is not None  # not toggled
    label(tree, 0).click()
    assert tree.locator(".zs-board-caption").inner_text() == "the position searched"
    shot(page, tmp_path, "board")
    label(page.classic, 1).click()  # made without its game: says so
    assert "without its game" in page.classic.locator(".zs-board").inner_text()


def test_stepping_through_alpha_beta(page: Any, tmp_path: Path) -> None:
    tree = page.classic
    live = lambda id: node(tree, id).locator(".zs-live").first.inner_text()  # noqa: E731
    step_text = tree.locator(".zs-step-text")
    for _ in range(9):
        tree.locator("button[data-act=next]").click()
    assert step_text.inner_text() == "step 9 of 16: prune c2, c3 under a2 (MIN): 2 <= alpha 3"
    assert live(0) == "α=3 β=+∞ v=3" and live(5) == "α=3 β=2 v=2" and live(1) == "= 3"
    assert node(tree, 7).is_visible() and "zs-skipped" in str(node(tree, 7).get_attribute("class"))
    assert "zs-future" in str(node(tree, 9).get_attribute("class"))  # a3 not reached yet
    assert not tree.locator(".zs-val").first.is_visible()  # final values hidden while stepping
    shot(page, tmp_path, "step-9")
    tree.locator("button[data-act=prev]").click()
    assert step_text.inner_text().startswith("step 8 of 16: c1 (MAX)")
    assert "zs-skipped" not in str(node(tree, 7).get_attribute("class"))
    assert live(5) == "α=3 β=2 v=2" and live(6) == "= 2"
    for _ in range(8):
        tree.locator("button[data-act=next]").click()
    assert step_text.inner_text() == "step 16 of 16: leave root (MAX) with value 3"
    assert live(0) == "= 3" and live(9) == "= 2"
    assert tree.locator("button[data-act=next]").is_disabled()
    assert "zs-stepping" not in str(page.tictactoe.get_attribute("class"))  # the other tree
    tree.locator("button[data-act=whole]").click()
    assert step_text.inner_text() == "" and tree.locator(".zs-val").first.is_visible()


#: How JupyterLab puts an HTML output on the page: into a detached node by innerHTML, its
#: scripts then re-created (innerHTML runs none), and the node attached.
JUPYTERLAB = """fragment => {
  const host = document.createElement("div");
  host.innerHTML = fragment;
  host.querySelectorAll("script").forEach(old => {
    const script = document.createElement("script");
    for (const a of old.attributes) script.setAttribute(a.name, a.value);
    script.textContent = old.textContent;
    old.replaceWith(script);
  });
  document.body.appendChild(host);
}"""


def test_a_tree_added_as_jupyterlab_adds_it(page: Any, make_classic: Callable[..., Trace]) -> None:
    page.evaluate(JUPYTERLAB, make_classic()._repr_html_())
    tree = page.locator(".zs-trace").nth(2)
    tree.locator("button[data-act=next]").click()
    assert tree.locator(".zs-step-text").inner_text() == (
        "step 1 of 16: enter root (MAX) with window (−∞, +∞)"
    )
    assert page.classic.locator(".zs-step-text").inner_text() == ""


def test_minimax_steps_without_a_window(page: Any) -> None:
    rec = Recorder(cap=5)
    root = rec.enter(None, "", True)
    for move, value in (("x", 0.5), ("y", -1.0)):
        rec.enter(root, move, False, kind="cutoff", heuristic=value, value=value)
    rec.set(root, value=0.5)
    page.evaluate(JUPYTERLAB, rec.trace("minimax", "minimax:depth=1", "toy")._repr_html_())
    tree = page.locator(".zs-trace").nth(2)
    for _ in range(2):
        tree.locator("button[data-act=next]").click()
    assert node(tree, 0).locator(".zs-live").first.inner_text() == "v=0.5"
    assert node(tree, 1).locator(".zs-live").first.inner_text() == "= 0.5"
