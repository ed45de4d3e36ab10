"""A data folder inside a folder this user cannot enter: the shared files say so in one line (or
at the first write) and the app goes on with the defaults. Root enters any folder, so the refusal
is simulated: every look at the file raises `PermissionError`, as the kernel's EACCES would."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from saves.paths import rolls_path, settings_path
from saves.shared.rolls import RollLog
from saves.shared.settings import SettingsStore
from tests.conftest import fixed_clock


def refuse(paths: set[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """Every `stat` of these files (`Path.exists`, `os.stat`, `os.lstat`) refused."""
    for name in ("stat", "lstat"):
        real = getattr(os, name)

        def looked(target: Any, *args: Any, real: Any = real, **kwargs: Any) -> os.stat_result:
            if isinstance(target, str | os.PathLike) and Path(target) in paths:
                raise PermissionError(errno.EACCES, "Permission denied", str(target))
            status: os.stat_result = real(target, *args, **kwargs)
            return status

        monkeypatch.setattr(os, name, looked)


@pytest.fixture
def out_of_reach(companion_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The settings and roll files as a user sees them in a folder they cannot enter."""
    refuse({settings_path(companion_home), rolls_path(companion_home)}, monkeypatch)
    return companion_home


def test_settings_out_of_reach_say_why_and_use_the_defaults(out_of_reach: Path) -> None:
    with pytest.raises(PermissionError):
        settings_path(out_of_reach).exists()  # what ended the app at start
    settings = SettingsStore(out_of_reach)
    assert settings.problem is not None
    assert "cannot be read (Permission denied)" in settings.problem
    assert "\n" not in settings.problem
    assert settings.preference("theme", "textual-dark") == "textual-dark"
    assert not settings.set_preference("theme", "nord"), "not written: never over a file unseen"


def test_rolls_out_of_reach_start_empty(out_of_reach: Path) -> None:
    assert RollLog(out_of_reach, fixed_clock).rolls == []


async def test_the_app_starts_and_says_the_settings_were_not_read(
    out_of_reach: Path, make_test_app: Callable[..., Any]
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        notes = [(n.title, n.message) for n in app.notices.on_screen()]
        assert type(app.screen).__name__ == "HomeScreen"
        assert app.rolls.rolls == []
    assert any(title == "File not read" and "Permission denied" in text for title, text in notes)


async def test_the_app_starts_when_the_games_folder_cannot_be_entered(
    companion_home: Path, make_test_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from saves.paths import games_dir, recorded_dir

    refuse({games_dir(companion_home), recorded_dir(companion_home)}, monkeypatch)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"
