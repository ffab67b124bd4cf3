#!/usr/bin/env bash
# Builds the documentation site into site/ (open site/index.html in a browser), with
# warnings as errors, as CI does. `bash scripts/docs.sh serve` serves it instead, rebuilt
# on every save. Needs `pip install -e '.[docs]'`.
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_MKDOCS_2_WARNING=1  # Material's notice about its successor, on every build
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
if [ "${1:-}" = serve ]; then
    exec python3 -m mkdocs serve
fi
python3 -m mkdocs build --strict "$@"
echo "docs: open $PWD/site/index.html"
