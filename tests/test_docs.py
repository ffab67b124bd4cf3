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

# One pytest-xdist worker runs this module, so that the site is built once (mkdocs build
# --strict, about a minute): its module-scoped fixture is not set up again on another worker.
pytestmark = pytest.mark.xdist_group("test_docs")

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


def test_the_package_docstring_shows_its_example_as_code(pages: Any) -> None:
    article = pages("reference/api/zerosum.html").locator("article")
    assert article.locator("pre code", has_text=">>> import zerosum as zs").count() >= 1
    assert article.locator("blockquote").count() == 0  # ">>>" read as Markdown quotes


# The notebooks' search trees (issue #39): the theme styled each node of a tree as a boxed
# note with an icon, wrapped its labels and cut off the panel beside the tree.

#: The properties that differed when the theme leaked into a tree, compared element by
#: element with the same tree on a page of its own (its own style sheet, nothing else).
TREE_STYLE = [
    "display",
    "margin-left",
    "margin-top",
    "padding-left",
    "padding-top",
    "border-left-width",
    "border-top-width",
    "background-color",
    "font-size",
    "line-height",
    "list-style-type",
]

_STYLES = """(root, props) => {
    const out = {};
    root.querySelectorAll("li[data-id]").forEach((li) => {
        for (const el of [li, li.querySelector(":scope > details"),
                          li.querySelector(":scope > details > summary"),
                          li.querySelector(":scope > .zs-leaf")]) {
            if (!el) continue;
            const style = getComputedStyle(el);
            const key = li.dataset.id + " " + el.tagName.toLowerCase();
            out[key] = props.map((p) => p + ": " + style.getPropertyValue(p));
            out[key].push("::before " + getComputedStyle(el, "::before").content);
            out[key].push("::after " + getComputedStyle(el, "::after").content);
            out[key].push("height " + Math.round(el.getBoundingClientRect().height));
        }
    });
    return out;
}"""


def _saved_tree(notebook: str, marker: str) -> str:
    """The HTML the notebook saved for its code cell holding ``marker``: the output that
    draws search trees."""
    import json

    cells = json.loads((ROOT / "docs" / "examples" / notebook).read_text())["cells"]
    for cell in cells:
        if marker in "".join(cell["source"]):
            for output in cell.get("outputs", []):
                html = "".join(output.get("data", {}).get("text/html", ""))
                if 'class="zs-trace"' in html:
                    return html
    raise AssertionError(f"no saved search tree for {marker!r} in {notebook}")


def test_the_search_trees_draw_as_on_a_page_of_their_own(pages: Any, browser: Any) -> None:
    page = pages("examples/09_search_trees.html")
    tree = page.locator(".zs-trace").first
    tree.scroll_into_view_if_needed()
    width = tree.evaluate("t => t.getBoundingClientRect().width")
    on_site = tree.evaluate(_STYLES, TREE_STYLE)
    # The same drawing, saved in the notebook, alone on a blank page as wide as on the site.
    alone = browser.new_page(viewport={"width": 1280, "height": 900})
    output = _saved_tree("09_search_trees.ipynb", "minimax_tree = zs.trace(")
    alone.set_content(f"<div id='box' style='width:{width}px'></div>{output}")
    alone.evaluate(
        "() => document.getElementById('box').append(document.querySelector('.zs-trace'))"
    )
    by_itself = alone.locator("#box > .zs-trace").evaluate(_STYLES, TREE_STYLE)
    alone.close()
    assert len(on_site) > 20 and on_site.keys() == by_itself.keys()
    differ = {
        key: (on_site[key], by_itself[key]) for key in on_site if on_site[key] != by_itself[key]
    }
    assert not differ, differ
    summary = on_site[next(key for key in on_site if key.endswith("summary"))]
    assert "::before none" in summary and "border-left-width: 0px" in summary
    ARTIFACTS.mkdir(exist_ok=True)
    tree.screenshot(path=ARTIFACTS / "docs-search-tree.png")


