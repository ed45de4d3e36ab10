"""Who is at the table: the words of each device and seat, the line packed from a phone to a TV
with a gone device greyed and saying so, and a second device (another process) that joins a game
and drops, seen on the first device's play screen and on the table display."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.style import Style

from companion.core import SeatOption
from saves.shared.attendance import Attendance, Attendee
from saves.shared.presence import Presence, Seat
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.play.at_the_table import AtTheTable, Phrase, TableLook, packed, phrases_at
from widgets.play.game_screen import GameScreen
from widgets.table_view.display import TableDisplayApp
from widgets.table_view.view import TableView

ROOT = Path(__file__).resolve().parents[2]
NOW = 1_800_000_000.0
ME = ("tme0000000001", "terminal")
OPTIONS = [
    SeatOption("Amy", "Amy (Ana)"),
    SeatOption("Anton", "Anton (Ben)"),
    SeatOption("Doug", "Doug"),
]

JOINER = """
import sys
from pathlib import Path
from saves.shared.attendance import Attending
here = Attending(Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4])
print(here.join() or "joined", flush=True)
sys.stdin.read()  # at the game until killed
"""


def texts(parts: tuple[Phrase, ...]) -> list[str]:
    return [f"{part.text} (greyed)" if part.gone else part.text for part in parts]


def test_alone_and_seated_nowhere_says_nothing() -> None:
    me = Attendee(*ME)
    assert phrases_at(OPTIONS, {}, [me], ME, NOW) == ()
    assert phrases_at(OPTIONS, {}, [], ME, NOW) == ()


def test_every_device_by_its_seat_and_kind_then_the_gone() -> None:
    seats = {"Amy": Seat("Amy", "bana000000002"), "Doug": Seat("Doug", ME[0])}
    attendees = [
        Attendee("bana000000002", "browser", "Amy"),
        Attendee(ME[0], "terminal", "Doug"),
        Attendee("bdisplay00003", "display"),
        Attendee("tcy0000000004", "terminal"),
        Attendee("bben000000005", "browser", "Anton", gone_since=NOW - 4),
        Attendee("tdan000000006", "terminal", gone_since=NOW - 65),
    ]
    assert texts(phrases_at(OPTIONS, seats, attendees, ME, NOW)) == [
        "Amy (Ana): a browser",
        "Anton (Ben): a browser, gone 0:04 (greyed)",
        "Doug: this terminal",
        "a table display",
        "a terminal",
        "a terminal: gone 1:05 (greyed)",
    ]


def test_unseated_devices_this_one_first_and_free_seats_only_while_anyone_sits() -> None:
    attendees = [Attendee("bana000000002", "browser"), Attendee(*ME)]
    assert texts(phrases_at(OPTIONS, {}, attendees, ME, NOW)) == ["this terminal", "a browser"]
    # a seat whose device keeps no file of its own (an older version of the app)
    seats = {"Anton": Seat("Anton", "tolder0000007")}
    assert texts(phrases_at(OPTIONS, seats, [Attendee(*ME)], ME, NOW)) == [
        "Amy (Ana): free",
        "Anton (Ben): another device",
        "Doug: free",
        "this terminal",
    ]


def test_the_line_breaks_between_devices_only_and_greys_the_gone() -> None:
    parts = (
        Phrase("Amy (Ana): a browser"),
        Phrase("this terminal"),
        Phrase("Anton (Ben): a browser, gone 0:04", gone=True),
    )
    grey = Style(italic=True)
    wide = packed(parts, 120, grey)
    assert wide.plain == (
        "At the table: Amy (Ana): a browser · this terminal · Anton (Ben): a browser, gone 0:04"
    )
    assert packed(parts, 40).plain.split("\n") == [
        "At the table: Amy (Ana): a browser",
        "this terminal",
        "Anton (Ben): a browser, gone 0:04",
    ]
    greyed = [wide.plain[span.start : span.end] for span in wide.spans if span.style == grey]
    assert greyed == ["Anton (Ben): a browser, gone 0:04"]
    assert packed((Phrase("[b]Jo: a very long name that cannot fit"),), 10).plain == (
        "At the table: [b]Jo: a very long name that cannot fit"
    )
    assert packed((), 40).plain == ""


def test_a_game_kept_as_a_copy_is_another_game_at_the_table(companion_home: Path) -> None:
    """The screen's game became a copy under a new id: this device leaves the old game (the
    others see it gone) and is at the new one."""
    look = TableLook(companion_home, "terminal", ME[0])
    for save_id in ("first", "copy"):
        parts, problem = look.look(save_id, Presence(companion_home, save_id, ME[0]), OPTIONS, NOW)
        assert problem is None and parts == ()  # alone: nothing to say
    other = Attendance(companion_home, "first").look(NOW, {}, {})
    assert other == (Attendee(ME[0], "terminal", gone_since=NOW),)
    assert Attendance(companion_home, "copy").look(NOW, {}, {}) == (Attendee(*ME),)
    look.close(NOW)
    assert Attendance(companion_home, "copy").look(NOW, {}, {})[0].gone_since == NOW


class Joiner:
    """Another device at the game: a process of its own, holding its file until killed."""

    def __init__(self, home: Path, save_id: str, kind: str, device: str) -> None:
        self.child = subprocess.Popen(
            [sys.executable, "-c", JOINER, str(home), save_id, kind, device],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert self.child.stdout is not None
        assert self.child.stdout.readline().strip() == "joined"

    def drop(self) -> None:
        """Gone without a word, as a closed tab or a lost connection."""
        self.child.send_signal(signal.SIGKILL)
        self.child.wait(timeout=30)


@pytest.fixture
def joiners() -> Iterator[list[Joiner]]:
    started: list[Joiner] = []
    yield started
    for joiner in started:
        if joiner.child.poll() is None:
            joiner.drop()


def line_of(widget: AtTheTable) -> str:
    return str(widget.render()).replace("\n", " · ") if widget.display else ""


async def test_a_second_device_joins_then_drops_and_the_play_screen_marks_it_gone(
    make_test_app: Callable[..., Any], companion_home: Path, joiners: list[Joiner]
) -> None:
    save_id = install_sample(companion_home, "cavendish")
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=(44, 43)) as pilot:
        await pause_until(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
        line = pilot.app.screen.query_one(AtTheTable)
        assert line_of(line) == ""  # alone at the game, nobody seated: no line

        joiners.append(Joiner(companion_home, save_id, "browser", "bphone0000001"))
        await pause_until(pilot, lambda: "a browser" in line_of(line))
        assert line_of(line) == "At the table: this terminal · a browser"

        joiners[0].drop()
        await pause_until(pilot, lambda: "gone" in line_of(line))
        assert line_of(line) == "At the table: this terminal · a browser: gone 0:00"
        assert line.parts[-1].gone
        greyed = line.get_component_rich_style("at-the-table--gone")
        assert greyed.italic and greyed.color != line.rich_style.color  # greyed, and says so
        drawn = line.shown
        gone = [drawn.plain[s.start : s.end] for s in drawn.spans if s.style == greyed]
        assert gone == ["a browser: gone 0:00"]


async def test_the_table_display_is_at_the_table_and_sees_a_device_drop(
    make_test_app: Callable[..., Any], companion_home: Path, joiners: list[Joiner]
) -> None:
    save_id = install_sample(companion_home, "cavendish")
    app = make_test_app(app_class=TableDisplayApp)
    async with app.run_test(size=(80, 24)) as pilot:
        line = pilot.app.screen.query_one(TableView).query_one(AtTheTable)
        await pause_until(pilot, lambda: pilot.app.screen.saved is not None)
        joiners.append(Joiner(companion_home, save_id, "terminal", "tlaptop000001"))
        await pause_until(pilot, lambda: "a terminal" in line_of(line))
        assert line_of(line) == "At the table: this table display · a terminal"
        joiners[0].drop()
        await pause_until(pilot, lambda: "gone" in line_of(line))
        assert line_of(line) == "At the table: this table display · a terminal: gone 0:00"
    # the display left the table as it closed: its file is a gone one
    assert not list((companion_home / "locks").glob(f"{save_id}.at-display-*.alive"))
    assert list((companion_home / "locks").glob(f"{save_id}.at-display-*.gone"))
