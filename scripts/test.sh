#!/usr/bin/env bash
# Installs what the tests need into the current Python and runs every check:
# ruff (lint, and the format check), mypy (types), import-linter (the layers of
# docs/architecture.md), then the test suite (on every core, then the timing tests alone).
set -euo pipefail
cd "$(dirname "$0")/.."
# Python writes its bytecode caches, as on a user's machine, even where the environment
# turns them off (PYTHONDONTWRITEBYTECODE): the suite starts hundreds of Python processes
# (the commands as typed, sandboxed entries, workers, kernels), and each would compile
# zerosum's sources again, and pytest would rewrite every test file's asserts again.
unset PYTHONDONTWRITEBYTECODE
# The browser tests drive the system Chromium: install it on a fresh machine when we can.
if [ -z "${ZEROSUM_CHROMIUM:-}" ] && ! command -v chromium >/dev/null && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
# Class tournaments sandbox entries with bubblewrap (tests/arena/test_sandbox.py).
if [ -z "${ZEROSUM_BWRAP:-}" ] && ! command -v bwrap >/dev/null && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap >/dev/null
fi
# The learn extra's PyTorch: its CPU build, which pip finds on this project's machines
# (a plain `torch` may fetch a CUDA build of several GB), unless some torch is there.
python3 -c 'import torch' 2>/dev/null ||
    python3 -m pip install --quiet --disable-pip-version-check 'torch==2.13.0'
python3 -m pip install --quiet --disable-pip-version-check -e '.[dev,docs,learn]'
python3 -m ruff check src tests benchmarks scripts
python3 -m ruff format --check src tests benchmarks scripts
python3 -m mypy
lint-imports --no-logo
# pytest in two runs. First every test that does not time itself, on every core
# (pytest-xdist's -n auto; three workers on 2 cores measured slower, 860 s against 694 s;
# the project's config adds no -n, so one test file run by hand starts no workers;
# --dist loadgroup keeps each module marked xdist_group on one worker, where its costly
# module fixture, such as the documentation site, is built once). Then
# the tests marked `alone` (a wall-clock deadline, a share of the CPUs: see pyproject.toml's
# markers), one at a time on an otherwise idle machine, where their bounds mean what they
# say. Exit status 5 is "nothing selected" (a path given in "$@" holds no test of that run).
# Run with no paths, the second run collects only the files that hold a test marked alone
# (collecting the whole suite, the doctests of src and docs with it, took seconds per run).
# --durations lists the slowest tests of each run: where the suite's time goes (issue #40).
python3 -m pytest -n auto --dist loadgroup -m "not alone" --durations=15 "$@" || [ $? = 5 ]
if [ $# = 0 ]; then
    mapfile -t alone < <(grep -rlE --include='test_*.py' 'pytest\.mark\.alone' tests | sort)
    python3 -m pytest -m alone --durations=10 "${alone[@]}" || [ $? = 5 ]
else
    python3 -m pytest -m alone "$@" || [ $? = 5 ]
fi
