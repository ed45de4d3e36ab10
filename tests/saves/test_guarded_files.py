"""Side files and saves read with guards: a wrong type, a pipe, a device, a huge or pathological
file never crashes, hangs or gets overwritten, and an unreadable save costs one reading."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from saves import files
from saves.files import SaveError
from saves.games import store
from saves.games.store import SaveStore
from saves.listing import folder as folder_listing
from saves.paths import listing_cache_path, settings_path
from saves.shared.settings import SettingsStore
from tests.conftest import fixed_clock
from tests.support.toy import TALLY, TallySetup

ROOT = Path(__file__).resolve().parents[2]
DEEP_KEY = "format = 1\n" + ".".join(["k"] * 30_000) + " = 1\n"
"""A 60 KB file that took Python's TOML reader 15 s."""


@dataclass(frozen=True)
class Cards:
    level: int


def settings_file(home: Path, text: str) -> Path:
    path = settings_path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    "text",
    [
        "format = 1\npreferences = 5\n",
        "format = 1\ncards = 3\n",
        'format = "1"\n',
        "format = 1979-05-27T07:32:00+23:59\n",
    ],
)
def test_settings_of_the_wrong_shape_give_defaults_and_are_kept(
    companion_home: Path, text: str
) -> None:
    path = settings_file(companion_home, text)
    settings = SettingsStore(companion_home)
    assert settings.problem is not None and "settings.toml" in settings.problem
    assert settings.preference("theme", "textual-dark") == "textual-dark"
    assert settings.remembered("cavendish", Cards, Cards(1)) == Cards(1)
    assert settings.set_preference("theme", "nord") is False
    assert settings.remember("cavendish", Cards(4)) is False
    assert path.read_text() == text


def test_an_extreme_date_as_a_preference_falls_back(companion_home: Path) -> None:
    settings_file(companion_home, "format = 1\n[preferences]\ntheme = 0001-01-01T00:00:00+23:59\n")
    assert SettingsStore(companion_home).preference("theme", "textual-dark") == "textual-dark"


