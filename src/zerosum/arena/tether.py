"""Imported only as a fork server's preload (:func:`~zerosum.arena.lifeline.forkserver`):
the fork server then dies with the process that started it. Never import it elsewhere."""

from .lifeline import watch_parent

watch_parent()
