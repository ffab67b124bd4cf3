"""The documentation: every ``zerosum`` command shown in the README and on the site's pages
parses with the current command line (their Python examples run as doctests, through
pytest's ``--doctest-glob``), the command-line reference names every option, and the site
builds with warnings as errors and shows its pages, charts included, in a real browser."""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from zerosum.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
ARTIFACTS = ROOT / "test-artifacts"


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def shown_commands() -> list[tuple[str, list[str]]]:
    """Each ``zerosum ...`` command of a shell block of the pages: (page, its words)."""
    commands = []
    for page in PAGES:
        for block in re.findall(r"```(?:bash|console|shell)\n(.*?)```", page.read_text(), re.S):
            for line in block.splitlines():
                for part in line.split("&&"):
                    words = shlex.split(part, comments=True)
                    if words[:1] == ["zerosum"]:
                        commands.append((page.relative_to(ROOT).as_posix(), words[1:]))
    return commands


COMMANDS = shown_commands()


def test_the_pages_show_commands() -> None:
    assert len(COMMANDS) >= 20
    assert {page for page, _ in COMMANDS} >= {"README.md", "docs/getting-started.md"}


@pytest.mark.parametrize(("page", "words"), COMMANDS, ids=[" ".join(w) for _, w in COMMANDS])
def test_every_command_shown_parses(page: str, words: list[str]) -> None:
    args = build_parser().parse_args(words)  # a renamed or removed option raises here
    assert args.command == words[0], page


def test_the_cli_reference_names_every_command_and_option() -> None:
    reference = _script("docs_hooks").cli_reference()
    parser = build_parser()
    (commands,) = [a for a in parser._actions if a.dest == "command"]
    for name, command in commands.choices.items():  # type: ignore[union-attr]
        assert f"## zerosum {name}\n" in reference
        for action in command._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help"):
                    assert f"`{option}" in reference or f", {option}" in reference, option


def test_sphinx_roles_and_doctests_read_as_markdown() -> None:
    plain = _script("griffe_roles").plain
    assert plain("See :func:`~zerosum.arena.play` and :class:`zerosum.game.Game`.") == (
        "See `play` and `zerosum.game.Game`."
    )
    assert plain("Example:\n\n>>> [1, 2]\n[1, 2]\n\nAfter.") == (
        "Example:\n\n```pycon\n>>> [1, 2]\n[1, 2]\n```\n\nAfter."
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built as CI builds it: ``mkdocs build --strict``."""
    pytest.importorskip("mkdocs", reason="mkdocs is not installed (.[docs] has it)")
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "NO_MKDOCS_2_WARNING": "1"}
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    warnings = [line for line in built.stderr.splitlines() if "WARNING" in line]
    assert built.returncode == 0, "\n".join(warnings) or built.stderr[-3000:]
    return out


def test_the_site_builds_with_every_page(site: Path) -> None:
    for page in ["index", "getting-started", "reference/cli", "reference/api/arena"]:
        assert (site / f"{page}.html").is_file(), page
    cli = (site / "reference" / "cli.html").read_text()
    assert "zerosum tournament" in cli and "--move-time" in cli and "cli-reference" not in cli


@pytest.fixture(scope="module")
def pages(site: Path, browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield lambda path: _open(context.new_page(), site / path)
    context.close()


def _open(page: Any, path: Path) -> Any:
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return page


def test_the_home_page_shows_its_navigation(pages: Any) -> None:
    page = pages("index.html")
    assert page.locator("h1").first.inner_text().rstrip("¶") == "zerosum"
    nav = page.locator("nav.md-nav--primary").inner_text()
    for section in ["Getting started", "Tutorials", "How-to guides", "Reference"]:
        assert section in nav
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / "docs-home.png")


def test_a_tutorial_shows_its_saved_charts(pages: Any) -> None:
    page = pages("examples/03_connect_four.html")
    charts = page.locator("img[src^='data:image/png']")
    assert charts.count() >= 3
    widths = charts.evaluate_all("imgs => imgs.map(i => i.naturalWidth)")
    assert min(widths) > 100  # each chart decoded, not a broken image
    charts.first.scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / "docs-tutorial.png")


def test_an_api_page_shows_signatures_and_docstrings(pages: Any) -> None:
    page = pages("reference/api/arena.html")
    heading = page.locator("[id='zerosum.arena.tournament.tournament']")
    assert heading.count() == 1
    text = page.locator("article").inner_text()
    assert "def tournament(" in text or "tournament(" in text
    assert ":func:" not in text and ":class:" not in text
    heading.scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / "docs-api.png")
