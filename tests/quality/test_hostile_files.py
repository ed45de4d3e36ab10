"""Damaged side files and pathological saves: the app starts with defaults, says once what is
wrong, never hangs, never rewrites the player's file, and pays for a bad save only once."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from saves import files
from saves.games.store import SaveStore
from saves.listing import folder as folder_listing
from saves.paths import listing_cache_path, settings_path
from saves.shared.settings import SettingsStore
from tests.conftest import fixed_clock
from tests.support.notes import record_notes
from tests.support.samples import install_sample
from widgets.app import APP_DEADLINE_SECONDS
from widgets.shell.home import HomeScreen

Maker = Callable[[Path, Path], None]
"""Puts something hostile at a path (the second path: a scratch folder outside the data)."""


def text(content: str) -> Maker:
    return lambda path, _scratch: path.write_text(content)


def fifo(path: Path, _scratch: Path) -> None:
    os.mkfifo(path)


def link_to(target: str) -> Maker:
    return lambda path, _scratch: path.symlink_to(target)


def link_to_fifo(path: Path, scratch: Path) -> None:
    os.mkfifo(scratch / "pipe")
    path.symlink_to(scratch / "pipe")


def link_loop(path: Path, _scratch: Path) -> None:
    path.symlink_to(path)


def folder(path: Path, _scratch: Path) -> None:
    path.mkdir()


def sparse(size: int) -> Maker:
    def make(path: Path, _scratch: Path) -> None:
        with path.open("wb") as handle:
            handle.truncate(size)

    return make


DEEP_KEY = "format = 1\n" + ".".join(["k"] * 30_000) + " = 1\n"
HOSTILE: dict[str, Maker] = {
    "preferences = 5": text("format = 1\npreferences = 5\n"),
    "cards = 3": text("format = 1\ncards = 3\n"),
    "format is text": text('format = "1"\n'),
    "format is a date": text("format = 0001-01-01T00:00:00+23:59\n"),
    "theme is a list": text("format = 1\n[preferences]\ntheme = [1, 2]\n"),
    "extreme date": text("format = 1\n[preferences]\ntheme = 9999-12-31T23:59:59-23:59\n"),
    "not UTF-8": text("format = 1\n\udcff"[:-1] + "\x00\n"),
    "deep dotted key": text(DEEP_KEY),
    "deep arrays": text("a = " + "[" * 5000 + "]" * 5000 + "\n"),
    "huge": sparse(64 * 1024 * 1024),
    "fifo": fifo,
    "link to a fifo": link_to_fifo,
    "link to /dev/zero": link_to("/dev/zero"),
    "link to /dev/null": link_to("/dev/null"),
    "link loop": link_loop,
    "folder": folder,
}


def snapshot(path: Path) -> tuple[bool, bool, bytes | None]:
    """What the player's file is, without opening anything but a small regular file."""
    is_link, is_file = path.is_symlink(), path.is_file()
    small = is_file and not is_link and path.stat().st_size < 1024 * 1024
    return is_link, is_file, path.read_bytes() if small else None


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_settings_file_gives_defaults_said_once_and_is_kept(
    companion_home: Path, tmp_path: Path, name: str
) -> None:
    """The settings as the app opens them (`SettingsStore` with the app's deadline): a damaged
    file is its one problem, naming the file, and a change is never written over it."""
    companion_home.mkdir(parents=True)
    path = settings_path(companion_home)
    HOSTILE[name](path, tmp_path)
    before = snapshot(path)
    settings = SettingsStore(companion_home, APP_DEADLINE_SECONDS)
    damaged = settings.problem is not None
    assert settings.problem is None or "settings.toml" in settings.problem
    assert settings.preference("theme", "") == ""  # the default, whatever the file holds
    settings.set_preference("theme", "nord")  # a theme chosen in the app
    if damaged:
        assert snapshot(path) == before
    else:  # a mistyped value alone falls back to its default, until the player sets it
        assert SettingsStore(companion_home).preference("theme", "") == "nord"


