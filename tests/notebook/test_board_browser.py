"""The board widget in a real JupyterLab, played by a click in headless Chromium.

JupyterLab runs on a free port of 127.0.0.1 with a token, in a folder of its own (its
settings, workspaces and runtime files too); a notebook there makes the board, the test
runs its cell, clicks a square, and waits for the computer's answer on the board.
Screenshots go to ``test-artifacts/``. Without JupyterLab the test skips, unless
``ZEROSUM_REQUIRE_BROWSER=1`` (set by CI) makes that a failure, as for the browser.
"""

from __future__ import annotations

import importlib.util
import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import _unavailable

# One pytest-xdist worker runs this module, so that JupyterLab starts once:
# its module-scoped fixture is not set up again on another worker.
pytestmark = pytest.mark.xdist_group("notebook/test_board_browser")

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SRC = Path(__file__).resolve().parents[2] / "src"
CELL = 'import zerosum as zs\nzs.play_widget("tictactoe", opponent="alphabeta", hints=True)'
#: The README's line, as a newcomer first runs it.
README_CELL = 'import zerosum as zs\nzs.play_widget("connect4")'


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def write_notebook(path: Path, cell: str = CELL) -> None:
    import nbformat

    notebook = nbformat.v4.new_notebook()
    # a kernel named up front: JupyterLab asks for one in a dialog otherwise
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    notebook.cells.append(nbformat.v4.new_code_cell(cell))
    nbformat.write(notebook, path)


