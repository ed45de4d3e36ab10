"""Seats the rules understand: a seated device that makes another seat's move is asked first.

Each game says whose move an action is (`Game.mover`: a seat, or None for the table's own
moves). A device seated as Ana that makes Ben's move is asked "Ben's move: make it for Ben?"
(`ForSeatDialog`: one key or tap); with the setting "strict seats" on it is refused instead,
saying why. An unseated device is asked nothing, nor is anyone for the table's own moves (a
phase, a roll for the table), and `companion act` is the table's.

`WhoseMove` is what a play screen holds: its `stops(action)` runs in `act` once the rules took
the action and before it goes to the file; `first(action, then)` asks before a key that opens a
dialog first (a die to roll); `palette_command()` turns strict seats on or off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Vertical
from textual.notifications import SeverityLevel
from textual.widgets import Button, Static

from companion.core import Game, RuleError
from companion.guard import GameFault
from companion.phrases import phrase
from lang import t, tr
from saves.shared.settings import SettingsStore
from widgets.kit.shown import plain
from widgets.shell.base import Answers, YesNoDialog
from widgets.shell.chrome import KeyFooter

if TYPE_CHECKING:
    from companion.session import Session
    from widgets.services import AppServices

STRICT_SEATS = "strict-seats"
"""The preference (`settings.toml`, `[preferences]`): True refuses another seat's move."""


def others_move(game: Game[Any, Any], state: Any, action: Any, seat: str) -> str | None:
    """The seat whose move `action` is, when it is not this device's (`seat`, "" for none):
    None when the device sits nowhere, the move is the table's or it is the device's own."""
    if not seat:
        return None
    mover = game.mover(state, action)
    return None if mover is None or mover == seat else mover


def question(mover: str) -> str:
    return phrase("{mover}'s move: make it for {mover}?", mover=mover)


def refusal(mover: str, seat: str) -> str:
    return phrase(
        "{mover}'s move: this device is seated as {seat} (strict seats is on)",
        mover=mover,
        seat=seat,
    )


def strict_seats(settings: SettingsStore) -> bool:
    """Whether another seat's move is refused (else asked)."""
    return settings.preference(STRICT_SEATS, False)


class ForSeatDialog(YesNoDialog):
    """Another seat's move, asked: answers True to make it for them.

    | Key | Action |
    | --- | --- |
    | y / enter | Make it (enter on the focused button) |
    | n / escape | Cancel: nothing changes |
    """

    CSS_PATH = "whose_move.tcss"
    YES = "for-seat-yes"
    BINDINGS = [
        Binding("y", "answer(True)", phrase("Make it"), id="for-seat-yes"),
        Binding("n,escape", "answer(False)", phrase("Cancel"), id="for-seat-no"),
    ]

    def __init__(self, mover: str, seat: str) -> None:
        super().__init__()
        self.mover = mover
        self.seat = seat

    def compose(self) -> ComposeResult:
        with Vertical(id="for-seat"):
            yield Static(plain(tr(question(self.mover))), id="for-seat-title")
            seated = t("This device is seated as {seat}.", seat=self.seat)
            yield Static(plain(seated), id="for-seat-detail")
            with Answers():
                yield Button(plain(t("Make it (y)")), variant="primary", id="for-seat-yes")
                yield Button(plain(t("Cancel (n)")), id="for-seat-no")
        yield KeyFooter()


class Acting(Protocol):
    """A play screen, as `WhoseMove` uses it."""

    asking: bool
    """A question is on screen: the game's own questions wait while this one is open."""

    @property
    def app(self) -> App[Any]: ...

    @property
    def seat(self) -> str:
        """Who sits at this device ("" when nobody said so)."""

    @property
    def state(self) -> Any: ...

    @property
    def session(self) -> Session:
        """The game's session (`session.game` says whose move an action is)."""

    @property
    def companion(self) -> AppServices:
        """The app's settings (strict seats)."""

    def act(self, action: Any) -> bool: ...

    def game_fault(self, fault: GameFault) -> bool:
        """The game's own code failed: say its line once and only watch the game."""

    def redraw(self) -> None: ...

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None: ...


