"""Every device at a game across processes: at the table while its process holds its file, seen
gone at the next look once the process ends (however it ends), forgotten after a while; a held
file never renamed or deleted, and a strange file reported once and left as it is."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from saves.paths import locks_dir
from saves.shared.attendance import (
    LET_GO_SECONDS,
    Attendance,
    Attendee,
    Attending,
    attendance_name,
)

ROOT = Path(__file__).resolve().parents[3]
SAVE = "2026-11-29-tally"
NOW = 1_800_000_000.0

JOINER = """
import sys
from pathlib import Path
from saves.shared.attendance import Attending
here = Attending(Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4])
print(here.join() or "joined", here.path.name, flush=True)
sys.stdin.read()  # at the game until told to leave (stdin closed) or killed
here.leave()
"""


class Joiners:
    """Other processes on the same data folder, each a device with the game open."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.running: list[subprocess.Popen[str]] = []

    def join(self, kind: str, device: str) -> tuple[subprocess.Popen[str], str]:
        child = subprocess.Popen(
            [sys.executable, "-c", JOINER, str(self.home), SAVE, kind, device],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        self.running.append(child)
        assert child.stdout is not None
        said, name = child.stdout.readline().split()
        assert said == "joined"
        return child, name


@pytest.fixture
def joiners(companion_home: Path) -> Iterator[Joiners]:
    others = Joiners(companion_home)
    yield others
    for child in others.running:
        if child.poll() is None:
            child.kill()
        child.wait(timeout=30)


def kill(child: subprocess.Popen[str]) -> None:
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)


def test_every_device_is_at_the_table_with_its_kind_and_seat(companion_home: Path) -> None:
    terminal = Attending(companion_home, SAVE, "terminal", "tana000000001", process=11)
    browser = Attending(companion_home, SAVE, "browser", "bben000000002", process=12)
    display = Attending(companion_home, SAVE, "display", "bben000000002", process=13)
    other_game = Attending(companion_home, "2026-11-29-other", "terminal", "tcy0000000003")
    for attending in (terminal, browser, display, other_game):
        assert attending.join() is None
    seated = {"bben000000002-12": "Ben"}

    seen = Attendance(companion_home, SAVE).look(NOW, seated, seated)

    assert seen == (
        Attendee("bben000000002", "browser", "Ben"),
        Attendee("tana000000001", "terminal"),
        Attendee("bben000000002", "display"),
    )
    for attending in (terminal, browser, display, other_game):
        attending.leave(NOW)


def test_a_killed_process_is_seen_gone_at_the_next_look_then_forgotten(
    companion_home: Path, joiners: Joiners
) -> None:
    child, name = joiners.join("browser", "bcy0000000004")
    reader = Attendance(companion_home, SAVE)
    sitter = f"bcy0000000004-{child.pid}"
    seated = {sitter: "Cy"}
    assert reader.look(NOW, seated, seated) == (Attendee("bcy0000000004", "browser", "Cy"),)

    kill(child)  # no goodbye: the operating system drops its lock

    gone = Attendee("bcy0000000004", "browser", "Cy", gone_since=NOW + 3)
    assert reader.look(NOW + 3, {}, {}) == (gone,)  # its seat remembered from the last look
    assert not (locks_dir(companion_home) / name).exists()
    # another device, opened later, sees it gone since the same moment, its seat from the file
    assert Attendance(companion_home, SAVE).look(NOW + 10, {}, seated) == (gone,)
    assert reader.look(NOW + 3 + LET_GO_SECONDS + 1, {}, {}) == ()
    assert list(locks_dir(companion_home).glob(f"{SAVE}.at-*")) == []


def test_a_held_file_is_never_renamed_and_a_clean_leave_is_dated(
    companion_home: Path, joiners: Joiners
) -> None:
    child, name = joiners.join("terminal", "tdan000000005")
    reader = Attendance(companion_home, SAVE)
    for later in (0, LET_GO_SECONDS * 10):
        assert reader.look(NOW + later, {}, {}) == (Attendee("tdan000000005", "terminal"),)
    assert (locks_dir(companion_home) / name).exists()

    mine = Attending(companion_home, SAVE, "terminal", "tme0000000006", process=7)
    assert mine.join() is None
    mine.leave(NOW - 5)
    assert not mine.path.exists()
    assert mine.gone_path.stat().st_mtime == NOW - 5
    assert reader.look(NOW, {}, {}) == (
        Attendee("tdan000000005", "terminal"),
        Attendee("tme0000000006", "terminal", gone_since=NOW - 5),
    )
    assert child.stdin is not None
    child.stdin.close()
    child.wait(timeout=30)


def test_a_device_back_in_a_new_process_is_at_the_table(companion_home: Path) -> None:
    """A browser reconnected (its new process opened the game before the old one's end was
    seen): the device is at the table, once."""
    old = Attending(companion_home, SAVE, "browser", "bana000000007", process=21)
    new = Attending(companion_home, SAVE, "browser", "bana000000007", process=22)
    assert old.join() is None and new.join() is None
    old.leave(NOW - 1)
    assert Attendance(companion_home, SAVE).look(NOW, {}, {}) == (
        Attendee("bana000000007", "browser"),
    )
    new.leave(NOW)


def test_an_unheld_file_nobody_saw_alive_is_dated_by_its_file(companion_home: Path) -> None:
    """A device that ended while no screen looked: gone at most since it came, and a file left
    from long ago is forgotten at once."""
    folder = locks_dir(companion_home)
    folder.mkdir(parents=True)
    recent = folder / attendance_name(SAVE, "terminal", "tew0000000008-31", ".alive")
    old = folder / attendance_name(SAVE, "browser", "bold000000009-32", ".alive")
    for path, when in ((recent, NOW - 7), (old, NOW - LET_GO_SECONDS - 60)):
        path.touch()
        os.utime(path, (when, when))

    seen = Attendance(companion_home, SAVE).look(NOW, {}, {})

    assert seen == (Attendee("tew0000000008", "terminal", gone_since=NOW - 7),)
    assert not old.exists()


def test_strange_files_are_reported_once_and_left_as_they_are(companion_home: Path) -> None:
    folder = locks_dir(companion_home)
    folder.mkdir(parents=True)
    a_folder = folder / attendance_name(SAVE, "terminal", "tdir000000010-41", ".alive")
    a_folder.mkdir()
    fifo = folder / attendance_name(SAVE, "browser", "bfifo00000011-42", ".alive")
    os.mkfifo(fifo)
    link = folder / attendance_name(SAVE, "browser", "blink00000012-43", ".gone")
    link.symlink_to(folder / "elsewhere")
    unknown = folder / f"{SAVE}.at-phone-tnew000000013-44.alive"
    unknown.touch()
    reader = Attendance(companion_home, SAVE)

    assert reader.look(NOW, {}, {}) == ()
    notices = []
    while (notice := reader.take_notice()) is not None:
        notices.append(notice)
    assert len(notices) == 4
    assert any("not a device's file" in notice and "phone" in notice for notice in notices)
    assert reader.look(NOW + LET_GO_SECONDS * 2, {}, {}) == ()
    assert reader.take_notice() is None  # said once
    assert a_folder.is_dir() and fifo.exists() and link.is_symlink() and unknown.exists()


def test_a_folder_that_refuses_the_file_is_said(companion_home: Path) -> None:
    companion_home.mkdir(exist_ok=True)
    locks_dir(companion_home).write_text("not a folder")
    problem = Attending(companion_home, SAVE, "terminal", "tro0000000014").join()
    assert problem is not None and problem.startswith("Not shown at the table: cannot hold")
