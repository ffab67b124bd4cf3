"""The learning guide's commands, run as a reader types them in a folder of their own:
the ``zerosum`` on the PATH, the page's relative names. The one change: the training's
``--minutes 3`` becomes seconds (the page's figure is what a full run takes)."""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="the learn extra (scripts/test.sh installs it)")

from test_commands_as_written import NOT_RUN, shell_commands, zerosum_program  # noqa: E402

PAGE = "docs/guides/learning.md"


def test_the_guides_commands_do_what_it_says(tmp_path: Path) -> None:
    shown = [c for c in shell_commands(PAGE) if c not in NOT_RUN and "pip install" not in c]
    commands = [c for c in shown if len(shlex.split(c)) > 2]  # the prose names bare commands
    said = [shlex.split(c)[1] for c in commands]
    assert said[0] == "learn" and {"match", "grade"} <= set(said), commands
    for command in commands:
        words = shlex.split(command)
        assert words[0] == "zerosum", command
        if words[1] == "learn":
            words[words.index("--minutes") + 1] = "0.05"
        ran = subprocess.run([*zerosum_program(), *words[1:]], cwd=tmp_path,
                             capture_output=True, text=True, timeout=600)  # fmt: skip
        assert ran.returncode == 0, f"{command}\n{ran.stderr}"
        if words[1] == "learn":
            out = words[words.index("--out") + 1]
            assert "round 1:" in ran.stdout and (tmp_path / out / "model.json").exists()
        if words[1] == "match":
            assert "alphazero:model=ttt vs perfect" in ran.stdout
        if words[1] == "grade" and "model=ttt" in command:
            assert "alphazero:model=ttt,simulations=100" in ran.stdout
        if words[1] == "grade" and "connect4" in command:  # the shipped 5x4 model: goal 95%
            row = next(
                line for line in ran.stdout.splitlines() if line.lstrip().startswith("alphazero ")
            )
            assert float(row.split()[2].rstrip("%")) >= 95.0, ran.stdout
