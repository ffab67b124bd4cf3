"""The ``zerosum learn`` command: train a network by self-play (the optional ``learn``
extra), in a folder that a second run of the same command resumes."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from ..game import ZerosumError
from ..games import load_game
from .types import plies, positive_float, positive_int, scheduler, widths

__all__ = ["add_learn_command"]

#: What a user without the extra is told.
NEEDS_EXTRA = "zerosum learn needs the learn extra: pip install 'zerosum[learn]' ({reason})"


def cmd_learn(args: argparse.Namespace) -> int:
    try:
        from ..learn.config import LearnConfig
        from ..learn.trainer import train
    except ImportError as exc:
        raise ZerosumError(NEEDS_EXTRA.format(reason=exc)) from None
    game = load_game(args.game)
    spec = getattr(game, "spec", None)
    # an option not given keeps LearnConfig's default
    given = {name: getattr(args, name) for name in ("hidden", "buffer") if getattr(args, name)}
    config = LearnConfig(
        game=spec if isinstance(spec, str) else args.game,
        simulations=args.simulations,
        games=args.games,
        random_plies=args.random_plies,
        seed=args.seed,
        **given,
    )
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise ZerosumError(f"--out {args.out}: not a folder")
    # Ctrl-C or SIGTERM stops between two writes: every file is replaced whole.
    train(game, config, out, args.minutes, workers=args.workers, scheduler=args.scheduler,
          say=lambda line: print(line, flush=True))  # fmt: skip
    print(f"model in {out}: play it with alphazero:model={args.out}")
    return 0


def add_learn_command(commands: Any) -> None:
    """Add ``learn`` to the CLI's subcommands."""
    p = commands.add_parser(
        "learn", help="train an AlphaZero-style agent by self-play (needs zerosum[learn])"
    )
    p.add_argument("game", help="game spec, e.g. tictactoe or connect4:width=5,height=4")
    p.add_argument("--out", required=True, metavar="DIR", help="the training's folder")
    p.add_argument("--minutes", type=positive_float, default=3.0,
                   help="minutes to train in all, over every run in DIR (3)")  # fmt: skip
    p.add_argument("--simulations", type=positive_int, default=48,
                   help="tree search simulations per self-play move (48)")  # fmt: skip
    p.add_argument("--games", type=positive_int, default=64,
                   help="self-play games per round (64)")  # fmt: skip
    p.add_argument("--random-plies", type=plies, default=0, metavar="N",
                   help="open each self-play game with 0 to N random moves, so the network "
                   "also learns positions its own play never reaches (0)")  # fmt: skip
    p.add_argument("--hidden", type=widths, metavar="W,W",
                   help="the network's hidden layer widths (128,128); a bigger board may "
                   "want wider ones")  # fmt: skip
    p.add_argument("--buffer", type=positive_int, metavar="N",
                   help="positions kept to learn from, the latest (20000); a bigger game "
                   "wants more, lest the network forget what it learned")  # fmt: skip
    p.add_argument("--seed", type=int, default=0, help="seed (0)")
    p.add_argument("--workers", type=positive_int, default=os.cpu_count() or 1,
                   help="self-play processes (all cores); 1 plays in this process")  # fmt: skip
    p.add_argument("--scheduler", type=scheduler, metavar="ADDR",
                   help="self-play on a Dask scheduler, tcp://host:8786")  # fmt: skip
    p.set_defaults(run=cmd_learn)
