"""Seats the rules understand (widgets/play/whose_move.py): a device seated as one traveller that
makes the other's move is asked first; yes makes it, no changes nothing; strict seats refuses
it; a device's own move, an unseated device and the table's own moves are never asked."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.widgets import Static

from companion.cavendish.actions import AnnounceGroupConflict, Explore
from companion.time_bastards.game import choices
from companion.time_bastards.model import MoveEarliest, RollD6
from saves.games.journal import Draft
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.notes import record_notes
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.app import CompanionApp
from widgets.cavendish.play import CavendishScreen
from widgets.dice.ask import DieRollDialog
from widgets.play.game_screen import GameScreen
from widgets.play.whose_move import STRICT_SEATS, ForSeatDialog
from widgets.time_bastards.play import TimeBastardsScreen


def opened(make_test_app: Callable[..., Any], home: Path, game_id: str) -> CompanionApp:
    save_id = install_sample(home, game_id)
    app: CompanionApp = make_test_app(start=lambda app: app.open_saved(save_id))
    return app


async def seated(pilot: Any, whose: str) -> TimeBastardsScreen:
    """The Time Bastards sample, this device seated as the traveller whose turn it is
    (`whose="turn"`) or as the other one (`"other"`)."""
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, TimeBastardsScreen)
    names = [traveller.name for traveller in screen.tb.setup.players]
    turn = names[screen.tb.turn]
    assert screen.seats.sit(turn if whose == "turn" else next(n for n in names if n != turn))
    await pilot.pause()
    return screen


def a_move(screen: TimeBastardsScreen) -> Any:
    """A move the rules take now: the first choice the turn offers."""
    return choices(screen.tb)[0].action


def recorded(home: Path, screen: GameScreen) -> int:
    """How many actions the game's file holds (what every other device reads)."""
    return len(SaveStore(home).load(screen.saved.id).session.steps)


async def test_another_seats_move_is_asked_and_no_changes_nothing(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "time-bastards")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot, "other")
        turn = screen.tb.setup.players[screen.tb.turn].name
        before, steps = screen.state, recorded(companion_home, screen)
        assert screen.act(a_move(screen)) is False
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ForSeatDialog)
        title = str(dialog.query_one("#for-seat-title", Static).render())
        assert title == f"{turn}'s move: make it for {turn}?"
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen
        assert screen.state is before and recorded(companion_home, screen) == steps
        assert screen.act(a_move(screen)) is False
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.state is before


async def test_yes_makes_the_move_for_the_other_seat(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "time-bastards")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot, "other")
        steps = recorded(companion_home, screen)
        assert screen.tb.roll is None  # a fresh turn: a 6, then a piece moved (or none)
        roll = RollD6(screen.tb.turn, 6, "physical")
        screen.act(roll)
        await pilot.pause()
        assert isinstance(app.screen, ForSeatDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert screen.session.steps[-1].action == roll
        assert recorded(companion_home, screen) == steps + 1
        screen.act(a_move(screen))  # the move after the 6 is theirs too: asked again
        await pilot.pause()
        assert isinstance(app.screen, ForSeatDialog)
        await pilot.click("#for-seat-yes")  # a tap
        await pilot.pause()
        assert recorded(companion_home, screen) == steps + 2


async def test_strict_seats_refuses_another_seats_move_saying_why(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "time-bastards")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot, "other")
        notes = record_notes(app)
        (strict,) = [c for c in screen.palette_commands() if c.title.startswith("Strict seats")]
        assert strict.title == "Strict seats: turn on"
        strict.callback()  # as the command palette runs it
        assert app.settings.preference(STRICT_SEATS, False) is True
        assert "Strict seats: turn off" in [c.title for c in screen.palette_commands()]
        turn = screen.tb.setup.players[screen.tb.turn].name
        before = screen.state
        assert screen.act(a_move(screen)) is False
        await pilot.pause()
        assert app.screen is screen and screen.state is before
        assert notes[-1] == (
            f"{turn}'s move: this device is seated as {screen.seat} (strict seats is on)"
        )


async def test_own_moves_and_an_unseated_device_are_not_asked(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "time-bastards")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen) and screen.seat == ""
        steps = len(screen.session.steps)
        assert screen.act(a_move(screen)) is True  # nobody sits here
        screen = await seated(pilot, "turn")
        screen.whose_move.toggle_strict()  # even strict: it is this seat's own move
        assert screen.act(a_move(screen)) is True
        await pilot.pause()
        assert app.screen is screen and len(screen.session.steps) == steps + 2