@pytest.mark.parametrize(("name", "damaged"), [("fifo", True), ("theme is a list", False)])
async def test_the_app_starts_beside_a_hostile_settings_file_and_says_so_once(
    make_test_app: Any, companion_home: Path, tmp_path: Path, name: str, damaged: bool
) -> None:
    """The app over a damaged file (a pipe, which a careless read would wait on for ever) and a
    mistyped one: home shows, a damaged file is said once, and a theme chosen is saved only
    where the file can take it (every hostile file: the test above)."""
    companion_home.mkdir(parents=True)
    path = settings_path(companion_home)
    HOSTILE[name](path, tmp_path)
    before = snapshot(path)
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HomeScreen)
        assert (SettingsStore(companion_home).problem is not None) is damaged
        assert sum("settings.toml" in note for note in notes) == (1 if damaged else 0)
        app.theme = "nord"
        await pilot.pause()
    if damaged:
        assert snapshot(path) == before
    else:  # a mistyped value alone falls back to its default, until the player sets it
        assert SettingsStore(companion_home).preference("theme", "") == "nord"


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_listing_cache_is_ignored_and_never_opened(
    companion_home: Path, tmp_path: Path, name: str
) -> None:
    saves = SaveStore(companion_home, fixed_clock)
    save_id = install_sample(companion_home, "time-bastards")
    path = listing_cache_path(companion_home)
    HOSTILE[name](path, tmp_path)
    before = kind_of(path)
    entries, unreadable = saves.listing()
    assert [e.id for e in entries] == [save_id] and unreadable == []
    if before == kind_of(Path(__file__)):  # a plain file: rebuilt
        assert save_id in path.read_text()
    else:  # a link, a pipe, a folder: left as it was, never opened
        assert kind_of(path) == before


def kind_of(path: Path) -> tuple[bool, bool, bool, bool]:
    """A link?, a regular file?, a folder?, a pipe? (following links, opening nothing)."""
    return path.is_symlink(), path.is_file(), path.is_dir(), path.is_fifo()


def test_pathological_saves_cost_once_and_a_bounded_amount(
    companion_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = install_sample(companion_home, "cavendish")
    games = companion_home / "games"
    for name, make in HOSTILE.items():
        make(games / f"{name.replace(' ', '-').replace('/', '')}.toml", tmp_path)
    parse = files.tomllib.loads
    parsed: list[str] = []

    def parse_counted(text: str, **options: Any) -> dict[str, Any]:
        parsed.append(text)
        return parse(text, **options)

    monkeypatch.setattr(files.tomllib, "loads", parse_counted)
    entries, unreadable = SaveStore(companion_home, fixed_clock).listing()
    good_text = (games / f"{good}.toml").read_text("utf-8")
    assert any(part and part in good_text for part in parsed)  # the listing parses it (tables)
    assert DEEP_KEY not in parsed  # refused unparsed: Python's TOML reader took 15 s over it
    assert [e.id for e in entries] == [good]
    assert len(unreadable) == len(HOSTILE)
    reads: list[str] = []
    original = folder_listing.read_file

    def counted(path: Path | str, *args: Any, **options: Any) -> Any:
        reads.append(Path(path).name)
        return original(path, *args, **options)

    monkeypatch.setattr(folder_listing, "read_file", counted)
    again = SaveStore(companion_home, fixed_clock).listing()
    assert again == (entries, unreadable)
    assert reads == [f"{good}.toml"]  # the bad files' verdicts come from the cache


async def test_the_app_starts_beside_pathological_saves(
    make_test_app: Any, companion_home: Path, tmp_path: Path
) -> None:
    install_sample(companion_home, "sojourn")
    games = companion_home / "games"
    for name in ("deep dotted key", "huge", "fifo", "link to /dev/zero", "link loop"):
        HOSTILE[name](games / f"{name.replace(' ', '-').replace('/', '')}.toml", tmp_path)
    app = make_test_app()
    async with app.run_test(size=(80, 24)):
        assert isinstance(app.screen, HomeScreen)
        assert len(app.screen.entries) == 1 and len(app.screen.unreadable) == 5


def test_the_size_limits_are_what_the_docs_say() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "save-format.md").read_text()
    assert files.MAX_FILE_BYTES == 8 * 1024 * 1024 and "8 MiB" in docs
    assert "1 MiB" in docs and f"{files.MAX_KEY_PARTS} parts" in docs
