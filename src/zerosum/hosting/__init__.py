"""Hosting: agents in processes of their own, the sandbox, process pools and stand-ins.

The floor below both the arena (matches and tournaments) and the web page: it plays an
agent's moves in a worker process that can be killed at its deadline
(:mod:`~zerosum.hosting.isolation`), in a bubblewrap sandbox with a cgroup of its own
for a user's file (:mod:`~zerosum.hosting.sandbox`, :mod:`~zerosum.hosting.cgroups`),
lets a Python stand-in move while compiled code compiles
(:mod:`~zerosum.hosting.standin`), runs jobs on process pools or Dask
(:mod:`~zerosum.hosting.pools`), and ties every process it starts to its parent
(:mod:`~zerosum.hosting.lifeline`). What crosses to a host is named in
:mod:`~zerosum.hosting.messages`.
"""

from .isolation import AgentCrashed, AgentError, AgentHost, Answer, GameSpec, Isolated
from .messages import MoveRequest

__all__ = ["AgentHost", "Answer", "AgentCrashed", "AgentError", "GameSpec", "Isolated"]
__all__ += ["MoveRequest"]
