"""The table display once a game has ended (issue 42): beside its result, the push link's QR
code, the same link as `o` on the result screen and `companion plays --bgstats-link`, so that
each player scans the play into their own BG Stats; the end undone, the code goes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

from companion.history.push import PUSH_LINK
from companion.session import Session
from companion.time_bastards.game import TIME_BASTARDS
from companion.time_bastards.model import LeavePieces, RollD6
from saves.games.store import SavedGame, SaveStore
from tests.conftest import FIXED_NOW
from tests.support.saving import record_played
from tests.support.waiting import pause_until
from tests.time_bastards.test_time_bastards_snapshots import MIDGAME, SETUP
from widgets.stats.push import qr_text
from widgets.table_view.display import TableDisplayScreen
from widgets.table_view.push_code import PushCode, link_of


def to_the_end(store: SaveStore, saved: SavedGame) -> None:
    """Another window plays the duel to the clock's end: every turn a 6 that moves nothing."""
    session = Session(TIME_BASTARDS, SETUP, MIDGAME)
    while not session.state.finished:
        player = session.state.turn
        session.do(RollD6(player, 6))
        session.do(LeavePieces(player))
    for action in session.actions:
        saved.session.do(action)
    record_played(store, saved)


def push_of(app: Any) -> PushCode:
    screen = app.screen
    assert isinstance(screen, TableDisplayScreen)
    return screen.query_one(PushCode)


async def test_an_ended_game_shows_its_push_links_qr_code(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    from widgets.table_view.display import TableDisplayApp

    store = SaveStore(companion_home, lambda: FIXED_NOW + timedelta(minutes=1))
    saved = store.create(TIME_BASTARDS, SETUP, "Ana v Ben")
    app = make_test_app(app_class=TableDisplayApp)
    async with app.run_test(size=(200, 60)) as pilot:
        await pause_until(pilot, lambda: push_of(app).parent.display)  # the game in play
        assert push_of(app).link is None and not push_of(app).display
        to_the_end(store, saved)
        link = link_of(companion_home, saved)
        assert link is not None and link.startswith(PUSH_LINK)
        await pause_until(pilot, lambda: push_of(app).link is not None)
        push = push_of(app)
        assert push.link == link and push.display
        code = push.query_one("#td-push-code")
        assert code.region.height == len(qr_text(link).plain.splitlines())  # whole on screen
        assert code.region.right <= 200 and code.region.bottom <= 59

        saved.session.undo()  # another device takes the end back
        record_played(store, saved)
        await pause_until(pilot, lambda: push_of(app).link is None)
        assert not push_of(app).display


class TestEndedGameOnTheTableDisplay:
    def test_the_push_code_beside_the_result(
        self, snap_compare: Any, make_test_app: Callable[..., Any], companion_home: Path
    ) -> None:
        """A TV across the table (a 1920x1080 page at its font's size: 200x60) once the duel
        has ended: its final figures, and beside them the code each player scans."""
        from widgets.table_view.display import TableDisplayApp

        store = SaveStore(companion_home, lambda: FIXED_NOW + timedelta(minutes=1))
        saved = store.create(TIME_BASTARDS, SETUP, "Ana v Ben")

        async def end_it(pilot: Any) -> None:
            await pause_until(pilot, lambda: bool(pilot.app.screen.query(PushCode)))
            await pause_until(pilot, lambda: push_of(pilot.app).parent.display)
            to_the_end(store, saved)
            await pause_until(pilot, lambda: push_of(pilot.app).link is not None)
            await pilot.pause()

        app = make_test_app(app_class=TableDisplayApp)
        assert snap_compare(app, terminal_size=(200, 60), run_before=end_it)