class WhoseMove:
    """A play screen's check of whose move an action is, and the question it asks."""

    def __init__(self, screen: Acting) -> None:
        self.screen = screen
        self.granted: tuple[Any, str] | None = None
        """(state, seat): a move of that seat was confirmed at that very state; the next check
        takes it (any change on any device makes another state, and asks again)."""
        self.open: tuple[ForSeatDialog, Any] | None = None
        """The question on screen and the action it asks about."""

    def stops(self, action: Any) -> bool:
        """True when `action` is not to be made now: another seat's move, asked (made once
        confirmed) or, with strict seats on, refused with the reason."""
        return self._held(action, lambda: self.screen.act(action))

    def first(self, action: Any, then: Callable[[], object]) -> None:
        """For a key that opens a dialog before its action is known in full (the real dice
        typed in, a roll in the app): `then` once whose move `action` is allows it, so a roll is
        asked about before it is rolled, and the move it makes is not asked again."""
        if not self._held(action, then):
            then()

    def _held(self, action: Any, go: Callable[[], object]) -> bool:
        """Another seat's move: refused (strict seats) or asked, `go` on yes; False when the
        move may be made now."""
        screen = self.screen
        state, seat = screen.state, screen.seat
        mover = others_move(screen.session.game, state, action, seat)
        if mover is None:
            return False
        granted, self.granted = self.granted, None
        if granted is not None and granted[0] is state and granted[1] == mover:
            return False
        if strict_seats(screen.companion.settings):
            title = t("Not allowed")
            screen.notify(refusal(mover, seat), title=title, severity="error", markup=False)
            return True
        screen.asking = True
        dialog = ForSeatDialog(mover, seat)
        self.open = (dialog, action)

        def answered(yes: bool | None) -> None:
            self.open = None
            screen.asking = False
            if yes:
                self.granted = (screen.state, mover)
                go()  # a move is checked again on the state shown now
            else:
                screen.redraw()  # a question of the game's own, still open, is shown again

        screen.app.push_screen(dialog, answered)
        return True

    def followed(self, who_did_what: Callable[[], str] = str) -> None:
        """Another device changed the game: a question about a move that no longer stands (the
        rules refuse it now, or it is another seat's) closes, saying who did what
        (`who_did_what()`, worked out only then: "" when not known) and why."""
        if self.open is None:
            return
        dialog, action = self.open
        screen = self.screen
        game, state = screen.session.game, screen.state
        try:
            game.apply(state, action)
            now = others_move(game, state, action, screen.seat)
        except RuleError as error:
            why = tr(error)
        except GameFault as fault:  # the game's code failed: the question closes with its line
            dialog.dismiss(None)
            screen.game_fault(fault)
            return
        else:
            if now == dialog.mover:
                return  # still that seat's move, as asked
            if now:
                why = t("it is {mover}'s move now", mover=now)
            else:
                why = t("it is no longer {mover}'s move", mover=dialog.mover)
        said = tr(who_did_what())  # (before the question closes)
        dialog.dismiss(None)
        changed = (said or t("the game changed on another device")).rstrip(".")
        screen.notify(
            t(
                "{mover}'s move: {changed} ({why}).",
                mover=dialog.mover,
                changed=changed,
                why=why.rstrip("."),
            ),
            title=t("Question closed"),
            markup=False,
        )

    def toggle_strict(self) -> None:
        """Turn strict seats on or off (for every device of this data folder)."""
        settings = self.screen.companion.settings
        strict = not strict_seats(settings)
        if not settings.set_preference(STRICT_SEATS, strict):
            return  # not saved: the settings said why, in one line
        if strict:
            words = t("Strict seats: another seat's move is refused on a seated device.")
        else:
            words = t("Strict seats off: a seated device asks before another seat's move.")
        self.screen.notify(words, title=t("Seats"))

    def palette_command(self) -> SystemCommand:
        on = strict_seats(self.screen.companion.settings)
        return SystemCommand(
            t("Strict seats: turn off") if on else t("Strict seats: turn on"),
            t("Refuse (on) or ask first (off) when a seated device makes another seat's move"),
            self.toggle_strict,
        )
