"""The Sit-as flow on the play screens: the dialog from the keyboard, the seat's agent or player
selected, the line of who sits where (widgets/play/at_the_table.py) on this device and another, a
seat refused, standing up."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList

from saves.shared.devices import Device
from saves.shared.presence import Presence, alive_path, presence_path
from tests.support.notes import record_notes
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.app import CompanionApp
from widgets.cavendish.play import CavendishScreen
from widgets.kit.line_table import LineTable
from widgets.play.at_the_table import AtTheTable
from widgets.play.game_screen import GameScreen
from widgets.play.seats import SEAT_BINDING, SeatKeys, SitDialog
from widgets.six_sojourns.play import SojournsScreen
from widgets.sojourn.play import SojournScreen
from widgets.table_view import TableViewScreen
from widgets.table_view.display import TableDisplayApp
from widgets.time_bastards.play import TimeBastardsScreen

HERE = Device("tlocal0000001", browser=False)
OTHER = "tother0000001"


def opened(make_test_app: Callable[..., Any], home: Path, game_id: str) -> CompanionApp:
    save_id = install_sample(home, game_id)
    app: CompanionApp = make_test_app(start=lambda app: app.open_saved(save_id))
    return app


async def seated_screen(pilot: Any) -> tuple[GameScreen, SeatKeys]:
    """The play screen on top, with its seats started as the play screens start them."""
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    # The play screen's own once widgets/play/game_screen.py holds one (`screen.seats`), else one
    # started here as the play screens start theirs.
    seats: SeatKeys = getattr(screen, "seats", None) or SeatKeys(screen, HERE)
    seats.start()
    await pilot.pause()
    return screen, seats


def line_text(screen: GameScreen) -> str:
    line = screen.query_one(AtTheTable)
    return str(line.render()).replace("\n", " · ") if line.display else ""  # (the line wraps)


async def sit_by_keys(pilot: Any, seats: SeatKeys, downs: int) -> None:
    seats.sit_dialog()
    await pilot.pause()
    assert isinstance(pilot.app.screen, SitDialog)
    await pilot.press("home")  # (the list opens on this device's seat)
    for _ in range(downs):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()


async def test_cavendish_sitting_as_an_agent_selects_it_and_says_where_everyone_sits(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "cavendish")
    async with app.run_test(size=(80, 24)) as pilot:
        screen, seats = await seated_screen(pilot)
        notes = record_notes(app)
        assert isinstance(screen, CavendishScreen)
        assert line_text(screen) == ""  # nobody sits: no line at all
        other = Presence(companion_home, screen.saved.id, OTHER, process=4242)
        other.sit("Amy", ["Amy", "Anton", "Doug"])
        await sit_by_keys(pilot, seats, downs=2)  # Amy, Anton, Doug
        assert screen.selected == 2 and screen.agent == "Doug"
        assert screen.query_one("#agents", LineTable).cursor_row == 2
        assert line_text(screen) == (
            "At the table: Amy (Ana): another device · Anton (Ben): free · Doug (Cy): this terminal"
        )
        assert seats.presence is not None and seats.presence.mine == "Doug"
        await sit_by_keys(pilot, seats, downs=0)  # Amy: someone else's
        assert seats.presence.mine == "Doug"
        assert notes[-1] == "Amy already sits at another device"
        other.release()
        seats.follow()
        assert "Amy (Ana): free" in line_text(screen)
        seats.stop()
        assert Presence(companion_home, screen.saved.id, OTHER).seats() == {}


async def test_time_bastards_seat_marks_the_travellers_turn_and_nobody_stands_up(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "time-bastards")
    async with app.run_test(size=(80, 24)) as pilot:
        screen, seats = await seated_screen(pilot)
        assert isinstance(screen, TimeBastardsScreen)
        turn = screen.tb.setup.players[screen.tb.turn].name
        names = [traveller.name for traveller in screen.tb.setup.players]
        await sit_by_keys(pilot, seats, downs=names.index(turn))
        box = screen.query_one("#tb-decision")
        assert str(box.border_title).endswith("(you)")
        assert f"{turn}: this terminal" in line_text(screen)
        await sit_by_keys(pilot, seats, downs=len(names))  # Nobody (stand up)
        assert seats.presence is not None and seats.presence.mine is None
        assert line_text(screen) == ""
        sitter = seats.presence.sitter
        assert not alive_path(companion_home, screen.saved.id, sitter).exists()


async def test_escape_cancels_and_keeps_the_seat(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "time-bastards")
    async with app.run_test(size=(80, 24)) as pilot:
        screen, seats = await seated_screen(pilot)
        await sit_by_keys(pilot, seats, downs=1)
        assert seats.presence is not None
        kept = seats.presence.mine
        seats.sit_dialog()
        await pilot.pause()
        listed = pilot.app.screen.query_one("#seats-list", OptionList)
        assert listed.highlighted == 1  # it opens on this device's seat
        await pilot.press("down", "escape")
        await pilot.pause()
        assert pilot.app.screen is screen
        assert seats.presence.mine == kept is not None


async def test_six_sojourns_seat_moves_to_the_players_column_and_turns_row(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "six-sojourns")
    async with app.run_test(size=(120, 40)) as pilot:
        screen, seats = await seated_screen(pilot)
        assert isinstance(screen, SojournsScreen)
        player = screen.game.players[1]
        assert seats.sit(player)
        await pilot.pause()
        sheet = screen.query_one("#ss-sheet", LineTable)
        assert sheet.coordinate_to_cell_key(sheet.cursor_coordinate).column_key == player
        assert screen.turns_player() == player


async def test_another_devices_seat_shows_within_a_look_and_in_the_table_view(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "cavendish")
    async with app.run_test(size=(80, 24)) as pilot:
        screen, seats = await seated_screen(pilot)
        other = Presence(companion_home, screen.saved.id, OTHER, process=4242)
        other.sit("Anton", ["Amy", "Anton", "Doug"])
        seats.follow()  # what the look each second does
        assert "Anton (Ben): another device" in line_text(screen)
        await pilot.press("v")
        await pilot.pause()
        view = pilot.app.screen
        assert isinstance(view, TableViewScreen)
        seats.follow()
        await pilot.pause()
        shown = view.query_one("#tv-seats")
        assert shown.display and "Anton (Ben): another device" in str(shown.render())


async def test_a_name_shows_as_typed(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    """A player named like markup is shown, and sat as, as typed."""
    from companion.time_bastards.model import TimeBastardsSetup, Traveller

    typed = "Ana [/] Ben"
    setup = TimeBastardsSetup((Traveller(typed, "red", 1), Traveller("[b]Jo", "blue", 2)))
    app = make_test_app(start=lambda app: app.start_game("time-bastards", setup, "Markup"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, seats = await seated_screen(pilot)
        await sit_by_keys(pilot, seats, downs=0)
        assert seats.presence is not None and seats.presence.mine == typed
        assert line_text(screen) == f"At the table: {typed}: this terminal · [b]Jo: free"


@pytest.mark.parametrize(
    "screen_class", [CavendishScreen, TimeBastardsScreen, SojournsScreen, SojournScreen]
)
def test_the_seat_key_is_free_on_every_play_screen(screen_class: type[GameScreen]) -> None:
    taken = {
        key.strip()
        for owner in (CompanionApp, *screen_class.__mro__)
        for binding in owner.__dict__.get("BINDINGS", [])
        if binding.action != SEAT_BINDING.action
        for key in binding.key.split(",")
    }
    assert "escape" in taken  # (the screen's own keys were read)
    assert SEAT_BINDING.key not in taken


async def test_the_table_display_follows_seats_taken_and_freed_and_sits_nowhere(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "cavendish")
    app = make_test_app(app_class=TableDisplayApp)
    async with app.run_test(size=(80, 24)) as pilot:
        shown = pilot.app.screen.query_one("#tv-seats")
        await pause_until(pilot, lambda: pilot.app.screen.saved is not None)
        assert not shown.display
        other = Presence(companion_home, save_id, OTHER, process=4242)
        other.sit("Doug", ["Amy", "Anton", "Doug"])
        await pause_until(pilot, lambda: shown.display)
        assert str(shown.render()).replace("\n", " · ") == (
            "At the table: Amy (Ana): free · Anton (Ben): free · Doug (Cy): another device"
            " · this table display"
        )
        other.release()
        await pause_until(pilot, lambda: not shown.display)
        assert not shown.display
    assert presence_path(companion_home, save_id).read_bytes() == b"format = 1\n\n[seats]\n"
    assert not list((companion_home / "locks").glob("*.alive"))  # none held, none left


async def test_no_seat_is_needed_to_act_for_a_seated_agent(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    """Another device sits as Amy: this one, seated nowhere, still acts for her."""
    app = opened(make_test_app, companion_home, "cavendish")
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _seats = await seated_screen(pilot)
        Presence(companion_home, screen.saved.id, OTHER, process=4242).sit("Amy", ["Amy"])
        steps = len(screen.session.steps)
        await pilot.press("1", "x")  # Amy explores
        await pilot.pause()
        assert len(screen.session.steps) == steps + 1
        assert "Amy explored" in screen.session.steps[-1].line


def test_a_game_whose_seats_fail_has_none_and_says_so_once_through_the_screen() -> None:
    """The look at the table each second asks the game for its seats: a plug-in whose `seats`
    fails makes that look find none, and the screen is told the fault (said once, the game
    then watched), never an exception out of a timer that would end the app."""
    from types import SimpleNamespace

    from companion.guard import GameFault
    from saves.shared.devices import Device
    from widgets.play.seats import SeatKeys

    fault = GameFault("Pebbles (pebbles 1.0): seats raised ZeroDivisionError")

    def seats(_state: object) -> list[object]:
        raise fault

    told: list[GameFault] = []
    screen = SimpleNamespace(
        session=SimpleNamespace(game=SimpleNamespace(seats=seats)),
        state=object(),
        game_fault=lambda found: told.append(found) or True,
    )
    keys = SeatKeys(screen, Device("a0123456789b", browser=False))  # type: ignore[arg-type]
    assert keys.options() == []
    assert told == [fault]
