"""The policy and value network, and the model folder it is saved in.

A small fully connected network (two hidden layers by default): from an encoded state
it gives a logit per action index (the policy, masked to the legal actions by its user)
and a value in [-1, 1] for the player to move. Small boards need nothing bigger, and
on a laptop's CPU a small network evaluates a position in tens of microseconds.

A model folder holds ``model.json`` (the game's spec, the encoding's sizes and the
network's shape) and ``weights.pt`` (the weights), so an agent rebuilds the network with
no training code.
"""

from __future__ import annotations

import io
import json
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

from ..files import write_file
from .models import MODEL_FILE

__all__ = ["NetShape", "PolicyValueNet", "save_model", "load_model", "MODEL_FILE"]

#: A network this small runs fastest on one thread (ten times faster per position than on
#: torch's default pool here); zerosum runs in parallel by processes instead.
torch.set_num_threads(1)

WEIGHTS_FILE = "weights.pt"


@dataclass(frozen=True)
class NetShape:
    """What rebuilds a network: the game's spec, input and policy sizes, hidden widths."""

    game: str
    inputs: int
    actions: int
    hidden: tuple[int, ...] = (128, 128)


class PolicyValueNet(nn.Module):
    """Encoded states in, ``(policy logits, value)`` out."""

    def __init__(self, shape: NetShape) -> None:
        super().__init__()
        self.shape = shape
        layers: list[nn.Module] = []
        width = shape.inputs
        for hidden in shape.hidden:
            layers += [nn.Linear(width, hidden), nn.ReLU()]
            width = hidden
        self.body = nn.Sequential(*layers)
        self.policy = nn.Linear(width, shape.actions)
        self.value = nn.Linear(width, 1)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body(x)
        return self.policy(h), torch.tanh(self.value(h)).squeeze(-1)

    @torch.inference_mode()
    def predict(
        self, encoded: npt.NDArray[np.float32]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """Policy logits and values of a batch of encoded states, as numpy arrays."""
        logits, values = self(torch.from_numpy(encoded))
        return logits.numpy(), values.numpy()

    def weights(self) -> bytes:
        """The weights as bytes (sent to self-play workers)."""
        buffer = io.BytesIO()
        torch.save(self.state_dict(), buffer)
        return buffer.getvalue()

    def load_weights(self, data: bytes) -> None:
        self.load_state_dict(torch.load(io.BytesIO(data), weights_only=True))


def save_model(net: PolicyValueNet, folder: Path) -> None:
    """Write ``net`` to ``folder`` (made if missing); each file is replaced whole."""
    folder.mkdir(parents=True, exist_ok=True)
    weights = net.weights()
    write_file(folder / WEIGHTS_FILE, lambda f: f.write(weights), binary=True)
    shape = json.dumps(asdict(net.shape), indent=1) + "\n"
    write_file(folder / MODEL_FILE, lambda f: f.write(shape))


def load_model(folder: Path) -> PolicyValueNet:
    """The network saved in ``folder``."""
    shape = json.loads((folder / MODEL_FILE).read_text())
    net = PolicyValueNet(NetShape(**{**shape, "hidden": tuple(shape["hidden"])}))
    net.load_weights((folder / WEIGHTS_FILE).read_bytes())
    net.eval()
    return net
