"""AlphaZero's loop: play, store, train, measure, and again until the time is spent.

A training lives in one folder: ``config.json`` (what is trained), ``model.json`` and
``weights.pt`` (the latest network: an ``alphazero:model=DIR`` agent plays it, even while
the training runs), ``checkpoint.pt`` (the network, the optimiser, the last positions and
the counters, replaced whole after every round), ``journal.jsonl`` (a line per round)
and ``curve.png`` (the learning curve, redrawn every :data:`CURVE_SECONDS` and after the
last round). The same command run again resumes from the
last checkpoint, after a stop or a ``kill -9``; the minutes are counted over all runs.
"""

from __future__ import annotations

import io
import json
import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch

from ..alphazero.encoding import Encoding, encoding_for
from ..alphazero.mcts import Settings
from ..alphazero.network import NetShape, PolicyValueNet, save_model
from ..files import write_file
from ..game import Action, Game, State, game_name
from ..hosting.pools import Pool, open_pool
from ..progress_line import duration
from .config import LearnConfig, check_folder_config
from .selfplay import Samples, self_play
from .truth import Truths, solve_positions

__all__ = ["Round", "Training", "learn", "train"]

CHECKPOINT_FILE = "checkpoint.pt"
JOURNAL_FILE = "journal.jsonl"
CURVE_FILE = "curve.png"
#: The plies of the fixed positions a training is measured on: `zerosum grade`'s default.
TRUTH_PLIES = (0, 8)
#: The fixed opponents the search is rated against: agents that play every game.
OPPONENTS = ("random", "mcts:iterations=200")
#: Games against each opponent when rated, half with each side first.
RATING_GAMES = 8
#: Seconds between two drawings of the curve while training: drawing it takes about
#: 0.6 s, longer than a round of a small game (tic-tac-toe's rounds at ``--games 8`` took
#: 0.1 s: drawn after each, 1.2 s of rounds took 9.4 s).
CURVE_SECONDS = 30.0


@dataclass(frozen=True)
class Round:
    """One round's line in the journal: totals so far, this round's losses, the share of
    the fixed positions whose value the network's first choice (``policy_kept``) and its
    search (``search_kept``) keep, when measured, and, when rated, the search's score
    (points a game) against each of :data:`OPPONENTS`."""

    round: int
    games: int
    positions: int
    seconds: float
    policy_loss: float
    value_loss: float
    policy_kept: float | None = None
    search_kept: float | None = None
    scores: dict[str, float] | None = None


@dataclass
class Training:
    """The state a checkpoint keeps besides the network and the optimiser."""

    rounds: int = 0
    games: int = 0
    positions: int = 0
    seconds: float = 0.0
    journal: list[Round] = field(default_factory=list)


