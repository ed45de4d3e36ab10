"""How "Sit as ..." looks on a phone (44x43), at 80x24 and at 120x40, and the line of who sits
where on a Cavendish play screen, its table view and the table display."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from saves.shared.devices import Device
from saves.shared.presence import Presence
from tests.support.samples import install_sample
from tests.support.snapshots import Size, size_sets
from tests.support.waiting import pause_until
from widgets.play.game_screen import GameScreen
from widgets.play.seats import SeatKeys
from widgets.table_view.display import TableDisplayApp
from widgets.table_view.view import TableView

SIZES = size_sets([(44, 43), (80, 24), (120, 40)])
HERE = Device("tlocal0000001", browser=False)
AGENTS = ["Amy", "Anton", "Doug"]


@pytest.fixture
def mission(companion_home: Path) -> Iterator[str]:
    """The sample mission, where another device sits as Amy."""
    save_id = install_sample(companion_home, "cavendish")
    other = Presence(companion_home, save_id, "tother0000001", process=4242)
    other.sit("Amy", AGENTS)
    yield save_id
    other.release()


def with_seats(then: Callable[[SeatKeys], None]) -> Callable[[Any], Any]:
    """Before the snapshot: the play screen's seats started, this device as Doug, then `then`."""

    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        # The play screen's own once widgets/play/game_screen.py holds one (`screen.seats`), else
        # one
        # started here as the play screens start theirs.
        seats: SeatKeys = getattr(screen, "seats", None) or SeatKeys(screen, HERE)
        seats.start()
        seats.sit("Doug")
        await pilot.pause()
        pilot.app.clear_notifications()  # ("Doug sits at this device.": its timing is not drawn)
        then(seats)
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("sizes", SIZES)
def test_sit_as_dialog(
    snap_sizes: Any, make_test_app: Callable[..., Any], mission: str, sizes: list[Size]
) -> None:
    app = make_test_app(start=lambda app: app.open_saved(mission))
    opened = with_seats(lambda seats: seats.sit_dialog())
    assert snap_sizes(app, sizes, run_before=opened) == []


def test_seats_line_on_a_phone(
    snap_compare: Any, make_test_app: Callable[..., Any], mission: str
) -> None:
    app = make_test_app(start=lambda app: app.open_saved(mission))
    assert snap_compare(app, run_before=with_seats(lambda seats: None), terminal_size=(44, 43))


def test_seats_in_the_table_view(
    snap_compare: Any, make_test_app: Callable[..., Any], mission: str
) -> None:
    def table_view(seats: SeatKeys) -> None:
        seats.screen.action_table_view()
        seats.follow()

    app = make_test_app(start=lambda app: app.open_saved(mission))
    assert snap_compare(app, run_before=with_seats(table_view), terminal_size=(80, 24))


def test_seats_on_the_table_display(
    snap_compare: Any, make_test_app: Callable[..., Any], mission: str
) -> None:
    async def seats_shown(pilot: Any) -> None:
        """The display reads who sits where at its first look after opening the game (0.25 s
        later), which a busy machine's first idle moment can come before."""
        await pause_until(
            pilot,
            lambda: any(view.seats for view in pilot.app.screen.query(TableView)),
            what="the line of who is at the table",
        )
        await pilot.pause()

    app = make_test_app(app_class=TableDisplayApp)
    assert snap_compare(app, run_before=seats_shown, terminal_size=(80, 24))
