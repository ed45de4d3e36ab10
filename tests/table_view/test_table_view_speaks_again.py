"""A switch of language with the table view or the table display open (issue 45): its header,
its headline, its boxes' titles and labels in the new language at once, the same figures under
them, and back again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from test_table_display import display_of, duel, wait_for
from test_table_view import EXPECTED, headline, open_view, shown

import lang
from tests.support.waiting import pause_until
from widgets.shell.chrome import FooterKey
from widgets.table_view.display import TableDisplayApp
from widgets.table_view.view import TableView

FRENCH = {
    "Horloge": {"Heure sur 24": "20"},
    "● Mara": {"Exploits": "0", "Sur le plateau": "2"},
    "◆ Jonas": {"Exploits": "1", "Sur le plateau": "3"},
}
"""Time Bastards' sample in French: the same figures (`EXPECTED`), their words translated."""


async def switch(app: Any, pilot: Any, code: str) -> None:
    """The language picked (as the Language dialog picks it), then the switch waited for."""
    app.language_picked(code)
    await pilot.pause()
    await pilot.pause()
    assert lang.current() == code


async def test_the_table_view_draws_its_figures_in_the_new_language_at_once(
    game_app: Callable[[str], Any],
) -> None:
    app = game_app("time-bastards")
    async with app.run_test(size=(80, 24)) as pilot:
        view = await open_view(pilot)
        assert shown(view) == EXPECTED["time-bastards"]

        await switch(app, pilot, "fr")
        assert app.screen is view
        assert view.title == "Vue de table : Time Bastards"
        assert headline(view) == "À Jonas de jouer"
        assert shown(view) == FRENCH
        assert [key.description for key in view.query(FooterKey)][:1] == ["Écran de jeu"]

        await switch(app, pilot, "en")
        assert view.title == "Table view: Time Bastards"
        assert headline(view) == "Jonas's turn"
        assert shown(view) == EXPECTED["time-bastards"]


async def test_the_table_display_draws_its_game_and_its_waiting_words_again(
    make_test_app: Callable[..., Any], companion_home: Any
) -> None:
    app = make_test_app(app_class=TableDisplayApp)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = display_of(app)
        assert screen.title == "Table display"
        await switch(app, pilot, "de")
        assert (screen.title, screen.sub_title) == ("Tischanzeige", "wartet auf eine Partie")
        waiting = str(screen.query_one("#td-waiting").render())  # type: ignore[attr-defined]
        assert waiting.startswith("Keine Partie im Gange.")

        saved = duel(companion_home, 1, "Duel")
        assert await wait_for(pilot, lambda: screen.saved is not None)
        assert saved.id == screen.saved.id  # type: ignore[union-attr]
        view = screen.query_one(TableView)
        await pause_until(pilot, lambda: view.content is not None)
        assert view.content is not None and view.content.headline == "Mara am Zug"

        await switch(app, pilot, "fr")
        assert screen.sub_title == "Duel (spectateur)"
        view = screen.query_one(TableView)
        assert view.content is not None and view.content.headline == "À Mara de jouer"
        assert view.content.groups[0].title == "Horloge"
        await switch(app, pilot, "en")
        assert screen.sub_title == "Duel (watching)"
