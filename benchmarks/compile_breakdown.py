"""Where a first compile of a game's alpha-beta search goes (issue #28, item 3): with an
empty numba cache (a new folder), the kernel of one game is built once, and numba's work
is split into its stages:

- each compiled function's compile, inclusive of the functions it compiles on the way
  (numba's ``numba:compile`` events);
- LLVM's optimisation of each finished module and its machine code (every function's
  module is optimised and emitted again inside each caller that links it);
- the IR inlines (``inline="always"`` functions and overloads), counted per function;
- with ``--profile``, the Python profile's top entries (numba's type inference, mostly).

    PYTHONPATH=src python benchmarks/compile_breakdown.py                 # Connect Four
    PYTHONPATH=src python benchmarks/compile_breakdown.py --game tictactoe --profile
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from typing import Any

#: Runs in a fresh process, so that the cache folder is numba's from the start.
PROBE = """
import cProfile, collections, pstats, sys, time
from numba.core import codegen, event, inline_closurecall

spent = {"compile": collections.Counter(), "optimise": collections.Counter(),
         "emit": collections.Counter(), "inline": collections.Counter()}
inlines = collections.Counter()

def timed(owner, name, stage, label):
    original = getattr(owner, name)
    def wrapper(self, *args, **kwargs):
        begin = time.perf_counter()
        try:
            return original(self, *args, **kwargs)
        finally:
            key = label(self, args)
            spent[stage][key] += time.perf_counter() - begin
            if stage == "inline":
                inlines[key] += 1
    setattr(owner, name, wrapper)

timed(codegen.CPUCodeLibrary, "_optimize_final_module", "optimise", lambda s, a: s.name)
timed(codegen.JITCodeLibrary, "_finalize_specific", "emit", lambda s, a: s.name)
timed(inline_closurecall.InlineWorker, "run_untyped_passes", "inline",
      lambda s, a: getattr(a[0], "__qualname__", str(a[0])))

class Compiles(event.Listener):
    def __init__(self):
        self.started = {}
    def on_start(self, ev):
        self.started[id(ev.data["dispatcher"])] = time.perf_counter()
    def on_end(self, ev):
        dispatcher = ev.data["dispatcher"]
        begin = self.started.pop(id(dispatcher))
        spent["compile"][dispatcher.py_func.__qualname__] += time.perf_counter() - begin

event.register("numba:compile", Compiles())
import zerosum as zs
from zerosum.kernels.alphabeta import search_kernel
game = zs.load_game(sys.argv[1])
profile = cProfile.Profile() if sys.argv[2] == "1" else None
begin = time.perf_counter()
if profile:
    profile.enable()
search_kernel(game)
if profile:
    profile.disable()
print(f"kernel built in {time.perf_counter() - begin:.2f} s (cold)")
for stage in ("optimise", "emit", "inline"):
    extra = f", {sum(inlines.values())} inlines" if stage == "inline" else ""
    print(f"{stage}: {sum(spent[stage].values()):.2f} s in all{extra}")
    for key, seconds in spent[stage].most_common(6):
        times = f" x{inlines[key]}" if stage == "inline" else ""
        print(f"  {seconds:6.2f} s  {key[:70]}{times}")
print("compiles (each inclusive of what it compiles on the way):")
for key, seconds in spent["compile"].most_common(12):
    print(f"  {seconds:6.2f} s  {key}")
if profile:
    pstats.Stats(profile).sort_stats("tottime").print_stats(15)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="connect4", help="a game spec (connect4)")
    parser.add_argument("--profile", action="store_true", help="also profile it (slower)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        env: dict[str, Any] = {**os.environ, "NUMBA_CACHE_DIR": cache}
        command = [sys.executable, "-c", PROBE, args.game, "1" if args.profile else "0"]
        begin = time.perf_counter()
        subprocess.run(command, env=env, check=True)
        print(f"process: {time.perf_counter() - begin:.2f} s")


if __name__ == "__main__":
    main()
