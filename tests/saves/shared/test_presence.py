"""Seats at one game across processes: alive while held, freed at once by a crash, one name per
device, and a damaged presence file reported and never written over."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from saves.shared.presence import (
    Presence,
    SeatRefused,
    alive_path,
    held,
    parse_presence,
    presence_path,
)

ROOT = Path(__file__).resolve().parents[3]
PLAYERS = ("Ana", "Ben", "Cleo")
SAVE = "2026-11-29-tally"

SITTER = """
import sys
from pathlib import Path
from saves.shared.presence import Presence, SeatRefused
presence = Presence(Path(sys.argv[1]), sys.argv[2], sys.argv[3])
try:
    presence.sit(sys.argv[4], ("Ana", "Ben", "Cleo"))
except SeatRefused as refused:
    print("refused:", refused, flush=True)
else:
    print("sat", flush=True)
sys.stdin.read()  # sits until told to stand up (stdin closed) or killed
presence.release()
"""


class Sitters:
    """Other processes on the same data folder, each a device sitting at the game."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.running: list[subprocess.Popen[str]] = []

    def sit(self, device: str, name: str) -> tuple[subprocess.Popen[str], str]:
        """A process of device `device` sitting as `name`; its first line ("sat" or why not)."""
        child = subprocess.Popen(
            [sys.executable, "-c", SITTER, str(self.home), SAVE, device, name],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        self.running.append(child)
        assert child.stdout is not None
        return child, child.stdout.readline().strip()

    def stop(self) -> None:
        for child in self.running:
            if child.poll() is None:
                child.kill()
            child.wait()


@pytest.fixture
def sitters(companion_home: Path) -> Iterator[Sitters]:
    running = Sitters(companion_home)
    yield running
    running.stop()


def here(home: Path, device: str = "tlocal0000001") -> Presence:
    return Presence(home, SAVE, device)


def names(presence: Presence) -> dict[str, str]:
    return {name: seat.device for name, seat in presence.seats().items()}


def test_a_seat_taken_in_another_process_shows_here_and_a_kill_frees_it_at_once(
    companion_home: Path, sitters: Sitters
) -> None:
    child, said = sitters.sit("tother0000001", "Ana")
    assert said == "sat"
    presence = here(companion_home)
    assert names(presence) == {"Ana": "tother0000001"}
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    assert names(presence) == {}  # the file still lists it, but nobody holds its lock
    assert "Ana" in presence.listed().values()
    presence.sit("Ana", PLAYERS)
    assert names(presence) == {"Ana": "tlocal0000001"}
    assert list(presence.listed().values()) == ["Ana"]  # the gone seat dropped at this change
    assert not alive_path(companion_home, SAVE, f"tother0000001-{child.pid}").exists()


def test_two_devices_cannot_sit_as_one_name_and_a_third_sees_both(
    companion_home: Path, sitters: Sitters
) -> None:
    _first, said = sitters.sit("tfirst0000001", "Ana")
    assert said == "sat"
    _second, refused = sitters.sit("tsecond000001", "Ana")
    assert refused == "refused: Ana already sits at another device"
    _third, said = sitters.sit("tsecond000002", "Ben")
    assert said == "sat"
    presence = here(companion_home)
    assert names(presence) == {"Ana": "tfirst0000001", "Ben": "tsecond000002"}
    with pytest.raises(SeatRefused, match="Ben already sits at another device"):
        presence.sit("Ben", PLAYERS)
    assert presence.mine is None
    assert not held(alive_path(companion_home, SAVE, presence.sitter))  # nothing kept held


def test_a_device_that_stands_up_or_closes_frees_its_seat_at_once(
    companion_home: Path, sitters: Sitters
) -> None:
    child, said = sitters.sit("tother0000001", "Cleo")
    assert said == "sat"
    presence = here(companion_home)
    assert names(presence) == {"Cleo": "tother0000001"}
    assert child.stdin is not None
    child.stdin.close()  # the process stands up and ends
    child.wait()
    assert names(presence) == {}
    assert presence.listed() == {}  # it took its entry with it
    presence.sit("Cleo", PLAYERS)
    assert presence.mine == "Cleo"
    presence.sit(None, PLAYERS)
    assert presence.mine is None
    assert names(here(companion_home, "tthird0000001")) == {}


def test_changing_seat_moves_it_and_release_frees_it(companion_home: Path) -> None:
    mine = here(companion_home)
    other = Presence(companion_home, SAVE, "tother0000001", process=4242)
    mine.sit("Ana", PLAYERS)
    mine.sit("Ben", PLAYERS)
    assert names(other) == {"Ben": "tlocal0000001"}
    other.sit("Ana", PLAYERS)  # free again once moved
    assert names(mine) == {"Ana": "tother0000001", "Ben": "tlocal0000001"}
    mine.release()
    assert names(other) == {"Ana": "tother0000001"}
    assert mine.mine is None


def test_two_windows_of_one_device_may_both_sit_as_its_name(companion_home: Path) -> None:
    """Two tabs of one browser are one device: each holds its own lock."""
    first = Presence(companion_home, SAVE, "bdevice00001", process=11)
    second = Presence(companion_home, SAVE, "bdevice00001", process=12)
    first.sit("Ana", PLAYERS)
    second.sit("Ana", PLAYERS)
    first.release()
    assert names(first) == {"Ana": "bdevice00001"}  # the second window still sits


def test_a_name_not_at_the_game_is_refused(companion_home: Path) -> None:
    presence = here(companion_home)
    with pytest.raises(SeatRefused, match=r"Dora \[/\] is not at this game"):
        presence.sit("Dora [/]", PLAYERS)
    assert presence.mine is None
    assert not presence_path(companion_home, SAVE).exists()


def test_names_are_kept_as_typed(companion_home: Path) -> None:
    typed = 'Ana [/] "Ben" = 1'
    here(companion_home).sit(typed, (typed,))
    path = presence_path(companion_home, SAVE)
    assert list(parse_presence(path, path.read_bytes()).values()) == [typed]
    assert list(here(companion_home, "tother0000001").seats()) == [typed]


@pytest.mark.parametrize(
    "content",
    [b"not = [toml", b"format = 2\n", b'format = 1\nseats = {"x y" = "Ana"}\n', b"format = 1\nz=1"],
)
def test_a_damaged_presence_file_is_reported_once_and_never_written_over(
    companion_home: Path, content: bytes
) -> None:
    path = presence_path(companion_home, SAVE)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    presence = here(companion_home)
    assert presence.seats() == {}
    notice = presence.take_notice()
    assert notice is not None and str(path) in notice and "left as it is" in notice
    assert presence.take_notice() is None
    with pytest.raises(SeatRefused, match="Seats not changed"):
        presence.sit("Ana", PLAYERS)
    assert presence.mine is None
    assert path.read_bytes() == content


def test_a_fifo_or_a_huge_presence_file_is_not_read(companion_home: Path) -> None:
    path = presence_path(companion_home, SAVE)
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    presence = here(companion_home)
    assert presence.seats() == {}
    assert "pipe" in (presence.take_notice() or "")
    path.unlink()
    path.write_bytes(b"#" * 70_000)
    assert presence.seats() == {}
    assert "larger than" in (presence.take_notice() or "")


def test_an_alive_file_that_is_a_fifo_or_missing_holds_no_seat(companion_home: Path) -> None:
    fifo = alive_path(companion_home, SAVE, "tother0000001-7")
    fifo.parent.mkdir(parents=True)
    os.mkfifo(fifo)
    assert not held(fifo)
    assert not held(alive_path(companion_home, SAVE, "tnobody000001-8"))


def test_a_name_longer_than_a_seat_holds_is_refused_and_the_file_stays_readable(
    companion_home: Path,
) -> None:
    long_name = "N" * 101
    presence = here(companion_home)
    with pytest.raises(SeatRefused, match="1-100 characters"):
        presence.sit(long_name, (long_name,))
    presence.sit("N" * 100, ("N" * 100,))
    assert list(here(companion_home, "tother0000001").seats()) == ["N" * 100]


def test_a_seat_file_planted_as_a_link_is_never_followed(
    companion_home: Path, tmp_path: Path
) -> None:
    """A link put where this device's alive file goes (pointing out of the data folder): the seat
    is refused saying so, nothing is created or locked out there, and a link holds no seat."""
    presence = Presence(companion_home, SAVE, "tlinked000001", process=77)
    outside = tmp_path / "outside" / "planted"
    outside.parent.mkdir()
    link = alive_path(companion_home, SAVE, presence.sitter)
    link.parent.mkdir(parents=True)
    link.symlink_to(outside)
    with pytest.raises(SeatRefused, match="cannot open"):
        presence.sit("Ana", PLAYERS)
    assert not outside.exists() and link.is_symlink()
    outside.write_text("")
    assert not held(link)
