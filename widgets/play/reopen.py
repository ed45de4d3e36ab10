"""A browser's device back where it was: its last game reopened after a reconnect, and what it
missed meanwhile said (widgets/play/missed.py).

`companion serve` gives each browser a device id (a long-lived cookie) and passes it to the app it
starts in `COMPANION_DEVICE`, never in the shell command. The app remembers, per device, the game
it last had open and how many of its records the device has shown
(`saves.shared.devices.remember_game`), and reopens that game when it starts again with that id.

A dropped connection is noticed by the server within seconds, and only then is this app asked
to quit: a record that arrives meanwhile is drawn for a browser that is no longer there. So the
count is kept late: each count written is one this app has shown for `SEEN_SECONDS`, longer than
the server takes to notice a drop and end the app. At worst a device back from a short absence
is told of an action it had seen; never is one it missed left out.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from textual.app import App

from companion.phrases import phrase
from lang import t
from saves.shared.devices import (
    DEVICE_VARIABLE,
    TABLE_DISPLAY_VARIABLE,
    LastGame,
    public_id,
    remember_game,
    remembered,
    usable_device,
)
from widgets.app import StartAction
from widgets.play.missed import tell_missed

NOT_REMEMBERED = phrase("after a reconnect it opens home and cannot say what it missed.")
"""What a device's memory not saved costs, said with its reason."""
SEEN_SECONDS = 8.0
"""How long a count must have been shown before it is kept as seen: more than the server's 3 to
5 s to notice a dropped browser plus the 2 s its app has to quit (webserve/apps.py)."""


class SeenKeeper:
    """The game this device shows and how many of its records, kept in the device's memory: a
    newly opened game at once, a count once it has been shown for `SEEN_SECONDS`."""

    def __init__(self, app: App[Any], home: Path, secret: str, last: LastGame | None) -> None:
        self.app, self.home, self.secret = app, home, secret
        self.kept = last
        """What the memory holds (as this app last wrote or read it)."""
        self.observed: LastGame | None = None
        """What the last tick saw on screen: kept at the next tick if this app still runs."""
        self.told = False
        """The reopened game's missed actions were said (once)."""
        self.memory_failed = False
        """A write of the device's memory failed, and was said (once)."""

    def on_screen(self, screen: Any) -> None:
        """A screen came to the top: a game other than the one kept is kept at once, its count
        with it (the device shows it now); the remembered game reopened says what it missed."""
        shown = _shown(screen)
        if shown is None or (self.kept is not None and shown.save_id == self.kept.save_id):
            self._tell_once(screen, shown)
            return
        self.told = True  # another game opened: nothing missed to tell of the first one
        self._keep(shown)

    def _tell_once(self, screen: Any, shown: LastGame | None) -> None:
        if self.told or shown is None or self.kept is None:
            return
        self.told = True
        if self.kept.seen is not None:
            tell_missed(screen, self.kept.seen, public_id(self.secret))
        self._keep(shown)  # told: the count shown now is seen

    def tick(self) -> None:
        """Keep what the last tick saw (still running: the browser saw it), then look again."""
        observed, self.observed = self.observed, self._top_game()
        if observed is not None and (self.kept is None or observed.save_id == self.kept.save_id):
            self._keep(observed)

    def _top_game(self) -> LastGame | None:
        for screen in reversed(self.app.screen_stack):
            shown = _shown(screen)
            if shown is not None:
                return shown
        return None

    def _keep(self, shown: LastGame) -> None:
        if shown == self.kept:
            return
        self.kept = shown
        problem = remember_game(self.home, self.secret, shown.save_id, shown.seen)
        if problem is not None and not self.memory_failed:  # said once
            self.memory_failed = True
            said = phrase(
                "This device's memory was not saved ({problem}): {costs}",
                problem=problem,
                costs=NOT_REMEMBERED,
            )
            self.app.notify(said, title=t("Not saved"), severity="warning", markup=False)


def _shown(screen: Any) -> LastGame | None:
    """The game a play screen shows and its record count (None for any other screen)."""
    saved = getattr(screen, "saved", None)
    save_id = getattr(saved, "id", None)
    count = getattr(saved, "record_count", None)
    if isinstance(save_id, str) and isinstance(count, int):
        return LastGame(save_id, count)
    return None


def device_start(start: StartAction | None, environment: Any = None) -> StartAction | None:
    """The app's start action for a browser with a device id: it keeps the game shown and its
    count, and, with nothing else asked (no `resume`, not the table display), reopens the last
    game and says what the device missed there."""
    values = os.environ if environment is None else environment
    secret = usable_device(values.get(DEVICE_VARIABLE))
    if secret is None or values.get(TABLE_DISPLAY_VARIABLE) == "1":
        return start

    def started(app: Any) -> None:
        home: Path = app.store.home
        last = None if start is not None else remembered(home, secret)
        if last is not None and not app.store.path_for(last.save_id).exists():
            last = None
        keeper = SeenKeeper(app, home, secret, last)
        app.screen_change_signal.subscribe(app, keeper.on_screen)
        app.set_interval(SEEN_SECONDS, keeper.tick)
        if start is not None:
            start(app)
        elif last is not None:
            app.open_saved(last.save_id)

    return started
