"""What a training is: the game and the settings that shape what it learns. A training
folder keeps them in ``config.json``; resuming with other ones is refused, since the
checkpoint would then mean something else. The time budget is not part of it: the same
training may be given more minutes."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from ..files import write_file
from ..game import ZerosumError

__all__ = ["CONFIG_FILE", "LearnConfig", "check_folder_config"]

CONFIG_FILE = "config.json"


@dataclass(frozen=True)
class LearnConfig:
    """The game (its spec) and the training's settings.

    ``simulations`` per self-play move; ``games`` played per round, then ``train_passes``
    passes of ``batch``-sized steps over that round's new positions, drawn from the last
    ``buffer`` positions; ``explore_plies``: plies whose moves are drawn by visits;
    ``random_plies``: at most this many random moves open each game, unrecorded
    (:func:`zerosum.learn.selfplay.random_opening`).
    """

    game: str
    simulations: int = 48
    games: int = 64
    batch: int = 128
    buffer: int = 20_000
    train_passes: float = 2.0
    learning_rate: float = 2e-3
    hidden: tuple[int, ...] = (128, 128)
    explore_plies: int = 4
    random_plies: int = 0
    noise: float = 0.25
    seed: int = 0

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str) -> LearnConfig:
        given: dict[str, object] = json.loads(text)
        known = {f.name for f in fields(cls)}
        values = {
            k: (tuple(v) if isinstance(v, list) else v) for k, v in given.items() if k in known
        }
        return cls(**values)  # type: ignore[arg-type]  # checked by the comparison that follows


def check_folder_config(folder: Path, config: LearnConfig) -> bool:
    """Whether ``folder`` holds a training of ``config`` to resume (True), or none yet
    (False, the config written); refuses a folder holding another game's or settings'."""
    path = folder / CONFIG_FILE
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        text = config.to_json()
        write_file(path, lambda f: f.write(text))
        return False
    try:
        kept = LearnConfig.from_json(path.read_text())
    except (ValueError, TypeError) as exc:
        raise ZerosumError(f"{path}: not a training's config ({exc})") from None
    if kept != config:
        differ = [
            f"{f.name} {getattr(kept, f.name)!r} (asked: {getattr(config, f.name)!r})"
            for f in fields(LearnConfig)
            if getattr(kept, f.name) != getattr(config, f.name)
        ]
        raise ZerosumError(
            f"{folder} holds another training: {', '.join(differ)}; "
            "use another --out folder, or the same settings to resume it"
        )
    return True
