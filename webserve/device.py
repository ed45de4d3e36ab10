"""The served app's side of a browser's device id: back on the same game after a reconnect.

`companion serve` gives each browser a device id (a long-lived cookie) and passes it to the app it
starts in `COMPANION_DEVICE`, never in the shell command. The app remembers, per device, the game
it last had open (`saves.shared.devices.remember_game`) and reopens it when it starts again with
that id: a phone that slept, lost its app and reconnected is back where it was. This module
imports no web server: the app loads it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from saves.shared.devices import DEVICE_VARIABLE, SECRET_PATTERN, last_game, remember_game

if TYPE_CHECKING:
    from textual.screen import Screen

    from widgets.app import CompanionApp

TABLE_DISPLAY_VARIABLE = "COMPANION_TABLE_DISPLAY"
"""Set to `1` for the apps of the table display's address: watch only."""

StartAction = Callable[["CompanionApp"], None]


def usable_device(value: object) -> str | None:
    """A device id, if the value has the shape of one (a cookie can be anything)."""
    return value if isinstance(value, str) and SECRET_PATTERN.fullmatch(value) else None


def device_start(start: StartAction | None, environment: Any = None) -> StartAction | None:
    """The app's start action for a browser with a device id: it remembers every game opened
    and, with nothing else asked (no `resume`, not the table display), reopens the last one."""
    values = os.environ if environment is None else environment
    device = usable_device(values.get(DEVICE_VARIABLE))
    if device is None:
        return start
    table_display = values.get(TABLE_DISPLAY_VARIABLE) == "1"

    def started(app: CompanionApp) -> None:
        home = app.store.home

        def on_screen(screen: Screen[Any]) -> None:
            saved = getattr(screen, "saved", None)
            save_id = getattr(saved, "id", None)
            if isinstance(save_id, str) and not table_display:
                remember_game(home, device, save_id)

        app.screen_change_signal.subscribe(app, on_screen)
        if start is not None:
            start(app)
            return
        remembered = None if table_display else last_game(home, device)
        if remembered is not None and app.store.path_for(remembered).exists():
            app.open_saved(remembered)

    return started
