"""An older save (format 1) opened while the disk is full (issue 41): it is shown, saying why,
and brought up to date by itself once the disk takes it again, without reopening, so the game
plays on in the same screen. The full disk is a fake: the store's write refuses with ENOSPC
until the test gives the room back."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from companion.six_sojourns.actions import AdjustCoins
from saves.games import store as store_module
from saves.games.store import SaveStore
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.play import upgrade, words
from widgets.play.game_screen import GameScreen


@pytest.fixture
def disk_full(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """While its one value is True, every whole-file write of the games folder says the disk
    is full (and writes nothing)."""
    full = [True]
    real = store_module.write_text

    def write_text(*args: Any, **kwargs: Any) -> Any:
        if full[0]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(*args, **kwargs)

    monkeypatch.setattr(store_module, "write_text", write_text)
    monkeypatch.setattr(upgrade, "RETRY_SECONDS", 0.05)
    return full


async def test_an_older_save_refused_by_a_full_disk_plays_once_the_disk_has_room(
    make_test_app: Any, companion_home: Path, disk_full: list[bool]
) -> None:
    save_id = install_sample(companion_home, "six-sojourns")
    path = SaveStore(companion_home).path_for(save_id)
    before = path.read_bytes()
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pause_until(pilot, lambda: "tried again by itself" in screen.watch_only)
        assert os.strerror(errno.ENOSPC) in screen.watch_only
        assert screen.sub_title.endswith("(watching)")
        assert not screen.act(AdjustCoins("Ana", 1))  # shown only, for now
        assert path.read_bytes() == before
        disk_full[0] = False  # room again
        await pause_until(pilot, lambda: not screen.watch_only)
        assert app.screen is screen and screen.sub_title == screen.saved.title
        assert screen.act(AdjustCoins("Ana", 1))
        coins = screen.state.sheet.player("Ana").coins
    reopened = SaveStore(companion_home).load(save_id)
    assert reopened.format_read == 2 and reopened.position is not None
    assert reopened.session.state.sheet.player("Ana").coins == coins


def test_the_disk_is_asked_for_room_for_the_file_written_again(tmp_path: Path) -> None:
    save = tmp_path / "game.toml"
    save.write_text("x" * 1000)
    assert upgrade.has_room(save)
    tmp_path.chmod(0o500)
    try:
        assert upgrade.has_room(save) == os.access(tmp_path, os.W_OK)  # root writes anyway
    finally:
        tmp_path.chmod(0o700)


def test_the_lasting_line_says_it_will_be_tried_again() -> None:
    line = words.upgrade_retries("it could not be brought to format 2: No space left on device")
    assert "No space left on device" in line and "tried again" in line
