"""What every screen of the app shares: typed access to the app, and the setup screens' keys."""

from __future__ import annotations

from typing import Any, TypeVar

from textual.app import App
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.screen import ModalScreen, Screen

from widgets.services import AppServices


def companion_app(app: App[Any]) -> AppServices:
    """The running app's services: its store, settings, rolls, RNG and moves between screens."""
    assert isinstance(app, AppServices)
    return app


ResultT = TypeVar("ResultT")


class ScreenBasics(Screen[ResultT]):
    """What full screens and dialogs share: the typed app, and no key before the widgets exist."""

    @property
    def companion(self) -> AppServices:
        return companion_app(self.app)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key queued right behind the one that opened the screen reaches it before its widgets
        exist; its action is dropped rather than failing on a missing widget."""
        return self.is_mounted


class CompanionScreen(ScreenBasics[None]):
    """A full screen of Table Companion."""


class Dialog(ModalScreen[ResultT], ScreenBasics[ResultT]):
    """A modal dialog of Table Companion, which answers at most once.

    ModalScreen comes first: Textual takes a widget's CSS (and its type name in selectors) from
    the first base class only.

    Textual's `dismiss` closes whatever screen is on top: an answer that arrives after the dialog
    has closed (enter pressed twice, a key queued behind the first answer) would close the game
    underneath, or fail on the last screen. Here such a late answer is ignored.
    """

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if not self.is_active:
            late: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return late
        return super().dismiss(result)


class SetupScreen(CompanionScreen):
    """Base of each game's setup screen: `ctrl+s` starts the game, `escape` goes back home.

    | Key | Action |
    | --- | --- |
    | ctrl+s | Start the game (each game's `action_start` checks the setup first) |
    | escape | Back home, nothing saved |
    """

    BINDINGS = [
        Binding("ctrl+s", "start", "Start", id="start-game"),
        Binding("escape", "back", "Home", id="leave-setup"),
    ]

    def action_start(self) -> None:
        raise NotImplementedError

    def action_back(self) -> None:
        self.companion.go_home()
