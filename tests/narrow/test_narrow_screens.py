"""On a phone (40-44 columns): the width classes, whole notices, the header, the saved-games
list naming each state and winner, and every key reachable by a tap through the keys list."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import DataTable
from textual.widgets._toast import Toast

from companion.registry import get_game
from companion.time_bastards.model import MoveEarliest, RollD6, TimeBastardsSetup, Traveller
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.samples import install_sample
from tests.support.saving import record_played
from tests.support.waiting import pause_until
from widgets.play.action_log import ActionLog
from widgets.shell.chrome import ICON, FooterKey, HeaderIcon, HeaderTitle
from widgets.shell.home import HomeScreen, state_words
from widgets.shell.keys import NOW, KeysScreen
from widgets.time_bastards.play import TimeBastardsScreen

PHONE = (44, 43)
GAMES = ["sojourn", "six-sojourns", "cavendish", "time-bastards"]


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


WIDTHS = [(80, False), (79, True), (44, True), (40, True)]
"""Each width, widest first, and whether a screen is a phone's there."""


async def test_a_screen_is_narrow_below_80_columns(make_test_app: Any) -> None:
    """One window narrowed in steps: at each width home has the class of that width, and the
    dice tray opened there gets it too."""
    app = make_test_app()
    async with app.run_test(size=(WIDTHS[0][0], 24)) as pilot:
        await pilot.pause()
        home = app.screen
        for width, narrow in WIDTHS:
            await pilot.resize_terminal(width, 24)
            # Home may be laid out at the new width (its resume) before Textual's resize
            # event, which gives it the width's class, reaches it: wait for the class.
            await pause_until(
                pilot,
                lambda w=width, n=narrow: home.size.width == w and home.has_class("-narrow") is n,
            )
            assert home.has_class("-wide") is not narrow, width
            await pilot.press("d")  # a screen opened later gets its class too
            await pause_until(
                pilot,
                lambda n=narrow: app.screen is not home and app.screen.has_class("-narrow") is n,
            )
            await pilot.press("escape", "escape")  # the faces field, then the tray
            await pause_until(pilot, lambda: app.screen is home)


async def a_notice_width(pilot: Any) -> int:
    """The width of a notice shown now, the only one on the screen."""
    app = pilot.app
    app.notify("The bumped piece must leave timeline III.", severity="error")
    await pause_until(pilot, lambda: bool(app.screen.query(Toast)))
    toast = app.screen.query_one(Toast)
    await pause_until(pilot, lambda: toast.outer_size.width > 0)
    return int(toast.outer_size.width)


async def test_a_notice_takes_the_whole_width_of_a_phone(make_test_app: Any) -> None:
    """At 120 columns a notice has Textual's own width; the window narrowed to a phone's, the
    next notice takes the whole width."""
    app = make_test_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        assert await a_notice_width(pilot) <= 60  # Textual's own, beside the board at 120
        app.clear_notifications()
        await pause_until(pilot, lambda: not app.screen.query(Toast))
        await pilot.resize_terminal(*PHONE)
        await pause_until(pilot, lambda: app.screen.size == PHONE)
        assert await a_notice_width(pilot) == PHONE[0]


def cells(table: DataTable[Any]) -> list[list[str]]:
    return [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]


LIST_SIZES = [(120, 40), (80, 24), PHONE, (40, 40), (44, 20)]
"""Largest first: one window made smaller to each (a phone's keyboard up last)."""


async def test_the_saved_games_list_names_the_state_and_winner(
    make_test_app: Any, companion_home: Path
) -> None:
    finished = finished_duel(companion_home)
    for game in ("sojourn", "six-sojourns", "cavendish", "time-bastards"):
        install_sample(companion_home, game)
    app = make_test_app()
    async with app.run_test(size=LIST_SIZES[0]) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HomeScreen)
        for size in LIST_SIZES:
            await pilot.resize_terminal(*size)
            await pause_until(pilot, lambda s=size: screen.size == s)
            await pilot.pause()
            names_the_state_and_winner(screen, finished, size)
            table = screen.query_one("#saves", DataTable)
            await pause_until(pilot, lambda t=table: t.max_scroll_x == 0)


def names_the_state_and_winner(screen: HomeScreen, finished: str, size: tuple[int, int]) -> None:
    """Each row's state whole on a phone (shortened at its start elsewhere), the finished duel
    naming its winner, and no column cut."""
    table = screen.query_one("#saves", DataTable)
    rows = {str(key.value): row for key, row in zip(table.rows, cells(table), strict=True)}
    entries = {entry.id: entry for entry in screen.entries}
    winner_row = rows[finished]
    assert winner_row[-1] == state_words(entries[finished]), size  # whole, wrapped in its column
    assert "Ana wins" in winner_row[-1]
    for save_id, row in rows.items():
        shown = " ".join(row[-1].split())
        if size[0] < 80:  # on a phone every state is whole, and the game and its date
            assert shown == " ".join(state_words(entries[save_id]).split()), size
            assert row[0].splitlines()[-1] == "29 Nov 12:00", size
        else:
            assert shown.rstrip("…") and state_words(entries[save_id]).startswith(
                shown.rstrip("…").split()[0]
            ), size
    columns = sum(column.get_render_width(table) for column in table.columns.values())
    assert columns <= table.size.width - 2, size  # nothing off the side: no column cut


