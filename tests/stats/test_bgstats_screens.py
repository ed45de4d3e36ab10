"""The plays list, recording a play, the result of a game just ended sent to BG Stats and its
details asked once, the BG Stats file written: Pilot flows from the keyboard, and snapshots at
44x43, 80x24, 120x40. In a browser: test_push_screens."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from textual.widgets import DataTable, Input, Select, Static

from companion.history.details import PlayDetails, minutes_text
from companion.history.push import PUSH_LINK
from companion.history.recorded import RecordedPlay, recorded_game, recorded_games
from saves.games.store import SaveStore
from saves.history.details import details_of
from saves.history.recorded import RecordedStore
from tests.history.games import SET_UP, cavendish_in_play, finished_six_sojourns
from tests.support.snapshots import Size, size_sets
from widgets.play.result import ResultScreen
from widgets.stats.details import DetailsDialog, DetailsForm
from widgets.stats.plays import ConfirmDelete, PlaysScreen
from widgets.stats.push import PushLinkScreen
from widgets.stats.record import RecordDialog, first_scored

SIZES = size_sets([(44, 43), (80, 24), (120, 40)])


def test_a_new_record_starts_on_the_first_game_with_a_score() -> None:
    assert first_scored(recorded_games()) == "six-sojourns"  # Sojourn, listed first, has none
    solo = {"sojourn": recorded_game("sojourn")}
    assert first_scored(solo) == "sojourn"  # no game with a score: the first


def write_plays(home: Path) -> None:
    finished_six_sojourns(home)
    store = RecordedStore(home, lambda: SET_UP)
    store.add(
        RecordedPlay(
            "cavendish",
            SET_UP,
            ("Ana", "Ben"),
            {"Ana": 3, "Ben": 3},
            (),
            "won",
            PlayDetails("Ana's kitchen", "Ben", 95, notes="close one"),
        )
    )
    store.add(RecordedPlay("sojourn", SET_UP, ("Zoë",), {}, (), "lost"))


async def open_plays(pilot: Any) -> PlaysScreen:
    await pilot.press("t")
    await pilot.pause()
    await pilot.press("l")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, PlaysScreen)
    return screen


def pushed(link: str) -> Any:
    """What a BG Stats push link carries."""
    assert link.startswith(PUSH_LINK)
    return json.loads(unquote(link.removeprefix(PUSH_LINK)))


def cells(screen: PlaysScreen) -> list[list[str]]:
    table = screen.query_one("#plays-table", DataTable)
    return [[str(c) for c in table.get_row_at(r)] for r in range(table.row_count)]


async def test_a_play_is_recorded_from_the_keyboard_and_refused_with_the_reason(
    make_test_app: Any, companion_home: Path
) -> None:
    write_plays(companion_home)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_plays(pilot)
        assert len(cells(screen)) == 3
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RecordDialog)
        dialog.query_one("#record-players", Input).value = "Ana=3, Ben=9"
        dialog.query_one("#record-winners", Input).value = "Ana"
        await pilot.press("ctrl+s")
        await pilot.pause()
        problem = str(dialog.query_one("#record-problem", Static).render())
        assert "Ana cannot win with 3: the most in Six Sojourns wins (9)." in problem
        assert app.screen is dialog  # nothing kept, what was typed still there
        dialog.query_one("#record-winners", Input).value = ""
        dialog.query_one("#details-location", Input).value = "Club"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert ["Six Sojourns", "Ana, Ben", "won by Ben", "Club"] in [r[2:6] for r in cells(screen)]
    (entry,) = [e for e in RecordedStore(companion_home, lambda: SET_UP).listing()[0]
                if e.play.game_id == "six-sojourns"]  # fmt: skip
    assert entry.play.winners == ("Ben",) and entry.play.details.location == "Club"


async def test_a_recorded_play_is_edited_and_deleted_only_after_asking_an_app_play_is_not(
    make_test_app: Any, companion_home: Path
) -> None:
    write_plays(companion_home)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_plays(pilot)
        row = [r[2] for r in cells(screen)].index("Sojourn")
        screen.query_one("#plays-table", DataTable).move_cursor(row=row)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, RecordDialog)
        app.screen.query_one("#details-location", Input).value = "Train"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Train" in [r[5] for r in cells(screen)]
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDelete)
        await pilot.press("n")
        await pilot.pause()
        assert len(cells(screen)) == 3
        await pilot.press("x", "y")
        await pilot.pause()
        assert [r[2] for r in cells(screen)].count("Sojourn") == 0
        row = [r[1] for r in cells(screen)].index("app")
        screen.query_one("#plays-table", DataTable).move_cursor(row=row)
        await pilot.press("delete")  # a game played in the app is not deleted here
        await pilot.pause()
        assert app.screen is screen and len(cells(screen)) == 2
        # ... but it gets its details and its BG Stats file
        row = [r[1] for r in cells(screen)].index("app")
        screen.query_one("#plays-table", DataTable).move_cursor(row=row)
        await pilot.press("e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, DetailsDialog)
        dialog.query_one("#details-location", Input).value = "Library"
        dialog.query_one("#details-minutes", Input).value = "1:10"
        await pilot.press("ctrl+s")
        await pilot.pause()
        # the list shows an app play's details as it shows a typed-in play's
        assert [r[5:] for r in cells(screen) if r[1] == "app"] == [["Library", minutes_text(70)]]
        await pilot.press("b")
        await pilot.pause()
    (saved_id,) = [p.stem for p in (companion_home / "games").glob("*.toml")]
    saved = SaveStore(companion_home).load(saved_id)
    assert details_of(saved.extra) == PlayDetails(
        "Library", "", 70, tuple(saved.session.setup.expansions)
    )
    sent = (companion_home / "exports" / f"{saved_id}.bgsplay").read_text(encoding="utf-8")
    assert '"name": "Library"' in sent and '"durationMin": 70' in sent


async def test_the_result_sends_the_play_and_asks_its_details_once_not_when_undone(
    make_test_app: Any, companion_home: Path
) -> None:
    """The result screen of a game just ended sends that play to BG Stats (`o`: its push
    link); the end of a game asks for its details once, after the result, and not when the
    end is undone from the result."""
    saved = cavendish_in_play(companion_home)
    app = make_test_app(start=lambda app: app.open_saved(saved.id))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("X", "y")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PushLinkScreen)
        assert screen.save_id == saved.id
        assert pushed(screen.link)["game"]["cooperative"] is True
        await pilot.press("escape")  # back to the result
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("ctrl+z")  # undone from the result: not asked
        await pilot.pause()
        assert not isinstance(app.screen, (ResultScreen, DetailsDialog))
        assert "play_details" not in SaveStore(companion_home).load(saved.id).extra
        await pilot.press("X", "y")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)  # the result first, then the question
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, DetailsDialog)
        app.screen.query_one("#details-location", Input).value = "Club"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("ctrl+z")  # undo the end, end it again: not asked a second time
        await pilot.pause()
        await pilot.press("X", "y")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, DetailsDialog)
    reloaded = SaveStore(companion_home).load(saved.id)
    # the test clock stands still: no active time to prefill the duration with
    assert reloaded.extra["activity"]["seconds"] == 0
    assert details_of(reloaded.extra) == PlayDetails("Club")


class TestSnapshots:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_the_plays_and_their_dialogs(
        self, snap_sizes: Any, make_test_app: Any, companion_home: Path, sizes: list[Size]
    ) -> None:
        """The plays list; a new play's dialog; the details of the play made in the app (the
        second row: the cursor goes down to it for `e` and back up for the list)."""
        write_plays(companion_home)

        async def to_a_new_play(pilot: Any) -> None:
            await pilot.press("t", "l")
            await pilot.pause()
            assert [r[1] for r in cells(pilot.app.screen)].index("app") == 1
            await pilot.press("n")

        views = {"plays": ["escape", "up"], "record": ["n"], "details": ["escape", "down", "e"]}
        assert snap_sizes(make_test_app(), sizes, run_before=to_a_new_play, views=views) == []


async def test_another_game_chosen_with_a_score_half_typed_keeps_the_dialog_open(
    make_test_app: Any, companion_home: Path
) -> None:
    """The details' start player is offered among the players typed so far, read whatever
    follows an `=` (a score not yet a number), not refused mid-typing."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_plays(pilot)
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RecordDialog)
        dialog.query_one("#record-players", Input).value = "Mara=1x, Jonas"
        dialog.query_one("#record-game", Select).value = "time-bastards"
        await pilot.pause()
        assert app.screen is dialog and app.return_code is None
        assert dialog.query_one(DetailsForm).players == ("Mara", "Jonas")