def open_notebook(page: Any, url: str) -> None:
    """Open ``url``'s notebook with its kernel running and its first cell focused. A
    fresh workspace (``&reset``) may still ask which kernel to start in a dialog over the
    notebook, whatever the notebook names: that dialog is accepted (the named kernel), or
    the cell is never run and the test waits for a widget that never comes."""
    page.goto(url)
    dialog = page.locator(".jp-Dialog").get_by_role("button", name="Select")
    try:
        dialog.wait_for(timeout=5_000)
        dialog.click()
    except Exception:  # no dialog: the kernel named in the notebook starts by itself
        pass
    page.locator(".jp-Notebook .jp-Cell .cm-content").first.click(timeout=30_000)
    idle = ".jp-Notebook-ExecutionIndicator[data-status='idle']"  # the kernel is up
    page.wait_for_selector(idle, timeout=30_000)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a running JupyterLab with ``board.ipynb`` open, token included."""
    if importlib.util.find_spec("jupyterlab") is None:
        _unavailable("jupyterlab is not installed (pip install -e '.[dev]')")
    if importlib.util.find_spec("anywidget") is None:
        _unavailable("anywidget is not installed (pip install -e '.[dev]')")
    home = tmp_path_factory.mktemp("lab")
    write_notebook(home / "board.ipynb")
    write_notebook(home / "readme.ipynb", README_CELL)
    # no "Would you like to get notified about official Jupyter news?" over the notebook
    (home / "config" / "labconfig").mkdir(parents=True)
    (home / "config" / "labconfig" / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
    )
    port, token = free_port(), secrets.token_hex(16)
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
    }
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={home}",
        "--ServerApp.allow_root=True",
        f"--LabApp.workspaces_dir={home / 'workspaces'}",
        "--LabApp.extension_manager=readonly",  # no look-ups on PyPI
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    log = (home / "lab.log").open("w")
    server = subprocess.Popen(command, cwd=home, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=1)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"JupyterLab did not start: {(home / 'lab.log').read_text()}")
                time.sleep(0.2)
        yield f"{base}/lab/tree/board.ipynb?token={token}"
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


@pytest.mark.timeout(120)
def test_a_click_on_the_board_in_jupyterlab_is_answered_by_the_computer(
    browser: Any, lab: str
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    try:
        open_notebook(page, lab)
        page.keyboard.press("Shift+Enter")
        widget = page.locator(".zs-widget")
        status = widget.locator(".zs-status")
        # tic-tac-toe solves at once: the hints are on the board before the first move
        widget.locator(".zs-option").first.wait_for(timeout=40_000)
        assert status.inner_text() == "Your move (you play X)."
        assert widget.locator(".zs-hints").inner_text().startswith("Hints: what each move")
        page.screenshot(path=str(ARTIFACTS / "notebook-board-start.png"))
        widget.locator(".zs-board-holder [data-action='4']").click()
        verdict = widget.locator(".zs-verdict")
        verdict.wait_for(timeout=20_000)  # the computer answered and said what it thought
        assert widget.locator(".zs-moves").inner_text().startswith("Moves: 4 ")
        assert len(widget.locator(".zs-moves").inner_text().split()) == 3  # "Moves:", 2 moves
        played = widget.locator(".zs-played").inner_text()
        assert played.startswith("The computer played ")
        # the board changed: two cells taken, so seven left to click
        assert widget.locator(".zs-board-holder [data-action]").count() == 7
        assert verdict.inner_text().strip() != ""
        assert status.inner_text() == "Your move (you play X)."
        page.screenshot(path=str(ARTIFACTS / "notebook-board-answered.png"))
        widget.get_by_label("Hints").uncheck()  # the switch reaches the kernel and back
        page.wait_for_function(  # labels and legend both gone
            "!document.querySelector('.zs-widget .zs-board-holder .zs-option')"
            " && document.querySelector('.zs-widget .zs-hints').textContent === ''"
        )
        page.wait_for_timeout(500)  # and they stay gone once the kernel has answered
        assert widget.locator(".zs-board-holder .zs-option").count() == 0
        assert widget.locator(".zs-hints").inner_text() == ""
        # the keyboard plays too: a focused cell, Enter
        widget.locator(".zs-board-holder [data-action]").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(
            "document.querySelector('.zs-widget .zs-moves').textContent.split(' ').length == 5"
        )
        widget.get_by_role("button", name="Undo").click()
        page.wait_for_function(
            "document.querySelectorAll('.zs-widget .zs-board-holder [data-action]').length == 7"
        )
        widget.get_by_role("button", name="New game").click()
        page.wait_for_function(
            "document.querySelectorAll('.zs-widget .zs-board-holder [data-action]').length == 9"
        )
        assert widget.locator(".zs-moves").inner_text() == ""
    except Exception:
        page.screenshot(path=str(ARTIFACTS / "notebook-board-failed.png"))
        raise
    finally:
        page.close()


@pytest.mark.alone
@pytest.mark.timeout(120)
def test_the_readmes_board_answers_quickly_in_plain_words(browser: Any, lab: str) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    try:
        # a fresh workspace: the other test's notebook, left open, is not restored beside it
        open_notebook(page, lab.replace("board.ipynb", "readme.ipynb") + "&reset")
        page.keyboard.press("Shift+Enter")
        widget = page.locator(".zs-widget")
        status = widget.locator(".zs-status")
        page.wait_for_function(  # the computer is prepared: your move
            "document.querySelector('.zs-widget .zs-status')?.textContent"
            " === 'Your move (you play Red).'",
            timeout=60_000,
        )
        assert widget.locator(".zs-title").inner_text() == "Connect Four 7x6: alpha-beta, depth 4"
        for _ in range(3):
            before = widget.locator(".zs-moves").inner_text()
            widget.locator(".zs-board-holder [data-action='4']").first.click()
            page.wait_for_function(
                "before => document.querySelector('.zs-widget .zs-moves').textContent !== before"
                " && document.querySelector('.zs-widget .zs-status').textContent"
                " === 'Your move (you play Red).'",
                arg=before,
                timeout=20_000,
            )
        shown = widget.inner_text()
        page.screenshot(path=str(ARTIFACTS / "notebook-readme-board.png"))
        for internal in ("connect4:", "AlphaBeta(", "asked to the end", "out of time"):
            assert internal not in shown, internal
        assert status.inner_text() == "Your move (you play Red)."
    except Exception:
        page.screenshot(path=str(ARTIFACTS / "notebook-readme-failed.png"))
        raise
    finally:
        page.close()