def test_every_search_tree_and_its_panel_fit_the_page(pages: Any) -> None:
    page = pages("examples/09_search_trees.html")
    column = page.locator("article").evaluate("a => a.getBoundingClientRect().right")
    trees = page.locator(".zs-trace")
    assert trees.count() >= 5
    for n in range(trees.count()):
        tree = trees.nth(n)
        tree.scroll_into_view_if_needed()
        side = tree.locator(".zs-side").evaluate("s => s.getBoundingClientRect().toJSON()")
        assert side["right"] <= column + 1, (n, side, column)
        # Each node on one line, none wrapped: every shown node's line as tall as the root's.
        heights = tree.locator(".zs-tree :is(summary, .zs-leaf)").evaluate_all(
            "rows => rows.filter(r => r.offsetParent).map(r => r.getBoundingClientRect().height)"
        )
        assert max(heights) < 1.5 * min(heights), (n, heights)
    # Hovering a node of the right-hand tree of a pair shows its panel, all of it in view.
    second = trees.nth(1)
    second.scroll_into_view_if_needed()
    second.locator(".zs-label:visible").nth(1).hover()
    info = second.locator(".zs-info")
    assert "value" in info.inner_text()
    box = info.bounding_box()
    seen = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('.zs-info') !== null",
        [box["x"] + box["width"] - 4, box["y"] + 4],
    )
    assert seen, "the panel's right edge is hidden"
    page.screenshot(path=ARTIFACTS / "docs-search-trees-pair.png")


