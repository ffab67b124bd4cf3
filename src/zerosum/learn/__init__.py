"""Learning by self-play (the ``learn`` extra): AlphaZero's loop of play, store, train and
measure (:mod:`.trainer`), its self-play (:mod:`.selfplay`), the settings a training
folder keeps (:mod:`.config`), the solver's yardstick (:mod:`.truth`) and the learning
curve (:mod:`.curve`). The network and the tree search it trains are
:mod:`zerosum.alphazero`'s."""

from .curve import plot_curve
from .trainer import Round, Training, learn, train

__all__ = ["Round", "Training", "learn", "plot_curve", "train"]