def fifo_at(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def test_a_settings_pipe_device_or_huge_file_is_never_opened_nor_replaced(
    companion_home: Path,
) -> None:
    path = fifo_at(settings_path(companion_home))
    settings = SettingsStore(companion_home)  # would block for ever if the pipe were opened
    assert settings.problem is not None and "not a file" in settings.problem
    assert settings.set_preference("theme", "nord") is False
    assert path.is_fifo()
    path.unlink()
    path.symlink_to("/dev/zero")
    assert "not a file" in (SettingsStore(companion_home).problem or "")
    path.unlink()
    with path.open("wb") as handle:
        handle.truncate(2 * 1024 * 1024)  # sparse: 2 MiB of nothing
    assert "larger than 1 MiB" in (SettingsStore(companion_home).problem or "")


def test_a_failed_settings_write_is_said_in_one_line_and_keeps_the_file(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = SettingsStore(companion_home)
    assert settings.set_preference("theme", "nord")
    path = settings_path(companion_home)
    before = path.read_bytes()
    said: list[str] = []
    settings.report = said.append

    def watching(*_args: object) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(os, "replace", watching)
    assert settings.set_preference("theme", "dracula") is False
    assert settings.remember("cavendish", Cards(2)) is False
    assert said == ["Could not save settings.toml: Read-only file system"] * 2
    assert path.read_bytes() == before
    assert sorted(p.name for p in companion_home.iterdir()) == ["locks", "settings.toml"]  # no temp


def run_listing(home: Path) -> subprocess.CompletedProcess[str]:
    """List in another process, so that a hang is a failure and not a stuck test run."""
    code = (
        "import sys; from pathlib import Path; from saves.games.store import SaveStore; "
        "print(SaveStore(Path(sys.argv[1])).listing())"
    )
    return subprocess.run(
        [sys.executable, "-c", code, str(home)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=30,
    )


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero", "link to a fifo"])
def test_a_listing_cache_that_is_not_a_file_is_never_opened(
    companion_home: Path, tmp_path: Path, kind: str
) -> None:
    cache = listing_cache_path(companion_home)
    (companion_home / "games").mkdir(parents=True)
    (companion_home / "games" / "x.toml").write_text("not a game")
    if kind == "fifo":
        fifo_at(cache)
    else:
        target = "/dev/zero" if kind == "link to /dev/zero" else fifo_at(tmp_path / "pipe")
        cache.symlink_to(target)
    result = run_listing(companion_home)
    assert result.returncode == 0, result.stderr
    assert cache.is_fifo() or cache.is_symlink()  # not replaced by a rebuilt cache


@pytest.mark.parametrize(
    "text",
    [
        "format = 1\nsaves = 3\nunreadable = 5\n",
        'format = "x"\n',
        "[saves.'a.toml']\nupdated = 0001-01-01T00:00:00+23:59\n",
        DEEP_KEY,
    ],
)
def test_a_listing_cache_of_the_wrong_shape_is_rebuilt(companion_home: Path, text: str) -> None:
    saves = SaveStore(companion_home, fixed_clock, games={"tally": TALLY})
    saved = saves.create(TALLY, TallySetup())
    listing_cache_path(companion_home).write_text(text)
    entries, unreadable = saves.listing()
    assert [e.id for e in entries] == [saved.id] and unreadable == []
    assert saved.id in listing_cache_path(companion_home).read_text()


def test_a_cached_entry_at_the_edge_of_the_calendar_is_not_trusted(companion_home: Path) -> None:
    saves = SaveStore(companion_home, fixed_clock, games={"tally": TALLY})
    saved = saves.create(TALLY, TallySetup())
    saves.listing()
    cache = listing_cache_path(companion_home)
    text = cache.read_text()
    edge = text.replace("2026-11-29T12:00:00+00:00", "0001-01-01T00:00:00+23:59")
    assert edge != text
    cache.write_text(edge)
    assert [e.updated for e in saves.listing()[0]] == [saved.updated]


def test_leftovers_beside_the_side_files_are_cleaned(companion_home: Path) -> None:
    saves = SaveStore(companion_home, fixed_clock, games={"tally": TALLY})
    saves.create(TALLY, TallySetup())
    old = time.time() - 2 * files.STALE_TEMP_SECONDS
    leftovers = [
        companion_home / ".settings.toml.abc123.tmp",
        companion_home / ".listing-cache.toml.x_y.tmp",
        companion_home / "exports" / ".tally-1.md.q1w2e3.tmp",
    ]
    for leftover in leftovers:
        leftover.parent.mkdir(exist_ok=True)
        leftover.write_text("half")
        os.utime(leftover, (old, old))
    saves.listing()
    assert not any(leftover.exists() for leftover in leftovers)


def test_a_deep_dotted_key_is_refused_at_once_with_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(DEEP_KEY)
    parsed: list[str] = []
    monkeypatch.setattr(files.tomllib, "loads", lambda text, **_: parsed.append(text) or {})
    with pytest.raises(SaveError, match="dotted key of more than 64 parts") as caught:
        files.read_toml(path)
    assert parsed == []  # refused before Python's TOML reader, which took 15 s over it
    assert caught.value.line == 2


def test_a_save_over_the_size_limit_is_reported_without_being_read(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = SaveStore(companion_home, fixed_clock, games={"tally": TALLY})
    saves.folder.mkdir(parents=True)
    huge = saves.folder / "huge.toml"
    with huge.open("wb") as handle:
        handle.truncate(files.MAX_FILE_BYTES + 1)
    opened: list[Path] = []
    for module in (store, folder_listing):
        monkeypatch.setattr(module, "read_file", lambda path, **_: opened.append(path))
    _entries, unreadable = saves.listing()
    assert opened == []
    assert unreadable[0].reason == "larger than 8 MiB: not read"


def shrunk_fstat(monkeypatch: pytest.MonkeyPatch, by: int) -> None:
    """Make `os.fstat` report files `by` bytes smaller than they are: as if each one grew between
    the size being taken and the bytes being read."""
    real = os.fstat

    def fstat(descriptor: int) -> os.stat_result:
        status = real(descriptor)
        fields = list(status)
        fields[6] = max(0, status.st_size - by)
        return os.stat_result(fields)

    monkeypatch.setattr(os, "fstat", fstat)


@pytest.mark.parametrize("size", [0, 10, 200_000])
def test_a_file_that_grew_after_its_size_was_taken_is_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: int
) -> None:
    """The read asks for the size `fstat` gave (not 8 MiB at once), then reads on to the end."""
    path = tmp_path / "grown.toml"
    content = bytes(range(256)) * (size // 256) + b"x" * (size % 256)
    path.write_bytes(content)
    shrunk_fstat(monkeypatch, by=100_000)
    assert files.read_file(path)[0] == content
    assert files.read_file(str(path), identified=True)[0] == content


def test_a_file_that_grew_past_the_limit_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "grown.toml"
    path.write_bytes(b"x" * 5000)
    shrunk_fstat(monkeypatch, by=4000)
    with pytest.raises(SaveError, match="larger than 4 KiB") as caught:
        files.read_file(str(path), limit=4096)
    assert caught.value.path == path


def test_a_file_read_by_its_path_as_text_is_named_by_a_path_when_refused(tmp_path: Path) -> None:
    for where, problem in [(tmp_path / "gone.toml", "no such file"), (tmp_path, "a folder")]:
        with pytest.raises(SaveError, match=problem) as caught:
            files.read_file(str(where))
        assert caught.value.path == where


def count_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the saves the store reads from now on (to load them or to list them)."""
    reads: list[str] = []
    original = store.read_file

    def counted(path: Path | str, *args: Any, **options: Any) -> Any:
        reads.append(Path(path).name)
        return original(path, *args, **options)

    monkeypatch.setattr(store, "read_file", counted)
    monkeypatch.setattr(folder_listing, "read_file", counted)
    return reads


def test_an_unreadable_save_is_read_once_until_it_changes(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = SaveStore(companion_home, fixed_clock, games={"tally": TALLY})
    good = saves.create(TALLY, TallySetup())
    bad = saves.folder / "deep.toml"
    bad.write_text(DEEP_KEY)
    first = saves.listing()
    reads = count_reads(monkeypatch)
    for _start in range(3):
        assert SaveStore(companion_home, fixed_clock, games={"tally": TALLY}).listing() == first
    assert "deep.toml" not in reads and reads.count(f"{good.id}.toml") == 3
    assert "dotted key" in first[1][0].reason
    bad.write_text("format = 1\n")  # changed: read again, with its new verdict
    _entries, unreadable = saves.listing()
    assert reads[-2:] == ["deep.toml", f"{good.id}.toml"]
    assert "'game' is missing" in unreadable[0].reason


@pytest.mark.parametrize("text", ["format = 1\ncards = 3\n", "format = 1\npreferences = 5\n"])
def test_companion_score_beside_damaged_settings_uses_the_defaults(
    companion_home: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    from companion import cli

    settings_file(companion_home, text)
    board = ROOT / "tests" / "six_sojourns" / "data" / "full_board.toml"
    assert cli.main(["score", "six-sojourns", str(board)]) == 0
    assert capsys.readouterr().out
    assert settings_path(companion_home).read_text() == text
