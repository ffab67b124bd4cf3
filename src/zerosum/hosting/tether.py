"""Imported as a fork server's preload (:func:`~zerosum.hosting.lifeline.forkserver`): the
fork server then dies with the process that started it. Imported anywhere else (a doctest
run imports every module), it does nothing."""

import sys
from multiprocessing import forkserver

from .lifeline import watch_parent

# the fork server is started as ``-c "from multiprocessing.forkserver import main; main(...)"``
if getattr(sys.modules.get("__main__"), "main", None) is forkserver.main:
    watch_parent()
