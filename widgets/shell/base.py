"""What every screen of the app shares: typed access to the app, and the setup screens' keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar, cast

from textual import events
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Horizontal
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widgets import Button

from companion.phrases import phrase
from widgets.kit.fields import FIELD_KEYS
from widgets.services import APP_CLASS_SERVICES, AppServices

DIALOG_CSS = Path(__file__).with_name("dialogs.tcss")
"""The rules every dialog shares (its answers side by side or stacked), read with each dialog's
own styles."""

WIDGETS_EXPECTED = (events.Mount, events.Resize, events.Show, events.ScreenResume)
"""The events whose handlers draw a screen's widgets."""

ANSWER_GAP = 1
"""Columns between two answers side by side (their margin in `dialogs.tcss`)."""


def typed_again(app: App[Any], key: str, character: str | None) -> events.Key:
    """A key typed again, as from the terminal: sent by the app, so that it bubbles back up to
    the app's bindings (a key sent by a screen stops at that screen)."""
    key_event = events.Key(key, character)
    key_event.set_sender(app)
    return key_event


def companion_app(app: App[Any]) -> AppServices:
    """The running app's services: its store, settings, rolls, RNG and moves between screens.

    Its class is checked rather than the app itself: `isinstance` with the protocol would ask the
    app for each service, its `rolls` among them, and open the roll history the app opens only
    when it is first used."""
    assert all(hasattr(type(app), name) for name in APP_CLASS_SERVICES), type(app).__name__
    return cast(AppServices, app)


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

    async def on_event(self, event: events.Event) -> None:
        """A screen opened as the app closes (a game resumed and ctrl+q typed right behind it)
        never gets its widgets: Textual mounts nothing once the app is exiting. What reaches it
        then to draw it (its mount, a resize, its resume) is dropped, rather than its handlers
        failing on widgets that are not there."""
        if (
            isinstance(event, WIDGETS_EXPECTED)
            and self.app.return_code is not None
            and not self.children
        ):
            return
        await super().on_event(event)


class CompanionScreen(ScreenBasics[None]):
    """A full screen of Table Companion."""


def width_classes(screen: Screen[Any]) -> list[str]:
    """The class of the app's width among the screen's breakpoints (`-narrow`, `-wide`), as
    Textual gives it at the screen's first resize. Given to a screen before it is first styled,
    that resize finds it already set: the screen and every widget on it are styled once at their
    mount, not again at once for the class. Nothing for a screen made outside a running app (a
    test's): its first resize gives it."""
    try:
        app = screen.app
    except RuntimeError:  # no app running
        return []
    if screen.HORIZONTAL_BREAKPOINTS is not None:
        breakpoints = screen.HORIZONTAL_BREAKPOINTS
    else:
        breakpoints = app.HORIZONTAL_BREAKPOINTS or []
    width = app.size.width
    return [name for edge, name in sorted(breakpoints, reverse=True) if width >= edge][:1]


def answer_width(button: Button) -> int:
    """Columns an answer takes side by side: its label on one line, its border and padding, at
    least its minimum width."""
    label = button.get_content_width(Size(0, 0), Size(0, 0)) + button.styles.gutter.width
    least = button.styles.min_width
    floor = int(least.resolve(Size(0, 0), Size(0, 0))) if least is not None else 0
    return max(label, floor)


class TapButton(Button):
    """An answer to tap that never takes the focus: in a dialog whose keys (enter among them)
    are its own bindings, a focused button would take enter when the binding refuses it."""

    can_focus = False


class Answers(Horizontal):
    """A dialog's answers, one button each with its key in its label ("Lose control (l)"): side
    by side where they all fit whole; else two to a row (`-pairs`), an answer too wide for half
    the row taking a whole one (`-whole-row`); else one under the other (`-stacked`). So each is
    whole and tappable on a phone's 40 columns."""

    DEFAULT_CLASSES = "answers"

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """Lay the answers out for the row's width (rules in `dialogs.tcss`)."""
        buttons = [button for button in self.query_children(Button) if button.display]
        widths = [answer_width(button) for button in buttons]
        room = self.content_size.width
        half = (room - ANSWER_GAP) // 2
        side_by_side = sum(widths) + ANSWER_GAP * (len(widths) - 1) <= room
        pairs = not side_by_side and sum(width <= half for width in widths) >= 2
        whole_rows: set[int] = set()
        beside: int | None = None  # the answer alone so far in the row being filled
        for index, width in enumerate(widths):
            if width <= half:
                beside = index if beside is None else None
                continue
            whole_rows.add(index)
            if beside is not None:  # a wide one starts a row: the one before it takes its own
                whole_rows.add(beside)
                beside = None
        for index, button in enumerate(buttons):
            button.set_class(pairs and index in whole_rows, "-whole-row")
        self.set_class(pairs, "-pairs")
        self.set_class(not side_by_side and not pairs, "-stacked")


