"""OpenSpiel's AlphaZero, trained by its own trainer, as a zerosum agent for tic-tac-toe.

Load it in any zerosum command from the virtual environment where OpenSpiel and its JAX
stack are installed (benchmarks/peers/README.md):

    zerosum grade tictactoe \\
        benchmarks/peers/openspiel_agent.py:OpenSpielAlphaZero,run=RUN,step=12 --positions 200

``run`` is the trainer's ``--path`` (its ``config.json`` says which network to build),
``step`` the checkpoint (``checkpoint-STEP``), ``simulations`` the searches a move: its own
``MCTSBot`` with its ``AlphaZeroEvaluator``, set up as its trainer's evaluation games set
it up (PUCT, no noise, no solver), or with ``simulations=0`` the network's most likely
legal move alone. A zerosum state ``(x, o, winner)`` (bitmasks of the cells 0..8, row by
row) becomes an OpenSpiel state by playing X's and O's cells alternately: OpenSpiel's
tic-tac-toe numbers its cells the same way, and its observation is the board alone, so the
order of the moves does not matter.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.algorithms.alpha_zero import evaluator as evaluator_lib
from open_spiel.python.algorithms.alpha_zero import utils


def cells(mask: int) -> list[int]:
    """The cells set in a bitmask, lowest first."""
    return [cell for cell in range(9) if mask >> cell & 1]


def to_openspiel(game: Any, state: tuple[int, int, int]) -> Any:
    """The OpenSpiel tic-tac-toe state with the same marks as zerosum's ``state``."""
    xs, os_ = cells(state[0]), cells(state[1])
    if len(xs) - len(os_) not in (0, 1):
        raise ValueError(f"not a tic-tac-toe position: {state}")
    spiel = game.new_initial_state()
    for turn in range(len(xs) + len(os_)):
        spiel.apply_action(xs[turn // 2] if turn % 2 == 0 else os_[turn // 2])
    return spiel


def load_model(run: Path, step: int) -> Any:
    """The network of ``run/checkpoint-STEP``, built as ``run/config.json`` says."""
    config = json.loads((run / "config.json").read_text())
    model = utils.api_selector(config["nn_api_version"]).Model.build_model(
        config["nn_model"],
        config["observation_shape"],
        config["output_size"],
        config["nn_width"],
        config["nn_depth"],
        config["weight_decay"],
        config["learning_rate"],
        str(run.resolve()),
        decouple_weight_decay=config["decouple_weight_decay"],
    )
    model.load_checkpoint(step)
    return model, config


class OpenSpielAlphaZero:
    """A zerosum agent ``(game, state) -> cell`` playing an OpenSpiel AlphaZero checkpoint."""

    def __init__(self, run: str, step: int, simulations: int = 100) -> None:
        self.game = pyspiel.load_game("tic_tac_toe")
        self.model, config = load_model(Path(run), step)
        self.evaluator = evaluator_lib.AlphaZeroEvaluator(self.game, self.model)
        self.simulations = simulations
        self.bot = None
        if simulations > 0:
            self.bot = mcts.MCTSBot(
                self.game,
                config["uct_c"],
                simulations,
                self.evaluator,
                solve=False,
                dirichlet_noise=None,
                child_selection_fn=mcts.SearchNode.puct_value,
                dont_return_chance_node=True,
            )

    def __call__(self, game: Any, state: tuple[int, int, int]) -> int:
        spiel = to_openspiel(self.game, state)
        if self.bot is not None:
            return int(self.bot.step(spiel))
        priors = self.evaluator.prior(spiel)
        return int(max(priors, key=lambda pair: float(pair[1]))[0])


def _check() -> None:
    """Cells map one to one: zerosum's cell numbers are OpenSpiel's actions."""
    game = pyspiel.load_game("tic_tac_toe")
    spiel = to_openspiel(game, (1 << 4 | 1 << 0, 1 << 8, 0))
    assert str(spiel).splitlines() == ["x..", ".x.", "..o"], str(spiel)
    assert np.asarray(spiel.legal_actions()).tolist() == [1, 2, 3, 5, 6, 7]


if __name__ == "__main__":
    _check()
    print("cells agree")
