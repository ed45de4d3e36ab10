"""On a phone (40-44 columns): the width classes, whole notices, the header, the saved-games
list naming each state and winner, and every key reachable by a tap through the keys list."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable
from textual.widgets._footer import FooterKey
from textual.widgets._header import HeaderIcon, HeaderTitle
from textual.widgets._toast import Toast

from companion.registry import get_game
from companion.time_bastards.model import MoveEarliest, RollD6, TimeBastardsSetup, Traveller
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.samples import install_sample
from tests.support.saving import record_played
from tests.support.waiting import pause_until
from widgets.play.action_log import ActionLog
from widgets.shell.chrome import ICON
from widgets.shell.home import HomeScreen, state_words
from widgets.shell.keys import NOW, KeysScreen
from widgets.time_bastards.play import TimeBastardsScreen

PHONE = (44, 43)


def finished_duel(home: Path) -> str:
    """A Time Bastards duel that ran out of time, Ana winning on the oldest piece; its id."""
    game = get_game("time-bastards")
    assert game is not None
    store = SaveStore(home, fixed_clock)
    setup = TimeBastardsSetup((Traveller("Ana", "red", 1), Traveller("Ben", "blue", 3)))
    saved = store.create(game, setup, "Ana v Ben, Sunday")
    saved.session.do(MoveEarliest(0))
    while not saved.session.state.finished:
        saved.session.do(RollD6(saved.session.state.turn, 5))  # lost in time
    record_played(store, saved)
    return saved.id


@pytest.mark.parametrize(("width", "narrow"), [(40, True), (44, True), (79, True), (80, False)])
async def test_a_screen_is_narrow_below_80_columns(
    make_test_app: Any, width: int, narrow: bool
) -> None:
    app = make_test_app()
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        assert app.screen.has_class("-narrow") is narrow
        assert app.screen.has_class("-wide") is not narrow
        await pilot.press("d")  # a screen opened later gets its class too
        await pause_until(pilot, lambda: app.screen.has_class("-narrow") is narrow)


async def test_a_notice_takes_the_whole_width_of_a_phone(make_test_app: Any) -> None:
    app = make_test_app()
    async with app.run_test(size=PHONE, notifications=True) as pilot:
        await pilot.pause()
        app.notify("The bumped piece must leave timeline III.", severity="error")
        await pause_until(pilot, lambda: bool(app.screen.query(Toast)))
        toast = app.screen.query_one(Toast)
        await pause_until(pilot, lambda: toast.outer_size.width > 0)
        assert toast.outer_size.width == PHONE[0]
    app = make_test_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        app.notify("The bumped piece must leave timeline III.", severity="error")
        await pause_until(pilot, lambda: bool(app.screen.query(Toast)))
        toast = app.screen.query_one(Toast)
        await pause_until(pilot, lambda: toast.outer_size.width > 0)
        assert toast.outer_size.width <= 60  # Textual's own, beside the board at 120


async def test_the_header_shows_the_game_alone_on_a_phone(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app(start=lambda a: a.open_saved(save_id))
    async with app.run_test(size=PHONE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TimeBastardsScreen)
        title = app.screen.query_one(HeaderTitle)
        await pause_until(pilot, lambda: str(title.render()).strip() == "Mara vs Jonas")
        assert str(app.screen.query_one(HeaderIcon).render()) == ICON
        await pilot.resize_terminal(120, 40)
        await pause_until(
            pilot, lambda: str(title.render()).strip() == "Table Companion — Mara vs Jonas"
        )


def cells(table: DataTable[Any]) -> list[list[str]]:
    return [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]


@pytest.mark.parametrize("size", [(40, 40), PHONE, (44, 20), (80, 24), (120, 40)])
async def test_the_saved_games_list_names_the_state_and_winner(
    make_test_app: Any, companion_home: Path, size: tuple[int, int]
) -> None:
    finished = finished_duel(companion_home)
    for game in ("sojourn", "six-sojourns", "cavendish", "time-bastards"):
        install_sample(companion_home, game)
    app = make_test_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HomeScreen)
        table = screen.query_one("#saves", DataTable)
        rows = {str(key.value): row for key, row in zip(table.rows, cells(table), strict=True)}
        entries = {entry.id: entry for entry in screen.entries}
        winner_row = rows[finished]
        assert winner_row[-1] == state_words(entries[finished])  # whole, wrapped in its column
        assert "Ana wins" in winner_row[-1]
        for save_id, row in rows.items():
            shown = " ".join(row[-1].split())
            if size[0] < 80:  # on a phone every state is whole, and the game and its date
                assert shown == " ".join(state_words(entries[save_id]).split())
                assert row[0].splitlines()[-1] == "29 Nov 12:00"
            else:
                assert shown.rstrip("…") and state_words(entries[save_id]).startswith(
                    shown.rstrip("…").split()[0]
                )
        columns = sum(column.get_render_width(table) for column in table.columns.values())
        assert columns <= table.size.width - 2  # nothing off the side: no column cut
        await pause_until(pilot, lambda: table.max_scroll_x == 0)


async def test_a_tap_on_a_listed_key_does_what_the_key_does(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app(start=lambda a: a.open_saved(save_id))
    async with app.run_test(size=PHONE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen)
        before = len(screen.session.steps)
        await pilot.press("question_mark")
        await pause_until(pilot, lambda: isinstance(app.screen, KeysScreen))
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        table = keys.query_one("#keys-table", DataTable)
        row = next(i for i, (_k, words, now) in enumerate(keys.rows) if words == "Move earliest")
        assert keys.rows[row][2] == NOW
        assert str(table.get_row_at(row)[2]) == NOW  # the Now column on screen at 44 columns
        assert table.max_scroll_x == 0
        table.move_cursor(row=row)
        await pilot.press("enter")
        await pause_until(pilot, lambda: len(screen.session.steps) == before + 1)
        assert app.screen is screen
        assert screen.session.steps[-1].line.startswith("Jonas moves the earliest piece")


async def test_a_key_not_usable_now_says_so_and_does_nothing(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app(start=lambda a: a.open_saved(save_id))
    async with app.run_test(size=PHONE, notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen)
        state = screen.tb
        await pilot.press("question_mark")
        await pause_until(pilot, lambda: isinstance(app.screen, KeysScreen))
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        row = next(i for i, (_k, words, _now) in enumerate(keys.rows) if words == "Move none")
        assert keys.rows[row][2] != NOW
        keys.query_one("#keys-table", DataTable).move_cursor(row=row)
        await pilot.press("enter")
        await pause_until(pilot, lambda: bool(app.screen.query(Toast)))
        assert app.screen is keys and screen.tb == state


async def test_one_tap_on_a_listed_key_runs_it(make_test_app: Any, companion_home: Path) -> None:
    """Issue 33: after `? More keys` a key was a tap to highlight its row and another to run it."""
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app(start=lambda a: a.open_saved(save_id))
    async with app.run_test(size=PHONE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen)
        before = len(screen.session.steps)
        await pilot.click(HeaderIcon)  # the header's icon: the palette, then its list of keys
        await pause_until(pilot, lambda: app.screen is not screen)
        await pilot.press("escape")
        await pause_until(pilot, lambda: app.screen is screen)
        await pilot.press("question_mark")
        await pause_until(pilot, lambda: isinstance(app.screen, KeysScreen))
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        row = next(i for i, (_k, words, _now) in enumerate(keys.rows) if words == "Move earliest")
        table = keys.query_one("#keys-table", DataTable)
        await pause_until(pilot, lambda: table.size.height > 0)
        await pilot.click(table, offset=(5, 0))  # the header: nothing to run
        await pilot.pause()
        assert app.screen is keys and len(screen.session.steps) == before
        table.move_cursor(row=table.row_count - 1)  # another row highlighted, not this one
        await pause_until(pilot, lambda: table.cursor_row != row)
        await pilot.click(table, offset=(5, 1 + row))  # under the header row
        await pause_until(pilot, lambda: len(screen.session.steps) == before + 1)
        assert app.screen is screen


@pytest.mark.parametrize("game", ["sojourn", "six-sojourns", "cavendish", "time-bastards"])
async def test_the_log_reads_in_lines_on_a_phone(
    make_test_app: Any, companion_home: Path, game: str
) -> None:
    """The log has the phone's width (it wrapped a word per line beside the board) and shows
    its newest line once the column has settled."""
    save_id = install_sample(companion_home, game)
    app = make_test_app()
    async with app.run_test(size=(40, 40)) as pilot:
        await pilot.pause()
        app.open_saved(save_id)  # from home, as a player opens it
        await pilot.pause()
        if app.screen.is_modal:
            await pilot.press("escape")  # Sojourn's sample asks for a side: later
        if game == "six-sojourns":
            await pilot.press("l")  # its log has a tab of its own
        log = app.screen.query_one(ActionLog)
        await pause_until(pilot, lambda: log.size.width > 0 and log.max_scroll_y > 0)
        assert log.scrollable_content_region.width >= 34
        await pause_until(pilot, lambda: log.scroll_y == log.max_scroll_y)
        assert log.scroll_y == log.max_scroll_y
        words = [line.split() for line in log.plain_lines]
        assert sum(len(line) for line in words) / len(words) >= 4


async def test_the_dice_tray_can_be_closed_by_a_tap_on_a_phone(make_test_app: Any) -> None:
    """Typing in the tray's field takes `?`, so the footer keeps escape's place on a phone
    (which has no escape key): its taps go back to the dice, then close the tray."""
    app = make_test_app()
    async with app.run_test(size=(40, 40)) as pilot:
        await pilot.pause()
        home = app.screen
        await pilot.press("d")
        await pause_until(pilot, lambda: app.screen is not home)
        tray = app.screen
        await pause_until(pilot, lambda: bool(tray.query(FooterKey)))
        for _tap in range(2):  # from the faces field: back to the dice, then close
            keys = {key.key: key for key in tray.query(FooterKey)}
            assert "escape" in keys, list(keys)
            focused = app.focused
            await pilot.click(keys["escape"])
            await pause_until(
                pilot, lambda was=focused: app.screen is home or app.focused is not was
            )
            await pause_until(pilot, lambda: app.screen is home or bool(tray.query(FooterKey)))
            if app.screen is home:
                break
        assert app.screen is home
