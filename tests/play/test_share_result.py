"""The image of a result to share: the game, the date, the players and the result, no keys; saved
into the exports folder, sent to the device in the browser, and shown full screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.session import Session
from companion.time_bastards.game import TIME_BASTARDS
from companion.time_bastards.model import (
    LeavePieces,
    MoveEarliest,
    PlaceNewPiece,
    RollD6,
    ShiftPiece,
    TimeBastardsSetup,
    Traveller,
)
from tests.support.notes import record_notes
from tests.support.saving import record_played
from tests.support.snapshots import Size, size_sets
from widgets.play.result import ResultScreen, ShareScreen

SIZES = size_sets([(80, 24), (120, 40)])
SETUP = TimeBastardsSetup((Traveller("Ana", "red", 1), Traveller("Ben", "blue", 3)))
MIDGAME = [
    MoveEarliest(0),
    MoveEarliest(1),
    *[MoveEarliest(p) for _ in range(4) for p in (0, 1)],
    RollD6(0, 2, "physical"),
    PlaceNewPiece(0, 2),
    RollD6(1, 6),
    ShiftPiece(1, 1, "back"),
]


def finished_duel(app: Any, setup: TimeBastardsSetup = SETUP, title: str = "Friday duel") -> None:
    """A duel played to its end, Ben winning on fewer pieces."""
    session = Session(TIME_BASTARDS, setup, MIDGAME)
    while not session.state.finished:
        session.do(RollD6(session.state.turn, 6))
        session.do(LeavePieces(session.state.turn))
    saved = app.start_game("time-bastards", setup, title)
    for action in session.actions:
        saved.session.do(action)
    record_played(app.store, saved)


def words(svg: str) -> str:
    return svg.replace("&#160;", " ")


async def to_the_result(pilot: Any) -> None:
    await pilot.pause()
    await pilot.press("R")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ResultScreen)


async def test_s_saves_the_image_with_the_game_date_players_and_result_and_no_keys(
    make_test_app: Any, companion_home: Path
) -> None:
    app = make_test_app(start=finished_duel)
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_result(pilot)
        saved = app.screen.saved
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ShareScreen)
        image = companion_home / "exports" / f"{saved.id}.result.svg"
        assert any(note.startswith(f"Saved as {image}") for note in notes)
        shown = words(image.read_text("utf-8"))
        for expected in ("Time Bastards", "Friday duel", "29 November 2026", "Players: Ana, Ben"):
            assert expected in shown
        assert "Ben wins" in shown and "★ winner" in shown and "Achievements" in shown
        assert "fewest pieces on the board: Ana 2, Ben 1" in shown
        for key_hint in ("escape", "ctrl+z", "Back to the game", "Save image", "^p"):
            assert key_hint not in shown
        await pilot.press("escape")
        assert isinstance(app.screen, ResultScreen)


async def test_in_the_browser_the_image_is_also_sent_to_the_device(
    make_test_app: Any, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_test_app(start=finished_duel)
    sent: list[tuple[str, str | None]] = []

    def deliver_text(file: Any, *, save_filename: str | None = None, **_: Any) -> str:
        sent.append((file.read(), save_filename))
        return "delivery-key"

    monkeypatch.setattr(type(app), "is_web", property(lambda self: True))
    monkeypatch.setattr(app, "deliver_text", deliver_text)
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_result(pilot)
        saved = app.screen.saved
        await pilot.press("s")
        await pilot.pause()
    ((svg, name),) = sent
    assert name == f"{saved.id}.result.svg"
    assert svg == (companion_home / "exports" / f"{saved.id}.result.svg").read_text("utf-8")
    assert any("Sent to this device" in note for note in notes)


async def test_a_terminal_app_sends_nothing(
    make_test_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_test_app(start=finished_duel)
    sent: list[Any] = []
    monkeypatch.setattr(app, "deliver_text", lambda *args, **kwargs: sent.append(args))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_result(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ShareScreen)
    assert sent == []


async def share_quietly(pilot: Any) -> None:
    """The result, `s`, and the toasts cleared: they name the test's own folder."""
    await to_the_result(pilot)
    await pilot.press("s")
    await pilot.pause()
    pilot.app.clear_notifications()
    await pilot.pause()


async def test_names_and_titles_show_literally_in_the_image(
    make_test_app: Any, companion_home: Path
) -> None:
    hostile = TimeBastardsSetup(
        (Traveller("Ana [/]", "red", 1), Traveller("[b]Ben\x1b", "blue", 3))
    )
    app = make_test_app(start=lambda app: finished_duel(app, hostile, "Duel [red]x"))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_result(pilot)
        saved = app.screen.saved
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ShareScreen)
    shown = words((companion_home / "exports" / f"{saved.id}.result.svg").read_text("utf-8"))
    assert "Players: Ana [/], [b]Ben␛" in shown and "Duel [red]x" in shown
    assert "\x1b" not in shown


class TestShareScreen:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_the_image_to_share(
        self, snap_sizes: Any, make_test_app: Any, sizes: list[Size]
    ) -> None:
        app = make_test_app(start=finished_duel)
        assert snap_sizes(app, sizes, run_before=share_quietly) == []
