"""The hosting floor (``src/zerosum/hosting/``) moved out of the arena: every old path
still gives the same objects (the old sandbox host module starts the new one)."""

from __future__ import annotations

import importlib

import zerosum.arena as arena
import zerosum.hosting as hosting

MOVED = ["isolation", "sandbox", "cgroups", "standin", "lifeline", "warm"]


def test_the_old_module_paths_give_the_hosting_modules_names() -> None:
    for name in MOVED:
        old = importlib.import_module(f"zerosum.arena.{name}")
        new = importlib.import_module(f"zerosum.hosting.{name}")
        assert old.__all__ == new.__all__, name
        for public in new.__all__:
            assert getattr(old, public) is getattr(new, public), (name, public)
    old_isolation = importlib.import_module("zerosum.arena.isolation")
    assert old_isolation._serve is hosting.isolation._serve  # private names are forwarded
    assert old_isolation.limit_memory is hosting.isolation.limit_memory


def test_the_arena_keeps_its_public_names_and_its_executors_the_pools() -> None:
    from zerosum.arena import executors
    from zerosum.hosting import pools

    assert arena.Isolated is hosting.Isolated
    assert arena.prepare_agent is hosting.calls.prepare_agent
    assert arena.agent_name is hosting.calls.agent_name
    for name in ("Pool", "open_pool", "check_scheduler", "first_finished", "BATCH_SECONDS"):
        assert getattr(executors, name) is getattr(pools, name)


def test_the_old_sandbox_host_module_runs_the_new_one() -> None:
    from zerosum.arena import sandbox_host as old
    from zerosum.hosting import sandbox_host as new

    assert old.main is new.main
