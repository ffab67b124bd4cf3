"""numba's cache folder: beside the code, else the user's, else a private temporary one."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from zerosum.kernels import cache


def unwritable(tmp_path: Path) -> Path:
    """A folder that cannot be made, even by root: its parent is a regular file."""
    (tmp_path / "file").write_text("")
    return tmp_path / "file" / "cache"


@pytest.fixture
def nowhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Neither the package's folder nor the user's cache can be written; the temporary
    folder is ``tmp_path/tmp``. numba's config is restored afterwards."""
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(cache, "IN_TREE", unwritable(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", str(unwritable(tmp_path)))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(cache.tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    config = sys.modules["numba.core.config"]
    monkeypatch.setattr(config, "CACHE_DIR", config.CACHE_DIR)
    return tmp_path / "tmp"


def test_a_writable_package_folder_keeps_numbas_own_choice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(cache, "IN_TREE", tmp_path / "__pycache__")
    cache.ensure_writable()
    assert "NUMBA_CACHE_DIR" not in os.environ


def test_with_nowhere_to_write_numba_caches_in_a_private_temporary_folder(nowhere: Path) -> None:
    cache.ensure_writable()
    folder = nowhere / f"zerosum-numba-cache-{os.getuid()}"
    assert os.environ["NUMBA_CACHE_DIR"] == str(folder)
    assert sys.modules["numba.core.config"].CACHE_DIR == str(folder)
    assert folder.stat().st_mode & 0o777 == 0o700


def test_a_folder_others_can_write_is_not_trusted(nowhere: Path) -> None:
    shared = nowhere / f"zerosum-numba-cache-{os.getuid()}"
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)
    cache.ensure_writable()
    chosen = Path(os.environ["NUMBA_CACHE_DIR"])
    assert chosen != shared and chosen.parent == nowhere and chosen.is_dir()


def test_a_cache_folder_already_named_is_kept(
    nowhere: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", "/somewhere/chosen")
    cache.ensure_writable()
    assert os.environ["NUMBA_CACHE_DIR"] == "/somewhere/chosen"
