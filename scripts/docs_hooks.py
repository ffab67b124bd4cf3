"""MkDocs hooks of the documentation site (mkdocs.yml): the command-line reference is
written from ``zerosum``'s own argument parser at every build, so it cannot drift; and the
notebooks' pages load nothing from another host, so the site works offline.

    python scripts/docs_hooks.py          # print the reference the site shows
"""

from __future__ import annotations

import argparse
import os
import re
from typing import Any

#: The lines of the pages that the hook replaces: by the reference (docs/reference/cli.md),
#: by every command's usage (docs/guides/command-line.md).
REFERENCE = "<!-- cli-reference -->"
SYNOPSIS = "<!-- cli-synopsis -->"

#: The page width the usage lines are wrapped to, whatever the terminal building the site.
WIDTH = "90"


#: What the notebooks' pages (mkdocs-jupyter) would fetch from other hosts, each removed:
#: MathJax's loader (its address is empty: no notebook has formulas) and its settings;
#: Mermaid, imported from a CDN when a page has a diagram (none has); and the loader of
#: the renderer of saved ipywidgets, which would fetch it from a CDN (the notebooks'
#: boards play only with a running kernel, so a static page has nothing to render).
FETCHES_ELSEWHERE = [
    re.compile(r"<!-- Load mathjax -->.*?<!-- End of mathjax configuration -->", re.S),
    re.compile(r"<script type=\"module\">(?:(?!</script>).)*?mermaid.*?</script>", re.S),
    re.compile(r"<script>(?:(?!</script>).)*?addWidgetsRenderer.*?</script>", re.S),
]


def cli_reference() -> str:
    """Markdown for ``zerosum`` and each of its subcommands: what it does, its usage line
    and a table of its arguments, in the parser's own words."""
    parser = _parser()
    lines = [(parser.description or "").strip(), "", _usage(parser), _arguments(parser)]
    for name, (summary, command) in _subcommands(parser).items():
        lines += [f"## zerosum {name}", "", _cell(summary).capitalize() + ".", ""]
        lines += [_usage(command), _arguments(command)]
        for action, (about, nested) in _subcommands(command).items():  # assignment new
            lines += [f"### zerosum {name} {action}", "", _cell(about).capitalize() + ".", ""]
            lines += [_usage(nested), _arguments(nested)]
    return "\n".join(lines)


def cli_synopsis() -> str:
    """One block of every subcommand's usage lines."""
    prefix = "usage: "
    lines = [
        line.removeprefix(prefix if n == 0 else " " * len(prefix))
        for _, command in _subcommands(_parser()).values()
        for n, line in enumerate(command.format_usage().rstrip().splitlines())
    ]
    return "```text\n" + "\n".join(lines) + "\n```\n"


def _parser() -> argparse.ArgumentParser:
    from zerosum.cli import build_parser

    os.environ["COLUMNS"] = WIDTH  # argparse wraps usage lines to the terminal's width
    return build_parser()


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, tuple[str, Any]]:
    """Each subcommand's name, its one-line help and its parser, in the parser's order."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            return {name: (helps.get(name, ""), sub) for name, sub in action.choices.items()}
    return {}


def _usage(parser: argparse.ArgumentParser) -> str:
    return f"```text\n{parser.format_usage().strip()}\n```\n"


def _arguments(parser: argparse.ArgumentParser) -> str:
    rows = ["| argument | meaning |", "| --- | --- |"]
    for action in parser._actions:
        if action.help == argparse.SUPPRESS or isinstance(
            action, argparse._HelpAction | argparse._SubParsersAction
        ):
            continue
        names = ", ".join(action.option_strings) or (action.metavar or action.dest)
        if action.option_strings and action.nargs != 0:
            names += f" {action.metavar or action.dest.upper()}"
        rows.append(f"| `{names}` | {_cell(action.help or '')} |")
    return "\n".join(rows) + "\n" if len(rows) > 2 else ""


def _cell(text: str) -> str:
    """Text that stays in one table cell: no bar, no line break, no ``%(default)s``."""
    return " ".join(text.replace("%%", "%").replace("|", "\\|").split())


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    """MkDocs hook: the generated reference and synopsis where a page has their marker."""
    if REFERENCE in markdown:
        markdown = markdown.replace(REFERENCE, cli_reference())
    if SYNOPSIS in markdown:
        markdown = markdown.replace(SYNOPSIS, cli_synopsis())
    return markdown


def offline(html: str) -> str:
    """A page's HTML without the scripts that would load code from another host."""
    for fetch in FETCHES_ELSEWHERE:
        html = fetch.sub("", html)
    return html


def on_post_page(output: str, page: Any, **_: Any) -> str:
    """MkDocs hook: every page as it is written, without fetches from other hosts."""
    return offline(output)


if __name__ == "__main__":
    print(cli_reference())
