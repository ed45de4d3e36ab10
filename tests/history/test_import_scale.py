"""An import at scale: a few files of many plays each (never one file and two fsyncs per play),
many plays in one second as cheap as in one day, a full disk stopping with a count and nothing
half written, and old one-file-per-play folders still read (issue 32, item 5)."""

from __future__ import annotations

import errno
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.history.details import PlayDetails
from companion.history.recorded import RecordedPlay
from saves.games.store import SaveStore
from saves.history import batches
from saves.history.bgstats import import_file, import_report
from saves.history.plays import gather
from saves.history.recorded import RecordedStore
from saves.shared.settings import SettingsStore
from tests.support.bgstats_plays import play_file

MOMENT = datetime(2026, 11, 29, 19, 30, tzinfo=UTC)


def files_in(home: Path) -> list[str]:
    return sorted(path.name for path in (home / "recorded").iterdir())


def count_plays(home: Path) -> int:
    plays, unreadable = gather(SaveStore(home), SettingsStore(home))
    assert unreadable == []
    return len(plays)


def test_thousands_of_plays_in_one_second_come_in_as_one_file(
    companion_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writes: list[Path] = []
    real = batches.write_temp

    def counted(beside: Path, text: str) -> Path:
        writes.append(beside)
        return real(beside, text)

    monkeypatch.setattr(batches, "write_temp", counted)
    result, written = import_file(companion_home, play_file(tmp_path / "in.json", 3000))
    assert (written, len(result.plays), result.stopped) == (3000, 3000, "")
    [name] = files_in(companion_home)
    assert name.startswith("recorded-import-") and name.endswith(".jsonl")
    assert len(writes) == 1  # one temp file written and fsynced for 3,000 plays
    assert count_plays(companion_home) == 3000


def test_imports_in_the_same_second_each_get_a_file_for_one_write(
    companion_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writes: list[Path] = []
    real = batches.write_temp
    monkeypatch.setattr(batches, "write_temp", lambda b, t: writes.append(b) or real(b, t))
    monkeypatch.setattr("saves.history.bgstats.utc_now", lambda: MOMENT)
    for first in (0, 100, 200):
        import_file(companion_home, play_file(tmp_path / "in.json", 100, first))
    stem = "recorded-import-20261129-193000"
    assert files_in(companion_home) == [f"{stem}-2.jsonl", f"{stem}-3.jsonl", f"{stem}.jsonl"]
    assert len(writes) == 3  # a taken name costs a link, never another write
    assert count_plays(companion_home) == 300


def failing_at(
    monkeypatch: pytest.MonkeyPatch, nth: int
) -> Callable[[Path, str], Path]:  # the write_temp that fails
    calls = [0]
    real = batches.write_temp

    def write(beside: Path, text: str) -> Path:
        calls[0] += 1
        if calls[0] == nth:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(beside, text)

    monkeypatch.setattr(batches, "write_temp", write)
    return write


def test_a_full_disk_stops_the_import_with_a_count_and_nothing_half_written(
    companion_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batches, "CHUNK", 1000)
    failing_at(monkeypatch, 3)
    file = play_file(tmp_path / "in.json", 3500)
    result, written = import_file(companion_home, file)
    assert written == 2000
    report = import_report(result, written)
    assert report.startswith("Imported 2000 plays (time-bastards).\n")
    assert "Stopped: the disk is full: 1500 plays not written" in report
    assert len(files_in(companion_home)) == 2  # no temp file, no half file
    assert count_plays(companion_home) == 2000
    monkeypatch.undo()
    again, written = import_file(companion_home, file)
    assert (written, again.skipped) == (1500, {"already imported": 2000})
    assert count_plays(companion_home) == 3500


def test_a_full_disk_at_the_command_line_says_how_many_came_in(
    companion_home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    failing_at(monkeypatch, 1)
    main(["import", str(play_file(tmp_path / "in.json", 400))])
    out = capsys.readouterr().out
    assert out.startswith("Imported 0 plays")
    assert "Stopped: the disk is full: 400 plays not written (import the file again" in out
    assert not (companion_home / "recorded").exists() or files_in(companion_home) == []


def test_old_folders_of_one_file_per_play_are_read_beside_imports(
    companion_home: Path, tmp_path: Path
) -> None:
    store = RecordedStore(companion_home, lambda: MOMENT)
    store.add(RecordedPlay("time-bastards", MOMENT, ("Ana", "Ben"), {"Ana": 2, "Ben": 1}))
    import_file(companion_home, play_file(tmp_path / "in.json", 50))
    entries, unreadable = store.listing()
    assert (len(entries), unreadable) == (51, [])
    assert sum(name.endswith(".toml") for name in files_in(companion_home)) == 1


def imported(home: Path, tmp_path: Path, count: int) -> list[Any]:
    import_file(home, play_file(tmp_path / "in.json", count))
    return RecordedStore(home, lambda: MOMENT).listing()[0]


def test_an_imported_play_is_edited_and_deleted_alone(companion_home: Path, tmp_path: Path) -> None:
    store = RecordedStore(companion_home, lambda: MOMENT)
    first, second, third = imported(companion_home, tmp_path, 3)
    edited = store.replace(second, RecordedPlay(
        "time-bastards", second.play.played, ("Ana", "Ben"), {"Ana": 1, "Ben": 4},
        details=PlayDetails(location="Club"), source=second.play.source,
    ))  # fmt: skip
    assert store.load(second.id).play.scores == {"Ana": 1, "Ben": 4}
    store.delete(first)
    entries = store.listing()[0]
    assert [entry.id for entry in entries] == [second.id, third.id]  # no id moved
    assert entries[0].play.details.location == "Club" and edited.id == second.id
    with pytest.raises(Exception, match="changed in another window"):
        store.replace(second, second.play)  # what was read is no longer there


def test_a_damaged_line_is_reported_and_the_others_are_read(
    companion_home: Path, tmp_path: Path
) -> None:
    imported(companion_home, tmp_path, 3)
    [name] = files_in(companion_home)
    path = companion_home / "recorded" / name
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[2] = lines[2].replace('"players":["Ana","Ben"]', '"players":"Ana"')
    path.write_text("".join(lines), encoding="utf-8")
    entries, unreadable = RecordedStore(companion_home, lambda: MOMENT).listing()
    assert len(entries) == 2
    [problem] = unreadable
    assert problem.reason == "line 3: 'players' must be a list of names"


@pytest.mark.slow
def test_an_import_of_100000_plays_is_ten_files(companion_home: Path, tmp_path: Path) -> None:
    """The time is measured by tests/bench/bench_history.py, never asserted here."""
    result, written = import_file(companion_home, play_file(tmp_path / "in.json", 100_000))
    assert (written, result.stopped) == (100_000, "")
    assert len(files_in(companion_home)) == 10
    assert count_plays(companion_home) == 100_000