def train(
    game: Game[State, Action],
    config: LearnConfig,
    out: Path,
    minutes: float,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    say: Callable[[str], None] = print,
    measure_every: int = 4,
    rate_every: int = 16,
    truth_positions: int = 100,
    on_round: Callable[[Training], None] | None = None,
) -> Training:
    """Train on ``game`` for ``minutes`` in all (this run and earlier ones in ``out``);
    ``say`` gets a progress line and ``on_round`` the training after each round. The
    solver's positions are measured every ``measure_every`` rounds and the fixed
    opponents played every ``rate_every`` (from the first round on; 0: never)."""
    torch.manual_seed(config.seed)
    encoding = encoding_for(game)
    shape = NetShape(config.game, encoding.size, encoding.actions, config.hidden)
    net = PolicyValueNet(shape)
    optimiser = torch.optim.AdamW(net.parameters(), lr=config.learning_rate, weight_decay=1e-4)
    resuming = check_folder_config(out, config)
    progress = Training()
    buffer: Samples | None = None
    if resuming and (out / CHECKPOINT_FILE).exists():
        progress, buffer = _load_checkpoint(out / CHECKPOINT_FILE, net, optimiser)
        say(f"resumed {out} at round {progress.rounds}: {progress.games:,} games, "
            f"{duration(progress.seconds)} trained")  # fmt: skip
    budget = minutes * 60.0
    if progress.seconds >= budget:
        say(f"{out} has trained {duration(progress.seconds)} already; give more --minutes to go on")
        return progress
    truths = solve_positions(game, truth_positions, TRUTH_PLIES, config.seed)
    settings = Settings(config.simulations, noise=config.noise)
    curve = _Curve(out / CURVE_FILE)
    with open_pool(workers, scheduler) as pool:
        while progress.seconds < budget:
            start = time.perf_counter()
            samples = _play_round(pool, game, encoding, net, settings, config, progress.rounds)
            buffer = samples if buffer is None else _keep_last(Samples.join([buffer, samples]),
                                                               config.buffer)  # fmt: skip
            steps = max(1, math.ceil(config.train_passes * len(samples) / config.batch))
            losses = _train_steps(net, optimiser, buffer, steps, config.batch, progress.rounds)
            progress.rounds += 1
            progress.games += samples.games
            progress.positions += len(samples)
            measured = _due(progress.rounds, measure_every)
            kept = _measure(game, encoding, net, truths, settings) if measured else (None, None)
            rated = _due(progress.rounds, rate_every)
            scores = _rate(game, encoding, net, settings, progress.rounds) if rated else None
            progress.seconds += time.perf_counter() - start
            line = Round(progress.rounds, progress.games, progress.positions,
                         round(progress.seconds, 2), *losses, policy_kept=kept[0],
                         search_kept=kept[1], scores=scores)  # fmt: skip
            progress.journal.append(line)
            _save(out, net, optimiser, progress, buffer, line)
            curve.draw(progress.journal, last=False)
            say(_progress_line(line, progress, budget))
            if on_round is not None:
                on_round(progress)
    curve.draw(progress.journal, last=True)
    return progress


