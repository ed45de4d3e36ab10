"""A switch of language on the plays list and its dialogs (issue 45): every word in the new
language at once, and nothing lost: the play highlighted, the answer focused, every field typed
or picked in the record and details dialogs, the cursor in the field, a refusal said again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_bgstats_screens import cells, open_plays, write_plays
from textual.widgets import Button, DataTable, Input, Label, Select, Static, TextArea

import lang
from saves.history.recorded import RecordedStore
from tests.history.games import SET_UP
from widgets.stats.details import DetailsDialog
from widgets.stats.plays import ConfirmDelete
from widgets.stats.record import RecordDialog


async def switch(app: Any, pilot: Any, code: str) -> None:
    """The language picked (as the Language dialog picks it), then the switch waited for."""
    app.language_picked(code)
    await pilot.pause()
    await pilot.pause()
    assert lang.current() == code


def text(widget: Label | Static) -> str:
    return str(widget.render())


def headers(table: DataTable[Any]) -> list[str]:
    return [str(column.label) for column in table.columns.values()]


async def test_the_plays_list_keeps_its_play_and_the_delete_dialog_its_answer(
    make_test_app: Any, companion_home: Path
) -> None:
    write_plays(companion_home)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_plays(pilot)
        row = [r[2] for r in cells(screen)].index("Sojourn")
        screen.query_one("#plays-table", DataTable).move_cursor(row=row)
        await pilot.pause()
        assert row != 0 and cells(screen)[row][1] == "typed in"

        await switch(app, pilot, "fr")
        assert app.screen is screen and screen.title == "Parties"
        table = screen.query_one("#plays-table", DataTable)
        assert headers(table)[:2] == ["Date", "Type"]
        assert cells(screen)[row][1:3] == ["saisie", "Sojourn"]
        assert table.cursor_row == row and app.focused is table
        assert [text(label) for label in screen.query(Label)] == [
            "Records : meilleur score par jeu",
            "Parties par mois",
        ]

        await pilot.press("x")
        await pilot.pause()
        asking = app.screen
        assert isinstance(asking, ConfirmDelete)
        asking.query_one("#delete-yes", Button).focus()
        await pilot.pause()
        await switch(app, pilot, "de")
        assert app.screen is asking
        assert app.focused is asking.query_one("#delete-yes", Button)
        assert "Löschen (y)" in str(asking.query_one("#delete-yes", Button).label)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and len(cells(screen)) == 3

        await switch(app, pilot, "en")
        assert cells(screen)[row][1:3] == ["typed in", "Sojourn"]
        assert screen.query_one("#plays-table", DataTable).cursor_row == row


async def test_the_record_dialog_keeps_what_is_typed_and_says_its_refusal_again(
    make_test_app: Any, companion_home: Path
) -> None:
    write_plays(companion_home)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_plays(pilot)
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RecordDialog)
        dialog.query_one("#record-date", Input).value = "2026-11-20 19:30"
        dialog.query_one("#record-players", Input).value = "Ana=3, Ben=9"
        dialog.query_one("#record-winners", Input).value = "Ana"
        dialog.query_one("#details-location", Input).value = "Club"
        dialog.query_one("#details-notes", TextArea).text = "close one"
        await pilot.press("ctrl+s")
        await pilot.pause()
        problem = text(dialog.query_one("#record-problem", Static))
        assert problem.startswith("Not kept: Ana cannot win with 3")
        dialog.query_one("#record-winners", Input).focus()
        await pilot.pause()
        await pilot.press("end")

        await switch(app, pilot, "fr")
        assert app.screen is dialog
        assert dialog.query_one("#record-box").border_title == "Noter une partie"
        assert text(dialog.query_one("#record-players-label", Label)) == (
            "Joueurs et scores : Ana=12, Ben=9"
        )
        assert text(dialog.query_one("#record-problem", Static)).startswith(
            "Non gardée : Ana ne peut pas gagner avec 3"
        )
        assert [text(label) for label in dialog.query(Label)][1] == (
            "Date et heure du début (heure locale)"
        )
        assert "Où (lieu)" in [text(label) for label in dialog.query(Label)]
        assert dialog.query_one("#record-game", Select).value == "six-sojourns"
        assert dialog.query_one("#record-date", Input).value == "2026-11-20 19:30"
        assert dialog.query_one("#record-players", Input).value == "Ana=3, Ben=9"
        assert dialog.query_one("#details-location", Input).value == "Club"
        assert dialog.query_one("#details-notes", TextArea).text == "close one"
        winners = dialog.query_one("#record-winners", Input)
        assert winners.value == "Ana" and app.focused is winners
        await pilot.press("backspace", "backspace", "backspace")  # the cursor where it was
        await pilot.pause()
        assert winners.value == ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
    (entry,) = [e for e in RecordedStore(companion_home, lambda: SET_UP).listing()[0]
                if e.play.game_id == "six-sojourns"]  # fmt: skip
    assert entry.play.winners == ("Ben",) and entry.play.players == ("Ana", "Ben")
    assert entry.play.details.location == "Club" and entry.play.details.notes == "close one"


async def test_a_co_op_record_keeps_its_game_its_outcome_and_its_score(
    make_test_app: Any, companion_home: Path
) -> None:
    write_plays(companion_home)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_plays(pilot)
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RecordDialog)
        dialog.query_one("#record-game", Select).value = "cavendish"
        await pilot.pause()
        dialog.query_one("#record-players", Input).value = "Ana, Ben=x"  # a score not a number
        dialog.query_one("#record-outcome", Select).value = "failed"
        dialog.query_one("#record-score", Input).value = "7"
        await pilot.pause()

        await switch(app, pilot, "de")
        assert dialog.query_one("#record-game", Select).value == "cavendish"
        assert dialog.query_one("#record-outcome", Select).value == "failed"
        assert dialog.query_one("#record-outcome").display
        assert dialog.query_one("#record-score", Input).value == "7"
        assert dialog.query_one("#record-players", Input).value == "Ana, Ben=x"
        assert not dialog.query_one("#record-winners").display
        assert dialog.query_one("#record-box").border_title == "Partie erfassen"

        await switch(app, pilot, "en")
        assert dialog.query_one("#record-outcome", Select).value == "failed"
        assert dialog.query_one("#record-box").border_title == "Record a play"


async def test_the_details_dialog_keeps_every_field_and_says_its_refusal_again(
    make_test_app: Any, companion_home: Path
) -> None:
    write_plays(companion_home)
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_plays(pilot)
        row = [r[1] for r in cells(screen)].index("app")
        screen.query_one("#plays-table", DataTable).move_cursor(row=row)
        await pilot.press("e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, DetailsDialog)
        dialog.query_one("#details-location", Input).value = "Library"
        dialog.query_one("#details-minutes", Input).value = "1:10"
        dialog.query_one("#details-expansions", Input).value = "Moon"
        await pilot.press("ctrl+s")
        await pilot.pause()
        problem = text(dialog.query_one("#details-problem", Static))
        assert problem == "Not saved: 'Moon' is not a Six Sojourns expansion."
        notes = dialog.query_one("#details-notes", TextArea)
        notes.focus()
        await pilot.pause()
        await pilot.press(*"tight")

        await switch(app, pilot, "fr")
        assert app.screen is dialog
        assert dialog.query_one("#details-box").border_title == "Détails de la partie"
        assert text(dialog.query_one("#details-problem", Static)) == (
            "Non enregistré : « Moon » n'est pas une extension de Six Sojourns."
        )
        assert "Combien de temps avez-vous joué ? (minutes, ou h:mm)" in [
            text(label) for label in dialog.query(Label)
        ]
        assert dialog.query_one("#details-location", Input).value == "Library"
        assert dialog.query_one("#details-minutes", Input).value == "1:10"
        assert dialog.query_one("#details-expansions", Input).value == "Moon"
        notes = dialog.query_one("#details-notes", TextArea)
        assert notes.text == "tight" and app.focused is notes
        await pilot.press(*"!")  # the cursor where it was
        await pilot.pause()
        assert notes.text == "tight!"
        dialog.query_one("#details-expansions", Input).value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert cells(screen)[row][5] == "Library"