async def listed(pilot: Any, words: str) -> tuple[KeysScreen, int]:
    """The `?` keys list opened, and the row of the key described by `words`."""
    app = pilot.app
    await pilot.press("question_mark")
    await pause_until(pilot, lambda: isinstance(app.screen, KeysScreen))
    keys = app.screen
    assert isinstance(keys, KeysScreen)
    return keys, next(i for i, (_k, said, _now) in enumerate(keys.rows) if said == words)


async def test_a_phone_shows_the_game_in_the_header_and_every_key_a_tap_away(
    make_test_app: Any, companion_home: Path
) -> None:
    """The Time Bastards sample on a phone, in turn: the header shows the game alone (the app's
    name comes back at 120 columns, last); a key not usable now, picked in the `?` keys list,
    says so and does nothing; a listed key picked there does what the key does (then undone);
    and one tap on a listed key runs it (issue 33: it was a tap to highlight its row and
    another to run it), a tap on the list's header running nothing."""
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app(start=lambda a: a.open_saved(save_id))
    async with app.run_test(size=PHONE, notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen)
        title = screen.query_one(HeaderTitle)
        await pause_until(pilot, lambda: str(title.render()).strip() == "Mara vs Jonas")
        assert str(screen.query_one(HeaderIcon).render()) == ICON

        # a key not usable now says so and does nothing
        state = screen.tb
        keys, row = await listed(pilot, "Move none")
        assert keys.rows[row][2] != NOW
        keys.query_one("#keys-table", DataTable).move_cursor(row=row)
        await pilot.press("enter")
        await pause_until(pilot, lambda: bool(app.screen.query(Toast)))
        assert app.screen is keys and screen.tb == state
        app.clear_notifications()
        await pilot.press("escape")
        await pause_until(pilot, lambda: app.screen is screen and not screen.query(Toast))

        # a listed key picked with enter does what the key does
        before = len(screen.session.steps)
        keys, row = await listed(pilot, "Move earliest")
        table = keys.query_one("#keys-table", DataTable)
        assert keys.rows[row][2] == NOW
        assert str(table.get_row_at(row)[2]) == NOW  # the Now column on screen at 44 columns
        assert table.max_scroll_x == 0
        table.move_cursor(row=row)
        await pilot.press("enter")
        await pause_until(pilot, lambda: len(screen.session.steps) == before + 1)
        assert app.screen is screen
        assert screen.session.steps[-1].line.startswith("Jonas moves the earliest piece")
        await pilot.press("ctrl+z")
        await pause_until(pilot, lambda: len(screen.session.steps) == before)

        # one tap on a listed key runs it
        await pilot.click(HeaderIcon)  # the header's icon: the palette, then its list of keys
        await pause_until(pilot, lambda: app.screen is not screen)
        await pilot.press("escape")
        await pause_until(pilot, lambda: app.screen is screen)
        keys, row = await listed(pilot, "Move earliest")
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

        await pilot.resize_terminal(120, 40)
        await pause_until(
            pilot, lambda: str(title.render()).strip() == "Table Companion — Mara vs Jonas"
        )


async def test_the_log_reads_in_lines_on_a_phone(make_test_app: Any, companion_home: Path) -> None:
    """Each game's log, opened from home in one phone window: it has the phone's width (it
    wrapped a word per line beside the board) and shows its newest line once the column has
    settled."""
    saves = {game: install_sample(companion_home, game) for game in GAMES}
    app = make_test_app()
    async with app.run_test(size=(40, 40)) as pilot:
        await pilot.pause()
        for game, save_id in saves.items():
            app.go_home()
            await pause_until(pilot, lambda: isinstance(app.screen, HomeScreen))
            await log_reads_in_lines(pilot, game, save_id)


async def log_reads_in_lines(pilot: Any, game: str, save_id: str) -> None:
    app = pilot.app
    app.open_saved(save_id)  # from home, as a player opens it
    await pilot.pause()
    if app.screen.is_modal:
        await pilot.press("escape")  # Sojourn's sample asks for a side: later
    if game == "six-sojourns":
        await pilot.press("l")  # its log has a tab of its own
    log = app.screen.query_one(ActionLog)
    await pause_until(pilot, lambda: log.size.width > 0 and log.view.max_top > 0)
    assert log.view.text_width >= 34, game
    await pause_until(pilot, lambda: log.view.top == log.view.max_top)
    assert log.view.top == log.view.max_top
    words = [line.split() for line in log.plain_lines]
    assert sum(len(line) for line in words) / len(words) >= 4, game


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