class _Curve:
    """The training's ``curve.png``: redrawn after a round when :data:`CURVE_SECONDS` have
    passed since it was last drawn, and after the last round if it is not drawn yet."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.drawn_at = -math.inf  # time.monotonic() of the last drawing
        self.rounds = 0  # rounds it showed

    def draw(self, journal: list[Round], *, last: bool) -> None:
        due = time.monotonic() - self.drawn_at >= CURVE_SECONDS
        if journal and len(journal) != self.rounds and (last or due):
            from .curve import plot_curve

            plot_curve(journal, self.path)
            self.drawn_at, self.rounds = time.monotonic(), len(journal)


def _due(round_number: int, every: int) -> bool:
    """Whether round ``round_number`` (counted from 1) is one of those done every
    ``every`` rounds: the first, then each ``every`` after it; none when ``every`` is 0."""
    return every > 0 and (round_number - 1) % every == 0


def learn(
    game: Game[State, Action] | str,
    out: str | Path,
    minutes: float = 3.0,
    *,
    simulations: int = 48,
    games: int = 64,
    random_plies: int = 0,
    hidden: tuple[int, ...] = (128, 128),
    buffer: int = 20_000,
    seed: int = 0,
    workers: int = 1,
    scheduler: str | None = None,
    say: Callable[[str], None] = print,
    on_round: Callable[[Training], None] | None = None,
) -> Training:
    """``zerosum learn`` from Python: train ``game`` (an object or a spec) in the folder
    ``out`` for ``minutes`` in all, resuming what the folder holds; returns the training
    (its ``journal`` a :class:`Round` per round). ``on_round`` is called after each round,
    as a notebook redraws the curve (:func:`zerosum.learn.curve.plot_curve`)."""
    from ..games import load_game

    made = load_game(game) if isinstance(game, str) else game
    spec = getattr(made, "spec", None)
    name = spec if isinstance(spec, str) else game_name(made)
    config = LearnConfig(name, simulations=simulations, games=games, random_plies=random_plies,
                         hidden=hidden, buffer=buffer, seed=seed)  # fmt: skip
    return train(made, config, Path(out), minutes, workers=workers, scheduler=scheduler,
                 say=say, on_round=on_round)  # fmt: skip


def _play_round(pool: Pool, game: Game[State, Action], encoding: Encoding[State, Action],
                net: PolicyValueNet, settings: Settings, config: LearnConfig,
                round_: int) -> Samples:  # fmt: skip
    """This round's self-play, split over the pool's slots."""
    net.eval()
    if pool.slots == 1:
        return self_play(game, encoding, net.predict, settings, config.games,
                         config.explore_plies, config.seed * 100_003 + round_,
                         config.random_plies)  # fmt: skip
    weights = net.weights()
    share = -(-config.games // pool.slots)
    futures = [
        pool.executor.submit(play_job, game, net.shape, weights, settings, share,
                             config.explore_plies, (config.seed * 100_003 + round_) * 64 + slot,
                             config.random_plies)
        for slot in range(pool.slots)
    ]  # fmt: skip
    return Samples.join([f.result() for f in futures])


def play_job(game: Game[State, Action], shape: NetShape, weights: bytes, settings: Settings,
             games: int, explore_plies: int, seed: int,
             random_plies: int = 0) -> Samples:  # fmt: skip
    """Self-play in a worker process with the weights it is sent."""
    net = PolicyValueNet(shape)
    net.load_weights(weights)
    net.eval()
    return self_play(
        game, encoding_for(game), net.predict, settings, games, explore_plies, seed, random_plies
    )


def _keep_last(samples: Samples, most: int) -> Samples:
    if len(samples) <= most:
        return samples
    return Samples(samples.states[-most:], samples.policies[-most:], samples.outcomes[-most:],
                   samples.games)  # fmt: skip


def _train_steps(net: PolicyValueNet, optimiser: torch.optim.Optimizer, buffer: Samples,
                 steps: int, batch: int, seed: int) -> tuple[float, float]:  # fmt: skip
    """``steps`` steps on random batches of ``buffer``; the mean policy and value losses."""
    net.train()
    rng = np.random.default_rng(seed)
    states = torch.from_numpy(buffer.states)
    policies = torch.from_numpy(buffer.policies)
    outcomes = torch.from_numpy(buffer.outcomes)
    policy_sum = value_sum = 0.0
    for _ in range(steps):
        rows = torch.from_numpy(rng.integers(0, len(buffer), min(batch, len(buffer))))
        logits, values = net(states[rows])
        policy_loss = -(policies[rows] * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()
        value_loss = ((values - outcomes[rows]) ** 2).mean()
        optimiser.zero_grad()
        (policy_loss + value_loss).backward()
        optimiser.step()
        policy_sum += policy_loss.item()
        value_sum += value_loss.item()
    net.eval()
    return round(policy_sum / steps, 4), round(value_sum / steps, 4)


def _measure(game: Game[State, Action], encoding: Encoding[State, Action], net: PolicyValueNet,
             truths: Truths[State, Action], settings: Settings) -> tuple[float, float]:  # fmt: skip
    """The share of the fixed positions kept by the network's first choice and its search."""
    from ..alphazero.agent import network_choice, search_choice

    policy = truths.kept_share(lambda s: network_choice(game, encoding, net, s))
    searched = truths.kept_share(
        lambda s: search_choice(game, encoding, net, s, Settings(settings.simulations))
    )
    return round(policy, 4), round(searched, 4)


def _rate(game: Game[State, Action], encoding: Encoding[State, Action], net: PolicyValueNet,
          settings: Settings, seed: int) -> dict[str, float]:  # fmt: skip
    """The search's score against each of :data:`OPPONENTS`, over :data:`RATING_GAMES`
    games in this process (each couple from its own random opening)."""
    from ..alphazero.agent import search_choice
    from ..arena import match

    quiet = Settings(settings.simulations)  # no noise: it plays its best

    def learned(game_: Game[State, Action], state: State) -> Action:
        return search_choice(game_, encoding, net, state, quiet)

    scores = {}
    for opponent in OPPONENTS:
        result = match(game, learned, opponent, games=RATING_GAMES, seed=seed,
                       names=("learned", opponent))  # fmt: skip
        scores[opponent] = round(result.score or 0.0, 4)
    return scores


