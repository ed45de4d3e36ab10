"""A play screen's follow and hand-backs that fire once its screen is gone (a file event
queued behind it, a worker's hand-back), and a file event once the app has ended, do
nothing, quietly: nothing read, drawn or asked."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from saves.games.journal import Draft
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.history.games import cavendish_in_play
from tests.support.waiting import pause_until
from widgets.play.game_screen import GameScreen
from widgets.shell.home import HomeScreen


async def test_a_follow_a_timer_or_a_hand_back_after_the_screen_or_the_app_ended_does_nothing(
    make_test_app: Any, companion_home: Path
) -> None:
    saved = cavendish_in_play(companion_home)
    app = make_test_app(start=lambda app: app.open_saved(saved.id))
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("escape")
        await pause_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        other = SaveStore(companion_home, fixed_clock)
        theirs = other.load(saved.id)
        undo = Draft("undo", target=theirs.origins[-1].number)
        other.transact(theirs, lambda _theirs: [undo], by="b0123456789a")
        shown = list(screen.session.actions)
        shared = screen.shared
        assert shared.follow() == []  # a file event's follow
        shared.upgrade.free()  # a worker's hand-back of an older save's lock
        shared.upgrade.try_again()  # a worker's hand-back of room on the disk
        shared.lock_free()  # a worker's hand-back of waiting changes (none)
        await pilot.press("a")  # a key after them all: handled by home, nothing else on top
        assert isinstance(app.screen, HomeScreen) and len(app.screen_stack) == 1
        assert screen.session.actions == shown  # nothing was read or drawn
    assert not app.screen_stack, "the run ended with every screen closed"
    stop = threading.Event()
    late = threading.Thread(target=shared._touched, args=(stop,))
    late.start()  # the watch thread's file event, once the app has ended
    late.join()
    assert stop.is_set() and screen.session.actions == shown