async def test_the_tables_own_moves_are_never_asked(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "cavendish")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CavendishScreen)
        assert screen.seats.sit("Amy")
        screen.whose_move.toggle_strict()
        steps = len(screen.session.steps)
        assert screen.act(AnnounceGroupConflict("Sentinel")) is True
        await pilot.pause()
        assert app.screen is screen and len(screen.session.steps) == steps + 1


async def test_a_roll_for_another_seat_is_asked_before_it_is_rolled(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "time-bastards")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot, "other")
        steps, rolled = len(screen.session.steps), len(app.rolls.rolls)
        await pilot.press("r")  # the D6 rolled in the app
        await pilot.pause()
        assert isinstance(app.screen, ForSeatDialog) and len(app.rolls.rolls) == rolled
        await pilot.press("n")
        await pilot.pause()
        assert len(screen.session.steps) == steps and len(app.rolls.rolls) == rolled
        await pilot.press("t")  # the real D6: asked first, then its dialog, asked once only
        await pilot.pause()
        assert isinstance(app.screen, ForSeatDialog)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, DieRollDialog)
        await pilot.press("6", "enter")
        await pilot.pause()
        assert app.screen is screen
        assert screen.session.steps[-1].action == RollD6(screen.tb.turn, 6, "physical")
        assert len(app.rolls.rolls) == rolled + 1  # kept in the roll history too


async def test_the_question_shows_seat_names_as_their_symbols(
    make_test_app: Callable[..., Any],
) -> None:
    hostile, shown = "Ben\x1b]52;c;aGk=\x07[/]", "Ben␛]52;c;aGk=␇[/]"
    app = make_test_app()
    async with app.run_test(size=(44, 43)) as pilot:
        await app.push_screen(ForSeatDialog(hostile, "[b]Ana"))
        await pilot.pause()
        title = str(app.screen.query_one("#for-seat-title", Static).render())
        detail = str(app.screen.query_one("#for-seat-detail", Static).render())
        assert title == f"{shown}'s move: make it for {shown}?"
        assert detail == "This device is seated as [b]Ana."


async def test_the_question_closes_when_another_device_makes_the_move_first(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "time-bastards")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot, "other")
        notes = record_notes(app)
        turn = screen.tb.turn
        jonas = screen.tb.setup.players[turn].name
        screen.act(RollD6(turn, 6, "physical"))
        await pilot.pause()
        assert isinstance(app.screen, ForSeatDialog)
        other = SaveStore(companion_home, fixed_clock)  # Jonas's own device moves first
        theirs = other.load(screen.saved.id)
        move = Draft("do", MoveEarliest(turn))
        other.transact(theirs, lambda _theirs: [move], by="b0123456789a")
        screen.shared.follow()
        await pause_until(pilot, lambda: app.screen is screen)
        assert screen.session.steps[-1].action == MoveEarliest(turn)  # theirs, not the roll
        said = f"{jonas}'s move: Someone in a browser changed the game: {jonas} moves the earliest"
        assert notes[-1].startswith(said) and notes[-1].endswith(f"not {jonas}'s).")
        await pilot.press("y")  # the question's key, once it is gone, does nothing of it
        await pilot.pause()
        assert screen.session.steps[-1].action == MoveEarliest(turn)


async def test_cavendish_an_agents_move_from_another_agents_seat_is_asked_by_keys(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "cavendish")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CavendishScreen)
        assert screen.cav.phase == "discovery"
        assert screen.seats.sit("Amy") and screen.agent == "Amy"
        names = [agent.receptacle for agent in screen.cav.agents]
        await pilot.press(str(names.index("Doug") + 1))  # Doug selected on Amy's device
        steps = len(screen.session.steps)
        await pilot.press("x")  # Explore, for Doug
        await pilot.pause()
        assert isinstance(app.screen, ForSeatDialog) and app.screen.mover == "Doug"
        await pilot.press("escape")
        await pilot.pause()
        assert len(screen.session.steps) == steps
        await pilot.press(str(names.index("Amy") + 1), "x")  # Amy's own Explore: not asked
        await pilot.pause()
        assert app.screen is screen and screen.session.steps[-1].action == Explore("Amy")
