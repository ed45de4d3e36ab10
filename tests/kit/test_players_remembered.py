"""Players remembered: each setup proposes the last players of its game in their seats, and a
name field completes the names typed before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Input

from saves.shared.settings import SettingsStore
from widgets.kit.players import (
    NamesSuggester,
    known_names,
    last_players,
    remember_players,
)


def test_names_are_kept_per_game_and_known_to_every_setup(companion_home: Path) -> None:
    settings = SettingsStore(companion_home)
    assert last_players(settings, "cavendish") == []
    remember_players(settings, "cavendish", ["Zoé", "Ben"])
    remember_players(settings, "time-bastards", ["Mara", "Zoé"])
    again = SettingsStore(companion_home)  # read back from settings.toml
    assert last_players(again, "cavendish") == ["Zoé", "Ben"]
    assert last_players(again, "time-bastards") == ["Mara", "Zoé"]
    assert known_names(again) == ["Mara", "Zoé", "Ben"]


def test_a_hand_edited_list_keeps_only_names(companion_home: Path) -> None:
    settings = SettingsStore(companion_home)
    settings.set_preference("players-six-sojourns", ["Ana", 3, "  ", "Cy"])
    settings.set_preference("known-players", "not a list")
    assert last_players(settings, "six-sojourns") == ["Ana", "Cy"]
    assert known_names(settings) == []


async def test_the_last_name_of_a_list_is_completed() -> None:
    suggester = NamesSuggester(["Ben", "Beatrice", "Ana"])
    assert await suggester.get_suggestion("Ana, be") == "Ana, Ben"
    assert await suggester.get_suggestion("Ben, be") == "Ben, Beatrice"
    assert await suggester.get_suggestion("Ana, ") is None


async def test_each_setup_seats_or_proposes_its_last_players(make_test_app: Any) -> None:
    """The Cavendish and Time Bastards setups seat the players remembered for them, a name
    field completes a name remembered for another game; then Six Sojourns, once a game of its
    own is started, proposes its players again and completes the last name of its list."""
    app = make_test_app()
    remember_players(app.settings, "cavendish", ["Zoé", "Ugo", "Ines"])
    remember_players(app.settings, "time-bastards", ["Mara", "Jonas"])
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_game("cavendish")
        await pilot.pause()
        seats = [app.screen.query_one(f"#player-{seat}", Input).value for seat in range(4)]
        assert seats == ["Zoé", "Ugo", "Ines", ""]
        seat = app.screen.query_one("#player-3", Input)
        seat.focus()
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("right")
        assert seat.value == "Mara"
        app.go_home()
        await pilot.pause()
        app.new_game("time-bastards")
        await pilot.pause()
        names = [app.screen.query_one(f"#tb-name-{n}", Input).value for n in (1, 2)]
        assert names == ["Mara", "Jonas"]

        app.go_home()
        await pilot.pause()
        app.new_game("six-sojourns")
        await pilot.pause()
        app.screen.query_one("#ss-players", Input).value = "Zoé, Ugo, Ines"
        await pilot.press("ctrl+s")
        await pilot.pause()
        app.go_home()
        await pilot.pause()
        app.new_game("six-sojourns")
        await pilot.pause()
        field = app.screen.query_one("#ss-players", Input)
        assert field.value == "Zoé, Ugo, Ines"
        field.value = ""
        field.focus()
        await pilot.press(*"Ugo, z")
        await pilot.pause()
        await pilot.press("right")  # accepts the suggestion
        assert field.value == "Ugo, Zoé"