def test_on_a_phone_a_search_tree_shows_its_panel_under_it(site: Path, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        _open(page, site / "examples" / "09_search_trees.html")
        tree = page.locator(".zs-trace").first
        tree.scroll_into_view_if_needed()
        tree.locator(".zs-label:visible").nth(2).click()  # its position, in the panel
        drawn = tree.locator(".zs-tree").bounding_box()
        side = tree.locator(".zs-side").bounding_box()
        assert side["y"] >= drawn["y"] + drawn["height"] - 1, (drawn, side)
        assert side["x"] + side["width"] <= 390, side
        assert drawn["width"] >= side["width"] - 1  # the tree has the whole width too
        page.screenshot(path=ARTIFACTS / "docs-search-tree-phone.png")
    finally:
        page.close()


# The site's search (issue #39): it found nothing for `play_widget` and put Benchmarks
# first for "serve".


def _public_names() -> dict[str, list[str]]:
    """Each module the API reference documents (a ``::: module`` line) and its public
    names (``__all__``), submodules left out: they have pages of their own."""
    import importlib
    import types

    modules: set[str] = set()
    for page in (ROOT / "docs" / "reference" / "api").glob("*.md"):
        modules |= set(re.findall(r"^::: (\S+)", page.read_text(), re.M))
    names = {}
    for name in sorted(modules):
        module = importlib.import_module(name)
        names[name] = [
            n
            for n in getattr(module, "__all__", [])
            if not isinstance(getattr(module, n, None), types.ModuleType)
        ]
    return names


def test_the_search_index_has_every_public_name(site: Path) -> None:
    import json

    index = json.loads((site / "search" / "search_index.json").read_text())
    entries = {
        doc["location"].split("#", 1)[1].rsplit(".", 1)[-1]
        for doc in index["docs"]
        if doc["location"].startswith("reference/api/") and "#" in doc["location"]
    }
    names = _public_names()
    assert "play_widget" in names["zerosum"] and len(names) >= 20
    missing = {module: [n for n in ns if n not in entries] for module, ns in names.items()}
    assert not any(missing.values()), {m: ns for m, ns in missing.items() if ns}
    # Code writes names after a dot (zs.play_widget): the search splits words there too.
    separator = re.compile(index["config"]["separator"])
    assert "play_widget" in separator.split("zs.play_widget(game)")


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The built site on a local web server (the search reads its index by a fetch, which
    a page opened from the disk may not make)."""
    import functools
    import http.server
    import threading

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *_: Any) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _search(page: Any, query: str) -> list[str]:
    """The pages the search box lists for ``query``, in its order."""
    box = page.locator("input.md-search__input")
    page.keyboard.press("/")
    box.fill("")  # the last query's results gone before this one's come
    box.press("Backspace")  # (the search answers keys typed, not a value set)
    page.locator(".md-search-result__item").first.wait_for(state="detached")
    # One key searches the whole query: typed key by key, a loaded machine showed a
    # prefix's results ("zs") before the query's. Then read until two reads agree.
    box.fill(query[:-1])
    box.press(query[-1])
    results = page.locator(".md-search-result__item > a")
    results.first.wait_for(timeout=15_000)
    read = "links => links.map(a => a.getAttribute('href'))"
    hrefs, before = results.evaluate_all(read), None
    for _ in range(40):
        if hrefs == before:
            break
        page.wait_for_timeout(250)
        hrefs, before = results.evaluate_all(read), hrefs
    return [
        h.split("?", 1)[0].split("#", 1)[0].removeprefix(page.url.rsplit("/", 1)[0] + "/")
        for h in hrefs
    ]


def test_the_search_box_finds_names_and_ranks_the_guides(served: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(f"{served}/index.html")
        page.wait_for_load_state("load")
        for query in ["play_widget", "zs.play_widget"]:
            found = _search(page, query)
            assert found[0] == "reference/api/zerosum.html", (query, found)
            assert "notebook.html" in found, (query, found)
        # "zerosum" is in most pages' titles, so its full name ranks it a little lower.
        found = _search(page, "zerosum.play_widget")
        assert "reference/api/zerosum.html" in found[:5], found
        found = _search(page, "serve")
        assert found[0] == "guides/browser.html", found
        assert found.index("benchmarks.html") > found.index("reference/cli.html"), found
        page.screenshot(path=ARTIFACTS / "docs-search.png")
    finally:
        page.close()


# Offline (issue #39): the pages fetched fonts from Google and scripts from CDNs.

#: Addresses in the pages that are names, not fetches (SVG's and XHTML's namespaces).
NAMESPACES = re.compile(r"https?://www\.w3\.org/")


def test_no_page_loads_anything_from_another_host(site: Path) -> None:
    sources = re.compile(
        r"<(?:script|img|iframe|source|audio|video|embed)\b[^>]*\bsrc=[\"']?(https?:)?//"
        r"|<link\b[^>]*\bhref=[\"']?(https?:)?//",
        re.I,
    )
    scripts = re.compile(r"<script\b[^>]*>(.*?)</script>", re.S | re.I)
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 40
    for path in pages:
        html = path.read_text()
        tag = sources.search(html)
        assert tag is None, (path.relative_to(site), html[tag.start() : tag.start() + 200])
        for body in scripts.findall(html):
            elsewhere = [
                u for u in re.findall(r"https?://[^\s\"'`<>)]+", body) if not NAMESPACES.match(u)
            ]
            assert not elsewhere, (path.relative_to(site), elsewhere)


def test_every_page_opens_without_a_request_to_another_host(site: Path, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    asked: list[tuple[str, str]] = []
    current = [""]

    def refuse(route: Any) -> None:
        asked.append((current[0], route.request.url))
        route.abort()

    context.route(re.compile(r"^(?!file:|data:|blob:|about:)"), refuse)
    page = context.new_page()
    try:
        for path in sorted(site.rglob("*.html")):
            current[0] = path.relative_to(site).as_posix()
            page.goto(path.as_uri())
            page.wait_for_load_state("load")
            page.wait_for_timeout(50)  # scripts that fetch on DOMContentLoaded or later
    finally:
        context.close()
    assert not asked, asked


def test_getting_started_installs_from_nothing() -> None:
    text = (ROOT / "docs" / "getting-started.md").read_text()
    install = text.split("## Install", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```bash\n(.*?)```", install, re.S)
    commands = [line.split("#", 1)[0].strip() for line in block.splitlines()]
    assert commands[0].startswith("cd "), commands  # into the project's folder first
    assert "python3 -m pip install -e ." in commands, commands
    assert "checkout" not in install  # a newcomer has no checkout yet
    # zerosum is installed from its folder, not by name from a package index.
    assert not re.search(r"pip install '?zerosum\b", install), install