def _progress_line(line: Round, progress: Training, budget: float) -> str:
    rate = line.games / line.seconds if line.seconds else 0.0
    text = (f"round {line.round}: {line.games:,} games, {line.positions:,} positions, "
            f"loss {line.policy_loss + line.value_loss:.3f} (policy {line.policy_loss:.3f}, "
            f"value {line.value_loss:.3f}), {rate:.1f} games/s")  # fmt: skip
    last = next((r for r in reversed(progress.journal) if r.search_kept is not None), None)
    if last is not None:
        text += f", keeps the value {last.search_kept:.0%} (policy alone {last.policy_kept:.0%})"
    rated = next((r.scores for r in reversed(progress.journal) if r.scores), None)
    if rated:
        text += ", scores " + ", ".join(f"{s:.0%} against {o}" for o, s in rated.items())
    return text + f", {duration(max(0.0, budget - progress.seconds))} left"


def _save(out: Path, net: PolicyValueNet, optimiser: torch.optim.Optimizer,
          progress: Training, buffer: Samples, line: Round) -> None:  # fmt: skip
    """Model, checkpoint, then the journal line: a kill at any point leaves a checkpoint to
    resume from."""
    save_model(net, out)
    kept = {
        "net": net.state_dict(),
        "optimiser": optimiser.state_dict(),
        "progress": {k: v for k, v in asdict(progress).items() if k != "journal"},
        "journal": [asdict(r) for r in progress.journal],
        "buffer": _packed(buffer),
    }
    data = io.BytesIO()
    torch.save(kept, data)
    payload = data.getvalue()
    write_file(out / CHECKPOINT_FILE, lambda f: f.write(payload), binary=True)
    lines = "".join(json.dumps(asdict(r)) + "\n" for r in progress.journal)
    write_file(out / JOURNAL_FILE, lambda f: f.write(lines))


def _load_checkpoint(path: Path, net: PolicyValueNet,
                     optimiser: torch.optim.Optimizer) -> tuple[Training, Samples]:  # fmt: skip
    kept = torch.load(path, weights_only=False)
    net.load_state_dict(kept["net"])
    optimiser.load_state_dict(kept["optimiser"])
    progress = Training(**kept["progress"], journal=[Round(**r) for r in kept["journal"]])
    return progress, _unpacked(kept["buffer"])


def _packed(buffer: Samples) -> dict[str, object]:
    """The buffer as a checkpoint keeps it, small enough for a big game's many positions:
    states of -1, 0 and 1 (every built-in game's encoding) as two planes of bits, a
    quarter of a byte a value instead of four, and the policies without the action indices
    no position uses (Connect Four uses 7 of its encoding's 65)."""
    states: object = buffer.states
    if np.isin(buffer.states, (-1.0, 0.0, 1.0)).all():
        ones, minus = (np.packbits(buffer.states == v, axis=1) for v in (1.0, -1.0))
        states = {"ones": ones, "minus_ones": minus, "width": buffer.states.shape[1]}
    used = np.flatnonzero(buffer.policies.any(axis=0))
    policies = {"columns": used, "values": buffer.policies[:, used],
                "width": buffer.policies.shape[1]}  # fmt: skip
    return {"states": states, "policies": policies, "outcomes": buffer.outcomes,
            "games": buffer.games}  # fmt: skip


def _unpacked(kept: dict[str, Any]) -> Samples:
    """The buffer :func:`_packed` kept (or, from a checkpoint written before, as it was)."""
    states, policies = kept["states"], kept["policies"]
    if isinstance(states, dict):
        packed = states

        def plane(name: str) -> npt.NDArray[np.float32]:
            bits = np.unpackbits(packed[name], axis=1, count=packed["width"])
            return bits.astype(np.float32)

        # "bits": the first packed format, zeros and ones in one plane
        states = plane("bits") if "bits" in packed else plane("ones") - plane("minus_ones")
    if isinstance(policies, dict):
        values = policies["values"]
        policies = np.zeros((len(values), policies["width"]), dtype=values.dtype)
        policies[:, kept["policies"]["columns"]] = values
    return Samples(states, policies, kept["outcomes"], kept["games"])
