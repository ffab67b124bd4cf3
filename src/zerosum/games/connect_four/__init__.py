"""Connect Four, in one folder: the game (:mod:`.game`), its compiled rules (:mod:`.rules`),
its exact solver (:mod:`.solver`), its state-space counter (:mod:`.space`), the 7x6 opening
book (:mod:`.book`) and batch solving (:mod:`.batch`).

Importing the package loads the game alone; the compiled parts load when first used.
"""

from .game import ConnectFour, ConnectFourState

__all__ = ["ConnectFour", "ConnectFourState"]
