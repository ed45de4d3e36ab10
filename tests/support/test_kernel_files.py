"""The kernel's modules found once (tests/support/kernel_files.py) are the ones a fresh walk
finds, and a test that points the stamps at other folders still sees a module it adds."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves.listing import stamps
from tests.support.kernel_files import found_once


def test_the_list_found_once_is_the_walks_and_is_found_once() -> None:
    walks: list[int] = []

    def walk() -> list[Path]:
        walks.append(1)
        return [Path("a.py"), Path("b.py")]

    kernel_files = found_once(walk, stamps.kernel_folders())
    first = kernel_files()
    first.append(Path("changed by a caller.py"))
    assert kernel_files() == [Path("a.py"), Path("b.py")]
    assert len(walks) == 1


def test_the_installed_list_is_what_a_fresh_walk_finds() -> None:
    assert stamps.kernel_files.__module__ == "tests.support.kernel_files"
    own = stamps.kernel_folders()
    fresh = sorted(path for folder in own for path in folder.rglob("*.py"))
    assert set(stamps.kernel_files()) <= set(fresh)
    assert Path(stamps.__file__) in stamps.kernel_files()


def test_other_folders_are_walked_every_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folders = stamps.kernel_folders()
    monkeypatch.setattr(stamps, "kernel_folders", lambda: (*folders, tmp_path))
    before = stamps.kernel_files()
    (tmp_path / "added.py").write_text("")
    assert tmp_path / "added.py" in stamps.kernel_files()
    assert tmp_path / "added.py" not in before
