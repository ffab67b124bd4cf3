"""Play inside Jupyter: a board widget clicked in a notebook's output.

``zs.play_widget("connect4", opponent="alphabeta:depth=4")`` (or
:class:`zerosum.notebook.Board`) shows the game's own drawing, plays the computer's
answer in the background, and says what the computer thought and, before your move,
what each move leads to, as the web page does. It needs ``anywidget``
(``pip install 'zerosum[notebook]'``); ``import zerosum`` does not import it.
"""

from .board import Board

__all__ = ["Board"]
