"""Full and read-only disks under every writer: the failure is said, the previous file stays
whole, nothing half-written or empty is left behind, and the app goes on.

The default run injects the errors (ENOSPC, EROFS) at each stage of a write; the slow run, as
root, fills a real 64 KiB tmpfs and then remounts it read-only.
"""

from __future__ import annotations

import errno
import os
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from saves.files import SaveError
from saves.games.store import SaveStore
from saves.shared.settings import SettingsStore
from tests.conftest import fixed_clock
from tests.support.samples import install_sample
from tests.support.saving import record_played
from tests.support.toy import TALLY, Add, TallySetup
from widgets.play.game_screen import GameScreen

GAMES = {TALLY.id: TALLY}
ERRORS = {"full": errno.ENOSPC, "read-only": errno.EROFS}
STAGES = ["temp file", "sync", "replace"]


def inject(monkeypatch: pytest.MonkeyPatch, stage: str, code: int) -> None:
    """Make every write fail at `stage` with `code`, as a full or read-only disk does."""

    def fail(*_args: object, **_kwargs: object) -> Any:
        raise OSError(code, os.strerror(code))

    targets = {
        "temp file": [(tempfile, "mkstemp")],
        "sync": [(os, "fsync")],
        "replace": [(os, "replace"), (os, "link")],  # a new game is published by a hard link
    }
    for module, name in targets[stage]:
        monkeypatch.setattr(module, name, fail)


def everything(home: Path) -> dict[str, bytes]:
    """Every file under `home` and its bytes, but the lock files (empty, made when first needed,
    never deleted)."""
    return {
        str(path.relative_to(home)): path.read_bytes()
        for path in sorted(home.rglob("*"))
        if path.is_file() and path.parent.name != "locks"
    }


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("trouble", ERRORS)
def test_every_write_fails_cleanly(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch, stage: str, trouble: str
) -> None:
    store = SaveStore(companion_home, fixed_clock, games=GAMES)
    saved = store.create(TALLY, TallySetup(limit=100))
    settings = SettingsStore(companion_home)
    assert settings.set_preference("theme", "nord")
    store.listing()
    before = everything(companion_home)
    inject(monkeypatch, stage, ERRORS[trouble])
    saved.session.do(Add(0, 1))
    appends = [lambda: record_played(store, saved)] if stage == "sync" else []  # no temp file
    for write in (
        *appends,
        lambda: store.save_copy(saved),
        lambda: store.create(TALLY, TallySetup()),
        lambda: store.export(saved, "md", "# Tally\n"),
    ):
        with pytest.raises(OSError) as caught:
            write()
        assert caught.value.errno == ERRORS[trouble]
    said: list[str] = []
    settings.report = said.append
    assert settings.set_preference("theme", "dracula") is False
    assert said == [f"Could not save settings.toml: {os.strerror(ERRORS[trouble])}"]
    assert store.listing()[0][0].id == saved.id  # a cache that cannot be written is skipped
    assert everything(companion_home) == before  # no temp file, no empty file, no exports/
    monkeypatch.undo()
    record_played(store, saved)  # the disk is back: the step is appended
    assert store.load(saved.id).session.actions == [Add(0, 1)]


@pytest.mark.parametrize("trouble", ERRORS)
def test_a_record_the_disk_refuses_leaves_the_file_as_it_was(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch, trouble: str
) -> None:
    store = SaveStore(companion_home, fixed_clock, games=GAMES)
    saved = store.create(TALLY, TallySetup(limit=100))
    path = store.path_for(saved.id)
    before = path.read_bytes()

    def fail(*_args: object) -> int:
        raise OSError(ERRORS[trouble], os.strerror(ERRORS[trouble]))

    monkeypatch.setattr(os, "pwrite", fail)
    saved.session.do(Add(0, 1))
    with pytest.raises(OSError) as caught:
        record_played(store, saved)
    assert caught.value.errno == ERRORS[trouble]
    assert path.read_bytes() == before and saved.revision == 0
    monkeypatch.undo()
    record_played(store, saved)
    assert store.load(saved.id).session.actions == [Add(0, 1)]


async def test_the_app_opens_a_game_where_no_lock_can_be_made(
    make_test_app: Any, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install_sample(companion_home, "time-bastards")
    app = make_test_app()

    def watching(_save_id: str, deadline: float = 0) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, GameScreen) and not screen.watch_only
        before = screen.session.state
        monkeypatch.setattr(app.store, "game_lock", watching)
        await pilot.press("ctrl+z")
        await pilot.pause()
        line = str(app.screen.query_one("#not-saved", Static).render())
        assert "Not saved (" in line and os.strerror(errno.EROFS) in line
        assert app.screen is screen and screen.session.state == before  # not made


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 KiB tmpfs, mounted for the test (root only)."""
    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount_point)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=False)


@pytest.mark.slow
def test_a_real_disk_filling_up_then_turning_read_only(tiny_disk: Path) -> None:
    home = tiny_disk / "home"
    store = SaveStore(home, fixed_clock, games=GAMES)
    saved = store.create(TALLY, TallySetup(players=("A" * 80,), limit=10**9))
    settings = SettingsStore(home)
    kept = 0
    with pytest.raises(OSError) as caught:
        while True:
            saved.session.do(Add(0, 1))
            record_played(store, saved)
            kept = len(saved.session.actions)
    assert caught.value.errno == errno.ENOSPC
    assert len(store.load(saved.id).session.actions) == kept  # the last good save, whole
    with pytest.raises(OSError):
        store.export(saved, "md", "x" * 100_000)
    assert not (home / "exports").exists()
    assert settings.remember("tally", TallySetup(players=("B" * 70_000,))) is False
    assert settings.file.failure is not None
    leftovers = [p.name for p in store.folder.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []
    subprocess.run(["mount", "-o", "remount,ro", str(tiny_disk)], check=True)
    with pytest.raises(OSError) as caught:
        record_played(store, saved)
    assert caught.value.errno == errno.EROFS
    with pytest.raises((OSError, SaveError)):
        store.create(TALLY, TallySetup())
    assert len(store.load(saved.id).session.actions) == kept
    entries, unreadable = store.listing()
    assert [e.id for e in entries] == [saved.id] and unreadable == []
