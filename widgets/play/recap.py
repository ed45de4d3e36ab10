""" "Where were we": the recap a play screen (and the table display) shows once when a game is
opened after a pause (`companion.history.recap`). Any key, a click or a tap closes it.

| Key | Action |
| --- | --- |
| any key | Close the recap and go on playing |
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from companion.history.recap import Recap, worth_recalling
from companion.phrases import phrase
from lang import t, tr
from saves.games.recap import recap_of
from saves.games.store import SavedGame
from widgets.shell.base import Dialog

HINT = phrase("any key or a tap: go on")


def due_recap(saved: SavedGame, now: datetime) -> Recap | None:
    """The recap to show when `saved` is opened at `now`: after a pause (more than an hour since
    its last change) and once it has been played; else None. A game whose code fails here shows
    no recap rather than stopping its screen from opening."""
    if not saved.origins or not worth_recalling(saved.updated, now):
        return None
    try:
        return recap_of(saved, now.astimezone())
    except Exception:  # a guest's code: the recap is a courtesy, the game still opens
        return None


def recap_parts(told: Recap) -> list[tuple[str, str]]:
    """The recap's lines, each with its class: a heading, or an item under it (indented, so a
    long log line wraps under itself at 44 columns)."""
    parts = []
    for line in told.lines():
        item = line.startswith("  ")
        parts.append((tr(line).strip(), "recap-item" if item else "recap-head"))
    return parts


class RecapDialog(Dialog[None]):
    """The recap over the screen that opened the game, until any key or a tap."""

    CSS_PATH = "recap.tcss"

    def __init__(self, told: Recap, title: str) -> None:
        super().__init__()
        self.told = told
        self.heading = title

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="recap-box") as box:
            box.border_title = t("Where were we")
            box.border_subtitle = tr(HINT)
            yield Static(Text(self.heading), id="recap-title")
            for line, kind in recap_parts(self.told):
                yield Static(Text(line), classes=kind)  # names and log lines shown literally

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.dismiss(None)


class Recalled:
    """The recap a screen showed; `close` takes it away (the table display closes it at the
    game's next move, as nobody may press a key there)."""

    def __init__(self, screen: Screen[Any]) -> None:
        self.screen = screen
        self.shown: RecapDialog | None = None

    def open(self, saved: SavedGame, now: datetime, title: str = "") -> None:
        """Show the recap of `saved` when it is due (`due_recap`), headed by `title` (the
        save's title when none is given)."""
        self.close()
        told = due_recap(saved, now)
        if told is not None:
            self.shown = RecapDialog(told, title or saved.title)
            self.screen.app.push_screen(self.shown)

    def close(self) -> None:
        if self.shown is not None and self.shown.is_active:
            self.shown.dismiss(None)
        self.shown = None
