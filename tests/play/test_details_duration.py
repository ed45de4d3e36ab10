"""The duration of a play's details asks "How long did you play?": a game played in the app
offers its active time (never typed in for the players: left empty, the active time counts),
and a play typed in offers nothing."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from textual.widgets import Input, Label, Static

from companion.cavendish.game import CAVENDISH
from saves.games.journal import Draft
from saves.games.store import SaveStore
from saves.history.details import details_of
from tests.history.games import SET_UP, samples
from tests.support.waiting import pause_until
from widgets.stats.details import DetailsDialog, DetailsForm, edit_details
from widgets.stats.record import RecordDialog


def played_for_twenty_minutes(home: Path) -> str:
    """A Cavendish game whose three actions came ten minutes apart: 20 minutes active."""
    clock = [SET_UP]
    store = SaveStore(home, clock=lambda: clock[0])
    saved = store.create(CAVENDISH, samples.CAVENDISH_SETUP, title="Cavendish night")
    moves = samples.play(CAVENDISH, samples.CAVENDISH_SETUP, samples.cavendish_moves, 3, 2026)
    for minutes, move in zip((0, 10, 20), moves.actions, strict=True):
        clock[0] = SET_UP + timedelta(minutes=minutes)
        store.transact(saved, lambda _theirs, move=move: [Draft("do", move)])
    return saved.id


def form_label(form: DetailsForm) -> str:
    return " ".join(str(label.render()) for label in form.query(Label))


async def test_a_game_played_in_the_app_offers_its_active_time(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = played_for_twenty_minutes(companion_home)
    store = SaveStore(companion_home)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: app.screen.is_current)
        edit_details(app.screen, store.load(save_id))
        await pause_until(pilot, lambda: bool(app.screen.query("#details-minutes")))
        form = app.screen.query_one(DetailsForm)
        assert "How long did you play?" in form_label(form)
        minutes = form.query_one("#details-minutes", Input)
        assert (minutes.value, minutes.placeholder) == ("", "0:20")  # offered, not typed in
        offered = str(form.query_one("#details-offered", Static).render())
        assert "0:20" in offered and "left empty" in offered
        await pilot.press("ctrl+s")
        await pause_until(pilot, lambda: not isinstance(app.screen, DetailsDialog))
    details = details_of(SaveStore(companion_home).load(save_id).extra)
    assert details is not None and details.minutes is None  # the active time counts


async def test_a_play_typed_in_offers_no_duration(make_test_app: Any, companion_home: Path) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.press("l")
        await pilot.press("n")
        await pause_until(pilot, lambda: isinstance(app.screen, RecordDialog))
        await pause_until(pilot, lambda: bool(app.screen.query(DetailsForm)))
        form = app.screen.query_one(DetailsForm)
        assert "How long did you play?" in form_label(form)
        minutes = form.query_one("#details-minutes", Input)
        assert (minutes.value, minutes.placeholder) == ("", "")
        assert not form.query("#details-offered")