class Dialog(ModalScreen[ResultT], ScreenBasics[ResultT]):
    """A modal dialog of Table Companion, which answers at most once.

    Every dialog reads `dialogs.tcss` beside its own styles: its `Answers` side by side or
    stacked.

    ModalScreen comes first: Textual takes a widget's CSS (and its type name in selectors) from
    the first base class only.

    Textual's `dismiss` closes whatever screen is on top: an answer that arrives after the dialog
    has closed (enter pressed twice, a key queued behind the first answer) would close the game
    underneath, or fail on the last screen. Here such a late answer is ignored.

    Tab and shift+tab move between its fields at once (`FIELD_KEYS`), whatever is typed behind.

    Keys typed while it opens wait for it: a key that reaches it before it is shown (mounted
    and drawn once: nothing has the focus yet, and its field would miss it) is held and handed
    to it, in order, once it is (`hold`). On a busy machine Six Sojourns' `2 enter down 5 enter`
    typed 0.3 s apart lost the enter and made 25 of the 5 meant for the next cell. Its bindings
    wait too (`check_action`): a key queued at the screen underneath before it opened is not an
    answer to it.
    """

    BINDINGS = [*FIELD_KEYS]

    def __init__(self) -> None:
        super().__init__()
        self.css_path = [*self.css_path, DIALOG_CSS]
        self.shown = False
        """Whether the dialog has been drawn: from then on it takes keys."""
        self.held: list[tuple[str, str | None]] = []
        """Keys that reached it before it was shown (key, character), in order."""

    def on_mount(self) -> None:
        self.call_after_refresh(self._now_shown)

    def _now_shown(self) -> None:
        """Shown: the keys held are typed into it, in order (`type_ahead`); those behind a key
        that closed it go back to the app, for the screen underneath."""
        self.shown = True
        self.refresh_bindings()
        held, self.held = self.held, []
        while held and self.is_active:
            key, character = held.pop(0)
            self.type_ahead(key, character)
        for key, character in held:
            self.app.post_message(typed_again(self.app, key, character))

    def type_ahead(self, key: str, character: str | None) -> None:
        """A key typed before the dialog was shown, typed now: as a key press (a dialog whose
        answer is typed in a field types it there, `widgets.six_sojourns.dialogs.TextDialog`)."""
        self.app.post_message(typed_again(self.app, key, character))

    def holds_keys(self) -> bool:
        """Whether a key reaching it now must wait (it is not shown yet)."""
        return not self.shown

    def hold(self, event: events.Key) -> None:
        """Keep a key typed before the dialog was shown, for when it is; it goes no further."""
        event.stop()
        event.prevent_default()
        if self.shown and self.is_active:  # (a late key reaching a dialog shown meanwhile)
            self.type_ahead(event.key, event.character)
        else:
            self.held.append((event.key, event.character))

    def on_key(self, event: events.Key) -> None:
        if not self.shown:
            self.hold(event)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No binding before the dialog is shown (the keys typed then were not meant for it)."""
        return self.shown and super().check_action(action, parameters)

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if not self.is_active:
            late: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return late
        return super().dismiss(result)


class YesNoDialog(Dialog[bool]):
    """A question answered yes (`y`, the button `YES` names, focused first) or no (`n`,
    escape, the other button): a subclass binds `y` and `n,escape` to `answer(True)` and
    `answer(False)` with its own words, and composes its buttons."""

    YES = ""
    """The id of the yes button."""

    def on_mount(self) -> None:
        self.query_one(f"#{self.YES}", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == self.YES)

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class SetupScreen(CompanionScreen):
    """Base of each game's setup screen: `ctrl+s` starts the game, `escape` goes back home.

    | Key | Action |
    | --- | --- |
    | ctrl+s | Start the game (each game's `action_start` checks the setup first) |
    | escape | Back home, nothing saved |
    | tab / shift+tab | Next / previous field, at once (`FIELD_KEYS`) |
    """

    BINDINGS = [
        Binding("ctrl+s", "start", phrase("Start"), id="start-game"),
        Binding("escape", "back", phrase("Home"), id="leave-setup"),
        *FIELD_KEYS,
    ]

    def action_start(self) -> None:
        raise NotImplementedError

    def action_back(self) -> None:
        self.companion.go_home()
