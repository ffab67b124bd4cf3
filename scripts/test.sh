#!/usr/bin/env bash
# Installs what the tests need into the current Python and runs every check:
# ruff (style), mypy (types), then the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check -e '.[dev]'
python3 -m ruff check src tests benchmarks
python3 -m mypy
python3 -m pytest "$@"
